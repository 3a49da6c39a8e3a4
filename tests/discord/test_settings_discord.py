"""/settings through the offline Discord, on both stores: a server's admins change its settings
for new games, a member changes their own turn pings, and nobody else changes anything."""

import json

from cogs.custom_ids import CustomId, decode
from storage import GameStatus
from tests.discord.test_dragons_discord import challenge, pick, state_of
from tests.discord.test_scoundrel_discord import HINT
from tests.harness import StoredMessage


async def start_deuces_alone(discord, player, channel: str) -> StoredMessage:
    channel = discord.world.add_channel(channel)
    lobby = (await discord.slash("deuces new", player, level=1, channel=channel)).message
    return (await discord.click(lobby, lobby.button("Start")["custom_id"], player)).message


async def test_a_member_without_manage_server_changes_nothing(
    harness, make_bot, alice, moderator
) -> None:
    async with harness.running(make_bot) as discord:
        for command, options in [
            ("settings server", {"turn_timer": 600}),
            ("settings game", {"game": "deuces", "on": False}),
            ("settings reset", {"setting": "hints"}),
        ]:
            refused = await discord.slash(command, alice, **options)
            assert refused.ephemeral and "Only members with Manage Server" in refused.content
        assert await discord.bot.store.guild_settings(discord.world.guild.id) is None
        shown = await discord.slash("settings show", alice)
        assert shown.ephemeral and "**Turn timer**: 120 seconds" in shown.content
        assert "from 30 to 3600 seconds" in shown.content


async def test_a_value_out_of_range_is_refused_with_its_range(harness, make_bot, moderator) -> None:
    async with harness.running(make_bot) as discord:
        refused = await discord.slash("settings server", moderator, turn_timer=5, hints=False)
        assert refused.ephemeral
        assert refused.content == (
            "Turn timer must be from 30 to 3600 seconds. Nothing was changed."
        )
        too_long = await discord.slash("settings server", moderator, game_expiry=10081)
        assert "Game expiry must be from 10 to 10080 minutes" in too_long.content
        assert await discord.bot.store.guild_settings(discord.world.guild.id) is None


async def test_a_new_turn_timer_times_out_new_tables_only(
    harness, make_bot, alice, bob, moderator, clock
) -> None:
    async with harness.running(make_bot) as discord:
        lifecycle = discord.bot.router.lifecycle
        before = await start_deuces_alone(discord, alice, "one")  # the environment's 120 s
        changed = await discord.slash("settings server", moderator, turn_timer=600)
        assert changed.ephemeral and "turn timer 600 seconds" in changed.content
        assert "keep the settings they started with" in changed.content
        after = await start_deuces_alone(discord, bob, "two")
        old, new = before.id, after.id
        assert old != new

        clock.now += 130
        assert await lifecycle.time_out_turns() == 1  # the table started before the change
        assert "Time ran out for alice" in discord.world.messages[old].text
        assert "Time ran out" not in discord.world.messages[new].text

        clock.now += 400  # 530 s since the second table's last move
        await lifecycle.time_out_turns()
        assert "Time ran out for bob" not in discord.world.messages[new].text
        clock.now += 75  # 605 s
        await lifecycle.time_out_turns()
        assert "Time ran out for bob" in discord.world.messages[new].text


async def duel_played(discord, alice, bob, moves: int = 12) -> dict[str, int]:
    """A Dragons duel alice offers and bob accepts, played by both for up to `moves` clicks:
    how many times the table turned to each of them."""
    message = await challenge(discord, alice, bob)
    message = (await discord.click(message, message.button("Accept")["custom_id"], bob)).message
    players = {0: alice, 1: bob}
    turned = {alice.name: 0, bob.name: 0}
    for _ in range(moves):
        record, state = await state_of(discord, 1)
        if record.status != GameStatus.ACTIVE:
            break
        mover = players[state.to_move]
        message = (await discord.click(message, pick(message)["custom_id"], mover)).message
        _, state = await state_of(discord, 1)
        if state.to_move is not None and players[state.to_move] is not mover:
            turned[players[state.to_move].name] += 1
    return turned


async def test_a_member_who_turns_pings_off_is_not_named(harness, make_bot, alice, bob) -> None:
    async with harness.running(make_bot) as discord:
        mine = await discord.slash("settings me", bob, pings="off")
        assert mine.ephemeral and "Leave me out" in mine.content
        turns_passed = sum((await duel_played(discord, alice, bob)).values())
        lines = [
            r.body["content"]
            for r in discord.find_requests("POST", "/channels/{channel_id}/messages")
            if "your turn" in (r.body or {}).get("content", "")
        ]
        assert turns_passed >= 2
        assert lines, "alice is still told when it is her turn"
        assert all(f"<@{bob.id}>" not in line for line in lines)
        assert all(line.startswith(f"🔔 <@{alice.id}>") for line in lines)


async def test_a_quiet_player_is_named_without_a_notification(
    harness, make_bot, alice, bob
) -> None:
    async with harness.running(make_bot) as discord:
        await discord.slash("settings me", bob, pings="quiet")
        await duel_played(discord, alice, bob)
        to_bob = [
            r.body
            for r in discord.find_requests("POST", "/channels/{channel_id}/messages")
            if (r.body or {}).get("content", "").startswith(f"🔔 <@{bob.id}>")
        ]
        assert to_bob, "bob is named when it is his turn"
        assert all(body["allowed_mentions"]["users"] == [] for body in to_bob)


async def test_a_player_told_privately_gets_a_direct_message_and_no_line(
    harness, make_bot, alice, bob
) -> None:
    async with harness.running(make_bot) as discord:
        mine = await discord.slash("settings me", bob, pings="private")
        assert mine.ephemeral and "Tell me privately" in mine.content
        bobs_turns = (await duel_played(discord, alice, bob))["bob"]
        record, _ = await state_of(discord, 1)
        channel_lines = [
            r.body["content"]
            for r in discord.find_requests("POST", "/channels/{channel_id}/messages")
            if "your turn" in (r.body or {}).get("content", "").lower()
            and int(r.params["channel_id"]) not in discord.world.dm_channels
        ]
        assert all(f"<@{bob.id}>" not in line for line in channel_lines), "never named"
        told = discord.world.direct_messages(bob)
        assert bobs_turns >= 1 and len(told) >= bobs_turns
        assert all(m.content.startswith("🔔 Your turn in") for m in told)
        assert all(f"/{record.message_id}" in m.content for m in told), "a link to the table"
        assert discord.world.direct_messages(alice) == [], "alice chose nothing of the kind"


async def test_a_player_whose_direct_messages_are_closed_loses_no_move(
    harness, make_bot, alice, bob
) -> None:
    async with harness.running(make_bot) as discord:
        await discord.slash("settings me", bob, pings="private")
        discord.world.closed_dms.add(bob.id)
        await duel_played(discord, alice, bob, moves=6)
        record, _ = await state_of(discord, 1)
        assert record.version >= 6, "the game went on"
        assert discord.world.direct_messages(bob) == []


async def test_a_game_turned_off_cannot_be_started(harness, make_bot, alice, moderator) -> None:
    async with harness.running(make_bot) as discord:
        turned = await discord.slash("settings game", moderator, game="deuces", on=False)
        assert turned.ephemeral and "Dungeons & Deuces can no longer be started" in turned.content
        refused = await discord.slash("deuces new", alice, level=1)
        assert refused.ephemeral
        assert refused.content.startswith("Dungeons & Deuces is turned off in this server")
        assert await discord.bot.store.get_game(1) is None
        assert not (await discord.slash("scoundrel new", alice)).ephemeral  # others still on
        await discord.slash("settings game", moderator, game="deuces", on=True)
        other = discord.world.add_channel("other")
        lobby = (await discord.slash("deuces new", alice, level=1, channel=other)).message
        assert [b["label"] for b in lobby.buttons] == ["Join", "Leave", "Start"]


async def test_pictures_off_gives_tables_without_a_picture(
    harness, make_bot, alice, moderator
) -> None:
    async with harness.running(make_bot) as discord:
        await discord.slash("settings server", moderator, pictures=False)
        table = (await discord.slash("scoundrel new", alice)).message
        assert table.attachments == [] and table.media_urls == []
        moved = await discord.click(table, table.buttons[0]["custom_id"], alice)
        assert moved.message.attachments == []


async def test_hints_off_removes_the_hint_button(harness, make_bot, alice, moderator) -> None:
    async with harness.running(make_bot) as discord:
        offered = (await discord.slash("scoundrel new", alice)).message
        assert HINT in [b["label"] for b in offered.buttons]
        hint_id = offered.button(HINT)["custom_id"]
        await discord.slash("settings server", moderator, hints=False)
        await discord.slash("game abandon", alice)
        table = (await discord.slash("scoundrel new", alice)).message
        assert HINT not in [b["label"] for b in table.buttons]
        # A Hint button made up for the new game gives no hint.
        old = decode(hint_id)
        assert old is not None and old.game_id == 1
        forged = CustomId(game_id=2, version=0, action=old.action, kind=old.kind).encode()
        shown = table.buttons[0]["custom_id"]
        carrier = StoredMessage(
            payload=json.loads(json.dumps(table.payload).replace(shown, forged))
        )
        answer = await discord.click(carrier, forged, alice)
        assert answer.ephemeral and "no hint" in answer.content.lower()


async def test_threads_off_refuses_a_game_in_a_busy_channel(
    harness, make_bot, alice, bob, moderator
) -> None:
    async with harness.running(make_bot) as discord:
        await discord.slash("scoundrel new", alice)
        changed = await discord.slash("settings server", moderator, threads=False)
        assert "threads off" in changed.content
        refused = await discord.slash("scoundrel new", bob)
        assert refused.ephemeral and "starts no thread" in refused.content
        assert discord.find_requests("POST", "/channels/{channel_id}/threads") == []
        reset = await discord.slash("settings reset", moderator, setting="threads")
        assert reset.ephemeral and reset.content.startswith("Threads is back to its default (on)")
        in_thread = await discord.slash("scoundrel new", bob)
        assert len(discord.find_requests("POST", "/channels/{channel_id}/threads")) == 1
        assert "so yours is in <#" in in_thread.followups[-1].content
