"""Clicks taking turns to do their work, so that in a burst every one is acknowledged in time.

A click's work on the event loop (load, apply, commit, lay out) takes a millisecond or few. If
every click of a burst did it at once, the loop's turns would grow long, new interactions would
be read late and their watches would wake late. So at most WORK_SLOTS clicks do that work at a
time; the others wait off the ready queue. A click gives its slot up at its first wait on the
network or on a worker process (`step_aside`, called by cogs/answers.py and the like): waiting
needs no slot, and holding one would cap the clicks answered per second at WORK_SLOTS per round
trip to Discord.

A click still holds its game's lock until it has answered, so that two edits of one table keep
their order. When a click arrives with many ahead of it, for its game or for a slot, its turn
will come late: it is acknowledged at once (cogs/router.py), which spreads the burst's
acknowledgements over its arrival instead of leaving them to a wave of watches at 2 s.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from contextvars import ContextVar

WORK_SLOTS = 4
"""Clicks whose work on the event loop runs at once in this process."""
GAME_QUEUE_BEFORE_ACK = 2
"""Clicks waiting for one game from which a new one is acknowledged on arrival: each ahead
holds the game for its work and a round trip to Discord or more. One waiting is a double click,
answered directly; more is a crowd, and in a burst, a long wait."""
SLOT_QUEUE_BEFORE_ACK = 16
"""Clicks waiting for a slot from which a new one is acknowledged on arrival: slots come free
a few per turn of the loop, so in a burst the work ahead could take much of the deadline."""


class _Slot:
    def __init__(self, slots: asyncio.Semaphore) -> None:
        self._slots = slots
        self._held = True

    def release(self) -> None:
        """Free the slot from the loop's next turn on: a click that steps aside before any
        suspension (a store on the loop) would otherwise hand its slot straight on, and every
        click that arrived in one turn would do its work in that same turn."""
        if self._held:
            self._held = False
            asyncio.get_running_loop().call_soon(self._slots.release)


_held: ContextVar[_Slot | None] = ContextVar("work_slot", default=None)


def step_aside() -> None:
    """Give up the work slot the current click holds, if any: it is about to wait on the
    network or on a worker. Its work goes on without one; it never waits for a slot again."""
    slot = _held.get()
    if slot is not None:
        slot.release()


class Turns:
    def __init__(self) -> None:
        self._slots = asyncio.Semaphore(WORK_SLOTS)
        self._for_slot = 0
        self._for_game: Counter[int] = Counter()

    def crowded(self, game_id: int) -> bool:
        """Whether a click arriving now for this game has many ahead of it."""
        return (
            self._for_game[game_id] >= GAME_QUEUE_BEFORE_ACK
            or self._for_slot >= SLOT_QUEUE_BEFORE_ACK
        )

    @asynccontextmanager
    async def turn(self, game_id: int, game: asyncio.Lock) -> AsyncIterator[None]:
        """Hold the game's lock for the whole click, and a work slot until `step_aside`."""
        async with self._waiting_for_game(game_id, game):
            self._for_slot += 1
            try:
                await self._slots.acquire()
            finally:
                self._for_slot -= 1
            slot = _Slot(self._slots)
            token = _held.set(slot)
            try:
                yield
            finally:
                slot.release()
                _held.reset(token)

    @asynccontextmanager
    async def _waiting_for_game(self, game_id: int, game: asyncio.Lock) -> AsyncIterator[None]:
        self._for_game[game_id] += 1
        try:
            await game.acquire()
        finally:
            self._for_game[game_id] -= 1
            if not self._for_game[game_id]:
                del self._for_game[game_id]
        try:
            yield
        finally:
            game.release()
