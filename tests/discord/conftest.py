"""The project's bot on a fresh store, with a clock and seeds the test controls.

Every test that uses `settings` runs twice: on a SQLite file and on a PostgreSQL database of its
own (tests/conftest.py starts the server), except those that hold the SQLite file's own lock.
"""

from collections.abc import Callable
from pathlib import Path

import pytest

from bot.app import DungeonBot
from bot.config import Settings
from cogs.channel_game import ChannelGameCog
from tests.clock import Clock
from tests.harness import MANAGE_GUILD, User, World

SEED = 3  # Scoundrel seed 3 deals 3♠ 7♥ 8♣ 2♣ first


@pytest.fixture
def clock() -> Clock:
    return Clock()


STORES = ("sqlite", "postgresql")
SQLITE_ONLY = {
    # Another process holds the SQLite file's write lock.
    "tests.discord.test_slow_store",
    # Whole games of many moves, about a game's flow (10 to 30 s on each store). The store is
    # the same for every game, and each call they make (saves, timers, rated and unrated
    # results, boards) is made on both stores by shorter tests.
    "tests.discord.test_deuces_duel_discord::"
    "test_a_duel_is_drafted_in_private_and_played_to_the_rated_board",
    "tests.discord.test_dungeon_discord::test_a_duel_against_the_bot_is_played_to_its_end",
    "tests.discord.test_rpg_discord::test_two_people_and_two_bots_play_to_the_end",
    "tests.discord.test_rpg_discord::test_a_player_who_leaves_falls_and_the_game_goes_on",
    "tests.discord.test_deuces_party_choices",
    "tests.discord.test_dragons_discord::"
    "test_the_player_whose_turn_it_is_is_mentioned_and_nobody_else",
    "tests.discord.test_deuces_masters_discord",
    "tests.discord.test_deuces_quest_discord",
    # Every step of long games drawn for each viewer: about the replay's views, not the store
    # (the same replays are read from both stores by the test before it).
    "tests.discord.test_history_discord::test_hidden_hands_never_show_in_another_players_replay",
}
"""Tests that run on SQLite only: about the SQLite store itself, or a long play-through."""


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "store_kind" in metafunc.fixturenames:
        module = metafunc.module.__name__
        only_sqlite = {module, f"{module}::{metafunc.function.__name__}"} & SQLITE_ONLY
        metafunc.parametrize("store_kind", STORES[:1] if only_sqlite else STORES)


@pytest.fixture(autouse=True)
def sweeps_run_when_the_test_says(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sweep's loop is not started: its first pass would run whenever the loop got to it,
    before or after a test moves its clock, and expire what the test meant to click late.
    Tests that move the clock call `lifecycle.sweep()` themselves."""

    async def no_loop(self: ChannelGameCog) -> None:
        return None

    monkeypatch.setattr(ChannelGameCog, "cog_load", no_loop)


@pytest.fixture
def store_kind() -> str:
    """Which store the bot keeps its games in (parametrized above)."""
    return "sqlite"


@pytest.fixture
def database_url(store_kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    if store_kind == "sqlite":
        return f"sqlite:///{tmp_path}/data/bot.sqlite3"
    return request.getfixturevalue("postgres_url")


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(
        _env_file=None,
        discord_token=None,
        database_url=database_url,
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
