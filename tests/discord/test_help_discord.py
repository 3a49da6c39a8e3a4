"""/help names every command's options as Discord's command picker shows them."""

from discord import app_commands

from bot.games.registry import GAMES
from cogs.help import TABLE_LINES, game_lines


def options_of(tree: app_commands.CommandTree, path: str) -> list[str]:
    """A registered command's options: required ones bare, optional ones in brackets."""
    root, *rest = path.split()
    command = tree.get_command(root)
    for name in rest:
        assert isinstance(command, app_commands.Group), path
        command = command.get_command(name)
    assert isinstance(command, app_commands.Command), path
    return [p.display_name if p.required else f"[{p.display_name}]" for p in command.parameters]


async def test_help_names_each_option_as_discord_shows_it(harness, make_bot, alice) -> None:
    async with harness.running(make_bot) as discord:
        shown = (await discord.slash("help", alice)).embed
        names = [field["name"] for field in shown["fields"]]
        assert "/dragons challenge opponent" in names and "/stats [user]" in names
        assert not any("@" in name for name in names), "no option is named @player"
        paths = [path for game in GAMES.values() for path, _ in game_lines(game)]
        paths += [path for path, _ in TABLE_LINES]
        expected = [" ".join([f"/{p}", *options_of(discord.bot.tree, p)]) for p in paths]
        assert names == expected
