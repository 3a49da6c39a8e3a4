"""Diamonds & Dragons as the bot hosts it: solo, or a duel by challenge, with the Dealer's voice."""

from __future__ import annotations

from bot.games.contract import Event, Setup
from bot.games.crawl.game import CrawlGame, DealSolver
from bot.games.crawl.solving import Advice
from bot.games.definition import Board, Challenge, GameInfo, SeatRange, Variant
from bot.games.dragons.engine import DragonsState
from bot.games.dragons.engine import new_game as deal
from bot.games.dragons.rules import DRAGONS_RULES
from bot.games.dragons.view import dragons_table
from bot.games.views import TableView

INFO = GameInfo(
    key="dragons",
    title="Diamonds & Dragons",
    description="Diamonds & Dragons: lead five heroes through a dungeon with dragons",
    new_description="Start a solo Diamonds & Dragons game in this channel",
    seats=SeatRange(min=1, max=2),
    variants=[
        Variant(key="solo", label="Solo"),
        Variant(key="duel", label="Duel", seats=SeatRange(min=2, max=2), rated=True),
    ],
    default_variant="solo",
    hints=True,
    solver=True,
    challenge=Challenge(
        variant="duel", description="Challenge someone to a Diamonds & Dragons duel"
    ),
    boards=[
        Board(
            key="dragons",
            title="Diamonds & Dragons",
            game="dragons",
            variants=["solo"],
            default_variant="solo",
        ),
        Board(
            key="dragons-duel",
            title="Dragons duel ratings",
            game="dragons-duel",
            rated=True,
            unit="rating",
        ),
    ],
)


SEARCH_BUDGET = 200_000
"""Nodes the solver may expand for one question: the slowest of 1,000 deals needed 171,000
for its best score (about three seconds); 40,000 left 2 of 300 deals with only a floor."""


class DragonsGame(CrawlGame[DragonsState]):
    info = INFO
    rules = DRAGONS_RULES
    state_type = DragonsState

    def new_game(self, seed: int, setup: Setup) -> tuple[DragonsState, list[Event]]:
        variant = self.info.variant(setup.variant)
        return deal(seed, players=variant.seats.min)

    def table(self, state: DragonsState, names: list[str]) -> TableView:
        return dragons_table(state, names)

    def deal_solver(self, budget: int | None = None) -> DealSolver[DragonsState]:
        # Imported here, like the hint: only the process that solves deals needs it.
        from bot.games.dragons.solver import DragonsSolver

        return DragonsSolver(budget)

    def search_budget(self) -> int:
        return SEARCH_BUDGET

    def advice(self, state: DragonsState) -> Advice | None:
        if len(state.parties) != 1:
            return None  # a duel plays unaided
        # Imported here: its tables take a fifth of a second to build, and only the process
        # that works out hints (cogs/thinking.py) needs them.
        from bot.games.dragons.hint import advise

        return advise(state)


GAME = DragonsGame()
