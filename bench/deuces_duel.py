"""Duel of the Duos by simulation: both players play the hint (`suggest`) for every decision.

How long a duel lasts, in actions, encounters and minutes at a human pace (`DRAFT_SECONDS` for
the sealed draft, `CHOICE_SECONDS` for initiative and the extra card, `PLAY_SECONDS` for a move
of the fight), and who wins: the challenger's share of duels, the initiative side's share of
encounters, the share of encounters settled by the round limit, and each class's share of the
encounters won by the side that kept it (which ranks the draft's `CLASS_ORDER`). Run it small
first; duels are split over `--workers` processes:

    .venv/bin/python -m bench.deuces_duel --duels 200
    .venv/bin/python -m bench.deuces_duel --duels 2000 --workers 2
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from dataclasses import dataclass, field
from statistics import mean, median

from bench.figures import run_all
from bot.games.deuces import (
    DeucesOptions,
    Mode,
    new_game,
    suggest,
)
from bot.games.deuces.events import DuelEncounterEnded

DRAFT_SECONDS = 30
"""Read three classes and three abilities, keep two of each."""
CHOICE_SECONDS = 5
"""Draw or concede initiative; the hero who takes the extra card."""
PLAY_SECONDS = 10
"""A move of the fight: pick cards, press a play (as in the other Deuces benchmarks)."""
CHOICE_KINDS = {"initiative", "extra"}
STEP_LIMIT = 20_000


@dataclass
class DuelRun:
    actions: int
    drafts: int
    choices: int
    encounters: int
    challenger_won: bool
    initiative_wins: int
    by_count: int
    class_record: Counter[str] = field(default_factory=Counter)
    """Encounters won by a side holding this class, and (key + "/played") encounters held."""


def play_duel(seed: int) -> DuelRun:
    state, _ = new_game(seed, DeucesOptions(mode=Mode.DUEL), players=4)
    actions = drafts = choices = initiative_wins = by_count = 0
    record: Counter[str] = Counter()
    while not state.is_over:
        seat = state.waiting_for[0]
        move = suggest(state, seat)
        first = state.first_side
        for event in state.apply(seat, move):
            if isinstance(event, DuelEncounterEnded):
                initiative_wins += event.winner == first
                by_count += event.by_count
                for side in (0, 1):
                    for hero in state.heroes_of(side):
                        klass = state.players[hero].klass.id
                        record[f"{klass}/played"] += 1
                        record[klass] += event.winner == side
        actions += 1
        drafts += move.kind == "keep"
        choices += move.kind in CHOICE_KINDS
        if actions > STEP_LIMIT:
            raise RuntimeError(f"duel {seed} did not end")
    return DuelRun(
        actions=actions,
        drafts=drafts,
        choices=choices,
        encounters=state.encounter,
        challenger_won=state.wins[0] > state.wins[1],
        initiative_wins=initiative_wins,
        by_count=by_count,
        class_record=record,
    )


def run_duels(span: tuple[int, int]) -> list[DuelRun]:
    start, stop = span
    return [play_duel(seed) for seed in range(start, stop)]


def play_duels(duels: int, workers: int = 1) -> list[DuelRun]:
    """Duels of seeds 0..duels-1, in order, split over `workers` processes."""
    workers = max(1, workers)
    step = max(1, -(-duels // workers))
    spans = [(start, min(start + step, duels)) for start in range(0, duels, step)]
    return [run for part in run_all(run_duels, spans, workers) for run in part]


def minutes(run: DuelRun) -> float:
    fight = run.actions - run.drafts - run.choices
    seconds = run.drafts * DRAFT_SECONDS + run.choices * CHOICE_SECONDS + fight * PLAY_SECONDS
    return seconds / 60


def print_duels(runs: list[DuelRun]) -> None:
    acts = [r.actions for r in runs]
    mins = [minutes(r) for r in runs]
    encounters = sum(r.encounters for r in runs)
    print(f"Duel of the Duos: {len(runs)} duels, both players playing the hint")
    print(
        f"minutes at {DRAFT_SECONDS} s the draft, {CHOICE_SECONDS} s initiative or the extra"
        f" card, {PLAY_SECONDS} s a fight move"
    )
    print(f"actions    mean {mean(acts):.0f}, median {median(acts):.0f}, max {max(acts)}")
    print(f"minutes    mean {mean(mins):.1f}, median {median(mins):.1f}, max {max(mins):.1f}")
    print(
        f"encounters mean {encounters / len(runs):.2f}"
        f" (3: {sum(r.encounters == 3 for r in runs) / len(runs):.0%},"
        f" 4: {sum(r.encounters == 4 for r in runs) / len(runs):.0%},"
        f" 5: {sum(r.encounters == 5 for r in runs) / len(runs):.0%})"
    )
    print(f"challenger (first player) wins {sum(r.challenger_won for r in runs) / len(runs):.1%}")
    print(
        f"the side with initiative wins {sum(r.initiative_wins for r in runs) / encounters:.1%}"
        f" of encounters; {sum(r.by_count for r in runs) / encounters:.1%} go to the round limit"
    )
    record: Counter[str] = Counter()
    for run in runs:
        record.update(run.class_record)
    classes = sorted(k for k in record if not k.endswith("/played"))
    shares = {k: record[k] / record[f"{k}/played"] for k in classes if record[f"{k}/played"]}
    told = ", ".join(f"{k} {share:.1%}" for k, share in sorted(shares.items(), key=lambda i: -i[1]))
    print(f"encounters won by the side holding each class: {told}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duels", type=int, default=200, help="duels to play (seeds 0..N-1)")
    parser.add_argument("--workers", type=int, default=1, help="processes to use")
    args = parser.parse_args()
    started = time.perf_counter()
    runs = play_duels(args.duels, args.workers)
    print_duels(runs)
    print(f"{len(runs)} duels in {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
