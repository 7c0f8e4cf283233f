"""The engine's measuring tools, kept apart from the rules: the arena (one bot level against
another, duplicate deals), the speed benches (``bench``, ``rollout_bench``, and
``bench_magmacrunch``, run by another interpreter), the positions suite, the taker-bias and
bidding reports, and the figures they share (``stats``). The engine never imports them; their
command line is ``python -m tarot_core`` (``tarot_core/__main__.py``)."""
