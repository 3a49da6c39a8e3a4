"""Looking at a store's database from outside, whichever database it is."""

import sqlite3
from contextlib import closing

import asyncpg

CONSTRAINT_ERRORS = (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)
"""What either database raises for a row its schema refuses."""


async def query(url: str, sql: str) -> list[tuple]:
    """The rows of plain SQL (no parameters) run by another program on the store's database."""
    if url.startswith("sqlite:///"):
        with closing(sqlite3.connect(url.removeprefix("sqlite:///"), isolation_level=None)) as db:
            return db.execute(sql).fetchall()
    connection = await asyncpg.connect(url)
    try:
        return [tuple(row) for row in await connection.fetch(sql)]
    finally:
        await connection.close()
