"""What each card is in the dungeon's fiction: names by rank, and words by strength.

Kept as tables so that the prose can grow without touching the code that picks from it.
"""

from __future__ import annotations

from bot.games.cards import Card

MONSTERS: dict[int, str] = {
    2: "rat",
    3: "kobold",
    4: "goblin",
    5: "skeleton",
    6: "zombie",
    7: "orc",
    8: "gnoll",
    9: "ogre",
    10: "wraith",
    11: "fallen knight",
    12: "witch queen",
    13: "troll king",
    14: "demon lord",
    15: "dragon",
}

WEAPONS: dict[int, str] = {
    2: "dagger",
    3: "cudgel",
    4: "hatchet",
    5: "short sword",
    6: "mace",
    7: "war axe",
    8: "longsword",
    9: "war hammer",
    10: "greatsword",
    14: "legendary blade",
}

POTIONS: dict[int, str] = {
    2: "drop of tonic",
    3: "small vial",
    4: "small vial",
    5: "flask of tonic",
    6: "flask of tonic",
    7: "healing draught",
    8: "healing draught",
    9: "great draught",
    10: "great draught",
    11: "elixir",
}

HEROES: dict[str, str] = {
    "K♥": "the King of Hearts",
    "Q♥": "the Queen of Hearts",
    "K♦": "the King of Diamonds",
    "Q♦": "the Queen of Diamonds",
    "J♦": "the Jack of Diamonds",
}

# Lowest value at which each word of menace applies, strongest first.
MENACE: list[tuple[int, str]] = [
    (15, "legendary"),
    (11, "deadly"),
    (6, "fierce"),
    (2, "feeble"),
]


def monster_name(card: Card) -> str:
    return MONSTERS[card.value]


def weapon_name(card: Card) -> str:
    return WEAPONS.get(card.value, "blade")


def potion_name(card: Card) -> str:
    return POTIONS.get(card.value, "potion")


def hero_name(card: Card) -> str:
    return HEROES.get(str(card), f"the hero {card}")


def menace(card: Card) -> str:
    return next(word for floor, word in MENACE if card.value >= floor)
