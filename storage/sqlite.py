"""The embedded store: one SQLite file in WAL mode, each connection on its own thread.

Two connections per process. Writes go through one, each call one transaction run whole on its
thread, so transactions of concurrent clicks never interleave and each costs one hop. Reads
(loading a game, boards, stats) go through the other: in WAL mode a reader never waits for a
writer, so a slow commit or a write lock held by another process does not hold up every other
game's loads and the boards. Across processes, the version column makes two writers of the same
game meet as a StaleVersion instead of a lost update.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from storage.migrations import MIGRATIONS
from storage.models import (
    HISTORY_PAGE,
    ActionRecord,
    GameRecord,
    GameStatus,
    HistoryEntry,
    HistoryPage,
    IdleLimit,
    PlayerSeat,
    Rating,
    RatingChange,
    ResultRow,
)
from storage.protocol import ChannelBusy, DailyTaken, GameNotFound, StaleVersion
from storage.sqlite_boards import BoardQueries, record_result_summaries, record_verdict
from storage.sqlite_thread import SqliteThread, connect, in_transaction

T = TypeVar("T")

SQLITE_PREFIX = "sqlite:///"
GAME_COLUMNS = (
    "id, game, variant, guild_id, channel_id, message_id, owner_id, status, seed, daily, state,"
    " narration, version, created_at, updated_at, hints, settings,"
    " (SELECT json_group_array(json_object('seat', seat, 'user_id', user_id,"
    " 'display_name', display_name, 'settings', own)) FROM (SELECT p.seat, p.user_id,"
    " p.display_name, s.settings AS own FROM game_players p"
    " LEFT JOIN player_settings s ON s.user_id = p.user_id"
    " WHERE p.game_id = games.id ORDER BY p.seat)) AS players"
)
"""A game row with its players, each with their own settings: one indexed lookup per seat in
the same query, so a click reads the game and whom to ping at once."""


def sqlite_path(database_url: str) -> str:
    """`sqlite:///data/x.db` is relative to the working directory; `sqlite:////x` absolute."""
    if not database_url.startswith(SQLITE_PREFIX):
        raise ValueError(f"DATABASE_URL must start with {SQLITE_PREFIX} (got {database_url!r})")
    return database_url.removeprefix(SQLITE_PREFIX)


async def open_sqlite(database_url: str, clock: Callable[[], float] = time.time) -> SqliteStore:
    path = sqlite_path(database_url)
    if path != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    store = SqliteStore(await SqliteThread.open(path, WRITER), clock)
    await store.migrate()
    if path != ":memory:":  # a second connection to ":memory:" would be another database
        store.read_with(await SqliteThread.open(path, READER))
        store.look_up_with(connect(path, LOOP_READER))
        store.write_inline_with(connect(path, LOOP_WRITER))
    return store


BUSY_TIMEOUT_MS = 5000
"""How long a write waits for another process's write lock before giving up. Longer than
Discord's 3 s: a slow click is acknowledged early (cogs/answers.py), so waiting out a short stall
saves the move instead of failing it."""

WAL_SIZE_LIMIT = 4 * 2**20
"""Bytes of write-ahead log kept on disk once a checkpoint lets it start again: a burst of
writes may grow it past this, and it is cut back at the next restart."""

WRITER = (
    "PRAGMA journal_mode = WAL",
    f"PRAGMA journal_size_limit = {WAL_SIZE_LIMIT}",
    "PRAGMA synchronous = NORMAL",  # durable across a killed process in WAL mode
    "PRAGMA foreign_keys = ON",
    f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}",
)
"""The writer thread's connection: it may wait for a lock, and it checkpoints."""
READER = (f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}", "PRAGMA query_only = ON")
"""The read thread's connection: boards, stats, and loads the loop could not do at once."""
LOOP_READER = (
    "PRAGMA busy_timeout = 0",  # never wait on the loop: fall back to the read thread instead
    "PRAGMA query_only = ON",
)
"""Single games read on the event loop's own thread (see `SqliteStore._load`)."""
LOOP_WRITER = (
    "PRAGMA synchronous = NORMAL",
    f"PRAGMA journal_size_limit = {WAL_SIZE_LIMIT}",
    "PRAGMA foreign_keys = ON",
    "PRAGMA busy_timeout = 0",  # never wait on the loop: hand the write to the thread
    "PRAGMA wal_autocheckpoint = 0",  # checkpoints copy and sync pages: the thread does them
)
"""Commits on the event loop's own thread (see `SqliteStore._write`)."""


CHECKPOINT_EVERY = 500
"""Inline commits between two checkpoints on the writer thread (SQLite's own default is about
every 1,000 pages written)."""

BUSY_CODES = {5, 6}
"""SQLITE_BUSY and SQLITE_LOCKED, whatever the extended code."""


def _is_busy(error: sqlite3.OperationalError) -> bool:
    code = getattr(error, "sqlite_errorcode", None)
    return code is not None and code & 0xFF in BUSY_CODES


class SqliteStore(BoardQueries):
    def __init__(self, writer: SqliteThread, clock: Callable[[], float]) -> None:
        self._db = writer
        self._reader = writer
        self._lookups: sqlite3.Connection | None = None
        self._inline: sqlite3.Connection | None = None
        self._inline_commits = 0
        self._checkpoints: set[asyncio.Task[None]] = set()
        self._clock = clock

    def read_with(self, reader: SqliteThread) -> None:
        """Serve reads from their own connection, beside the writes."""
        self._reader = reader

    def write_inline_with(self, writer: sqlite3.Connection) -> None:
        """Commit on the event loop's thread through this connection when the file is free."""
        self._inline = writer

    async def _write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run `work` as one transaction. On the loop itself when the write lock is free at
        once: a WAL commit without a checkpoint is a few pages appended, about a tenth of a
        millisecond, less than a hop to the writer thread and back. When another writer holds
        the lock (another process, or this one's thread), SQLite says so at BEGIN without
        waiting, and the transaction goes to the writer thread, which waits for its turn.
        Inline commits never checkpoint; every CHECKPOINT_EVERY of them the thread does, and
        while it does, writes queue behind it on the thread: a checkpoint racing a stream of
        inline commits never catches up with the log, so the log is never started afresh and
        grows for ever (100 MB beside a 0.5 MB file after 6,000 moves). Waiting, the checkpoint
        copies every page, and the next write starts the log again from its beginning."""
        if self._inline is not None and not self._checkpoints:
            try:
                result = in_transaction(self._inline, work)
            except sqlite3.OperationalError as error:
                if not _is_busy(error):
                    raise
            else:
                self._counted()
                return result
        result = await self._db.transaction(work)
        if self._inline is not None:
            self._counted()
        return result

    def _counted(self) -> None:
        """One more commit of this process's: every CHECKPOINT_EVERY of them, a checkpoint."""
        self._inline_commits += 1
        if self._inline_commits % CHECKPOINT_EVERY == 0:
            self._checkpoint_soon()

    def _checkpoint_soon(self) -> None:
        checkpoint = self._db.run(lambda db: db.execute("PRAGMA wal_checkpoint(PASSIVE)").close())
        task = asyncio.get_running_loop().create_task(checkpoint)
        self._checkpoints.add(task)
        task.add_done_callback(self._checkpoints.discard)

    async def idle(self) -> None:
        """Wait for the checkpoints under way."""
        if self._checkpoints:
            await asyncio.gather(*self._checkpoints)

    def look_up_with(self, lookups: sqlite3.Connection) -> None:
        """Load single games on the event loop's thread, through this connection."""
        self._lookups = lookups

    async def _read(self, sql: str, params: tuple | dict = ()) -> list[sqlite3.Row]:
        """Rows of a query on the read connection (on an in-memory database, the writer's
        thread, where it runs between transactions, never inside one)."""
        return await self._reader.run(lambda db: db.execute(sql, params).fetchall())

    async def migrate(self) -> int:
        """Bring the schema up to date; returns the version it is at."""

        def migrate(db: sqlite3.Connection) -> int:
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
            for number in range(version, len(MIGRATIONS)):
                db.executescript(
                    f"BEGIN; {MIGRATIONS[number]}; PRAGMA user_version = {number + 1}; COMMIT;"
                )
            return max(version, len(MIGRATIONS))

        return await self._db.run(migrate)

    async def close(self) -> None:
        await self.idle()
        for connection in (self._lookups, self._inline):
            if connection is not None:
                connection.close()
        if self._reader is not self._db:
            await self._reader.close()
        await self._db.close()

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
        row = {
            "settings": settings,
            "game": game,
            "variant": variant,
            "guild_id": guild_id,
            "channel_id": channel_id,
            "owner_id": owner_id,
            "seed": seed,
            "daily": daily,
            "state": state,
            "narration": narration,
            "now": self._clock(),
            "status": status.value,
        }

        def create(db: sqlite3.Connection) -> GameRecord:
            try:
                cursor = db.execute(
                    "INSERT INTO games (game, variant, guild_id, channel_id, owner_id, status,"
                    " seed, daily, state, narration, version, created_at, updated_at, settings)"
                    " VALUES (:game, :variant, :guild_id, :channel_id, :owner_id, :status, :seed,"
                    " :daily, :state, :narration, 0, :now, :now, :settings)",
                    row,
                )
            except sqlite3.IntegrityError as error:
                if "daily" in str(error):
                    raise DailyTaken(f"user {owner_id} has played the {daily} daily") from error
                raise ChannelBusy(f"channel {channel_id} already has an active game") from error
            game_id = cursor.lastrowid
            assert game_id is not None, "an INSERT always has a rowid"
            _seat(db, game_id, players)
            return _reload(db, game_id)

        return await self._write(create)

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
        """One game, by an indexed lookup. Where it can, this runs on the event loop itself:
        in WAL mode a reader takes no lock a writer holds, and one indexed row takes tens of
        microseconds, several times less than handing the query to a thread and getting the
        answer back. Should SQLite be busy anyway (a crashed writer's recovery), the query goes
        to the read thread, which may wait."""
        rows: list[sqlite3.Row] | None = None
        if self._lookups is not None:
            try:
                rows = self._lookups.execute(sql, params).fetchall()
            except sqlite3.OperationalError:
                rows = None
        if rows is None:
            rows = await self._read(sql, params)
        return _record(rows[0]) if rows else None

    async def set_message(self, game_id: int, channel_id: int, message_id: int) -> None:
        await self._write(
            lambda db: db.execute(
                "UPDATE games SET channel_id = ?, message_id = ? WHERE id = ?",
                (channel_id, message_id, game_id),
            )
        )

    async def count_hint(self, game_id: int) -> int:
        """One more hint taken in a game; how many it has had."""

        def count(db: sqlite3.Connection) -> int:
            row = db.execute(
                "UPDATE games SET hints = hints + 1 WHERE id = ? RETURNING hints", (game_id,)
            ).fetchone()
            if row is None:
                raise GameNotFound(f"game {game_id}")
            return row[0]

        return await self._write(count)

    async def record_verdict(self, game_id: int, winnable: bool) -> bool:
        """Whether a finished game's lost deal could have been won, once: False if it was
        known already (or the game was won, or has no result)."""
        return await self._write(lambda db: record_verdict(db, game_id, winnable))

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

        def commit(db: sqlite3.Connection) -> GameRecord:
            record = _bump(db, game_id, expected_version, now, status, state, narration)
            db.execute(
                "INSERT INTO actions (game_id, seq, user_id, action, created_at)"
                " VALUES (?, ?, ?, ?, ?)",
                (game_id, expected_version + 1, user_id, action, now),
            )
            _write_results(db, game_id, finished, now)
            _write_ratings(db, game_id, ratings, now)
            return record

        return await self._write(commit)

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

        def close(db: sqlite3.Connection) -> GameRecord:
            record = _bump(db, game_id, expected_version, now, status, was=was)
            _write_results(db, game_id, finished, now)
            _write_ratings(db, game_id, ratings, now)
            return record

        return await self._write(close)

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
        now = self._clock()

        def accept(db: sqlite3.Connection) -> GameRecord:
            try:
                return _bump(
                    db,
                    game_id,
                    expected_version,
                    now,
                    GameStatus.ACTIVE,
                    state,
                    narration,
                    was=GameStatus.PENDING,
                    channel_id=channel_id,
                )
            except sqlite3.IntegrityError as error:
                raise ChannelBusy(f"channel {channel_id} already has an active game") from error

        return await self._write(accept)

    async def update_pending(
        self, game_id: int, expected_version: int, players: list[PlayerSeat], state: str
    ) -> GameRecord:
        """A lobby's seats and settings change: one more version, players replaced."""
        now = self._clock()

        def update(db: sqlite3.Connection) -> GameRecord:
            pending = GameStatus.PENDING
            _bump(db, game_id, expected_version, now, pending, state, was=pending)
            db.execute("DELETE FROM game_players WHERE game_id = ?", (game_id,))
            _seat(db, game_id, players)
            return _reload(db, game_id)

        return await self._write(update)

    async def active_games_of(self, owner_id: int) -> list[GameRecord]:
        """The active games a player started (or hosts), oldest first."""
        rows = await self._read(
            f"SELECT {GAME_COLUMNS} FROM games WHERE owner_id = ? AND status = 'active'"
            " ORDER BY id",
            (owner_id,),
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
        kinds = "" if only is None else f" AND game IN ({','.join('?' * len(only))})"
        own = (
            ""
            if limit is None
            else " AND updated_at < ? - COALESCE(json_extract(settings, ?), ?) * ?"
        )
        allowance = (
            ()
            if limit is None
            else (limit.now, f"$.{limit.key}", limit.default / limit.unit, limit.unit)
        )
        rows = await self._read(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status = ? AND updated_at < ?{kinds}{own}"
            " ORDER BY id",
            (status.value, idle_since, *(only or []), *allowance),
        )
        return [_record(row) for row in rows]

    async def games_updated_since(self, since: float, limit: int) -> list[GameRecord]:
        """The active games moved since a moment, the latest first (read by an index of
        the active games by their last move, however large the store)."""
        rows = await self._read(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status = 'active' AND updated_at >= ?"
            " ORDER BY updated_at DESC LIMIT ?",
            (since, limit),
        )
        return [_record(row) for row in rows]

    async def games_after(self, game_id: int, limit: int = 500) -> list[GameRecord]:
        """Every game, whatever its status, in id order from after `game_id`: a page at a
        time, for checks that read the whole store (`python -m bot doctor`)."""
        rows = await self._read(
            f"SELECT {GAME_COLUMNS} FROM games WHERE id > ? ORDER BY id LIMIT ?", (game_id, limit)
        )
        return [_record(row) for row in rows]

    # ---- settings --------------------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> str | None:
        rows = await self._read(
            "SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return rows[0][0] if rows else None

    async def set_guild_settings(self, guild_id: int, settings: str) -> None:
        await self._write(
            lambda db: db.execute(
                "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings,"
                " updated_at = excluded.updated_at",
                (guild_id, settings, self._clock()),
            )
        )

    async def player_settings(self, user_id: int) -> str | None:
        rows = await self._read(
            "SELECT settings FROM player_settings WHERE user_id = ?", (user_id,)
        )
        return rows[0][0] if rows else None

    async def set_player_settings(self, user_id: int, settings: str) -> None:
        await self._write(
            lambda db: db.execute(
                "INSERT INTO player_settings (user_id, settings, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET settings = excluded.settings,"
                " updated_at = excluded.updated_at",
                (user_id, settings, self._clock()),
            )
        )

    async def actions(self, game_id: int) -> list[ActionRecord]:
        rows = await self._read(
            "SELECT seq, user_id, action, created_at FROM actions WHERE game_id = ? ORDER BY seq",
            (game_id,),
        )
        return [ActionRecord(**dict(row)) for row in rows]

    async def results(self, game_id: int) -> list[ResultRow]:
        rows = await self._read(
            "SELECT user_id, display_name, outcome, score, turns, hints, tiebreak FROM results"
            " WHERE game_id = ? ORDER BY id",
            (game_id,),
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
        one entry, their first seat's (the row MIN picks, as SQLite keeps its other columns)."""
        where = "r.guild_id = ? AND r.user_id = ? AND (? IS NULL OR r.game = ?)"
        params = (guild_id, user_id, game, game)
        rows = await self._read(
            "SELECT r.game_id, r.game, r.variant, r.daily, g.status, r.outcome, r.score,"
            " r.finished_at, g.guild_id, g.channel_id, g.message_id, MIN(r.id) AS first_id,"
            " (SELECT COUNT(*) FROM game_players p WHERE p.game_id = r.game_id) AS seats"
            f" FROM results r JOIN games g ON g.id = r.game_id WHERE {where}"
            " GROUP BY r.game_id ORDER BY r.game_id DESC LIMIT ? OFFSET ?",
            (*params, limit, offset),
        )
        total = await self._read(
            f"SELECT COUNT(DISTINCT r.game_id) AS n FROM results r WHERE {where}", params
        )
        entries = [HistoryEntry(**_without(dict(row), "first_id")) for row in rows]
        return HistoryPage(entries=entries, total=total[0]["n"])


# ---- the pieces of a transaction, run on the writer's thread ------------------------------------


def _without(row: dict[str, Any], column: str) -> dict[str, Any]:
    row.pop(column, None)
    return row


def _seat(db: sqlite3.Connection, game_id: int, players: list[PlayerSeat]) -> None:
    db.executemany(
        "INSERT INTO game_players (game_id, seat, user_id, display_name) VALUES (?, ?, ?, ?)",
        [(game_id, p.seat, p.user_id, p.display_name) for p in players],
    )


def _bump(
    db: sqlite3.Connection,
    game_id: int,
    expected_version: int,
    now: float,
    status: GameStatus,
    state: str | None = None,
    narration: str | None = None,
    was: GameStatus = GameStatus.ACTIVE,
    channel_id: int | None = None,
) -> GameRecord:
    """The game one version on, as the update left it (read by the update itself).

    Only the columns that change are named: SQLite rewrites the entries of every index on a
    column an UPDATE names, even to the same value, and three partial indexes read `status`
    (one of them keyed on `channel_id`). A move names neither: its update writes two pages to
    the log instead of four."""
    changes = {
        "status": status.value if status != was else None,
        "state": state,
        "narration": narration,
        "channel_id": channel_id,
    }
    named = {column: value for column, value in changes.items() if value is not None}
    assignments = "".join(f", {column} = ?" for column in named)
    row = db.execute(
        f"UPDATE games SET version = version + 1, updated_at = ?{assignments}"
        f" WHERE id = ? AND version = ? AND status = ? RETURNING {GAME_COLUMNS}",
        (now, *named.values(), game_id, expected_version, was.value),
    ).fetchone()
    if row is None:
        exists = db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone()
        raise (StaleVersion if exists else GameNotFound)(f"game {game_id}")
    return _record(row)


def _write_results(
    db: sqlite3.Connection, game_id: int, results: list[ResultRow], now: float
) -> None:
    if not results:
        return
    db.executemany(
        "INSERT INTO results (game_id, guild_id, game, variant, daily, user_id, display_name,"
        " outcome, score, seed, turns, duration_s, finished_at, hints, tiebreak)"
        " SELECT id, guild_id, game, variant, daily, ?, ?, ?, ?, seed, ?, ? - created_at, ?, ?,"
        " ? FROM games WHERE id = ?",
        [
            (
                r.user_id,
                r.display_name,
                r.outcome,
                r.score,
                r.turns,
                now,
                now,
                r.hints,
                r.tiebreak,
                game_id,
            )
            for r in results
        ],
    )
    record_result_summaries(db, game_id, results, now)


def _write_ratings(
    db: sqlite3.Connection, game_id: int, change: RatingChange | None, now: float
) -> None:
    if change is None:
        return
    marks = ",".join("?" * len(change.user_ids))
    rows = db.execute(
        "SELECT game, user_id, display_name, mu, sigma, ordinal, games FROM ratings"
        " WHERE guild_id IS (SELECT guild_id FROM games WHERE id = ?) AND game = ?"
        f" AND user_id IN ({marks})",
        (game_id, change.pool, *change.user_ids),
    ).fetchall()
    known = {row["user_id"]: Rating(**dict(row)) for row in rows}
    ratings = change.rate([known.get(user_id) for user_id in change.user_ids])
    db.executemany(
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


def _reload(db: sqlite3.Connection, game_id: int) -> GameRecord:
    """The game as just written, read inside the same transaction (no second hop)."""
    row = db.execute(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        raise GameNotFound(f"game {game_id}")
    return _record(row)


def _record(row: sqlite3.Row) -> GameRecord:
    return GameRecord(**{**dict(row), "players": json.loads(row["players"])})
