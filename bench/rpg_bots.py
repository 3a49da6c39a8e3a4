"""Role Playing Card Game: tables of bots, and the bot against random players.

For each table size N (2 to 6) it plays `--games` deals with the bot (`bot_action`) in every
seat and prints how many ended by a death (one player left, or the Long Night's wound took the
last rivals) rather than the round cap, the median and 90th-percentile round the game ended in,
the share of special rounds that asked for bids (the rest had no diamond left to bid), and
games per second; `--long-night` sets the round the Long Night begins (0: off), and
`--compare` plays the same deals with it off too, side by side. Then, unless `--no-random`, the
bot against N-1 uniformly random players: its win rate beside the 1/N a random player gets
(tied winners at the round cap count as a share of a win). Run it small first:

    .venv/bin/python -m bench.rpg_bots --games 100
    .venv/bin/python -m bench.rpg_bots --games 500 --compare
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from bot.games.rpg.actions import RpgAction
from bot.games.rpg.engine import RpgState, new_game
from bot.games.rpg.policy import bot_action
from bot.games.rpg.values import MAX_ROUNDS

ACTION_LIMIT = 20_000
"""Well above the engine's bound on a game's length (see tests/games/rpg/test_properties.py)."""
Start = Callable[[int, int], RpgState]


@dataclass
class Ending:
    by_death: bool
    rounds: int
    actions: int
    asked: int
    """Special rounds that asked for bids."""
    skipped: int
    """Special rounds nobody could bid in (every diamond out of the game or discarded)."""


def _start(long_night: int | None) -> Start:
    """New games with the Long Night from that round (0: off; None: the game's default)."""

    def start(seed: int, players: int) -> RpgState:
        if long_night is None:
            return new_game(seed, players)[0]
        return new_game(seed, players, long_night=long_night)[0]

    return start


def bot_table(start: Start, seed: int, players: int) -> Ending:
    """One deal played to its end with the bot in every seat."""
    state = start(seed, players)
    specials: list[bool] = []
    for actions in range(ACTION_LIMIT):
        if state.is_over:
            rounds = min(state.round, MAX_ROUNDS)  # the cap ends a game as round 31 begins
            skipped = sum(specials)
            return Ending(
                by_death=not state.final_hearts,
                rounds=rounds,
                actions=actions,
                asked=len(specials) - skipped,
                skipped=skipped,
            )
        seat = state.acting()[0]
        action = bot_action(state, seat)
        assert action is not None
        for event in state.apply(seat, action):
            if event.kind == "special_round":
                specials.append(getattr(event, "skipped", False))
    raise RuntimeError(f"game {seed} with {players} players did not end")


def against_random(start: Start, seed: int, players: int, bot_seat: int) -> float:
    """One game of the bot against random players: the bot's share of the win."""
    state = start(seed, players)
    chooser = random.Random(f"rpg-bench:{seed}:{players}")
    for _ in range(ACTION_LIMIT):
        if state.is_over:
            return 1 / len(state.winners) if bot_seat in state.winners else 0.0
        seat = chooser.choice(state.acting())
        state.apply(seat, _move(state, seat, seat == bot_seat, chooser))
    raise RuntimeError(f"game {seed} with {players} players did not end")


def _move(state: RpgState, seat: int, bot: bool, chooser: random.Random) -> RpgAction:
    if bot:
        action = bot_action(state, seat)
        assert action is not None
        return action
    return chooser.choice(state.legal_actions(seat))


def _percentile(values: list[int], share: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def table_line(label: str, start: Start, players: int, games: int) -> str:
    started = time.perf_counter()
    endings = [bot_table(start, seed, players) for seed in range(games)]
    elapsed = time.perf_counter() - started
    deaths = sum(ending.by_death for ending in endings) / games
    rounds = [ending.rounds for ending in endings]
    asked = sum(ending.asked for ending in endings)
    specials = asked + sum(ending.skipped for ending in endings)
    return (
        f"{players} players, {label:<20} {deaths:>6.1%} ended by a death · median round "
        f"{statistics.median(rounds):g} · p90 {_percentile(rounds, 0.9)} · bids asked in "
        f"{asked / max(specials, 1):.0%} of special rounds · {games / elapsed:.0f} games/s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="deals per table size")
    parser.add_argument("--sizes", default="2,3,4,5,6", help="table sizes, comma-separated")
    parser.add_argument(
        "--long-night",
        type=int,
        default=None,
        help="its first round, 0 for off (default: the game's)",
    )
    parser.add_argument("--compare", action="store_true", help="also play the deals with it off")
    parser.add_argument("--no-random", action="store_true", help="skip the bot against random")
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    named = "the default" if args.long_night is None else f"from round {args.long_night}"
    night = "Long Night off" if args.long_night == 0 else f"Long Night {named}"
    print(f"Bots in every seat, {args.games} deals per table size")
    for players in sizes:
        print(table_line(night, _start(args.long_night), players, args.games))
        if args.compare and args.long_night != 0:
            print(table_line("Long Night off", _start(0), players, args.games))
    if args.no_random:
        return
    print(f"\nThe bot against uniformly random players ({night}), {args.games} games per size")
    for players in sizes:
        start = _start(args.long_night)
        wins = sum(
            against_random(start, seed, players, seed % players) for seed in range(args.games)
        )
        print(
            f"{players} players: the bot wins {wins / args.games:.1%} (random: {1 / players:.1%})"
        )


if __name__ == "__main__":
    main()
