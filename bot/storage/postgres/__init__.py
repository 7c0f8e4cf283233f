"""The PostgreSQL backend: one database that several bot processes share, through asyncpg."""

from .storage import PostgresStorage

__all__ = ["PostgresStorage"]
