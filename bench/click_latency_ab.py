"""A click's bot-side time before and after a change, side by side: bench/click_latency.py run
on an earlier commit (A, checked out in a temporary git worktree) and on this checkout (B),
taking turns round by round so both see the same machine.

Each round prints both runs' Scoundrel click p50 and p99, on the clock and of the processor,
and the floor's (the same message and one commit, no game), whose ratio to the click is steadier
than the click alone on a shared machine. The last lines give the median of the rounds.

    .venv/bin/python -m bench.click_latency_ab --base main [--rounds 3] [--clicks 1000]
        [--store sqlite --store postgres]
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
LINE = re.compile(r"^\s+(?P<name>.+?)\s+p50\s+(?P<p50>[\d.]+) ms\s+p99\s+(?P<p99>[\d.]+) ms")
CLICK, FLOOR = "Scoundrel click", "floor: same message"


def figures(output: str, store: str) -> dict[tuple[str, str], tuple[float, float]]:
    """(kind, name) -> (p50, p99) from one click_latency run's output, kind being the clock or
    the processor."""
    found: dict[tuple[str, str], tuple[float, float]] = {}
    kind = ""
    for line in output.splitlines():
        if "on the clock" in line:
            kind = "clock"
        elif "processor time" in line:
            kind = "cpu"
        match = LINE.match(line)
        if match is None:
            continue
        for name in (CLICK, FLOOR):
            if match["name"].startswith(name):
                found[(kind, name)] = (float(match["p50"]), float(match["p99"]))
    if len(found) != 4:
        raise SystemExit(f"could not read the figures of a {store} run:\n{output}")
    return found


def run(folder: Path, clicks: int, store: str) -> dict[tuple[str, str], tuple[float, float]]:
    command = [sys.executable, "-m", "bench.click_latency", "--clicks", str(clicks)]
    done = subprocess.run(
        [*command, "--store", store], cwd=folder, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise SystemExit(f"click_latency failed in {folder}:\n{done.stderr[-3000:]}")
    return figures(done.stdout, store)


def row(label: str, a: dict, b: dict) -> str:
    cells = []
    for kind in ("clock", "cpu"):
        (a50, a99), (b50, b99) = a[(kind, CLICK)], b[(kind, CLICK)]
        (f50, _), (g50, _) = a[(kind, FLOOR)], b[(kind, FLOOR)]
        cells.append(
            f"{kind:>5}: p50 {a50:5.2f} -> {b50:5.2f} ms  p99 {a99:6.2f} -> {b99:6.2f} ms"
            f"  (p50/floor {a50 / f50:4.2f}x -> {b50 / g50:4.2f}x)"
        )
    return f"  {label:<8} " + "\n           ".join(cells)


def median_of(rounds: list[dict]) -> dict:
    keys = rounds[0].keys()
    return {
        key: tuple(statistics.median(r[key][i] for r in rounds) for i in range(2)) for key in keys
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--base", required=True, help="the commit to compare with (A)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--clicks", type=int, default=1000)
    parser.add_argument("--store", action="append", help="sqlite (default) or postgres")
    arguments = parser.parse_args()
    base = subprocess.run(
        ["git", "rev-parse", "--short", arguments.base],
        cwd=HERE,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    with tempfile.TemporaryDirectory() as parent:
        checkout = Path(parent) / "base"
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(checkout), base],
            cwd=HERE,
            capture_output=True,
            check=True,
        )
        try:
            for store in arguments.store or ["sqlite"]:
                print(f"{store}: A = {base}, B = this checkout ({arguments.clicks} clicks a run)")
                a_runs, b_runs = [], []
                for number in range(arguments.rounds):
                    first_a = number % 2 == 0  # each goes first in turn
                    order = [(checkout, a_runs), (HERE, b_runs)]
                    for folder, runs in order if first_a else order[::-1]:
                        runs.append(run(folder, arguments.clicks, store))
                    print(row(f"round {number + 1}", a_runs[-1], b_runs[-1]), flush=True)
                print(row("median", median_of(a_runs), median_of(b_runs)))
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(checkout)],
                cwd=HERE,
                capture_output=True,
                check=False,
            )


if __name__ == "__main__":
    main()
