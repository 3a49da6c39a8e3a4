"""/rules and /help: what the bot plays and how."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.render.rules import RULES

FIELD_LIMIT = 1024
EMBED_LIMIT = 5800  # Discord refuses a message whose embeds pass 6,000 characters
RULES_CHOICES = [app_commands.Choice(name=page.title, value=key) for key, page in RULES.items()]

HELP_LINES = [
    ("/scoundrel new [variant]", "Start a solo Scoundrel dungeon in this channel."),
    ("/scoundrel daily", "Today's daily dungeon: the same deal for everyone, one attempt."),
    ("/dragons new", "Lead a party of five heroes through Diamonds & Dragons, alone."),
    ("/dragons challenge @player", "Challenge someone to a Diamonds & Dragons duel."),
    ("/deuces new [level] [mode]", "Open a Dungeons & Deuces table for a party of 1 to 5."),
    ("/leaderboard [game] [variant] [period]", "This server's best players."),
    ("/stats [@player]", "Games, wins, best scores, streaks and ratings."),
    ("/rules game", "The rules of a game, exactly as this bot plays them."),
    ("/game resume", "Post this channel's game again with fresh buttons."),
    ("/game abandon", "End this channel's game (its players, or Manage Server)."),
    ("python -m bot play scoundrel|dragons|deuces", "Play in a terminal, no Discord needed."),
]


def rules_embeds(key: str) -> list[discord.Embed]:
    """The page as embeds of at most 6,000 characters each (Discord's limit per message)."""
    page = RULES[key]
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


class HelpCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="rules", description="The rules of a game, as this bot plays them")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=RULES_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        first, *more = rules_embeds(game.value)
        await interaction.response.send_message(embed=first, ephemeral=True)
        for embed in more:
            await interaction.followup.send(embed=embed, ephemeral=True)

    @app_commands.command(name="help", description="What this bot can do")
    async def help(self, interaction: discord.Interaction) -> None:
        embed = discord.Embed(
            title="Dungeon card games",
            description="I deal and narrate card-based dungeon games in this server's channels.",
            colour=0x8B5CF6,
        )
        for name, text in HELP_LINES:
            embed.add_field(name=name, value=text, inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)
