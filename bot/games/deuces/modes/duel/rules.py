"""Duel of the Duos' own page: two players of two heroes each, no GM, best of five."""

from __future__ import annotations

from bot.games.deuces.rules import mode_page

DUEL_SETUP: list[str] = [
    "No GM, no enemies, no Threat Cards. Each hero has its own 52-card deck, hand (6 cards, 7 "
    "from level 3) and discard pile: 'a hand for each of their chosen Classes'.",
    "The draft: each player draws 3 classes and 3 custom abilities from the seed and keeps 2 "
    "of each, pairing each kept class with one kept custom ability; the choice is sealed and "
    "both are shown together. Classes that summon a pet (the Tinker, the Herbalist) are not in "
    "the draw: pets answer only the GM's targeting.",
]

DUEL_TURN: list[str] = [
    "Initiative, every encounter: each player, sealed, draws or concedes. If exactly one "
    "concedes, the other goes first; otherwise both first heroes flip their top cards (back to "
    "the bottom), the higher goes first, and equal cards flip again. The player without "
    "initiative then gives one extra card to the hero of their choice.",
    "Turns: both heroes of a side take their turn (in the order their player likes) before the "
    "rival side's; a turn is as in a party game (one ability and one attack, Guard, or pass).",
    "Attacks and defence: the attacker chooses which standing rival hero to attack, and that "
    "hero answers from its own hand (its partner cannot answer for it), with a Disrupt if it "
    "has one; the attacker's turn waits for the answer. The rest of combat is as against "
    "the GM.",
    "Abilities: 'an enemy' is a standing rival hero and 'an ally' a hero of your own side "
    "(yourself included); 'all enemies' are both rival heroes. A Taunt makes the rival heroes "
    "attack the taunting hero until the end of their next turn.",
]

DUEL_WON: list[str] = [
    "An encounter is won by defeating both rival heroes; if the last heroes of both sides fall "
    "in one blow, the side whose turn it was wins. An encounter still undecided after 30 "
    "rounds goes to the side whose standing heroes hold more cards, a tie to the side without "
    "initiative.",
    "Between encounters: no loot and no deuces count (there is no GM to pay them); every "
    "hero's hand and discard pile go back into its deck, shuffled, and both sides gain a level "
    "(levels stop at 5). The first to win 3 encounters wins the duel.",
    "Results: the duel is rated, winner over loser, with the same ratings as the other duels "
    "(mu - 3 sigma), on its own board; each player has one result, whatever their two heroes "
    "did.",
]

DUEL_SPECIAL: list[str] = [
    "A hero whose deck runs out during an encounter shuffles its discard pile into a new deck "
    "at once and fights on: no Threat Card is flipped, and it brings no extra level (both "
    "sides level after every encounter anyway).",
    "Timeouts and hints: the draft keeps the two classes ranked highest for duels with the "
    "custom abilities that bring cards; initiative is conceded (moving second, with the extra "
    "card, wins more encounters); the extra card goes to the hero holding fewer; turns and "
    "defences as in a party game.",
]

DUEL_ABANDONED = (
    "A duel abandoned is lost by the player who left it and won (and rated) for the other. A "
    "duel nobody moves in expires: lost by the one player it was waiting on (both heroes of "
    "theirs count as one) or, once the table has answered three times running for absent "
    "players, by the one it answered for, and won (and rated) for the other; when that was "
    "both players, both lose and nobody is rated."
)

DUEL_RULINGS: list[str] = [*DUEL_SETUP, *DUEL_TURN, *DUEL_WON, *DUEL_SPECIAL, DUEL_ABANDONED]
"""Every ruling of the mode, as the page records it (each once)."""

DUEL_PAGE = mode_page(
    key="duel",
    title="Duel of the Duos",
    summary="Two players, two heroes each, fight each other with no GM: the best of five wins.",
    start=(
        "`/deuces duel opponent:` (they accept or decline within 10 minutes). In a terminal: "
        "`python -m bot play deuces --variant duel` (two of you at one keyboard).\n"
        + "\n".join(f"• {ruling}" for ruling in DUEL_SETUP)
    ),
    sections=[
        ("How a turn goes", DUEL_TURN),
        ("How it is won", DUEL_WON),
        ("What is special", DUEL_SPECIAL),
    ],
    abandoning=DUEL_ABANDONED,
)
