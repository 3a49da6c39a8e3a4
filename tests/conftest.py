"""Shared fixtures: the offline Discord harness, the project's bot on a fresh database, and a
PostgreSQL server for the tests that run on both stores."""

import os
from collections.abc import Iterator

import pytest

from tests.postgres import NoServer, TemporaryPostgres

pytest_plugins = ["tests.harness.pytest_plugin"]


@pytest.fixture
def discord_error_loggers() -> tuple[str, ...]:
    """Errors logged by discord.py or by the bot itself fail the test."""
    return ("discord", "bot", "cogs")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[TemporaryPostgres]:
    """One throwaway PostgreSQL server for the whole run, started when a test first needs it.

    Where none can be started the tests that need it are skipped, with the reason; with
    REQUIRE_POSTGRES=1 (as .ci/run sets) they fail instead."""
    try:
        server = TemporaryPostgres.start()
    except NoServer as error:
        if os.environ.get("REQUIRE_POSTGRES") == "1":
            pytest.fail(f"REQUIRE_POSTGRES=1 but no PostgreSQL server could be started: {error}")
        pytest.skip(f"no PostgreSQL server could be started here: {error}")
    yield server
    server.stop()


@pytest.fixture
def postgres_url(postgres_server: TemporaryPostgres) -> Iterator[str]:
    """A fresh database of its own on the session's server, migrated, for one test."""
    url = postgres_server.create_database()
    yield url
    postgres_server.drop_database(url)
