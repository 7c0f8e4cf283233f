"""Slash commands, one cog per concern and per module; a cog reads its options and hands
the work to the table service or storage (``client.setup_hook`` adds them all)."""
