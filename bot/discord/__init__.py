"""The Discord layer: everything that imports discord.py.

``client`` wires the table service to Discord; ``cogs`` are the slash commands, ``ui`` the
buttons and menus and what pressing them does, ``presenter`` draws tables and hands (paced
by ``pacing``), ``errors`` is the one place a failure becomes an answer, ``command_sync``
and ``translator`` register the commands in every language. Below this layer, the table
service (``bot.tables``), storage (``bot.storage``), texts (``bot.i18n``, ``bot.render``)
and the engine (``tarot_core``) know nothing of Discord.

Imports of the rest of ``bot`` are absolute (``from bot.tables import ...``), so what this
layer depends on reads at the top of each module; ``import discord`` is the library, never
this package (absolute imports are Python 3's only kind).
"""
