"""Quest for Loot's own page: chips wagered against the GM's stack, encounter after encounter."""

from __future__ import annotations

from bot.games.deuces.rules import mode_page

LOOT_SETUP: list[str] = [
    "Quest for Loot: every player sits down with the same chips (the chips setting, 10 by "
    "default) and the GM's stack is their sum. The starting level is the level setting; the "
    "rules recommend 3. Levels rise as usual but stop at 5 (there is no level 6 to reach). "
    "There is no Hit or Stay vote.",
]

LOOT_TURN: list[str] = [
    "Each encounter: look at your new hand, wager, see the enemies drawn, perhaps raise, then "
    "fight as in every mode (one fighter at a time; the core page tells how).",
    "Wagers: once hands are drawn, every player bids at once and sealed, from the 1-chip blind "
    "(a target of 5, with the table's modifier) up to every chip they hold (no cap), each chip "
    "above the blind adding 1 to their own target. The bids are shown together; each player "
    "who bid less than the highest matches it or folds. Nobody bids again before the draw. "
    "My hand lists the common amounts; **Another amount…** takes any other (in the terminal, "
    "type `bid.7` or `raise.7`).",
    "Short of the highest bid, a player may go all in: they match with every chip they hold, "
    "and their bet and their target are what they put in.",
    "The GM's blind: 'the GM still takes their blind' is the blind of a player who does not "
    "take part. A player who folds pays the GM 1 chip (the blind; any raise they bid is theirs "
    "again) and sits the encounter out: no turns, never attacked, no loot.",
    "The GM's stack does not limit a bet. When it cannot pay every survivor in full (after "
    "collecting from the fallen), it pays all it holds, shared in proportion to their bets. "
    "When the GM cannot cover a 1-chip blind for every player, the house is broken and the "
    "table ends.",
    "The draw: the target is the sum of the playing players' targets, and the GM draws until "
    "the encounter meets or exceeds it. Then each player in may raise once more, sealed, by "
    "any of the chips they have not bet, each adding 1 to the target; while the raised "
    "target stays within the encounter no enemy is added, past it the GM draws until it is "
    "met again. Less, equal or greater then decide who goes first and treasure, as usual.",
]

LOOT_WON: list[str] = [
    "Settling: the GM pays each player still standing when the encounter ends (won, or the GM "
    "folded) their whole bet, and collects the whole bet of each player defeated, even one who "
    "fell in the blow that won it for the others.",
    "The table ends when a player has no chips left, when the house is broken, after the "
    "encounter limit (60), or when the players stop: after each encounter everyone chooses "
    "Play on or Stop, and more than half stopping ends it (a tie plays on).",
    "Results: your chips at the end are your score on the server's Quest for Loot chips board; "
    "ending with more than you sat down with is a win, even or less a loss.",
]

LOOT_SPECIAL: list[str] = [
    "You play for yourself beside the others: the party still fights together, but each "
    "player's chips are their own. A bigger bet is a harder encounter for everyone.",
    "Timeouts in Quest for Loot: a wager is the blind, a match is a fold, the raise after the "
    "draw is none, and play on or stop is Stop.",
]

LOOT_ABANDONED = "An abandoned or expired table scores everyone's chips as they stand."

LOOT_RULINGS: list[str] = [
    *LOOT_SETUP,
    *LOOT_TURN[1:],
    *LOOT_WON,
    *LOOT_SPECIAL[1:],
    LOOT_ABANDONED,
]
"""Every ruling of the mode, as the page records it (each once)."""

LOOT_PAGE = mode_page(
    key="loot",
    title="Quest for Loot",
    summary=(
        "A party of 1 to 5 against the GM, each player wagering chips on surviving every "
        "encounter: survive and the GM pays your bet, fall and it collects it."
    ),
    start=(
        "`/deuces new mode:Quest for Loot [chips] [level]` (level 3 is recommended). In a "
        "terminal: `python -m bot play deuces --variant loot --level 3`.\n"
        + "\n".join(f"• {ruling}" for ruling in LOOT_SETUP)
    ),
    sections=[
        ("How an encounter goes", LOOT_TURN),
        ("How it is won", LOOT_WON),
        ("What is special", LOOT_SPECIAL),
    ],
    abandoning=LOOT_ABANDONED,
)
