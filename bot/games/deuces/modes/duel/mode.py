"""Duel of the Duos as a mode: two players of two heroes each, no GM, best of five."""

from __future__ import annotations

from bot.games.contract import IllegalAction, SeatResult
from bot.games.deuces import turns
from bot.games.deuces.content import ClassDef, Content
from bot.games.deuces.engine import DeucesState, deal_heroes
from bot.games.deuces.events import DeucesEvent
from bot.games.deuces.facts import TableFacts
from bot.games.deuces.modes.base import DeucesMode
from bot.games.deuces.modes.duel import flow
from bot.games.deuces.modes.duel.prompts import DUEL_KINDS
from bot.games.deuces.modes.duel.rules import DUEL_PAGE
from bot.games.deuces.modes.duel.table import duel_fields, duel_title
from bot.games.deuces.prompt_kinds import CORE_KINDS
from bot.games.deuces.state import (
    HEROES_PER_SIDE,
    DeucesOptions,
    DeucesTable,
    Mode,
    Offer,
    Phase,
    Ref,
    Side,
    player,
)
from bot.games.deuces.voice import Voicing
from bot.games.views import Field


class DuelOfTheDuos(DeucesMode):
    """Heroes against heroes: a hero's foes are the rival side's heroes, each attack waits for
    its player's defence, and the sides count encounters won."""

    keys = (Mode.DUEL,)
    rules_page = DUEL_PAGE
    steps = flow.STEPS
    kinds = (*CORE_KINDS, *DUEL_KINDS)
    foe_side = Side.PLAYERS
    threat_cards = False
    loot_ahead = False
    voicing = Voicing(end_told_by_table=True, heroes_not_party=True)

    def prepare(self, options: DeucesOptions, players: int) -> DeucesOptions:
        self.check_seats(players)
        return options.model_copy(update={"level": 1, "party": None})

    def deal(
        self, seed: int, options: DeucesOptions, players: int
    ) -> tuple[DeucesState, list[DeucesEvent]]:
        return deal_heroes(seed, options, players)

    def check_seats(self, players: int) -> None:
        if players != flow.SEATS:
            raise IllegalAction("Duel of the Duos is played by two players of two heroes each")

    def first_phase(self, options: DeucesOptions) -> Phase:
        return Phase.DRAFT

    def offers(self, seed: int, content: Content, seats: int) -> list[Offer]:
        return flow.deal_offers(seed, content)

    def drafted(self, offers: list[Offer], seats: int) -> list[ClassDef]:
        """A duel's heroes hold their side's first classes drawn until the draft is made."""
        return [offers[s // HEROES_PER_SIDE].classes[s % HEROES_PER_SIDE] for s in range(seats)]

    def side_wins(self) -> list[int]:
        return [0] * flow.SIDES

    def foes(self, state: DeucesTable, attacker: Ref) -> list[int]:
        return state.rivals(state.master_of(attacker))

    def side_refs(self, state: DeucesTable, user: Ref, friendly: bool) -> list[Ref]:
        """Both sides are heroes: a hero's allies are its side's heroes, its foes the rivals."""
        mine = state.side_of(state.master_of(user))
        return [player(seat) for seat in state.standing(mine if friendly else 1 - mine)]

    def aimed(self, user: Ref, friendly: bool, target: int) -> Ref:
        return player(target)

    def contested(self, state: DeucesTable) -> bool:
        return bool(state.standing(0)) and bool(state.standing(1))

    strike = staticmethod(turns.strike_hero)
    """An attack on a rival hero waits for its player's defence."""

    def results(self, state: DeucesTable) -> list[SeatResult]:
        return flow.results(state)

    def forfeits(self, state: DeucesTable, forfeiters: set[int], outcome: str) -> list[SeatResult]:
        return flow.forfeits(state, forfeiters, outcome)

    def table_fields(self, state: DeucesTable, names: list[str], party: list[Field]) -> list[Field]:
        """One field per side instead of the enemies and the party."""
        return duel_fields(state, names)

    def table_title(self, state: DeucesTable, facts: TableFacts) -> str:
        return duel_title(state)

    def table_legend(self, state: DeucesTable, facts: TableFacts) -> str:
        return ""

    def hides_classes(self, state: DeucesTable) -> bool:
        return state.phase == Phase.DRAFT
