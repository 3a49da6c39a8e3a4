"""Dungeons & Deuces win rates: the party (playing `suggest`) against the GM, by set, level, size.

Each cell plays N single encounters (seeds 0..N-1, so every cell meets the same parties and
shuffles) and prints the share the players won, then the time taken. Run it small first:

    .venv/bin/python bench/deuces_winrates.py --encounters 200
    .venv/bin/python bench/deuces_winrates.py --encounters 10000 --workers 2

`--mode loot` plays whole Quest for Loot tables instead (every seat wagering and fighting by
`suggest`, enemy sets drawn by the seed), and prints by party size how long a table lasts, in
actions, encounters and minutes at a human pace (`WAGER_SECONDS` for a wager or the choice to
play on, `PLAY_SECONDS` for a move of the fight or the loot step), and how the chips end:

    .venv/bin/python bench/deuces_winrates.py --mode loot --tables 200 --level 3 --chips 10

`--mode duel` plays whole Duels of the Duos with the hint on both sides and prints how long a
duel lasts and who wins it, as `python -m bench.deuces_duel` does:

    .venv/bin/python -m bench.deuces_winrates --mode duel --duels 200 --workers 2
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from dataclasses import dataclass, field
from itertools import product
from statistics import mean, median

from bench.deuces_duel import play_duels, print_duels
from bench.figures import run_all
from bot.games.deuces import (
    DeucesOptions,
    Mode,
    load_content,
    new_game,
    suggest,
)
from bot.games.deuces.events import TableClosed

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


WAGER_SECONDS = 5
"""A human's pace for a wager or the choice to play on: read the table, press a button."""
PLAY_SECONDS = 10
"""A human's pace for a move of the fight or the loot step: pick cards, press a play."""
WAGER_KINDS = {"bid", "call", "raise", "onward"}
TABLE_STEP_LIMIT = 60_000


@dataclass
class TableRun:
    """One Quest for Loot table played to its end."""

    actions: int
    wagers: int
    encounters: int
    chips: list[int]
    gm_chips: int
    reason: str


def play_table(seed: int, players: int, level: int, chips: int) -> TableRun:
    options = DeucesOptions(level=level, mode=Mode.LOOT, chips=chips)
    state, _ = new_game(seed, options, players)
    actions = wagers = 0
    reason = "?"
    while not state.is_over:
        seat = state.waiting_for[0]
        move = suggest(state, seat)
        for event in state.apply(seat, move):
            if isinstance(event, TableClosed):
                reason = event.reason
        actions += 1
        wagers += move.kind in WAGER_KINDS
        if actions > TABLE_STEP_LIMIT:
            raise RuntimeError(f"table {seed} ({players}p) did not end")
    return TableRun(
        actions=actions,
        wagers=wagers,
        encounters=state.encounter,
        chips=[who.chips for who in state.players],
        gm_chips=state.gm_chips,
        reason=reason,
    )


@dataclass
class LootCell:
    players: int
    runs: list[TableRun] = field(default_factory=list)


def run_loot_cell(cell: tuple[int, int, int, int]) -> LootCell:
    players, tables, level, chips = cell
    return LootCell(players, [play_table(seed, players, level, chips) for seed in range(tables)])


def minutes(run: TableRun) -> float:
    return (run.wagers * WAGER_SECONDS + (run.actions - run.wagers) * PLAY_SECONDS) / 60


def print_loot(cells: list[LootCell], level: int, chips: int) -> None:
    tables = len(cells[0].runs)
    print(f"Quest for Loot: {tables} tables per party size, level {level}, {chips} chips each,")
    print(
        f"every seat playing the hint; minutes at {WAGER_SECONDS} s a wager, "
        f"{PLAY_SECONDS} s a fight move"
    )
    print(
        f"{'players':>7} {'actions':>15} {'encounters':>11} {'minutes':>15}"
        f" {'ahead':>6} {'broke':>6} {'chips':>6} {'GM':>6}  how tables end"
    )
    for cell in cells:
        runs = cell.runs
        acts = [r.actions for r in runs]
        mins = [minutes(r) for r in runs]
        seats = [c for r in runs for c in r.chips]
        ahead = sum(c > chips for c in seats) / len(seats)
        broke = sum(c == 0 for c in seats) / len(seats)
        ends = Counter(r.reason for r in runs)
        told = ", ".join(f"{why} {n / tables:.0%}" for why, n in ends.most_common())
        print(
            f"{cell.players:>7} {mean(acts):>7.0f} (med {median(acts):>3.0f})"
            f" {mean(r.encounters for r in runs):>11.1f}"
            f" {mean(mins):>6.1f} (med {median(mins):>4.1f})"
            f" {ahead:>6.0%} {broke:>6.0%} {mean(seats):>6.1f}"
            f" {mean(r.gm_chips for r in runs) / cell.players:>6.1f}  {told}"
        )
    print("ahead/broke: share of players ending above their start / with nothing;")
    print("chips: a player's mean final chips; GM: the GM's mean final stack per player")


def loot_main(args: argparse.Namespace) -> None:
    cells = [(n, args.tables, args.level, args.chips) for n in PARTY_SIZES]
    started = time.perf_counter()
    results = run_all(run_loot_cell, cells, args.workers)
    print_loot(results, args.level, args.chips)
    print(f"{args.tables * len(cells)} tables in {time.perf_counter() - started:.1f} s")


def duel_main(args: argparse.Namespace) -> None:
    started = time.perf_counter()
    runs = play_duels(args.duels, args.workers)
    print_duels(runs)
    print(f"{len(runs)} duels in {time.perf_counter() - started:.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--encounters", type=int, default=10_000, help="encounters per cell")
    parser.add_argument("--workers", type=int, default=1, help="processes to use")
    parser.add_argument("--sets", default="", help="comma-separated set ids (default: all)")
    parser.add_argument("--mode", choices=["encounter", "loot", "duel"], default="encounter")
    parser.add_argument("--duels", type=int, default=200, help="duel: duels to play")
    parser.add_argument("--tables", type=int, default=200, help="loot: tables per party size")
    parser.add_argument("--level", type=int, default=3, help="loot: the starting level")
    parser.add_argument("--chips", type=int, default=10, help="loot: each player's chips")
    args = parser.parse_args()
    if args.mode == "loot":
        loot_main(args)
        return
    if args.mode == "duel":
        duel_main(args)
        return
    sets = args.sets.split(",") if args.sets else [s.id for s in load_content().sets]
    cells = [(s, lv, n, args.encounters) for s, lv, n in product(sets, LEVELS, PARTY_SIZES)]
    started = time.perf_counter()
    results = run_all(run_cell, cells, args.workers)
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
