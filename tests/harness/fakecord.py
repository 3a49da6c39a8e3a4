"""An in-process fake Discord for a real ``discord.ext.commands.Bot``.

``FakeDiscord(world)`` is one bot's connection: it logs the bot in through discord.py's real
login path, feeds it gateway events (READY, GUILD_CREATE, INTERACTION_CREATE...) the way the
websocket would, and answers every REST request from the ``World``. Nothing touches the network.
The bot is unchanged: its real CommandTree, cogs, views and DynamicItems do the work.

Each request is recorded and its body validated against Discord's OpenAPI spec; errors logged by
discord.py, interactions never acknowledged and callbacks past the 3-second deadline are recorded
as problems (see ``problems.py``) for the test to fail on.
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import logging
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from http import HTTPStatus
from types import SimpleNamespace
from typing import Any

import discord
from discord.ext import commands
from discord.http import Route

from tests.harness.copies import wire_copy
from tests.harness.gateway_reader import GatewayReader
from tests.harness.guilds import Channel, Guild, User
from tests.harness.interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    InteractionRecord,
    InteractionResult,
    base_payload,
    command_data,
    component_data,
    modal_data,
    user_command_data,
)
from tests.harness.limits import limit_problems
from tests.harness.messages import StoredMessage
from tests.harness.pings import stray_pings
from tests.harness.problems import ErrorLogCollector, Expected, ProblemKind, Problems
from tests.harness.recording import (
    DiscordHTTPError,
    RecordedRequest,
    UnknownRoute,
    path_params,
    read_uploads,
)
from tests.harness.rest import Call, FakeRest
from tests.harness.spec import load_spec
from tests.harness.webhook_patch import WebhookRouting
from tests.harness.world import World

# The names discord.py 2.x gives the tasks it starts for a gateway payload. ``settle()`` waits
# for these: a command ("CommandTree-invoker"), a view item ("discord-ui-view-dispatch-<id>"), a
# DynamicItem ("discord-ui-dynamic-item-<class>-<custom_id>"), a modal and every event listener
# ("discord.py: <event>"). Tasks a handler starts itself with other names are not waited for.
SETTLE_TASK_PREFIXES = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch",
    "discord-ui-dynamic-item-",
    "discord-ui-modal-dispatch",
    "discord.py: ",
)

ACK_DEADLINE = 3.0

# The interaction whose handling is running: tasks inherit it from the dispatch, so every REST
# call a command makes (channel posts, thread creation) is attributed to its interaction.
_current: contextvars.ContextVar[InteractionRecord | None] = contextvars.ContextVar(
    "fake_discord_interaction", default=None
)


class SettleTimeout(AssertionError):
    """The bot's work for a payload did not finish in time (a hang, or a deadlock)."""


def _discord_error(error: DiscordHTTPError) -> discord.HTTPException:
    """The exception discord.py raises for this error response (it reads status and reason)."""
    reason = HTTPStatus(error.status).phrase
    response = SimpleNamespace(status=error.status, reason=reason, headers={})
    kind = {403: discord.Forbidden, 404: discord.NotFound}.get(error.status, discord.HTTPException)
    return kind(response, error.json())  # type: ignore[arg-type]


@dataclass(frozen=True)
class ShardSession:
    """One gateway session: a shard and the count it is out of (None: an unsharded bot)."""

    shard: int = 0
    count: int | None = None

    def owns(self, guild_id: int) -> bool:
        """Discord sends a shard's session the guilds with `(id >> 22) % count == shard`."""
        return self.count is None or (guild_id >> 22) % self.count == self.shard

    def ready_field(self) -> list[int] | None:
        return None if self.count is None else [self.shard, self.count]


class FakeDiscord:
    """One bot's connection to the fake Discord: wiring, gateway, interactions, settling.

    ``ack_deadline`` is Discord's 3 s to acknowledge an interaction (shorten it to test the
    deadline quickly); ``clock`` measures it. ``reject_invalid_bodies`` makes a body the spec
    rejects fail with 400 Invalid Form Body, as Discord would, besides being reported.
    ``check_bodies=False`` skips the spec check, for benchmarks that time the bot alone.
    """

    def __init__(
        self,
        world: World,
        *,
        problems: Problems | None = None,
        ack_deadline: float = ACK_DEADLINE,
        clock: Callable[[], float] = time.monotonic,
        error_loggers: Iterable[str] = ("discord",),
        reject_invalid_bodies: bool = True,
        settle_timeout: float = 10.0,
        check_bodies: bool = True,
        round_trip: float = 0.0,
    ) -> None:
        self.world = world
        self.round_trip = round_trip
        """Seconds each request of the bot takes there and back, as over a network: half
        before Discord handles it (so an acknowledgement counts when it arrives), half after."""
        self.problems = problems if problems is not None else Problems()
        self.ack_deadline = ack_deadline
        self.clock = clock
        self.error_loggers = tuple(error_loggers)
        self.reject_invalid_bodies = reject_invalid_bodies
        self.settle_timeout = settle_timeout
        self.harness_seconds = 0.0
        """Time spent in the harness's own code (building payloads, answering requests), so a
        benchmark can subtract it and time the bot alone."""
        self._reader = GatewayReader()
        """Interactions reach the bot a socket read at a time, as they would over the wire."""
        self.harness_cpu_seconds = 0.0
        """The processor time of the same: on a busy machine, wall time counts the turns other
        programs take; processor time does not."""
        self.spec = load_spec() if check_bodies else None  # SpecNotFound if required, missing
        self.rest = FakeRest(self)
        self.requests: list[RecordedRequest] = []
        self.interactions: list[InteractionRecord] = []
        self._unsettled: list[InteractionRecord] = []
        self.bot: commands.Bot | None = None
        self.running = False
        self._log_handler = ErrorLogCollector(self.problems)
        self._log_levels: dict[str, int] = {}

    # ---- lifecycle -------------------------------------------------------------------------------

    async def start(self, bot: commands.Bot) -> FakeDiscord:
        """Log the bot in, connect it to the world's guilds, and wait until it is ready."""
        if self.bot is not None:
            raise RuntimeError("a FakeDiscord connects one bot; create another for the next")
        self.bot = bot
        bot.http.request = self._http_request  # type: ignore[method-assign]
        WebhookRouting.attach(self)
        self._attach_loggers()
        self.running = True
        try:
            # The real login: GET /users/@me, GET /oauth2/applications/@me, then setup_hook().
            await bot.login("fake-token")
            state = bot._connection
            state.guild_ready_timeout = 0.01  # every GUILD_CREATE is sent at once, below
            state._chunk_guilds = False  # there is no websocket to request members over
            for shard in self._shards(bot):
                guilds = [g for g in self.world.guilds.values() if shard.owns(g.id)]
                self.dispatch("READY", self._ready_payload(guilds, shard.ready_field()))
                for guild in guilds:
                    self.dispatch("GUILD_CREATE", guild.payload())
            await asyncio.wait_for(bot.wait_until_ready(), timeout=5)
            await self.settle()
        except BaseException:
            await self.stop()
            raise
        return self

    async def stop(self) -> None:
        """Finish the bot's pending work, close it (its ``close()`` frees its resources)."""
        if not self.running:
            return
        try:
            await self.settle()
        finally:
            self.running = False
            try:
                assert self.bot is not None
                await self.bot.close()
            finally:
                await self._reader.close()
                self._detach_loggers()
                WebhookRouting.detach(self)

    @staticmethod
    def _shards(bot: commands.Bot | commands.AutoShardedBot) -> list[ShardSession]:
        """The sessions the bot opens: one for a plain bot; for an AutoShardedBot, one per
        shard it runs (every shard of its count, 1 when it names none), as
        `AutoShardedClient.launch_shards` would open them."""
        if not isinstance(bot, discord.AutoShardedClient):
            return [ShardSession()]
        count = bot.shard_count or 1
        ids = list(bot.shard_ids or range(count))
        bot.shard_count = bot._connection.shard_count = count
        bot._connection.shard_ids = ids
        return [ShardSession(shard, count) for shard in ids]

    def _ready_payload(
        self, guilds: Iterable[Guild], shard: list[int] | None = None
    ) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "v": 10,
            "user": self.world.bot_user.payload(),
            "session_id": f"session-{self.world.new_id()}",
            "resume_gateway_url": "wss://gateway.invalid",
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "application": {"id": str(self.world.app_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
        }
        if shard is not None:
            payload["shard"] = shard
        return payload

    def _attach_loggers(self) -> None:
        for name in self.error_loggers:
            logger = logging.getLogger(name)
            self._log_levels[name] = logger.level
            if logger.getEffectiveLevel() > logging.ERROR:
                logger.setLevel(logging.ERROR)
            logger.addHandler(self._log_handler)

    def _detach_loggers(self) -> None:
        for name, level in self._log_levels.items():
            logger = logging.getLogger(name)
            logger.removeHandler(self._log_handler)
            logger.setLevel(level)
        self._log_levels.clear()

    # ---- gateway ---------------------------------------------------------------------------------

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Hand a gateway event to the bot exactly as its websocket reader would."""
        assert self.bot is not None, "start() the fake first"
        with self._own_time():
            wire = wire_copy(data)
        self.bot._connection.parsers[event](wire)

    def dispatch_wire(self, event: str, wire: str) -> None:
        """Hand a gateway event that is JSON text already to the bot: decoding it is the bot's
        own work (discord.py decodes every message its websocket reads)."""
        assert self.bot is not None, "start() the fake first"
        self.bot._connection.parsers[event](json.loads(wire))

    async def settle(self) -> None:
        """Wait until every task the dispatched payloads started has finished.

        Then flag each interaction still unacknowledged: its user would see "This interaction
        failed".
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.settle_timeout
        me = asyncio.current_task()
        while True:
            await asyncio.sleep(0)
            pending = [
                task
                for task in asyncio.all_tasks()
                if task is not me
                and not task.done()
                and task.get_name().startswith(SETTLE_TASK_PREFIXES)
            ]
            if not pending and not self._reader.holding:
                break
            remaining = deadline - loop.time()
            if remaining <= 0:
                names = sorted(t.get_name() for t in pending)
                raise SettleTimeout(f"still running after {self.settle_timeout} s: {names}")
            if pending:  # else interactions are still on their way to the bot: a turn more
                await asyncio.wait(pending, timeout=remaining)
        self._flag_unacknowledged()

    @contextmanager
    def _own_time(self) -> Iterator[None]:
        """Count the time spent inside as the harness's own (see `harness_seconds`)."""
        started, started_cpu = time.perf_counter(), time.thread_time()
        try:
            yield
        finally:
            self.harness_seconds += time.perf_counter() - started
            self.harness_cpu_seconds += time.thread_time() - started_cpu

    def _flag_unacknowledged(self) -> None:
        """Only interactions sent since the last settle are looked at, so a long run (a
        benchmark) does not slow down as its history grows."""
        for record in self._unsettled:
            if not record.acknowledged and not record.flagged:
                record.flagged = True
                self.problems.add(
                    ProblemKind.UNACKNOWLEDGED, f"{record.label} by {record.user.name}"
                )
        self._unsettled = []

    # ---- interactions ----------------------------------------------------------------------------

    async def slash(
        self,
        command: str,
        user: User | str,
        /,
        *,
        channel: Channel | str | int | None = None,
        option_values: dict[str, Any] | None = None,
        settle: bool = True,
        **options: Any,
    ) -> InteractionResult:
        """Run a slash command: ``slash("scoundrel new", alice, variant="easy")``.

        The path may name a subcommand or a group and subcommand. Options are typed from the
        bot's command tree; pass harness ``User``/``Channel`` objects for user/channel options.
        ``option_values`` carries options whose names clash with this method's keywords.
        """
        place = self._channel(channel)
        values = {**options, **(option_values or {})}
        tree = self.bot.tree if self.bot is not None else None
        data = command_data(self.world, tree, command, place, values)
        return await self._interact(
            APPLICATION_COMMAND, user, place, data, label=f"/{command}", settle=settle
        )

    async def user_command(
        self,
        name: str,
        user: User | str,
        target: User,
        /,
        *,
        channel: Channel | str | int | None = None,
    ) -> InteractionResult:
        """Use a user context menu ("Apps > name" on ``target``'s profile or message)."""
        place = self._channel(channel)
        tree = self.bot.tree if self.bot is not None else None
        data = user_command_data(self.world, tree, name, place, target)
        return await self._interact(
            APPLICATION_COMMAND, user, place, data, label=f"{name} ({target.name})"
        )

    async def autocomplete(
        self,
        command: str,
        user: User | str,
        /,
        *,
        focused: str,
        channel: Channel | str | int | None = None,
        **options: Any,
    ) -> InteractionResult:
        """Type into an option with autocomplete, as a client does while the user types:
        ``autocomplete("leaderboard", alice, focused="variant", game="dragons", variant="")``.
        The answer's ``choices`` are what the user would be offered."""
        place = self._channel(channel)
        tree = self.bot.tree if self.bot is not None else None
        data = command_data(self.world, tree, command, place, options)
        leaf = data["options"]
        while leaf and leaf[0].get("type") in (1, 2):  # into the subcommand's own options
            leaf = leaf[0]["options"]
        typed = next((option for option in leaf if option["name"] == focused), None)
        assert typed is not None, f"pass the option {focused!r} being typed, as a string"
        typed.update(type=3, value=str(typed["value"]), focused=True)
        return await self._interact(AUTOCOMPLETE, user, place, data, label=f"/{command} …")

    async def click(
        self,
        message: StoredMessage | InteractionResult | int,
        custom_id: str,
        user: User | str,
        /,
        *,
        check: bool = True,
        settle: bool = True,
    ) -> InteractionResult:
        """Press a button. With ``check`` it must be on the message and enabled, as in a client.

        ``message.button("Label")["custom_id"]`` finds a button's custom_id by its label.
        """
        with self._own_time():
            stored = self._message(message)
            data = component_data(stored, custom_id, None, check=check)
        return await self._component(stored, user, data, f"click {custom_id}", check, settle)

    async def select(
        self,
        message: StoredMessage | InteractionResult | int,
        custom_id: str,
        values: list[str],
        user: User | str,
        /,
        *,
        check: bool = True,
        settle: bool = True,
    ) -> InteractionResult:
        """Choose ``values`` in a string select menu on the message."""
        with self._own_time():
            stored = self._message(message)
            data = component_data(stored, custom_id, values, check=check)
        return await self._component(stored, user, data, f"select {custom_id}", check, settle)

    async def submit(
        self,
        opened: InteractionResult,
        values: dict[str, str],
        user: User | str,
        /,
        *,
        settle: bool = True,
    ) -> InteractionResult:
        """Type ``values`` into the modal a click opened (``opened``), and submit it, as the
        user who clicked: the submission carries the message the click was made on."""
        modal = opened.modal
        if modal is None:
            raise AssertionError(f"{opened!r} opened no modal")
        who = self._user(user)
        if who.id != opened.record.user.id:
            raise AssertionError(
                f"the modal was opened for {opened.record.user.name}, not {who.name}"
            )
        with self._own_time():
            data = modal_data(modal, values)
            clicked = self.world.messages.get(opened.record.clicked_message_id or 0)
        assert clicked is not None, "the modal was opened from no message"
        place = self.world.find_channel(clicked.channel_id)
        assert place is not None
        return await self._interact(
            MODAL_SUBMIT,
            who,
            place,
            data,
            label=f"submit {modal['custom_id']}",
            clicked=clicked,
            settle=settle,
        )

    async def _component(
        self,
        stored: StoredMessage,
        user: User | str,
        data: dict[str, Any],
        label: str,
        check: bool,
        settle: bool,
    ) -> InteractionResult:
        who = self._user(user)
        if check and stored.deleted:
            raise AssertionError(f"message {stored.id} was deleted: nobody can click on it")
        if check and stored.ephemeral_for not in (None, who.id):
            raise AssertionError(f"message {stored.id} is ephemeral: {who.name} cannot see it")
        place = self.world.find_channel(stored.channel_id)
        assert place is not None, f"message {stored.id} is in no known channel"
        return await self._interact(
            MESSAGE_COMPONENT, who, place, data, label=label, clicked=stored, settle=settle
        )

    async def _interact(
        self,
        kind: int,
        user: User | str,
        channel: Channel,
        data: dict[str, Any],
        *,
        label: str,
        clicked: StoredMessage | None = None,
        settle: bool = True,
    ) -> InteractionResult:
        assert self.running, "start() the fake first"
        who = self._user(user)
        self._ensure_cached(channel, who)
        started, started_cpu = time.perf_counter(), time.thread_time()
        interaction_id = self.world.new_id()
        token = f"interaction-token-{self.world.uid}-{interaction_id}"
        payload = base_payload(
            self.world,
            interaction_id=interaction_id,
            token=token,
            type=kind,
            user=who,
            channel=channel,
            data=data,
        )
        wire = json.dumps(payload)
        if clicked is not None:  # the message as it is now, its text encoded once per version
            wire = f'{wire[:-1]}, "message": {clicked.wire()}}}'
        record = InteractionRecord(
            id=interaction_id,
            token=token,
            type=kind,
            user=who,
            channel=channel,
            wire=wire,
            created_at=self.clock(),
            label=label,
            connection=self,
            clicked_message_id=clicked.id if clicked else None,
        )
        self.world.interactions[token] = record
        self.interactions.append(record)
        self._unsettled.append(record)
        self.harness_seconds += time.perf_counter() - started
        self.harness_cpu_seconds += time.thread_time() - started_cpu

        def hand_over(text: str) -> None:
            reset = _current.set(record)  # the tasks the bot starts for it know whose they are
            try:
                self.dispatch_wire("INTERACTION_CREATE", text)
            finally:
                _current.reset(reset)

        await self._reader.send(wire, hand_over)
        if settle:
            await self.settle()
        return InteractionResult(record, self.world)

    def _ensure_cached(self, channel: Channel, user: User) -> None:
        """Tell the bot about guilds, roles and channels added to the world after it connected."""
        assert self.bot is not None
        guild = channel.guild
        cached = self.bot.get_guild(guild.id)
        if cached is None:
            self.dispatch("GUILD_CREATE", guild.payload())
            return
        member = guild.members.get(user.id)
        for role_id in member.role_ids if member else []:
            if cached.get_role(role_id) is None:
                role = guild.roles[role_id].payload()
                self.dispatch("GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role})
        chain = [channel]
        if channel.parent_id is not None:
            parent = guild.channels[channel.parent_id]
            chain.insert(0, parent)
        for place in chain:
            if cached.get_channel_or_thread(place.id) is None:
                event = "THREAD_CREATE" if place.is_thread else "CHANNEL_CREATE"
                self.dispatch(event, place.payload())

    # ---- REST ------------------------------------------------------------------------------------

    async def _http_request(
        self, route: Route, *, files: Any = None, form: Any = None, **kwargs: Any
    ) -> Any:
        await asyncio.sleep(self.round_trip / 2)  # a real request yields to the loop at least
        body, uploads = read_uploads(form) if form else (kwargs.get("json"), {})
        answer = self.handle(route, body, uploads, kwargs.get("params"), _current.get())
        if self.round_trip:
            await asyncio.sleep(self.round_trip / 2)
        return answer

    def handle(
        self,
        route: Route,
        body: Any,
        uploads: dict[int, dict[str, Any]],
        query: dict[str, Any] | None,
        interaction: InteractionRecord | None,
    ) -> Any:
        """Record, validate and answer one REST request (raising what discord.py would)."""
        request, error = self.answer(route, body, uploads, query, interaction)
        if error is not None:
            raise _discord_error(error)
        return request.response

    def answer(
        self,
        route: Route,
        body: Any,
        uploads: dict[int, dict[str, Any]],
        query: dict[str, Any] | None,
        interaction: InteractionRecord | None,
    ) -> tuple[RecordedRequest, DiscordHTTPError | None]:
        """Record, validate and answer one REST request: the record, its status and response
        set, and the error Discord answers with (None on success). Whoever carries the answer
        to the bot (a patched method here, an HTTP server for a bot in another process) turns
        the error into what the bot sees. A route with no handler raises `UnknownRoute`."""
        with self._own_time():
            request = RecordedRequest(
                method=route.method,
                path=route.path,
                url=route.url,
                params=path_params(route.path, route.url),
                query=dict(query or {}),
                body=wire_copy(body),
                files=list(uploads.values()),
                user=interaction.user if interaction else None,
                interaction_id=interaction.id if interaction else None,
            )
            self.requests.append(request)
            if interaction is not None:
                interaction.requests.append(request)
            self._validate(request)
            try:
                if request.violations and self.reject_invalid_bodies:
                    reasons = [{"code": "SPEC", "message": v} for v in request.violations]
                    raise DiscordHTTPError(
                        400, 50035, "Invalid Form Body", {"spec": {"_errors": reasons}}
                    )
                status, response = self.rest.answer(Call(request, interaction, uploads))
            except DiscordHTTPError as error:
                request.status, request.response = error.status, error.json()
                return request, error
            except UnknownRoute as error:
                request.status = 404
                self.problems.add(ProblemKind.UNKNOWN_ROUTE, str(error))
                raise
            request.status, request.response = status, response
            return request, None

    def _validate(self, request: RecordedRequest) -> None:
        if request.body is None:
            return
        stray = stray_pings(request.body)
        if stray is not None:
            who = f" (for {request.user.name})" if request.user else ""
            self.problems.add(
                ProblemKind.STRAY_PING,
                f"{request.method} {request.path}{who} would notify {stray}",
                json.dumps(request.body, ensure_ascii=False)[:1500],
            )
        if self.spec is None:
            return
        request.violations = self.spec.check_request(request.method, request.path, request.body)
        request.violations += limit_problems(request.body)
        for violation in request.violations:
            who = f" (for {request.user.name})" if request.user else ""
            self.problems.add(
                ProblemKind.SPEC_VIOLATION,
                f"{request.method} {request.path}{who}: {violation}",
                json.dumps(request.body, ensure_ascii=False)[:1500],
            )

    # ---- lookups for tests -----------------------------------------------------------------------

    def expect_errors(self, *kinds: ProblemKind) -> AbstractContextManager[Expected]:
        """Problems inside this block are expected (and must happen), not failures."""
        return self.problems.expect(*kinds)

    def find_requests(
        self, method: str | None = None, path: str | None = None
    ) -> list[RecordedRequest]:
        """Recorded requests, filtered by method and by discord.py route template."""
        return [
            r
            for r in self.requests
            if (method is None or r.method == method) and (path is None or r.path == path)
        ]

    def messages_in(self, channel: Channel | str | int | None = None) -> list[StoredMessage]:
        return self.world.messages_in(self._channel(channel))

    def last_message(self, channel: Channel | str | int | None = None) -> StoredMessage:
        found = self.messages_in(channel)
        assert found, "no message in that channel"
        return found[-1]

    def _user(self, user: User | str) -> User:
        return self.world.user(user) if isinstance(user, str) else user

    def _channel(self, channel: Channel | str | int | None) -> Channel:
        if channel is None:
            return self.world.channel
        if isinstance(channel, Channel):
            return channel
        if isinstance(channel, str):
            return self.world.channel_named(channel)
        found = self.world.find_channel(channel)
        if found is None:
            raise KeyError(f"no channel {channel}")
        return found

    def _message(self, message: StoredMessage | InteractionResult | int) -> StoredMessage:
        if isinstance(message, StoredMessage):
            return message
        if isinstance(message, InteractionResult):
            assert message.message is not None, f"{message!r} has no message"
            return message.message
        return self.world.message(message)
