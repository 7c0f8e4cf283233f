"""The SQL both backends run as it is: written once, with PostgreSQL's ``$1`` placeholders,
run on an asyncpg pool or connection, or on SQLite through ``sqlite/rows.py``."""
