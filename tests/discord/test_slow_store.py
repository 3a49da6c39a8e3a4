"""A database held by another process (a backup, a long query) must not turn into "This
interaction failed": clicks are acknowledged within Discord's 3 seconds whatever the store does,
then answered when it can. These run in real time against a real lock on the SQLite file."""

import asyncio
import sqlite3
import threading
import time
from datetime import datetime, timedelta
from pathlib import Path

from cogs import answers, turns
from cogs.clock_offset import ClockOffset
from cogs.turns import WORK_SLOTS
from storage import GameStatus
from tests.harness import ProblemKind


def hold_write_lock(database: Path, seconds: float) -> threading.Thread:
    """Another connection takes the write lock for `seconds`, as a backup or migration would."""
    taken = threading.Event()

    def hold() -> None:
        connection = sqlite3.connect(database, isolation_level=None)
        connection.execute("BEGIN IMMEDIATE")
        taken.set()
        time.sleep(seconds)
        connection.execute("COMMIT")
        connection.close()

    thread = threading.Thread(target=hold, daemon=True)
    thread.start()
    taken.wait(5)
    return thread


async def tables_of(discord, world, players: list) -> list:
    """A Scoundrel table for each player, each in a channel of its own."""
    return [
        (
            await discord.slash("scoundrel new", user, channel=world.add_channel(f"table-{n}"))
        ).message
        for n, user in enumerate(players)
    ]


async def first_buttons_at_once(discord, games: list, players: list) -> list:
    """Every player presses their table's first button at the same moment."""
    return await asyncio.gather(
        *(
            discord.click(game, game.buttons[0]["custom_id"], user, settle=False)
            for game, user in zip(games, players, strict=True)
        )
    )


def database_of(settings) -> Path:
    return Path(settings.database_url.removeprefix("sqlite:///"))


async def test_clicks_during_a_four_second_lock_are_all_acknowledged_and_saved(
    harness, make_bot, settings, world
) -> None:
    players = [world.add_user(f"p{n}") for n in range(4)]
    async with harness.running(make_bot) as discord:
        games = await tables_of(discord, world, players)
        holder = hold_write_lock(database_of(settings), 4.0)
        started = time.perf_counter()
        clicks = await first_buttons_at_once(discord, games, players)
        await discord.settle()
        waited = time.perf_counter() - started
        holder.join()
        for click in clicks:
            assert click.response_type == 6, "acknowledged early, as a deferred update"
        for number, game in enumerate(games, start=1):
            assert (await discord.bot.store.get_game(number)).version == 1, "the move was saved"
            assert game.edits == 1, "and the message shows it"
    assert waited >= 3.5, "the lock really held the commits back"


async def test_a_lock_longer_than_the_store_waits_is_answered_and_saves_nothing(
    harness, make_bot, settings, alice
) -> None:
    async with harness.running(make_bot) as discord:
        game = (await discord.slash("scoundrel new", alice)).message
        before = dict(game.payload)
        holder = hold_write_lock(database_of(settings), 6.5)
        with harness.expect_errors(ProblemKind.ERROR_LOGGED):
            click = await discord.click(game, game.buttons[0]["custom_id"], alice)
        holder.join()
        assert click.response_type == 6
        assert "Your game is saved" in click.followup.content and click.followup.ephemeral
        record = await discord.bot.store.get_game(1)
        assert (record.version, record.status) == (0, GameStatus.ACTIVE)
        assert game.payload == before, "nothing moved"
        again = await discord.click(game, game.buttons[0]["custom_id"], alice)
        assert again.response_type == 7, "once the lock is gone, the same button plays"


async def test_a_command_during_a_lock_is_acknowledged_and_its_game_shown_publicly(
    harness, make_bot, settings, alice, bob, world
) -> None:
    async with harness.running(make_bot) as discord:
        holder = hold_write_lock(database_of(settings), 3.5)
        started = await discord.slash("scoundrel new", alice)
        daily = await discord.slash("scoundrel daily", bob, channel=world.add_channel("quiet"))
        holder.join()
        assert started.response_type == 5, "acknowledged early, 'thinking...'"
        assert not started.message.ephemeral and started.message.heading.startswith("Scoundrel"), (
            "the placeholder became the game's public message"
        )
        record = await discord.bot.store.get_game(1)
        assert record.message_id == started.message.id
        click = await discord.click(started.message, started.message.buttons[0]["custom_id"], alice)
        assert click.response_type == 7
        assert daily.message.ephemeral, "a daily attempt stays private when deferred"


async def test_a_click_answered_after_discords_deadline_still_shows_its_move(
    harness, make_bot, settings, alice
) -> None:
    """Its answer is refused (10062): the move, saved, is put on the table through the channel,
    and the bot tries nothing more on the dead interaction."""
    async with harness.running(make_bot, ack_deadline=1.0) as discord:
        game = (await discord.slash("scoundrel new", alice)).message
        holder = hold_write_lock(database_of(settings), 1.6)  # past 1 s, short of the watch's 2 s
        with discord.expect_errors(ProblemKind.LATE_ACK) as expected:
            click = await discord.click(game, game.button("Drink 7♥")["custom_id"], alice)
        holder.join()
        assert click.error == "10062 Unknown interaction"
        assert len(expected.late) == 1, "one late answer, not one per way of answering"
        assert (await discord.bot.store.get_game(1)).version == 1, "the move was saved"
        assert game.edits == 1 and "Drink 7♥" not in str(game.buttons), "and the table shows it"


async def test_a_click_that_waited_too_long_is_acknowledged_before_its_work(
    harness, make_bot, alice, monkeypatch
) -> None:
    """As in a burst, where the clicks ahead take its time: it is deferred at once, then
    played, and its table edited through the deferred answer."""
    async with harness.running(make_bot) as discord:
        game = (await discord.slash("scoundrel new", alice)).message
        monkeypatch.setattr(answers, "LATE_AFTER", -1.0)  # every click counts as old
        click = await discord.click(game, game.button("Drink 7♥")["custom_id"], alice)
        assert click.response_type == 6, "acknowledged first, as a deferred update"
        assert (await discord.bot.store.get_game(1)).version == 1
        assert game.edits == 1 and "Drink 7♥" not in str(game.buttons), "then played"


async def test_a_click_that_reaches_the_bot_late_is_acknowledged_by_its_age(
    harness, make_bot, settings, alice, monkeypatch
) -> None:
    """The watch counts from when Discord made the click, not from when the bot read it: a
    click read 1.5 s late, whose work then waits on the store, is still acknowledged in time."""
    monkeypatch.setattr(answers, "LATE_AFTER", 10.0)  # the watch alone acknowledges it
    async with harness.running(make_bot) as discord:
        game = (await discord.slash("scoundrel new", alice)).message
        holder = hold_write_lock(database_of(settings), 3.5)  # past 3 s from the click
        pressed = asyncio.ensure_future(
            discord.click(game, game.button("Drink 7♥")["custom_id"], alice)
        )
        await asyncio.sleep(0)  # the click is made, and waits for the bot's reader
        time.sleep(1.5)  # the loop is held up before the reader's turn, as in a burst
        click = await pressed
        holder.join()
        assert click.response_type == 6, "acknowledged early, as a deferred update"
        assert click.record.acknowledged_at - click.record.created_at < 2.5
        assert (await discord.bot.store.get_game(1)).version == 1, "then played"


async def test_clicks_beyond_the_work_slots_wait_their_turn_and_are_all_answered(
    harness, make_bot, settings, world
) -> None:
    """Twelve games clicked at once while the store is locked: only WORK_SLOTS of them do
    their work at a time; the others wait, are acknowledged by their watches, then played."""
    players = [world.add_user(f"p{n}") for n in range(12)]
    async with harness.running(make_bot) as discord:
        games = await tables_of(discord, world, players)
        store = discord.bot.store
        saving, most = 0, 0
        commit_action = store.commit_action

        async def counted(*args, **kwargs):
            nonlocal saving, most
            saving += 1
            most = max(most, saving)
            try:
                return await commit_action(*args, **kwargs)
            finally:
                saving -= 1

        store.commit_action = counted
        holder = hold_write_lock(database_of(settings), 2.5)
        clicks = await first_buttons_at_once(discord, games, players)
        await discord.settle()
        holder.join()
        assert most == WORK_SLOTS, "as many moves saving at once as there are slots, no more"
        assert all(click.acknowledged and click.error is None for click in clicks)
        assert [(await store.get_game(n + 1)).version for n in range(12)] == [1] * 12


async def test_a_click_behind_a_long_queue_for_a_slot_is_acknowledged_on_arrival(
    harness, make_bot, settings, world, monkeypatch
) -> None:
    """Past SLOT_QUEUE_BEFORE_ACK clicks waiting for a work slot, a new click is deferred as it
    arrives, then played in its turn; the ones before it (working, or first in the queue) are
    answered by their own edits. The store is locked for a second, so that the clicks with a
    slot hold it while they wait to commit."""
    monkeypatch.setattr(turns, "SLOT_QUEUE_BEFORE_ACK", 2)
    # on a slow machine too, the queue rule alone: neither the age nor the watch defers
    monkeypatch.setattr(answers, "LATE_AFTER", 10.0)
    monkeypatch.setattr(answers, "ACK_AFTER", 10.0)
    players = [world.add_user(f"p{n}") for n in range(8)]
    async with harness.running(make_bot) as discord:
        games = await tables_of(discord, world, players)
        holder = hold_write_lock(database_of(settings), 1.0)
        clicks = await first_buttons_at_once(discord, games, players)
        await discord.settle()
        holder.join()
        kinds = [click.response_type for click in clicks]
        served = WORK_SLOTS + 2  # a slot each, then two waiting for one
        assert kinds[:served] == [7] * served, f"answered by their edits: {kinds}"
        assert kinds[served:] == [6] * (8 - served), f"behind two waiting, deferred: {kinds}"
        assert all(game.edits == 1 for game in games), "and every table shows its move"
        store = discord.bot.store
        assert [(await store.get_game(n + 1)).version for n in range(8)] == [1] * 8


async def test_a_click_behind_a_long_queue_for_its_game_is_acknowledged_on_arrival(
    harness, make_bot, alice, monkeypatch
) -> None:
    """Eight presses of one button at once: the first plays; the next two wait for the game and
    are refused as stale; the rest find two waiting for that game, are deferred on arrival,
    then told by a follow-up."""
    monkeypatch.setattr(turns, "GAME_QUEUE_BEFORE_ACK", 2)
    # on a slow machine too, the queue rule alone: neither the age nor the watch defers
    monkeypatch.setattr(answers, "LATE_AFTER", 10.0)
    monkeypatch.setattr(answers, "ACK_AFTER", 10.0)
    async with harness.running(make_bot) as discord:
        game = (await discord.slash("scoundrel new", alice)).message
        button = game.buttons[0]["custom_id"]
        clicks = await asyncio.gather(
            *(discord.click(game, button, alice, settle=False) for _ in range(8))
        )
        await discord.settle()
        kinds = [click.response_type for click in clicks]
        assert kinds == [7, 4, 4, 6, 6, 6, 6, 6], kinds
        for click in clicks[3:]:
            assert "out of date" in click.followups[0].content
        assert (await discord.bot.store.get_game(1)).version == 1


async def test_a_machine_clock_ahead_of_discords_does_not_make_every_click_late(
    harness, make_bot, alice, monkeypatch
) -> None:
    """With this clock 2.5 s ahead, every click seems past the 2 s mark on arrival; the bot
    measures the lead from the freshest arrivals and answers clicks at once, not deferred."""

    class Ahead(datetime):
        @classmethod
        def now(cls, tz=None):  # type: ignore[override]
            return datetime.now(tz) + timedelta(seconds=2.5)

    monkeypatch.setattr(answers, "datetime", Ahead)
    monkeypatch.setattr(answers, "_offset", ClockOffset())
    async with harness.running(make_bot) as discord:
        game = (await discord.slash("scoundrel new", alice)).message
        click = await discord.click(game, game.button("Drink 7♥")["custom_id"], alice)
        assert click.response_type == 7, "the table is updated in the answer itself"
        assert game.edits == 1 and "Drink 7♥" not in str(game.buttons)
