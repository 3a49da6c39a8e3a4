"""/game resume and /game abandon, the sweep of the clock, and answers for clicks nobody handles."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from cogs import answers
from cogs.answers import refuse
from cogs.components import walk
from cogs.context import UnknownGame
from cogs.custom_ids import BOARD_KIND, GAME_KIND, SELECT_KIND, TABLE_KIND, decode
from cogs.replies import say
from cogs.router import Router

log = logging.getLogger(__name__)
HANDLED_KINDS = {GAME_KIND, TABLE_KIND, SELECT_KIND, BOARD_KIND}
"""The custom_id kinds a DynamicItem of this bot takes; any other id is answered here."""


class ChannelGameCog(commands.Cog):
    group = app_commands.Group(
        name="game", description="Manage the game in this channel", guild_only=True
    )

    def __init__(self, router: Router, sweep_seconds: int) -> None:
        self.router = router
        self.sweep.change_interval(seconds=sweep_seconds)

    async def cog_load(self) -> None:
        self.sweep.start()

    async def cog_unload(self) -> None:
        self.sweep.cancel()

    @tasks.loop(seconds=300)
    async def sweep(self) -> None:
        """A pass of the clock; whatever fails is logged and the loop goes on (an exception
        that left this method would end the loop for good)."""
        try:
            await self.router.lifecycle.sweep()
        except Exception:
            log.exception("a sweep failed; the next one runs as planned")

    @sweep.before_loop
    async def _wait_until_ready(self) -> None:
        client = self.router.desk.client
        if isinstance(client, commands.Bot):
            await client.wait_until_ready()

    @group.command(name="resume", description="Post this channel's game again with fresh buttons")
    async def resume(self, interaction: discord.Interaction) -> None:
        try:
            await self.router.lifecycle.resume(interaction)
        except UnknownGame:
            await refuse(interaction, say("unknown_game"))

    @group.command(
        name="abandon",
        description="End this channel's game, or leave it where it goes on without you",
    )
    async def abandon(self, interaction: discord.Interaction) -> None:
        try:
            await self.router.lifecycle.abandon(interaction)
        except UnknownGame:
            await refuse(interaction, say("unknown_game"))

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer a click that no button handler will: not ours, or not on its message any more.

        discord.py drops such clicks silently, and the user would see "This interaction failed".
        """
        answers.watch(interaction)
        if interaction.type != discord.InteractionType.component:
            return
        data: Any = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        custom = decode(custom_id)
        handled = custom is not None and custom.kind in HANDLED_KINDS
        if handled and _on_message(interaction.message, custom_id):
            return  # its DynamicItem answers it
        # A button of ours gone from its message was replaced by a newer move's buttons.
        text = say("stale" if custom is not None and custom.kind == GAME_KIND else "unknown_button")
        await refuse(interaction, text)


def _on_message(message: discord.Message | None, custom_id: str) -> bool:
    if message is None:
        return False
    return any(getattr(child, "custom_id", None) == custom_id for child in walk(message.components))
