"""What the dungeon crawls share as games: their moves' text forms and labels, the Dealer, and
where they have them, a solver and a hint."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from dataclasses import replace
from typing import Protocol, TypeVar

from bot.games.contract import Event
from bot.games.crawl.actions import DungeonAction, DungeonState, parse_action
from bot.games.crawl.dealer import Dealer
from bot.games.crawl.keys import move_key
from bot.games.crawl.solving import Advice, SearchTooLong, Solution
from bot.games.crawl.text import action_label, terminal_label
from bot.games.definition import Game, Hindsight, Hint

CrawlState = TypeVar("CrawlState", bound=DungeonState)
SolvedState = TypeVar("SolvedState", bound=DungeonState, contravariant=True)
SOLO = 0
SEARCH_BUDGET = 40_000
"""Positions a solver written in Python may expand for one question (about five seconds): a
rare deal deeper than that gets no answer, or a best score that is only a floor, rather than
a wait of minutes. A faster solver gets more (`CrawlGame.search_budget`)."""


class DealSolver(Protocol[SolvedState]):
    """One deal's solver, its memo kept from one position of the deal to the next."""

    def solve(self, state: SolvedState) -> Solution: ...

    def winnable(self, state: SolvedState) -> bool: ...


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
        """Whether the deal could be won, the first move after which the player's line could
        no longer win, then the deal's best score: in that order, as each later answer costs
        more than the one before. The positions of the line are asked on one solver, whose
        memo makes the later ones (parts of the first one's search) nearly free."""
        solver = self.deal_solver(self.search_budget())
        if solver is None:
            return None
        try:
            winnable = solver.winnable(start)
        except SearchTooLong:
            return None
        verdict = Hindsight(winnable=winnable, best_score=0, best_exact=False)
        if winnable:
            with suppress(SearchTooLong):  # where the win went may stay unknown, not the rest
                verdict = self._where_the_win_went(solver, start, moves, verdict)
        try:
            best = solver.solve(start)
        except SearchTooLong:
            return verdict if winnable else None
        return replace(verdict, best_score=best.best_score, best_exact=best.exact)

    def _where_the_win_went(
        self,
        solver: DealSolver[CrawlState],
        start: CrawlState,
        moves: Sequence[str],
        verdict: Hindsight,
    ) -> Hindsight:
        position = start.model_copy(deep=True)
        for number, text in enumerate(moves):
            action = parse_action(text)
            before = position.model_copy(deep=True)
            position.apply(SOLO, action)
            if solver.winnable(position):
                continue
            kept = next(
                other
                for other in before.legal_actions(SOLO)
                if solver.winnable(_after(before, other))
            )
            return replace(
                verdict,
                lost_at=f"Room {before.rooms_dealt}: {action_label(action)}",
                instead=action_label(kept),
                lost_move=number,
            )
        return verdict


def _after(state: CrawlState, action: DungeonAction) -> CrawlState:
    played = state.model_copy(deep=True)
    played.apply(SOLO, action)
    return played
