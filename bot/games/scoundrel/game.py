"""Scoundrel as the bot hosts it: its facts, its Dealer, its table and its rules page."""

from __future__ import annotations

from bot.games.contract import Event, Setup
from bot.games.crawl.game import CrawlGame, DealSolver
from bot.games.crawl.solving import Advice
from bot.games.definition import Board, Daily, GameInfo, Variant
from bot.games.scoundrel.engine import ScoundrelOptions, ScoundrelState
from bot.games.scoundrel.engine import Variant as RunVariant
from bot.games.scoundrel.engine import new_game as deal
from bot.games.scoundrel.rules import SCOUNDREL_RULES
from bot.games.scoundrel.view import scoundrel_table
from bot.games.views import TableView

INFO = GameInfo(
    key="scoundrel",
    title="Scoundrel",
    description="Scoundrel: a solo dungeon crawl through a 44-card deck",
    new_description="Start a game of Scoundrel in this channel",
    variants=[
        Variant(key="classic", label="Classic (ranked): no running twice in a row"),
        Variant(key="easy", label="Easy: run from any room"),
        Variant(key="hard", label="Hard: no running at all"),
    ],
    default_variant="classic",
    variant_description="How often you may run from a room (default: Classic)",
    hints=True,
    solver=True,
    daily=Daily(
        variant="classic",
        description="Today's daily dungeon: one winnable deal for everyone, one try",
        name="daily dungeon",
        won="escaped",
        lost="fell in",
    ),
    boards=[
        Board(
            key="scoundrel",
            title="Scoundrel",
            game="scoundrel",
            variants=["classic", "easy", "hard"],
            default_variant="classic",
        ),
        Board(
            key="daily",
            title="Daily dungeon",
            game="scoundrel",
            default_variant="classic",
            daily=True,
        ),
    ],
)


OPTIONS = {variant: ScoundrelOptions(variant=variant) for variant in RunVariant}
"""Each variant's options, made once: the frozen model is validated as it is built, at a
twentieth of the cost of dealing the game."""


COMPILED_SEARCH_BUDGET = 1_000_000
"""Positions the compiled search may expand for one question: two to three seconds, and about
twice what the deepest of 1,000 Classic deals needs for its best score (bench.solvers)."""


class ScoundrelGame(CrawlGame[ScoundrelState]):
    info = INFO
    rules = SCOUNDREL_RULES
    state_type = ScoundrelState

    def new_game(self, seed: int, setup: Setup) -> tuple[ScoundrelState, list[Event]]:
        variant = RunVariant(self.info.variant(setup.variant).key)
        return deal(seed, OPTIONS[variant], players=setup.seats)

    def table(self, state: ScoundrelState, names: list[str]) -> TableView:
        return scoundrel_table(state)

    def deal_solver(self, budget: int | None = None) -> DealSolver[ScoundrelState]:
        # Imported here, like the hint: only the process that solves deals needs it.
        from bot.games.scoundrel.solver import ScoundrelSolver

        return ScoundrelSolver(budget)

    def search_budget(self) -> int:
        from bot.games.scoundrel import compiled

        return COMPILED_SEARCH_BUDGET if compiled.available() else super().search_budget()

    def advice(self, state: ScoundrelState) -> Advice | None:
        # Imported here: its tables take a fifth of a second to build, and only the process
        # that works out hints (cogs/thinking.py) needs them.
        from bot.games.scoundrel.hint import advise

        return advise(state)


GAME = ScoundrelGame()
