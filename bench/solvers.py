"""The solvers over random deals: how many are proven winnable or unwinnable, and how long a
deal takes to decide (`winnable`) and to solve for its best score (`solve`).

Without `--budget` the solvers are exact and have no limit: every deal is decided, and the
times say what that costs. With it (positions per question, as the bot gives them: 40,000), a
deal may stay undecided and a best score may be only a floor; the counts say how often. Each
call gets a fresh solver (no memo carried from another deal). With `--cap` (seconds), a call
that runs longer is stopped and counted as undecided (or unsolved), its time as the cap.

    .venv/bin/python -m bench.solvers [--deals 1000] [--game classic|easy|hard|dragons]
        [--budget 40000] [--cap 10]
"""

from __future__ import annotations

import argparse
import signal
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


class TooSlow(Exception):
    """A call ran past `--cap`."""


def _too_slow(signum: int, frame: object) -> None:
    raise TooSlow


def timed(work: Callable[[], Any], cap: float | None = None) -> tuple[Any, float]:
    """The answer and the time it took; past `cap` seconds TooSlow is raised instead."""
    started = time.perf_counter()
    if cap is not None:
        signal.signal(signal.SIGALRM, _too_slow)
        signal.setitimer(signal.ITIMER_REAL, cap)
    try:
        answer = work()
    finally:
        if cap is not None:
            signal.setitimer(signal.ITIMER_REAL, 0)
    return answer, time.perf_counter() - started


def run(name: str, deals: int, budget: int | None, cap: float | None = None) -> None:
    deal, solver = DEALS[name]
    decide_times, solve_times = [], []
    winnable = unwinnable = undecided = inexact = unsolved = 0
    for seed in range(deals):
        state = deal(seed)
        try:
            won, decided_in = timed(lambda state=state: solver(budget).winnable(state), cap)
        except (SearchTooLong, TooSlow) as stopped:
            undecided += 1
            if isinstance(stopped, TooSlow) and cap is not None:
                decide_times.append(cap)
            continue
        winnable += won
        unwinnable += not won
        decide_times.append(decided_in)
        try:
            solution, solved_in = timed(lambda state=state: solver(budget).solve(state), cap)
        except SearchTooLong:
            inexact += 1
            continue
        except TooSlow:
            unsolved += 1
            if cap is not None:
                solve_times.append(cap)
            continue
        assert solution.winnable == won, f"deal {seed}: solve and winnable disagree"
        inexact += not solution.exact
        solve_times.append(solved_in)
    ms = 1000
    print(
        f"{name:<8} {deals} deals, budget {budget or 'none'}: {winnable} winnable,"
        f" {unwinnable} unwinnable, {undecided} undecided; best score a floor only: {inexact}"
        + (f"; unsolved within {cap} s: {unsolved}" if cap is not None else "")
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
    parser.add_argument("--cap", type=float, default=None, help="seconds a call may take")
    arguments = parser.parse_args()
    for name in DEALS if arguments.game == "all" else [arguments.game]:
        run(name, arguments.deals, arguments.budget, arguments.cap)
