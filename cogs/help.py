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
    ("leaderboard", "This server's best players."),
    ("stats", "Games, wins, best scores, streaks and ratings."),
    ("history", "A player's last games here, each with its result, date, link and replay."),
    ("replay", "Replay a finished game step by step, only for you."),
    ("rules", "The rules of a game, exactly as this bot plays them; a mode's own page."),
    ("game resume", "Post this channel's game again with fresh buttons."),
    ("settings show", "This server's settings and your own."),
    (
        "settings server",
        "Manage Server: the turn timer, expiries, threads, hints, pictures and turn pings"
        " for new games.",
    ),
    ("settings game", "Manage Server: turn a game on or off here."),
    ("settings reset", "Manage Server: put a setting back to its default."),
    (
        "settings me",
        "Your own turn pings: notify you, name you quietly, tell you privately, or leave you out.",
    ),
    (
        "game abandon",
        "End this channel's game (its players, or Manage Server). In a game of several that"
        " goes on without you, you leave it instead.",
    ),
]
"""Each command by its path, with what it does; its options are read from the command itself."""


def game_lines(game: GameEntry, tutorial_done: bool = False) -> list[tuple[str, str]]:
    """A game's commands as /help lists them (by path), from what the game declares; its
    tutorial until the player has finished it."""
    info = game.info
    lines = [(f"{info.key} new", f"{info.new_description}.")]
    if info.tutorial is not None and not tutorial_done:
        lines.append((f"{info.key} tutorial", f"New to it? {info.tutorial.description}."))
    if info.challenge is not None:
        lines.append((f"{info.key} {info.challenge.command}", f"{info.challenge.description}."))
    if info.daily is not None:
        lines.append((f"{info.key} daily", f"{info.daily.description}."))
    return lines


def help_lines(
    tree: app_commands.CommandTree[Any], tutorials_done: frozenset[str] = frozenset()
) -> list[tuple[str, str]]:
    """What a player in Discord can do here, each command with its options named as Discord
    shows them (the terminal game is for whoever runs the bot: the README tells them);
    `tutorials_done` are the games whose tutorial they finished."""
    lines = [
        line for key, game in GAMES.items() for line in game_lines(game, key in tutorials_done)
    ] + TABLE_LINES
    return [(usage(tree, path), text) for path, text in lines]


def usage(tree: app_commands.CommandTree[Any], path: str) -> str:
    """ "/<game> challenge opponent", "/stats [user]": a command as its registered options
    name it, required ones bare and optional ones in brackets, so /help never drifts from the
    names a player sees in Discord's command picker."""
    root, *rest = path.split()
    command = tree.get_command(root)
    for name in rest:
        command = command.get_command(name) if isinstance(command, app_commands.Group) else None
    if not isinstance(command, app_commands.Command):
        return f"/{path}"
    options = [p.display_name if p.required else f"[{p.display_name}]" for p in command.parameters]
    return " ".join([f"/{path}", *options])


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


def rules_embeds(page: RulesPage, book: RulesPage | None = None) -> list[discord.Embed]:
    """The page as embeds of at most 6,000 characters each (Discord's limit per message).

    `book` is the game's page when `page` is one of its pages per mode: the mode's page then
    points to the core rules it builds on. A game's core page names each mode's page."""
    title = page.title if book is None or book is page else f"{book.title} · {page.title}"
    first = discord.Embed(title=f"Rules: {title}", description=page.summary, colour=0x8B5CF6)
    embeds = [first]
    for heading, text in [*page.sections, *_links(page, book)]:
        chunks = split_lines(text, FIELD_LIMIT)
        for number, chunk in enumerate(chunks, start=1):
            name = heading if len(chunks) == 1 else f"{heading} ({number}/{len(chunks)})"
            if len(embeds[-1]) + len(name) + len(chunk) > EMBED_LIMIT:
                embeds.append(discord.Embed(title=f"Rules: {title} (more)", colour=0x8B5CF6))
            embeds[-1].add_field(name=name, value=chunk, inline=False)
    return embeds


def _links(page: RulesPage, book: RulesPage | None) -> list[tuple[str, str]]:
    """Where a mode's page points: the core rules (how a fight goes, in every mode); and where
    a core page points: each mode's own page."""
    if book is not None and book is not page:
        return [("How to play", f"The core rules every mode shares: `/rules game:{book.title}`.")]
    if not page.pages:
        return []
    lines = [
        f"• `/rules game:{page.title} mode:{mode.title}`: {mode.summary}" for mode in page.pages
    ]
    return [("Each mode's own page", "\n".join(lines))]


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


async def show_rules(
    interaction: discord.Interaction, game: app_commands.Choice[str], mode: str | None = None
) -> None:
    entry = GAMES.get(game.value)
    if entry is None:
        await refuse(interaction, "I don't host that game. `/help` lists the games.")
        return
    book = entry.rules
    page = book if mode is None else book.page(mode)
    if page is None:
        named = ", ".join(p.title for p in book.pages)
        told = f"Its modes' pages: {named}." if named else "It has one page: leave `mode` out."
        await refuse(interaction, f"{book.title} has no page {mode!r}. {told}")
        return
    first, *more = rules_embeds(page, book)
    await answers.send(interaction, embed=first, ephemeral=True)
    for embed in more:
        await answers.send(interaction, embed=embed, ephemeral=True)


async def pages_of_the_chosen_game(
    interaction: discord.Interaction, typed: str
) -> list[app_commands.Choice[str]]:
    """The chosen game's own pages (one per mode), so no game offers another's."""
    entry = GAMES.get(str(getattr(interaction.namespace, "game", "") or ""))
    if entry is None:
        return []
    return [
        app_commands.Choice(name=page.title, value=page.key)
        for page in entry.rules.pages
        if typed.lower() in page.title.lower()
    ][:25]


async def show_help(interaction: discord.Interaction) -> None:
    embed = discord.Embed(
        title="Dungeon card games",
        description="I deal and narrate card games of dungeons and duels in this server's"
        " channels.",
        colour=0x8B5CF6,
    )
    tree = getattr(interaction.client, "tree", None)  # a Bot's; a bare Client has none
    done = await tutorials_done(interaction)
    lines = help_lines(tree, done) if isinstance(tree, app_commands.CommandTree) else []
    for name, text in lines:
        embed.add_field(name=name, value=text, inline=False)
    await answers.send(interaction, embed=embed, ephemeral=True)


def help_commands() -> list[app_commands.Command[Any, ..., None]]:
    """/rules (one choice per registered game) and /help."""
    choices = [app_commands.Choice(name=g.rules.title, value=key) for key, g in GAMES.items()]
    rules = app_commands.Command(
        name="rules",
        description="The rules of a game, as this bot plays them",
        callback=app_commands.autocomplete(mode=pages_of_the_chosen_game)(
            app_commands.choices(game=choices)(
                app_commands.describe(
                    game="Which game",
                    mode="One mode's own page, where the game has them (default: the core rules)",
                )(show_rules)
            )
        ),
        extras={PRIVATE: True},
    )
    about = app_commands.Command(
        name="help", description="What this bot can do", callback=show_help, extras={PRIVATE: True}
    )
    return [rules, about]
