"""The fake Discord on a port of 127.0.0.1, for bots running in processes of their own.

`FakeDiscord` drives a bot inside the test's process by patching it. A bot in another process
(a real `python -m bot`, which can be killed) reaches this one over HTTP and a websocket
instead: REST requests are read back into discord.py's routes and answered by the very same
recording, spec check and handlers (`FakeDiscord.answer`), and gateway events go out on the
websocket session of the shard that owns their guild (`gateway_socket.py`). The test drives it
with the same `slash`, `click` and `select`, and the same `World` keeps every message.

    served = ServedDiscord(world)
    await served.serve()                  # served.base_url: http://127.0.0.1:PORT
    ...start processes with discord.py pointed at served.api_url and .gateway_url...
    await served.wait_for_shard(0)
    game = await served.slash("scoundrel new", alice, channel=games)

An interaction for a shard nobody is connected to is not delivered, as on Discord while a
bot's process is down; its user sees "This interaction failed" (it is reported unacknowledged).
"""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import Callable
from typing import Any

from aiohttp import web

from tests.harness.fakecord import FakeDiscord, SettleTimeout
from tests.harness.gateway_socket import GatewayServer, GatewaySession
from tests.harness.guilds import Channel, User
from tests.harness.problems import ProblemKind
from tests.harness.wire_routes import API_PREFIX, match_route, read_body
from tests.harness.world import World

GATEWAY_PATH = "/gateway"
UPLOAD_LIMIT = 32 * 1024 * 1024
LOOK_AGAIN = 0.1


class ServedDiscord(FakeDiscord):
    """One fake Discord for every bot process of a test, served on 127.0.0.1."""

    def __init__(self, world: World, **options: Any) -> None:
        options.setdefault("settle_timeout", 15.0)
        super().__init__(world, **options)
        self.gateway = GatewayServer(
            self._ready_payload, lambda: world.guilds.values(), self._notify
        )
        self.base_url = ""
        self._runner: web.AppRunner | None = None
        self._in_flight = 0
        self._changed = asyncio.Event()
        self._delivered: dict[int, GatewaySession] = {}

    # ---- serving ---------------------------------------------------------------------------------

    async def serve(self) -> ServedDiscord:
        """Listen on a free port of 127.0.0.1; `base_url` says where."""
        app = web.Application(client_max_size=UPLOAD_LIMIT)
        app.router.add_get(GATEWAY_PATH, self.gateway.handle)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        site = web.SockSite(self._runner, listener)
        await site.start()
        host, port = listener.getsockname()[:2]
        self.base_url = f"http://{host}:{port}"
        self.running = True
        return self

    async def stop(self) -> None:
        """Close every session and the server (a bot process still running loses them)."""
        if not self.running:
            return
        self.running = False
        await self._reader.close()
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def api_url(self) -> str:
        """What discord.py's `Route.BASE` must be to reach this fake's REST API."""
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        """Where discord.py must open its gateway websocket."""
        return self.base_url.replace("http", "ws", 1) + GATEWAY_PATH

    def _ready_payload(self, guilds: Any, shard: list[int] | None = None) -> dict[str, Any]:
        payload = super()._ready_payload(guilds, shard)
        payload["resume_gateway_url"] = self.gateway_url
        return payload

    # ---- waiting ---------------------------------------------------------------------------------

    def _notify(self) -> None:
        """Something waiters look at changed: a request was answered, a session came or went."""
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_until(self, condition: Callable[[], bool], timeout: float, what: str) -> None:
        """Wait until `condition()` holds; fail after `timeout`. It is looked at again as soon
        as a request is answered or a session comes or goes, and at least every `LOOK_AGAIN`
        seconds for what the fake cannot see (a process that exited)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not condition():
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise SettleTimeout(f"still waiting after {timeout} s: {what}")
            changed = self._changed
            try:
                await asyncio.wait_for(changed.wait(), timeout=min(remaining, LOOK_AGAIN))
            except TimeoutError:
                continue

    async def wait_for_shard(
        self, shard: int, timeout: float = 30.0, alive: Callable[[], bool] = lambda: True
    ) -> None:
        """Until a process identified as `shard` and was sent its READY and guilds; fail at
        once when `alive()` says the process that should connect has exited."""
        await self.wait_until(
            lambda: self.gateway.connected(shard) or not alive(), timeout, f"shard {shard}"
        )
        if not self.gateway.connected(shard):
            raise SettleTimeout(f"the process of shard {shard} exited before it connected")

    async def wait_for_shard_gone(self, shard: int, timeout: float = 10.0) -> None:
        """Until the session of `shard` closed (its process died or disconnected)."""
        await self.wait_until(
            lambda: not self.gateway.connected(shard), timeout, f"shard {shard} to disconnect"
        )

    async def settle(self) -> None:
        """Until every interaction delivered since the last settle is acknowledged (or its
        session closed) and no request is being answered; then flag those never
        acknowledged, as the in-process fake does."""
        pending = list(self._unsettled)

        def settled() -> bool:
            waiting = [
                record
                for record in pending
                if not record.acknowledged
                and (session := self._delivered.get(record.id)) is not None
                and session.open
            ]
            return not waiting and self._in_flight == 0

        labels = ", ".join(record.label for record in pending)
        await self.wait_until(settled, self.settle_timeout, f"an answer to {labels}")
        self._flag_unacknowledged()

    # ---- gateway ---------------------------------------------------------------------------------

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send an event to the session of the shard its guild is on; with none open, it is
        lost, as it would be on Discord."""
        guild_id = data.get("guild_id")
        session = self.gateway.session_for(int(guild_id) if guild_id else None)
        if session is None:
            return
        session.send(event, data)
        if event == "INTERACTION_CREATE":
            self._delivered[int(data["id"])] = session

    def dispatch_wire(self, event: str, wire: str) -> None:
        """Events go out over the served gateway: the bot's process reads and decodes them."""
        self.dispatch(event, json.loads(wire))

    def _ensure_cached(self, channel: Channel, user: User) -> None:
        """Nothing to do: each session got every guild of its shard when it identified (add
        guilds, channels and members before starting the processes)."""

    # ---- REST ------------------------------------------------------------------------------------

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        """Answer one request; a failure of the fake itself fails the test (it would
        otherwise be a 500 that discord.py retries, then an error in another process's log)."""
        self._in_flight += 1
        try:
            return await self._answer_http(request)
        except Exception as error:
            self.problems.add(
                ProblemKind.ERROR_LOGGED,
                f"the served fake failed on {request.method} {request.path}: {error!r}",
            )
            return self._json(500, {"code": 0, "message": "500: Internal Server Error"})
        finally:
            self._in_flight -= 1
            self._notify()

    async def _answer_http(self, request: web.Request) -> web.StreamResponse:
        path = request.path[len(API_PREFIX) :]
        if request.method == "GET" and path == "/gateway/bot":
            return self._json(200, self._gateway_bot())
        route = match_route(request.method, path)
        if route is None:
            self.problems.add(
                ProblemKind.UNKNOWN_ROUTE,
                f"the fake Discord does not implement {request.method} {path};"
                " add a handler in tests/harness/rest.py",
            )
            return self._json(404, {"code": 0, "message": "404: Not Found"})
        body, uploads = await read_body(request)
        token = getattr(route, "webhook_token", None)
        interaction = self.world.interactions.get(token) if token else None
        recorded, error = self.answer(route, body, uploads, dict(request.query), interaction)
        if error is not None:
            return self._json(error.status, error.json())
        if recorded.response is None:
            return web.Response(status=204)
        return self._json(recorded.status, recorded.response)

    def _gateway_bot(self) -> dict[str, Any]:
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        return {"url": self.gateway_url, "shards": 1, "session_start_limit": limit}

    @staticmethod
    def _json(status: int, body: Any) -> web.Response:
        # Exactly this content type: discord.py parses a body as JSON only when it is.
        headers = {"Content-Type": "application/json"}
        return web.Response(status=status, body=json.dumps(body).encode(), headers=headers)
