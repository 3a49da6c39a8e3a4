"""The solvers over random deals: how many are proven winnable or unwinnable, and how long a
deal takes to decide (`winnable`) and to solve for its best score (`solve`).

Without `--budget` the solvers are exact and have no limit: every deal is decided, and the
times say what that costs. With it (positions per question, as the bot gives them: 40,000), a
deal may stay undecided and a best score may be only a floor; the counts say how often. Each
call gets a fresh solver (no memo carried from another deal).

    .venv/bin/python -m bench.solvers [--deals 1000] [--game classic|easy|hard|dragons]
        [--budget 40000]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from bench.figures import percentile
from bot.games.crawl.solving import SearchTooLong
from bot.games.dragons.engine import new_game as new_dragons
from bot.games.dragons.solver import DragonsSolver
from bot.games.scoundrel.engine import ScoundrelOptions, Variant
from bot.games.scoundrel.engine import new_game as new_scoundrel
from bot.games.scoundrel.solver import ScoundrelSolver


def scoundrel(variant: Variant) -> tuple[Callable[[int], Any], Callable[[int | None], Any]]:
    return (lambda seed: new_scoundrel(seed, ScoundrelOptions(variant=variant))[0]), (
        ScoundrelSolver
    )


DEALS: dict[str, tuple[Callable[[int], Any], Callable[[int | None], Any]]] = {
    "classic": scoundrel(Variant.CLASSIC),
    "easy": scoundrel(Variant.EASY),
    "hard": scoundrel(Variant.HARD),
    "dragons": ((lambda seed: new_dragons(seed, players=1)[0]), DragonsSolver),
}


def timed(work: Callable[[], Any]) -> tuple[Any, float]:
    started = time.perf_counter()
    answer = work()
    return answer, time.perf_counter() - started


def run(name: str, deals: int, budget: int | None) -> None:
    deal, solver = DEALS[name]
    decide_times, solve_times = [], []
    winnable = unwinnable = undecided = inexact = 0
    for seed in range(deals):
        state = deal(seed)
        try:
            won, decided_in = timed(lambda state=state: solver(budget).winnable(state))
        except SearchTooLong:
            undecided += 1
            continue
        winnable += won
        unwinnable += not won
        decide_times.append(decided_in)
        try:
            solution, solved_in = timed(lambda state=state: solver(budget).solve(state))
        except SearchTooLong:
            inexact += 1
            continue
        assert solution.winnable == won, f"deal {seed}: solve and winnable disagree"
        inexact += not solution.exact
        solve_times.append(solved_in)
    ms = 1000
    print(
        f"{name:<8} {deals} deals, budget {budget or 'none'}: {winnable} winnable,"
        f" {unwinnable} unwinnable, {undecided} undecided; best score a floor only: {inexact}"
    )
    for label, times in (("winnable", decide_times), ("solve", solve_times)):
        if times:
            print(
                f"         {label:<9} p50 {percentile(times, 0.5) * ms:7.1f} ms"
                f"  p99 {percentile(times, 0.99) * ms:7.1f} ms  max {max(times) * ms:7.1f} ms"
            )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--game", choices=[*DEALS, "all"], default="all")
    parser.add_argument("--budget", type=int, default=None)
    arguments = parser.parse_args()
    for name in DEALS if arguments.game == "all" else [arguments.game]:
        run(name, arguments.deals, arguments.budget)
