"""Time /leaderboard and /stats queries on a store of 1,000,000 results across 1,000 guilds.

The results are written straight into a fresh SQLite file with the project's schema (filling is
not what is measured); then the store's own queries are timed, as the commands run them.

    .venv/bin/python -m bench.board_queries [--results 1000000] [--guilds 1000]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from storage import BoardQuery, open_store
from storage.migrations import MIGRATIONS

PLAYERS_PER_GUILD = 50
VARIANTS = ["classic", "classic", "classic", "easy", "hard"]
NOW = 1_795_000_000.0
YEAR = 365 * 24 * 3600


def fill(path: Path, results: int, guilds: int) -> float:
    """Write `results` finished games; returns the seconds it took."""
    started = time.perf_counter()
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    for number, script in enumerate(MIGRATIONS):
        db.executescript(f"BEGIN; {script}; PRAGMA user_version = {number + 1}; COMMIT;")
    db.execute(
        "INSERT INTO games (id, game, channel_id, owner_id, status, seed, state, created_at,"
        " updated_at) VALUES (1, 'scoundrel', 1, 1, 'finished', 1, '{}', 0, 0)"
    )
    rng = random.Random(7)
    db.execute("BEGIN")
    rows = (
        (
            1,
            guild,
            "scoundrel",
            rng.choice(VARIANTS),
            guild * 1000 + player,
            f"player {player}",
            "won" if score > 0 else "lost",
            score,
            rng.randrange(2**31),
            rng.randrange(30, 90),
            rng.uniform(60, 1200),
            NOW - rng.uniform(0, YEAR),
        )
        for n in range(results)
        for guild in [n % guilds]
        for player in [rng.randrange(PLAYERS_PER_GUILD)]
        for score in [rng.choice([rng.randrange(1, 21), -rng.randrange(1, 200)])]
    )
    db.executemany(
        "INSERT INTO results (game_id, guild_id, game, variant, user_id, display_name, outcome,"
        " score, seed, turns, duration_s, finished_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
        rows,
    )
    db.execute("COMMIT")
    db.execute("ANALYZE")
    db.close()
    return time.perf_counter() - started


async def time_queries(path: Path, guilds: int, runs: int) -> dict[str, list[float]]:
    store = await open_store(f"sqlite:///{path}", clock=lambda: NOW)
    rng = random.Random(11)
    timings: dict[str, list[float]] = {
        "leaderboard all-time": [],
        "leaderboard week": [],
        "stats": [],
    }
    for _ in range(runs):
        guild = rng.randrange(guilds)
        caller = guild * 1000 + rng.randrange(PLAYERS_PER_GUILD)
        for name, since in [("leaderboard all-time", 0.0), ("leaderboard week", NOW - 7 * 86400)]:
            query = BoardQuery(guild_id=guild, game="scoundrel", variant="classic", since=since)
            before = time.perf_counter()
            page = await store.leaderboard(query, caller)
            timings[name].append(time.perf_counter() - before)
            assert page.entries, "every guild has results"
        before = time.perf_counter()
        await store.player_stats(guild, caller)
        timings["stats"].append(time.perf_counter() - before)
    plan = await store._fetchall(
        "EXPLAIN QUERY PLAN SELECT * FROM results WHERE guild_id = 1 AND game = 'scoundrel'"
        " AND variant IS 'classic' AND daily IS NULL AND finished_at >= 0"
    )
    print("plan:", " | ".join(row["detail"] for row in plan))
    await store.close()
    return timings


async def main(results: int, guilds: int, runs: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "boards.sqlite3"
        seconds = fill(path, results, guilds)
        size = path.stat().st_size / 2**20
        print(
            f"filled {results:,} results in {guilds:,} guilds in {seconds:.1f} s ({size:.0f} MiB)"
        )
        timings = await time_queries(path, guilds, runs)
    for name, samples in timings.items():
        ms = sorted(s * 1000 for s in samples)
        p99 = ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))]
        print(f"{name:<22} n={len(ms)}  p50 {statistics.median(ms):6.2f} ms  p99 {p99:6.2f} ms")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--results", type=int, default=1_000_000)
    parser.add_argument("--guilds", type=int, default=1_000)
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    asyncio.run(main(args.results, args.guilds, args.runs))
