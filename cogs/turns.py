"""Clicks taking turns to do their work, so that in a burst every one is acknowledged in time.

A click's work (load, apply, commit, answer) runs on the event loop. If every click of a burst
worked at once, the loop's turns would grow long, new interactions would be read late and
their watches would wake late. So at most WORK_SLOTS clicks work at a time; the others wait
off the ready queue. And when the queue is already long, a new click is acknowledged as soon
as it arrives: its turn will come late, and acknowledging each click on arrival spreads the
acknowledgements over the burst instead of leaving them to a wave of watches at 2 s.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import discord

from cogs import answers

WORK_SLOTS = 4
"""Clicks whose work runs at once in this process."""
QUEUE_BEFORE_ACK = 16
"""Clicks waiting for a turn beyond which a new one is acknowledged on arrival: their work at
about a millisecond or two each, it could wait past a second."""


class Turns:
    def __init__(self) -> None:
        self._working = asyncio.Semaphore(WORK_SLOTS)
        self._queued = 0

    @property
    def queued(self) -> int:
        """Clicks waiting for their turn (for their game, or for a slot)."""
        return self._queued

    @asynccontextmanager
    async def turn(
        self, interaction: discord.Interaction, game: asyncio.Lock
    ) -> AsyncIterator[None]:
        """Hold the click's game and a work slot for its work; acknowledge it first when the
        queue is long, or when it has waited long (see `answers.make_way`)."""
        if self._queued >= QUEUE_BEFORE_ACK:
            await answers.acknowledge(interaction)
        self._queued += 1
        waiting = True
        try:
            async with game, self._working:
                self._queued -= 1
                waiting = False
                await answers.make_way(interaction)
                yield
        finally:
            if waiting:
                self._queued -= 1
