"""Shared fixtures: the offline Discord harness, and the project's bot on a fresh database."""

import pytest

pytest_plugins = ["tests.harness.pytest_plugin"]


@pytest.fixture
def discord_error_loggers() -> tuple[str, ...]:
    """Errors logged by discord.py or by the bot itself fail the test."""
    return ("discord", "bot", "cogs")
