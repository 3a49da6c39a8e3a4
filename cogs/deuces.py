"""/deuces: a group encounter run by the bot as Game Master."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.deuces import Mode

MODE_CHOICES = [
    app_commands.Choice(name="One encounter", value=Mode.ENCOUNTER.value),
    app_commands.Choice(name="Quest for Power (beginner)", value=Mode.QUEST_BEGINNER.value),
    app_commands.Choice(name="Quest for Power (hardcore)", value=Mode.QUEST_HARDCORE.value),
]


class DeucesCog(commands.Cog):
    group = app_commands.Group(
        name="deuces",
        description="Dungeons & Deuces: a party of 1-5 against encounters the GM draws",
        guild_only=True,
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @group.command(
        name="new", description="Open a Dungeons & Deuces table: players join, then start"
    )
    @app_commands.describe(level="The party's level, 1 to 5 (default 1)", mode="What to play")
    @app_commands.choices(mode=MODE_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        level: app_commands.Range[int, 1, 5] = 1,
        mode: app_commands.Choice[str] | None = None,
    ) -> None:
        await self.bot.table.lobby.open(
            interaction, level, mode.value if mode else Mode.ENCOUNTER.value
        )
