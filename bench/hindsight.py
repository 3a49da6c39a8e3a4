"""Where a player's line let the best score go: the bisection the bot uses, beside a plain walk
that solves the line's positions one by one until the best falls, on the same deals.

Each deal is played by the hint (a sensible player, who rarely keeps the best to the end), its
best solved once, then the fall looked for both ways, each on a fresh solver with the bot's
budget. It prints, per deal and in total, the solves each way asked, their seconds, and
whether each way proved the fall; and checks that where both did, they name the same move.

    .venv/bin/python -m bench.hindsight [--game dragons|classic|easy|hard] [--deals 10]
        [--budget POSITIONS]
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

from bench.solvers import DEALS
from bot.games.crawl.actions import DungeonAction, DungeonState
from bot.games.crawl.game import CrawlGame
from bot.games.crawl.hindsight import PlayedLine, ScoreWalk
from bot.games.crawl.solving import DealSolver, SearchTooLong, Solution
from bot.games.definition import Hindsight
from bot.games.registry import GAMES

GAME_OF = {"classic": "scoundrel", "easy": "scoundrel", "hard": "scoundrel", "dragons": "dragons"}


class Counted:
    """A solver that counts the solves asked of it."""

    def __init__(self, inner: DealSolver[DungeonState]) -> None:
        self.inner = inner
        self.solves = 0

    def solve(self, state: DungeonState) -> Solution:
        self.solves += 1
        return self.inner.solve(state)

    def winnable(self, state: DungeonState) -> bool:
        return self.inner.winnable(state)


@dataclass
class Found:
    move: int | None
    proved: bool
    solves: int
    seconds: float


def bisected(solver: Counted, line: PlayedLine[DungeonState], best: Solution) -> Found:
    began = time.perf_counter()
    verdict = ScoreWalk(solver, line, best).where_it_fell(None, Hindsight(True, best.best_score))
    keeps_to_the_end = solver.inner.solve(line.positions[-1]).best_score == best.best_score
    proved = verdict.dropped_move is not None or keeps_to_the_end
    return Found(verdict.dropped_move, proved, solver.solves, time.perf_counter() - began)


def walked(solver: Counted, line: PlayedLine[DungeonState], best: Solution) -> Found:
    began = time.perf_counter()
    try:
        for at in range(1, line.last + 1):
            found = solver.solve(line.positions[at])
            if found.best_score >= best.best_score:
                continue
            move = at - 1 if found.exact else None
            return Found(move, found.exact, solver.solves, time.perf_counter() - began)
    except SearchTooLong:
        return Found(None, False, solver.solves, time.perf_counter() - began)
    return Found(None, True, solver.solves, time.perf_counter() - began)


def hinted_line(game: CrawlGame[DungeonState], start: DungeonState) -> list[DungeonAction]:
    state = start.model_copy(deep=True)
    line: list[DungeonAction] = []
    while not state.is_over:
        hint = game.advise(state, 0)
        assert hint is not None
        action = game.parse_action(hint.action)
        state.apply(0, action)
        line.append(action)
    return line


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(DEALS), default="dragons")
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--budget", type=int, help="positions a solver (the game's own budget)")
    args = parser.parse_args()
    deal, new_solver = DEALS[args.game]
    game = GAMES[GAME_OF[args.game]]
    assert isinstance(game, CrawlGame)
    if args.budget is None:
        args.budget = game.search_budget()
    print(f"{args.game}, {args.deals} deals, budget {args.budget} positions a solver")
    print(f"{'deal':>4} {'moves':>5} {'best':>5} | {'bisect':>20} | {'walk':>20}")
    totals = {"bisect": [0, 0.0, 0], "walk": [0, 0.0, 0]}
    for seed in range(args.deals):
        start = deal(seed)
        best = new_solver(args.budget).solve(start)
        if not best.exact:
            print(f"{seed:>4} best only a floor ({best.best_score}): no walk")
            continue
        line = PlayedLine(start, hinted_line(game, start))
        ways = {
            "bisect": bisected(Counted(new_solver(args.budget)), line, best),
            "walk": walked(Counted(new_solver(args.budget)), line, best),
        }
        cells = []
        for name, found in ways.items():
            total = totals[name]
            total[0] += found.solves
            total[1] += found.seconds
            total[2] += found.proved
            where = "kept" if found.move is None and found.proved else found.move
            cells.append(f"{found.solves:>3} solves {found.seconds:5.2f}s {where!s:>5}")
        if ways["bisect"].proved and ways["walk"].proved:
            assert ways["bisect"].move == ways["walk"].move, (seed, ways)
        print(f"{seed:>4} {line.last:>5} {best.best_score:>5} | {cells[0]} | {cells[1]}")
    for name, (solves, seconds, proved) in totals.items():
        print(f"{name}: {solves} solves, {seconds:.1f}s, {proved} falls proved (or kept)")


if __name__ == "__main__":
    main()
