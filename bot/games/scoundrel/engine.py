"""Scoundrel: a solo dungeon crawl through a 44-card deck, as ruled in the project's rules page.

Every ruling is a named behaviour here: weapons only strike monsters strictly weaker than their
last kill, a barehanded fight keeps the weapon as it was, only the first potion of a room heals,
running sends the room to the bottom in order, and the variants differ only in when you may run.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import ClassVar, Literal

from pydantic import BaseModel, Field

from bot.games.cards import Card, Rank, standard_deck
from bot.games.contract import (
    Event,
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
    MonsterFought,
    PotionDrunk,
    Ran,
    RoomDealt,
    WeaponEquipped,
    game_ended,
)
from bot.games.crawl.plain import built

MAX_HP = 20
ROOM_SIZE = 4
PLAYS_PER_ROOM = 3
SOLO = 0


class Variant(StrEnum):
    EASY = "easy"
    CLASSIC = "classic"
    HARD = "hard"


class RunRule(StrEnum):
    ANY_ROOM = "any room"
    NOT_TWICE_IN_A_ROW = "not twice in a row"
    NEVER = "never"


RUN_RULES: dict[Variant, RunRule] = {
    Variant.EASY: RunRule.ANY_ROOM,
    Variant.CLASSIC: RunRule.NOT_TWICE_IN_A_ROW,
    Variant.HARD: RunRule.NEVER,
}
MAY_RUN_AGAIN: dict[tuple[Variant, bool], bool] = {
    (variant, ran): rule == RunRule.ANY_ROOM or (rule == RunRule.NOT_TWICE_IN_A_ROW and not ran)
    for variant, rule in RUN_RULES.items()
    for ran in (False, True)
}
"""Whether a variant's rule lets the player run from a fresh room, by whether they ran from the
room before: the rule read once, as it is asked on every move."""


class ScoundrelOptions(BaseModel, frozen=True):
    variant: Variant = Variant.CLASSIC


def scoundrel_deck() -> list[Card]:
    """The 52-card deck without red faces and red aces: 26 monsters, 9 weapons, 9 potions."""
    return list(_DECK)


_DECK = tuple(c for c in standard_deck() if not (c.suit and c.suit.is_red and c.rank >= Rank.JACK))


def _moves_of(card: Card, reach: int) -> tuple[DungeonAction, ...]:
    """A room card's legal moves with a weapon of this reach (see `weapon_reach`): a potion is
    drunk, a weapon equipped, a monster fought barehanded, or first with the weapon if it can
    strike it."""
    role = role_of(card)
    if role == Role.POTION:
        return (dungeon_action(ActionKind.DRINK, card),)
    if role == Role.WEAPON:
        return (dungeon_action(ActionKind.EQUIP, card),)
    barehanded = dungeon_action(ActionKind.FIGHT_BAREHANDED, card)
    if card.value < reach:
        return (dungeon_action(ActionKind.FIGHT_WITH_WEAPON, card), barehanded)
    return (barehanded,)


FRESH_REACH = Rank.JOKER + 1
"""A fresh weapon's reach: above every monster, so it may fight any."""
CARD_MOVES = {
    card.text: tuple(_moves_of(card, reach) for reach in range(FRESH_REACH + 1))
    for card in standard_deck(jokers=1)
}
"""Each card's moves by the weapon's reach, `CARD_MOVES[card.text][reach]`: listing a room's
moves on every move is then one lookup per card. By the card's text, whose hash is kept (a
Card's is worked out on each lookup)."""
CARD_KINDS = {
    text: tuple(tuple(move.kind for move in moves) for moves in by_reach)
    for text, by_reach in CARD_MOVES.items()
}
"""The kinds of `CARD_MOVES`, `CARD_KINDS[card.text][reach]`: a move on a card is legal when its
kind is among them, and kinds compare as strs where actions compare as pydantic models."""
_RUN = dungeon_action(ActionKind.RUN)


class ScoundrelState(DungeonState):
    """A whole game between two actions. The deck's top is index 0."""

    game: Literal["scoundrel"] = "scoundrel"
    variant: Variant = Variant.CLASSIC
    deck: list[Card]
    room: list[Card] = Field(default_factory=list[Card])
    discard: list[Card] = Field(default_factory=list[Card])
    weapon: Card | None = None
    slain: list[Card] = Field(default_factory=list[Card])
    hp: int = MAX_HP
    played_in_room: int = 0
    potion_in_room: bool = False
    ran_last_room: bool = False
    last_played: Card | None = None
    seen_below: int = 0
    """How many cards at the bottom of the deck the player has seen: those fled from, which
    went under the unseen rest in their order. A hint may know them; a solver knows all."""
    outcome: Outcome | None = None
    score: int | None = None

    @classmethod
    def scripted(
        cls, deck: list[Card], variant: Variant = Variant.CLASSIC, seed: int = 0
    ) -> tuple[ScoundrelState, list[Event]]:
        """A game over an explicit card order (top first): for scripted tests and replays."""
        state = built(cls, seed=seed, variant=Variant(variant), deck=list(deck))
        return state, state._deal_room()

    # ---- what the player may do -------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def to_move(self) -> int | None:
        return None if self.outcome is not None else SOLO

    def acting(self) -> list[int]:
        return [] if self.outcome is not None else [SOLO]

    @property
    def plays_left(self) -> int:
        """Cards still to play in this room: 3 a room, or every one once the deck is empty."""
        return len(self.room) if not self.deck else max(0, PLAYS_PER_ROOM - self.played_in_room)

    @property
    def last_kill(self) -> Card | None:
        return self.slain[-1] if self.slain else None

    def weapon_can_fight(self, monster: Card) -> bool:
        """A fresh weapon fights anything; after a kill, only monsters strictly weaker."""
        return monster.value < self.weapon_reach()

    def weapon_reach(self) -> int:
        """The weapon fights monsters of lower value than this: none without a weapon, any
        with a fresh one, and after a kill those strictly weaker than the last one."""
        if self.weapon is None:
            return 0
        return self.slain[-1].value if self.slain else FRESH_REACH

    def may_run(self) -> bool:
        if self.outcome is not None or self.played_in_room > 0 or not self.deck:
            return False
        return MAY_RUN_AGAIN[self.variant, self.ran_last_room]

    def legal_actions(self, seat: int = SOLO) -> list[DungeonAction]:
        if self.outcome is not None or seat != SOLO:
            return []
        actions = [_RUN] if self.played_in_room == 0 and self.may_run() else []
        reach = self.weapon_reach()
        for card in self.room:
            actions += CARD_MOVES[card.text][reach]
        return actions

    def _allows(self, played: DungeonAction) -> bool:
        """Whether `legal_actions` holds this action, without listing them all."""
        card = played.card
        if card is None:
            return played.kind == ActionKind.RUN and self.may_run()
        return played.kind in CARD_KINDS[card.text][self.weapon_reach()] and card in self.room

    def striking_weapon(self, action: DungeonAction) -> Card | None:
        return self.weapon if action.kind == ActionKind.FIGHT_WITH_WEAPON else None

    def preview(self, action: DungeonAction) -> str | None:
        card = action.card
        if card is None or action.kind == ActionKind.EQUIP:
            return None
        if action.kind == ActionKind.DRINK:
            if self.potion_in_room:
                return "wasted: one potion a room"
            return healing(min(MAX_HP, self.hp + card.value) - self.hp)
        weapon = self.weapon if action.kind == ActionKind.FIGHT_WITH_WEAPON else None
        damage = max(0, card.value - weapon.value) if weapon is not None else card.value
        return hp_loss(damage, self.hp)

    # ---- applying an action -----------------------------------------------------------------

    def apply(self, seat: int, action: DungeonAction) -> list[Event]:
        """Play one action; an illegal one raises and changes nothing."""
        if self.outcome is not None:
            raise GameOver("the game is over")
        if seat != SOLO:
            raise NotYourTurn("Scoundrel is a solo game")
        if not self._allows(action):
            raise IllegalAction(f"{action} is not a legal move now")
        self.turn += 1
        card = action.card
        if card is None:  # only running plays no card
            return self._run()
        self.room.remove(card)
        self.played_in_room += 1
        if self.ran_last_room:  # on most moves it is already clear: a test costs less than a write
            self.ran_last_room = False
        self.last_played = card
        played = self._PLAYS[action.kind](self, card)
        return [played, *self._after_play()]

    def _run(self) -> list[Event]:
        fled = list(self.room)
        self.deck.extend(fled)
        self.seen_below += len(fled)
        self.room, self.places = [], []
        self.ran_last_room = True
        return [built(Ran, cards=fled), *self._deal_room()]

    def _drink(self, potion: Card) -> Event:
        self.discard.append(potion)
        if self.potion_in_room:
            return built(PotionDrunk, card=potion, healed=0, wasted=True, hp=self.hp)
        self.potion_in_room = True
        hp = min(MAX_HP, self.hp + potion.value)
        healed, self.hp = hp - self.hp, hp
        return built(PotionDrunk, card=potion, healed=healed, wasted=False, hp=hp)

    def _equip(self, weapon: Card) -> Event:
        replaced = self.weapon
        if replaced is not None:
            self.discard.extend([replaced, *self.slain])
        self.weapon, self.slain = weapon, []
        return built(WeaponEquipped, card=weapon, replaced=replaced)

    def _fight_with_weapon(self, monster: Card) -> Event:
        weapon = self.weapon
        assert weapon is not None
        damage = max(0, monster.value - weapon.value)
        self.slain.append(monster)
        self.hp = hp = self.hp - damage
        return built(MonsterFought, card=monster, weapon=weapon, damage=damage, hp=hp)

    def _fight_barehanded(self, monster: Card) -> Event:
        damage = monster.value
        self.discard.append(monster)
        self.hp = hp = self.hp - damage
        return built(MonsterFought, card=monster, weapon=None, damage=damage, hp=hp)

    _PLAYS: ClassVar[dict[ActionKind, Callable[[ScoundrelState, Card], Event]]] = {
        ActionKind.DRINK: _drink,
        ActionKind.EQUIP: _equip,
        ActionKind.FIGHT_WITH_WEAPON: _fight_with_weapon,
        ActionKind.FIGHT_BAREHANDED: _fight_barehanded,
    }

    def _after_play(self) -> list[Event]:
        if self.hp <= 0:
            return self._end(Outcome.LOST, self.hp - monster_total(self.deck + self.room))
        if not self.room and not self.deck:
            return self._end(Outcome.WON, self.hp + self._potion_bonus())
        if self.deck and self.played_in_room >= PLAYS_PER_ROOM:
            return self._deal_room()
        return []

    def _potion_bonus(self) -> int:
        last = self.last_played
        if self.hp == MAX_HP and last is not None and role_of(last) == Role.POTION:
            return last.value
        return 0

    def _end(self, outcome: Outcome, score: int) -> list[Event]:
        self.outcome, self.score = outcome, score
        return [game_ended(outcome, score)]

    def _deal_room(self) -> list[Event]:
        room, deck = self.room, self.deck
        carried = room[0] if room else None
        dealt = deck[: ROOM_SIZE - len(room)]
        del deck[: len(dealt)]
        self.places = laid_out(self.places, room, dealt)
        room.extend(dealt)
        self.seen_below = min(self.seen_below, len(deck))
        self.rooms_dealt = number = self.rooms_dealt + 1
        self.played_in_room = 0
        self.potion_in_room = False
        return [
            built(
                RoomDealt, room=list(room), carried=carried, deck_left=len(deck), room_number=number
            )
        ]

    def results(self) -> list[SeatResult]:
        if self.outcome is None or self.score is None:
            return []
        return [SeatResult(seat=SOLO, outcome=self.outcome.value, score=self.score)]

    def forfeits(self, forfeiters: set[int], outcome: str) -> list[SeatResult]:
        """An abandoned or expired game scores as a death at 0 HP, never better than dying now."""
        return [SeatResult(seat=SOLO, outcome=outcome, score=self.forfeit_score())]

    def forfeit_score(self) -> int:
        return -monster_total(self.deck + self.room)

    def all_cards(self) -> list[Card]:
        """Every card wherever it lies; conservation says this is always the full deck."""
        held = [self.weapon] if self.weapon else []
        return self.deck + self.room + self.discard + held + self.slain


def new_game(
    seed: int, options: ScoundrelOptions | None = None, players: int = 1
) -> tuple[ScoundrelState, list[Event]]:
    """Shuffle the deck from the seed and deal the first room."""
    if players != 1:
        raise IllegalAction("Scoundrel is played alone")
    deck = scoundrel_deck()
    shuffle(deck, seeded_rng(seed, "shuffle:0"))
    return ScoundrelState.scripted(deck, (options or ScoundrelOptions()).variant, seed)
