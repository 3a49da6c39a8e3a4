"""The solvers over random deals: how many are proven winnable or unwinnable, and how long a
deal takes to decide (`winnable`) and to solve for its best score (`solve`).

Without `--budget` the solvers are exact and have no limit: every deal is decided, and the
times say what that costs. With it (positions per question, as the bot gives them: 40,000), a
deal may stay undecided and a best score may be only a floor; the counts say how often. Each
call gets a fresh solver (no memo carried from another deal). With `--cap` (seconds), a call
that runs longer is stopped and counted as undecided (or unsolved), its time as the cap.

    .venv/bin/python -m bench.solvers [--deals 1000] [--game classic|easy|hard|dragons]
        [--budget 40000] [--cap 10] [--first 0]
    .venv/bin/python -m bench.solvers --against ../other-checkout [--deals 100] [--cap 10]

--against runs this checkout's solvers and another's side by side, each in a process of its
own (kept for the whole run, importing its own checkout), taking turns deal by deal on the
same deals, so that both meet the same load on a shared machine. It prints both sides' figures
and checks that wherever both finished, they found the same best score.
"""

from __future__ import annotations

import argparse
import inspect
import json
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
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


def one_deal(name: str, seed: int, budget: int | None, cap: float | None) -> dict[str, Any]:
    """One deal decided and solved, each by a fresh solver: what came out, and the times.
    `won` is None when undecided; `best` None when unsolved (past the cap or the budget)."""
    deal, solver = DEALS[name]
    state = deal(seed)
    found: dict[str, Any] = {"won": None, "decide": cap, "best": None, "exact": False}
    try:
        found["won"], found["decide"] = timed(lambda: solver(budget).winnable(state), cap)
    except SearchTooLong:
        found["decide"] = None
        return found
    except TooSlow:
        return found
    try:
        processor = time.process_time()
        solution, found["solve"] = timed(lambda: solver(budget).solve(state), cap)
        found["solve_cpu"] = time.process_time() - processor
    except SearchTooLong:
        found["solve"] = None
        return found
    except TooSlow:
        found["solve"] = cap
        return found
    assert solution.winnable == found["won"], f"deal {seed}: solve and winnable disagree"
    found["best"], found["exact"] = solution.best_score, solution.exact
    return found


@dataclass
class Tally:
    """One side's figures over the deals of one game."""

    winnable: int = 0
    unwinnable: int = 0
    undecided: int = 0
    inexact: int = 0
    unsolved: int = 0
    decide_times: list[float] = field(default_factory=list[float])
    solve_times: list[float] = field(default_factory=list[float])
    solve_cpu_times: list[float] = field(default_factory=list[float])
    """Processor time of the solves that finished: what a call costs on a core of its own,
    which the wall clock overstates on a shared machine."""

    def add(self, found: dict[str, Any]) -> None:
        if found["decide"] is not None:
            self.decide_times.append(found["decide"])
        if found["won"] is None:
            self.undecided += 1
            return
        self.winnable += found["won"]
        self.unwinnable += not found["won"]
        if found.get("solve") is not None:
            self.solve_times.append(found["solve"])
        if found.get("solve_cpu") is not None:
            self.solve_cpu_times.append(found["solve_cpu"])
        if found["best"] is None:
            self.unsolved += 1
        elif not found["exact"]:
            self.inexact += 1

    def lines(self, label: str) -> list[str]:
        ms = 1000
        head = (
            f"{label}: {self.winnable} winnable, {self.unwinnable} unwinnable,"
            f" {self.undecided} undecided; best score unsolved (cap or budget) {self.unsolved},"
            f" a floor only {self.inexact}"
        )
        rows = [head]
        for what, times in (
            ("winnable", self.decide_times),
            ("solve", self.solve_times),
            ("solve cpu", self.solve_cpu_times),
        ):
            if times:
                rows.append(
                    f"    {what:<9} p50 {percentile(times, 0.5) * ms:7.1f} ms"
                    f"  p99 {percentile(times, 0.99) * ms:7.1f} ms  max {max(times) * ms:7.1f} ms"
                )
        return rows


def run(name: str, deals: int, budget: int | None, cap: float | None, first: int = 0) -> None:
    tally = Tally()
    for seed in range(first, first + deals):
        tally.add(one_deal(name, seed, budget, cap))
    print(f"{name} {deals} deals, budget {budget or 'none'}, cap {cap or 'none'}")
    print("\n".join(tally.lines("  ")))


WORKER = """
import json, sys
from bench.solvers import one_deal
for line in sys.stdin:
    name, seed, budget, cap = json.loads(line)
    print(json.dumps(one_deal(name, seed, budget, cap)), flush=True)
"""
"""A side of --against: solves the deals it is sent, with its own checkout's solvers."""

OLD_WORKER = f"""
import json, sys, time
from typing import Any
from bench.solvers import DEALS, TooSlow, timed
from bot.games.crawl.solving import SearchTooLong
{inspect.getsource(one_deal)}
for line in sys.stdin:
    name, seed, budget, cap = json.loads(line)
    print(json.dumps(one_deal(name, seed, budget, cap)), flush=True)
"""
"""The same for a checkout whose bench has no `one_deal` yet: this one's `one_deal`, run on
what that bench does have."""


def side_by_side(
    other: Path, names: list[str], deals: int, budget: int | None, cap: float | None, first: int
) -> None:
    """This checkout against `other`, deal by deal (see the module's docstring)."""
    here = Path(__file__).resolve().parents[1]
    sides = {"other": other.resolve(), "this": here}
    workers = {
        side: subprocess.Popen(
            [sys.executable, "-c", WORKER if _has_one_deal(folder) else OLD_WORKER],
            cwd=folder,
            env={"PYTHONPATH": str(folder)},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for side, folder in sides.items()
    }

    def solved(side: str, name: str, seed: int) -> dict[str, Any]:
        worker = workers[side]
        assert worker.stdin is not None and worker.stdout is not None
        worker.stdin.write(json.dumps([name, seed, budget, cap]) + "\n")
        worker.stdin.flush()
        answer = worker.stdout.readline()
        if not answer:
            raise SystemExit(f"the {side} side's worker stopped (its error is above)")
        return json.loads(answer)

    for name in names:
        tallies = {side: Tally() for side in sides}
        disagreements: list[str] = []
        for seed in range(first, first + deals):
            order = list(sides) if seed % 2 == 0 else list(sides)[::-1]
            found = {side: solved(side, name, seed) for side in order}
            for side in sides:
                tallies[side].add(found[side])
            disagreements += _disagreement(seed, found["other"], found["this"])
            if (seed - first + 1) % 10 == 0:
                print(f"{name}: {seed - first + 1} deals", file=sys.stderr, flush=True)
        print(f"{name}, deals {first}-{first + deals - 1}, budget {budget or 'none'},"
              f" cap {cap or 'none'} s")  # fmt: skip
        for side, folder in sides.items():
            print("\n".join(tallies[side].lines(f"  {side} ({folder})")))
        print(f"  disagreements where both finished: {len(disagreements)}")
        for line in disagreements:
            print(f"    {line}")
    for worker in workers.values():
        assert worker.stdin is not None
        worker.stdin.close()
        worker.wait()


def _disagreement(seed: int, other: dict[str, Any], this: dict[str, Any]) -> list[str]:
    """A line when the two sides, both sure, differ on a deal (a floor proves nothing)."""
    if other["won"] is not None and this["won"] is not None and other["won"] != this["won"]:
        return [f"deal {seed}: winnable {other['won']} | {this['won']}"]
    if other["exact"] and this["exact"] and other["best"] != this["best"]:
        return [f"deal {seed}: best {other['best']} | {this['best']}"]
    return []


def _has_one_deal(folder: Path) -> bool:
    bench = folder / "bench" / "solvers.py"
    return bench.exists() and "def one_deal(" in bench.read_text()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--first", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--game", choices=[*DEALS, "all"], default="all")
    parser.add_argument("--budget", type=int, default=None)
    parser.add_argument("--cap", type=float, default=None, help="seconds a call may take")
    parser.add_argument("--against", type=Path, help="another checkout, compared side by side")
    arguments = parser.parse_args()
    games = list(DEALS) if arguments.game == "all" else [arguments.game]
    if arguments.against is not None:
        side_by_side(
            arguments.against,
            games,
            arguments.deals,
            arguments.budget,
            arguments.cap,
            arguments.first,
        )
    else:
        for name in games:
            run(name, arguments.deals, arguments.budget, arguments.cap, arguments.first)
