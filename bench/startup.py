"""From `python -m bot` to a bot ready for clicks: the interpreter, the imports, and connecting.

Each run is a fresh process (nothing cached in memory), which imports the bot, builds it on a
new SQLite file and connects it to the offline Discord until discord.py reports it ready. The
runs go one after another; the medians are printed.

    .venv/bin/python -m bench.startup [--runs 15]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time

CHILD = """
import time
started = time.perf_counter()
import bot.app
imported = time.perf_counter()
import asyncio, tempfile
from bot.config import Settings
from tests.harness import Harness, World

async def connect() -> None:
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(_env_file=None, database_url=f"sqlite:///{folder}/bot.sqlite3")
        harness = Harness(World())
        async with harness.running(lambda: bot.app.DungeonBot(settings), check_bodies=False):
            ready = time.perf_counter()
            print(f"{imported - started} {ready - imported}", flush=True)

asyncio.run(connect())
"""


def one_run() -> tuple[float, float, float]:
    """Seconds to import, to connect after importing, and in all from the process's spawn."""
    spawned = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-c", CHILD], stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    line = child.stdout.readline()
    whole = time.perf_counter() - spawned
    child.wait()
    imported, connected = (float(part) for part in line.split())
    return imported, connected, whole


def main(runs: int) -> None:
    samples = [one_run() for _ in range(runs)]
    medians = [statistics.median(column) * 1000 for column in zip(*samples, strict=True)]
    print(
        json.dumps(
            {
                "runs": runs,
                "import ms": round(medians[0]),
                "connect and set up ms": round(medians[1]),
                "spawn to ready ms": round(medians[2]),
            }
        )
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    main(parser.parse_args().runs)
