"""The Traditional Quest's own page: a party exploring a quest's map, room by room."""

from __future__ import annotations

from bot.games.deuces.rules import PARTY_ABANDONED, mode_page

QUEST_SETUP: list[str] = [
    "The party starts at the level chosen (1 by default) in the first room, which is safe, and "
    "keeps its decks, discard piles and loot from room to room.",
]

QUEST_TURN: list[str] = [
    "Between encounters the party walks the map a room at a time; the first player to choose a "
    "room moves everyone (talk it over first). The map shows rooms entered and doors seen (a "
    "room never entered is ❔). A timeout walks as the hint does: to the nearest unseen room, "
    "else the nearest waiting fight; it never spends cards.",
    "A room holds a fixed encounter, a random one, or none, met every time the party walks in "
    "until beaten; a beaten or empty room is safe for the rest of the quest.",
    "A fixed encounter reads 'Special Encounter, LVL, modifier' (each part optional): its "
    "entities first, their difficulty counting, then enemies of the quest's set the GM picks "
    "to meet the target (5 per player + modifier + difficulty, at least 1 per player): "
    "exactly, else fewest points over, then fewest cards, then first in the deck (the rest "
    "keep their order). No vote. All its enemies fight at its LVL (hand sizes, Elite, Boss); "
    "the party's hands keep the party's level; initiative and treasure as usual. A random "
    "encounter is the usual draw and vote.",
    "When the whole party falls, discard piles are shuffled into decks and the party wakes in "
    "the room it came from, the encounter waiting, whole again.",
]

QUEST_SPECIAL: list[str] = [
    "Special Encounters scale: entities worth more than the target (as for a small party) are "
    "dealt their LVL hands in proportion (hand x target / their difficulty, rounded up, at "
    "least 1 card), their difficulty still counting in full.",
    "A Special Encounter card shows its setup, its entities (own hands, played by the GM, "
    "never in the enemy deck) and their abilities, and a secret face down beside what reveals "
    "it: a given round, its owner down to so many cards, or another entity falling. Checked "
    "between moves, never mid-attack; once met the secret stays face up all quest. A hidden "
    "ability is then usable by its owner; a weakness strikes at once and at the start of "
    "every later attempt.",
    "Shops work on the map, in the shop's room, as often as the party comes back; each piece "
    "is sold once. The buyer pays in cards from their own discard pile, shuffled, the price "
    "taken face down (the new top is the Threat Card); cards paid are out for the rest of the "
    "quest.",
    "Quest loot and Jokers: each player's two Jokers start boxed; each piece of quest loot "
    "gained (two at most) shuffles one into its owner's deck. A Joker in hand is wild, or is "
    "sacrificed on its holder's turn (back into the deck) to use one piece of their quest "
    "loot: neither the turn's attack nor its ability unless it says instead of attacking, and "
    "at most as often per encounter as it says. As a Threat Card a Joker is 15.",
    "Quest loot lying in a room is picked up once the room is safe, by the player with the "
    "fewest pieces (the first seat of them); when all carry two it stays.",
    "Levels rise as usual, up to 5, and the loot step follows every encounter.",
]

QUEST_WON: list[str] = [
    "The quest is won when the goal room's encounter is beaten, lost at the third fall or "
    "after the encounter limit (60). The party wins or loses together, scored by the "
    "difficulty of every encounter won plus 5 per room explored.",
]

QUEST_RULINGS: list[str] = [*QUEST_SETUP, *QUEST_TURN, *QUEST_SPECIAL, *QUEST_WON]
"""Every ruling of the mode, as the page records it (each once)."""

QUEST_PAGE = mode_page(
    key="quest",
    title="Traditional Quest",
    summary=(
        "A party of 1 to 5 explores a mapped dungeon, room by room, to the fight at its heart."
    ),
    start=(
        "`/deuces new mode:Traditional Quest`; terminal: `python -m bot play deuces --variant "
        "quest --players 2`.\n" + "\n".join(f"• {ruling}" for ruling in QUEST_SETUP)
    ),
    sections=[
        ("How the quest goes", QUEST_TURN),
        ("How it is won", QUEST_WON),
        ("What is special", QUEST_SPECIAL),
    ],
    abandoning=PARTY_ABANDONED,
)
