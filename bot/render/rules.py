"""The rules as this bot plays them, in its own words, for /rules and the terminal."""

from __future__ import annotations

from pydantic import BaseModel

from bot.games.deuces import DEUCES_RULINGS
from bot.games.dragons import DRAGONS_RULINGS


class RulesPage(BaseModel):
    title: str
    summary: str
    sections: list[tuple[str, str]]


BOARDS = (
    "Boards",
    "Every game you finish counts on this server's boards (`/leaderboard`, `/stats`). A game "
    "you abandon, or leave idle until it expires, counts as a **loss**, scored as a death at "
    "0 HP (minus every monster still in the dungeon): giving up never protects a record.",
)

SCOUNDREL = RulesPage(
    title="Scoundrel",
    summary=(
        "A solo dungeon crawl through a 44-card deck: the standard 52 without the red faces and "
        "red aces. Survive every room to win. You start with 20 health, which is also the most "
        "you can have."
    ),
    sections=[
        (
            "The cards",
            "♠ ♣ monsters, worth 2–10, J 11, Q 12, K 13, A 14.\n♦ weapons, 2–10.  ♥ potions, 2–10.",
        ),
        (
            "Rooms",
            "A room is 4 cards. Play 3 of them, one at a time, in any order; the 4th stays for "
            "the next room, which is topped back up to 4. When the deck is empty, play out "
            "every card left.",
        ),
        (
            "Weapons",
            "Equipping a weapon always replaces the one you hold, even a stronger one. A fresh "
            "weapon fights any monster; after a kill it only fights monsters **strictly weaker** "
            "than its last kill (equal is not allowed). With a weapon you take monster − weapon "
            "damage (never below 0).",
        ),
        (
            "Barehanded",
            "You may always fight barehanded instead: you take the monster's full value, and "
            "your weapon and its last kill stay exactly as they were.",
        ),
        (
            "Potions",
            "A potion heals its value, up to 20. Only the **first potion you play in a room** "
            "heals; another one in the same room is wasted, but still counts as one of your 3 "
            "plays.",
        ),
        (
            "Running",
            "Before you play any card of a room (and while the deck has cards), you may run: "
            "the 4 cards go to the bottom of the deck in their order and a new room is dealt.\n"
            "**Classic** (default, ranked): not twice in a row. **Easy**: from any room. "
            "**Hard**: never.",
        ),
        (
            "Scoring",
            "Win: your health; if it is 20 and the last card you played was a potion, add that "
            "potion's value. Lose (health 0 or less): your health minus the value of every "
            "monster still in the deck and the room.",
        ),
        (
            "In Discord",
            "Press a button to play a card; buttons that aren't legal right now are greyed out. "
            "Only you can play your game. Games idle too long expire. `/game resume` re-posts "
            "the game with fresh buttons; `/game abandon` ends it.",
        ),
        (
            "Daily dungeon",
            "`/scoundrel daily` deals everyone the same Classic deck for the UTC day, one attempt "
            "each, in a message only you see; it has its own board, and **Share my result** "
            "tells the channel your score without showing a card.",
        ),
        BOARDS,
    ],
)

DRAGONS = RulesPage(
    title="Diamonds & Dragons",
    summary=(
        "Scoundrel's cousin, for one player or a duel of two. Your party of five heroes "
        "(K♥ Q♥ K♦ Q♦ J♦, 4 HP each, 20 in all) must escape a 48-card dungeon: a full deck with "
        "both jokers, without the party and the A♥."
    ),
    sections=[
        (
            "The cards",
            "♠ ♣ enemies 2–14, and the jokers: **dragons**, worth 15.\n"
            "♦ weapons 2–10 and A♦ (14).  ♥ potions 2–10 and J♥ (11).",
        ),
        (
            "Unlike Scoundrel",
            "No barehanded choice: a held weapon is always used. A weapon whose last kill is "
            "equal to or lower than the enemy **breaks** and you take the full damage. A potion "
            "right after a potion has no effect. Running reshuffles the whole deck (never twice "
            "in a row). Damage fells your heroes one by one; the party lives while one stands.",
        ),
        (
            "Scoring",
            "Escape: your HP (+ the last potion's value at full health). Fall: your HP minus the "
            "enemies still in the deck.",
        ),
        (
            "Duel",
            "`/dragons challenge @player`: two decks shuffled together, rooms of 7. The room's "
            "first player decides for both: run or face. Then you take turns picking cards until "
            "one is left; it starts the next room, led by whoever picked last. Each of you wins "
            "or loses on your own, and the duel moves both players' ratings.",
        ),
        ("Rulings", "\n".join(f"• {ruling}" for ruling in DRAGONS_RULINGS)),
        BOARDS,
        (
            "Giving up a duel",
            "Abandoning a duel, or letting it expire on your turn, is a loss for you and a rating "
            "win for your rival, who gets no result of their own for it.",
        ),
    ],
)

DEUCES = RulesPage(
    title="Dungeons & Deuces",
    summary=(
        "A party of 1 to 5 adventurers, each with their own 52-card deck and a class, against "
        "encounters the bot draws and plays as Game Master. Fights are poker: singles, pairs, "
        "triples, four of a kind and five-card hands."
    ),
    sections=[
        (
            "The encounter",
            "The GM draws enemies towards a target difficulty (5 per player); within 3 of it, "
            "the party votes **Hit** (one more enemy) or **Stay**. Below the target the party "
            "strikes first; at it, first and with treasure; above it, treasure and an "
            "initiative draw.",
        ),
        (
            "Fighting",
            "On your turn, attack an enemy with a single, pair, triple, four of a kind or "
            "five-card poker hand; the defender answers with as many cards. Higher wins and "
            "draws; ties draw for both. A fighter with no cards is defeated. Or Guard: discard "
            "a card and draw one. The GM attacks whoever shows the highest Threat Card.",
        ),
        (
            "In Discord",
            "`/deuces new [level] [mode]` opens a table: Join, choose a class, and the host "
            "presses Start. Press **My hand** to see your cards (only you see them), pick cards "
            "in the menu, and press a play; 💡 is the GM's hint. A player who lets the table "
            "wait too long is answered for: defended with their best cards, or they Guard. When "
            "the GM has answered three times running and nobody plays, the table expires.",
        ),
        ("Rulings", "\n".join(f"• {ruling}" for ruling in DEUCES_RULINGS)),
        BOARDS,
    ],
)

RULES: dict[str, RulesPage] = {"scoundrel": SCOUNDREL, "dragons": DRAGONS, "deuces": DEUCES}
