"""Whether a stored game can still be read: its game registered, its state loading into that
game's model, its narration a list of lines, its players there, its table drawable.

An upgrade that changes a state's model, or a damaged row, leaves a game nobody can play; it
must not hold its channel for ever. Such a game can still be abandoned and still expires,
closed with no result (there is nothing to score), and its row is kept for an operator, who
finds them all with `python -m bot doctor`. This module knows no Discord, so that command and
the bot share it.
"""

from __future__ import annotations

import json

from bot.games.registry import GAMES
from storage import GameRecord, GameStatus


class Unloadable(Exception):
    """A stored game that can no longer be read into its match."""

    def __init__(self, game_id: int, reason: str) -> None:
        super().__init__(f"game {game_id} cannot be loaded: {reason}")
        self.game_id = game_id
        self.reason = reason


def load_problem(record: GameRecord) -> str | None:
    """What keeps a stored game from being read and shown, in words; None when it loads.

    Everything a table needs is tried, so a game that passes here can be shown and played."""
    game = GAMES.get(record.game)
    if game is None:
        return f"the game {record.game!r} is not registered"
    if not record.players:
        return "it has no players"
    try:
        narration_of(record)
    except Unloadable as error:
        return error.reason
    try:
        match = game.resume(record.state)
        names = [player.display_name for player in record.players]
        match.table(names)
        seats = {player.seat for player in record.players}
        missing = set(match.acting()) - seats if record.status == GameStatus.ACTIVE else set()
    except Exception as error:  # whatever a model makes of a bad state, the game is unplayable
        return f"its state does not load ({described(error)})"
    if missing:
        return f"it waits on seats nobody holds ({', '.join(map(str, sorted(missing)))})"
    return None


def narration_of(record: GameRecord) -> list[str]:
    """The voice's stored lines; Unloadable when they are not a JSON list of lines."""
    try:
        narration = json.loads(record.narration)
    except ValueError as error:
        raise Unloadable(record.id, f"its narration is not JSON ({error})") from error
    if not isinstance(narration, list) or not all(isinstance(line, str) for line in narration):
        raise Unloadable(record.id, "its narration is not a list of lines")
    return narration


def described(error: Exception) -> str:
    """An error in one short line, for a log an operator reads (a model's error spans many)."""
    lines = [line.strip() for line in str(error).strip().splitlines() if line.strip()]
    return f"{type(error).__name__}: {' / '.join(lines[:3])[:300]}"
