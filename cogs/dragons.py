"""/dragons: Diamonds & Dragons, alone or as a duel between two players."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands


class DragonsCog(commands.Cog):
    group = app_commands.Group(
        name="dragons",
        description="Diamonds & Dragons: lead five heroes through a dungeon with dragons",
        guild_only=True,
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @group.command(name="new", description="Start a solo Diamonds & Dragons game in this channel")
    async def new(self, interaction: discord.Interaction) -> None:
        await self.bot.table.start(interaction, "dragons", "solo")

    @group.command(name="challenge", description="Challenge someone to a Diamonds & Dragons duel")
    @app_commands.describe(opponent="Who you challenge; they accept or decline with a button")
    async def challenge(self, interaction: discord.Interaction, opponent: discord.User) -> None:
        await self.bot.table.challenges.issue(interaction, "dragons", "duel", opponent)
