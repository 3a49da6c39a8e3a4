"""pytest fixtures for Discord tests: a ``world``, and a ``harness`` that runs bots on it.

Register with ``pytest_plugins = ["tests.harness.pytest_plugin"]`` in the root conftest. A test
then reads::

    async def test_poll(harness, world):
        alice = world.add_user("alice")
        async with harness.running(make_bot) as discord:
            result = await discord.slash("poll", alice, question="Tea?")
        assert result.embed["description"] == "Tea?"

The test fails if the fake found problems it did not expect: a body the Discord API spec
rejects, an error logged by discord.py, an interaction never (or too late) acknowledged.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest

from tests.harness.problems import report
from tests.harness.runner import Harness
from tests.harness.world import World


@pytest.fixture
def world() -> World:
    """A fresh Discord: one guild, one #general channel, no users yet."""
    return World()


@pytest.fixture
def discord_error_loggers() -> tuple[str, ...]:
    """Loggers whose ERROR records fail a test; override to add the bot's own loggers."""
    return ("discord",)


@pytest.fixture
async def harness(world: World, discord_error_loggers: tuple[str, ...]) -> AsyncIterator[Harness]:
    """Runs bots on ``world``; fails the test on problems, and closes bots left running."""
    runner = Harness(world, error_loggers=discord_error_loggers)
    yield runner
    try:
        await runner.close()
    finally:
        runner.check()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """Report problems as the test's own failure (not a teardown error) when possible.

    If the test already failed, the problems are attached to its error as a note, since they
    often explain it (a rejected body is the cause of the bot's odd answer).
    """
    runner = getattr(item, "funcargs", {}).get("harness")
    try:
        result = yield
    except BaseException as error:
        if isinstance(runner, Harness):
            problems = runner.problems.unreported()
            if problems:
                error.add_note(report(problems))
        raise
    if isinstance(runner, Harness):
        runner.check()
    return result
