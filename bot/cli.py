"""Play a game in the terminal with the same engine, narration and views as in Discord."""

from __future__ import annotations

import secrets
import sys
from typing import TextIO

from bot.games.engine import GameError
from bot.games.registry import GAMES
from bot.narration.dealer import Dealer
from bot.render.dungeon import GameView, action_label, dragons_view, scoundrel_view

VIEWS = {"scoundrel": scoundrel_view, "dragons": dragons_view}
QUIT_WORDS = {"q", "quit", "exit"}
HELP = "Type the number of a move and press Enter; q quits; ? shows the moves again."


def print_view(view: GameView, out: TextIO) -> None:
    out.write(f"\n== {view.title} ==\n")
    for line in view.narration:
        out.write(line.replace("**", "") + "\n")
    for field in view.fields:
        value = field.value.replace("**", "").replace("\n", "\n      ")
        out.write(f"  {field.name}: {value}\n")
    if view.footer:
        out.write(f"  ({view.footer})\n")


def play(
    game: str,
    variant: str | None = None,
    seed: int | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Run one game to its end (or until q / end of input); returns the process exit code."""
    stdin, out = stdin or sys.stdin, stdout or sys.stdout
    entry = GAMES[game]
    seed = secrets.randbelow(2**31) if seed is None else seed
    try:
        state, events = entry.new_game(seed, variant)
    except ValueError as error:
        out.write(f"{error}\n")
        return 2
    names = [f"Player {seat + 1}" for seat in range(entry.seats_for(variant))]
    dealer = Dealer(seed, names)
    out.write(f"{entry.title}, seed {seed} (play this deal again with --seed {seed}).\n{HELP}\n")
    view = VIEWS[game]
    print_view(view(state, dealer.narrate(events, 0), names), out)
    while not state.is_over:
        player = state.to_move
        actions = state.legal_actions(player)
        if len(names) > 1:
            out.write(f"{names[player]}, your move:\n")
        for number, action in enumerate(actions, start=1):
            out.write(f"  {number}) {action_label(action)}\n")
        out.write("> ")
        out.flush()
        answer = stdin.readline()
        if not answer or answer.strip().lower() in QUIT_WORDS:
            out.write("\nYou leave the dungeon. (Game not finished.)\n")
            return 0
        choice = answer.strip()
        if choice == "?":
            continue
        if not choice.isdigit() or not 1 <= int(choice) <= len(actions):
            out.write(f"Choose a move from 1 to {len(actions)}. {HELP}\n")
            continue
        try:
            events = state.apply(player, actions[int(choice) - 1])
        except GameError as error:  # cannot happen for a listed move; shown, never a crash
            out.write(f"{error}\n")
            continue
        print_view(view(state, dealer.narrate(events, state.turn), names), out)
    out.write("\n" + final_words(state, names) + "\n")
    return 0


def final_words(state: object, names: list[str]) -> str:
    parties = getattr(state, "parties", None)
    if parties is None or len(names) < 2:
        return f"Game over: you {state.outcome.value}, score {state.score}."
    results = [f"{names[p.seat]} {p.outcome.value}, score {p.score}" for p in parties]
    return "Game over: " + "; ".join(results) + "."
