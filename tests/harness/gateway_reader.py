"""The bot's websocket reader, as the event loop runs it: how many events reach it per turn.

A real bot reads its gateway socket when the loop finds it readable: asyncio's transport takes
up to 256 KiB from the socket at a time (`selector_events.max_size`), aiohttp splits that into
frames, and discord.py's poll loop parses every whole frame it holds without yielding (reading
a buffered frame never suspends). So interactions sent at once reach the bot in batches, one
batch per turn of the loop, with the bot's other tasks running between batches.

The reader here does the same with the events the harness sends: per turn it hands over
queued events, in order, up to READ_BYTES of their JSON text (always at least one). The size
is counted before compression, which Discord applies on the real wire, so batches here are
smaller than a real socket's: on the cautious side for the bot.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

READ_BYTES = 256 * 1024
"""What asyncio's transport reads from a socket at once."""


@dataclass
class _Frame:
    wire: str
    hand_over: Callable[[str], None]
    read: asyncio.Future[None]


class GatewayReader:
    """Queues the events the harness sends and hands them to the bot a turn's worth at a
    time, from one task, as the bot's own reader would."""

    def __init__(self) -> None:
        self._queue: deque[_Frame] = deque()
        self._arrived = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    @property
    def holding(self) -> bool:
        """Events sent and not yet handed over."""
        return bool(self._queue)

    async def send(self, wire: str, hand_over: Callable[[str], None]) -> None:
        """Queue one event's JSON text; returns once the reader has handed it over (with
        `hand_over`, run in the reader's turn: what it raises is raised here)."""
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._read())
        frame = _Frame(wire, hand_over, asyncio.get_running_loop().create_future())
        self._queue.append(frame)
        self._arrived.set()
        await frame.read

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
        for frame in self._queue:
            frame.read.cancel()
        self._queue.clear()

    async def _read(self) -> None:
        while True:
            await self._arrived.wait()
            await asyncio.sleep(0)  # the socket is read on a later turn than the one that sent
            room = READ_BYTES
            while self._queue and (room == READ_BYTES or len(self._queue[0].wire) <= room):
                frame = self._queue.popleft()
                room -= len(frame.wire)
                try:
                    frame.hand_over(frame.wire)
                except Exception as error:  # the sender sees what the bot raised
                    if not frame.read.done():
                        frame.read.set_exception(error)
                else:
                    if not frame.read.done():  # done: its sender gave up waiting (cancelled)
                        frame.read.set_result(None)
            if not self._queue:
                self._arrived.clear()
