"""What a solver and a hint policy give back, shared by the dungeon crawls that have them.

A solver sees the whole deck (it answers "could this deal have been won?"); a hint sees only
what the player sees. Both are pure: no I/O, no clock, the same answer for the same position.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from bot.games.crawl.actions import DungeonAction, DungeonState

Position = TypeVar("Position")
SolvedState = TypeVar("SolvedState", bound=DungeonState, contravariant=True)


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


class DealSolver(Protocol[SolvedState]):
    """One deal's solver, its memo kept from one position of the deal to the next."""

    def solve(self, state: SolvedState) -> Solution: ...

    def winnable(self, state: SolvedState) -> bool: ...


class SearchTooLong(Exception):
    """A solver given a budget of positions used it up before it could answer. Budgets count
    positions, not seconds, so the same question gets the same answer on any machine."""


@dataclass(frozen=True, slots=True)
class Advice:
    """A suggested move from what the player can see, and one short line on why."""

    action: DungeonAction
    reason: str


def spread_first(
    ranked: Sequence[Position], width: int, place: Callable[[Position], Hashable]
) -> list[Position]:
    """`width` positions of a search level, best first, the best of each place before a second
    at any: the best-ranked positions often share one place (the same cards left, other
    weapons), and a narrow search that follows them all explores one line many times over."""
    kept: list[Position] = []
    others: list[Position] = []
    places: set[Hashable] = set()
    for here in ranked:
        where = place(here)
        if where in places:
            others.append(here)
            continue
        places.add(where)
        kept.append(here)
        if len(kept) == width:
            return kept
    return kept + others[: width - len(kept)]
