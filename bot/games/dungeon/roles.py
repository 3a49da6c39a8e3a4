"""What each card is in the dungeon, and what it is worth: one place for the rules' card table.

Black cards of every rank are walls. Red A and red 5-10 are treasure (A scores 15, the others
their face value), red 2-4 are floor (stood on, worth nothing), red J, Q, K are monsters. In a
battle a red number card adds its value with the A as 1; in a run the A is 1 as well.
"""

from __future__ import annotations

from enum import StrEnum

from bot.games.cards import Card, Rank, standard_deck


class Role(StrEnum):
    WALL = "wall"
    TREASURE = "treasure"
    FLOOR = "floor"
    MONSTER = "monster"
    PAWN = "pawn"


MONSTER_NAMES = {Rank.JACK: "Goblin", Rank.QUEEN: "Troll", Rank.KING: "Giant"}
MONSTER_HEALTH = {Rank.JACK: 11, Rank.QUEEN: 12, Rank.KING: 13}
PLAYER_HEALTH = 12
ACE_POINTS = 15
BATTLE_POINTS = 5
"""Won by beating a monster, lost (never below 0) by losing to one."""


def role_of(card: Card) -> Role:
    """The card's part in the dungeon (looked up: every legal-move list asks it often)."""
    return _ROLES[card]


def _role(card: Card) -> Role:
    if card.is_joker:
        return Role.PAWN
    assert card.suit is not None
    if not card.suit.is_red:
        return Role.WALL
    if card.rank in MONSTER_HEALTH:
        return Role.MONSTER
    if card.rank == Rank.ACE or card.rank >= Rank.FIVE:
        return Role.TREASURE
    return Role.FLOOR


def is_wall(card: Card) -> bool:
    return role_of(card) == Role.WALL


def is_red_number(card: Card) -> bool:
    """Treasure or floor: the cards a pawn may stand on, hop over and add in a battle."""
    return role_of(card) in (Role.TREASURE, Role.FLOOR)


def points(card: Card) -> int:
    """What landing on (or hopping onto) the card scores: treasure only."""
    if role_of(card) != Role.TREASURE:
        return 0
    return ACE_POINTS if card.rank == Rank.ACE else card.value


def pip(card: Card) -> int:
    """A red number card's rank with the A as 1: its value in a battle and its place in a run."""
    if not is_red_number(card):
        return 0
    return 1 if card.rank == Rank.ACE else card.value


def battle_value(card: Card) -> int:
    """What a card picked in a battle adds: red number cards their pip, walls and monsters 0."""
    return pip(card)


def health(card: Card) -> int:
    """A monster's health: Goblin (J) 11, Troll (Q) 12, Giant (K) 13."""
    return MONSTER_HEALTH.get(card.rank, 0)


def monster_name(card: Card) -> str:
    return MONSTER_NAMES.get(card.rank, "monster")


def matching_wall(card: Card, wall: Card) -> bool:
    """Whether a black card from a hand destroys a face-up wall: the same rank in the other
    black suit (5♠ onto 5♣)."""
    return is_wall(card) and is_wall(wall) and card.rank == wall.rank and card.suit != wall.suit


DUNGEON_DECK: tuple[Card, ...] = tuple(standard_deck())
"""The 52 cards the dungeon, the hands and the pile are dealt from; the jokers are the pawns."""

_ROLES: dict[Card, Role] = {card: _role(card) for card in standard_deck(jokers=1)}
