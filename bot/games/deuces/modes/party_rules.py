"""The pages of the party's modes against the GM: one encounter, and the Quest for Power."""

from __future__ import annotations

from bot.games.deuces.rules import PARTY_ABANDONED, mode_page

ENCOUNTER_TURN: list[str] = [
    "The GM turns over enemies until they come within 3 of the target (5 per hero, plus the "
    "difficulty option); the party votes Hit (one more) or Stay. Then players and enemies "
    "take turns, one fighter at a time, as the core page tells: attack, use an ability, Guard "
    "or pass.",
    "The party chooses its order every round: whoever of you moves first takes the turn. The "
    "GM attacks whoever shows the highest Threat Card.",
]

ENCOUNTER_WON: list[str] = [
    "Defeat every enemy to win; the encounter is lost when every hero has fallen (the core "
    "page has the fine print). The game is that one encounter.",
    "Score: the total difficulty of the encounter won.",
]

ENCOUNTER_SPECIAL: list[str] = [
    "Loot only matters in modes of several encounters: here the game ends with the fight, so "
    "play your 2s freely. Quest loot, shops, Jokers and Special Encounter cards belong to the "
    "Traditional Quest only.",
    "Small party? One person may run two or three heroes: choose that many classes in the lobby.",
]

ENCOUNTER_PAGE = mode_page(
    key="encounter",
    title="One encounter",
    summary=(
        "One fight of a party of 1 to 5 heroes against enemies the GM draws and plays: the "
        "quickest way to learn Dungeons & Deuces."
    ),
    start=(
        "`/deuces new` (level, difficulty and enemy set are options); Join, choose a class and "
        "a custom ability, and the host presses Start. In a terminal: `python -m bot play "
        "deuces`."
    ),
    sections=[
        ("How a turn goes", ENCOUNTER_TURN),
        ("How it is won", ENCOUNTER_WON),
        ("What is special", ENCOUNTER_SPECIAL),
    ],
    abandoning=PARTY_ABANDONED,
)

POWER_TURN: list[str] = [
    "Encounter after encounter against the GM, each played as a single encounter is: the "
    "draw and its Hit or Stay vote, then turns one fighter at a time.",
    "Between encounters comes the loot step (loot for your 2s, trading up, gifts to another "
    "player); then hands are discarded, and the next encounter deals fresh ones.",
]

POWER_WON: list[str] = [
    "Quest for Power: reach level 6 (run through your deck at level 5). Beginner: a defeated "
    "party reshuffles and goes on; Hardcore: a defeat ends the quest. A quest not won within "
    "its encounter limit (60 by default) is lost. Option: level up after every encounter.",
    "Score: the total difficulty of the encounters won.",
]

POWER_SPECIAL: list[str] = [
    "Levels are the quest: the whole party levels up after an encounter in which any deck ran "
    "out, so a party that plays and draws many cards rises faster. From level 3 hands are 7 "
    "cards, and your class's later abilities arrive.",
    "Keep deuces in hand for loot: loot carried from one encounter to the next makes cards "
    "stronger for the rest of the quest.",
]

POWER_PAGE = mode_page(
    key="power",
    title="Quest for Power",
    summary=(
        "A party of 1 to 5 fights encounter after encounter against the GM until it passes "
        "level 5. Beginner forgives a lost encounter; Hardcore does not."
    ),
    start=(
        "`/deuces new mode:Quest for Power (beginner)` or `(hardcore)`. In a terminal: "
        "`python -m bot play deuces --variant quest-beginner` (or `quest-hardcore`)."
    ),
    sections=[
        ("How the quest goes", POWER_TURN),
        ("How it is won", POWER_WON),
        ("What is special", POWER_SPECIAL),
    ],
    abandoning=PARTY_ABANDONED,
)
