"""The colour of a game's panel: one glance tells everyone in the channel the game's state.

Decided from the seats and their results alone, the same way for every game: a game played
alone (or against the bot) is won or lost for its one person; a game of several people is
finished, in the winner's colour when somebody won and in a neutral one when nobody did, so a
channel never sees a rival's win on a red "lost" panel.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.contract import Outcome, SeatResult
from storage import GameStatus, PlayerSeat

COLOURS = {
    "active": 0x8B5CF6,
    "won": 0x22C55E,
    "lost": 0xEF4444,
    "winner": 0xF59E0B,
    "finished": 0x3B82F6,
    "closed": 0x6B7280,
}
"""Playing (violet); a solo game won (green) or lost (red); a game of several people won by
someone (gold) or by nobody (blue); closed early or unloadable (grey)."""


def panel_colour(
    status: GameStatus, players: Sequence[PlayerSeat], results: Sequence[SeatResult]
) -> str:
    """The key in COLOURS for a game's panel, from its status, its seats and their results."""
    if status == GameStatus.ACTIVE:
        return "active"
    if status != GameStatus.FINISHED or not results:
        return "closed"
    people = [p.seat for p in players if not p.is_bot]
    outcomes = {r.seat: r.outcome for r in results}
    if len(people) == 1:
        mine = outcomes.get(people[0])
        return mine if mine is not None and mine in (Outcome.WON, Outcome.LOST) else "finished"
    return "winner" if Outcome.WON in outcomes.values() else "finished"
