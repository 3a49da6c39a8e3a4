"""Engines alone: random games per second for Scoundrel and Diamonds & Dragons, and Dungeons &
Deuces encounters per second with every seat playing the hint.

Random play: each move is a uniformly random legal action, from seeded generators, so every run
plays the same games. The time covers dealing, listing legal actions and applying them, as the
bot does per click, without narration or views. What stands in for the players is made once per
run, as it is no part of the engine: the setup a command would build, and the generator that
picks the moves (seeding one for each game cost a fifth as much as dealing the game).

    .venv/bin/python -m bench.engines [--seconds 3]
    .venv/bin/python -m bench.engines --against ../other-checkout [--batches 40]

--against compares this checkout with another one side by side: each runs in a process of its
own, kept for the whole run, and they take turns playing batches of the same games (the
same seeds and moves), so both meet the same load on a shared machine. Printed: each side's
games/s over all its batches, their ratio, and the median of the batches' ratios.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from itertools import count
from pathlib import Path

from bot.games.contract import Setup
from bot.games.deuces import DeucesOptions, suggest
from bot.games.deuces import new_game as new_deuces
from bot.games.registry import GAMES

STEP_LIMIT = 5_000


def random_game(key: str) -> Callable[[int], int]:
    """Plays one random game of a registered game from a seed, each call the next game of a
    run (the moves are drawn from one generator); returns the moves made."""
    game = GAMES[key]
    setup = Setup(variant=game.info.default_variant)
    chooser = random.Random(0)

    def play(seed: int) -> int:
        match, _ = game.start(seed, setup)
        state = match.state
        moves = 0
        while not state.is_over:
            seat = state.acting()[0]
            state.apply(seat, chooser.choice(state.legal_actions(seat)))
            moves += 1
        return moves

    return play


def deuces_encounter(players: int, level: int) -> Callable[[int], int]:
    """One encounter to its end with every seat played by the hint; returns the moves made."""

    def play(seed: int) -> int:
        state, _ = new_deuces(seed, DeucesOptions(level=level), players)
        for moves in range(STEP_LIMIT):
            if state.is_over:
                return moves
            seat = state.waiting_for[0]
            state.apply(seat, suggest(state, seat))
        raise RuntimeError(f"encounter {seed} did not end")

    return play


def rate(play: Callable[[int], int], seconds: float) -> tuple[float, float]:
    """Games per second and moves per second over about `seconds` of play."""
    started = time.perf_counter()
    games = moves = 0
    for seed in count():
        moves += play(seed)
        games += 1
        if time.perf_counter() - started >= seconds:
            break
    elapsed = time.perf_counter() - started
    return games / elapsed, moves / elapsed


BENCHES: dict[str, tuple[str, int]] = {
    "Scoundrel, random play (target 10,000 games/s)": ("random_game('scoundrel')", 300),
    "Diamonds & Dragons, random play (target 8,000 games/s)": ("random_game('dragons')", 300),
    "Deuces, 1 player at level 1, hints (target 1,000/s)": ("deuces_encounter(1, 1)", 40),
    "Deuces, 3 players at level 3, hints": ("deuces_encounter(3, 3)", 10),
    "Deuces, 4 players at level 5, hints": ("deuces_encounter(4, 5)", 5),
}
"""Each line: the call that makes its player (in this module), and the games of one batch."""

WORKER = """
import sys, time
from bench.engines import deuces_encounter, random_game
plays = {}
for line in sys.stdin:
    call, first, games = line.rsplit(" ", 2)
    play = plays.setdefault(call, eval(call))
    started = time.perf_counter()
    for seed in range(int(first), int(first) + int(games)):
        play(seed)
    print(time.perf_counter() - started, flush=True)
"""
"""A side of --against: plays the batches it is sent, with the bench of its own checkout."""


def main(seconds: float) -> None:
    for name, (call, _) in BENCHES.items():
        games, moves = rate(eval(call), seconds)
        print(f"{name:<56} {games:>9,.0f} games/s  {moves:>10,.0f} moves/s")


def side_by_side(other: Path, batches: int) -> None:
    """This checkout against `other`, batch by batch (see the module's docstring)."""
    here = Path(__file__).resolve().parents[1]
    sides = {"other": other.resolve(), "this": here}
    workers = {
        side: subprocess.Popen(
            [sys.executable, "-c", WORKER],
            cwd=folder,
            env={"PYTHONPATH": str(folder)},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for side, folder in sides.items()
    }

    def timed(side: str, call: str, first: int, games: int) -> float:
        worker = workers[side]
        assert worker.stdin is not None and worker.stdout is not None
        worker.stdin.write(f"{call} {first} {games}\n")
        worker.stdin.flush()
        return float(worker.stdout.readline())

    print(f"games/s: {sides['other']} | {sides['this']} (this/other)")
    for name, (call, games) in BENCHES.items():
        for side in sides:
            timed(side, call, 10**6, games)  # warm-up, on games the batches do not play
        times: dict[str, list[float]] = {side: [] for side in sides}
        for batch in range(batches):
            order = list(sides) if batch % 2 == 0 else list(sides)[::-1]
            for side in order:
                times[side].append(timed(side, call, batch * games, games))
        other_rate, this_rate = (games * batches / sum(times[side]) for side in sides)
        ratios = [a / b for a, b in zip(times["other"], times["this"], strict=True)]
        print(
            f"{name:<56} {other_rate:>9,.0f} | {this_rate:>9,.0f}"
            f"  ratio {this_rate / other_rate:.2f}"
            f" (median of batches {statistics.median(ratios):.2f})"
        )
    for worker in workers.values():
        assert worker.stdin is not None
        worker.stdin.close()
        worker.wait()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--against", type=Path, help="another checkout, compared side by side")
    parser.add_argument("--batches", type=int, default=40, help="with --against")
    options = parser.parse_args()
    if options.against is not None:
        side_by_side(options.against, options.batches)
    else:
        main(options.seconds)
