"""Diamonds & Dragons' rules as this bot plays them, and its rulings where the text is silent.

`/rules dragons` shows this page; every ruling is a tested behaviour of the engine.
"""

from __future__ import annotations

from bot.games.views import BOARDS_SECTION, HELP_SECTION, RulesPage, rulings_section

DRAGONS_RULINGS: list[str] = [
    "Heroes fall in a fixed order, the last listed first: J♦, Q♦, K♦, Q♥, K♥. Healing raises "
    "them in reverse: the hero who fell last rises first, the first to fall is the last restored.",
    "The party's HP can go below 0 (it counts in the loss score); a hero's HP stays 0–4.",
    "A fresh weapon (no kill yet) fights any enemy. A weapon whose last kill is equal to or lower "
    "than the enemy breaks: it is discarded with its kills and the party takes the full damage.",
    "A potion right after a potion (your own previous card, even from an earlier room) has no "
    "effect but is still a play; only a weapon or an enemy in between lets the next one heal.",
    "Running: only before the room's first card is played, while the deck has cards, and never "
    "from the room dealt right after a run. The room's cards go back, the whole deck is "
    "reshuffled and a full new room is dealt; nothing carries over.",
    "Alone (solo, or the survivor of a duel) running is offered beside the room's cards, as in "
    "Scoundrel; there is no separate face step.",
    "When the deck runs out, every card left in the room is played (in a duel, still in turn); "
    "the dungeon is escaped when the room is empty.",
    "Win score: your HP; at 20 HP with a potion as your last card (even a wasted one), add its "
    "value.",
    "Loss score: your HP (0 or below) minus every enemy still in the deck (dragons 15); cards in "
    "the room do not count. In a duel it is the shared deck at the moment your party falls.",
    "Duel: the first player is drawn from the seed. The run-or-face choice is asked only when "
    "running is allowed; otherwise the room's first player simply picks first.",
    "Duel: picks alternate until 1 card is left (3 each from a room of 7), and the last to pick "
    "leads the next room. After a run the runner leads the new room, which must be faced.",
    "Duel: each player's cards affect only their own party, weapon, kills and potion chain; each "
    "party starts with its own deck's K♥ Q♥ K♦ Q♦ J♦.",
    "Duel: when a party falls, that player is out with their loss score. The survivor finishes "
    "the room in progress alone, picking until 1 card is left, then plays rooms of 4 under the "
    "solo rules. The game is over when both players have ended.",
    "Identical cards (two decks, two jokers) are one choice: taking either is the same move.",
]

DRAGONS_RULES = RulesPage(
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
            "`/dragons challenge opponent:`: two decks shuffled together, rooms of 7. The room's "
            "first player decides for both: run or face. Then you take turns picking cards until "
            "one is left; it starts the next room, led by whoever picked last. Each of you wins "
            "or loses on your own, and the duel moves both players' ratings.",
        ),
        rulings_section(DRAGONS_RULINGS),
        HELP_SECTION,
        BOARDS_SECTION,
        (
            "Giving up a duel",
            "Abandoning a duel, or letting it expire on your turn, is a loss for you and a rating "
            "win for your rival, who gets no result of their own for it.",
        ),
    ],
)
