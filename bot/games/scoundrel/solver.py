"""Scoundrel solved with the deck order known: the best score a position can reach, and a line.

The engine's state is a pydantic model, far too slow to copy for every position searched, so
the solver plays its own copy of the rules on small ints (`positions`), and the tests hold it to
the engine by replaying every line it returns. The search over those positions is `search`;
this module is the solver's face: questions asked, lines turned into the engine's actions.

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

from bot.games.cards import Card
from bot.games.contract import Outcome
from bot.games.crawl.actions import ActionKind, DungeonAction, dungeon_action
from bot.games.crawl.solving import SearchTooLong, Solution
from bot.games.scoundrel.engine import MAX_HP, ScoundrelState, Variant
from bot.games.scoundrel.positions import Move, Node, Rules, card_code
from bot.games.scoundrel.search import Search

__all__ = ["ScoundrelSolver", "SearchTooLong", "Solution", "solve"]


class ScoundrelSolver:
    """One deal's solver; its memo is kept across calls, so solving many positions of the same
    game (a post-mortem walks the player's line) costs little more than one."""

    def __init__(self, budget: int | None = None) -> None:
        self._searches: dict[Variant, Search] = {}
        self.budget = budget
        """Positions all its searches may expand (about 8,000 a second), or no limit: past
        it a question raises SearchTooLong, and `solve` settles for the best score found."""

    def solve(self, state: ScoundrelState) -> Solution:
        """The best final score from this position, and a line of moves that reaches it."""
        if state.is_over:
            return Solution(state.outcome == Outcome.WON, state.score or 0, ())
        search = self._search(state.variant)
        node, hp = search.start(state)
        won = search.reaches(1, node, hp)
        monsters, shortfall, best_potion = search.rules.bound(node)
        ceiling = hp - shortfall
        if won:
            lowest, highest = 1, MAX_HP + best_potion if ceiling >= MAX_HP else ceiling
        else:
            lowest, highest = hp - monsters, min(0, ceiling)
        moves, score = search.line(lowest, node, hp)
        try:
            # The bound itself first: a deal's best is very often the most it could be. Else
            # climb from the line found, one point past its score at a time: each step is
            # quick but the last (the proof that nothing better exists), so a search cut short
            # by its budget still leaves the best score found so far.
            if score < highest and self._reaches_soon(search, highest, node, hp):
                moves, score = search.line(highest, node, hp)
            while score < highest and search.reaches(score + 1, node, hp):
                moves, score = search.line(score + 1, node, hp)
        except SearchTooLong:
            return Solution(won, score, _actions(state, moves), exact=False)
        return Solution(won, score, _actions(state, moves))

    @staticmethod
    def _reaches_soon(search: Search, goal: int, node: Node, hp: int) -> bool:
        """`reaches` within a quarter of what is left of the budget: False if that runs out
        (what it proved stays in the memo, which only ever holds finished answers)."""
        rules = search.rules
        cap = rules.limit
        if cap is None:
            return search.reaches(goal, node, hp)
        rules.limit = rules.expansions + max(1, (cap - rules.expansions) // 4)
        try:
            return search.reaches(goal, node, hp)
        except SearchTooLong:
            return False
        finally:
            rules.limit = cap

    def winnable(self, state: ScoundrelState) -> bool:
        """Whether some line clears the dungeon: the win search alone, no best score."""
        if state.is_over:
            return state.outcome == Outcome.WON
        search = self._search(state.variant)
        return search.reaches(1, *search.start(state))

    def _search(self, variant: Variant) -> Search:
        known = self._searches.get(variant)
        if known is None:
            known = self._searches[variant] = Search(Rules(variant))
            known.rules.limit = self.budget
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
