"""The hint as a player: random deals played with the hint's move on every turn.

Scoundrel (Classic) deals are seeds 0 to N-1, as `new_game` shuffles them; so are solo Diamonds
& Dragons deals. Prints the win rate with a 95% interval (Wilson), the mean score, and the time
per hint, the p50 and p99 of every move's. The hint sees only what the player sees; for scale,
the best published Scoundrel agent (MCTS) wins 26% of random deals. Every hint is also held to
the engine (`bot.games.crawl.hint_audit`): how many moves lost the game while another would
not have, and how many reasons were false (or said something no check reads), with the first
few of each shown.

    .venv/bin/python -m bench.hint_policy [--deals 1000] [--game scoundrel|dragons] [--first 0]

The hint's weights were fitted on low seeds; `--first 100000` plays deals it never saw.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections import Counter
from collections.abc import Callable

from bench.figures import percentile
from bot.games.contract import Outcome
from bot.games.crawl.actions import DungeonState
from bot.games.crawl.hint_audit import audit
from bot.games.crawl.solving import Advice
from bot.games.dragons import hint as dragons_hint
from bot.games.dragons.engine import DragonsState
from bot.games.dragons.engine import new_game as new_dragons
from bot.games.scoundrel import hint as scoundrel_hint
from bot.games.scoundrel.engine import ScoundrelOptions, ScoundrelState, Variant
from bot.games.scoundrel.engine import new_game as new_scoundrel

Z95 = 1.96


def scoundrel_deal(seed: int) -> tuple[DungeonState, Callable[[DungeonState], Advice]]:
    state, _ = new_scoundrel(seed, ScoundrelOptions(variant=Variant.CLASSIC))

    def advise(position: DungeonState) -> Advice:
        assert isinstance(position, ScoundrelState)
        return scoundrel_hint.advise(position)

    return state, advise


def dragons_deal(seed: int) -> tuple[DungeonState, Callable[[DungeonState], Advice]]:
    state, _ = new_dragons(seed, players=1)

    def advise(position: DungeonState) -> Advice:
        assert isinstance(position, DragonsState)
        return dragons_hint.advise(position)

    return state, advise


DEALS = {"scoundrel": scoundrel_deal, "dragons": dragons_deal}


class Faults:
    """Hints the engine found wrong: deadly when a safe move was there, or a false reason."""

    SHOWN = 5

    def __init__(self) -> None:
        self.deadly: list[str] = []
        self.false: list[str] = []
        self.kinds: Counter[str] = Counter()

    def check(self, seed: int, state: DungeonState, advice: Advice) -> None:
        found = audit(state, advice)
        where = f"seed {seed}, room {state.rooms_dealt}: {advice.reason}"
        if found.deadly_when_safe:
            self.deadly.append(where)
        if found.false_reason is not None:
            self.false.append(f"{where} ({found.false_reason})")
            self.kinds[found.false_reason] += 1

    def report(self) -> None:
        print(f"  deadly when a safe move was there: {len(self.deadly)}")
        for line in self.deadly[: self.SHOWN]:
            print(f"    {line}")
        kinds = ", ".join(f"{kind} {count}" for kind, count in self.kinds.most_common())
        print(
            f"  reasons not true of the position: {len(self.false)}" + (f" ({kinds})" * bool(kinds))
        )
        for line in self.false[: self.SHOWN]:
            print(f"    {line}")


def play(seed: int, game: str, times: list[float], faults: Faults) -> tuple[bool, int]:
    """One deal played to its end on the hint; each hint's time is added to `times`, and each
    hint is checked against the engine."""
    state, advise = DEALS[game](seed)
    while not state.is_over:
        started = time.perf_counter()
        advice = advise(state)
        times.append(time.perf_counter() - started)
        faults.check(seed, state, advice)
        state.apply(0, advice.action)
    results = state.results()
    return results[0].outcome == Outcome.WON.value, results[0].score


def wilson(wins: int, deals: int) -> tuple[float, float]:
    """The 95% interval of a win rate: Wilson's, sound near 0% and with few deals."""
    rate = wins / deals
    centre = (rate + Z95**2 / (2 * deals)) / (1 + Z95**2 / deals)
    spread = Z95 * math.sqrt(rate * (1 - rate) / deals + Z95**2 / (4 * deals**2))
    return centre - spread / (1 + Z95**2 / deals), centre + spread / (1 + Z95**2 / deals)


def main(deals: int, game: str, first: int = 0) -> None:
    times: list[float] = []
    faults = Faults()
    wins, scores = 0, []
    started = time.perf_counter()
    for seed in range(first, first + deals):
        won, score = play(seed, game, times, faults)
        wins += won
        scores.append(score)
    low, high = wilson(wins, deals)
    print(f"{game}: {deals:,} deals (seeds {first} on) in {time.perf_counter() - started:.0f} s")
    print(f"  won {wins:,} ({wins / deals:.1%}, 95% interval {low:.1%} to {high:.1%})")
    print(f"  mean score {statistics.mean(scores):.1f}")
    p50, p99 = (percentile(times, share) * 1000 for share in (0.5, 0.99))
    print(f"  per move: p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {max(times) * 1000:.1f} ms")
    faults.report()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--game", choices=sorted(DEALS), default="scoundrel")
    parser.add_argument("--first", type=int, default=0, help="the first deal's seed")
    arguments = parser.parse_args()
    main(arguments.deals, arguments.game, arguments.first)
