"""What a solver and a hint policy give back, shared by the dungeon crawls that have them.

A solver sees the whole deck (it answers "could this deal have been won?"); a hint sees only
what the player sees. Both are pure: no I/O, no clock, the same answer for the same position.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.crawl.actions import DungeonAction


@dataclass(frozen=True, slots=True)
class Solution:
    """A position solved with the deck order known."""

    winnable: bool
    best_score: int
    """The best final score any line from the position reaches (a win's, if one exists)."""
    line: tuple[DungeonAction, ...]
    """Moves from the position that reach `best_score`, in order."""
    exact: bool = True
    """False when the search for a better score ran out of its budget: `best_score` is then
    what the line reaches, and the best may be higher."""


class SearchTooLong(Exception):
    """A solver given a budget of positions used it up before it could answer. Budgets count
    positions, not seconds, so the same question gets the same answer on any machine."""


@dataclass(frozen=True, slots=True)
class Advice:
    """A suggested move from what the player can see, and one short line on why."""

    action: DungeonAction
    reason: str
