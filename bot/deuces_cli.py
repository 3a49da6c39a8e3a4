"""Dungeons & Deuces in the terminal: one player against the GM, with the engine's own GM policy.

A Deuces turn has too many legal plays to number them all (every pair, triple and five-card hand
against every enemy), so the screen numbers a short list led by the engine's suggestion, and any
play can also be typed in its text form (`attack 0 9C 9D`, `defend KS`, `vote hit`).
"""

from __future__ import annotations

import secrets
import sys
from typing import Any, TextIO

from bot.games.deuces import (
    DeucesOptions,
    DeucesState,
    Mode,
    hand_view,
    new_game,
    parse_action,
    suggest,
    table_view,
)
from bot.games.engine import GameError
from bot.narration.gm import GameMaster

LISTED = 12
YOU = 0
HELP = (
    "Enter a number, or type a play (attack 0 9C 9D, defend KS, guard 2H, vote hit, end);"
    " Enter alone takes the hint; q quits."
)


def describe_table(state: DeucesState) -> list[str]:
    view = table_view(state)
    lines = [
        f"Encounter {view.encounter} · level {view.level} · difficulty {view.difficulty}"
        f" of {view.target}" + (" · treasure!" if view.treasure else "")
    ]
    for foe in view.enemies:
        status = "defeated" if foe.defeated else f"{foe.cards} cards, edge {foe.edge:+d}"
        lines.append(f"  enemy {foe.index}: {foe.name} ({foe.rank}) {status}")
    for seat in view.seats:
        threat = f", threat {seat.threat}" if seat.threat else ""
        loot = f", loot {' '.join(str(item.card) for item in seat.loot)}" if seat.loot else ""
        lines.append(
            f"  you, the {seat.class_name}: {seat.cards} in hand, {seat.deck} in deck{threat}{loot}"
        )
    return lines


def describe_hand(state: DeucesState) -> str:
    cards = []
    for held in hand_view(state, YOU).cards:
        marks = ("+" + str(held.raised) if held.raised else "") + ("*" if held.wild else "")
        cards.append(f"{held.card}{marks}")
    return "  your hand: " + " ".join(cards)


class Names:
    """Players by their class (Tinker), enemies by their name (Mold Slime).

    An action's events may speak of the enemies of an encounter the action ended, so the table
    as it was before the action is asked first.
    """

    def __init__(self, state: DeucesState) -> None:
        self.tables = [state]

    def seen(self, before: DeucesState, after: DeucesState) -> None:
        self.tables = [before, after]

    def __call__(self, who: Any) -> str:
        table = self.tables[-1]
        if isinstance(who, int):
            return table.players[who].klass.name
        if who.side == "players":
            return table.players[who.index].klass.name
        for table in self.tables:
            if who.index < len(table.enemies):
                return table.enemy_def(who.index).name
        return "the enemy"


def choices(state: DeucesState) -> list[Any]:
    """The hint first, then other plays, at most LISTED of them."""
    hint = suggest(state, YOU)
    others = [action for action in state.legal_actions(YOU) if action != hint]
    return [hint, *others][:LISTED]


def play_deuces(
    variant: str | None = None,
    seed: int | None = None,
    level: int = 1,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """One player against the GM until the game ends, q, or the end of input."""
    stdin, out = stdin or sys.stdin, stdout or sys.stdout
    seed = secrets.randbelow(2**31) if seed is None else seed
    try:
        options = DeucesOptions(level=level, mode=Mode(variant or Mode.ENCOUNTER))
    except ValueError:
        out.write(
            f"Dungeons & Deuces has no mode {variant!r}: {', '.join(m.value for m in Mode)}\n"
        )
        return 2
    state, events = new_game(seed, options, players=1)
    names = Names(state)
    gm = GameMaster(seed, names)
    out.write(f"Dungeons & Deuces, seed {seed} (play it again with --seed {seed}).\n{HELP}\n")
    story = gm.narrate(events, 0)
    while not state.is_over:
        out.write("\n" + "\n".join([*story, *describe_table(state), describe_hand(state)]) + "\n")
        listed = choices(state)
        out.write(f"The GM waits for your {state.prompt.kind}.\n")
        for number, action in enumerate(listed, start=1):
            out.write(f"  {number}) {action}{'   (hint)' if number == 1 else ''}\n")
        out.write("> ")
        out.flush()
        answer = stdin.readline()
        if not answer or answer.strip().lower() in {"q", "quit", "exit"}:
            out.write("\nYou leave the table. (Game not finished.)\n")
            return 0
        text = answer.strip()
        try:
            if not text:
                action = listed[0]
            elif text.isdigit() and 1 <= int(text) <= len(listed):
                action = listed[int(text) - 1]
            else:
                action = parse_action(text)
            before = state.model_copy(deep=True)
            events = state.apply(YOU, action)
            names.seen(before, state)
        except (GameError, ValueError) as error:
            out.write(f"Not now: {error}. {HELP}\n")
            story = []
            continue
        story = gm.narrate(events, state.turn)
    out.write("\n" + "\n".join(story) + "\n")
    out.write(f"Game over: you {state.outcome.value}, score {state.score}.\n")
    return 0
