"""Dungeons & Deuces win rates: the party (playing `suggest`) against the GM, by set, level, size.

Each cell plays N single encounters (seeds 0..N-1, so every cell meets the same parties and
shuffles) and prints the share the players won, then the time taken. Run it small first:

    .venv/bin/python bench/deuces_winrates.py --encounters 200
    .venv/bin/python bench/deuces_winrates.py --encounters 10000 --workers 2
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from itertools import product

from bot.games.deuces import DeucesOptions, load_content, new_game, suggest

LEVELS = (1, 3, 5)
PARTY_SIZES = (1, 2, 3, 4)
STEP_LIMIT = 5_000


def play_encounter(seed: int, set_id: str, level: int, players: int) -> bool:
    """One encounter to its end with every seat played by `suggest`; True when the party won."""
    state, _ = new_game(seed, DeucesOptions(level=level, enemy_set=set_id), players)
    for _ in range(STEP_LIMIT):
        if state.is_over:
            return state.outcome == "won"
        seat = state.waiting_for[0]
        state.apply(seat, suggest(state, seat))
    raise RuntimeError(f"encounter {seed} ({set_id}, level {level}, {players}p) did not end")


def run_cell(cell: tuple[str, int, int, int]) -> tuple[str, int, int, float]:
    set_id, level, players, encounters = cell
    wins = sum(play_encounter(seed, set_id, level, players) for seed in range(encounters))
    return set_id, level, players, wins / encounters


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--encounters", type=int, default=10_000, help="encounters per cell")
    parser.add_argument("--workers", type=int, default=1, help="processes to use")
    parser.add_argument("--sets", default="", help="comma-separated set ids (default: all)")
    args = parser.parse_args()
    sets = args.sets.split(",") if args.sets else [s.id for s in load_content().sets]
    cells = [(s, lv, n, args.encounters) for s, lv, n in product(sets, LEVELS, PARTY_SIZES)]
    started = time.perf_counter()
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            results = list(pool.map(run_cell, cells))
    else:
        results = [run_cell(cell) for cell in cells]
    elapsed = time.perf_counter() - started
    rates = {(s, lv, n): rate for s, lv, n, rate in results}
    print(f"Players' win rate, {args.encounters} encounters per cell")
    print(f"{'enemy set':<18}{'level':>6}" + "".join(f"{n:>7}p" for n in PARTY_SIZES))
    for set_id, level in product(sets, LEVELS):
        row = "".join(f"{rates[(set_id, level, n)]:>8.1%}" for n in PARTY_SIZES)
        print(f"{set_id:<18}{level:>6}{row}")
    total = args.encounters * len(cells)
    print(f"{total} encounters in {elapsed:.1f} s ({elapsed / total * 1000:.2f} ms each)")


if __name__ == "__main__":
    main()
