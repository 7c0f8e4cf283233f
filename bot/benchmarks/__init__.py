"""Benchmarks of the bot at production scale, run as ``python -m bot.benchmarks``."""
