"""The slash commands as Discord receives them when they are registered."""

import discord as discordpy

from tests.harness import require_spec, validate_sync_payload

EXPECTED = {
    "scoundrel",
    "game",
    "rules",
    "help",
    "settings",
    "leaderboard",
    "stats",
    "history",
    "replay",
    "dragons",
    "deuces",
    "rpg",
    "dungeon",
    "Challenge: Dungeon of Cards",
    "Challenge: Diamonds & Dragons",  # a member's Apps menu
    "Challenge: Dungeons & Deuces",
}


async def test_the_command_tree_is_valid_for_discord(harness, make_bot) -> None:
    require_spec()
    async with harness.running(make_bot) as discord:
        tree = discord.bot.tree
        assert {c.name for c in tree.get_commands()} == EXPECTED
        assert validate_sync_payload(tree) == []


async def test_sync_registers_globally_or_in_one_server(harness, make_bot, world) -> None:
    async with harness.running(make_bot) as discord:
        synced = await discord.bot.sync_commands()
        assert {c.name for c in synced} == EXPECTED
        in_guild = await discord.bot.sync_commands(world.guild.id)
        assert {c.name for c in in_guild} == EXPECTED
        assert {c["name"] for c in world.commands[world.guild.id]} == EXPECTED
        puts = discord.find_requests("PUT")
        assert len(puts) == 2, "one bulk overwrite each, nothing on start-up"


async def test_starting_the_bot_registers_nothing(harness, make_bot) -> None:
    async with harness.running(make_bot) as discord:
        assert discord.find_requests("PUT") == []
        assert isinstance(discord.bot.user, discordpy.ClientUser)


async def test_an_outdated_command_gets_an_answer(harness, make_bot, world) -> None:
    alice = world.add_user("alice")
    async with harness.running(make_bot) as discord:
        result = await discord.slash("teleport", alice)
        assert result.ephemeral and "/help" in result.content
