"""The daily deal: today's game for everyone, one attempt each, played where only you see it.

The attempt is a game like any other (stored, versioned, resumable), but in an ephemeral
message, so nobody in the channel sees the deal before their own try; its result is shared
by a button that tells the score and not one card. Any game that declares a `Daily` gets this.
"""

from __future__ import annotations

from datetime import UTC, datetime

import discord

from bot.games.contract import GameError, Setup
from bot.games.definition import GameEntry
from bot.words import plural
from cogs import answers
from cogs.answers import refuse
from cogs.context import Desk, game_of, match_of
from cogs.insight import InsightDesk
from cogs.lifecycle import Lifecycle
from cogs.messages import table_message
from cogs.replies import say
from cogs.starting import deal, opening, seat
from storage import DailyTaken, GameRecord, GameStatus

SAY = {
    "notice": "🗓️ The {daily} of {day}: the same deal for everyone today, one attempt"
    " each. Only you can see this message.",
    "done": "You have had your attempt at the {daily} of {day}. A new one opens at"
    " midnight UTC; `/leaderboard game:{board}` shows today's board.",
    "shared": "🗓️ **{name}** {verb} the {daily} of {day} with a score of **{score}**{best}"
    " in {turns}. Your turn: `/{game} daily`.",
    "best": " (the deal allows {best})",
    "not_yours": "Only the player of this daily attempt can share it, once it is over.",
}


def board_title(game: GameEntry) -> str:
    """The board that ranks a game's daily deal, as /leaderboard lists it."""
    return next((b.title for b in game.info.boards if b.daily), game.info.title)


class DailyDesk:
    def __init__(self, desk: Desk, lifecycle: Lifecycle, insight: InsightDesk) -> None:
        self.desk = desk
        self.lifecycle = lifecycle
        self.insight = insight

    async def start(self, interaction: discord.Interaction, game: GameEntry) -> None:
        """Today's attempt: dealt on the first call, shown again with fresh buttons after."""
        desk, store, daily = self.desk, self.desk.store, game.info.daily
        if interaction.guild is None or interaction.channel_id is None or daily is None:
            await refuse(interaction, say("guild_only"))
            return
        today = datetime.fromtimestamp(desk.clock(), UTC).date()
        day = today.isoformat()
        done = SAY["done"].format(daily=daily.name, day=day, board=board_title(game))
        record = await store.daily_game(interaction.user.id, game.info.key, day)
        if record is None:
            settings = await opening(desk, interaction, game)
            if settings is None:
                return
            setup = Setup(variant=daily.variant)
            players = [seat(interaction.user, 0)]
            seed = await desk.thinker.daily_seed(game.info.key, daily.variant, today)
            try:
                dealt = deal(game, seed, setup, players, interaction.guild_id, day, settings)
            except (GameError, ValueError) as error:
                await refuse(interaction, str(error))
                return
            try:
                record = await store.create_game(channel_id=interaction.channel_id, **dealt.row)
            except DailyTaken:  # a second command raced the first: show the one that won
                record = await store.daily_game(interaction.user.id, game.info.key, day)
        if record is None:
            await refuse(interaction, done)
            return
        async with desk.lock(record.id):
            record = await self.lifecycle.expire_if_idle(await store.get_game(record.id) or record)
        if record.status != GameStatus.ACTIVE:
            await refuse(interaction, done)
            return
        notice = SAY["notice"].format(daily=daily.name, day=day)
        await answers.send(
            interaction, ephemeral=True, **await table_message(record, match_of(record), notice)
        )

    async def share(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """Tell the channel how the attempt went, without a single card of the deal."""
        daily = game_of(record).info.daily
        if (
            daily is None
            or record.seat_of(interaction.user.id) is None
            or record.status != GameStatus.FINISHED
        ):
            await refuse(interaction, SAY["not_yours"])
            return
        match = match_of(record)
        results = match.results()
        if not results:
            await refuse(interaction, SAY["not_yours"])
            return
        result = results[0]
        best = await self.insight.daily_best(record, wait=0)  # shared at once, known or not
        text = SAY["shared"].format(
            best=SAY["best"].format(best=best) if best is not None else "",
            name=interaction.user.display_name,
            verb=daily.won if result.outcome == "won" else daily.lost,
            daily=daily.name,
            day=record.daily,
            score=result.score,
            turns=plural(match.turn, "move"),
            game=record.game,
        )
        await answers.send(interaction, content=text)
