"""Leaderboards, player stats and ratings on PostgreSQL, kept as storage/sqlite_boards.py keeps
them: each result updates its player's best on every board and period it counts towards, and
their running stats, in the transaction that records it; a page is an index range read in
order, the caller's rank a count of the rows ahead of them.

Concurrent transactions touch summary rows in one order (players by id, boards by id), so two
games finishing at once wait for each other instead of deadlocking.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from storage.models import BoardEntry, BoardPage, GameRecord, ResultRow
from storage.periods import period_keys
from storage.postgres_db import Connection, Record

BOARD_PAGE_SQL = """
WITH board AS (
    SELECT id, players FROM boards
    WHERE guild_id = $1 AND game = $2 AND variant = $3 AND daily = $4 AND period = $5
), mine AS (
    SELECT b.* FROM board_bests b, board WHERE b.board_id = board.id AND b.user_id = $6
)
SELECT 0 AS part, p.user_id, p.display_name, p.score, p.tiebreak, p.games, p.achieved_at,
       NULL::bigint AS ahead, board.players
FROM board, LATERAL (
    SELECT * FROM board_bests WHERE board_id = board.id
    ORDER BY score DESC, tiebreak, achieved_at, user_id LIMIT $7 OFFSET $8
) p
UNION ALL
SELECT 1, mine.user_id, mine.display_name, mine.score, mine.tiebreak, mine.games,
       mine.achieved_at,
       (SELECT COUNT(*) FROM board_bests b
        WHERE b.board_id = board.id AND b.score > mine.score)
     + (SELECT COUNT(*) FROM board_bests b
        WHERE b.board_id = board.id AND b.score = mine.score AND b.tiebreak < mine.tiebreak)
     + (SELECT COUNT(*) FROM board_bests b
        WHERE b.board_id = board.id AND b.score = mine.score AND b.tiebreak = mine.tiebreak
          AND (b.achieved_at, b.user_id) < (mine.achieved_at, mine.user_id)),
       board.players
FROM board, mine
UNION ALL
SELECT 2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, board.players FROM board
ORDER BY part, score DESC, tiebreak, achieved_at, user_id
"""
"""A board's page (part 0), the caller's own line with the players ranked above them, counted
as three ranges of the ranked index (part 1), and the board's size (part 2): one statement, so
one snapshot and one round trip. No rows: the board has no results yet."""

RATING_PAGE_SQL = """
WITH mine AS (
    SELECT user_id, display_name, ordinal AS score, 0 AS tiebreak, games,
           updated_at AS achieved_at
    FROM ratings WHERE guild_id = $1 AND game = $2 AND user_id = $3
)
SELECT 0 AS part, p.*, NULL::bigint AS ahead, NULL::bigint AS players
FROM (
    SELECT user_id, display_name, ordinal AS score, 0 AS tiebreak, games,
           updated_at AS achieved_at
    FROM ratings WHERE guild_id = $1 AND game = $2
    ORDER BY ordinal DESC, user_id LIMIT $4 OFFSET $5
) p
UNION ALL
SELECT 1, mine.*,
       (SELECT COUNT(*) FROM ratings WHERE guild_id = $1 AND game = $2 AND ordinal > mine.score)
     + (SELECT COUNT(*) FROM ratings WHERE guild_id = $1 AND game = $2
        AND ordinal = mine.score AND user_id < mine.user_id),
       NULL
FROM mine
UNION ALL
SELECT 2, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
       (SELECT COUNT(*) FROM ratings WHERE guild_id = $1 AND game = $2)
ORDER BY part, score DESC, user_id
"""
"""A rating pool's board, as BOARD_PAGE_SQL: it has no id of its own, it is the pool's
ratings, ranked by the conservative ordinal."""

STATS_SQL = """
SELECT game, games, wins, best, total::float8 / games AS average, current_streak, best_streak,
       lost_solved, lost_winnable
FROM player_stats WHERE guild_id = $1 AND user_id = $2 ORDER BY game COLLATE "C"
"""
RATINGS_SQL = """
SELECT game, user_id, display_name, mu, sigma, ordinal, games FROM ratings
WHERE guild_id = $1 AND game = $2 AND user_id = ANY($3::bigint[])
"""

BOARD_QUERIES = {
    "board page": BOARD_PAGE_SQL,
    "rating page": RATING_PAGE_SQL,
    "stats": STATS_SQL,
}
"""The queries the boards run, by name, for benchmarks that print their plans."""

FIND_BOARDS_SQL = """
SELECT id, period FROM boards
WHERE guild_id = $1 AND game = $2 AND variant = $3 AND daily = $4 AND period = ANY($5::text[])
"""
MAKE_BOARDS_SQL = """
INSERT INTO boards (guild_id, game, variant, daily, period)
SELECT $1, $2, $3, $4, unnest($5::text[])
ON CONFLICT (guild_id, game, variant, daily, period) DO NOTHING
RETURNING id, period
"""
"""Boards made on their first result; one another transaction is making at the same moment is
waited for and then found by FIND_BOARDS_SQL, run again."""
RECORD_BESTS_SQL = """
INSERT INTO board_bests AS b (board_id, user_id, display_name, score, tiebreak, achieved_at,
                            games)
SELECT board, $2::bigint, $3::text, $4::bigint, $6::integer, $5::float8, 1
FROM unnest($1::bigint[]) AS board
ON CONFLICT (board_id, user_id) DO UPDATE SET
    games = b.games + 1,
    display_name = excluded.display_name,
    achieved_at = CASE WHEN {better} THEN excluded.achieved_at ELSE b.achieved_at END,
    tiebreak = CASE WHEN {better} THEN excluded.tiebreak ELSE b.tiebreak END,
    score = CASE WHEN {better} THEN excluded.score ELSE b.score END
""".format(
    better="(excluded.score > b.score"
    " OR (excluded.score = b.score AND excluded.tiebreak < b.tiebreak))"
)
"""A result replaces a player's best when it ranks above it: a higher score, or the same with
a smaller tiebreak (every SET reads the row as it was)."""
RECORD_STATS_SQL = """
INSERT INTO player_stats AS s (guild_id, user_id, game, games, wins, best, total,
                               current_streak, best_streak)
VALUES ($1, $2, $3, 1, $4, $5, $5, $4, $4)
ON CONFLICT (guild_id, user_id, game) DO UPDATE SET
    games = s.games + 1,
    wins = s.wins + excluded.wins,
    best = GREATEST(s.best, excluded.best),
    total = s.total + excluded.total,
    current_streak = CASE WHEN excluded.wins > 0 THEN s.current_streak + 1 ELSE 0 END,
    best_streak = GREATEST(s.best_streak,
                           CASE WHEN excluded.wins > 0 THEN s.current_streak + 1 ELSE 0 END)
"""
"""In an upsert's SET, `s.` is the row as it was, so `s.current_streak + 1` counts this win
onto the streak before it."""

FINISHED_SQL = """
SELECT 1 FROM results
WHERE guild_id = $1 AND user_id = $2 AND game = $3 AND variant = $4
  AND outcome IN ('won', 'lost')
LIMIT 1
"""
"""A result of the variant played to its end (abandoned or expired ones are not), found
through the player's results in the server (`results_by_player`)."""


RECORD_VERDICT_SQL = """
UPDATE results SET winnable = $2
WHERE game_id = $1 AND winnable IS NULL AND outcome <> 'won'
RETURNING guild_id, user_id, game
"""
COUNT_VERDICT_SQL = """
UPDATE player_stats SET lost_solved = lost_solved + 1, lost_winnable = lost_winnable + $4
WHERE guild_id = $1 AND user_id = $2 AND game = $3
"""


async def record_result_summaries(
    db: Connection, game: GameRecord, results: Iterable[ResultRow], at: float
) -> None:
    """File a game's results on its boards and stats, inside the transaction recording them."""
    if game.guild_id is None:
        return
    where = (game.guild_id, game.game, game.variant or "", game.daily or "")
    for result in sorted(results, key=lambda row: row.user_id):
        if not result.hints and result.ranked:
            periods = period_keys(at, daily=bool(game.daily))
            boards = await board_ids(db, where, periods)
            args = (result.user_id, result.display_name, result.score, at, result.tiebreak)
            await db.execute(RECORD_BESTS_SQL, sorted(boards), *args)
        won = int(result.outcome == "won")
        await db.execute(
            RECORD_STATS_SQL, game.guild_id, result.user_id, game.game, won, result.score
        )


async def board_ids(db: Connection, where: tuple[Any, ...], periods: list[str]) -> list[int]:
    """The ids of a game's boards for these periods, made if they are new."""
    found = {row["period"]: row["id"] for row in await db.fetch(FIND_BOARDS_SQL, *where, periods)}
    for sql in (MAKE_BOARDS_SQL, FIND_BOARDS_SQL):
        missing = [period for period in periods if period not in found]
        if not missing:
            break
        found.update({row["period"]: row["id"] for row in await db.fetch(sql, *where, missing)})
    return [found[period] for period in periods]


async def record_verdict(db: Connection, game_id: int, winnable: bool) -> bool:
    """A lost game's deal solved: kept on its result, and counted once in its player's stats."""
    rows = await db.fetch(RECORD_VERDICT_SQL, game_id, int(winnable))
    for row in sorted(rows, key=lambda row: row["user_id"]):
        if row["guild_id"] is not None:
            await db.execute(
                COUNT_VERDICT_SQL, row["guild_id"], row["user_id"], row["game"], int(winnable)
            )
    return bool(rows)


async def board_page(
    db: Connection, key: tuple[Any, ...], caller_id: int, offset: int, limit: int
) -> BoardPage:
    """A page of a board (guild, game, variant, daily, period), the board's size and the
    caller's own line."""
    return _page(await db.fetch(BOARD_PAGE_SQL, *key, caller_id, limit, offset), offset)


async def rating_page(
    db: Connection, guild_id: int, game: str, caller_id: int, offset: int, limit: int
) -> BoardPage:
    """A page of a rating pool's board, as `board_page`."""
    rows = await db.fetch(RATING_PAGE_SQL, guild_id, game, caller_id, limit, offset)
    return _page(rows, offset)


def _page(rows: list[Record], offset: int) -> BoardPage:
    parts: dict[int, list[Record]] = {0: [], 1: [], 2: []}
    for row in rows:
        parts[row["part"]].append(row)
    fields = ("user_id", "display_name", "score", "tiebreak", "games", "achieved_at")
    entries = [
        BoardEntry(rank=offset + place, **{name: row[name] for name in fields})
        for place, row in enumerate(parts[0], start=1)
    ]
    caller = None
    for mine in parts[1]:
        caller = BoardEntry(rank=mine["ahead"] + 1, **{name: mine[name] for name in fields})
    players = parts[2][0]["players"] if parts[2] else 0
    return BoardPage(entries=entries, caller=caller, players=players)
