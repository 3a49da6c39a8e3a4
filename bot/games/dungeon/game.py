"""Dungeon of Cards as the bot hosts it: a duel by challenge (or against the bot), private
hands, a turn timer, and the Dungeon Keeper's voice."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.contract import Event, Setup
from bot.games.definition import Board, Challenge, Game, GameInfo, SeatRange, Variant
from bot.games.dungeon.actions import Move, parse_action
from bot.games.dungeon.engine import DungeonState, new_game
from bot.games.dungeon.naming import label
from bot.games.dungeon.policy import choose
from bot.games.dungeon.rules import DUNGEON_RULES
from bot.games.dungeon.table import dungeon_hand, dungeon_table
from bot.games.dungeon.typed import typed_action
from bot.games.dungeon.voice import narrate
from bot.games.views import HandView, TableView

DUEL = SeatRange(min=2, max=2)

INFO = GameInfo(
    key="dungeon",
    title="Dungeon of Cards",
    description="Dungeon of Cards: a duel in a dungeon of cards, first to 100 points",
    new_description="Start a Dungeon of Cards duel against the bot in this channel",
    seats=DUEL,
    variants=[Variant(key="duel", label="Duel: first to 100 points", seats=DUEL, rated=True)],
    default_variant="duel",
    challenge=Challenge(
        variant="duel",
        description="Challenge someone to a Dungeon of Cards duel",
        against_bot=True,
    ),
    turn_timer=True,
    private_hands=True,
    boards=[
        Board(
            key="dungeon",
            title="Dungeon of Cards ratings",
            game="dungeon-duel",
            rated=True,
            unit="rating",
        )
    ],
)


class DungeonGame(Game[DungeonState, Move]):
    info = INFO
    rules = DUNGEON_RULES
    state_type = DungeonState
    reads_before = False  # the voice tells a move from its events and the table after it

    def new_game(self, seed: int, setup: Setup) -> tuple[DungeonState, Sequence[Event]]:
        self.info.variant(setup.variant)
        return new_game(seed)

    def parse_action(self, text: str) -> Move:
        return parse_action(text)

    def typed_action(self, state: DungeonState, seat: int, text: str) -> Move | None:
        return typed_action(state, seat, text)

    def label(self, state: DungeonState, seat: int, action: Move, names: Sequence[str] = ()) -> str:
        return label(state, seat, action)

    def narrate(
        self,
        events: Sequence[Event],
        before: DungeonState | None,
        after: DungeonState,
        names: list[str],
    ) -> list[str]:
        return narrate(events, after, names)

    def table(self, state: DungeonState, names: list[str]) -> TableView:
        return dungeon_table(state, names)

    def hand(
        self, state: DungeonState, seat: int, picked: list[str], names: Sequence[str] = ()
    ) -> HandView | None:
        if seat not in (0, 1):
            return None
        return dungeon_hand(state, seat, picked)

    def suggest(self, state: DungeonState, seat: int) -> Move | None:
        return choose(state, seat) if seat in state.acting() else None

    def bot_action(self, state: DungeonState, seat: int) -> Move | None:
        return choose(state, seat) if seat in state.acting() else None


GAME = DungeonGame()
