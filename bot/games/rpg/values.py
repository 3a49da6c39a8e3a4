"""What each card is worth in the Role Playing Card Game, in one place.

The text gives every card two readings: its power in a fight (ace 1 up to king 13) and, for the
special round's bids only, its rank with the ace high. A suit says what a card does: diamonds are
money, hearts health, clubs attack and spades stamina.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.games.cards import Card, Rank, Suit, standard_deck

HAND_SIZE = 7
MAX_ROUNDS = 30
"""After this many rounds the game ends on the hearts in hand, so it is always finite."""
LONG_NIGHT = 15
"""The round the Long Night begins by default, chosen with bench/rpg_bots.py (bots in every
seat, 300-500 deals per size, 2 to 6 players). From round 15, 94-100% of games end by a death,
median round 20, 90th percentile 24-27: three rounds or more inside the 30-round cap, room for
people who play more carefully than the bot. From round 18 the 90th percentile reaches 28-29,
a hair from the cap (94-98% by a death); from round 12 games end by round 17 or 18, and the
Night, not the fights, decides more of them."""
SUIT_ORDER = (Suit.HEARTS, Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS)
"""How a hand is kept and shown: health first, then stamina, attack and money."""
DEFENSIVE = frozenset({Suit.SPADES, Suit.CLUBS, Suit.HEARTS})


def _power(card: Card) -> int:
    return 1 if card.rank == Rank.ACE else int(card.rank)


_POWER = {card.text: _power(card) for card in standard_deck()}
_ORDER = {
    card.text: (SUIT_ORDER.index(card.suit), _power(card))
    for card in standard_deck()
    if card.suit is not None
}
"""Looked up by a card's text, the quickest key a card has: the defence search asks often."""


def power(card: Card) -> int:
    """A card's value in an attack or a defence: ace 1, 2-10 face, J 11, Q 12, K 13."""
    return _POWER[card.text]


def bid_rank(card: Card) -> int:
    """A diamond's rank in the special round: 2 lowest, the ace highest."""
    return int(card.rank)


def tier(card: Card) -> int:
    """How many cards a diamond buys, or how many clubs a spade lets its attack play: 1 for
    2-10, 2 for a face card, 3 for the ace (the text uses one scale for both)."""
    if card.rank == Rank.ACE:
        return 3
    return 2 if card.rank >= Rank.JACK else 1


def total(cards: Iterable[Card]) -> int:
    return sum(power(card) for card in cards)


def hearts(cards: Iterable[Card]) -> list[Card]:
    return [card for card in cards if card.suit == Suit.HEARTS]


def heart_value(cards: Iterable[Card]) -> int:
    """The health a hand holds: what decides the game when the round cap is reached."""
    return total(hearts(cards))


def of_suit(cards: Iterable[Card], suit: Suit) -> list[Card]:
    return [card for card in cards if card.suit == suit]


def defensive(cards: Iterable[Card]) -> list[Card]:
    """The cards that may answer an attack: spades run, clubs counter, hearts take it."""
    return [card for card in cards if card.suit in DEFENSIVE]


def hand_order(card: Card) -> tuple[int, int]:
    return _ORDER[card.text]


def sorted_hand(cards: Iterable[Card]) -> list[Card]:
    """A hand in its one order, so the picker's places stay put as cards come and go."""
    return sorted(cards, key=hand_order)


def codes(cards: Iterable[Card]) -> str:
    return "".join(card.code for card in cards)


def spoken(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)
