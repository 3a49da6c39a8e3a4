"""What the dungeon crawls share as games: their moves' text forms and labels, the Dealer, and
where they have them, a solver and a hint."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from bot.games.contract import Event
from bot.games.crawl.actions import DungeonAction, DungeonState, parse_action
from bot.games.crawl.dealer import Dealer
from bot.games.crawl.hindsight import look_back
from bot.games.crawl.keys import move_key
from bot.games.crawl.solving import Advice, DealSolver, SearchTooLong
from bot.games.crawl.text import action_label, terminal_label
from bot.games.definition import Game, Hindsight, Hint

CrawlState = TypeVar("CrawlState", bound=DungeonState)
SOLO = 0
SEARCH_BUDGET = 40_000
"""Positions a solver written in Python may expand for one question (about five seconds): a
rare deal deeper than that gets no answer, or a best score that is only a floor, rather than
a wait of minutes. A faster solver gets more (`CrawlGame.search_budget`)."""


class CrawlGame(Game[CrawlState, DungeonAction]):
    """A dungeon crawl: moves on room cards, told by the Dealer."""

    def deal_solver(self, budget: int | None = None) -> DealSolver[CrawlState] | None:
        """A solver for one deal, where the game has one (`info.solver`), that expands at most
        `budget` positions (SearchTooLong past them)."""
        return None

    def search_budget(self) -> int:
        """Positions this game's solver may expand for one question: budgets count positions,
        not seconds, so that the same question gets the same answer on any machine."""
        return SEARCH_BUDGET

    def advice(self, state: CrawlState) -> Advice | None:
        """A hint from what the player alone at the table sees, where the game has one
        (`info.hints`)."""
        return None

    def parse_action(self, text: str) -> DungeonAction:
        return parse_action(text)

    def label(
        self, state: CrawlState, seat: int, action: DungeonAction, names: Sequence[str] = ()
    ) -> str:
        return terminal_label(state, action)

    def key(self, state: CrawlState, seat: int, action: DungeonAction) -> str:
        return move_key(state, action)

    reads_before = False  # the Dealer tells a move from its events and the table after it

    def narrate(
        self,
        events: Sequence[Event],
        before: CrawlState | None,
        after: CrawlState,
        names: list[str],
    ) -> list[str]:
        return Dealer(after.seed, names).narrate(events, after.turn)

    def advise(self, state: CrawlState, seat: int) -> Hint | None:
        if state.is_over or state.acting() != [SOLO] or seat != SOLO:
            return None
        advice = self.advice(state)
        if advice is None:
            return None
        return Hint(
            action=str(advice.action), label=action_label(advice.action), reason=advice.reason
        )

    def can_win(self, start: CrawlState) -> bool | None:
        solver = self.deal_solver(self.search_budget())
        if solver is None:
            return None
        try:
            return solver.winnable(start)
        except SearchTooLong:
            return None

    def hindsight(self, start: CrawlState, moves: Sequence[str]) -> Hindsight | None:
        # Each of the two questions has a solver and a budget of its own (see `look_back`).
        budget = self.search_budget()
        verdict, walk = self.deal_solver(budget), self.deal_solver(budget)
        if verdict is None or walk is None:
            return None
        return look_back(verdict, walk, start, [parse_action(text) for text in moves])
