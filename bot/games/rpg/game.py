"""The Role Playing Card Game as the bot hosts it: a lobby with bots, private hands, a turn
timer, seats that may leave, and a rating board."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.contract import Event, Setup
from bot.games.definition import (
    Board,
    Game,
    GameInfo,
    Lobby,
    NumberSetting,
    SeatRange,
    Variant,
)
from bot.games.rpg.actions import RpgAction, parse_action
from bot.games.rpg.engine import MAX_PLAYERS, MIN_PLAYERS, RpgState, new_game
from bot.games.rpg.policy import bot_action
from bot.games.rpg.rules import RPG_RULES
from bot.games.rpg.table import label, rpg_hand, rpg_table
from bot.games.rpg.typed import typed_action
from bot.games.rpg.values import LONG_NIGHT, MAX_ROUNDS
from bot.games.rpg.voice import narrate
from bot.games.views import HandView, TableView

TABLE = SeatRange(min=MIN_PLAYERS, max=MAX_PLAYERS)
NIGHT_ROUNDS = (5, 8, 10, 12, 15, 18, 20, 25, MAX_ROUNDS)
"""The rounds a Discord menu offers for the Long Night (the terminal takes any)."""
LONG_NIGHT_SETTING = NumberSetting(
    name="long_night",
    description=f"The round the Long Night begins: each round's end wounds everyone (default "
    f"{LONG_NIGHT}; 0: off)",
    minimum=0,
    maximum=MAX_ROUNDS,
    default=LONG_NIGHT,
    choices=[
        ("The Long Night off", 0),
        *(
            (
                f"The Long Night from round {night}{' (default)' if night == LONG_NIGHT else ''}",
                night,
            )
            for night in NIGHT_ROUNDS
        ),
    ],
)

INFO = GameInfo(
    key="rpg",
    title="Role Playing Card Game",
    description="Role Playing Card Game: 2-6 players fight with a deck of cards, last one standing "
    "wins",
    new_description="Open a Role Playing Card Game table: players join, add bots, then start",
    seats=TABLE,
    variants=[Variant(key="classic", label="Last one standing", seats=TABLE, rated=True)],
    default_variant="classic",
    lobby=Lobby(
        blurb="Diamonds buy, spades and clubs attack, hearts keep you alive: the last one "
        f"standing wins. Join, add bots if you like, and the host starts ({MIN_PLAYERS} to "
        f"{MAX_PLAYERS} players).",
        bots=True,
    ),
    settings=[LONG_NIGHT_SETTING],
    turn_timer=True,
    private_hands=True,
    seats_may_leave=True,
    boards=[
        Board(
            key="rpg",
            title="Role Playing Card Game ratings",
            game="rpg-classic",
            rated=True,
            unit="rating",
        )
    ],
)


class RpgGame(Game[RpgState, RpgAction]):
    info = INFO
    rules = RPG_RULES
    state_type = RpgState
    reads_before = False

    def new_game(self, seed: int, setup: Setup) -> tuple[RpgState, Sequence[Event]]:
        night = setup.settings.get(LONG_NIGHT_SETTING.name, LONG_NIGHT_SETTING.default)
        return new_game(seed, setup.seats, long_night=night)

    def settings_of(self, state: RpgState) -> dict[str, int]:
        return {LONG_NIGHT_SETTING.name: state.long_night}

    def parse_action(self, text: str) -> RpgAction:
        return parse_action(text)

    def typed_action(self, state: RpgState, seat: int, text: str) -> RpgAction | None:
        return typed_action(state, seat, text)

    def label(
        self, state: RpgState, seat: int, action: RpgAction, names: Sequence[str] = ()
    ) -> str:
        return label(state, seat, action, names)

    def narrate(
        self,
        events: Sequence[Event],
        before: RpgState | None,
        after: RpgState,
        names: list[str],
    ) -> list[str]:
        return narrate(events, names)

    def table(self, state: RpgState, names: list[str]) -> TableView:
        return rpg_table(state, names)

    def hand(
        self, state: RpgState, seat: int, picked: list[str], names: Sequence[str] = ()
    ) -> HandView | None:
        return rpg_hand(state, seat, picked, names)

    def suggest(self, state: RpgState, seat: int) -> RpgAction | None:
        return bot_action(state, seat)

    def bot_action(self, state: RpgState, seat: int) -> RpgAction | None:
        return bot_action(state, seat)


GAME = RpgGame()
