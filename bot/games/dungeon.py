"""What the dungeon crawls share: what a card is in the dungeon, and the actions a player takes."""

from __future__ import annotations

from enum import StrEnum

from bot.games.cards import Card, Suit
from bot.games.engine import Frozen


class Role(StrEnum):
    MONSTER = "monster"
    WEAPON = "weapon"
    POTION = "potion"


def role_of(card: Card) -> Role:
    """Black cards and jokers are monsters, diamonds weapons, hearts potions."""
    if card.suit == Suit.DIAMONDS:
        return Role.WEAPON
    if card.suit == Suit.HEARTS:
        return Role.POTION
    return Role.MONSTER


class ActionKind(StrEnum):
    FIGHT_WITH_WEAPON = "weapon"
    FIGHT_BAREHANDED = "bare"
    FIGHT = "fight"
    DRINK = "drink"
    EQUIP = "equip"
    RUN = "run"
    FACE = "face"


class DungeonAction(Frozen):
    """One move: a kind and, for every kind but run and face, the room card it plays."""

    kind: ActionKind
    card: Card | None = None

    def __str__(self) -> str:
        return self.kind.value if self.card is None else f"{self.kind.value} {self.card}"


def monster_total(pile: list[Card]) -> int:
    return sum(card.value for card in pile if role_of(card) == Role.MONSTER)


def parse_action(text: str) -> DungeonAction:
    """Read an action as it prints ("run", "weapon 9♠", "drink 7♥"): scripted games and logs."""
    kind, _, card = text.strip().partition(" ")
    return DungeonAction(kind=ActionKind(kind), card=Card.parse(card) if card else None)
