"""Diamonds & Dragons: Scoundrel's cousin for one or two players, as ruled in the rules page.

What differs from Scoundrel, each a named behaviour here: the dungeon keeps A♦ (a weapon of 14),
J♥ (a potion of 11) and both jokers (dragons worth 15); the party's 20 HP are five heroes of 4 HP
who fall one by one; there is no barehanded choice, and a weapon that meets an enemy at least as
strong as its last kill breaks; a potion right after a potion is wasted, across rooms; running
reshuffles the deck. Two players share one dungeon made of two decks, in rooms of 7, and take turns
to pick; each keeps their own party, weapon and potion chain, and wins or loses on their own.

Where the rule text is silent, `DRAGONS_RULINGS` (in rules.py) decides; `/rules` shows it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, ClassVar, Literal, TypeVar

from pydantic import BaseModel, Field

from bot.games.cards import Card, cards, standard_deck
from bot.games.contract import (
    Event,
    GameEnded,
    GameOver,
    IllegalAction,
    NotYourTurn,
    Outcome,
    SeatResult,
    seeded_rng,
    shuffle,
)
from bot.games.crawl.actions import (
    ActionKind,
    DungeonAction,
    DungeonState,
    Role,
    dungeon_action,
    healing,
    hp_loss,
    laid_out,
    monster_total,
    role_of,
)
from bot.games.crawl.events import (
    CrawlEvent,
    HeroFell,
    MonsterFought,
    PotionDrunk,
    Ran,
    RoomDealt,
    RoomFaced,
    WeaponEquipped,
    game_ended,
)
from bot.games.crawl.plain import PlainAssignment, built

K = TypeVar("K")
MAX_HP = 20
HERO_HP = 4
HEROES = cards("K♥ Q♥ K♦ Q♦ J♦")
"""The party in its fixed order: damage fells the last one first."""
HP_TRACKER = Card.parse("A♥")
ROOM_SIZES: dict[int, int] = {1: 4, 2: 7}
"""Room size by the number of parties still in the dungeon; a room ends when 1 card is left."""
SOLO = 0
PLAY_KINDS: dict[Role, ActionKind] = {
    Role.MONSTER: ActionKind.FIGHT,
    Role.WEAPON: ActionKind.EQUIP,
    Role.POTION: ActionKind.DRINK,
}
RUN = dungeon_action(ActionKind.RUN)
FACE = dungeon_action(ActionKind.FACE)
_DECIDING = (ActionKind.RUN, ActionKind.FACE)
CARD_PLAYS = {
    card.text: dungeon_action(PLAY_KINDS[role_of(card)], card) for card in standard_deck(jokers=1)
}
"""Each card's one move, by the card's text: a card is played one way only, and a lookup by a
str is cheaper than working out its role (and a Card's hash) on every move."""

# ---- events this game adds to the shared ones ----------------------------------------------------


class RunOrFace(CrawlEvent, frozen=True):
    """The room's first player must choose, for both players, to run from the room or face it."""

    kind: Literal["run_or_face"] = "run_or_face"
    seat: int


class HeroRevived(CrawlEvent, frozen=True):
    """A potion brought a fallen hero back above 0 HP."""

    kind: Literal["hero_revived"] = "hero_revived"
    hero: Card
    seat: int = 0


class PlaysOnAlone(CrawlEvent, frozen=True):
    """The other party fell: this player finishes the dungeon alone, in rooms of 4."""

    kind: Literal["plays_on_alone"] = "plays_on_alone"
    seat: int


DragonsEvent = Annotated[
    RoomDealt
    | RoomFaced
    | RunOrFace
    | WeaponEquipped
    | MonsterFought
    | PotionDrunk
    | Ran
    | HeroFell
    | HeroRevived
    | PlaysOnAlone
    | GameEnded,
    Field(discriminator="kind"),
]


# ---- the cards -----------------------------------------------------------------------------------


def dragons_dungeon() -> list[Card]:
    """One deck's dungeon: 54 cards without the party and the A♥ tracker, 48 in all."""
    return list(_DUNGEON)


_DUNGEON = tuple(card for card in standard_deck(jokers=2) if card not in {*HEROES, HP_TRACKER})


class Hero(BaseModel, frozen=True):
    card: Card
    hp: int


def heroes_at(hp: int) -> list[Hero]:
    """The party at a total HP: heroes stand in order, so the total alone says who is up.

    Filling from the front makes damage fell the last hero first and healing raise the most
    recently fallen first, with no extra state to keep in step.
    """
    return list(_PARTIES[max(0, min(MAX_HP, hp))])


def _party_at(hp: int) -> tuple[Hero, ...]:
    return tuple(
        _hero(index, min(HERO_HP, max(0, hp - HERO_HP * index))) for index in range(len(HEROES))
    )


def _hero(index: int, hp: int) -> Hero:
    """The one frozen value of a hero at an HP: the party changes them on every hit."""
    key = (index, hp)
    known = _HEROES.get(key)
    if known is None:
        known = _HEROES[key] = Hero(card=HEROES[index], hp=hp)
    return known


_HEROES: dict[tuple[int, int], Hero] = {}


_PARTIES = tuple(_party_at(hp) for hp in range(MAX_HP + 1))
"""The party at each total from 0 to full: below 0 every hero is down, as at 0."""


def _crossings(seat: int, before: int, after: int) -> tuple[Event, ...]:
    """Who falls (the last standing first) and who rises when a party's total goes from
    `before` to `after` (both from 0 to full)."""
    pairs = list(zip(_PARTIES[before], _PARTIES[after], strict=True))
    fell = [new.card for old, new in reversed(pairs) if old.hp > 0 and new.hp == 0]
    rose = [new.card for old, new in pairs if old.hp == 0 and new.hp > 0]
    fallen = [_hero_event(HeroFell, hero, seat) for hero in fell]
    return (*fallen, *[_hero_event(HeroRevived, hero, seat) for hero in rose])


def _hero_event(kind: type[HeroFell] | type[HeroRevived], hero: Card, seat: int) -> Event:
    """The one frozen event of a hero falling or rising: a lost game fells up to five."""
    key = (kind, hero.text, seat)
    known = _HERO_EVENTS.get(key)
    if known is None:
        known = _HERO_EVENTS[key] = kind(hero=hero, seat=seat)
    return known


_HERO_EVENTS: dict[tuple[type, str, int], Event] = {}
CROSSINGS = tuple(
    tuple(
        tuple(_crossings(seat, before, after) for after in range(MAX_HP + 1))
        for before in range(MAX_HP + 1)
    )
    for seat in range(max(ROOM_SIZES))
)
"""The heroes' falls and revivals, `CROSSINGS[seat][before][after]`, as a seat's party total
moves between two totals from 0 to full: worked out once, as every hit and potion asks."""


def _clamped(hp: int) -> int:
    """A party total as the heroes show it: from 0 (every hero down) to full."""
    return 0 if hp < 0 else MAX_HP if hp > MAX_HP else hp


# ---- the events of a play ----------------------------------------------------------------------


def _fought(
    enemy: Card, weapon: Card | None, damage: int, hp: int, broke: bool, seat: int
) -> Event:
    """The one frozen event of a fight: fights repeat, and looking one up by its cards' texts
    (a Card hashes in Python) costs a fraction of building it. `damage` follows from the
    rest."""
    key = (enemy.text, None if weapon is None else weapon.text, hp, broke, seat)
    known = _FOUGHT.get(key)
    if known is None:
        known = _kept(
            _FOUGHT,
            key,
            built(
                MonsterFought,
                card=enemy,
                weapon=weapon,
                damage=damage,
                hp=hp,
                weapon_broke=broke,
                seat=seat,
            ),
        )
    return known


def _drunk(potion: Card, healed: int, wasted: bool, hp: int, seat: int) -> Event:
    """The one frozen event of drinking a potion, as `_fought` for a fight."""
    key = (potion.text, healed, wasted, hp, seat)
    known = _DRUNK.get(key)
    if known is None:
        drunk = built(PotionDrunk, card=potion, healed=healed, wasted=wasted, hp=hp, seat=seat)
        known = _kept(_DRUNK, key, drunk)
    return known


def _equipped(weapon: Card, replaced: Card | None, seat: int) -> Event:
    """The one frozen event of taking up a weapon, as `_fought` for a fight."""
    key = (weapon.text, None if replaced is None else replaced.text, seat)
    known = _EQUIPPED.get(key)
    if known is None:
        equipped = built(WeaponEquipped, card=weapon, replaced=replaced, seat=seat)
        known = _kept(_EQUIPPED, key, equipped)
    return known


EVENTS_KEPT = 4096
"""Events kept per kind: the commonest come up early, and the rarest few need no keeping."""
_FOUGHT: dict[tuple[str, str | None, int, bool, int], Event] = {}
_DRUNK: dict[tuple[str, int, bool, int, int], Event] = {}
_EQUIPPED: dict[tuple[str, str | None, int], Event] = {}


def _kept(events: dict[K, Event], key: K, event: Event) -> Event:
    """`event`, kept under `key` while the kind keeps fewer than `EVENTS_KEPT`."""
    if len(events) < EVENTS_KEPT:
        events[key] = event
    return event


_POTIONS = {card.text: role_of(card) == Role.POTION for card in standard_deck(jokers=1)}
"""Whether each card is a potion, by its text: a drink asks it of the card played before."""


# ---- one player's side of the table -------------------------------------------------------------


class Party(PlainAssignment, BaseModel):
    """Everything one player owns: heroes, weapon and kills, discards, potion chain, result."""

    seat: int = SOLO
    hp: int = MAX_HP
    heroes: list[Hero] = Field(default_factory=lambda: heroes_at(MAX_HP))
    weapon: Card | None = None
    slain: list[Card] = Field(default_factory=list[Card])
    discard: list[Card] = Field(default_factory=list[Card])
    last_played: Card | None = None
    outcome: Outcome | None = None
    score: int | None = None

    @property
    def playing(self) -> bool:
        return self.outcome is None

    @property
    def last_kill(self) -> Card | None:
        return self.slain[-1] if self.slain else None

    def breaks_on(self, enemy: Card) -> bool:
        """A weapon breaks on an enemy at least as strong as its last kill; a fresh one never."""
        last = self.last_kill
        return self.weapon is not None and last is not None and last.value <= enemy.value

    def damage_from(self, enemy: Card) -> int:
        """What fighting this enemy would cost now (the weapon is always used when held)."""
        weapon = self.weapon
        if weapon is None or self.breaks_on(enemy):
            return enemy.value
        return max(0, enemy.value - weapon.value)

    def cards(self) -> list[Card]:
        held = [self.weapon] if self.weapon else []
        return [hero.card for hero in self.heroes] + held + self.slain + self.discard

    # ---- the plays: each touches only this party --------------------------------------------

    def play(self, kind: ActionKind, card: Card) -> list[Event]:
        events = self._PLAYS[kind](self, card)
        self.last_played = card
        return events

    def _fight(self, enemy: Card) -> list[Event]:
        """`breaks_on` and `damage_from` worked out together, once: a fight is the commonest
        move."""
        weapon, value = self.weapon, enemy.value
        slain = self.slain
        broke = weapon is not None and bool(slain) and slain[-1].value <= value
        if weapon is not None and not broke:
            damage = max(0, value - weapon.value)
            slain.append(enemy)
        else:
            damage = value
            if weapon is not None:  # it broke
                self._drop_weapon()
            self.discard.append(enemy)
        hp = self.hp - damage
        fallen = self._set_hp(hp)
        fought = _fought(enemy, weapon, damage, hp, broke, self.seat)
        return [fought, *fallen] if fallen else [fought]

    def _equip(self, weapon: Card) -> list[Event]:
        replaced = self.weapon
        self._drop_weapon()
        self.weapon = weapon
        return [_equipped(weapon, replaced, self.seat)]

    def _drop_weapon(self) -> None:
        """A replaced or broken weapon goes to the discard with every kill it made."""
        if self.weapon is None:
            return
        self.discard.extend([self.weapon, *self.slain])
        self.weapon, self.slain = None, []

    def _drink(self, potion: Card) -> list[Event]:
        self.discard.append(potion)
        previous = self.last_played
        wasted = previous is not None and _POTIONS[previous.text]
        hp = self.hp
        healed = 0 if wasted else min(MAX_HP, hp + potion.value) - hp
        risen = self._set_hp(hp + healed)
        drunk = _drunk(potion, healed, wasted, hp + healed, self.seat)
        return [drunk, *risen] if risen else [drunk]

    _PLAYS: ClassVar[dict[ActionKind, Callable[[Party, Card], list[Event]]]] = {
        ActionKind.FIGHT: _fight,
        ActionKind.EQUIP: _equip,
        ActionKind.DRINK: _drink,
    }

    def _set_hp(self, hp: int) -> tuple[Event, ...]:
        """Move the total and the heroes together; report who fell (last first) and who rose."""
        shown = _clamped(hp)
        crossed = CROSSINGS[self.seat][_clamped(self.hp)][shown]
        self.hp, self.heroes = hp, list(_PARTIES[shown])
        return crossed

    def end(self, outcome: Outcome, score: int) -> list[Event]:
        self.outcome, self.score = outcome, score
        return [game_ended(outcome, score, self.seat)]

    def win_score(self) -> int:
        """HP, plus the last card's value when it was a potion and the party is at full health."""
        last = self.last_played
        if last is None or role_of(last) != Role.POTION or self.hp != MAX_HP:
            return self.hp
        return self.hp + last.value


# ---- the table ----------------------------------------------------------------------------------


class DragonsOptions(BaseModel, frozen=True):
    players: Literal[1, 2] = 1


class DragonsState(DungeonState):
    """A whole game between two actions. The deck's top is index 0; deck and room are shared."""

    game: Literal["dragons"] = "dragons"
    deck: list[Card]
    room: list[Card] = Field(default_factory=list[Card])
    parties: list[Party]
    to_move: int | None = SOLO
    """The seat whose move it is; None once every party has ended."""
    deciding: bool = False
    """The player to move must choose run or face for the table (a duel's room opening)."""
    played_in_room: int = 0
    ran_last_room: bool = False
    shuffles: int = 1
    """Shuffles so far; the first (shuffle:0) made the deck, so run k reshuffles with shuffle:k."""

    @classmethod
    def scripted(
        cls, deck: list[Card], players: int = 1, first: int = SOLO, seed: int = 0
    ) -> tuple[DragonsState, list[Event]]:
        """A game over an explicit card order (top first): for scripted tests and replays."""
        parties = [built(Party, seat=seat) for seat in range(players)]
        state = built(cls, seed=seed, deck=list(deck), parties=parties)
        return state, state._deal_room(first, players)

    # ---- what the table shows ---------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Every party has ended, which is when the table waits on nobody: asked on each move,
        so it reads the one field rather than every party."""
        return self.to_move is None

    @property
    def playing(self) -> list[int]:
        """Seats whose parties are still in the dungeon."""
        return [party.seat for party in self.parties if party.outcome is None]

    @property
    def outcome(self) -> Outcome | None:
        """Seat 0's result, what a solo front end reads; a duel reads each party's."""
        return self.parties[SOLO].outcome

    @property
    def score(self) -> int | None:
        return self.parties[SOLO].score

    @property
    def plays_left(self) -> int:
        """Cards still to play in this room: all but one, or every one once the deck is empty."""
        return len(self.room) if not self.deck else max(0, len(self.room) - 1)

    def may_run(self) -> bool:
        return (
            self.played_in_room == 0
            and not self.ran_last_room
            and bool(self.deck)
            and self.to_move is not None  # not over (see is_over), read without a property
        )

    def acting(self) -> list[int]:
        mover = self.to_move  # a field of a pydantic model is read at a cost: once, not twice
        return [] if mover is None else [mover]

    def legal_actions(self, seat: int = SOLO) -> list[DungeonAction]:
        mover = self.to_move
        if mover is None or seat != mover:
            return []
        if self.deciding:
            return [RUN, FACE]
        plays = {card.text: CARD_PLAYS[card.text] for card in self.room}  # twin cards: one move
        if self.played_in_room == 0 and self._may_run_alone():
            return [RUN, *plays.values()]
        return list(plays.values())

    def _may_run_alone(self) -> bool:
        """A solo player runs by their own move; a duel decides it as the room opens. Asked as
        each room opens: a lone party's own outcome says what listing `playing` would."""
        if not self.may_run():
            return False
        parties = self.parties
        if len(parties) == 1:
            return parties[0].outcome is None
        return len(self.playing) == 1

    def _allows(self, played: DungeonAction) -> bool:
        """Whether `legal_actions` of the seat to move holds this action, without listing them
        all (`apply` has checked whose move it is)."""
        if self.deciding:
            return played.kind in _DECIDING
        card = played.card
        if card is None:
            return played.kind == ActionKind.RUN and self._may_run_alone()
        return played.kind == CARD_PLAYS[card.text].kind and card in self.room

    def striking_weapon(self, action: DungeonAction) -> Card | None:
        """The weapon of the party to move: Dragons has no barehanded choice."""
        if action.kind != ActionKind.FIGHT or self.to_move is None:
            return None
        return self.parties[self.to_move].weapon

    def preview(self, action: DungeonAction) -> str | None:
        card = action.card
        if card is None or self.to_move is None or action.kind == ActionKind.EQUIP:
            return None
        party = self.parties[self.to_move]
        if action.kind == ActionKind.DRINK:
            previous = party.last_played
            if previous is not None and role_of(previous) == Role.POTION:
                return "wasted: a potion right after a potion"
            return healing(min(MAX_HP, party.hp + card.value) - party.hp)
        loss = hp_loss(party.damage_from(card), party.hp)
        return f"{loss}, weapon breaks" if party.breaks_on(card) else loss

    # ---- applying an action -----------------------------------------------------------------

    def apply(self, seat: int, action: DungeonAction) -> list[Event]:
        """Play one action; an illegal one raises and changes nothing."""
        mover, parties = self.to_move, self.parties
        if mover is None:
            raise GameOver("the game is over")
        if 0 <= seat < len(parties) and parties[seat].outcome is not None:
            raise GameOver("your party has fallen; the game is over for you")
        if seat != mover:
            raise NotYourTurn("it is not your turn")
        card = action.card
        at = None if card is None or self.deciding else self._place_in_room(action, card)
        if at is None and not self._allows(action):
            raise IllegalAction(f"{action} is not a legal move now")
        self.turn += 1
        if card is None:
            return self._DECISIONS[action.kind](self, seat)
        if at is None:
            self.room.remove(card)
        else:
            del self.room[at]
        self.played_in_room += 1
        if self.ran_last_room:  # on most moves it is already clear: a test costs less than a write
            self.ran_last_room = False
        return self._after_play(seat, parties[seat].play(action.kind, card))

    def _place_in_room(self, played: DungeonAction, card: Card) -> int | None:
        """Where the card of a legal card move lies in the room, None if the move is not legal
        now: `_allows` and then `list.remove` would look for the card twice, comparing cards
        (in Python) on the way."""
        if played.kind != CARD_PLAYS[card.text].kind:
            return None
        try:
            return self.room.index(card)
        except ValueError:
            return None

    def _run(self, player: int) -> list[Event]:
        fled = list(self.room)
        self.deck.extend(fled)
        self.room, self.places = [], []
        shuffle(self.deck, seeded_rng(self.seed, f"shuffle:{self.shuffles}"))
        self.shuffles += 1
        self.ran_last_room = True
        return [
            built(Ran, cards=fled, reshuffled=True, seat=player),
            *self._deal_room(player, len(self.playing)),
        ]

    def _face(self, player: int) -> list[Event]:
        self.deciding = False
        return [built(RoomFaced, seat=player)]

    _DECISIONS: ClassVar[dict[ActionKind, Callable[[DragonsState, int], list[Event]]]] = {
        ActionKind.RUN: _run,
        ActionKind.FACE: _face,
    }

    def _after_play(self, player: int, events: list[Event]) -> list[Event]:
        """What follows a play (ends, the next player, the next room), added to the play's own
        `events`. The fields it asks of are read once: a pydantic model's field costs more to
        read than a plain object's."""
        parties, room, deck = self.parties, self.room, self.deck
        party = parties[player]
        played = len(events)
        if party.hp <= 0:
            events += party.end(Outcome.LOST, party.hp - monster_total(deck))
        if not room and not deck:
            for seat in self.playing:
                events += parties[seat].end(Outcome.WON, parties[seat].win_score())
        elif party.outcome is not None:
            events += [built(PlaysOnAlone, seat=seat) for seat in self.playing]
        # A solo party that nothing ended is the one playing: known without asking the parties.
        playing = [player] if len(events) == played and len(parties) == 1 else self.playing
        if not playing:
            self.to_move = None
            return events
        # One party left is the one to pick, whoever just played: no need to look for another.
        after = playing[0] if len(playing) == 1 else self._after(player, playing)
        if deck and len(room) <= 1:
            leader = player if party.outcome is None else after
            events += self._deal_room(leader, len(playing))
            return events
        if self.to_move != after:  # a solo game's mover never changes
            self.to_move = after
        return events

    def _after(self, player: int, playing: list[int]) -> int:
        """Who picks after this player: the other one while both play, else the one left."""
        for seat in playing:
            if seat != player:
                return seat
        return player

    def _deal_room(self, leader: int, parties: int) -> list[Event]:
        """Deal the next room for `parties` still in the dungeon, `leader` to move first."""
        room, deck = self.room, self.deck
        carried = room[0] if room else None
        dealt = deck[: max(0, ROOM_SIZES[parties] - len(room))]
        del deck[: len(dealt)]
        self.places = laid_out(self.places, room, dealt)
        room.extend(dealt)
        self.rooms_dealt = number = self.rooms_dealt + 1
        self.played_in_room = 0
        self.to_move = leader
        duel = parties > 1
        self.deciding = deciding = duel and self.may_run()
        room_dealt = built(
            RoomDealt,
            room=list(room),
            carried=carried,
            deck_left=len(deck),
            room_number=number,
            seat=leader if duel else None,
        )
        return [room_dealt, built(RunOrFace, seat=leader)] if deciding else [room_dealt]

    def results(self) -> list[SeatResult]:
        return [
            SeatResult(seat=party.seat, outcome=party.outcome.value, score=party.score)
            for party in self.parties
            if party.outcome is not None and party.score is not None
        ]

    def forfeits(self, forfeiters: set[int], outcome: str) -> list[SeatResult]:
        """A player already out keeps their result; one still playing who did not forfeit
        (their rival gave up or let the game expire) gets no result, neither win nor loss.
        A forfeit scores as a fall at 0 HP now (the same for either player)."""
        gave_up = [
            SeatResult(seat=party.seat, outcome=outcome, score=self.forfeit_score())
            for party in self.parties
            if party.outcome is None and party.seat in forfeiters
        ]
        return self.results() + gave_up

    def forfeit_score(self) -> int:
        return -monster_total(self.deck)

    def all_cards(self) -> list[Card]:
        """Every card wherever it lies, the shared deck and room once and each party's own."""
        return self.deck + self.room + [card for party in self.parties for card in party.cards()]


def new_game(
    seed: int, options: DragonsOptions | None = None, players: int | None = None
) -> tuple[DragonsState, list[Event]]:
    """Shuffle one dungeon per player together, draw who goes first, and deal the first room.

    `players`, when given, is the number of players (the registry passes it); otherwise the
    options say.
    """
    count = players if players is not None else (options or DragonsOptions()).players
    if count not in ROOM_SIZES:
        raise IllegalAction("Diamonds & Dragons is played by 1 or 2 players")
    deck = dragons_dungeon() * count
    shuffle(deck, seeded_rng(seed, "shuffle:0"))
    first = SOLO if count == 1 else seeded_rng(seed, "first player").randrange(count)
    return DragonsState.scripted(deck, players=count, first=first, seed=seed)
