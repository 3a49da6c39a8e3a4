"""Scoundrel solved with the deck order known: the best score a position can reach, and a line.

The engine's state is a pydantic model, far too slow to copy for every position searched, so
the solver plays its own copy of the rules on small ints (`positions`), and the tests hold it to
the engine by replaying every line it returns. The search over those positions is `search`,
and the same search compiled to C (`compiled`) where it was built, which is what runs: proving
that no better score exists takes a few hundred thousand positions on the hard deals. This
module is the solver's face: questions asked, lines turned into the engine's actions.

A position is a structure (the deck, the room, the weapon and its ceiling, the room's potion
and run flags) plus HP. Every score goal is monotone in HP: a line that reaches a goal from some
HP reaches it from any higher HP too (HP only ever moves by monotone steps, and a loss scores
HP minus the monsters left, a quantity no move can lower). So "can this position reach a score
of at least G?" is decided by one number per structure, the least HP that suffices, and the
search keeps, per goal and structure, a bound on each side of that number. Those bounds hold
for every HP at once, which is what makes the memo small: structures, not structures times HP.

The best score is found by asking that question for a few goals: first a win (any win beats any
loss), then higher goals by bisection.

Structures are made as few as the rules allow: cards of the same role and value are one code, a
room's play order only matters through the structure it leaves (so positions inside a room are
memoised too), a ceiling counts only through the monsters still to come (and a weapon that can
strike none of them is no weapon), and in Easy, where every room may be fled, the rooms a chain
of runs reaches are one position (a run changes nothing but the deck's order, so all of them
are worth the same): that also removes the only cycles the game has.

Two structures that differ only in the weapon (and the room's flags) share bounds too: one with
a weapon at least as strong, a ceiling at least as high and no flag the other lacks never needs
more HP. And since the time to find a win is heavy-tailed (a hopeless first move can cost
thousands of positions to refute while another wins at once), a winning goal is first looked
for by sweeps that follow only the few most promising positions per count of cards left (most
deals are won that way in a few hundred positions), and the win question then restarts now and
then with the moves in another order, keeping every finished proof.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Protocol

from bot.games.cards import Card
from bot.games.contract import Outcome
from bot.games.crawl.actions import ActionKind, DungeonAction, dungeon_action
from bot.games.crawl.solving import SearchTooLong, Solution
from bot.games.scoundrel import compiled
from bot.games.scoundrel.engine import MAX_HP, ScoundrelState, Variant
from bot.games.scoundrel.positions import Move, Rules, card_code
from bot.games.scoundrel.search import Search

__all__ = ["ScoundrelSolver", "SearchTooLong", "Solution", "solve"]

log = logging.getLogger(__name__)


class LineSearch(Protocol):
    """What the solver asks of a search: the Python one (`search.Search`) or the compiled one
    (`compiled.CompiledSearch`). Structures are whatever the search makes of a position."""

    @property
    def limit(self) -> int | None: ...
    @limit.setter
    def limit(self, limit: int | None) -> None: ...
    @property
    def expansions(self) -> int: ...
    def start(self, state: ScoundrelState) -> tuple[Any, int]: ...
    def reaches(self, goal: int, node: Any, hp: int) -> bool: ...
    def line(self, goal: int, node: Any, hp: int) -> tuple[list[Move], int]: ...
    def bound(self, node: Any) -> tuple[int, int, int]: ...


def python_search(variant: Variant) -> LineSearch:
    return Search(Rules(variant))


def fastest_search(variant: Variant) -> LineSearch:
    """The compiled search where it was built, else the Python one (said once in the log: an
    operator who sees "too deep to settle" answers should know why)."""
    if compiled.available():
        return compiled.CompiledSearch(variant)
    global _slow_said
    if not _slow_said:
        _slow_said = True
        log.warning(
            "Scoundrel's solver runs in Python: its C search was not built (no C compiler at"
            " install), so deep deals may go unsettled. Reinstall with gcc to build it."
        )
    return python_search(variant)


_slow_said = False


class ScoundrelSolver:
    """One deal's solver; its memo is kept across calls, so solving many positions of the same
    game (a post-mortem walks the player's line) costs little more than one."""

    def __init__(
        self, budget: int | None = None, search: Callable[[Variant], LineSearch] = fastest_search
    ) -> None:
        self._searches: dict[Variant, LineSearch] = {}
        self._new_search = search
        self.budget = budget
        """Positions all its searches may expand (compiled, about half a million a second; in
        Python, 10,000), or no limit: past it a question raises SearchTooLong, and `solve`
        settles for the best score found."""

    def solve(self, state: ScoundrelState) -> Solution:
        """The best final score from this position, and a line of moves that reaches it."""
        if state.is_over:
            return Solution(state.outcome == Outcome.WON, state.score or 0, ())
        search = self._search(state.variant)
        node, hp = search.start(state)
        won = search.reaches(1, node, hp)
        monsters, shortfall, best_potion = search.bound(node)
        ceiling = hp - shortfall
        if won:
            lowest, highest = 1, MAX_HP + best_potion if ceiling >= MAX_HP else ceiling
        else:
            lowest, highest = hp - monsters, min(0, ceiling)
        moves, score = search.line(lowest, node, hp)
        try:
            # The bound itself first: a deal's best is very often the most it could be. Else
            # bisect between the line found and the bound: a search cut short by its budget
            # still leaves the best score found so far. (Climbing one point at a time asks
            # more questions, and on the slowest deals each costs as much as a proof: on the
            # 20 slowest of 1,000 Classic deals, bisection expanded 17% fewer positions.)
            top = highest
            if score < highest:
                reached = self._reaches_soon(search, highest, node, hp)
                if reached:
                    moves, score = search.line(highest, node, hp)
                elif reached is not None:
                    top = highest - 1
            while score < top:
                goal = score + 1 + (top - score - 1) // 2
                if search.reaches(goal, node, hp):
                    moves, score = search.line(goal, node, hp)
                else:
                    top = goal - 1
        except SearchTooLong:
            return Solution(won, score, _actions(state, moves), exact=False)
        return Solution(won, score, _actions(state, moves))

    @staticmethod
    def _reaches_soon(search: LineSearch, goal: int, node: Any, hp: int) -> bool | None:
        """`reaches` within a quarter of what is left of the budget, or None if that runs
        out (what it proved stays in the memo, which only ever holds finished answers)."""
        cap = search.limit
        if cap is None:
            return search.reaches(goal, node, hp)
        search.limit = search.expansions + max(1, (cap - search.expansions) // 4)
        try:
            return search.reaches(goal, node, hp)
        except SearchTooLong:
            return None
        finally:
            search.limit = cap

    def winnable(self, state: ScoundrelState) -> bool:
        """Whether some line clears the dungeon: the win search alone, no best score."""
        if state.is_over:
            return state.outcome == Outcome.WON
        search = self._search(state.variant)
        return search.reaches(1, *search.start(state))

    def _search(self, variant: Variant) -> LineSearch:
        known = self._searches.get(variant)
        if known is None:
            known = self._searches[variant] = self._new_search(variant)
            known.limit = self.budget
        return known


def solve(state: ScoundrelState) -> Solution:
    """Solve one position with a fresh solver."""
    return ScoundrelSolver().solve(state)


def _actions(state: ScoundrelState, moves: list[Move]) -> tuple[DungeonAction, ...]:
    """The engine's actions for a line of coded moves, found by playing it on a copy: the copy
    knows which card of a code is where, and refuses any move the rules do not allow."""
    game = state.model_copy(deep=True)
    actions: list[DungeonAction] = []

    def play(action: DungeonAction) -> None:
        game.apply(0, action)
        actions.append(action)

    for kind, code, place in moves:
        if place is not None:
            while (_codes(game.room), _codes(game.deck)) != place:
                play(dungeon_action(ActionKind.RUN))
        if kind == ActionKind.RUN:
            play(dungeon_action(ActionKind.RUN))
        else:
            play(dungeon_action(kind, next(c for c in game.room if card_code(c) == code)))
    return tuple(actions)


def _codes(cards: list[Card]) -> tuple[int, ...]:
    return tuple(card_code(card) for card in cards)
