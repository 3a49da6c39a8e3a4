"""The daily dungeon: today's deal for everyone, one attempt each, played where only you see it.

The attempt is a game like any other (stored, versioned, resumable), but in an ephemeral
message, so nobody in the channel sees the deal before their own try; its result is shared
by a button that tells the score and not one card.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

import discord

from bot.games.daily import daily_seed
from bot.games.engine import Outcome
from storage import DailyTaken, GameRecord, GameStatus

if TYPE_CHECKING:
    from cogs.table import GameTable

SHARE = "share"

SAY = {
    "notice": "🗓️ The daily dungeon of {day}: the same deal for everyone today, one attempt"
    " each. Only you can see this message.",
    "done": "You have had your attempt at the daily dungeon of {day}. A new one opens at"
    " midnight UTC; `/leaderboard game:Daily dungeon` shows today's board.",
    "shared": "🗓️ **{name}** {verb} the daily dungeon of {day} with a score of **{score}**"
    " in {turns} moves. Your turn: `/scoundrel daily`.",
    "not_yours": "Only the player of this daily attempt can share it, once it is over.",
}


class DailyDesk:
    def __init__(self, table: GameTable) -> None:
        self.table = table

    async def start(self, interaction: discord.Interaction, game: str) -> None:
        """Today's attempt: dealt on the first call, shown again with fresh buttons after."""
        table, store = self.table, self.table.store
        if interaction.guild is None or interaction.channel_id is None:
            await table.refuse(interaction, "Games are played in server channels.")
            return
        today = datetime.fromtimestamp(table.clock(), UTC).date()
        day = today.isoformat()
        record = await store.daily_game(interaction.user.id, game, day)
        if record is None:
            new, _ = table.deal(interaction, game, None, daily_seed(today), daily=day)
            try:
                record = await store.create_game(channel_id=interaction.channel_id, **new)
            except DailyTaken:  # a second command raced the first: show the one that won
                record = await store.daily_game(interaction.user.id, game, day)
        async with table.lock(record.id):
            record = await table.expire_if_idle(await store.get_game(record.id) or record)
        if record.status != GameStatus.ACTIVE:
            await table.refuse(interaction, SAY["done"].format(day=day))
            return
        notice = SAY["notice"].format(day=day)
        await interaction.response.send_message(
            ephemeral=True, **table.message(record, table.stored(record), notice)
        )

    async def share(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """Tell the channel how the attempt went, without a single card of the deal."""
        if record.seat_of(interaction.user.id) is None or record.status != GameStatus.FINISHED:
            await self.table.refuse(interaction, SAY["not_yours"])
            return
        state = self.table.stored(record)
        text = SAY["shared"].format(
            name=interaction.user.display_name,
            verb="escaped" if state.outcome == Outcome.WON else "fell in",
            day=record.daily,
            score=state.score,
            turns=state.turn,
        )
        await interaction.response.send_message(text)
