"""Start bots on a world and gather what went wrong, for tests and benchmarks alike."""

from __future__ import annotations

import inspect
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import AbstractContextManager, asynccontextmanager
from typing import Any

import pytest
from discord.ext import commands

from tests.harness.fakecord import FakeDiscord
from tests.harness.problems import Expected, ProblemKind, Problems, report
from tests.harness.recording import RecordedRequest
from tests.harness.world import World

BotFactory = Callable[[], commands.Bot | Awaitable[commands.Bot]]


class Harness:
    """Starts bots on one world and collects what went wrong across all of them.

    Several bots may run one after another (a restart), sharing the world and the problems.
    """

    def __init__(
        self,
        world: World,
        *,
        error_loggers: Iterable[str] = ("discord",),
        ack_deadline: float | None = None,
    ) -> None:
        self.world = world
        self.problems = Problems()
        self.error_loggers = tuple(error_loggers)
        self.ack_deadline = ack_deadline
        self.connections: list[FakeDiscord] = []

    async def start(self, factory: BotFactory, **options: Any) -> FakeDiscord:
        """Build a bot with ``factory`` (sync or async) and connect it; ``stop()`` it after.

        ``options`` go to ``FakeDiscord`` (``ack_deadline``, ``reject_invalid_bodies``...).
        """
        options.setdefault("error_loggers", self.error_loggers)
        if self.ack_deadline is not None:
            options.setdefault("ack_deadline", self.ack_deadline)
        fake = FakeDiscord(self.world, problems=self.problems, **options)
        bot = factory()
        if inspect.isawaitable(bot):
            bot = await bot
        self.connections.append(fake)
        await fake.start(bot)
        return fake

    @asynccontextmanager
    async def running(self, factory: BotFactory, **options: Any) -> AsyncIterator[FakeDiscord]:
        """``async with harness.running(make_bot) as discord:`` -- the bot is closed on exit."""
        fake = await self.start(factory, **options)
        try:
            yield fake
        finally:
            await fake.stop()

    async def close(self) -> None:
        """Stop every bot still running (each one's ``close()`` releases its database)."""
        errors: list[BaseException] = []
        for fake in reversed(self.connections):
            try:
                await fake.stop()
            except Exception as error:  # stop the others, then report the first failure
                errors.append(error)
        if errors:
            raise errors[0]

    def expect_errors(self, *kinds: ProblemKind) -> AbstractContextManager[Expected]:
        """Problems inside this block are expected (and must happen), not failures."""
        return self.problems.expect(*kinds)

    @property
    def requests(self) -> list[RecordedRequest]:
        """Every request of every bot this harness ran, in order."""
        return [r for fake in self.connections for r in fake.requests]

    def check(self) -> None:
        """Fail the test for the problems not yet reported."""
        problems = self.problems.unreported()
        if problems:
            pytest.fail(report(problems), pytrace=False)
