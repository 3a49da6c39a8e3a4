"""/rules and /help: what the bot plays and how."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.games.definition import GameEntry
from bot.games.registry import GAMES
from bot.games.views import RulesPage
from cogs import answers
from cogs.answers import PRIVATE, refuse
from cogs.boards import Boards

FIELD_LIMIT = 1024
EMBED_LIMIT = 5800  # Discord refuses a message whose embeds pass 6,000 characters

TABLE_LINES = [
    ("/leaderboard [game] [variant] [period]", "This server's best players."),
    ("/stats [@player]", "Games, wins, best scores, streaks and ratings."),
    ("/rules game", "The rules of a game, exactly as this bot plays them."),
    ("/game resume", "Post this channel's game again with fresh buttons."),
    (
        "/game abandon",
        "End this channel's game (its players, or Manage Server). In a game of several that"
        " goes on without you, you leave it instead.",
    ),
]


def game_lines(game: GameEntry, tutorial_done: bool = False) -> list[tuple[str, str]]:
    """A game's commands as /help lists them, from what the game declares; its tutorial
    until the player has finished it."""
    info = game.info
    options = [f"[{setting.name}]" for setting in info.settings]
    if len(info.new_variants) > 1:
        options.append(f"[{info.variant_option}]")
    lines = [(" ".join([f"/{info.key} new", *options]), f"{info.new_description}.")]
    if info.tutorial is not None and not tutorial_done:
        lines.append((f"/{info.key} tutorial", f"New to it? {info.tutorial.description}."))
    if info.challenge is not None:
        command = info.challenge.command
        lines.append((f"/{info.key} {command} @player", f"{info.challenge.description}."))
    if info.daily is not None:
        lines.append((f"/{info.key} daily", f"{info.daily.description}."))
    return lines


def help_lines(tutorials_done: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
    """What a player in Discord can do here (the terminal game is for whoever runs the bot:
    the README tells them); `tutorials_done` are the games whose tutorial they finished."""
    return [
        line for key, game in GAMES.items() for line in game_lines(game, key in tutorials_done)
    ] + TABLE_LINES


async def tutorials_done(interaction: discord.Interaction) -> frozenset[str]:
    """The games whose tutorial the player has finished in this server."""
    boards = getattr(interaction.client, "boards", None)
    if not isinstance(boards, Boards) or interaction.guild_id is None:
        return frozenset()
    store = boards.store
    done: set[str] = set()
    for key, game in GAMES.items():
        tutorial = game.info.tutorial
        if tutorial is not None and await store.has_finished(
            interaction.guild_id, interaction.user.id, key, tutorial.variant
        ):
            done.add(key)
    return frozenset(done)


def rules_embeds(page: RulesPage) -> list[discord.Embed]:
    """The page as embeds of at most 6,000 characters each (Discord's limit per message)."""
    first = discord.Embed(title=f"Rules: {page.title}", description=page.summary, colour=0x8B5CF6)
    embeds = [first]
    for heading, text in page.sections:
        chunks = split_lines(text, FIELD_LIMIT)
        for number, chunk in enumerate(chunks, start=1):
            name = heading if len(chunks) == 1 else f"{heading} ({number}/{len(chunks)})"
            if len(embeds[-1]) + len(name) + len(chunk) > EMBED_LIMIT:
                embeds.append(discord.Embed(title=f"Rules: {page.title} (more)", colour=0x8B5CF6))
            embeds[-1].add_field(name=name, value=chunk, inline=False)
    return embeds


def split_lines(text: str, limit: int) -> list[str]:
    """Cut a long text into pieces of at most `limit` characters, between lines."""
    pieces = [""]
    for line in text.split("\n"):
        joined = f"{pieces[-1]}\n{line}" if pieces[-1] else line
        if len(joined) <= limit:
            pieces[-1] = joined
        else:
            pieces.append(line[:limit])
    return pieces


async def show_rules(interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
    entry = GAMES.get(game.value)
    if entry is None:
        await refuse(interaction, "I don't host that game. `/help` lists the games.")
        return
    first, *more = rules_embeds(entry.rules)
    await answers.send(interaction, embed=first, ephemeral=True)
    for embed in more:
        await answers.send(interaction, embed=embed, ephemeral=True)


async def show_help(interaction: discord.Interaction) -> None:
    embed = discord.Embed(
        title="Dungeon card games",
        description="I deal and narrate card games of dungeons and duels in this server's"
        " channels.",
        colour=0x8B5CF6,
    )
    for name, text in help_lines(await tutorials_done(interaction)):
        embed.add_field(name=name, value=text, inline=False)
    await answers.send(interaction, embed=embed, ephemeral=True)


def help_commands() -> list[app_commands.Command[Any, ..., None]]:
    """/rules (one choice per registered game) and /help."""
    choices = [app_commands.Choice(name=g.rules.title, value=key) for key, g in GAMES.items()]
    rules = app_commands.Command(
        name="rules",
        description="The rules of a game, as this bot plays them",
        callback=app_commands.choices(game=choices)(
            app_commands.describe(game="Which game")(show_rules)
        ),
        extras={PRIVATE: True},
    )
    about = app_commands.Command(
        name="help", description="What this bot can do", callback=show_help, extras={PRIVATE: True}
    )
    return [rules, about]
