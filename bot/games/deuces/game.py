"""Dungeons & Deuces as the bot hosts it: a lobby, private hands, a timer and the GM's voice."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.contract import Event, IllegalAction, Setup
from bot.games.definition import Game, GameInfo, Lobby, NumberSetting, SeatRange, Variant
from bot.games.deuces.actions import DeucesAction, parse_action
from bot.games.deuces.autoplay import suggest
from bot.games.deuces.content import load_content
from bot.games.deuces.engine import MAX_PLAYERS, DeucesState, new_game
from bot.games.deuces.rules import DEUCES_RULES
from bot.games.deuces.state import MAX_LEVEL, DeucesOptions, Mode, SeatChoice
from bot.games.deuces.table import deuces_hand, deuces_table, label
from bot.games.deuces.voice import narrate
from bot.games.views import HandView, TableView

PARTY = SeatRange(min=1, max=MAX_PLAYERS)
CLASSES = load_content().classes

INFO = GameInfo(
    key="deuces",
    title="Dungeons & Deuces",
    description="Dungeons & Deuces: a party of 1-5 against encounters the GM draws",
    new_description="Open a Dungeons & Deuces table: players join, then start",
    seats=PARTY,
    variants=[
        Variant(key=Mode.ENCOUNTER.value, label="One encounter", seats=PARTY),
        Variant(key=Mode.QUEST_BEGINNER.value, label="Quest for Power (beginner)", seats=PARTY),
        Variant(key=Mode.QUEST_HARDCORE.value, label="Quest for Power (hardcore)", seats=PARTY),
    ],
    default_variant=Mode.ENCOUNTER.value,
    variant_option="mode",
    variant_description="What to play",
    settings=[
        NumberSetting(
            name="level",
            description=f"The party's level, 1 to {MAX_LEVEL} (default 1)",
            minimum=1,
            maximum=MAX_LEVEL,
            default=1,
        )
    ],
    lobby=Lobby(
        pick_placeholder="Choose your class",
        picks=[(klass.id, klass.name, klass.flavour) for klass in CLASSES],
        blurb="The GM deals an encounter for your party. Join, choose a class, and the host"
        f" starts (1 to {MAX_PLAYERS} players).",
    ),
    turn_timer=True,
    private_hands=True,
)


class DeucesGame(Game[DeucesState, DeucesAction]):
    info = INFO
    rules = DEUCES_RULES
    state_type = DeucesState

    def new_game(self, seed: int, setup: Setup) -> tuple[DeucesState, Sequence[Event]]:
        mode = Mode(self.info.variant(setup.variant).key)
        chosen = [pick for pick in setup.picks if pick]
        party = [SeatChoice(class_id=pick) for pick in chosen] if chosen == setup.picks else None
        try:
            options = DeucesOptions(
                level=setup.settings.get("level", 1), mode=mode, party=party or None
            )
        except ValueError as error:
            raise IllegalAction(str(error)) from error
        return new_game(seed, options, players=setup.seats)

    def parse_action(self, text: str) -> DeucesAction:
        return parse_action(text)

    def label(
        self, state: DeucesState, seat: int, action: DeucesAction, names: Sequence[str] = ()
    ) -> str:
        return label(state, seat, action, names)

    def narrate(
        self,
        events: Sequence[Event],
        before: DeucesState | None,
        after: DeucesState,
        names: list[str],
    ) -> list[str]:
        return narrate(events, before, after, names)

    def table(self, state: DeucesState, names: list[str]) -> TableView:
        return deuces_table(state, names)

    def hand(
        self, state: DeucesState, seat: int, picked: list[str], names: Sequence[str] = ()
    ) -> HandView | None:
        return deuces_hand(state, seat, picked, names)

    def suggest(self, state: DeucesState, seat: int) -> DeucesAction | None:
        return suggest(state, seat)

    def settings_of(self, state: DeucesState) -> dict[str, int]:
        return {"level": state.options.level}


GAME = DeucesGame()
