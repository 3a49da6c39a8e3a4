"""Leaderboards, player stats and ratings, read straight from SQLite.

Ranking, tie-breaking and streaks are computed by SQLite over the results indexes, so a board
costs the same whether a server has played a hundred games or a million.
"""

from __future__ import annotations

from collections.abc import Iterable

import aiosqlite

from storage.models import BOARD_SIZE, BoardEntry, BoardPage, BoardQuery, GameStats, Rating

# Each player's best result in the period; ties go to who got there first, then the lower id.
BOARD_SQL = """
WITH best AS (
    SELECT user_id, display_name, score, finished_at AS achieved_at, games FROM (
        SELECT user_id, display_name, score, finished_at,
               COUNT(*) OVER (PARTITION BY user_id) AS games,
               ROW_NUMBER() OVER (
                   PARTITION BY user_id ORDER BY score DESC, finished_at, id
               ) AS pick
        FROM results
        WHERE guild_id = :guild_id AND game = :game AND variant IS :variant
          AND daily IS :daily AND finished_at >= :since
    ) WHERE pick = 1
), ranked AS (
    SELECT ROW_NUMBER() OVER (ORDER BY score DESC, achieved_at, user_id) AS rank,
           COUNT(*) OVER () AS players, *
    FROM best
)
SELECT * FROM ranked
WHERE rank > :offset AND rank <= :offset + :limit OR user_id = :caller
ORDER BY rank
"""

RATING_BOARD_SQL = """
WITH ranked AS (
    SELECT ROW_NUMBER() OVER (ORDER BY ordinal DESC, user_id) AS rank,
           COUNT(*) OVER () AS players,
           user_id, display_name, ordinal AS score, games, updated_at AS achieved_at
    FROM ratings WHERE guild_id = :guild_id AND game = :game
)
SELECT * FROM ranked
WHERE rank > :offset AND rank <= :offset + :limit OR user_id = :caller
ORDER BY rank
"""

STATS_SQL = """
WITH mine AS (
    SELECT id, game, outcome = 'won' AS won, score FROM results
    WHERE guild_id = :guild_id AND user_id = :user_id
), runs AS (
    SELECT game, won,
           ROW_NUMBER() OVER (PARTITION BY game ORDER BY id)
           - ROW_NUMBER() OVER (PARTITION BY game, won ORDER BY id) AS run
    FROM mine
), streaks AS (
    SELECT game, MAX(length) AS best_streak FROM (
        SELECT game, COUNT(*) AS length FROM runs WHERE won GROUP BY game, run
    ) GROUP BY game
), current AS (
    SELECT m.game, COUNT(*) AS current_streak FROM mine m
    WHERE m.won AND m.id > COALESCE(
        (SELECT MAX(id) FROM mine l WHERE l.game = m.game AND NOT l.won), 0)
    GROUP BY m.game
)
SELECT m.game, COUNT(*) AS games, SUM(m.won) AS wins, MAX(m.score) AS best,
       AVG(m.score) AS average,
       COALESCE(c.current_streak, 0) AS current_streak,
       COALESCE(s.best_streak, 0) AS best_streak
FROM mine m
LEFT JOIN streaks s ON s.game = m.game
LEFT JOIN current c ON c.game = m.game
GROUP BY m.game ORDER BY m.game
"""


class BoardQueries:
    """Read side of results and ratings, mixed into the SQLite store: its read connection."""

    async def leaderboard(
        self, query: BoardQuery, caller_id: int, offset: int = 0, limit: int = BOARD_SIZE
    ) -> BoardPage:
        params = {**query.model_dump(), "caller": caller_id, "offset": offset, "limit": limit}
        return self._page(await self._read(BOARD_SQL, params), caller_id, offset, limit)

    async def rating_board(
        self, guild_id: int, game: str, caller_id: int, offset: int = 0, limit: int = BOARD_SIZE
    ) -> BoardPage:
        params = {"guild_id": guild_id, "game": game, "caller": caller_id}
        rows = await self._read(RATING_BOARD_SQL, {**params, "offset": offset, "limit": limit})
        return self._page(rows, caller_id, offset, limit)

    @staticmethod
    def _page(rows: list[aiosqlite.Row], caller_id: int, offset: int, limit: int) -> BoardPage:
        entries = [BoardEntry(**{k: row[k] for k in BoardEntry.model_fields}) for row in rows]
        caller = next((e for e in entries if e.user_id == caller_id), None)
        shown = [e for e in entries if offset < e.rank <= offset + limit]
        return BoardPage(entries=shown, caller=caller, players=rows[0]["players"] if rows else 0)

    async def player_stats(self, guild_id: int, user_id: int) -> list[GameStats]:
        rows = await self._read(STATS_SQL, {"guild_id": guild_id, "user_id": user_id})
        return [GameStats(**dict(row)) for row in rows]

    async def ratings(self, guild_id: int, game: str, user_ids: list[int]) -> dict[int, Rating]:
        marks = ",".join("?" * len(user_ids))
        rows = await self._read(
            "SELECT game, user_id, display_name, mu, sigma, ordinal, games FROM ratings"
            f" WHERE guild_id = ? AND game = ? AND user_id IN ({marks})",
            [guild_id, game, *user_ids],
        )
        return {row["user_id"]: Rating(**dict(row)) for row in rows}

    async def _read(self, sql: str, params: Iterable | dict = ()) -> list[aiosqlite.Row]:
        """Rows from the store's read connection, so boards never hold up a click's commit."""
        raise NotImplementedError  # SqliteStore provides it
