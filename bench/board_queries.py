"""Time /leaderboard and /stats on a store of 1,000,000 results, in one guild and over 1,000.

The results are written straight into a SQLite file of the schema before summaries; opening
the store migrates it, building the summaries (per-player bests, running stats) from them, and
that time is printed. Then the store's queries are timed as the commands run them, and the plan
SQLite picks for each is printed. For comparison, the query boards used before the summaries
(a window over every result of the board) runs on the same file a few times, after the rest
(its reads would evict the pages the others use).

On PostgreSQL (`--store postgres`, or `--store postgresql://...`; see bench/stores.py) the same
SQLite file, summaries built, is copied into the database by `migrate-store` (that time is
printed too, with the VACUUM ANALYZE it ends with), and the same queries are timed through the
PostgreSQL store, with the plans PostgreSQL picks. Given several stores, every store reads the
same results.

    .venv/bin/python -m bench.board_queries [--results 1000000] [--runs 300] [--store ...]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import statistics
import tempfile
import time
from contextlib import closing
from pathlib import Path

import asyncpg

from bench.figures import percentile
from bench.stores import Servers, add_store_option, chosen, servers, store_label
from storage import BoardQuery, open_store
from storage.migrate import migrate_store
from storage.migrations import MIGRATIONS
from storage.periods import period_key
from storage.postgres_boards import BOARD_QUERIES as POSTGRES_BOARD_QUERIES
from storage.sqlite_boards import BOARD_QUERIES

VARIANTS = ["classic", "classic", "classic", "easy", "hard"]
NOW = 1_795_000_000.0
YEAR = 365 * 24 * 3600
SCENARIOS = {"one guild": (1, 10_000), "1,000 guilds": (1_000, 50)}
"""Guilds and players per guild."""

WINDOW_SQL = """
WITH best AS (
    SELECT user_id, display_name, score, finished_at AS achieved_at, games FROM (
        SELECT user_id, display_name, score, finished_at,
               COUNT(*) OVER (PARTITION BY user_id) AS games,
               ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY score DESC, finished_at, id)
                   AS pick
        FROM results
        WHERE guild_id = :guild_id AND game = :game AND variant IS :variant
          AND daily IS NULL AND finished_at >= :since
    ) WHERE pick = 1
), ranked AS (
    SELECT ROW_NUMBER() OVER (ORDER BY score DESC, achieved_at, user_id) AS rank,
           COUNT(*) OVER () AS players, *
    FROM best
)
SELECT * FROM ranked WHERE rank > 0 AND rank <= 10 OR user_id = :caller ORDER BY rank
"""
"""How a board was read before per-player bests: cost grows with the board's whole history."""


async def fill(path: Path, results: int, guilds: int, players: int) -> float:
    """Write `results` finished games into a store of the schema before summaries, then let the
    store's migration build the summaries from them; returns the migration's seconds."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.executescript(f"BEGIN; {MIGRATIONS[0]}; PRAGMA user_version = 1; COMMIT;")
    db.execute(
        "INSERT INTO games (id, game, channel_id, owner_id, status, seed, state, created_at,"
        " updated_at) VALUES (1, 'scoundrel', 1, 1, 'finished', 1, '{}', 0, 0)"
    )
    rng = random.Random(7)
    db.execute("BEGIN")
    db.executemany(
        "INSERT INTO results (game_id, guild_id, game, variant, user_id, display_name, outcome,"
        " score, seed, turns, duration_s, finished_at)"
        " VALUES (1, ?, 'scoundrel', ?, ?, ?, ?, ?, 1, 40, 300, ?)",
        (
            (
                guild,
                rng.choice(VARIANTS),
                guild * 100_000 + player,
                f"player {player}",
                "won" if score > 0 else "lost",
                score,
                NOW - YEAR + n * YEAR / results,  # in the order they finished
            )
            for n in range(results)
            for guild, player in [(n % guilds, rng.randrange(players))]
            for score in [rng.choice([rng.randrange(1, 21), -rng.randrange(1, 200)])]
        ),
    )
    db.execute("COMMIT")
    db.close()
    started = time.perf_counter()
    store = await open_store(f"sqlite:///{path}")
    await store.close()
    seconds = time.perf_counter() - started
    with closing(sqlite3.connect(path)) as db:
        db.execute("ANALYZE")
    return seconds


async def time_queries(url: str, guilds: int, players: int, runs: int) -> dict[str, list[float]]:
    store = await open_store(url, clock=lambda: NOW)
    rng = random.Random(11)
    timings: dict[str, list[float]] = {}

    def timed(name: str, seconds: float) -> None:
        timings.setdefault(name, []).append(seconds)

    for _ in range(runs):
        guild = rng.randrange(guilds)
        caller = guild * 100_000 + rng.randrange(players)
        for period in ("all", "week"):
            query = BoardQuery(
                guild_id=guild,
                game="scoundrel",
                variant="classic",
                period=period_key(period, NOW),
            )
            started = time.perf_counter()
            page = await store.leaderboard(query, caller)
            timed(f"/leaderboard {period}", time.perf_counter() - started)
            assert page.entries or period != "all", "every guild has results"
        started = time.perf_counter()
        await store.leaderboard(query.model_copy(update={"period": "all"}), caller, offset=500)
        timed("/leaderboard all, page 51", time.perf_counter() - started)
        started = time.perf_counter()
        stats = await store.player_stats(guild, caller)
        timed("/stats", time.perf_counter() - started)
        assert stats, "every caller has played"
    await store.close()
    return timings


def time_window(path: Path, guilds: int, timings: dict[str, list[float]]) -> None:
    """The old way is slow: a few runs, after the others, show it (SQLite only)."""
    rng = random.Random(13)
    with closing(sqlite3.connect(path)) as before:
        for _ in range(5):
            guild = rng.randrange(guilds)
            params = {"guild_id": guild, "game": "scoundrel", "variant": "classic", "since": 0}
            started = time.perf_counter()
            before.execute(WINDOW_SQL, {**params, "caller": guild * 100_000}).fetchall()
            timings.setdefault("before: window over results, all", []).append(
                time.perf_counter() - started
            )
        print_plans(before)


def print_plans(db: sqlite3.Connection) -> None:
    params = {
        "guild_id": 0,
        "user_id": 1,
        "game": "scoundrel",
        "variant": "classic",
        "daily": "",
        "period": "all",
        "caller": 1,
        "board": 1,
        "score": 10,
        "tiebreak": 0,
        "achieved_at": NOW,
        "offset": 0,
        "limit": 10,
    }
    for name, sql in BOARD_QUERIES.items():
        plan = db.execute(f"EXPLAIN QUERY PLAN {sql}", params).fetchall()
        print(f"  plan of {name}: " + " | ".join(row[3] for row in plan))


PLAN_ARGS: dict[str, tuple] = {
    "board page": (0, "scoundrel", "classic", "", "all", 1, 10, 0),
    "rating page": (0, "dragons-duel", 1, 10, 0),
    "stats": (0, 1),
}
"""Parameters for each PostgreSQL board query, to show its plan."""


async def print_postgres_plans(url: str) -> None:
    connection = await asyncpg.connect(url)
    try:
        for name, sql in POSTGRES_BOARD_QUERIES.items():
            plan = await connection.fetch(f"EXPLAIN (COSTS OFF) {sql}", *PLAN_ARGS[name])
            steps = (row[0].strip().removeprefix("-> ") for row in plan)
            print(f"  plan of {name}: " + " | ".join(steps))
    finally:
        await connection.close()


async def copy_into(path: Path, url: str) -> float:
    """The SQLite file's store copied into a PostgreSQL database (then vacuumed and analyzed,
    as migrate-store leaves it); seconds."""
    started = time.perf_counter()
    await migrate_store(f"sqlite:///{path}", url, say=lambda _: None)
    return time.perf_counter() - started


def report(timings: dict[str, list[float]]) -> None:
    for name, samples in timings.items():
        ms = [s * 1000 for s in samples]
        print(
            f"  {name:<36} n={len(ms):>4}  p50 {statistics.median(ms):7.2f} ms"
            f"  p99 {percentile(ms, 0.99):7.2f} ms"
        )


async def main(results: int, runs: int, only: str | None, stores: list[str]) -> None:
    with servers() as started:
        for scenario in SCENARIOS:
            if only is not None and scenario != only:
                continue
            with tempfile.TemporaryDirectory() as folder:
                await one_scenario(scenario, results, runs, stores, started, Path(folder))


async def one_scenario(
    scenario: str, results: int, runs: int, stores: list[str], started: Servers, folder: Path
) -> None:
    guilds, players = SCENARIOS[scenario]
    path = folder / "boards.sqlite3"
    seconds = await fill(path, results, guilds, players)
    size = path.stat().st_size / 2**20
    print(
        f"{scenario}: {results:,} results, {guilds:,} guild(s) of {players:,} players"
        f" ({size:.0f} MiB); the migration built their summaries in {seconds:.0f} s"
    )
    for store in stores:
        if store == "sqlite":
            print(f" {store_label(store)}:")
            timings = await time_queries(f"sqlite:///{path}", guilds, players, runs)
            time_window(path, guilds, timings)
        else:
            url = started.url(store, folder, "")
            copied = await copy_into(path, url)
            print(f" {store_label(store)}: migrate-store copied the SQLite file in {copied:.0f} s")
            timings = await time_queries(url, guilds, players, runs)
            await print_postgres_plans(url)
        report(timings)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--results", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--scenario", choices=sorted(SCENARIOS), help="only this one")
    add_store_option(parser)
    args = parser.parse_args()
    asyncio.run(main(args.results, args.runs, args.scenario, chosen(args.store)))
