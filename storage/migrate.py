"""Copy a whole store into another, e.g. a SQLite file into PostgreSQL when a bot outgrows one
machine: `python -m bot migrate-store --from sqlite:///data/bot.sqlite3 --to postgresql://...`.

Both stores are first brought to the current schema (opening a store migrates it). Then every
table is copied row for row, ids included, from one snapshot of the source into one
transaction on the target: games, their players and action logs, results, ratings, the boards'
summaries and player stats (daily attempts are games). The target must be empty: it is checked
inside that transaction, which holds the target's tables against other writers until it ends.
Before it commits, the target's row counts (and a few totals) are compared with the source's;
any difference, or any error, rolls the whole copy back.
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import Any, Protocol, cast

from storage.postgres import is_postgres_url
from storage.postgres_db import Connection
from storage.postgres_schema import TABLES
from storage.sqlite import sqlite_path

BATCH = 5_000
"""Rows read and written at a time."""

COLUMNS: dict[str, tuple[str, ...]] = {
    "games": (
        "id",
        "game",
        "variant",
        "guild_id",
        "channel_id",
        "message_id",
        "owner_id",
        "status",
        "seed",
        "daily",
        "state",
        "narration",
        "version",
        "created_at",
        "updated_at",
        "hints",
        "settings",
    ),
    "game_players": ("game_id", "seat", "user_id", "display_name"),
    "actions": ("game_id", "seq", "user_id", "action", "created_at"),
    "results": (
        "id",
        "game_id",
        "guild_id",
        "game",
        "variant",
        "user_id",
        "display_name",
        "outcome",
        "score",
        "seed",
        "daily",
        "turns",
        "duration_s",
        "finished_at",
        "hints",
        "winnable",
        "tiebreak",
    ),
    "ratings": (
        "guild_id",
        "game",
        "user_id",
        "display_name",
        "mu",
        "sigma",
        "ordinal",
        "games",
        "updated_at",
    ),
    "boards": ("id", "guild_id", "game", "variant", "daily", "period", "players"),
    "board_bests": (
        "board_id",
        "user_id",
        "display_name",
        "score",
        "achieved_at",
        "games",
        "tiebreak",
    ),
    "player_stats": (
        "guild_id",
        "user_id",
        "game",
        "games",
        "wins",
        "best",
        "total",
        "current_streak",
        "best_streak",
        "lost_solved",
        "lost_winnable",
    ),
    "guild_settings": ("guild_id", "settings", "updated_at"),
    "player_settings": ("user_id", "settings", "updated_at"),
}
"""Every column of every table, the same in both schemas (a test holds them to it)."""

ORDER: dict[str, str] = {
    "games": "id",
    "game_players": "game_id, seat",
    "actions": "game_id, seq",
    "results": "id",
    "ratings": "guild_id, game, user_id",
    "boards": "id",
    "board_bests": "board_id, user_id",
    "player_stats": "guild_id, user_id, game",
    "guild_settings": "guild_id",
    "player_settings": "user_id",
}
"""Each table's primary key, the order rows are copied in."""

TOTALS: dict[str, str] = {
    "games": "SUM(version)",
    "actions": "SUM(seq)",
    "results": "SUM(score)",
    "ratings": "SUM(games)",
    "boards": "SUM(players)",
    "board_bests": "SUM(games)",
    "player_stats": "SUM(games)",
    "guild_settings": "SUM(guild_id % 1000)",
    "player_settings": "SUM(user_id % 1000)",
}
"""A total per table checked beside its row count: a row copied wrong shows there."""

IDENTITIES = ("games", "results", "boards")
"""Tables whose ids a database hands out: the next new row must follow the copied ones."""


class MigrationRefused(Exception):
    """The copy was not made (a non-empty target, the same database twice, a count that
    differs); the target is as it was."""


class Database(Protocol):
    """One side of a copy, on one connection and inside one transaction."""

    url: str

    async def begin(self, writing: bool) -> None: ...

    async def counts(self) -> dict[str, tuple[int, int]]:
        """Rows and the checked total (0 where none) of every table."""
        ...

    def rows(self, table: str) -> AsyncIterator[list[tuple[Any, ...]]]: ...

    async def write(self, table: str, rows: list[tuple[Any, ...]]) -> None: ...

    async def after_copy(self) -> None: ...

    async def commit(self) -> None: ...

    async def tidy(self) -> None:
        """After the commit: what makes the copy fast to read from the first query."""
        ...

    async def close(self) -> None: ...


async def migrate_store(
    source_url: str, target_url: str, say: Callable[[str], None] = print
) -> dict[str, int]:
    """Copy the store at `source_url` into the empty store at `target_url`; the rows copied,
    by table. MigrationRefused if the target has any row, or the copy does not check out."""
    if source_url == target_url:
        raise MigrationRefused("the source and the target are the same database")
    if not is_postgres_url(source_url) and not Path(sqlite_path(source_url)).is_file():
        raise MigrationRefused(f"there is no SQLite file at {sqlite_path(source_url)}")
    source = await _connect(source_url)
    try:
        target = await _connect(target_url)
        try:
            return await _copy(source, target, say)
        finally:
            await target.close()
    finally:
        await source.close()


async def _copy(source: Database, target: Database, say: Callable[[str], None]) -> dict[str, int]:
    await source.begin(writing=False)
    await target.begin(writing=True)
    occupied = {table: rows for table, (rows, _) in (await target.counts()).items() if rows}
    if occupied:
        listed = ", ".join(f"{table} ({rows} rows)" for table, rows in occupied.items())
        raise MigrationRefused(f"the target store is not empty: {listed}")
    expected = await source.counts()
    copied: dict[str, int] = {}
    for table in TABLES:
        copied[table] = 0
        async for batch in source.rows(table):
            await target.write(table, batch)
            copied[table] += len(batch)
        say(f"  {table:<13} {copied[table]:>10,} rows")
    await target.after_copy()
    found = await target.counts()
    for table in TABLES:
        if not expected[table] == found[table] == (copied[table], expected[table][1]):
            raise MigrationRefused(
                f"{table}: the source has {expected[table]} (rows, total), {copied[table]} rows"
                f" were copied and the target has {found[table]}; nothing was kept"
            )
    await target.commit()
    say("Every table's row count and total match the source's.")
    await target.tidy()
    return copied


async def _connect(url: str) -> Database:
    """A side of the copy for a store URL, its schema brought up to date first."""
    from storage import open_store

    store = await open_store(url)
    await store.close()
    if is_postgres_url(url):
        return await PostgresDatabase.connect(url)
    return SqliteDatabase(url)


def _count_sql(table: str) -> str:
    return f"SELECT COUNT(*), COALESCE({TOTALS.get(table, '0')}, 0) FROM {table}"


class SqliteDatabase:
    def __init__(self, url: str) -> None:
        self.url = url
        self._db = sqlite3.connect(sqlite_path(url), isolation_level=None)
        self._db.execute("PRAGMA foreign_keys = ON")
        self._db.execute("PRAGMA busy_timeout = 5000")
        self._boards: list[tuple[int, int]] = []

    async def begin(self, writing: bool) -> None:
        self._db.execute("BEGIN IMMEDIATE" if writing else "BEGIN")

    async def counts(self) -> dict[str, tuple[int, int]]:
        counts: dict[str, tuple[int, int]] = {}
        for table in TABLES:
            rows, total = self._db.execute(_count_sql(table)).fetchone()
            counts[table] = (int(rows), int(total))
        return counts

    async def rows(self, table: str) -> AsyncIterator[list[tuple[Any, ...]]]:
        columns = ", ".join(COLUMNS[table])
        cursor = self._db.execute(f"SELECT {columns} FROM {table} ORDER BY {ORDER[table]}")
        while batch := cursor.fetchmany(BATCH):
            yield batch

    async def write(self, table: str, rows: list[tuple[Any, ...]]) -> None:
        columns = COLUMNS[table]
        marks = ", ".join("?" * len(columns))
        self._db.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows)
        if table == "boards":
            index = columns.index("players")
            self._boards += [(row[index], row[0]) for row in rows]

    async def after_copy(self) -> None:
        """Each board's player count as copied: the trigger counted its bests once more."""
        self._db.executemany("UPDATE boards SET players = ? WHERE id = ?", self._boards)

    async def commit(self) -> None:
        self._db.execute("COMMIT")

    async def tidy(self) -> None:
        pass

    async def close(self) -> None:
        if self._db.in_transaction:
            self._db.execute("ROLLBACK")
        self._db.close()


class PostgresDatabase:
    def __init__(self, url: str, connection: Any) -> None:
        self.url = url
        self._connection = connection
        self._db = cast(Connection, connection)
        self._transaction: Any = None

    @classmethod
    async def connect(cls, url: str) -> PostgresDatabase:
        import asyncpg

        return cls(url, await asyncpg.connect(url))

    async def begin(self, writing: bool) -> None:
        if writing:
            self._transaction = self._connection.transaction()
            await self._transaction.start()
            # No other writer until the copy is whole; the copy counts its own bests' players.
            await self._db.execute(f"LOCK TABLE {', '.join(TABLES)} IN EXCLUSIVE MODE")
            await self._db.execute("ALTER TABLE board_bests DISABLE TRIGGER board_bests_count")
        else:
            self._transaction = self._connection.transaction(
                isolation="repeatable_read", readonly=True
            )
            await self._transaction.start()

    async def counts(self) -> dict[str, tuple[int, int]]:
        counts: dict[str, tuple[int, int]] = {}
        for table in TABLES:
            row = await self._db.fetchrow(_count_sql(table))
            assert row is not None, "an aggregate has a row"
            counts[table] = (int(row[0]), int(row[1]))
        return counts

    async def rows(self, table: str) -> AsyncIterator[list[tuple[Any, ...]]]:
        columns = ", ".join(COLUMNS[table])
        query = f"SELECT {columns} FROM {table} ORDER BY {ORDER[table]}"
        cursor = await self._connection.cursor(query)
        while batch := await cursor.fetch(BATCH):
            yield [tuple(row) for row in batch]

    async def write(self, table: str, rows: list[tuple[Any, ...]]) -> None:
        await self._db.copy_records_to_table(
            table, records=[_exact(table, row) for row in rows], columns=COLUMNS[table]
        )

    async def after_copy(self) -> None:
        await self._db.execute("ALTER TABLE board_bests ENABLE TRIGGER board_bests_count")
        for table in IDENTITIES:
            await self._db.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), MAX(id)) FROM {table}"
                " HAVING MAX(id) IS NOT NULL"
            )

    async def commit(self) -> None:
        await self._transaction.commit()
        self._transaction = None

    async def tidy(self) -> None:
        """Statistics for the planner, and the visibility map that lets a board count the
        players ahead of the caller from its index alone (autovacuum would get there later)."""
        await self._db.execute(f"VACUUM (ANALYZE) {', '.join(TABLES)}")

    async def close(self) -> None:
        if self._transaction is not None:
            await self._transaction.rollback()
        await self._connection.close()


FLOATS = {"created_at", "updated_at", "duration_s", "finished_at", "achieved_at"}
FLOATS |= {"mu", "sigma", "ordinal"}
"""Columns of DOUBLE PRECISION: SQLite may hand a whole number back as an int."""


def _exact(table: str, row: Sequence[Any]) -> tuple[Any, ...]:
    """A row with each value of the type its PostgreSQL column takes in a binary COPY."""
    return tuple(
        float(value) if name in FLOATS and value is not None else value
        for name, value in zip(COLUMNS[table], row, strict=True)
    )
