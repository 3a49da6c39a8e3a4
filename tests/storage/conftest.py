"""Storage tests run on every store: `url` names a fresh, empty store of each kind in turn."""

from pathlib import Path

import pytest

STORES = ("sqlite", "postgresql")


@pytest.fixture(params=STORES)
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A SQLite file in a new folder, or a new database on the session's PostgreSQL server."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/data/bot.sqlite3"
    return request.getfixturevalue("postgres_url")


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path}/data/bot.sqlite3"
