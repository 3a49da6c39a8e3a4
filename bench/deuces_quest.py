"""Traditional Quest by simulation: every player plays the hint (`suggest`) for every decision,
the map's choices and the shop's included, through the shipped quest (or `--quest`).

How long a quest lasts, in actions (each a press of a button: a vote, a move of a turn, a
defence, a path chosen, a purchase), in minutes at a human pace (`PLAY_SECONDS` a move, as in
the other Deuces benchmarks), the encounters fought, the falls, the rooms explored, the quest
loot bought and used, and the win rate by party size. Run it small first; quests are split
over `--workers` processes:

    .venv/bin/python -m bench.deuces_quest --quests 40 --workers 1
    .venv/bin/python -m bench.deuces_quest --quests 200 --sizes 1 2 3 4 --workers 2
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from statistics import mean, median

from bench.figures import run_all
from bot.games.deuces import (
    DeucesOptions,
    Mode,
    new_game,
    suggest,
)
from bot.games.deuces.events import ItemGained, ItemUsed

PLAY_SECONDS = 10
"""A move: pick cards, press a play (as in the other Deuces benchmarks)."""
STEP_LIMIT = 50_000


@dataclass
class QuestRun:
    players: int
    won: bool
    actions: int
    encounters: int
    falls: int
    rooms: int
    level: int
    bought: int
    used: int


def play_quest(job: tuple[int, int, str | None]) -> QuestRun:
    seed, players, quest_id = job
    state, _ = new_game(seed, DeucesOptions(mode=Mode.QUEST, quest=quest_id), players=players)
    actions = bought = used = 0
    while not state.is_over:
        seat = state.waiting_for[0]
        for event in state.apply(seat, suggest(state, seat)):
            bought += isinstance(event, ItemGained) and event.price > 0
            used += isinstance(event, ItemUsed)
        actions += 1
        if actions > STEP_LIMIT:
            raise RuntimeError(f"seed {seed}: no end after {STEP_LIMIT} actions")
    quest = state.quest
    assert quest is not None
    return QuestRun(
        players=players,
        won=state.outcome is not None and state.outcome.value == "won",
        actions=actions,
        encounters=state.encounter,
        falls=quest.falls,
        rooms=len(quest.visited),
        level=state.level,
        bought=bought,
        used=used,
    )


def _spread(values: list[int], unit: str = "") -> str:
    return f"mean {mean(values):.1f}{unit}, median {median(values):.0f}{unit}, max {max(values)}"


def report(runs: list[QuestRun], seconds: float) -> None:
    actions = [run.actions for run in runs]
    print(f"Traditional Quest: {len(runs)} quests played by the hint")
    print(f"  actions per quest: {_spread(actions)}")
    minutes = [round(a * PLAY_SECONDS / 60) for a in actions]
    print(f"  minutes at {PLAY_SECONDS} s a move: {_spread(minutes)}")
    print(f"  encounters per quest: {_spread([run.encounters for run in runs])}")
    print(f"  falls per quest: {_spread([run.falls for run in runs])}")
    print(f"  rooms explored: {_spread([run.rooms for run in runs])}")
    print(f"  level at the end: {_spread([run.level for run in runs])}")
    print(
        f"  quest loot bought per quest: {mean(run.bought for run in runs):.1f};"
        f" used (a Joker sacrificed): {mean(run.used for run in runs):.1f}"
    )
    print("  win rate by party size:")
    for size in sorted({run.players for run in runs}):
        group = [run for run in runs if run.players == size]
        wins = sum(run.won for run in group)
        party = f"{size} player{'s' if size > 1 else ''}"
        print(f"    {party}: {wins / len(group):.0%} of {len(group)}")
    print(f"  simulated in {seconds:.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quests", type=int, default=40, help="quests per party size")
    parser.add_argument("--sizes", type=int, nargs="+", default=[1, 2, 3, 4])
    parser.add_argument("--quest", default=None, help="a quest's id (default: the first)")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    jobs = [(seed, size, args.quest) for size in args.sizes for seed in range(args.quests)]
    started = time.perf_counter()
    runs = run_all(play_quest, jobs, args.workers, chunksize=4)
    report(runs, time.perf_counter() - started)


if __name__ == "__main__":
    main()
