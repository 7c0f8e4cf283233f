"""Slash commands, one cog per concern: ``game`` (tables) and ``stats`` (leaderboards)."""
