"""Engines alone: random games per second for Scoundrel and Diamonds & Dragons, and Dungeons &
Deuces encounters per second with every seat playing the hint.

Random play: each move is a uniformly random legal action, from seeded generators, so every run
plays the same games. The time covers dealing, listing legal actions and applying them, as the
bot does per click, without narration or views. What stands in for the players is made once per
run, as it is no part of the engine: the setup a command would build, and the generator that
picks the moves (seeding one for each game cost a fifth as much as dealing the game).

    .venv/bin/python -m bench.engines [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from itertools import count

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


def main(seconds: float) -> None:
    benches = {
        "Scoundrel, random play (target 10,000 games/s)": random_game("scoundrel"),
        "Diamonds & Dragons, random play (target 8,000 games/s)": random_game("dragons"),
        "Deuces, 1 player at level 1, hints (target 1,000/s)": deuces_encounter(1, 1),
        "Deuces, 3 players at level 3, hints": deuces_encounter(3, 3),
        "Deuces, 4 players at level 5, hints": deuces_encounter(4, 5),
    }
    for name, play in benches.items():
        games, moves = rate(play, seconds)
        print(f"{name:<56} {games:>9,.0f} games/s  {moves:>10,.0f} moves/s")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    main(parser.parse_args().seconds)
