"""What a card is in a dungeon crawl, and the actions a player takes there."""

from __future__ import annotations

from abc import abstractmethod
from enum import StrEnum

from pydantic import Field

from bot.games.cards import Card, CardParseError, Suit, standard_deck
from bot.games.contract import Action, GameState, IllegalAction
from bot.games.crawl.plain import PlainAssignment


class Role(StrEnum):
    MONSTER = "monster"
    WEAPON = "weapon"
    POTION = "potion"


def role_of(card: Card) -> Role:
    """Black cards and jokers are monsters, diamonds weapons, hearts potions."""
    return _SUIT_ROLES.get(card.suit, Role.MONSTER)


_SUIT_ROLES: dict[Suit | None, Role] = {Suit.DIAMONDS: Role.WEAPON, Suit.HEARTS: Role.POTION}


class ActionKind(StrEnum):
    FIGHT_WITH_WEAPON = "weapon"
    FIGHT_BAREHANDED = "bare"
    FIGHT = "fight"
    DRINK = "drink"
    EQUIP = "equip"
    RUN = "run"
    FACE = "face"


CARDLESS = {ActionKind.RUN, ActionKind.FACE}


class DungeonAction(Action, frozen=True):
    """One move: a kind and, for every kind but run and face, the room card it plays."""

    kind: ActionKind
    card: Card | None = None

    def __str__(self) -> str:
        """The text form: `run`, `weapon.9S`, `drink.7H`."""
        return self.kind.value if self.card is None else f"{self.kind.value}.{self.card.code}"


def dungeon_action(kind: ActionKind, card: Card | None = None) -> DungeonAction:
    """The one action of that kind on that card. Engines list legal actions on every move;
    handing out the same few frozen values saves building and validating them each time."""
    key = (kind, card)
    known = _ACTIONS.get(key)
    if known is None:
        known = _ACTIONS[key] = DungeonAction(kind=kind, card=card)
    return known


_ACTIONS: dict[tuple[ActionKind, Card | None], DungeonAction] = {}


def monster_total(pile: list[Card]) -> int:
    """The value of the monsters in a pile: a lost game's score counts those left."""
    return sum([_MONSTER_VALUES[card.text] for card in pile])


_MONSTER_VALUES = {
    card.text: card.value if role_of(card) == Role.MONSTER else 0
    for card in standard_deck(jokers=1)
}
"""Each card's worth as a monster (0 for a weapon or a potion), by the card's text."""


def parse_action(text: str) -> DungeonAction:
    """An action from its text form (`weapon.9S`), or as a person writes it (`weapon 9♠`)."""
    word, _, card = text.strip().replace(".", " ", 1).partition(" ")
    try:
        kind = ActionKind(word)
        played = Card.parse(card) if card else None
    except (ValueError, CardParseError) as error:
        raise IllegalAction(f"not a move: {text!r}") from error
    if (played is None) != (kind in CARDLESS):
        raise IllegalAction(f"not a move: {text!r}")
    return dungeon_action(kind, played)


class DungeonState(PlainAssignment, GameState[DungeonAction]):
    """A dungeon crawl's state: what Scoundrel and Diamonds & Dragons share beyond the contract."""

    rooms_dealt: int = 0
    room: list[Card] = Field(default_factory=list[Card])
    places: list[Card | None] = Field(default_factory=list[Card | None])
    """The room's cards where they lie: a played card leaves its place empty, and the next room
    fills the empty places, so a card keeps its place (and its key in the terminal) for as long
    as it stays in the room."""

    def place(self, card: Card) -> int:
        """Where a room card lies. A game saved before places were kept falls back on the room's
        order, which is stable until a card is played."""
        if all(card in self.places for card in self.room):
            return self.places.index(card)
        return self.room.index(card)

    @abstractmethod
    def striking_weapon(self, action: DungeonAction) -> Card | None:
        """The weapon a legal fight would strike with (even one that then breaks); None for a
        barehanded fight and for any other move."""

    @abstractmethod
    def preview(self, action: DungeonAction) -> str | None:
        """What a legal move would do, said before it is chosen ("−4 HP", "+5 HP", "wasted",
        "weapon breaks"); None when there is nothing to warn about."""


def hp_loss(damage: int, hp: int) -> str:
    """A fight's preview: what it costs, and whether it kills at `hp`."""
    if damage == 0:
        return "no damage"
    return f"−{damage} HP" + (" (deadly)" if damage >= hp else "")


def healing(healed: int) -> str:
    """A potion's preview: what it heals."""
    return f"+{healed} HP" if healed else "no healing: health is full"


def laid_out(places: list[Card | None], kept: list[Card], dealt: list[Card]) -> list[Card | None]:
    """The places of a room just dealt: a card `kept` from the room before stays where it lay,
    and the `dealt` cards fill the empty places in the order they came off the deck.

    A room keeps one card, or none after a run: those two are laid out directly (a room is
    dealt every few moves), and any other by `laid_out_by_place`, whose result they match."""
    if not kept:
        return list(dealt)  # every place is free: the first room, and every room after a run
    if len(kept) == 1:
        try:
            return _around(places, places.index(kept[0]), dealt)
        except ValueError:
            pass  # a kept card with no known place is laid like a new one, as below
    return laid_out_by_place(places, kept, dealt)


def laid_out_by_place(
    places: list[Card | None], kept: list[Card], dealt: list[Card]
) -> list[Card | None]:
    """`laid_out` in general: each place keeps its card if the room kept it, and the empty
    places then take the kept cards with no place, then the dealt ones, in order."""
    left = list(kept)
    layout: list[Card | None] = []
    for card in places:
        if card is not None and card in left:
            left.remove(card)
            layout.append(card)
        else:
            layout.append(None)
    incoming = iter(left + dealt)  # a kept card with no known place is laid like a new one
    layout = [card if card is not None else next(incoming, None) for card in layout]
    layout.extend(incoming)
    while layout and layout[-1] is None:
        layout.pop()
    return layout


def _around(places: list[Card | None], at: int, dealt: list[Card]) -> list[Card | None]:
    """`laid_out` of a room that keeps one card, the one at place `at`: the dealt cards fill
    the places before it and after it in order, and a place before it that none reaches stays
    empty."""
    before = dealt[:at]
    return [*before, *[None] * (at - len(before)), places[at], *dealt[at:]]
