"""The tutorial's deal and its lesson plan: every move of the encounter, with what the coach
says before it.

The deal is fixed (a seed, a class, a custom ability, level 1) and the GM plays it as it plays
every table, deterministically, so the encounter goes the same way every time the player makes
the coached moves. The moves were chosen so that one short encounter teaches the five things a
player does: use an ability, attack, defend (winning, tying and losing well), guard, and loot.
A test plays the script through the engine and checks every line against what happens.
"""

from __future__ import annotations

from dataclasses import dataclass

SEED = 298
"""The deal: The Drowned Bell (difficulty 7 against a target of 5: treasure), the party first."""
CLASS_ID = "hedge_knight"
CUSTOM_ID = "steel_nerve"
LEVEL = 1


@dataclass(frozen=True, slots=True)
class Step:
    """One coached move: its text form, and what the coach says (what is happening, the
    sensible move, and why) in one or two lines."""

    action: str
    line: str
    lesson: str | None = None
    """What this move teaches the first time (ability, attack, defend, guard)."""


STEPS: tuple[Step, ...] = (
    Step(
        "ability.challenge",
        "The Drowned Bell (9 cards) faces you, and you go first. Before attacking, use your"
        " class ability **Challenge**: +1 to your next play (and it must attack you).",
        "ability",
    ),
    Step(
        "attack.0.AH",
        "Now attack with **A♥**, your highest card: with +1 nothing it holds beats it. The"
        " enemy must answer with as many cards; when your attack lands you draw 1.",
        "attack",
    ),
    Step(
        "defend.6H.6D",
        "It attacks with a pair of 4s, and Toll weakens your next play by 1. Answer a pair with"
        " a pair: **6♥ 6♦** still beats it, and keeps your 2s (deuces buy loot).",
        "defend",
    ),
    Step(
        "ability.steel_nerve",
        "Your turn. Your custom ability **Steel Nerve** gives +2 to your next play, once per"
        " encounter: use it before a big attack.",
    ),
    Step(
        "attack.0.KS",
        "Attack with **K♠**: +2 lifts it above every card it holds, so it can only throw a card"
        " away. Each card it loses brings it closer to defeat.",
    ),
    Step(
        "defend.3H",
        "It attacks with K♣, and you are weakened by 1: nothing you hold beats it. A lost"
        " defence costs only the card played: give up **3♥**, your lowest that is not a 2.",
    ),
    Step(
        "attack.0.QS.QH",
        "Attack with the pair **Q♠ Q♥**: it must answer with two cards, and has no pair that"
        " high. A winning attack draws you as many cards as you played.",
    ),
    Step(
        "defend.KC",
        "It attacks with J♦. **K♣** beats it: a defence that holds draws you a card, and the"
        " enemy loses the card it played.",
    ),
    Step(
        "guard.7D",
        "It holds 9♠ 10♦: any single you play loses to the 10, and a pair of 2s would spend"
        " your loot. **Guard** instead: discard 7♦, draw a fresh card; the turn ends.",
        "guard",
    ),
    Step(
        "defend.TC",
        "It attacks with 10♦. Only **10♣** meets it: a tie, and both sides draw one. Better"
        " than losing a card.",
    ),
    Step(
        "attack.0.9D",
        "It holds 9♠ 2♠. Attack with **9♦**: at best it ties with its 9 (both draw), and your"
        " 2s stay in hand for the loot.",
    ),
    Step(
        "defend.8H",
        "It attacks with 6♦, its last card but one. **8♥** beats it; keep the 2s. An enemy"
        " this short of cards may flee.",
    ),
)

LESSONS = ("ability", "attack", "defend", "guard", "loot")
"""What a player has done by the tutorial's end, in the order the script first does each."""

DONE = (
    "The enemy flees: the encounter is won, and the 2s you kept bought **{tier}** loot ({card}):"
    " 2 make Common, 3 Rare, 4 Epic, one fewer with treasure. That's the tutorial: start a new"
    " game for a real encounter; the rules tell the rest."
)
OFF_SCRIPT = (
    "The encounter left the tutorial's plan: play on as you like, with the 💡 hint in My hand."
)


def step_at(turn: int) -> Step | None:
    """The coached move for the player's `turn`-th move (counted from 0), None past the plan."""
    return STEPS[turn] if 0 <= turn < len(STEPS) else None
