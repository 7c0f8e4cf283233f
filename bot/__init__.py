"""The Discord bot (discord.py). Not built yet: it will only present what tarot_core decides."""
