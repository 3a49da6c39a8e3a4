"""Every click is checked in one place against what its game declares and the status it is in;
buttons posted by earlier versions of the bot keep working; the clock's sweep survives a game
that fails."""

import copy
import json

import pytest

from bot.games.deuces import GAME
from cogs.boards import BoardRequest
from cogs.custom_ids import CustomId, decode
from storage import GameStatus
from tests.discord.test_deuces_discord import open_table, state_of
from tests.harness import ProblemKind, StoredMessage
from tests.harness.guilds import ATTACH_FILES, SEND_MESSAGES_IN_THREADS


def forged(message: StoredMessage, custom_id: str) -> StoredMessage:
    """The message as a modified client shows it, with one button's id replaced."""
    copied = StoredMessage(payload=copy.deepcopy(message.payload))
    copied.buttons[0]["custom_id"] = custom_id
    return copied


@pytest.mark.parametrize(
    ("word", "answer"),
    [
        ("join", "does not belong to this game"),  # a lobby's button on a solo game
        ("accept", "does not belong to this game"),  # a challenge's
        ("share", "still going"),  # Share is for a finished daily attempt
        ("hand", "does not belong to this game"),  # Scoundrel has no private hands
        ("again", "still going"),  # New game on a game that runs
        ("teleport", "does not belong to this game"),  # no such table word at all
    ],
)
async def test_a_table_button_its_game_lacks_is_refused_and_changes_nothing(
    harness, make_bot, alice, word, answer
) -> None:
    async with harness.running(make_bot) as discord:
        game = (await discord.slash("scoundrel new", alice)).message
        custom_id = f"t:1:0:{word}"
        result = await discord.click(forged(game, custom_id), custom_id, alice)
        assert result.ephemeral and answer in result.content, result.content
        record = await discord.bot.store.get_game(1)
        assert (record.version, record.status) == (0, GameStatus.ACTIVE)
        assert await discord.bot.store.get_game(2) is None, "no game was started"


async def test_a_lobby_select_aimed_at_another_game_is_refused(
    harness, make_bot, alice, world
) -> None:
    async with harness.running(make_bot) as discord:
        lobby = await open_table(discord, alice)
        await discord.slash("scoundrel new", alice, channel=world.add_channel("other"))
        copied = StoredMessage(payload=copy.deepcopy(lobby.payload))
        copied.payload["components"][1]["components"][0]["custom_id"] = "s:2:0:klass"
        result = await discord.select(copied, "s:2:0:klass", ["hedge_knight"], alice)
        assert result.ephemeral and "does not belong to this game" in result.content
        assert (await discord.bot.store.get_game(2)).version == 0


async def test_buttons_posted_by_earlier_versions_still_work(harness, make_bot, alice) -> None:
    """Before table buttons had a kind of their own, New game was `g:<id>:<v>:again:<variant>`
    and a hand's plays were `g:<id>:<v>:do:<move>`."""
    async with harness.running(make_bot) as discord:
        lobby = await open_table(discord, alice)
        table = (await discord.click(lobby, lobby.button("Start")["custom_id"], alice)).message
        record, state = await state_of(discord, 1)
        move = str(state.legal_actions(0)[0])
        legacy = f"g:1:{record.version}:do:{move}"
        played = await discord.click(forged(table, legacy), legacy, alice)
        assert played.response_type == 7, played.content
        assert [a.action for a in await discord.bot.store.actions(1)] == [move]
        await discord.slash("game abandon", alice)

        game = (await discord.slash("scoundrel new", alice, variant="easy")).message
        run = game.button("Run")["custom_id"]
        assert run == "g:2:0:run"
        moved = await discord.click(game, run, alice)
        assert moved.response_type == 7
        record = await discord.bot.store.get_game(2)
        await discord.bot.store.close_game(record.id, record.version, GameStatus.FINISHED)
        custom_id = "g:2:2:again:easy"
        again = await discord.click(forged(moved.message, custom_id), custom_id, alice)
        assert not again.ephemeral and again.message.heading == "Scoundrel · Easy"


async def test_a_lobby_stored_by_an_earlier_version_still_starts(harness, make_bot, alice) -> None:
    async with harness.running(make_bot) as discord:
        lobby = await open_table(discord, alice)
        store = discord.bot.store
        record = await store.get_game(1)
        earlier = json.dumps({"level": 2, "mode": "encounter", "classes": {}})
        await store.update_pending(record.id, record.version, record.players, earlier)
        started = await discord.click(lobby, lobby.button("Start")["custom_id"], alice)
        assert started.response_type == 7, started.content
        _, state = await state_of(discord, 1)
        assert state.level == 2


async def test_a_timeout_is_logged_as_the_moves_the_table_made(
    harness, make_bot, alice, clock
) -> None:
    async with harness.running(make_bot) as discord:
        lobby = await open_table(discord, alice)
        await discord.click(lobby, lobby.button("Start")["custom_id"], alice)
        clock.advance(minutes=3)
        assert await discord.bot.router.lifecycle.time_out_turns() == 1
        (logged,) = await discord.bot.store.actions(1)
    word, played = logged.action.split(" ")
    assert logged.user_id == 0 and word == "timeout" and played.startswith("@0:")
    assert str(GAME.parse_action(played.removeprefix("@0:"))) == played.removeprefix("@0:")


async def test_the_sweep_goes_on_past_a_game_that_fails(
    harness, make_bot, alice, bob, world, clock
) -> None:
    async with harness.running(make_bot) as discord:
        broken = (await discord.slash("scoundrel new", alice)).message
        other = world.add_channel("other")
        fine = (await discord.slash("scoundrel new", bob, channel=other)).message
        store = discord.bot.store
        lifecycle = discord.bot.router.lifecycle
        show_closed = lifecycle._show_closed

        async def fails_for_the_first(record, notice):
            if record.id == 1:
                raise RuntimeError("the message could not be drawn")
            await show_closed(record, notice)

        lifecycle._show_closed = fails_for_the_first
        clock.advance(minutes=61)
        with harness.expect_errors(ProblemKind.ERROR_LOGGED) as expected:
            await lifecycle.sweep()
        assert any("could not expire game 1" in p.describe() for p in expected.problems)
        assert (await store.get_game(2)).status == GameStatus.EXPIRED
        assert "Expired" in fine.text and broken.buttons


def test_a_board_page_names_any_variant_and_refuses_forged_pages() -> None:
    request = BoardRequest(board="scoundrel", variant="hard", period="week", page=2)
    custom = decode(request.custom_id(3))
    assert custom is not None and custom.arg == "2_week"
    assert BoardRequest.from_custom_id(custom) == request.model_copy(update={"page": 3})
    earlier = CustomId(kind="lb", game_id=0, version=0, action="scoundrel", arg="easy_all")
    assert BoardRequest.from_custom_id(earlier).variant == "easy"
    huge = CustomId(kind="lb", game_id=10**17, version=0, action="scoundrel", arg="any_all")
    assert BoardRequest.from_custom_id(huge) is None


async def test_without_thread_permissions_a_busy_channel_makes_no_unseen_game(
    harness, make_bot, alice, bob, world
) -> None:
    world.bot_permissions &= ~(SEND_MESSAGES_IN_THREADS)
    async with harness.running(make_bot) as discord:
        await discord.slash("scoundrel new", alice)
        refused = await discord.slash("scoundrel new", bob)
        assert refused.ephemeral and "Send Messages in Threads" in refused.content
        assert refused.created_threads == [] and await discord.bot.store.get_game(2) is None

        challenge = (await discord.slash("dragons challenge", bob, opponent=alice)).message
        accept = await discord.click(challenge, challenge.button("Accept")["custom_id"], alice)
        assert accept.ephemeral and "Send Messages in Threads" in accept.content
        record = await discord.bot.store.get_game(2)
        assert record.status == GameStatus.PENDING, "still waiting, nobody lost a rating"


async def test_without_attach_files_a_game_in_a_thread_is_posted_without_its_picture(
    harness, make_bot, alice, bob, world
) -> None:
    world.bot_permissions &= ~ATTACH_FILES
    async with harness.running(make_bot) as discord:
        here = await discord.slash("scoundrel new", alice)  # an answer: no permission needed
        assert [a["filename"] for a in here.message.attachments] == ["table.png"]
        elsewhere = await discord.slash("scoundrel new", bob)
        [thread] = elsewhere.created_threads
        [posted] = [m for m in elsewhere.created_messages if m.channel_id == thread.id]
        assert posted.attachments == [] and posted.media_urls == []
        assert posted.button("Run") and (await discord.bot.store.get_game(2)).status == "active"
        assert "🚪 Room 1 3♠ 7♥ 8♣ 2♣ (play 3 more)" in posted.texts, "the room the picture showed"
        assert "🚪 Room" not in here.message.text, "beside the picture, only the picture shows it"


async def test_a_click_on_a_message_resume_replaced_is_refused(harness, make_bot, alice) -> None:
    """Clicks queued behind /game resume carry the current version, but the game moved."""
    async with harness.running(make_bot) as discord:
        old = (await discord.slash("scoundrel new", alice)).message
        snapshot = StoredMessage(payload=copy.deepcopy(old.payload))
        await discord.slash("game resume", alice)
        late = await discord.click(snapshot, snapshot.button("Drink 7♥")["custom_id"], alice)
        assert late.ephemeral and "moved to a newer message" in late.content
        assert (await discord.bot.store.get_game(1)).version == 0


async def test_an_option_the_bot_no_longer_offers_is_explained(harness, make_bot, alice) -> None:
    async with harness.running(make_bot) as discord:
        stale = await discord.slash("scoundrel new", alice, variant="nightmare")
        assert stale.ephemeral and "/help" in stale.content
        too_high = await discord.slash("deuces new", alice, level=9)
        assert too_high.ephemeral and "level must be from 1 to 5 (got 9)" in too_high.content
        assert await discord.bot.store.get_game(1) is None


async def test_a_forged_table_id_cannot_edit_another_games_message(
    harness, make_bot, alice, bob, world
) -> None:
    async with harness.running(make_bot) as discord:
        game = (await discord.slash("scoundrel new", alice)).message
        await discord.slash("deuces new", bob, channel=world.add_channel("lobby"))
        before = copy.deepcopy(game.payload)
        for custom_id in ("t:2:0:join", "t:2:0:leave"):
            result = await discord.click(forged(game, custom_id), custom_id, bob)
            assert result.ephemeral and "does not belong" in result.content
        assert game.payload == before, "alice's table untouched"
        assert len((await discord.bot.store.get_game(2)).players) == 1


async def test_a_forged_bot_seat_at_a_table_without_bot_players_is_refused(
    harness, make_bot, alice
) -> None:
    async with harness.running(make_bot) as discord:
        lobby = (await discord.slash("deuces new", alice)).message
        assert not any("addbot" in c for c in lobby.custom_ids), "no bot players offered"
        record = await discord.bot.store.get_game(1)
        forged = StoredMessage(payload=copy.deepcopy(lobby.payload))
        custom_id = f"t:1:{record.version}:addbot"
        forged.buttons[0]["custom_id"] = custom_id
        refused = await discord.click(forged, custom_id, alice, check=False)
        assert refused.ephemeral and "does not belong to this game" in refused.content
        after = await discord.bot.store.get_game(1)
        assert after.players == record.players and after.version == record.version
