"""The project's bot on a fresh SQLite file, with a clock and seeds the test controls."""

from collections.abc import Callable
from pathlib import Path

import pytest

from bot.app import DungeonBot
from bot.config import Settings
from tests.clock import Clock
from tests.harness import MANAGE_GUILD, User, World

SEED = 3  # Scoundrel seed 3 deals 3♠ 7♥ 8♣ 2♣ first


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(
        _env_file=None,
        discord_token=None,
        database_url=f"sqlite:///{tmp_path}/data/bot.sqlite3",
        game_expiry_minutes=60,
        thinking_processes=0,
    )


@pytest.fixture
def seeds() -> list[int]:
    """The seeds new games get, in order; when they run out, SEED again."""
    return []


@pytest.fixture
def make_bot(settings: Settings, clock: Clock, seeds: list[int]) -> Callable[[], DungeonBot]:
    return lambda: DungeonBot(settings, clock=clock, seeds=lambda: seeds.pop(0) if seeds else SEED)


@pytest.fixture
def alice(world: World) -> User:
    return world.add_user("alice")


@pytest.fixture
def bob(world: World) -> User:
    return world.add_user("bob")


@pytest.fixture
def moderator(world: World) -> User:
    return world.add_user("mod", permissions=MANAGE_GUILD)
