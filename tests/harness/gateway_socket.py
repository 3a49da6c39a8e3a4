"""Discord's gateway on a websocket, for bots in other processes.

Enough of the protocol for discord.py 2.x: HELLO, heartbeats and their ACKs, IDENTIFY with a
`shard` answered by READY (the guilds of that shard, built by the in-process fake) and a
GUILD_CREATE for each, then DISPATCH events in order. A RESUME is refused with INVALID_SESSION
(false): a session's events are never replayed, so a bot that lost its connection identifies
afresh, as a restarted process does anyway. Frames go out as text, which discord.py reads
without the zlib stream it asks for.

A killed process's socket closes; its session is dropped and the events for its shard go
nowhere, as on Discord while nobody is connected.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from tests.harness.guilds import Guild

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 0, 1, 2, 6, 9, 10, 11
HEARTBEAT_MS = 41_250


@dataclass(frozen=True)
class ShardOf:
    """The shard a session identified as, out of its count."""

    shard: int
    count: int

    def owns(self, guild_id: int | None) -> bool:
        """Discord's rule: a guild is on shard `(id >> 22) % count`; DMs are on shard 0."""
        return (guild_id >> 22) % self.count == self.shard if guild_id else self.shard == 0


@dataclass(eq=False)
class GatewaySession:
    """One identified connection. Frames are queued and written by one task, in order, so an
    event dispatched from synchronous code (a REST handler) cannot overtake an earlier one."""

    socket: web.WebSocketResponse
    shard: ShardOf
    token: str
    sequence: int = 0
    outbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)

    @property
    def open(self) -> bool:
        return not self.socket.closed

    def send(self, event: str, data: dict[str, Any]) -> None:
        self.sequence += 1
        self.outbox.put_nowait(
            json.dumps({"op": DISPATCH, "t": event, "s": self.sequence, "d": data})
        )

    def send_op(self, op: int, data: Any = None) -> None:
        self.outbox.put_nowait(json.dumps({"op": op, "d": data}))

    async def write(self) -> None:
        while (frame := await self.outbox.get()) is not None:
            if self.socket.closed:
                return
            await self.socket.send_str(frame)


class GatewayServer:
    """The websocket endpoint and the sessions identified on it.

    `ready(shard, count)` gives the READY payload of a shard (the fake's own builder) and
    `guilds()` the world's guilds; `on_change` is called whenever a session opens or closes,
    so waiters can look again."""

    def __init__(
        self,
        ready: Callable[[list[Guild], list[int]], dict[str, Any]],
        guilds: Callable[[], Iterable[Guild]],
        on_change: Callable[[], None],
    ) -> None:
        self._ready = ready
        self._guilds = guilds
        self._on_change = on_change
        self.sessions: list[GatewaySession] = []
        self.identified: list[ShardOf] = []
        """Every IDENTIFY received, in order (a restart identifies again)."""

    def session_for(self, guild_id: int | None) -> GatewaySession | None:
        """The open session of the shard that owns this guild, if any."""
        for session in self.sessions:
            if session.open and session.shard.owns(guild_id):
                return session
        return None

    def connected(self, shard: int) -> bool:
        return any(s.open and s.shard.shard == shard for s in self.sessions)

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse(max_msg_size=0)
        await socket.prepare(request)
        await socket.send_str(json.dumps({"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_MS}}))
        session: GatewaySession | None = None
        writer: asyncio.Task[None] | None = None
        try:
            async for message in socket:
                if message.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(message.data)
                op, data = frame.get("op"), frame.get("d")
                if op == HEARTBEAT:
                    if session is None:
                        await socket.send_str(json.dumps({"op": HEARTBEAT_ACK}))
                    else:
                        session.send_op(HEARTBEAT_ACK)
                elif op == IDENTIFY and session is None:
                    session = self._identify(socket, data)
                    writer = asyncio.create_task(session.write(), name="fake-gateway-writer")
                elif op == RESUME:
                    await socket.send_str(json.dumps({"op": INVALID_SESSION, "d": False}))
        finally:
            if session is not None:
                session.outbox.put_nowait(None)
            if writer is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(writer, timeout=1)
            if session in self.sessions:
                self.sessions.remove(session)
            self._on_change()
        return socket

    def _identify(self, socket: web.WebSocketResponse, data: dict[str, Any]) -> GatewaySession:
        shard_id, count = data.get("shard") or [0, 1]
        session = GatewaySession(socket, ShardOf(shard_id, count), str(data.get("token", "")))
        guilds = [g for g in self._guilds() if session.shard.owns(g.id)]
        session.send("READY", self._ready(guilds, [shard_id, count]))
        for guild in guilds:
            session.send("GUILD_CREATE", guild.payload())
        self.sessions.append(session)
        self.identified.append(session.shard)
        self._on_change()
        return session

    async def close(self) -> None:
        for session in list(self.sessions):
            session.outbox.put_nowait(None)
            await session.socket.close()
