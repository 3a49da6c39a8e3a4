"""Time a replay's steps: one game of every kind, played out by a seeded policy, then a step
rebuilt as a replay button rebuilds it (the deal dealt again, the log played up to the step,
that step told), at the deal, halfway and the last step; and the whole replay told step by
step (the terminal's `--all`), per step. A click's work is the last step's figure: a replay
button answers without deferring while it stays well under a second.

    .venv/bin/python -m bench.replays [--runs 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from bot.games.contract import Setup
from bot.games.registry import GAMES
from cogs.replay_steps import Replay
from storage import ActionRecord, GameRecord, GameStatus, PlayerSeat

MOVES_AT_MOST = 600


def played(game: str, variant: str, seats: int) -> tuple[GameRecord, list[ActionRecord]]:
    entry = GAMES[game]
    match, _ = entry.start(7, Setup(variant=variant, seats=seats))
    rng, log = random.Random(1), []
    while not match.is_over and len(log) < MOVES_AT_MOST:
        seat = match.acting()[0]
        text = match.bot_move(seat) or rng.choice(match.legal(seat))
        match.play(seat, text)
        log.append(ActionRecord(seq=len(log) + 1, user_id=100 + seat, action=text, created_at=0))
    players = [PlayerSeat(seat=s, user_id=100 + s, display_name=f"p{s}") for s in range(seats)]
    record = GameRecord(
        id=1,
        game=game,
        variant=variant,
        guild_id=1,
        channel_id=1,
        message_id=None,
        owner_id=100,
        status=GameStatus.FINISHED,
        seed=7,
        state=match.dump(),
        narration="[]",
        version=len(log),
        created_at=0,
        updated_at=0,
        players=players,
    )
    return record, log


def timed(work: Callable[[], object], runs: int) -> float:
    """The median of `runs` calls, in milliseconds."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        work()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    print(f"{'game':28} {'steps':>5} {'deal ms':>8} {'half ms':>8} {'last ms':>8} {'told/step':>9}")
    for key, entry in GAMES.items():
        for variant in entry.info.variants:
            record, log = played(key, variant.key, variant.seats.min)
            replay = Replay(record, log)
            last = replay.last
            deal = timed(lambda r=replay: r.at(0), runs)
            half = timed(lambda r=replay, n=last // 2: r.at(n), runs)
            end = timed(lambda r=replay, n=last: r.at(n), runs)
            whole = timed(lambda r=replay: list(r.steps()), 1)
            per_step = whole / (last + 1)
            name = f"{key} {variant.key}"
            print(f"{name:28} {last:>5} {deal:>8.1f} {half:>8.1f} {end:>8.1f} {per_step:>9.2f}")


if __name__ == "__main__":
    main()
