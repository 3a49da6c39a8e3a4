"""A game whose stored row no longer loads (a state an upgrade changed the model of, damage)
never holds its channel for ever: its players or a moderator can still abandon it, and it
still expires; it closes with no result, its row is kept, and it is logged once with its id.
`python -m bot doctor` lists such rows."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Awaitable, Callable

import pytest

from bot.doctor import doctor
from storage import GameStatus, Store
from tests.discord.stores import drop_players, set_column
from tests.harness import User


async def wrong_type(store: Store) -> None:
    record = await store.get_game(1)
    assert record is not None
    changed = {**json.loads(record.state), "hp": ["twenty"]}  # an int field, now a list
    await set_column(store, 1, "state", json.dumps(changed))


async def state_not_json(store: Store) -> None:
    await set_column(store, 1, "state", "{")


async def narration_not_json(store: Store) -> None:
    await set_column(store, 1, "narration", "the dealer spoke")


async def no_players(store: Store) -> None:
    await drop_players(store, 1)


DAMAGE: dict[str, Callable[[Store], Awaitable[None]]] = {
    "a field of the wrong type": wrong_type,
    "state not JSON": state_not_json,
    "narration not JSON": narration_not_json,
    "no players": no_players,
}


def reported(caplog: pytest.LogCaptureFixture, game_id: int) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.levelno == logging.WARNING and f"game {game_id} " in r.getMessage()
    ]


@pytest.mark.parametrize("damage", DAMAGE)
async def test_a_game_that_no_longer_loads_is_abandoned_and_frees_its_channel(
    harness, make_bot, alice: User, bob: User, moderator: User, damage: str, caplog, database_url
) -> None:
    async with harness.running(make_bot) as discord:
        game = (await discord.slash("scoundrel new", alice)).message
        store = discord.bot.store
        await DAMAGE[damage](store)
        click = await discord.click(game, game.buttons[0]["custom_id"], alice)
        assert click.ephemeral and "can no longer be loaded" in click.content
        who = moderator if damage == "no players" else alice
        resumed = await discord.slash("game resume", who)
        assert resumed.ephemeral and "`/game abandon`" in resumed.content
        ended = await discord.slash("game abandon", who)
        assert not ended.ephemeral and f"Abandoned by {who.name}" in ended.content
        record = await store.get_game(1)
        assert record is not None and record.status == GameStatus.ABANDONED
        assert await store.results(1) == [], "nothing to score: no result"
        assert "could no longer be loaded" in game.text and game.buttons == []
        assert len(reported(caplog, 1)) == 1, "logged once, with its id"
        again = await discord.slash("scoundrel new", bob)
        assert not again.ephemeral and again.created_threads == [], "the channel is free"

        out = io.StringIO()
        assert await doctor(database_url, out) == 1
        lines = out.getvalue().splitlines()
        assert lines[0].startswith("game 1 (scoundrel, abandoned):")
        assert lines[-1].endswith("2 games in " + lines[-1].split(" in ", 1)[1])
        assert "1 cannot be loaded" in lines[-1]


@pytest.mark.parametrize("damage", ["a field of the wrong type", "no players"])
async def test_a_game_that_no_longer_loads_still_expires(
    harness, make_bot, alice: User, bob: User, damage: str, caplog, clock, database_url
) -> None:
    async with harness.running(make_bot) as discord:
        game = (await discord.slash("scoundrel new", alice)).message
        store = discord.bot.store
        await DAMAGE[damage](store)
        out = io.StringIO()
        assert await doctor(database_url, out) == 1
        assert "holding channel" in out.getvalue()
        clock.advance(minutes=61)
        await discord.bot.router.lifecycle.sweep()
        await discord.bot.router.lifecycle.sweep()
        record = await store.get_game(1)
        assert record is not None and record.status == GameStatus.EXPIRED
        assert await store.results(1) == []
        assert "Expired" in game.text and "could no longer be loaded" in game.text
        assert len(reported(caplog, 1)) == 1
        again = await discord.slash("scoundrel new", bob)
        assert not again.ephemeral and again.created_threads == []


async def test_the_doctor_finds_nothing_wrong_with_games_that_load(
    harness, make_bot, alice: User, database_url
) -> None:
    async with harness.running(make_bot) as discord:
        await discord.slash("scoundrel new", alice)
        await discord.slash("game abandon", alice)
        await discord.slash("dragons new", alice)
    out = io.StringIO()
    assert await doctor(database_url, out) == 0
    assert out.getvalue().startswith("Checked 2 games in ") and "every one loads" in out.getvalue()
