"""Nim as the bot hosts it: its facts, its voice, its table and its rules page."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.contract import Event, Setup, seeded_rng
from bot.games.definition import Board, Game, GameInfo, Variant
from bot.games.views import Control, Field, RulesPage, TableView
from tests.nim.engine import MOST, NimState, Take, Took, parse_take

INFO = GameInfo(
    key="nim",
    title="Nim",
    description="Nim: take the last stick before the house does",
    new_description="Start a game of Nim in this channel",
    variants=[Variant(key="short", label="Short pile"), Variant(key="long", label="Long pile")],
    default_variant="short",
    boards=[Board(key="nim", title="Nim", game="nim", variants=["short", "long"])],
)
PILES = {"short": (7, 12), "long": (15, 21)}
RULES = RulesPage(
    title="Nim",
    summary="Take 1 to 3 sticks; the house answers. Whoever takes the last stick wins.",
    sections=[("Scoring", "A win scores 20 minus your moves; a loss scores minus your moves.")],
)


class NimGame(Game[NimState, Take]):
    info = INFO
    rules = RULES
    state_type = NimState

    def new_game(self, seed: int, setup: Setup) -> tuple[NimState, Sequence[Event]]:
        low, high = PILES[self.info.variant(setup.variant).key]
        return NimState(seed=seed, pile=seeded_rng(seed, "pile").randint(low, high)), []

    def parse_action(self, text: str) -> Take:
        return parse_take(text)

    def label(self, state: NimState, seat: int, action: Take, names: Sequence[str] = ()) -> str:
        return f"Take {action.sticks}"

    def narrate(
        self, events: Sequence[Event], before: NimState | None, after: NimState, names: list[str]
    ) -> list[str]:
        said = [
            f"{'You take' if e.by == 'you' else 'The house takes'} {e.sticks}; {e.left} left."
            for e in events
            if isinstance(e, Took)
        ]
        return said or [f"A pile of {after.pile} sticks."]

    def table(self, state: NimState, names: list[str]) -> TableView:
        legal = set(state.legal_actions(0))
        controls = [
            Control(
                label=f"Take {n}", action=str(Take(sticks=n)), disabled=Take(sticks=n) not in legal
            )
            for n in range(1, MOST + 1)
        ]
        return TableView(
            title=f"Nim · {state.pile} sticks",
            fields=[Field(name="Pile", value="|" * state.pile or "empty")],
            footer="" if state.outcome is None else f"{state.outcome.value.upper()}",
            controls=[] if state.is_over else controls,
        )


GAME = NimGame()
