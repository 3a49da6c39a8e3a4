"""The Dungeons & Deuces table as data: who holds what, and what the table is waiting for.

This module only describes; the rules that change it live in `engine.py` and its helpers. A deck's
top is index 0 and a discard pile's top (a player's Threat Card) is its last card. The content the
game uses (its enemy set, each player's class and custom ability) is stored in the state, so a
saved game plays on by the rules it started with even after the shipped content is retuned.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import BaseModel, Field

from bot.games.cards import Card
from bot.games.contract import GameState, Outcome
from bot.games.crawl.plain import PlainAssignment, built
from bot.games.deuces.actions import DeucesAction
from bot.games.deuces.content import Ability, ClassDef, EnemyDef, EnemySet
from bot.games.deuces.modes.quest.progress import QuestProgress
from bot.games.deuces.modes.registry import BY_KEY
from bot.games.deuces.refs import REF_LETTERS as REF_LETTERS  # the table's own names for them
from bot.games.deuces.refs import Ref, Side
from bot.games.deuces.refs import enemy as enemy
from bot.games.deuces.refs import fighter_ref as fighter_ref
from bot.games.deuces.refs import pet as pet
from bot.games.deuces.refs import player as player

if TYPE_CHECKING:
    from bot.games.deuces.modes.base import DeucesMode

HAND_LIMIT = 10
HEROES_PER_SIDE = 2
"""Duel of the Duos: each player's heroes, at seats side*2 and side*2+1."""
LOOT_LIMIT = 5
TARGET_PER_PLAYER = 5
WITHIN = 3
MAX_LEVEL = 5
MAX_PLAYERS = 5


class Mode(StrEnum):
    ENCOUNTER = "encounter"
    QUEST_BEGINNER = "quest-beginner"
    QUEST_HARDCORE = "quest-hardcore"
    LOOT = "loot"
    """Quest for Loot: each player wagers chips against the GM's stack, every encounter."""
    DUEL = "duel"
    """Duel of the Duos: two players, two heroes each, no GM; the best of five encounters."""
    MASTERS = "masters"
    """Masters & Monsters: no GM; each player draws enemies and plays them against the others,
    and the first to hold enough Epic loot wins."""
    QUEST = "quest"
    """Traditional Quest: the party explores a quest's map, room by room, to its last fight."""
    TUTORIAL = "tutorial"
    """A guided first encounter: one fixed deal, played alone, each move coached."""


class Tier(StrEnum):
    COMMON = "common"
    RARE = "rare"
    EPIC = "epic"


TIERS: list[Tier] = [Tier.COMMON, Tier.RARE, Tier.EPIC]
LOOT_NEEDS = {Tier.EPIC: 4, Tier.RARE: 3, Tier.COMMON: 2}
"""Deuces in hand for each tier of loot; treasure lowers each by one."""


class SeatChoice(BaseModel, frozen=True):
    class_id: str
    custom_id: str | None = None


class DeucesOptions(BaseModel, frozen=True):
    """How a game is set up; stored with it and shown by /rules."""

    level: int = Field(default=1, ge=1, le=MAX_LEVEL)
    mode: Mode = Mode.ENCOUNTER
    enemy_set: str | None = None
    """An enemy set id, or None for one drawn from the seed."""
    modifier: int = Field(default=0, ge=-3, le=3)
    """Added to the 5-per-player Target Difficulty, per player."""
    timeout: Literal["guard", "skip"] = "guard"
    """What a player who lets their turn time out does: Guard their lowest card, or pass."""
    party: list[SeatChoice] | None = None
    """Each seat's class and custom ability; None draws them from the seed."""
    level_every_encounter: bool = False
    """The faster game: the party levels up after every encounter."""
    max_encounters: int = Field(default=60, ge=1, le=200)
    """A quest that has not reached level 6 after this many encounters is lost (a Quest for
    Loot table closes)."""
    chips: int = Field(default=10, ge=1, le=100)
    """Quest for Loot: each player's chips at the start (the GM holds their sum)."""
    epics: int = Field(default=3, ge=1, le=LOOT_LIMIT)
    """Masters & Monsters: the Epic loot cards that win the game (a player holds at most five
    loot cards, so five at most)."""
    quest: str | None = None
    """Traditional Quest: the quest's id (None: the first shipped)."""


class Part(PlainAssignment, BaseModel):
    """A piece of the table the engine changes as it plays: a move assigns dozens of fields and
    builds prompts and fighters, so they are assigned plainly and built with `built` (see
    `PlainAssignment`). A saved table is still validated, field by field, when it is loaded."""


class Loot(Part):
    card: Card
    tier: Tier


class Fighter(Part):
    """What players and enemies share: a hand, its marks, a pending edge, ability uses."""

    hand: list[Card] = Field(default_factory=list[Card])
    raised: dict[Card, int] = {}
    """Cards in hand raised by abilities, and by how much, until they are played."""
    wilds: list[Card] = Field(default_factory=list[Card])
    """Cards in hand made wild by abilities, until they are played."""
    edge: int = 0
    """Added to every value of this fighter's next play."""
    used: dict[str, int] = {}
    """Ability id -> uses in its current window (this turn or this encounter)."""
    defeated: bool = False


class PlayerState(Fighter):
    seat: int
    klass: ClassDef
    custom: Ability | None = None
    deck: list[Card]
    discard: list[Card] = Field(default_factory=list[Card])
    loot: list[Loot] = Field(default_factory=list[Loot])
    chips: int = 0
    """Quest for Loot: the chips this player holds (a bet stays in them until it is settled)."""
    bet: int = 0
    """Quest for Loot: the chips this player has riding on the current encounter."""
    sat_out: bool = False
    """Quest for Loot: folded this encounter, so out of the fight (and marked defeated)."""
    felled_by: int | None = None
    """Masters & Monsters: the seat whose enemies defeated this player this encounter."""

    @property
    def threat(self) -> Card | None:
        """The top of the discard pile: the card the GM's targeting looks at."""
        return self.discard[-1] if self.discard else None

    def abilities(self, level: int) -> tuple[Ability, ...]:
        """The class's abilities unlocked at this level, then the custom one (if any)."""
        return held_abilities(self.klass, self.custom, level)

    def loot_tier(self, card: Card) -> Tier | None:
        return next((loot.tier for loot in self.loot if loot.card == card), None)


_HELD: dict[tuple[int, int, int], tuple[ClassDef, Ability | None, tuple[Ability, ...]]] = {}
"""`held_abilities` by the ids of the class and custom ability, and the level; each entry
keeps its class and ability, so an id stays theirs while it is in here."""
HELD_KEPT = 256
"""Entries `_HELD` keeps at most. Each loaded game brings its own copies of its content, so a
bot loading games click after click makes new entries all the time, and each keeps a class's
whole content alive: the few a move asks for again fit many times over."""


def held_abilities(klass: ClassDef, custom: Ability | None, level: int) -> tuple[Ability, ...]:
    """A player's abilities at a level, worked out once for each class, custom ability and
    level: the table asks for them several times a move, and content is frozen."""
    key = (id(klass), id(custom), level)
    known = _HELD.get(key)
    if known is not None and known[0] is klass and known[1] is custom:
        return known[2]
    own = klass.abilities_at(level)
    held = (*own, custom) if custom else tuple(own)
    if len(_HELD) >= HELD_KEPT:
        _HELD.clear()
    _HELD[key] = (klass, custom, held)
    return held


class EnemyState(Fighter):
    enemy_id: str
    master: int | None = None
    """Masters & Monsters: the seat that drew this enemy and plays it (None: the GM's)."""
    special: bool = False
    """Traditional Quest: an entity of a Special Encounter card, not an enemy deck's card."""


class PetState(Fighter):
    """A summoned entity: it draws from and discards to its master's piles, attacks on its
    master's turn, and stays in the fight when its master falls (until the encounter ends)."""

    master: int
    name: str


class Clash(Part):
    """An attack declared and waiting for (or getting) its answer; its cards are in play."""

    attacker: Ref
    defender: Ref
    cards: list[Card]
    category: int
    key: list[int]
    size: int
    edge: int = 0
    cancelled: bool = False


class VotePrompt(Part):
    kind: Literal["vote"] = "vote"
    seats: list[int]
    hits: list[int] = Field(default_factory=list[int])
    stays: list[int] = Field(default_factory=list[int])

    @property
    def waiting(self) -> list[int]:
        return [s for s in self.seats if s not in self.hits and s not in self.stays]


class TurnPrompt(Part):
    kind: Literal["turn"] = "turn"
    seat: int
    attacks: int = 1
    ability_used: bool = False
    fresh: bool = True
    """Nothing done yet this turn: only then may the player Guard."""
    pets_done: list[int] = Field(default_factory=list[int])
    """The player's pets that have attacked this turn (each pet attacks once a turn)."""

    @property
    def waiting(self) -> list[int]:
        return [self.seat]


class OpenTurnPrompt(Part):
    """The party's turn with several players yet to act: whoever moves first takes the next
    turn (the rules let the players choose their order, and it may change every round)."""

    kind: Literal["open"] = "open"
    seats: list[int]

    @property
    def waiting(self) -> list[int]:
        return list(self.seats)


class ShedPrompt(Part):
    """A hand above the limit: its player chooses the cards to discard (the rules say a hand
    may never stay above 10). The prompt it interrupted waits in `DeucesTable.held`."""

    kind: Literal["shed"] = "shed"
    seat: int
    count: int

    @property
    def waiting(self) -> list[int]:
        return [self.seat]


class DefendPrompt(Part):
    kind: Literal["defend"] = "defend"
    seat: int

    @property
    def waiting(self) -> list[int]:
        return [self.seat]


class LootPrompt(Part):
    kind: Literal["loot"] = "loot"
    seats: list[int]

    @property
    def waiting(self) -> list[int]:
        return list(self.seats)


class WagerPrompt(Part):
    """Quest for Loot: sealed bids, made at once; each waits in `bids` until all are in."""

    kind: Literal["wager"] = "wager"
    seats: list[int]
    bids: dict[int, int] = Field(default_factory=dict[int, int])

    @property
    def waiting(self) -> list[int]:
        return [s for s in self.seats if s not in self.bids]


class CallPrompt(Part):
    """Quest for Loot: those who bid below the highest match it (or go all in) or fold."""

    kind: Literal["call"] = "call"
    seats: list[int]
    highest: int
    answered: list[int] = Field(default_factory=list[int])

    @property
    def waiting(self) -> list[int]:
        return [s for s in self.seats if s not in self.answered]


class RaisePrompt(Part):
    """Quest for Loot: after the draw, each player in may raise once more, sealed."""

    kind: Literal["raise"] = "raise"
    seats: list[int]
    raises: dict[int, int] = Field(default_factory=dict[int, int])

    @property
    def waiting(self) -> list[int]:
        return [s for s in self.seats if s not in self.raises]


class OnwardPrompt(Part):
    """Quest for Loot: between encounters, every player says play on or stop."""

    kind: Literal["onward"] = "onward"
    seats: list[int]
    goes: list[int] = Field(default_factory=list[int])
    stops: list[int] = Field(default_factory=list[int])

    @property
    def waiting(self) -> list[int]:
        return [s for s in self.seats if s not in self.goes and s not in self.stops]


class Offer(Part):
    """Duel of the Duos: the classes and custom abilities a player drew, to keep two of each."""

    classes: list[ClassDef]
    customs: list[Ability]


class DraftPrompt(Part):
    """Duel of the Duos: each player keeps two classes and two custom abilities, sealed (the
    first seat of each side chooses for both its heroes)."""

    kind: Literal["draft"] = "draft"
    seats: list[int]
    kept: dict[int, list[int]] = Field(default_factory=dict[int, list[int]])

    @property
    def waiting(self) -> list[int]:
        return [s for s in self.seats if s not in self.kept]


class InitiativePrompt(Part):
    """Duel of the Duos: each player, sealed, draws for initiative or concedes it."""

    kind: Literal["initiative"] = "initiative"
    seats: list[int]
    concedes: dict[int, bool] = Field(default_factory=dict[int, bool])

    @property
    def waiting(self) -> list[int]:
        return [s for s in self.seats if s not in self.concedes]


class EnemyTurnPrompt(Part):
    """Masters & Monsters: a player plays their enemies' turn (each enemy one ability and one
    attack, one enemy after another), or lets the GM's policy play it."""

    kind: Literal["enemies"] = "enemies"
    seat: int

    @property
    def waiting(self) -> list[int]:
        return [self.seat]


class RoutePrompt(Part):
    """Traditional Quest: between encounters the party chooses where to go (the first of them
    to choose moves everyone) and may shop in the room it stands in."""

    kind: Literal["route"] = "route"
    seats: list[int]

    @property
    def waiting(self) -> list[int]:
        return list(self.seats)


class ExtraPrompt(Part):
    """Duel of the Duos: the player without initiative picks the hero who draws one more."""

    kind: Literal["extra"] = "extra"
    seat: int

    @property
    def waiting(self) -> list[int]:
        return [self.seat]


Prompt = Annotated[
    VotePrompt
    | TurnPrompt
    | OpenTurnPrompt
    | ShedPrompt
    | DefendPrompt
    | LootPrompt
    | WagerPrompt
    | CallPrompt
    | RaisePrompt
    | OnwardPrompt
    | DraftPrompt
    | InitiativePrompt
    | ExtraPrompt
    | EnemyTurnPrompt
    | RoutePrompt,
    Field(discriminator="kind"),
]


class Phase(StrEnum):
    DRAFT = "draft"
    """Duel of the Duos: the players keep their classes and custom abilities."""
    SETUP = "setup"
    WAGER = "wager"
    DRAW = "draw"
    """Quest for Loot: the GM draws until the bets' target is met."""
    RAISE = "raise"
    """Quest for Loot: the raise after the draw; once shown, the GM draws to it if need be."""
    VOTE = "vote"
    START = "start"
    FIGHT = "fight"
    END = "end"
    LOOT = "loot"
    ONWARD = "onward"
    TALLY = "tally"
    """Masters & Monsters: after the loot step, whether someone holds enough Epic loot."""
    MAP = "map"
    """Traditional Quest: between encounters, the party on the map."""
    OVER = "over"


Stage = Literal["hero", "hero_on", "enemies", "enemies_on", "next"]
"""Masters & Monsters: a player's hero turn to start or under way, their enemies' turn to start
or under way, or the turn passing to the next player."""

PLAYERS_SIDE, GM_SIDE, PETS_SIDE = Side.PLAYERS, Side.GM, Side.PETS
OVER_PHASE, FIGHT_PHASE = Phase.OVER, Phase.FIGHT
"""The members the table's steps compare with, here and in the flow, dozens of times a move: on
Python 3.11 reading a member off its enum class costs about 100 ns, ten times a module name."""


class DeucesTable(PlainAssignment, GameState[DeucesAction]):
    """Every card and counter of a game between two actions; the rules are in `engine.py`."""

    game: Literal["deuces"] = "deuces"
    options: DeucesOptions = DeucesOptions()
    rolls: int = 0
    """Random draws used so far: roll k shuffles with `seeded_rng(seed, k)`."""
    level: int = 1
    encounter: int = 0
    enemy_set: EnemySet
    players: list[PlayerState]
    enemies: list[EnemyState] = Field(default_factory=list[EnemyState])
    pets: list[PetState] = Field(default_factory=list[PetState])
    """The party's pets in this encounter, by their order of arrival."""
    enemy_deck: list[str] = Field(default_factory=list[str])
    enemy_discard: list[str] = Field(default_factory=list[str])
    gm_deck: list[Card] = Field(default_factory=list[Card])
    gm_discard: list[Card] = Field(default_factory=list[Card])
    loot_deck: list[Card] = Field(default_factory=list[Card])
    phase: Phase = Phase.SETUP
    prompt: Prompt | None = None
    held: Prompt | None = None
    """The prompt a shed interrupted, back once the hand is down to the limit."""
    clash: Clash | None = None
    target: int = 0
    difficulty: int = 0
    treasure: bool = False
    first: Side = Side.PLAYERS
    side: Side = Side.PLAYERS
    round: int = 0
    acted: list[int] = Field(default_factory=list[int])
    """Seats or enemy indexes that have taken their turn in this side's turn."""
    gm_actor: int | None = None
    gm_attacks: int = 0
    gm_ability_done: bool = False
    hunting: bool = False
    taunt: int | None = None
    level_up: bool = False
    won: bool | None = None
    """How the current encounter ended: None while it goes on."""
    folded: bool = False
    """The current encounter was won by the GM folding (its enemies fled)."""
    encounters_won: int = 0
    score: int = 0
    outcome: Outcome | None = None
    gm_chips: int = 0
    """Quest for Loot: the GM's stack."""
    offers: list[Offer] = Field(default_factory=list[Offer])
    """Duel of the Duos: what each side drew to choose its heroes from."""
    wins: list[int] = Field(default_factory=list[int])
    """Duel of the Duos: encounters won by each side."""
    turn_side: int = 0
    """Duel of the Duos: the side whose heroes take their turns now."""
    first_side: int = 0
    """Duel of the Duos: the side with initiative this encounter."""
    winner: int | None = None
    """Duel of the Duos: the side that won the current encounter (None while it goes on)."""
    paused: TurnPrompt | None = None
    """Duel of the Duos: the attacker's turn, waiting while the attacked hero answers."""
    order: list[int] = Field(default_factory=list[int])
    """Masters & Monsters: the seats in turn order this encounter."""
    at: int = 0
    """Masters & Monsters: the place in `order` of the player whose turn it is."""
    stage: Stage = "hero"
    """Masters & Monsters: which half of that player's turn the table is in."""
    autopilot: bool = False
    """Masters & Monsters: the GM's policy plays the current enemy turn (a timeout, or asked)."""
    blame: int | None = None
    """Masters & Monsters: the seat whose enemy is in the fight now (attacking, attacked or
    using an ability), credited with any player who falls to it."""
    champions: list[int] = Field(default_factory=list[int])
    """Masters & Monsters: the seats that won the game."""
    quest: QuestProgress | None = None
    """Traditional Quest: the quest, its map as far as explored, and what the party carries."""
    encounter_level: int | None = None
    """Traditional Quest: a fixed encounter's LVL, its enemies' level (None: the party's)."""

    # ---- lookups -------------------------------------------------------------------------------

    @property
    def mode(self) -> DeucesMode:
        """The mode this table plays: it runs the table and answers what its rules differ on."""
        return BY_KEY[self.options.mode]  # read at every step: no function call in between

    @property
    def foe_level(self) -> int:
        """The level the enemies fight at: a fixed encounter's own, else the party's."""
        return self.encounter_level or self.level

    def prey(self, index: int) -> list[int]:
        """The standing seats an enemy may attack: all of them, except its own master (one
        pass over the players, as the GM asks before each of its attacks)."""
        master = self.enemies[index].master
        return [i for i, who in enumerate(self.players) if not who.defeated and i != master]

    def hunted(self, attacker: Ref) -> list[int]:
        """The standing enemies a fighter of the party may attack: all of them, except (in
        Masters & Monsters) those its own player controls."""
        owner = self.master_of(attacker)
        return [i for i, foe in enumerate(self.enemies) if not foe.defeated and foe.master != owner]

    def owned(self, seat: int) -> list[int]:
        """Masters & Monsters: the standing enemies a seat controls."""
        return [i for i in self.active(Side.GM) if self.enemies[i].master == seat]

    @staticmethod
    def side_of(seat: int) -> int:
        """Duel of the Duos: the side (0 or 1) a hero's seat belongs to."""
        return seat // HEROES_PER_SIDE

    @staticmethod
    def heroes_of(side: int) -> list[int]:
        """Duel of the Duos: the seats of a side's heroes."""
        return [side * HEROES_PER_SIDE + n for n in range(HEROES_PER_SIDE)]

    def standing(self, side: int) -> list[int]:
        """Duel of the Duos: the seats of a side's heroes still in the encounter."""
        return [s for s in self.heroes_of(side) if not self.players[s].defeated]

    def rivals(self, seat: int) -> list[int]:
        """Duel of the Duos: the rival heroes a hero may attack now (a Taunt binds them)."""
        foes = self.standing(1 - self.side_of(seat))
        return [self.taunt] if self.taunt in foes else foes

    def contested(self) -> bool:
        """Whether both sides still have someone fighting."""
        return self.mode.contested(self)

    def fighter(self, ref: Ref) -> Fighter:
        side = ref.side
        if side == PLAYERS_SIDE:
            return self.players[ref.index]
        return self.enemies[ref.index] if side == GM_SIDE else self.pets[ref.index]

    def pets_of(self, seat: int) -> list[int]:
        """The indexes of a player's pets still in the fight."""
        return [i for i, p in enumerate(self.pets) if p.master == seat and not p.defeated]

    def master_of(self, ref: Ref) -> int:
        """The seat that answers for a fighter of the party (a player, or a pet's master)."""
        return self.pets[ref.index].master if ref.side == PETS_SIDE else ref.index

    def enemy_def(self, index: int) -> EnemyDef:
        foe = self.enemies[index]
        if foe.special and self.quest is not None:
            return self.quest.entity(foe.enemy_id)
        return self.enemy_set.enemy(foe.enemy_id)

    def enemy_hand(self, index: int) -> int:
        """The cards an enemy is dealt: its card's hand at the enemies' level; a Special
        Encounter's entity as its card is scaled to this table's target."""
        size = self.enemy_def(index).hand_at(self.foe_level)
        if self.enemies[index].special and self.quest is not None:
            special = self.quest.quest.special_of(self.enemies[index].enemy_id)
            return special.hand_for(size, self.target)
        return size

    def abilities(self, ref: Ref) -> Sequence[Ability]:
        side = ref.side
        if side == PLAYERS_SIDE:
            return self.players[ref.index].abilities(self.level)
        if side == PETS_SIDE:
            return ()
        own = self.enemy_def(ref.index).abilities_at(self.foe_level)
        foe = self.enemies[ref.index]
        if foe.special and self.quest is not None:
            return own + self.quest.secret_abilities(foe.enemy_id)
        return own

    def ability(self, ref: Ref, ability_id: str) -> Ability | None:
        """The fighter's ability of that id, looked for in a plain loop: a player's ability is
        looked up as it is checked and again as it is used."""
        for ability in self.abilities(ref):
            if ability.id == ability_id:
                return ability
        return None

    def active(self, side: Side) -> list[int]:
        """Indexes of the fighters of a side still in the encounter."""
        if side == PLAYERS_SIDE:
            return [i for i, f in enumerate(self.players) if not f.defeated]
        group = self.enemies if side == GM_SIDE else self.pets
        return [i for i, f in enumerate(group) if not f.defeated]

    def stands(self, side: Side) -> bool:
        """Whether any fighter of a side is still in the encounter: `active` without the list,
        as the table asks it before every step of a fight (a plain loop, stopping at the first
        standing: cheaper than any generator or `map` over sides of one to four)."""
        if side == PLAYERS_SIDE:
            group: list[PlayerState] | list[EnemyState] | list[PetState] = self.players
        else:
            group = self.enemies if side == GM_SIDE else self.pets
        for fighter in group:  # noqa: SIM110 (the docstring says why not `any`)
            if not fighter.defeated:
                return True
        return False

    def turn_of(self, seat: int) -> TurnPrompt | None:
        """The turn a seat plays now: its own, or a fresh one when the party's order is open
        and it may go next (None when it is not this seat's turn)."""
        prompt = self.prompt
        if isinstance(prompt, TurnPrompt):
            return prompt if prompt.seat == seat else None
        if isinstance(prompt, OpenTurnPrompt) and seat in prompt.seats:
            return built(TurnPrompt, seat=seat)
        return None

    def threat_value(self, seat: int) -> int:
        card = self.players[seat].threat
        return card.value if card else 0

    @property
    def is_over(self) -> bool:
        return self.phase == OVER_PHASE

    def in_encounter(self) -> list[int]:
        """The seats playing the current encounter (in Quest for Loot, those who did not fold)."""
        return [who.seat for who in self.players if not who.sat_out]

    @property
    def waiting_for(self) -> list[int]:
        """Every seat the game is waiting on now (a vote or the loot step asks several)."""
        prompt = self.prompt
        if prompt is None or self.phase == OVER_PHASE:  # `is_over`, asked at every move
            return []
        return prompt.waiting

    @property
    def to_move(self) -> int | None:
        """The first seat the game waits on, None when over."""
        waiting = self.waiting_for
        return waiting[0] if waiting else None

    def all_cards(self) -> list[Card]:
        """Every playing card in the game, wherever it lies (loot markers are their own deck)."""
        fighters = [*self.players, *self.enemies, *self.pets]
        held = [card for fighter in fighters for card in fighter.hand]
        piles = [card for p in self.players for card in p.deck + p.discard]
        in_play = self.clash.cards if self.clash else []
        aside = [c for q in [self.quest] if q for pile in q.box + q.till for c in pile]
        return held + piles + self.gm_deck + self.gm_discard + in_play + aside

    def cards_by_owner(self) -> dict[str, list[Card]]:
        """Each player's 52 cards, the GM's cards, and the loot deck with every loot held."""
        owners = {f"P{p.seat}": p.deck + p.discard + p.hand for p in self.players}
        for companion in self.pets:
            owners[f"P{companion.master}"] = owners[f"P{companion.master}"] + companion.hand
        owners["GM"] = self.gm_deck + self.gm_discard + [c for e in self.enemies for c in e.hand]
        if self.clash:
            by = self.clash.attacker
            owner = "GM" if by.side == Side.GM else f"P{self.master_of(by)}"
            owners[owner] = owners[owner] + self.clash.cards
        owners["loot"] = self.loot_deck + [loot.card for p in self.players for loot in p.loot]
        if self.quest is not None:  # Jokers still boxed and cards paid at shops
            for seat, (box, till) in enumerate(zip(self.quest.box, self.quest.till, strict=True)):
                owners[f"P{seat}"] = owners[f"P{seat}"] + box + till
        return owners

    def enemy_cards(self) -> list[str]:
        """Every enemy card: deck, table and discard (a Special Encounter's entities are not
        enemy cards)."""
        on_table = [e.enemy_id for e in self.enemies if not e.special]
        return self.enemy_deck + on_table + self.enemy_discard
