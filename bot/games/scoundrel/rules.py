"""Scoundrel's rules as this bot plays them, in its own words: what `/rules scoundrel` shows."""

from __future__ import annotations

from bot.games.views import BOARDS_SECTION, HELP_SECTION, RulesPage

SCOUNDREL_RULES = RulesPage(
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
            "A monster's button fights it with your weapon where the weapon may strike it; to "
            "fight it barehanded instead (keeping the weapon for a bigger one), use the menu "
            "under the buttons. "
            "Only you can play your game. Games idle too long expire. `/game resume` re-posts "
            "the game with fresh buttons; `/game abandon` ends it.",
        ),
        (
            "Daily dungeon",
            "`/scoundrel daily` deals everyone the same Classic deck for the UTC day, one attempt "
            "each, in a message only you see; it has its own board, and **Share my result** "
            "tells the channel your score without showing a card. The day's deck is always one "
            "that can be won: a solver checks it first, and the result shows the best score it "
            "allows.",
        ),
        HELP_SECTION,
        BOARDS_SECTION,
    ],
)
