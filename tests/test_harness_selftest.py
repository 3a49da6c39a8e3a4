"""The offline Discord harness, tested against a small real discord.py bot."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from pathlib import Path

import discord
import pytest
from discord.ext import commands
from discord.state import ConnectionState
from discord.webhook.async_ import AsyncWebhookAdapter

from tests.harness import spec
from tests.harness.components_v2 import v2_problems
from tests.harness.fakecord import SETTLE_TASK_PREFIXES
from tests.harness.guilds import CREATE_PUBLIC_THREADS, MANAGE_GUILD, User
from tests.harness.problems import ProblemKind
from tests.harness.recording import API_BASE
from tests.harness.runner import Harness
from tests.harness.selftest_bot import LONG_LABEL, SelftestBot
from tests.harness.world import World

pytest_plugins = ["tests.harness.pytest_plugin"]


BotFactory = Callable[[], SelftestBot]


@pytest.fixture
def make_bot(tmp_path: Path) -> BotFactory:
    """Each call is a fresh bot process on the same SQLite file, as after a restart."""
    return lambda: SelftestBot(tmp_path / "votes.sqlite3")


@pytest.fixture
def alice(world: World) -> User:
    return world.add_user("alice")


@pytest.fixture
def mod(world: World) -> User:
    return world.add_user("mod", permissions=MANAGE_GUILD)


# ---- interactions --------------------------------------------------------------------------------


async def test_slash_with_subcommand_and_user_option(
    harness: Harness, world: World, make_bot: BotFactory, alice: User, mod: User
) -> None:
    async with harness.running(make_bot) as discord_:
        result = await discord_.slash("demo greet", alice, who=mod, times=2)
    assert result.response_type == 4
    assert result.content == "Hello mod! Hello mod!"
    assert not result.ephemeral
    option = result.payload["data"]["options"][0]
    assert option["type"] == 1 and option["name"] == "greet"
    assert {o["name"]: o["type"] for o in option["options"]} == {"who": 6, "times": 4}
    assert str(mod.id) in result.payload["data"]["resolved"]["members"]


async def test_subcommand_group_and_member_permissions(
    harness: Harness, make_bot: BotFactory, alice: User, mod: User
) -> None:
    async with harness.running(make_bot) as discord_:
        moderator = await discord_.slash("demo admin check", mod)
        player = await discord_.slash("demo admin check", alice)
    assert moderator.content == "manage_guild=True reported=True"
    assert player.content == "manage_guild=False reported=False"
    group = moderator.payload["data"]["options"][0]
    assert (group["type"], group["options"][0]["type"]) == (2, 1)


async def test_dynamic_item_click_updates_message_in_place(
    harness: Harness, world: World, make_bot: BotFactory, alice: User
) -> None:
    async with harness.running(make_bot) as discord_:
        poll = await discord_.slash("poll", alice)
        clicked = await discord_.click(poll.message, "vote:0", alice)
    assert clicked.response_type == 7
    assert clicked.message.id == poll.message.id
    assert clicked.content == "1 vote(s), last by alice"
    assert clicked.message.custom_ids == ["vote:1"]
    assert clicked.message.edits == 1
    assert len(world.messages_in(world.channel)) == 1


async def test_button_survives_restart(
    harness: Harness, world: World, make_bot: BotFactory, alice: User
) -> None:
    bob = world.add_user("bob")
    async with harness.running(make_bot) as first:
        poll = await first.slash("poll", alice)
        await first.click(poll.message, "vote:0", alice)
    async with harness.running(make_bot) as second:
        assert second.bot is not first.bot
        result = await second.click(poll.message.id, "vote:1", bob)
        assert await second.bot.votes() == 2
    assert result.response_type == 7
    assert world.message(poll.message.id).content == "2 vote(s), last by bob"


async def test_deferred_update_then_edit_of_original(
    harness: Harness, world: World, make_bot: BotFactory, alice: User
) -> None:
    async with harness.running(make_bot) as discord_:
        board = await discord_.slash("board", alice)
        refreshed = await discord_.click(board.message, "refresh", alice)
    assert refreshed.response_type == 6
    assert refreshed.message.id == board.message.id
    assert world.message(board.message.id).content == "refreshed by alice"
    (edit,) = refreshed.requests[1:]
    assert (edit.method, edit.path.rsplit("/", 1)[-1]) == ("PATCH", "@original")


async def test_file_upload_is_validated_and_stored(
    harness: Harness, make_bot: BotFactory, alice: User
) -> None:
    async with harness.running(make_bot) as discord_:
        result = await discord_.slash("report", alice)
    (attachment,) = result.message.attachments
    assert (attachment["filename"], attachment["size"]) == ("report.txt", 5)
    (callback,) = result.requests
    assert callback.body["data"]["content"] == "see attached"  # payload_json, validated
    assert callback.files[0]["filename"] == "report.txt"


async def test_select_menu(harness: Harness, make_bot: BotFactory, alice: User) -> None:
    async with harness.running(make_bot) as discord_:
        menu = await discord_.slash("flavour", alice)
        picked = await discord_.select(menu.message, "flavour", ["cocoa"], alice)
    assert picked.response_type == 4
    assert picked.ephemeral
    assert picked.content == "You picked cocoa"
    assert picked.payload["data"] == {
        "custom_id": "flavour",
        "component_type": 3,
        "values": ["cocoa"],
    }


async def test_ephemeral_reply(harness: Harness, make_bot: BotFactory, alice: User) -> None:
    async with harness.running(make_bot) as discord_:
        result = await discord_.slash("secret", alice)
    assert result.ephemeral
    assert result.response_data["flags"] & 64
    assert result.message.ephemeral_for == alice.id


async def test_defer_then_followups(harness: Harness, make_bot: BotFactory, alice: User) -> None:
    async with harness.running(make_bot) as discord_:
        result = await discord_.slash("slow", alice)
    assert result.response_type == 5
    first, second = result.followups
    assert first.id == result.message.id  # the first followup replaces "thinking..."
    assert result.content == "done thinking" and not result.message.loading
    assert second.content == "and one more thing" and second.ephemeral


async def test_thread_created_and_posted_into(
    harness: Harness, world: World, make_bot: BotFactory, alice: User
) -> None:
    async with harness.running(make_bot) as discord_:
        result = await discord_.slash("thread", alice, name="Side quest")
        (thread,) = result.created_threads
        assert discord_.bot.get_channel(thread.id) is not None  # THREAD_CREATE reached the cache
        again = await discord_.slash("secret", alice, channel=thread)
    assert thread.parent_id == world.channel.id and thread.type == 11
    welcome, whisper = world.messages_in(thread)
    assert welcome.content == "Welcome to Side quest"
    assert whisper.ephemeral and whisper.channel_id == thread.id
    assert result.ephemeral and result.content == f"Opened <#{thread.id}>"
    assert again.payload["channel"]["type"] == 11


async def test_channel_message_edits(
    harness: Harness, world: World, make_bot: BotFactory, alice: User
) -> None:
    async with harness.running(make_bot) as discord_:
        result = await discord_.slash("announce", alice, text="Doors open")
        missing = await discord_.slash("forget", alice)
    (posted,) = [m for m in result.created_messages if not m.ephemeral]
    assert posted.content == "Final: Doors open"
    assert posted.embed["title"] == "Doors open"
    assert posted.edits == 2
    assert missing.content == "not found: 10008"
    patch = discord_.find_requests("PATCH", "/channels/{channel_id}/messages/{message_id}")
    assert [r.status for r in patch] == [200, 200, 404]
    assert patch[0].user is alice


async def test_command_sync_goes_through_the_spec(
    harness: Harness, world: World, make_bot: BotFactory
) -> None:
    async with harness.running(make_bot) as discord_:
        synced = await discord_.bot.tree.sync()
        guild = discord.Object(id=world.guild.id)
        discord_.bot.tree.copy_global_to(guild=guild)
        await discord_.bot.tree.sync(guild=guild)
    assert {c.name for c in synced} >= {"demo", "poll", "slow"}
    assert {c["name"] for c in world.commands[world.guild.id]} == {c.name for c in synced}
    (put,) = discord_.find_requests("PUT", "/applications/{application_id}/commands")
    assert put.violations == []


async def test_concurrent_clicks_then_settle(
    harness: Harness, world: World, make_bot: BotFactory, alice: User
) -> None:
    bob = world.add_user("bob")
    async with harness.running(make_bot) as discord_:
        poll = await discord_.slash("poll", alice)
        first = await discord_.click(poll.message, "vote:0", alice, settle=False)
        second = await discord_.click(poll.message, "vote:0", bob, settle=False)
        await discord_.settle()
        assert await discord_.bot.votes() == 2
    assert first.response_type == second.response_type == 7
    assert poll.message.edits == 2


async def test_missing_permission_is_a_403(
    harness: Harness, world: World, make_bot: BotFactory, alice: User
) -> None:
    world.channel.bot_permissions = world.bot_permissions & ~CREATE_PUBLIC_THREADS
    async with harness.running(make_bot) as discord_:
        with discord_.expect_errors(ProblemKind.ERROR_LOGGED) as expected:
            result = await discord_.slash("thread", alice, name="Nope")
    assert "403 Forbidden (error code: 50013): Missing Permissions" in expected.errors[0].detail
    assert result.created_threads == []
    assert result.acknowledged  # deferred before failing: no "interaction failed" on top


# ---- problems the harness must catch -------------------------------------------------------------


async def test_late_acknowledgement_gets_10062(
    harness: Harness, make_bot: BotFactory, alice: User
) -> None:
    async with harness.running(make_bot, ack_deadline=0.05) as discord_:
        with discord_.expect_errors() as expected:
            result = await discord_.slash("late", alice, seconds=0.1)
    assert result.error == "10062 Unknown interaction"
    assert not result.acknowledged
    assert len(expected.late) == 1
    assert "10062" in expected.errors[0].detail  # discord.py logged the NotFound
    assert expected.unacknowledged == []  # the late callback is the one report


async def test_unacknowledged_interaction_is_flagged(
    harness: Harness, make_bot: BotFactory, alice: User
) -> None:
    async with harness.running(make_bot) as discord_:
        with discord_.expect_errors(ProblemKind.UNACKNOWLEDGED) as expected:
            await discord_.slash("silent", alice)
    assert expected.unacknowledged[0].summary == "/silent by alice"


async def test_logged_error_is_collected(
    harness: Harness, make_bot: BotFactory, alice: User
) -> None:
    async with harness.running(make_bot) as discord_:
        with discord_.expect_errors() as expected:
            await discord_.slash("boom", alice)
    assert "kaboom" in expected.errors[0].detail


async def test_invalid_body_is_a_violation(
    harness: Harness, make_bot: BotFactory, alice: User
) -> None:
    spec.require_spec()
    async with harness.running(make_bot) as discord_:
        with discord_.expect_errors() as expected:
            result = await discord_.slash("oversized", alice)
    (violation,) = expected.violations
    assert "label" in violation.summary and "too long" in violation.summary
    assert result.requests[0].status == 400  # rejected like Discord: Invalid Form Body


async def test_harness_fails_the_test_on_problems(
    world: World, make_bot: BotFactory, alice: User
) -> None:
    runner = Harness(world)
    async with runner.running(make_bot) as discord_:
        await discord_.slash("boom", alice)
    with pytest.raises(pytest.fail.Exception) as failure:
        runner.check()
    assert "kaboom" in str(failure.value) and "never acknowledged" in str(failure.value)
    runner.check()  # reported once


async def test_click_on_missing_button_is_a_test_error(
    harness: Harness, make_bot: BotFactory, alice: User
) -> None:
    async with harness.running(make_bot) as discord_:
        poll = await discord_.slash("poll", alice)
        with pytest.raises(AssertionError, match="no component 'vote:7'"):
            await discord_.click(poll, "vote:7", alice)


async def test_fake_answers_match_the_spec(
    harness: Harness, world: World, make_bot: BotFactory, alice: User, mod: User
) -> None:
    """The fake's own answers are checked too, so it cannot drift away from Discord's."""
    checker = spec.require_spec()
    async with harness.running(make_bot) as discord_:
        await discord_.bot.tree.sync()
        poll = await discord_.slash("poll", alice)
        await discord_.click(poll.message, "vote:0", alice)
        board = await discord_.slash("board", alice)
        await discord_.click(board.message, "refresh", alice)
        menu = await discord_.slash("flavour", alice)
        await discord_.select(menu.message, "flavour", ["tea"], alice)
        for command in ("slow", "secret", "report"):
            await discord_.slash(command, alice)
        await discord_.slash("thread", alice, name="Quest")
        await discord_.slash("announce", alice, text="Hi")
        channel = await discord_.bot.fetch_channel(world.channel.id)
        message = await channel.fetch_message(poll.message.id)
        await message.delete()
    assert world.message(poll.message.id).deleted
    answered = [r for r in harness.requests if r.status < 300]
    assert len({(r.method, r.path) for r in answered}) >= 12
    wrong = {
        f"{r.method} {r.path} -> {r.status}": found
        for r in answered
        if (found := checker.check_response(r.method, r.path, r.status, r.response))
    }
    assert wrong == {}


# ---- the spec checker on its own -----------------------------------------------------------------


def test_spec_paths_match_generically() -> None:
    checker = spec.require_spec()
    assert checker.match("/interactions/{webhook_id}/{webhook_token}/callback") == (
        "/interactions/{interaction_id}/{interaction_token}/callback"
    )
    original = "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
    assert checker.match(original) == original
    assert checker.match("/webhooks/{a}/{b}/messages/{c}") == (
        "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"
    )
    assert checker.match("/users/@me") == "/users/@me"
    assert checker.match("/nowhere/{x}") is None


def test_spec_rejects_long_label_and_title() -> None:
    spec.require_spec()
    row = {
        "type": 1,
        "components": [{"type": 2, "style": 1, "label": LONG_LABEL, "custom_id": "a"}],
    }
    callback = "/interactions/{webhook_id}/{webhook_token}/callback"
    (label,) = spec.validate_request("POST", callback, {"type": 4, "data": {"components": [row]}})
    assert label.startswith("$.data.components[0].components[0].label") and "too long" in label
    update = {"type": 7, "data": {"embeds": [{"title": "t" * 257}]}}
    (title,) = spec.validate_request("POST", callback, update)
    assert title.startswith("$.data.embeds[0].title")
    ok = {"type": 4, "data": {"content": "fine", "flags": 64}}
    assert spec.validate_request("POST", callback, ok) == []


def test_spec_accepts_integer_snowflakes_in_requests_only() -> None:
    checker = spec.require_spec()
    upload = {"content": "file", "attachments": [{"id": 0, "filename": "a.txt"}]}
    assert spec.validate_request("POST", "/channels/{channel_id}/messages", upload) == []
    (problem,) = checker.check_response("GET", "/users/@me", 200, {"id": 1})
    assert problem.startswith("$")


def test_spec_flags_unknown_routes_and_bodiless_methods() -> None:
    spec.require_spec()
    assert spec.validate_request("POST", "/nowhere", {}) == ["no path in the spec matches /nowhere"]
    (problem,) = spec.validate_request("GET", "/channels/{channel_id}", {"x": 1})
    assert "no JSON request body" in problem


def test_sync_payload_of_a_tree_validates(tmp_path: Path) -> None:
    spec.require_spec()
    bot = SelftestBot(tmp_path / "unused.sqlite3")
    tree = bot.tree

    @tree.command(name="ok", description="fine")
    async def ok(interaction: discord.Interaction) -> None: ...

    @tree.command(name="bad", description="d" * 101)
    async def bad(interaction: discord.Interaction) -> None: ...

    (problem,) = spec.validate_sync_payload(tree)
    assert problem.startswith("$[1].description")


# ---- what the harness leans on in discord.py -----------------------------------------------------


# Where discord.py names each task that settle() waits for.
TASK_NAMERS = {
    "CommandTree-invoker": discord.app_commands.CommandTree._from_interaction,
    "discord-ui-view-dispatch": discord.ui.view.BaseView._dispatch_item,
    "discord-ui-dynamic-item-": discord.ui.view.ViewStore.dispatch_dynamic_items,
    "discord-ui-modal-dispatch": discord.ui.Modal._dispatch_submit,
    "discord.py: ": discord.Client._schedule_event,
}


def test_discord_internals_the_harness_relies_on() -> None:
    """Fails loudly when a discord.py upgrade moves what the fake plugs into."""
    webhook_params = list(inspect.signature(AsyncWebhookAdapter.request).parameters)
    assert webhook_params[:3] == ["self", "route", "session"]
    assert {"payload", "multipart", "params"} <= set(webhook_params)
    http_params = inspect.signature(discord.http.HTTPClient.request).parameters
    assert {"route", "files", "form"} <= set(http_params)
    route = discord.http.Route("GET", "/channels/{channel_id}", channel_id=1)
    assert (route.path, route.url) == ("/channels/{channel_id}", f"{API_BASE}/channels/1")

    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default())
    state: ConnectionState = bot._connection
    needed = {"READY", "GUILD_CREATE", "INTERACTION_CREATE", "THREAD_CREATE", "CHANNEL_CREATE"}
    assert needed | {"GUILD_ROLE_CREATE"} <= set(state.parsers)
    assert isinstance(state.guild_ready_timeout, float)
    assert isinstance(state._chunk_guilds, bool)

    assert set(TASK_NAMERS) == set(SETTLE_TASK_PREFIXES)
    for prefix, function in TASK_NAMERS.items():
        source = inspect.getsource(function)
        assert "create_task" in source and prefix in source, (
            f"{function.__qualname__} no longer names its task {prefix!r}...: settle() would"
            " stop waiting for that work"
        )


async def test_webhook_patch_restored_after_sequential_bots(
    world: World, make_bot: BotFactory, alice: User
) -> None:
    original = AsyncWebhookAdapter.request
    runner = Harness(world)
    for _ in range(2):
        async with runner.running(make_bot) as discord_:
            assert AsyncWebhookAdapter.request is not original
            await discord_.slash("secret", alice)
        assert AsyncWebhookAdapter.request is original
    runner.check()


# ---- Components V2 ------------------------------------------------------------------------------


def _layout_view() -> discord.ui.LayoutView:
    button = discord.ui.Button(label="Vote", custom_id="v2:vote")
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(
        discord.ui.Container(
            discord.ui.TextDisplay("### Poll"),
            discord.ui.Section("Red or blue?", accessory=button),
            discord.ui.ActionRow(discord.ui.Button(label="Close", custom_id="v2:close")),
            accent_colour=0x22C55E,
        )
    )
    return view


async def test_a_components_v2_message_reads_through_its_container(
    harness: Harness, world: World, make_bot: BotFactory
) -> None:
    spec.require_spec()
    async with harness.running(make_bot) as discord_:
        channel = discord_.bot.get_channel(world.channel.id)
        assert isinstance(channel, discord.TextChannel)
        sent = await channel.send(view=_layout_view())
    posted = world.message(sent.id)
    assert posted.components_v2 and posted.content == "" and posted.embeds == []
    assert posted.heading == "Poll" and posted.text == "### Poll\nRed or blue?"
    assert posted.line("blue") == "Red or blue?" and posted.accent_colour == 0x22C55E
    assert posted.button("Vote")["custom_id"] == "v2:vote", "a section's accessory is found"
    assert posted.custom_ids == ["v2:vote", "v2:close"] and len(posted.sections) == 1
    (post,) = discord_.find_requests("POST", "/channels/{channel_id}/messages")
    assert post.violations == [] and post.body["flags"] == 1 << 15


async def test_content_on_a_components_v2_message_is_a_violation(
    harness: Harness, world: World, make_bot: BotFactory
) -> None:
    spec.require_spec()
    async with harness.running(make_bot) as discord_:
        channel = discord_.bot.get_channel(world.channel.id)
        assert isinstance(channel, discord.TextChannel)
        sent = await channel.send(view=_layout_view())
        with discord_.expect_errors() as expected, pytest.raises(discord.HTTPException):
            await sent.edit(content="Back to plain text")  # the flag cannot be taken off
    (violation,) = expected.violations
    assert "cannot have content" in violation.summary
    assert world.message(sent.id).text == "### Poll\nRed or blue?", "the message is unchanged"


def test_components_v2_rules_beyond_the_schema() -> None:
    text = {"type": 10, "content": "x"}
    container = {"type": 17, "components": [text]}
    v2 = 1 << 15
    assert v2_problems({"flags": v2, "components": [container]}) == []
    assert v2_problems({"components": [container]}) == [
        "components of types [10, 17] need the IS_COMPONENTS_V2 flag"
    ]
    assert "cannot have embeds" in v2_problems({"flags": v2, "embeds": [{"title": "t"}]})[0]
    embed_message = {"flags": 0, "content": "old", "embeds": [], "components": []}
    upgrade = {"flags": v2, "components": [container]}
    assert "cannot have content" in v2_problems(upgrade, embed_message)[0], "not cleared"
    assert v2_problems({**upgrade, "content": None, "embeds": []}, embed_message) == []
    many = {"type": 17, "components": [text] * 40}
    assert "41 components" in v2_problems({"flags": v2, "components": [many]})[0]
    long = {"type": 17, "components": [{"type": 10, "content": "x" * 2001}] * 2}
    assert "4002 characters" in v2_problems({"flags": v2, "components": [long]})[0]
