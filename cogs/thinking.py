"""A game's slow thinking (a hint, a solved deal, the day's winnable deal), done away from the
event loop.

A solver may search for a second and a hint for a tenth of one; on the loop either would hold up
every other click of every channel. They run in a pool of worker processes (their own cores, and
no share of the bot's interpreter lock), or in one thread where `processes` is 0 (tests, and a
machine that cannot spare a process). What runs there is a plain function of plain values, so it
travels to a worker and back.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from datetime import date
from typing import Any, TypeVar

from bot.games.contract import Setup
from bot.games.daily import deal_verdict, winnable_daily_seed
from bot.games.definition import Hindsight, Hint
from bot.games.registry import GAMES
from cogs.turns import step_aside

T = TypeVar("T")
BACKGROUND_NICENESS = 10
"""How far below the bot a worker runs (Unix niceness: 19 is the lowest priority)."""
DAYS_KEPT = 16
"""Daily deals and best scores remembered: today's for every game, and a few before."""


def advise(game: str, state: str, seat: int) -> Hint | None:
    """A hint for a seat of a stored game (its state as stored)."""
    return GAMES[game].resume(state).advise(seat)


def hindsight(game: str, state: str, setup: Setup, moves: Sequence[str]) -> Hindsight | None:
    """A finished game's deal solved, with the moves its player made."""
    return GAMES[game].resume(state).hindsight(setup, moves)


def can_win(game: str, state: str, setup: Setup) -> bool | None:
    """Whether a game's deal could be won: the quick half of `hindsight`."""
    return GAMES[game].resume(state).can_win(setup)


def todays_seed(game: str, variant: str, day: date) -> int:
    return winnable_daily_seed(GAMES[game], variant, day)


def deal_best(game: str, variant: str, seed: int) -> Hindsight | None:
    return deal_verdict(GAMES[game], variant, seed)


def in_background() -> None:
    """A worker yields the processor to the bot: on a machine with fewer free cores than
    workers, a solver searching for seconds would otherwise take turns with the event loop,
    and every click of every channel would wait its turn."""
    if hasattr(os, "nice"):
        os.nice(BACKGROUND_NICENESS)


class Thinker:
    """Runs thinking off the loop; keeps each day's deal, and the best score it allows, once
    worked out."""

    def __init__(self, processes: int = 1) -> None:
        self.processes = processes
        self._pools: dict[bool, Executor] = {}
        self._seeds: dict[tuple[str, date], asyncio.Future[int]] = {}
        self._bests: dict[tuple[str, int], asyncio.Future[Hindsight | None]] = {}

    def _executor(self, deep: bool) -> Executor:
        """Started on first use, so a bot that is never asked to think starts no process. Deep
        work (solving a deal: seconds) has pools of its own, so a hint (a tenth of a second)
        never waits behind it."""
        pool = self._pools.get(deep)
        if pool is None:
            if self.processes > 0:
                # spawn, not fork: the bot's process has threads (its store's), which a fork
                # would copy mid-step.
                context = multiprocessing.get_context("spawn")
                pool = ProcessPoolExecutor(
                    self.processes, mp_context=context, initializer=in_background
                )
            else:
                pool = ThreadPoolExecutor(1, thread_name_prefix="thinking")
            self._pools[deep] = pool
        return pool

    async def run(self, work: Callable[..., T], *args: object) -> T:
        """A hint's quick thinking, off the loop."""
        step_aside()
        return await asyncio.get_running_loop().run_in_executor(self._executor(False), work, *args)

    async def solve(self, work: Callable[..., T], *args: object) -> T:
        """Solving a deal, off the loop and out of the hints' way."""
        step_aside()
        return await asyncio.get_running_loop().run_in_executor(self._executor(True), work, *args)

    async def daily_seed(self, game: str, variant: str, day: date) -> int:
        """The day's deal for a game, worked out once per process however many ask at once;
        the best score it allows is set working out as soon as the deal is known."""
        seed = await self._once(self._seeds, (game, day), todays_seed, game, variant, day)
        self._once(self._bests, (game, seed), deal_best, game, variant, seed)
        return seed

    async def deal_best(self, game: str, variant: str, seed: int, wait: float) -> Hindsight | None:
        """The best score a deal allows, if known within `wait` seconds (it is worked out once,
        and goes on being worked out for the next asker)."""
        best = self._once(self._bests, (game, seed), deal_best, game, variant, seed)
        try:
            return await asyncio.wait_for(asyncio.shield(best), wait)
        except TimeoutError:
            return None

    def _once(
        self, known: dict[Any, asyncio.Future[T]], key: Any, work: Callable[..., T], *args: object
    ) -> asyncio.Future[T]:
        """The one run of `work` for `key`: started on first ask, shared with every later one;
        run again only if it failed."""
        future = known.get(key)
        if future is None or (future.done() and future.exception() is not None):
            if len(known) > DAYS_KEPT:
                known.pop(next(iter(known)))
            future = known[key] = asyncio.ensure_future(self.solve(work, *args))
        return future

    def close(self) -> None:
        for pool in self._pools.values():
            pool.shutdown(wait=False, cancel_futures=True)
        self._pools.clear()
