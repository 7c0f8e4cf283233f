"""Everything around the rules engine: the bot shows and stores what ``tarot_core`` decides
and never decides a rule itself. Its packages only import the ones below them;
``docs/architecture.md`` is the map."""
