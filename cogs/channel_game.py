"""/game resume and /game abandon, the sweep of the clock, and answers for clicks nobody handles."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from cogs import answers
from cogs.answers import CLICKS, refuse
from cogs.boards import turn_page
from cogs.components import walk
from cogs.context import UnknownGame
from cogs.custom_ids import (
    ASK_KIND,
    BOARD_KIND,
    GAME_KIND,
    HINT_KIND,
    HISTORY_KIND,
    REPLAY_KIND,
    SAME_DEAL_KIND,
    SELECT_KIND,
    SHARE_KIND,
    TABLE_KIND,
    CustomId,
    decode,
)
from cogs.history import history_click, replay_click
from cogs.number_asks import typed_values
from cogs.player_stats import share
from cogs.refresh import refresh_stale_tables
from cogs.replies import SOMETHING_WENT_WRONG, say
from cogs.router import Router

log = logging.getLogger(__name__)
ClickHandler = Callable[[discord.Interaction, CustomId, list[str]], Awaitable[None]]
"""What a click of one custom_id kind goes to: the interaction, its id, a select's values."""


class ChannelGameCog(commands.Cog):
    group = app_commands.Group(
        name="game", description="Manage the game in this channel", guild_only=True
    )

    def __init__(self, router: Router, sweep_seconds: int) -> None:
        self.router = router
        self._refreshed = False
        self.sweep.change_interval(seconds=sweep_seconds)
        self.handlers: dict[str, ClickHandler] = {
            GAME_KIND: lambda interaction, custom, _: router.click(interaction, custom),
            HINT_KIND: lambda interaction, custom, _: router.click(interaction, custom),
            TABLE_KIND: lambda interaction, custom, _: router.click(interaction, custom),
            SELECT_KIND: router.select,
            BOARD_KIND: lambda interaction, custom, _: turn_page(interaction, custom),
            SHARE_KIND: lambda interaction, _custom, _values: share(interaction),
            ASK_KIND: lambda interaction, custom, _: router.numbers.open(interaction, custom),
            HISTORY_KIND: history_click,
            REPLAY_KIND: lambda interaction, custom, _: replay_click(interaction, custom),
            SAME_DEAL_KIND: lambda interaction, custom, _: router.same_deal.click(
                interaction, custom
            ),
        }

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

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Once, after the start: tables a stopped process left behind the store are redrawn
        (a reconnection fires this again; the tables are up to date by then)."""
        if self._refreshed:
            return
        self._refreshed = True
        try:
            await refresh_stale_tables(self.router.desk)
        except Exception:  # the bot runs on; the next move redraws each table anyway
            log.exception("could not bring the tables up to date after the start")

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
        """Route a click by its custom_id alone, and answer one that nothing will handle.

        discord.py's dynamic items would rebuild the message's whole view for every click just
        to find the one component clicked (a third of a click's work): the custom_id already
        says everything, and the message's components are only checked for it. A click of
        nobody's, or of a button no longer on its message, would otherwise go unanswered and
        the user see "This interaction failed".
        """
        answers.watch(interaction)
        if interaction.type not in CLICKS:
            return
        data: Any = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        custom = decode(custom_id)
        handler = self.handlers.get(custom.kind) if custom is not None else None
        if interaction.type == discord.InteractionType.modal_submit:
            handler = self._typed if custom is not None and custom.kind == ASK_KIND else None
        if custom is not None and handler is not None and _on_message(interaction, custom_id):
            try:
                await handler(interaction, custom, [str(v) for v in data.get("values", [])])
            except Exception:  # logged, and the player told; a transaction kept the state whole
                log.exception("click %s failed", custom_id)
                await refuse(interaction, SOMETHING_WENT_WRONG)
            return
        # A button of ours gone from its message was replaced by a newer move's buttons.
        moves = (GAME_KIND, HINT_KIND, ASK_KIND)
        text = say("stale" if custom is not None and custom.kind in moves else "unknown_button")
        await refuse(interaction, text)

    async def _typed(
        self, interaction: discord.Interaction, custom: CustomId, _values: list[str]
    ) -> None:
        """A box a move's button opened, sent back with the number typed in it."""
        data: Any = interaction.data or {}
        await self.router.numbers.answer(interaction, custom, typed_values(data))


def _on_message(interaction: discord.Interaction, custom_id: str) -> bool:
    """Whether the clicked message has a component of that id: a forged id names none."""
    message = interaction.message
    if message is None:
        return False
    return any(getattr(child, "custom_id", None) == custom_id for child in walk(message.components))
