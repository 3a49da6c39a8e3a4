"""The embedded store: one SQLite file in WAL mode, reached through aiosqlite.

Two connections per process. Writes go through one, under an asyncio lock, so that transactions
of concurrent clicks never interleave on it. Reads (loading a game, boards, stats) go through
the other without that lock: in WAL mode a reader never waits for a writer, so a slow commit or a
write lock held by another process does not hold up every other game's loads and the boards.
Across processes, the version column makes two writers of the same game meet as a StaleVersion
instead of a lost update.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

from storage.migrations import MIGRATIONS
from storage.models import (
    ActionRecord,
    GameRecord,
    GameStatus,
    PlayerSeat,
    Rating,
    RatingChange,
    ResultRow,
)
from storage.protocol import ChannelBusy, DailyTaken, GameNotFound, StaleVersion
from storage.sqlite_boards import BoardQueries

SQLITE_PREFIX = "sqlite:///"
GAME_COLUMNS = (
    "id, game, variant, guild_id, channel_id, message_id, owner_id, status, seed, daily, state,"
    " narration, version, created_at, updated_at,"
    " (SELECT json_group_array(json_object('seat', seat, 'user_id', user_id,"
    " 'display_name', display_name)) FROM (SELECT * FROM game_players p"
    " WHERE p.game_id = games.id ORDER BY seat)) AS players"
)


def sqlite_path(database_url: str) -> str:
    """`sqlite:///data/x.db` is relative to the working directory; `sqlite:////x` absolute."""
    if not database_url.startswith(SQLITE_PREFIX):
        raise ValueError(f"DATABASE_URL must start with {SQLITE_PREFIX} (got {database_url!r})")
    return database_url.removeprefix(SQLITE_PREFIX)


async def open_sqlite(database_url: str, clock: Callable[[], float] = time.time) -> SqliteStore:
    path = sqlite_path(database_url)
    if path != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    connection = await aiosqlite.connect(path, isolation_level=None)
    store = SqliteStore(connection, clock)
    await store.prepare()
    if path != ":memory:":  # a second connection to ":memory:" would be another database
        reader = await aiosqlite.connect(path, isolation_level=None)
        await reader.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        await reader.execute("PRAGMA query_only = ON")
        store.read_with(reader)
    return store


BUSY_TIMEOUT_MS = 5000
"""How long a write waits for another process's write lock before giving up. Longer than
Discord's 3 s: a slow click is acknowledged early (cogs/answers.py), so waiting out a short stall
saves the move instead of failing it."""


class SqliteStore(BoardQueries):
    def __init__(self, connection: aiosqlite.Connection, clock: Callable[[], float]) -> None:
        self._db = connection
        self._db.row_factory = aiosqlite.Row
        self._reader = connection
        self._clock = clock
        self._lock = asyncio.Lock()

    def read_with(self, reader: aiosqlite.Connection) -> None:
        """Serve reads from their own connection, outside the write lock."""
        reader.row_factory = aiosqlite.Row
        self._reader = reader

    async def _read(self, sql: str, params: Iterable | dict = ()) -> list[aiosqlite.Row]:
        """Rows of a query that reads committed data. On the shared connection (an in-memory
        database) it takes the write lock, so it never lands inside a transaction."""
        values = params if isinstance(params, dict) else tuple(params)
        if self._reader is self._db:
            async with self._lock:
                return list(await self._db.execute_fetchall(sql, values))
        return list(await self._reader.execute_fetchall(sql, values))

    async def prepare(self) -> None:
        for pragma in (
            "PRAGMA journal_mode = WAL",
            "PRAGMA synchronous = NORMAL",  # durable across a killed process in WAL mode
            "PRAGMA foreign_keys = ON",
            f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}",
        ):
            await self._db.execute(pragma)
        await self.migrate()

    async def migrate(self) -> int:
        """Bring the schema up to date; returns the version it is at."""
        async with self._lock:
            row = await self._fetchone("PRAGMA user_version")
            version = int(row[0]) if row is not None else 0
            for number in range(version, len(MIGRATIONS)):
                await self._db.executescript(
                    f"BEGIN; {MIGRATIONS[number]}; PRAGMA user_version = {number + 1}; COMMIT;"
                )
            return max(version, len(MIGRATIONS))

    async def close(self) -> None:
        if self._reader is not self._db:
            await self._reader.close()
        await self._db.close()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")

    async def _fetchone(self, sql: str, params: Iterable = ()) -> aiosqlite.Row | None:
        rows = await self._fetchall(sql, params)
        return rows[0] if rows else None

    async def _fetchall(self, sql: str, params: Iterable | dict = ()) -> list[aiosqlite.Row]:
        rows = await self._db.execute_fetchall(
            sql, params if isinstance(params, dict) else tuple(params)
        )
        return list(rows)

    # ---- games -----------------------------------------------------------------------------

    async def create_game(
        self,
        *,
        game: str,
        variant: str | None,
        guild_id: int | None,
        channel_id: int,
        owner_id: int,
        players: list[PlayerSeat],
        seed: int,
        state: str,
        narration: str,
        daily: str | None = None,
        status: GameStatus = GameStatus.ACTIVE,
    ) -> GameRecord:
        """A new game; ChannelBusy if the channel has an active one, DailyTaken for a retry."""
        now = self._clock()
        async with self._transaction() as db:
            try:
                cursor = await db.execute(
                    "INSERT INTO games (game, variant, guild_id, channel_id, owner_id, status,"
                    " seed, daily, state, narration, version, created_at, updated_at)"
                    " VALUES (:game, :variant, :guild_id, :channel_id, :owner_id, :status, :seed,"
                    " :daily, :state, :narration, 0, :now, :now)",
                    {
                        "game": game,
                        "variant": variant,
                        "guild_id": guild_id,
                        "channel_id": channel_id,
                        "owner_id": owner_id,
                        "seed": seed,
                        "daily": daily,
                        "state": state,
                        "narration": narration,
                        "now": now,
                        "status": status.value,
                    },
                )
            except aiosqlite.IntegrityError as error:
                if "daily" in str(error):
                    raise DailyTaken(f"user {owner_id} has played the {daily} daily") from error
                raise ChannelBusy(f"channel {channel_id} already has an active game") from error
            game_id = cursor.lastrowid
            assert game_id is not None, "an INSERT always has a rowid"
            await db.executemany(
                "INSERT INTO game_players (game_id, seat, user_id, display_name)"
                " VALUES (?, ?, ?, ?)",
                [(game_id, p.seat, p.user_id, p.display_name) for p in players],
            )
        record = await self.get_game(game_id)
        assert record is not None
        return record

    async def get_game(self, game_id: int) -> GameRecord | None:
        return await self._load(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))

    async def active_game_in_channel(self, channel_id: int) -> GameRecord | None:
        return await self._load(
            f"SELECT {GAME_COLUMNS} FROM games"
            " WHERE channel_id = ? AND status = 'active' AND daily IS NULL",
            (channel_id,),
        )

    async def daily_game(self, owner_id: int, game: str, day: str) -> GameRecord | None:
        """A player's attempt at a day's daily dungeon, whatever became of it."""
        return await self._load(
            f"SELECT {GAME_COLUMNS} FROM games WHERE owner_id = ? AND game = ? AND daily = ?",
            (owner_id, game, day),
        )

    async def _load(self, sql: str, params: tuple) -> GameRecord | None:
        rows = await self._read(sql, params)
        return _record(rows[0]) if rows else None

    async def set_message(self, game_id: int, channel_id: int, message_id: int) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE games SET channel_id = ?, message_id = ? WHERE id = ?",
                (channel_id, message_id, game_id),
            )

    async def commit_action(
        self,
        game_id: int,
        expected_version: int,
        *,
        user_id: int,
        action: str,
        state: str,
        narration: str,
        status: GameStatus,
        results: Iterable[ResultRow] = (),
        ratings: RatingChange | None = None,
    ) -> GameRecord:
        """State, version + 1, the action's log line, results and ratings: all or nothing."""
        now = self._clock()
        async with self._transaction() as db:
            await self._bump(db, game_id, expected_version, now, status, state, narration)
            await db.execute(
                "INSERT INTO actions (game_id, seq, user_id, action, created_at)"
                " VALUES (?, ?, ?, ?, ?)",
                (game_id, expected_version + 1, user_id, action, now),
            )
            await self._write_results(db, game_id, list(results), now)
            await self._write_ratings(db, game_id, ratings, now)
        return await self._reload(game_id)

    async def close_game(
        self,
        game_id: int,
        expected_version: int,
        status: GameStatus,
        results: Iterable[ResultRow] = (),
        ratings: RatingChange | None = None,
        was: GameStatus = GameStatus.ACTIVE,
    ) -> GameRecord:
        """End a game without an action (abandoned, expired, declined), as one more version."""
        now = self._clock()
        async with self._transaction() as db:
            await self._bump(db, game_id, expected_version, now, status, was=was)
            await self._write_results(db, game_id, list(results), now)
            await self._write_ratings(db, game_id, ratings, now)
        return await self._reload(game_id)

    async def _bump(
        self,
        db: aiosqlite.Connection,
        game_id: int,
        expected_version: int,
        now: float,
        status: GameStatus,
        state: str | None = None,
        narration: str | None = None,
        was: GameStatus = GameStatus.ACTIVE,
        channel_id: int | None = None,
    ) -> None:
        cursor = await db.execute(
            "UPDATE games SET version = version + 1, updated_at = ?, status = ?,"
            " state = COALESCE(?, state), narration = COALESCE(?, narration),"
            " channel_id = COALESCE(?, channel_id)"
            " WHERE id = ? AND version = ? AND status = ?",
            (now, status.value, state, narration, channel_id, game_id, expected_version, was.value),
        )
        if cursor.rowcount != 1:
            exists = await self._fetchone("SELECT 1 FROM games WHERE id = ?", (game_id,))
            raise (StaleVersion if exists else GameNotFound)(f"game {game_id}")

    async def _write_results(
        self, db: aiosqlite.Connection, game_id: int, results: list[ResultRow], now: float
    ) -> None:
        if not results:
            return
        await db.executemany(
            "INSERT INTO results (game_id, guild_id, game, variant, daily, user_id, display_name,"
            " outcome, score, seed, turns, duration_s, finished_at)"
            " SELECT id, guild_id, game, variant, daily, ?, ?, ?, ?, seed, ?, ? - created_at, ?"
            " FROM games WHERE id = ?",
            [
                (r.user_id, r.display_name, r.outcome, r.score, r.turns, now, now, game_id)
                for r in results
            ],
        )

    async def _write_ratings(
        self, db: aiosqlite.Connection, game_id: int, change: RatingChange | None, now: float
    ) -> None:
        if change is None:
            return
        marks = ",".join("?" * len(change.user_ids))
        rows = await db.execute_fetchall(
            "SELECT game, user_id, display_name, mu, sigma, ordinal, games FROM ratings"
            " WHERE guild_id IS (SELECT guild_id FROM games WHERE id = ?) AND game = ?"
            f" AND user_id IN ({marks})",
            (game_id, change.pool, *change.user_ids),
        )
        known = {row["user_id"]: Rating(**dict(row)) for row in rows}
        ratings = change.rate([known.get(user_id) for user_id in change.user_ids])
        await db.executemany(
            "INSERT INTO ratings (guild_id, game, user_id, display_name, mu, sigma, ordinal, games,"
            " updated_at) SELECT guild_id, ?, ?, ?, ?, ?, ?, ?, ? FROM games WHERE id = ?"
            " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET"
            " display_name = excluded.display_name, mu = excluded.mu, sigma = excluded.sigma,"
            " ordinal = excluded.ordinal, games = excluded.games, updated_at = excluded.updated_at",
            [
                (r.game, r.user_id, r.display_name, r.mu, r.sigma, r.ordinal, r.games, now, game_id)
                for r in ratings
            ],
        )

    async def _reload(self, game_id: int) -> GameRecord:
        record = await self.get_game(game_id)
        if record is None:
            raise GameNotFound(f"game {game_id}")
        return record

    async def accept_challenge(
        self,
        game_id: int,
        expected_version: int,
        channel_id: int,
        state: str | None = None,
        narration: str | None = None,
    ) -> GameRecord:
        """A pending game (a challenge, a lobby) becomes the channel's active game, with the
        state dealt at that moment if one is given; ChannelBusy if the channel has one."""
        async with self._transaction() as db:
            try:
                await self._bump(
                    db,
                    game_id,
                    expected_version,
                    self._clock(),
                    GameStatus.ACTIVE,
                    state,
                    narration,
                    was=GameStatus.PENDING,
                    channel_id=channel_id,
                )
            except aiosqlite.IntegrityError as error:
                raise ChannelBusy(f"channel {channel_id} already has an active game") from error
        return await self._reload(game_id)

    async def update_pending(
        self, game_id: int, expected_version: int, players: list[PlayerSeat], state: str
    ) -> GameRecord:
        """A lobby's seats and settings change: one more version, players replaced."""
        async with self._transaction() as db:
            await self._bump(
                db,
                game_id,
                expected_version,
                self._clock(),
                GameStatus.PENDING,
                state,
                was=GameStatus.PENDING,
            )
            await db.execute("DELETE FROM game_players WHERE game_id = ?", (game_id,))
            await db.executemany(
                "INSERT INTO game_players (game_id, seat, user_id, display_name)"
                " VALUES (?, ?, ?, ?)",
                [(game_id, p.seat, p.user_id, p.display_name) for p in players],
            )
        return await self._reload(game_id)

    async def inactive_games(
        self,
        idle_since: float,
        status: GameStatus = GameStatus.ACTIVE,
        games: Iterable[str] | None = None,
    ) -> list[GameRecord]:
        """Games in a status with no move since `idle_since`, of the named games (or any)."""
        only = list(games) if games is not None else None
        kinds = "" if only is None else f" AND game IN ({','.join('?' * len(only))})"
        rows = await self._read(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status = ? AND updated_at < ?{kinds}"
            " ORDER BY id",
            (status.value, idle_since, *(only or [])),
        )
        return [_record(row) for row in rows]

    async def actions(self, game_id: int) -> list[ActionRecord]:
        rows = await self._read(
            "SELECT seq, user_id, action, created_at FROM actions WHERE game_id = ? ORDER BY seq",
            (game_id,),
        )
        return [ActionRecord(**dict(row)) for row in rows]

    async def results(self, game_id: int) -> list[ResultRow]:
        rows = await self._read(
            "SELECT user_id, display_name, outcome, score, turns FROM results"
            " WHERE game_id = ? ORDER BY id",
            (game_id,),
        )
        return [ResultRow(**dict(row)) for row in rows]


def _record(row: aiosqlite.Row) -> GameRecord:
    return GameRecord(**{**dict(row), "players": json.loads(row["players"])})
