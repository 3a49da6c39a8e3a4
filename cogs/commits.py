"""One move saved: the state, the version + 1, its line in the action log, the voice's latest
lines, and with the game's last move its results and ratings, in one transaction."""

from __future__ import annotations

import json

from bot.games.definition import Match
from cogs.context import Desk
from cogs.loading import narration_of
from cogs.messages import NARRATION_LINES
from cogs.outcomes import ratings_for, result_rows
from storage import GameRecord, GameStatus


async def commit_move(
    desk: Desk, record: GameRecord, match: Match, *, user_id: int, action: str, lines: list[str]
) -> GameRecord:
    """Save `match` as the move `action` (by `user_id`) left it, told by `lines`; a
    StaleVersion if another commit came first."""
    narration = narration_of(record) + lines
    rows = result_rows(record, match) if match.is_over else []
    return await desk.store.commit_action(
        record.id,
        record.version,
        user_id=user_id,
        action=action,
        state=match.dump(),
        narration=json.dumps(narration[-NARRATION_LINES:]),
        status=GameStatus.FINISHED if match.is_over else GameStatus.ACTIVE,
        results=rows,
        ratings=ratings_for(record, rows),
    )
