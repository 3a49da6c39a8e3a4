"""/scoundrel: start a solo dungeon crawl in this channel."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.scoundrel import Variant

VARIANT_CHOICES = [
    app_commands.Choice(
        name="Classic (ranked): no running twice in a row", value=Variant.CLASSIC.value
    ),
    app_commands.Choice(name="Easy: run from any room", value=Variant.EASY.value),
    app_commands.Choice(name="Hard: no running at all", value=Variant.HARD.value),
]


class ScoundrelCog(commands.Cog):
    group = app_commands.Group(
        name="scoundrel",
        description="Scoundrel: a solo dungeon crawl through a 44-card deck",
        guild_only=True,
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @group.command(name="new", description="Start a game of Scoundrel in this channel")
    @app_commands.describe(variant="How often you may run from a room (default: Classic)")
    @app_commands.choices(variant=VARIANT_CHOICES)
    async def new(
        self, interaction: discord.Interaction, variant: app_commands.Choice[str] | None = None
    ) -> None:
        await self.bot.table.start(interaction, "scoundrel", variant.value if variant else None)

    @group.command(
        name="daily", description="Today's daily dungeon: one deal for everyone, one try"
    )
    async def daily(self, interaction: discord.Interaction) -> None:
        await self.bot.table.daily.start(interaction, "scoundrel")
