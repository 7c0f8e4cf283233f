"""The Discord layer: everything that imports discord.py.

Only this package imports discord.py: below it, the table service (``bot.tables``),
storage (``bot.storage``), texts and pictures and the engine know nothing of Discord, and
this layer only translates between them and Discord (``docs/architecture.md`` maps its
modules).

Imports of the rest of ``bot`` are absolute (``from bot.tables import ...``), so what this
layer depends on reads at the top of each module; ``import discord`` is the library, never
this package (absolute imports are Python 3's only kind).
"""
