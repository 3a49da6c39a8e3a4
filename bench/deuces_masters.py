"""Masters & Monsters by simulation: every player plays the hint (`suggest`) for every decision,
so their enemies are played by the GM's policy, as a timed-out player's are.

How long a game lasts, in actions (the GM's policy playing an enemy turn counts as one action,
as one press of its button), encounters and minutes at a human pace (`PLAY_SECONDS` a move, as
in the other Deuces benchmarks), and who wins: the share of games won by each seat (seat 0
first) and by each class (a shared win counts for each winner). Run it small first; games are
split over `--workers` processes:

    .venv/bin/python -m bench.deuces_masters --games 200 --workers 1
    .venv/bin/python -m bench.deuces_masters --games 1000 --players 4 --epics 3 --workers 2
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from dataclasses import dataclass
from statistics import mean, median

from bench.figures import run_all
from bot.games.deuces import (
    DeucesOptions,
    Mode,
    new_game,
    suggest,
)
from bot.games.deuces.events import MastersTally

PLAY_SECONDS = 10
"""A move: pick cards, press a play (as in the other Deuces benchmarks)."""
STEP_LIMIT = 50_000


@dataclass
class MastersRun:
    actions: int
    encounters: int
    winners: list[int]
    classes: list[str]
    limit: bool
    wipes: int
    """Encounters in which every hero fell."""


def play_game(job: tuple[int, int, int]) -> MastersRun:
    seed, players, epics = job
    state, _ = new_game(seed, DeucesOptions(mode=Mode.MASTERS, epics=epics), players=players)
    actions = wipes = 0
    while not state.is_over:
        seat = state.waiting_for[0]
        for event in state.apply(seat, suggest(state, seat)):
            if isinstance(event, MastersTally):
                wipes += not event.survivors
        actions += 1
        if actions > STEP_LIMIT:
            raise RuntimeError(f"seed {seed}: no end after {STEP_LIMIT} actions")
    return MastersRun(
        actions=actions,
        encounters=state.encounter,
        winners=list(state.champions),
        classes=[who.klass.name for who in state.players],
        limit=state.encounter >= state.options.max_encounters,
        wipes=wipes,
    )


def report(runs: list[MastersRun], players: int, epics: int, seconds: float) -> None:
    actions = [run.actions for run in runs]
    encounters = [run.encounters for run in runs]
    print(f"Masters & Monsters: {len(runs)} games of {players} players, first to {epics} Epic")
    print(
        f"  actions per game: mean {mean(actions):.0f}, median {median(actions):.0f},"
        f" max {max(actions)}"
    )
    minutes = [a * PLAY_SECONDS / 60 for a in actions]
    print(
        f"  minutes at {PLAY_SECONDS} s a move: mean {mean(minutes):.0f},"
        f" median {median(minutes):.0f}, max {max(minutes):.0f}"
    )
    print(
        f"  encounters per game: mean {mean(encounters):.1f}, median {median(encounters):.0f},"
        f" max {max(encounters)}"
    )
    wipes = sum(run.wipes for run in runs)
    print(f"  encounters where every hero fell: {wipes / max(1, sum(encounters)):.1%}")
    shared = sum(len(run.winners) > 1 for run in runs)
    limit = sum(run.limit for run in runs)
    print(f"  shared wins: {shared / len(runs):.1%}; ended by the encounter limit: {limit}")
    seats = Counter(seat for run in runs for seat in run.winners)
    print("  wins by seat (seat 0 first):")
    for seat in range(players):
        print(f"    seat {seat}: {seats[seat] / len(runs):.1%}")
    held: Counter[str] = Counter(name for run in runs for name in run.classes)
    won: Counter[str] = Counter(run.classes[seat] for run in runs for seat in run.winners)
    print("  wins by class (games won / games played with it):")
    for name, count in sorted(held.items(), key=lambda item: -won[item[0]] / item[1]):
        print(f"    {name}: {won[name] / count:.1%} of {count}")
    print(f"  simulated in {seconds:.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--epics", type=int, default=DeucesOptions().epics)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    jobs = [(seed, args.players, args.epics) for seed in range(args.games)]
    started = time.perf_counter()
    runs = run_all(play_game, jobs, args.workers, chunksize=8)
    report(runs, args.players, args.epics, time.perf_counter() - started)


if __name__ == "__main__":
    main()
