"""The store past one machine: PostgreSQL through a pool of asyncpg connections.

The same protocol and the same guarantees as the SQLite store. The database keeps them, not the
process: the partial unique indexes allow one active game per channel and one attempt per
player at a day's daily dungeon; `UPDATE ... WHERE id = $1 AND version = $2` makes two
processes committing the same game at once meet as a StaleVersion (the second waits for the
first's row lock, then finds the version moved on) rather than a lost update; a game's results,
board summaries and ratings are written in the transaction that finishes it.

A click costs two round trips: the load, and the commit, which is one statement (the game's new
version and its action's log line together), so it needs no BEGIN and COMMIT of its own.
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from typing import Any, TypeVar, cast

import asyncpg

from storage.models import (
    BOARD_SIZE,
    HISTORY_PAGE,
    ActionRecord,
    BoardPage,
    BoardQuery,
    GameRecord,
    GameStats,
    GameStatus,
    HistoryEntry,
    HistoryPage,
    IdleLimit,
    PlayerSeat,
    Rating,
    RatingChange,
    ResultRow,
)
from storage.postgres_boards import (
    FINISHED_SQL,
    RATINGS_SQL,
    STATS_SQL,
    board_page,
    rating_page,
    record_result_summaries,
    record_verdict,
)
from storage.postgres_db import Connection, Record
from storage.postgres_schema import MIGRATIONS, MIGRATIONS_TABLE
from storage.protocol import ChannelBusy, DailyTaken, GameNotFound, StaleVersion, StoreError

T = TypeVar("T")

POSTGRES_SCHEMES = ("postgresql", "postgres")

POOL_MIN_SIZE = 2
POOL_MAX_SIZE = 10
"""Connections per bot process. Each store call holds one for a round trip or a short
transaction, so a few serve many clicks; ten let reads go on beside commits waiting for a
lock."""
CONNECT_TIMEOUT_S = 10.0
LOCK_TIMEOUT_MS = 5000
"""How long a statement waits for a row lock another process holds before giving up, as the
SQLite store waits for the file's write lock (longer than Discord's 3 s: a slow click is
acknowledged early)."""
RETRIES = 3
"""Attempts at a transaction that PostgreSQL chose as a deadlock's victim."""

ONE_ACTIVE_PER_CHANNEL = "games_one_active_per_channel"
ONE_DAILY_ATTEMPT = "games_one_daily_attempt"
"""The unique indexes (storage/postgres_schema.py) that keep those two rules."""

MIGRATION_LOCK = 0x0D0C_A4D5
"""An advisory lock key: bot processes starting together migrate one after the other."""

PLAYERS = (
    "(SELECT COALESCE(json_agg(json_build_object('seat', p.seat, 'user_id', p.user_id,"
    " 'display_name', p.display_name, 'settings', s.settings) ORDER BY p.seat), '[]')"
    " FROM game_players p LEFT JOIN player_settings s ON s.user_id = p.user_id"
    " WHERE p.game_id = g.id) AS players"
)
"""A game's players, each with their own settings (whom to ping), in the game's own query."""
GAME_FIELDS = (
    "g.id, g.game, g.variant, g.guild_id, g.channel_id, g.message_id, g.owner_id, g.status,"
    " g.seed, g.daily, g.state, g.narration, g.version, g.created_at, g.updated_at, g.hints,"
    " g.settings"
)
GAME_COLUMNS = f"{GAME_FIELDS}, {PLAYERS}"
"""A game row with its players, from `games g` (or a CTE of its rows named g)."""

CREATE_SQL = f"""
WITH g AS (
    INSERT INTO games (game, variant, guild_id, channel_id, owner_id, status, seed, daily, state,
                       narration, version, created_at, updated_at, settings)
    SELECT $1::text, $2::text, $3::bigint, $4::bigint, $5::bigint, $6::text, $7::bigint,
           $8::text, $9::text, $10::text, 0, $11::float8, $11::float8, $15::text
    WHERE NOT ($6::text = 'active' AND $8::text IS NULL AND EXISTS (
              SELECT 1 FROM games WHERE channel_id = $4 AND status = 'active' AND daily IS NULL))
      AND NOT ($8::text IS NOT NULL AND EXISTS (
              SELECT 1 FROM games WHERE owner_id = $5 AND game = $1 AND daily = $8))
    RETURNING *
), seated AS (
    INSERT INTO game_players (game_id, seat, user_id, display_name)
    SELECT g.id, s.seat, s.user_id, s.display_name
    FROM g, unnest($12::integer[], $13::bigint[], $14::text[]) AS s (seat, user_id, display_name)
    RETURNING *
)
SELECT {GAME_FIELDS},
       (SELECT COALESCE(json_agg(json_build_object('seat', p.seat, 'user_id', p.user_id,
        'display_name', p.display_name, 'settings', s.settings) ORDER BY p.seat), '[]')
        FROM seated p LEFT JOIN player_settings s ON s.user_id = p.user_id) AS players
FROM g
"""
"""A new game and its seats in one statement. The game is not inserted when the channel has an
active game or the player has had that day's deal, so a refused game uses up no id (as in
SQLite, ids then run on without gaps); the unique indexes still decide a race."""

BUMP_SQL = """
UPDATE games SET version = version + 1, updated_at = $3, status = $4,
    state = COALESCE($5::text, state), narration = COALESCE($6::text, narration),
    channel_id = COALESCE($7::bigint, channel_id)
WHERE id = $1 AND version = $2 AND status = $8
RETURNING *
"""
BUMP_GAME_SQL = f"WITH g AS ({BUMP_SQL}) SELECT {GAME_COLUMNS} FROM g"
"""A game one version on, as the update left it."""
BUMP_AND_LOG_SQL = f"""
WITH g AS ({BUMP_SQL}), logged AS (
    INSERT INTO actions (game_id, seq, user_id, action, created_at)
    SELECT id, version, $9::bigint, $10::text, $3 FROM g
)
SELECT {GAME_COLUMNS} FROM g
"""
"""A game one version on and its action's log line, in one statement."""

RESULT_SQL = """
INSERT INTO results (game_id, guild_id, game, variant, daily, user_id, display_name, outcome,
                     score, seed, turns, duration_s, finished_at, hints, tiebreak)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
"""
RATINGS_LOCK_SQL = "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))"
"""Ratings of one pool change one game at a time: a game reads its players' ratings and writes
them back, and a second game sharing a player must read what the first wrote."""
RATING_SQL = """
INSERT INTO ratings (guild_id, game, user_id, display_name, mu, sigma, ordinal, games,
                     updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
ON CONFLICT (guild_id, game, user_id) DO UPDATE SET
    display_name = excluded.display_name, mu = excluded.mu, sigma = excluded.sigma,
    ordinal = excluded.ordinal, games = excluded.games, updated_at = excluded.updated_at
"""


class StoreUnavailable(StoreError, ConnectionError):
    """The database server cannot be reached, or refuses this bot (address, password, name)."""


def is_postgres_url(database_url: str) -> bool:
    return database_url.partition(":")[0] in POSTGRES_SCHEMES


async def _keep_session(_connection: object) -> None:
    """A connection goes back to the pool as it is (an open transaction is rolled back by
    the pool first): the store sets no session state, so resetting it would only cost a
    round trip per call."""


async def open_postgres(database_url: str, clock: Callable[[], float] = time.time) -> PostgresStore:
    """A store on the database a `postgresql://user:password@host:port/name` URL names,
    migrated to the current schema."""
    if not is_postgres_url(database_url):
        scheme = database_url.partition(":")[0]
        raise ValueError(f"DATABASE_URL must start with postgresql:// (got {scheme}://)")
    try:
        pool = await asyncpg.create_pool(
            database_url,
            min_size=POOL_MIN_SIZE,
            max_size=POOL_MAX_SIZE,
            timeout=CONNECT_TIMEOUT_S,
            reset=_keep_session,
            server_settings={
                "lock_timeout": str(LOCK_TIMEOUT_MS),
                "application_name": "dungeon-cards-bot",
            },
        )
    except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        raise StoreUnavailable(f"{type(error).__name__}: {error}") from error
    store = PostgresStore(cast(asyncpg.Pool, pool), clock)
    try:
        await store.migrate()
    except BaseException:
        await store.close()
        raise
    return store


class PostgresStore:
    def __init__(self, pool: asyncpg.Pool, clock: Callable[[], float]) -> None:
        self._pool = pool
        self._clock = clock

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[Connection]:
        """A connection of the pool, for as long as the block lasts."""
        async with self._pool.acquire() as connection:
            yield cast(Connection, connection)

    async def _transaction(self, work: Callable[[Connection], Awaitable[T]]) -> T:
        """`work` inside one transaction, rolled back if it raises; tried again if PostgreSQL
        broke a deadlock by aborting it."""
        for attempt in range(1, RETRIES + 1):
            try:
                async with self._pool.acquire() as connection, connection.transaction():
                    return await work(cast(Connection, connection))
            except asyncpg.DeadlockDetectedError:
                if attempt == RETRIES:
                    raise
        raise AssertionError("unreachable")

    async def _fetch(self, sql: str, *args: Any) -> list[Record]:
        return cast(list[Record], await self._pool.fetch(sql, *args))

    async def _fetchrow(self, sql: str, *args: Any) -> Record | None:
        return cast(Record | None, await self._pool.fetchrow(sql, *args))

    async def migrate(self) -> int:
        """Bring the schema up to date; returns the version it is at."""

        async def migrate(db: Connection) -> int:
            await db.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await db.execute(MIGRATIONS_TABLE)
            version = await db.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations")
            if version > len(MIGRATIONS):
                raise StoreError(
                    f"the database's schema is at version {version}, newer than this bot's"
                    f" ({len(MIGRATIONS)}): run a newer release of the bot"
                )
            for number in range(version, len(MIGRATIONS)):
                await db.execute(MIGRATIONS[number])
                await db.execute("INSERT INTO schema_migrations (version) VALUES ($1)", number + 1)
            return max(version, len(MIGRATIONS))

        return await self._transaction(migrate)

    async def close(self) -> None:
        await self._pool.close()

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
        settings: str | None = None,
    ) -> GameRecord:
        """A new game; ChannelBusy if the channel has an active one, DailyTaken for a retry."""
        try:
            row = await self._fetchrow(
                CREATE_SQL,
                game,
                variant,
                guild_id,
                channel_id,
                owner_id,
                status.value,
                seed,
                daily,
                state,
                narration,
                self._clock(),
                [p.seat for p in players],
                [p.user_id for p in players],
                [p.display_name for p in players],
                settings,
            )
        except asyncpg.UniqueViolationError as error:  # a race the check above lost
            constraint = getattr(error, "constraint_name", None)
            if constraint not in (ONE_ACTIVE_PER_CHANNEL, ONE_DAILY_ATTEMPT):
                raise
            row = None
            daily = daily if constraint == ONE_DAILY_ATTEMPT else None
        if row is not None:
            return _record(row)
        if daily is not None:
            raise DailyTaken(f"user {owner_id} has played the {daily} daily")
        raise ChannelBusy(f"channel {channel_id} already has an active game")

    async def get_game(self, game_id: int) -> GameRecord | None:
        return await self._load(f"SELECT {GAME_COLUMNS} FROM games g WHERE g.id = $1", game_id)

    async def active_game_in_channel(self, channel_id: int) -> GameRecord | None:
        return await self._load(
            f"SELECT {GAME_COLUMNS} FROM games g"
            " WHERE g.channel_id = $1 AND g.status = 'active' AND g.daily IS NULL",
            channel_id,
        )

    async def daily_game(self, owner_id: int, game: str, day: str) -> GameRecord | None:
        """A player's attempt at a day's daily dungeon, whatever became of it."""
        return await self._load(
            f"SELECT {GAME_COLUMNS} FROM games g"
            " WHERE g.owner_id = $1 AND g.game = $2 AND g.daily = $3",
            owner_id,
            game,
            day,
        )

    async def _load(self, sql: str, *args: Any) -> GameRecord | None:
        row = await self._fetchrow(sql, *args)
        return _record(row) if row is not None else None

    async def set_message(self, game_id: int, channel_id: int, message_id: int) -> None:
        await self._pool.execute(
            "UPDATE games SET channel_id = $2, message_id = $3 WHERE id = $1",
            game_id,
            channel_id,
            message_id,
        )

    async def count_hint(self, game_id: int) -> int:
        """One more hint taken in a game; how many it has had."""
        row = await self._fetchrow(
            "UPDATE games SET hints = hints + 1 WHERE id = $1 RETURNING hints", game_id
        )
        if row is None:
            raise GameNotFound(f"game {game_id}")
        return row["hints"]

    async def has_finished(self, guild_id: int, user_id: int, game: str, variant: str) -> bool:
        return bool(await self._fetch(FINISHED_SQL, guild_id, user_id, game, variant))

    async def record_verdict(self, game_id: int, winnable: bool) -> bool:
        """Whether a finished game's lost deal could have been won, once: False if it was
        known already (or the game was won, or has no result)."""
        return await self._transaction(lambda db: record_verdict(db, game_id, winnable))

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
        finished = list(results)
        bump = (game_id, expected_version, now, status.value, state, narration, None)
        args = (*bump, GameStatus.ACTIVE.value, user_id, action)

        async def commit(db: Connection) -> GameRecord:
            record = await _bump(db, BUMP_AND_LOG_SQL, *args)
            await _finish(db, record, finished, ratings, now)
            return record

        if not finished and ratings is None:  # one statement: a transaction of its own
            async with self._connection() as db:
                return await _bump(db, BUMP_AND_LOG_SQL, *args)
        return await self._transaction(commit)

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
        finished = list(results)
        args = (game_id, expected_version, now, status.value, None, None, None, was.value)

        async def close(db: Connection) -> GameRecord:
            record = await _bump(db, BUMP_GAME_SQL, *args)
            await _finish(db, record, finished, ratings, now)
            return record

        return await self._transaction(close)

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
        active, pending = GameStatus.ACTIVE.value, GameStatus.PENDING.value
        args = (game_id, expected_version, self._clock(), active, state, narration, channel_id)
        try:
            async with self._connection() as db:
                return await _bump(db, BUMP_GAME_SQL, *args, pending)
        except asyncpg.UniqueViolationError as error:
            if getattr(error, "constraint_name", None) != ONE_ACTIVE_PER_CHANNEL:
                raise
            raise ChannelBusy(f"channel {channel_id} already has an active game") from error

    async def update_pending(
        self, game_id: int, expected_version: int, players: list[PlayerSeat], state: str
    ) -> GameRecord:
        """A lobby's seats and settings change: one more version, players replaced."""
        pending = GameStatus.PENDING.value
        args = (game_id, expected_version, self._clock(), pending, state, None, None, pending)

        async def update(db: Connection) -> GameRecord:
            await _bump(db, BUMP_GAME_SQL, *args)
            await db.execute("DELETE FROM game_players WHERE game_id = $1", game_id)
            await _seat(db, game_id, players)
            row = await db.fetchrow(f"SELECT {GAME_COLUMNS} FROM games g WHERE g.id = $1", game_id)
            assert row is not None, "the game was just updated"
            return _record(row)

        return await self._transaction(update)

    async def active_games_of(self, owner_id: int) -> list[GameRecord]:
        """The active games a player started (or hosts), oldest first."""
        rows = await self._fetch(
            f"SELECT {GAME_COLUMNS} FROM games g WHERE g.owner_id = $1 AND g.status = 'active'"
            " ORDER BY g.id",
            owner_id,
        )
        return [_record(row) for row in rows]

    async def inactive_games(
        self,
        idle_since: float,
        status: GameStatus = GameStatus.ACTIVE,
        games: Iterable[str] | None = None,
        limit: IdleLimit | None = None,
    ) -> list[GameRecord]:
        """Games in a status with no move since `idle_since`, of the named games (or any),
        and past their own allowance with a limit (read from the index's range first)."""
        only = list(games) if games is not None else None
        own = (
            ""
            if limit is None
            else " AND g.updated_at < $4::float8 - COALESCE((g.settings::jsonb ->> $5::text)"
            "::float8, $6::float8) * $7::float8"
        )
        allowance = (
            () if limit is None else (limit.now, limit.key, limit.default / limit.unit, limit.unit)
        )
        rows = await self._fetch(
            f"SELECT {GAME_COLUMNS} FROM games g WHERE g.status = $1 AND g.updated_at < $2"
            f" AND ($3::text[] IS NULL OR g.game = ANY($3::text[])){own} ORDER BY g.id",
            status.value,
            idle_since,
            only,
            *allowance,
        )
        return [_record(row) for row in rows]

    # ---- settings --------------------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> str | None:
        row = await self._fetchrow(
            "SELECT settings FROM guild_settings WHERE guild_id = $1", guild_id
        )
        return None if row is None else row["settings"]

    async def set_guild_settings(self, guild_id: int, settings: str) -> None:
        await self._pool.execute(
            "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES ($1, $2, $3)"
            " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings,"
            " updated_at = excluded.updated_at",
            guild_id,
            settings,
            self._clock(),
        )

    async def player_settings(self, user_id: int) -> str | None:
        row = await self._fetchrow(
            "SELECT settings FROM player_settings WHERE user_id = $1", user_id
        )
        return None if row is None else row["settings"]

    async def set_player_settings(self, user_id: int, settings: str) -> None:
        await self._pool.execute(
            "INSERT INTO player_settings (user_id, settings, updated_at) VALUES ($1, $2, $3)"
            " ON CONFLICT (user_id) DO UPDATE SET settings = excluded.settings,"
            " updated_at = excluded.updated_at",
            user_id,
            settings,
            self._clock(),
        )

    async def games_updated_since(self, since: float, limit: int) -> list[GameRecord]:
        """The active games moved since a moment, the latest first (read by the index of
        games by status and last move, however large the store)."""
        rows = await self._fetch(
            f"SELECT {GAME_COLUMNS} FROM games g WHERE g.status = 'active'"
            " AND g.updated_at >= $1 ORDER BY g.updated_at DESC LIMIT $2",
            since,
            limit,
        )
        return [_record(row) for row in rows]

    async def games_after(self, game_id: int, limit: int = 500) -> list[GameRecord]:
        """Every game, whatever its status, in id order from after `game_id`: a page at a
        time, for checks that read the whole store (`python -m bot doctor`)."""
        rows = await self._fetch(
            f"SELECT {GAME_COLUMNS} FROM games g WHERE g.id > $1 ORDER BY g.id LIMIT $2",
            game_id,
            limit,
        )
        return [_record(row) for row in rows]

    async def actions(self, game_id: int) -> list[ActionRecord]:
        rows = await self._fetch(
            "SELECT seq, user_id, action, created_at FROM actions WHERE game_id = $1 ORDER BY seq",
            game_id,
        )
        return [ActionRecord(**dict(row)) for row in rows]

    async def results(self, game_id: int) -> list[ResultRow]:
        rows = await self._fetch(
            "SELECT user_id, display_name, outcome, score, turns, hints, tiebreak FROM results"
            " WHERE game_id = $1 ORDER BY id",
            game_id,
        )
        return [ResultRow(**dict(row)) for row in rows]

    async def history(
        self,
        guild_id: int,
        user_id: int,
        game: str | None,
        offset: int = 0,
        limit: int = HISTORY_PAGE,
    ) -> HistoryPage:
        """Read by the results' per-player index; a person's several seats in one game make
        one entry, their first seat's."""
        where = "r.guild_id = $1 AND r.user_id = $2 AND ($3::text IS NULL OR r.game = $3)"
        rows = await self._fetch(
            "SELECT DISTINCT ON (r.game_id) r.game_id, r.game, r.variant, r.daily, g.status,"
            " r.outcome, r.score, r.finished_at, g.guild_id, g.channel_id, g.message_id,"
            " (SELECT COUNT(*) FROM game_players p WHERE p.game_id = r.game_id) AS seats"
            f" FROM results r JOIN games g ON g.id = r.game_id WHERE {where}"
            " ORDER BY r.game_id DESC, r.id LIMIT $4 OFFSET $5",
            guild_id,
            user_id,
            game,
            limit,
            offset,
        )
        total = await self._fetchrow(
            f"SELECT COUNT(DISTINCT r.game_id) AS n FROM results r WHERE {where}",
            guild_id,
            user_id,
            game,
        )
        entries = [HistoryEntry(**dict(row)) for row in rows]
        return HistoryPage(entries=entries, total=total["n"] if total is not None else 0)

    # ---- boards, stats and ratings -----------------------------------------------------------

    async def leaderboard(
        self, query: BoardQuery, caller_id: int, offset: int = 0, limit: int = BOARD_SIZE
    ) -> BoardPage:
        key = (query.guild_id, query.game, query.variant or "", query.daily or "", query.period)
        async with self._connection() as db:
            return await board_page(db, key, caller_id, offset, limit)

    async def rating_board(
        self, guild_id: int, game: str, caller_id: int, offset: int = 0, limit: int = BOARD_SIZE
    ) -> BoardPage:
        async with self._connection() as db:
            return await rating_page(db, guild_id, game, caller_id, offset, limit)

    async def player_stats(self, guild_id: int, user_id: int) -> list[GameStats]:
        rows = await self._fetch(STATS_SQL, guild_id, user_id)
        return [GameStats(**dict(row)) for row in rows]

    async def ratings(self, guild_id: int, game: str, user_ids: list[int]) -> dict[int, Rating]:
        rows = await self._fetch(RATINGS_SQL, guild_id, game, user_ids)
        return {row["user_id"]: Rating(**dict(row)) for row in rows}


# ---- the pieces of a transaction -------------------------------------------------------------


async def _seat(db: Connection, game_id: int, players: list[PlayerSeat]) -> None:
    await db.executemany(
        "INSERT INTO game_players (game_id, seat, user_id, display_name) VALUES ($1, $2, $3, $4)",
        [(game_id, p.seat, p.user_id, p.display_name) for p in players],
    )


async def _bump(db: Connection, sql: str, *args: Any) -> GameRecord:
    """The game one version on (BUMP_GAME_SQL or BUMP_AND_LOG_SQL), or why not."""
    row = await db.fetchrow(sql, *args)
    if row is None:
        game_id = args[0]
        exists = await db.fetchval("SELECT EXISTS (SELECT 1 FROM games WHERE id = $1)", game_id)
        raise (StaleVersion if exists else GameNotFound)(f"game {game_id}")
    return _record(row)


async def _finish(
    db: Connection,
    game: GameRecord,
    results: list[ResultRow],
    ratings: RatingChange | None,
    now: float,
) -> None:
    """A finished game's results, their summaries and its players' ratings."""
    if results:
        await db.executemany(
            RESULT_SQL,
            [
                (
                    game.id,
                    game.guild_id,
                    game.game,
                    game.variant,
                    game.daily,
                    r.user_id,
                    r.display_name,
                    r.outcome,
                    r.score,
                    game.seed,
                    r.turns,
                    now - game.created_at,
                    now,
                    r.hints,
                    r.tiebreak,
                )
                for r in results
            ],
        )
        await record_result_summaries(db, game, results, now)
    if ratings is not None:
        await db.execute(RATINGS_LOCK_SQL, f"{game.guild_id}:{ratings.pool}")
        rows = await db.fetch(RATINGS_SQL, game.guild_id, ratings.pool, ratings.user_ids)
        known = {row["user_id"]: Rating(**dict(row)) for row in rows}
        rated = ratings.rate([known.get(user_id) for user_id in ratings.user_ids])
        await db.executemany(RATING_SQL, [(game.guild_id, *_rating(r), now) for r in rated])


def _rating(r: Rating) -> tuple[Any, ...]:
    return (r.game, r.user_id, r.display_name, r.mu, r.sigma, r.ordinal, r.games)


def _record(row: Record) -> GameRecord:
    return GameRecord(**{**dict(row), "players": json.loads(row["players"])})
