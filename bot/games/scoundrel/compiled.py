"""The solver's search compiled to C, behind the same face as the Python one (`search.Search`).

A solver must prove that no better score exists, which on the hard deals means a few hundred
thousand structures: the compiled search expands them about a hundred times faster than the
Python one, which stays the reference the tests hold it to, and what runs where the extension
was not built (no C compiler at install).
"""

from __future__ import annotations

from bot.games.crawl.actions import ActionKind
from bot.games.crawl.solving import SearchTooLong
from bot.games.scoundrel.engine import RUN_RULES, RunRule, ScoundrelState, Variant
from bot.games.scoundrel.positions import Move
from bot.games.scoundrel.search import structure_of

try:
    from bot.games.scoundrel._compiled_search import Searcher
except ImportError:  # built without a C compiler: the Python search stands in
    Searcher = None

RULE_CODES: dict[RunRule, int] = {
    RunRule.ANY_ROOM: 0,
    RunRule.NOT_TWICE_IN_A_ROW: 1,
    RunRule.NEVER: 2,
}
"""The run rules as the C source numbers them."""
KINDS = (
    ActionKind.FIGHT_WITH_WEAPON,
    ActionKind.FIGHT_BAREHANDED,
    ActionKind.EQUIP,
    ActionKind.DRINK,
    ActionKind.RUN,
)
"""The moves as the C source numbers them."""


def available() -> bool:
    return Searcher is not None


class CompiledSearch:
    """Least-HP bounds per goal and structure, kept in C (structures are opaque ints here)."""

    def __init__(self, variant: Variant) -> None:
        if Searcher is None:
            raise RuntimeError("the compiled search was not built")
        self._searcher = Searcher(RULE_CODES[RUN_RULES[variant]], SearchTooLong)

    def start(self, state: ScoundrelState) -> tuple[int, int]:
        return self._searcher.node(*structure_of(state)), state.hp

    def reaches(self, goal: int, node: int, hp: int) -> bool:
        return self._searcher.reaches(goal, node, hp)

    def line(self, goal: int, node: int, hp: int) -> tuple[list[Move], int]:
        moves, score = self._searcher.line(goal, node, hp)
        return [(KINDS[kind], code, place) for kind, code, place in moves], score

    def bound(self, node: int) -> tuple[int, int, int]:
        return self._searcher.bound(node)

    @property
    def expansions(self) -> int:
        return self._searcher.expansions

    @property
    def limit(self) -> int | None:
        return self._searcher.limit

    @limit.setter
    def limit(self, limit: int | None) -> None:
        self._searcher.limit = limit
