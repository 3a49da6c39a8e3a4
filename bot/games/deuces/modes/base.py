"""What a mode of Dungeons & Deuces is: one typed object the shared engine asks.

A table stores its mode as `options.mode` (a `Mode` value, so saved games load as before); the
engine reads `state.mode`, the object registered for that value, and never tests a mode flag.
Like python-chess's variants of `Board`, a mode subclasses `DeucesMode` and overrides what it
plays differently: its phases and their steps, its prompts (each a `PromptKind`), whom its
fighters attack, how an encounter ends and the game with it, its results and its table.

The modes register themselves in `registry` as they are defined, which is where the state
looks its mode up.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from bot.games.contract import IllegalAction, Outcome, SeatResult
from bot.games.deuces import turns
from bot.games.deuces.content import ClassDef, Content
from bot.games.deuces.effects import other
from bot.games.deuces.engine import DeucesState, deal_party
from bot.games.deuces.events import DeucesEvent
from bot.games.deuces.facts import TableFacts
from bot.games.deuces.flow import ask_to_shed, game_over
from bot.games.deuces.modes.quest.maps import Quest
from bot.games.deuces.modes.registry import BY_KEY
from bot.games.deuces.prompt_kinds import CORE_KINDS, PromptKind
from bot.games.deuces.refs import Ref, Side, fighter_ref
from bot.games.deuces.state import (
    GM_SIDE,
    MAX_PLAYERS,
    OVER_PHASE,
    PLAYERS_SIDE,
    DeucesOptions,
    DeucesTable,
    Mode,
    Offer,
    Phase,
)
from bot.games.deuces.table import legend, party_title
from bot.games.deuces.voice import Voicing
from bot.games.views import Field, RulesPage

if TYPE_CHECKING:
    from bot.games.deuces.state import Prompt

Step = Callable[[DeucesTable], list[DeucesEvent]]


class DeucesMode:
    """A party's table against the GM; each mode overrides what it plays otherwise."""

    keys: ClassVar[tuple[Mode, ...]] = ()
    """The stored mode values this object plays (registered when the class is defined)."""
    steps: ClassVar[Mapping[Phase, Step]]
    """Each phase the table runs between player moves, and its step."""
    kinds: ClassVar[Sequence[PromptKind[Any]]] = CORE_KINDS
    """The kinds of prompt this mode asks players, each with its rules."""
    foe_side: ClassVar[Side] = Side.GM
    """Whom a player's attack aims at: the GM's enemies, or in a duel the rival heroes."""
    shares_loot: ClassVar[bool] = True
    """Whether a player may give loot to another (a party shares; a Masters player does not)."""
    caps_level: ClassVar[bool] = True
    """Whether the level stops at 5 (only the Quest for Power has a level 6 to reach)."""
    threat_cards: ClassVar[bool] = True
    """Whether each player's discard pile shows a Threat Card, and a spent deck levels up."""
    loot_ahead: ClassVar[bool] = True
    """Whether deuces in hand are worth keeping for loot in encounters to come."""
    enemies_hunt_alone: ClassVar[bool] = False
    """Whether a hunting enemy hunts only on its own turn (each plays for its own master)."""
    plays_for_chips: ClassVar[bool] = False
    """Whether players wager chips (the table and hands show them)."""
    voicing: ClassVar[Voicing] = Voicing()
    """Where the narration tells this mode's table otherwise than a party's."""
    rules_page: ClassVar[RulesPage]
    """The mode's own rules page (`/rules deuces mode:`): how it starts, how a turn goes, how
    it is won and what is special, with its rulings; the core every mode shares is the game's
    page (`bot/games/deuces/rules.py`)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.keys:
            mode = cls()
            for key in cls.keys:
                BY_KEY[key.value] = mode
            mode.by_prompt = {kind.prompt: kind for kind in cls.kinds}

    by_prompt: dict[type[Any], PromptKind[Any]]

    def kind(self, prompt: Prompt) -> PromptKind[Any]:
        """The rules of a prompt this mode asks (dispatch on the prompt's type)."""
        return self.by_prompt[type(prompt)]

    # ---- setting a game up --------------------------------------------------------------------

    def prepare(self, options: DeucesOptions, players: int) -> DeucesOptions:
        """Check the seats and settle the options a new game of this mode starts with."""
        if not 1 <= players <= MAX_PLAYERS:
            raise IllegalAction(f"Dungeons & Deuces is played by 1 to {MAX_PLAYERS} players")
        return options

    def deal(
        self, seed: int, options: DeucesOptions, players: int
    ) -> tuple[DeucesState, list[DeucesEvent]]:
        """Every deck from the seed, the party seated, and the first step of the table."""
        return deal_party(seed, options, players, self.map_of(options))

    def first_phase(self, options: DeucesOptions) -> Phase:
        return Phase.SETUP

    def check_seats(self, players: int) -> None:
        """Raise IllegalAction when this mode cannot be played by so many seats."""

    def map_of(self, options: DeucesOptions) -> Quest | None:
        """The quest map a game of this mode explores (only a Traditional Quest has one)."""
        return None

    def drafted(self, offers: list[Offer], seats: int) -> list[ClassDef]:
        """The classes the seats hold before any draft (none unless the mode drafts)."""
        return []

    def offers(self, seed: int, content: Content, seats: int) -> list[Offer]:
        """What each side drafts its heroes from (only a duel drafts)."""
        return []

    def side_wins(self) -> list[int]:
        """Encounters won by each side (only a duel counts them)."""
        return []

    # ---- running the table --------------------------------------------------------------------

    def advance(self, state: DeucesTable) -> list[DeucesEvent]:
        """Run the table (the GM's moves included) until a player must answer or the game ends.

        A hand above the limit is asked to shed first, whatever the table was doing: the prompt
        it interrupts (a turn in progress, a defence) is held and comes back afterwards."""

        steps, before = self.steps, self.before_step
        events: list[DeucesEvent] = []
        while True:
            if before is not None:
                events += before(state)
            if ask_to_shed(state) or state.prompt is not None or state.phase == OVER_PHASE:
                return events
            events += steps[state.phase](state)

    before_step: ClassVar[staticmethod[[DeucesTable], list[DeucesEvent]] | None] = None
    """What the table does before each of its steps, if anything (a quest reveals secrets)."""

    def settle(self, state: DeucesTable) -> list[DeucesEvent]:
        """The encounter is decided: what is paid for it (Quest for Loot's bets)."""
        return []

    def game_end(self, state: DeucesTable) -> list[DeucesEvent] | None:
        """The game's end after an encounter, or None when it goes on (the loot step next)."""

        return game_over(state, Outcome.WON if state.won else Outcome.LOST)

    def after_loot(self) -> Phase:
        """The phase that follows an encounter's loot step."""
        return Phase.SETUP

    # ---- who fights whom ----------------------------------------------------------------------

    def foes(self, state: DeucesTable, attacker: Ref) -> list[int]:
        """Whom a fighter of the party may attack: the standing enemies it hunts."""
        return state.hunted(attacker)

    def side_refs(self, state: DeucesTable, user: Ref, friendly: bool) -> list[Ref]:
        """The standing fighters on the user's own side (friendly) or its foe's."""
        side = user.side if friendly else other(user.side)
        return [fighter_ref(side, i) for i in state.active(side)]

    def aimed(self, user: Ref, friendly: bool, target: int) -> Ref:
        """The fighter an ability aimed at `target` reaches."""
        return fighter_ref(user.side if friendly else other(user.side), target)

    def contested(self, state: DeucesTable) -> bool:
        """Whether both sides still have someone fighting."""
        return state.stands(GM_SIDE) and state.stands(PLAYERS_SIDE)

    strike = staticmethod(turns.strike_enemy)
    """An attack of a seat's turn on a foe: the GM answers it at once."""

    # ---- results --------------------------------------------------------------------------------

    def results(self, state: DeucesTable) -> list[SeatResult]:
        """The party wins or loses together, scored by the difficulty it beat."""
        if state.outcome is None:
            return []
        return [
            SeatResult(seat=who.seat, outcome=state.outcome.value, score=state.score)
            for who in state.players
        ]

    def forfeits(self, state: DeucesTable, forfeiters: set[int], outcome: str) -> list[SeatResult]:
        """The party plays together: a forfeit is everyone's loss, scored as it stands."""
        return [
            SeatResult(seat=who.seat, outcome=outcome, score=state.score) for who in state.players
        ]

    # ---- what players see -----------------------------------------------------------------------

    def epics_needed(self, state: DeucesTable) -> int | None:
        """The Epic loot that wins the game, where Epic loot wins it."""
        return None

    def hides_classes(self, state: DeucesTable) -> bool:
        """Whether the heroes' classes are still sealed (a duel's draft)."""
        return False

    def table_fields(self, state: DeucesTable, names: list[str], party: list[Field]) -> list[Field]:
        """The table's own fields, given the enemies' and the party's."""
        return party

    def table_title(self, state: DeucesTable, facts: TableFacts) -> str:
        return party_title(facts)

    def table_legend(self, state: DeucesTable, facts: TableFacts) -> str:
        """What the words on the table mean."""
        return legend(facts)
