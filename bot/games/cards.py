"""Playing cards, the one card type every game shares.

A card is stored and sent as its short text ("10♠", "A♦", "🃏"), so game states serialise to
compact, readable JSON and custom_ids can carry a card in two ASCII characters (`Card.code`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from typing import Any

from pydantic import GetCoreSchemaHandler
from pydantic_core import core_schema


class Suit(StrEnum):
    SPADES = "♠"
    HEARTS = "♥"
    DIAMONDS = "♦"
    CLUBS = "♣"

    @property
    def letter(self) -> str:
        return _SUIT_LETTERS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_SUIT_LETTERS = {Suit.SPADES: "S", Suit.HEARTS: "H", Suit.DIAMONDS: "D", Suit.CLUBS: "C"}
_LETTER_SUITS = {letter: suit for suit, letter in _SUIT_LETTERS.items()}
_SYMBOL_SUITS = {suit.value: suit for suit in Suit} | {
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
}


class Rank(IntEnum):
    """Ranks by their value in play: aces are high (14) and a joker is worth 15."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def label(self) -> str:
        return _RANK_LABELS.get(self, str(int(self)))


_RANK_LABELS = {Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A", Rank.JOKER: "🃏"}
_LABEL_RANKS = {
    **{str(r.value): r for r in Rank if r <= Rank.TEN},
    "T": Rank.TEN,
    "J": Rank.JACK,
    "Q": Rank.QUEEN,
    "K": Rank.KING,
    "A": Rank.ACE,
}
_JOKER_SPELLINGS = {"JK", "JOKER", "🃏", "*"}


class CardParseError(ValueError):
    """A text that names no card."""


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card; a joker has no suit."""

    rank: Rank
    suit: Suit | None = None
    text: str = field(default="", init=False, compare=False, repr=False)
    """How the card is written ("10♠", "🃏"), worked out once: states are saved card by card."""
    value: int = field(default=0, init=False, compare=False, repr=False)
    """The rank's value in play, stored as a plain int: the engines read it in every fight."""

    def __post_init__(self) -> None:
        if (self.rank == Rank.JOKER) != (self.suit is None):
            raise CardParseError("a joker has no suit and every other card has one")
        text = Rank.JOKER.label if self.suit is None else self.rank.label + self.suit.value
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "value", int(self.rank))

    @property
    def is_joker(self) -> bool:
        return self.rank == Rank.JOKER

    @property
    def code(self) -> str:
        """Two ASCII characters ("TS", "AD", "JK") for places where space and charset are tight."""
        if self.suit is None:
            return "JK"
        label = "T" if self.rank == Rank.TEN else self.rank.label
        return label + self.suit.letter

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self})"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read "10♠", "TS", "10s", "a♦" or "JK"/"🃏" (case and surrounding space ignored)."""
        raw = text.strip().replace("\ufe0f", "")
        if raw.upper() in _JOKER_SPELLINGS:
            return JOKER
        if len(raw) < 2:
            raise CardParseError(f"not a card: {text!r}")
        rank_text, suit_text = raw[:-1].upper(), raw[-1]
        suit = _LETTER_SUITS.get(suit_text.upper()) or _SYMBOL_SUITS.get(suit_text)
        rank = _LABEL_RANKS.get(rank_text)
        if suit is None or rank is None:
            raise CardParseError(f"not a card: {text!r}")
        return cls(rank, suit)

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: type[Any], handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        """Validate from a Card or its text; serialise to its text. A Card is recognised by
        pydantic itself, with no call into Python: states are built from dozens of them."""
        from_text = core_schema.no_info_plain_validator_function(
            _validate_card, json_schema_input_schema=core_schema.str_schema()
        )
        return core_schema.json_or_python_schema(
            json_schema=from_text,
            python_schema=core_schema.union_schema(
                [core_schema.is_instance_schema(cls), from_text], mode="left_to_right"
            ),
            serialization=core_schema.plain_serializer_function_ser_schema(str),
        )


def _validate_card(value: object) -> Card:
    if isinstance(value, str):
        known = _BY_TEXT.get(value)
        return known if known is not None else Card.parse(value)
    if isinstance(value, Card):
        return value
    raise CardParseError(f"not a card: {value!r}")


JOKER = Card(Rank.JOKER)


def cards(text: str) -> list[Card]:
    """Cards from a space-separated text, for scripted decks: cards("10♠ AD 3h JK")."""
    return [Card.parse(part) for part in text.split()]


def standard_deck(jokers: int = 0) -> list[Card]:
    """The 52 cards in a fixed order (suit by suit, 2 to ace), then the jokers."""
    return [*_STANDARD, *[JOKER] * jokers]


_STANDARD = tuple(Card(rank, suit) for suit in Suit for rank in Rank if rank != Rank.JOKER)


_BY_TEXT = {str(card): card for card in standard_deck(jokers=1)}
"""Each card by the text it is saved as: loading a game reads every card of its deck, and a
lookup is many times cheaper than parsing."""
