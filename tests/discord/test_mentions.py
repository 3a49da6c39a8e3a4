"""Display names are people's own text: one shaped as a mention (`<@&ROLE>`, `@everyone`,
`<@USER>`) notifies nobody wherever the bot echoes it. Only a turn's line and a challenge
notify, and only the players they name."""

from __future__ import annotations

from tests.discord.test_boards_discord import play_out
from tests.discord.test_rpg_discord import open_table
from tests.harness import MANAGE_GUILD, FakeDiscord, User, World
from tests.harness.pings import pings


def nicknamed(world: World, name: str, nick: str) -> User:
    user = world.add_user(name)
    world.guild.members[user.id].nick = nick
    return user


def notified(discord: FakeDiscord) -> set[int]:
    """Every user any request so far would notify (the fake reports roles and everyone)."""
    return {user for request in discord.requests for user in pings(request.body).users}


async def test_names_shaped_as_mentions_notify_nobody(harness, make_bot, world: World) -> None:
    moderator = world.add_user("mod", permissions=MANAGE_GUILD)
    role_id = world.guild.members[moderator.id].role_ids[0]  # a role a nickname can name
    victim = world.add_user("victim")
    roler = nicknamed(world, "roler", f"<@&{role_id}>")
    everyone = nicknamed(world, "everyone", "@everyone @here")
    pinger = nicknamed(world, "pinger", f"<@{victim.id}>")
    async with harness.running(make_bot) as discord:
        # The abandon notice names who abandoned.
        await discord.slash("scoundrel new", roler)
        abandoned = await discord.slash("game abandon", roler)
        assert f"<@&{role_id}>" in abandoned.content
        # A player leaving a Role Playing Card Game is told to the table.
        lobby = await open_table(discord, pinger, everyone, bots=1)
        await discord.click(lobby, lobby.button("Start")["custom_id"], pinger)
        left = await discord.slash("game abandon", everyone)
        assert "@everyone" in left.content and "left the game" in left.content
        # The daily dungeon's shared result names its player.
        daily = await discord.slash("scoundrel daily", pinger, channel=world.add_channel("daily"))
        done = await play_out(discord, daily.message, pinger)
        shared = await discord.click(done, done.button("Share my result")["custom_id"], pinger)
        assert f"<@{victim.id}>" in shared.content
        assert notified(discord) <= {everyone.id}, "a turn's line notifies its player alone"


async def test_a_challenge_notifies_only_the_one_challenged(
    harness, make_bot, world: World
) -> None:
    victim = world.add_user("victim")
    rival = world.add_user("rival")
    pinger = nicknamed(world, "pinger", f"<@{victim.id}>")
    async with harness.running(make_bot) as discord:
        issued = await discord.slash(
            "dragons challenge", pinger, opponent=rival, channel=world.add_channel("duel")
        )
        assert f"<@{victim.id}>" in issued.content and f"<@{rival.id}>" in issued.content
        assert pings(issued.requests[0].body).users == {rival.id}
        assert victim.id not in notified(discord)
