"""Masters & Monsters' own page: no GM, each player playing enemies against the others."""

from __future__ import annotations

from bot.games.deuces.rules import mode_page

MASTERS_SETUP: list[str] = [
    "Play starts at level 1 (not the level setting); levels rise as usual up to 5. No Hit or "
    "Stay vote, no treasure, no folding.",
    "Enemies: after hands and Threat Cards, each player in seat order draws from the shared "
    "enemy deck until their own enemies reach difficulty 5 (with the table's modifier); its "
    "discard is reshuffled when it runs out. All enemies draw from, and discard to, one shared "
    "playing-card deck (two with 4+ players). You see your enemies' cards; the others see "
    "counts.",
]

MASTERS_TURN: list[str] = [
    "Turn order, kept all encounter: lowest difficulty first, then more enemies, then the tied "
    "flip top cards (back to the bottom), higher first, again while tied (ten flips, then seat "
    "order).",
    "A round: in turn order each player takes their hero's turn, then their enemies' turn. A "
    "fallen hero with no pet skips the hero's turn but still plays their enemies; with no "
    "enemies left, no enemy turn.",
    "The enemy turn: each enemy in turn may use one ability and make one attack, in either "
    "order (once the next enemy acts, the one before is done); End passes the rest. Let the GM "
    "play hands the rest to the GM's policy, as a timeout does.",
    "Targeting: no hero attacks their own enemies, no enemy its master or its master's pet. An "
    "enemy must attack the highest Threat Card it may (a tie is its master's choice), that "
    "player's pet or a fallen player's pet; a Taunt binds it, a hunt frees it. A hero's "
    "abilities aim at any enemy but their own, an enemy's at any player but its master (an "
    "ally ability at any enemy).",
    "The GM's policy answers a hero's attack on an enemy at once (its cheapest winning answer, "
    "else a Disrupt): no hero's turn waits on another player.",
    "Once-per-turn abilities are fresh at the start of every hero or enemy turn. A Taunt lasts "
    "until the taunting hero's next turn.",
]

MASTERS_WON: list[str] = [
    "The encounter ends when nobody may attack anybody: every enemy down, every hero down, or "
    "one hero left facing only their own enemies (they survive). After 30 rounds the heroes "
    "standing survive.",
    "Deuces after an encounter: your printed 2s in hand, plus 2 for each player your enemies "
    "defeated (by winning an attack, or by an ability or defence leaving the hero no cards), "
    "plus, if you survived, one per survivor. A fallen player keeps the bonus for defeats. 2 "
    "deuces buy Common loot, 3 Rare, 4 or more Epic; one loot card each.",
    "When every hero falls, even with the last enemies, nobody survives; every discard pile is "
    "shuffled into its deck.",
    "Loot trades up and stops at 5 as usual, but no gifts: each plays for themselves.",
    "Winning: after the loot step, a player holding the table's Epic loot (the epics option, 1 "
    "to 5, 3 by default) wins; several at once, the most Epic wins, then Rare, then Common, "
    "and still level they share the win. After the encounter limit (60) the best loot wins so.",
    "Results: winners win, the others lose. The finishing order is the winners, then the most "
    "Epic, Rare, Common loot (level loot shares a place); a score is the number of players "
    "below. Games of two or more people are rated with openskill over that order, on its "
    "ratings board (mu - 3 sigma).",
]

MASTERS_ABANDONED = (
    "It is lost by whoever gave up or kept the table waiting (with every hero they run), below "
    "everyone who played on; where people are rated, those who played on count as winners. "
    "When that was everyone, all lose and nobody is rated."
)

MASTERS_RULINGS: list[str] = [*MASTERS_SETUP, *MASTERS_TURN, *MASTERS_WON, MASTERS_ABANDONED]
"""Every ruling of the mode, as the page records it (each once)."""

MASTERS_PAGE = mode_page(
    key="masters",
    title="Masters & Monsters",
    summary="2 to 5 players, no GM: each runs a hero and plays enemies at the others.",
    start=(
        "`/deuces new mode:Masters & Monsters [epics]`; terminal: `python -m bot play deuces "
        "--variant masters --players 3`.\n" + "\n".join(f"• {ruling}" for ruling in MASTERS_SETUP)
    ),
    sections=[
        ("How a round goes", MASTERS_TURN),
        ("How it is won", MASTERS_WON),
    ],
    abandoning=MASTERS_ABANDONED,
)
