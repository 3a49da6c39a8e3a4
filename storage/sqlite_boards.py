"""Leaderboards, player stats and ratings, read from summaries kept as results are recorded.

Each result updates its player's best on every board and period it counts towards
(`board_bests`) and their running stats (`player_stats`), in the transaction that records it.
A page is then an index range read in order, the caller's rank a count of the rows ahead of
them: the cost follows the number of players on a board, never the number of games played.
"""

from __future__ import annotations

import sqlite3

from storage.models import (
    BOARD_SIZE,
    BoardEntry,
    BoardPage,
    BoardQuery,
    GameStats,
    Rating,
    ResultRow,
)
from storage.periods import period_keys
from storage.sqlite_thread import SqliteThread

BOARD_SQL = """
SELECT id, players FROM boards
WHERE guild_id = :guild_id AND game = :game AND variant = :variant AND daily = :daily
  AND period = :period
"""
BOARD_PAGE_SQL = """
SELECT user_id, display_name, score, tiebreak, games, achieved_at FROM board_bests
WHERE board_id = :board ORDER BY score DESC, tiebreak, achieved_at, user_id
LIMIT :limit OFFSET :offset
"""
BOARD_CALLER_SQL = """
SELECT user_id, display_name, score, tiebreak, games, achieved_at FROM board_bests
WHERE board_id = :board AND user_id = :caller
"""
BOARD_AHEAD_SQL = """
SELECT (SELECT COUNT(*) FROM board_bests WHERE board_id = :board AND score > :score)
     + (SELECT COUNT(*) FROM board_bests WHERE board_id = :board AND score = :score
        AND tiebreak < :tiebreak)
     + (SELECT COUNT(*) FROM board_bests WHERE board_id = :board AND score = :score
        AND tiebreak = :tiebreak AND (achieved_at, user_id) < (:achieved_at, :caller))
"""
"""Players ranked above the caller: three ranges of the ranked index (one query with an OR of
them would make SQLite merge the ranges row by row, tens of times slower)."""

RATING_KEY = "guild_id = :guild_id AND game = :game"
RATING_PAGE_SQL = f"""
SELECT user_id, display_name, ordinal AS score, games, updated_at AS achieved_at FROM ratings
WHERE {RATING_KEY} ORDER BY ordinal DESC, user_id LIMIT :limit OFFSET :offset
"""
RATING_PLAYERS_SQL = f"SELECT NULL AS id, COUNT(*) AS players FROM ratings WHERE {RATING_KEY}"
"""A rating board has no id of its own: it is the pool's ratings."""
RATING_CALLER_SQL = f"""
SELECT user_id, display_name, ordinal AS score, games, updated_at AS achieved_at FROM ratings
WHERE {RATING_KEY} AND user_id = :caller
"""
RATING_AHEAD_SQL = f"""
SELECT (SELECT COUNT(*) FROM ratings WHERE {RATING_KEY} AND ordinal > :score)
     + (SELECT COUNT(*) FROM ratings WHERE {RATING_KEY} AND ordinal = :score
        AND user_id < :caller)
"""

STATS_SQL = """
SELECT game, games, wins, best, CAST(total AS REAL) / games AS average, current_streak,
       best_streak, lost_solved, lost_winnable
FROM player_stats WHERE guild_id = :guild_id AND user_id = :user_id ORDER BY game
"""

RECORD_BOARD_SQL = """
INSERT INTO boards (guild_id, game, variant, daily, period)
VALUES (:guild_id, :game, :variant, :daily, :period)
ON CONFLICT (guild_id, game, variant, daily, period) DO UPDATE SET period = excluded.period
RETURNING id
"""
"""The board's id, made on its first result (the no-op update lets RETURNING give an existing
row's id)."""
RECORD_BEST_SQL = """
INSERT INTO board_bests (board_id, user_id, display_name, score, tiebreak, achieved_at, games)
VALUES (:board, :user_id, :display_name, :score, :tiebreak, :at, 1)
ON CONFLICT (board_id, user_id) DO UPDATE SET
    games = games + 1,
    display_name = excluded.display_name,
    achieved_at = CASE WHEN {better} THEN excluded.achieved_at ELSE achieved_at END,
    tiebreak = CASE WHEN {better} THEN excluded.tiebreak ELSE tiebreak END,
    score = CASE WHEN {better} THEN excluded.score ELSE score END
""".format(
    better="(excluded.score > score OR (excluded.score = score AND excluded.tiebreak < tiebreak))"
)
"""A result replaces a player's best when it ranks above it: a higher score, or the same with
a smaller tiebreak (every SET reads the row as it was)."""
RECORD_STATS_SQL = """
INSERT INTO player_stats (guild_id, user_id, game, games, wins, best, total, current_streak,
                          best_streak)
VALUES (:guild_id, :user_id, :game, 1, :won, :score, :score, :won, :won)
ON CONFLICT (guild_id, user_id, game) DO UPDATE SET
    games = games + 1,
    wins = wins + excluded.wins,
    best = MAX(best, excluded.best),
    total = total + excluded.total,
    current_streak = CASE WHEN excluded.wins THEN current_streak + 1 ELSE 0 END,
    best_streak = MAX(best_streak, CASE WHEN excluded.wins THEN current_streak + 1 ELSE 0 END)
"""
"""In an upsert's SET, bare column names are the row as it was, so `current_streak + 1` counts
this win onto the streak before it."""

BOARD_QUERIES = {
    "board": BOARD_SQL,
    "board page": BOARD_PAGE_SQL,
    "board caller": BOARD_CALLER_SQL,
    "board players ahead": BOARD_AHEAD_SQL,
    "rating page": RATING_PAGE_SQL,
    "rating players": RATING_PLAYERS_SQL,
    "rating caller": RATING_CALLER_SQL,
    "rating players ahead": RATING_AHEAD_SQL,
    "stats": STATS_SQL,
}
"""The queries the boards run, by name, for benchmarks that print their plans."""


def record_result_summaries(
    db: sqlite3.Connection, game_id: int, results: list[ResultRow], at: float
) -> None:
    """File a game's results on its boards and stats, inside the transaction recording them."""
    game = db.execute(
        "SELECT guild_id, game, COALESCE(variant, '') AS variant, COALESCE(daily, '') AS daily"
        " FROM games WHERE id = ?",
        (game_id,),
    ).fetchone()
    if game is None or game["guild_id"] is None:
        return
    where = dict(game)
    for result in results:
        record_result(db, {**where, **result.model_dump(), "at": at})


def record_result(db: sqlite3.Connection, result: dict) -> None:
    """One player's result (guild_id, game, variant, daily, user_id, display_name, score,
    outcome, hints, at) onto every board and period it counts towards, and onto their stats.
    A game played with hints counts in the player's stats but on no board: a board ranks what
    players found on their own."""
    if not result.get("hints") and result.get("ranked", True):
        for period in period_keys(result["at"], daily=bool(result["daily"])):
            board = db.execute(RECORD_BOARD_SQL, {**result, "period": period}).fetchone()[0]
            db.execute(RECORD_BEST_SQL, {**result, "board": board})
    db.execute(RECORD_STATS_SQL, {**result, "won": int(result["outcome"] == "won")})


FINISHED_SQL = """
SELECT 1 FROM results
WHERE guild_id = ? AND user_id = ? AND game = ? AND variant = ?
  AND outcome IN ('won', 'lost')
LIMIT 1
"""
"""A result of the variant played to its end (abandoned or expired ones are not), found
through the player's results in the server (`results_by_player`)."""


RECORD_VERDICT_SQL = """
UPDATE results SET winnable = :winnable
WHERE game_id = :game_id AND winnable IS NULL AND outcome != 'won'
RETURNING guild_id, user_id, game
"""
COUNT_VERDICT_SQL = """
UPDATE player_stats SET lost_solved = lost_solved + 1, lost_winnable = lost_winnable + :winnable
WHERE guild_id = :guild_id AND user_id = :user_id AND game = :game
"""


def record_verdict(db: sqlite3.Connection, game_id: int, winnable: bool) -> bool:
    """A lost game's deal solved: kept on its result, and counted once in its player's stats
    (the share of lost deals that could have been won)."""
    rows = db.execute(RECORD_VERDICT_SQL, {"game_id": game_id, "winnable": winnable}).fetchall()
    for row in rows:
        if row["guild_id"] is not None:
            db.execute(COUNT_VERDICT_SQL, {**dict(row), "winnable": int(winnable)})
    return bool(rows)


class BoardQueries:
    """Read side of results and ratings, mixed into the SQLite store: its read connection."""

    _reader: SqliteThread

    async def leaderboard(
        self, query: BoardQuery, caller_id: int, offset: int = 0, limit: int = BOARD_SIZE
    ) -> BoardPage:
        params = {
            **query.model_dump(),
            "variant": query.variant or "",
            "daily": query.daily or "",
            "caller": caller_id,
            "offset": offset,
            "limit": limit,
        }
        sql = (BOARD_PAGE_SQL, BOARD_CALLER_SQL, BOARD_AHEAD_SQL)
        return await self._reader.run(lambda db: _page(db, sql, params, BOARD_SQL))

    async def rating_board(
        self, guild_id: int, game: str, caller_id: int, offset: int = 0, limit: int = BOARD_SIZE
    ) -> BoardPage:
        params = {
            "guild_id": guild_id,
            "game": game,
            "caller": caller_id,
            "offset": offset,
            "limit": limit,
        }
        sql = (RATING_PAGE_SQL, RATING_CALLER_SQL, RATING_AHEAD_SQL)
        return await self._reader.run(lambda db: _page(db, sql, params, RATING_PLAYERS_SQL))

    async def player_stats(self, guild_id: int, user_id: int) -> list[GameStats]:
        rows = await self._read(STATS_SQL, {"guild_id": guild_id, "user_id": user_id})
        return [GameStats(**dict(row)) for row in rows]

    async def ratings(self, guild_id: int, game: str, user_ids: list[int]) -> dict[int, Rating]:
        marks = ",".join("?" * len(user_ids))
        rows = await self._read(
            "SELECT game, user_id, display_name, mu, sigma, ordinal, games FROM ratings"
            f" WHERE guild_id = ? AND game = ? AND user_id IN ({marks})",
            (guild_id, game, *user_ids),
        )
        return {row["user_id"]: Rating(**dict(row)) for row in rows}

    async def has_finished(self, guild_id: int, user_id: int, game: str, variant: str) -> bool:
        return bool(await self._read(FINISHED_SQL, (guild_id, user_id, game, variant)))

    async def _read(self, sql: str, params: tuple | dict = ()) -> list[sqlite3.Row]:
        raise NotImplementedError  # SqliteStore provides it


def _page(
    db: sqlite3.Connection, sql: tuple[str, str, str], params: dict, board_sql: str
) -> BoardPage:
    """A page, the board's size and the caller's own line, read together in one snapshot.

    `board_sql` gives the board's id (None when it needs none) and its number of players."""
    page_sql, caller_sql, ahead_sql = sql
    db.execute("BEGIN")
    try:
        board = db.execute(board_sql, params).fetchone()
        if board is None:
            return BoardPage(entries=[], caller=None, players=0)
        params = {**params, "board": board[0]}
        rows = db.execute(page_sql, params).fetchall()
        mine = db.execute(caller_sql, params).fetchone()
        ahead = db.execute(ahead_sql, {**params, **dict(mine)}).fetchone()[0] if mine else 0
    finally:
        db.execute("COMMIT")
    offset = params["offset"]
    entries = [
        BoardEntry(rank=offset + place, **dict(row)) for place, row in enumerate(rows, start=1)
    ]
    caller = BoardEntry(rank=ahead + 1, **dict(mine)) if mine is not None else None
    return BoardPage(entries=entries, caller=caller, players=board[1])
