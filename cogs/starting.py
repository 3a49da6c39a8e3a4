"""Starting games: dealt here, or in a thread when the channel already has one; and a pending
game (a challenge, a lobby) becoming the channel's game when its players are ready."""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import discord

from bot.games.contract import GameError, Setup
from bot.games.definition import GameEntry, Match
from bot.settings import ServerSettings, snapshot
from cogs import answers
from cogs.answers import refuse
from cogs.bots import bot_seat, play_bots
from cogs.context import Desk, match_of, without_picture
from cogs.messages import NARRATION_LINES, table_message
from cogs.pings import announce_turn
from cogs.replies import say
from storage import ChannelBusy, GameRecord, GameStatus, NewGame, PlayerSeat

log = logging.getLogger(__name__)

THREAD_ARCHIVE_MINUTES = 1440


def seat(user: discord.User | discord.Member, number: int) -> PlayerSeat:
    return PlayerSeat(seat=number, user_id=user.id, display_name=user.display_name)


@dataclass(frozen=True)
class Dealt:
    """A game dealt and told, not yet stored: the row to create and the match it holds."""

    row: NewGame
    match: Match


def deal(
    game: GameEntry,
    seed: int,
    setup: Setup,
    players: list[PlayerSeat],
    guild_id: int | None,
    daily: str | None = None,
    settings: ServerSettings | None = None,
    ranked: bool = True,
) -> Dealt:
    """Deal a game and let its voice tell the opening; a GameError for a setup it refuses.
    The row keeps the server's settings as they are now: the game is played with them (and,
    `ranked` False, counts on no board)."""
    match, events = game.start(seed, setup)
    names = [player.display_name for player in players]
    row = NewGame(
        game=game.info.key,
        variant=setup.variant,
        guild_id=guild_id,
        owner_id=players[0].user_id,
        players=players,
        seed=seed,
        daily=daily,
        state=match.dump(),
        narration=json.dumps(match.narrate(events, None, names)[-NARRATION_LINES:]),
        settings=snapshot(settings, ranked) if settings is not None else None,
    )
    return Dealt(row=row, match=match)


async def opening(
    desk: Desk, interaction: discord.Interaction, game: GameEntry
) -> ServerSettings | None:
    """The server's settings for a game about to start here; None, the user told why in
    private, when its admins have turned the game off."""
    settings = await desk.server_settings(interaction.guild_id)
    if not settings.game_is_on(game.info.key):
        await refuse(interaction, say("game_off", title=game.info.title))
        return None
    return settings


THREAD_PERMISSIONS = {
    "create_public_threads": "Create Public Threads",
    "send_messages_in_threads": "Send Messages in Threads",
}


def missing_thread_permissions(interaction: discord.Interaction) -> str:
    """The permissions a game in a new thread needs that the bot lacks here, in Discord's
    words ("" when it has them all)."""
    granted = interaction.app_permissions
    return ", ".join(
        name for flag, name in THREAD_PERMISSIONS.items() if not getattr(granted, flag)
    )


NEW_GAME_COOLDOWN = 5.0
"""Seconds in which a player's game that has not had a move yet holds back their next one: a
double press of New game, or a command sent again while the first is answered, starts one game,
not two."""


class Starter:
    def __init__(self, desk: Desk) -> None:
        self.desk = desk

    async def _just_started(self, user_id: int) -> GameRecord | None:
        """The player's game started moments ago and not played yet, if there is one."""
        now = self.desk.clock()
        for record in await self.desk.store.active_games_of(user_id):
            fresh = record.version == 0 and now - record.created_at < NEW_GAME_COOLDOWN
            if fresh and record.daily is None:
                return record
        return None

    async def start(
        self,
        interaction: discord.Interaction,
        game: GameEntry,
        setup: Setup,
        seed: int | None = None,
    ) -> None:
        """A game for the user alone, in this channel or (busy) a new thread; on a fresh
        deal, or on the deal of `seed` (a friend's, to play the same deal)."""
        if interaction.guild is None or interaction.channel is None:
            await refuse(interaction, say("guild_only"))
            return
        async with self.desk.start_lock(interaction.user.id):
            await self._start(interaction, game, setup, seed)

    async def _start(
        self, interaction: discord.Interaction, game: GameEntry, setup: Setup, seed: int | None
    ) -> None:
        fresh = await self._just_started(interaction.user.id)
        if fresh is not None:
            await refuse(interaction, say("cooldown", where=f"<#{fresh.channel_id}>"))
            return
        settings = await opening(self.desk, interaction, game)
        if settings is None:
            return
        try:
            players = [seat(interaction.user, 0)]
            for number in range(1, setup.seats):  # the rest of a game played against bots
                players.append(bot_seat(number, players))
            # A given seed is a friend's deal, played again: a casual comparison, not ranked.
            dealt_seed, ranked = (self.desk.seeds(), True) if seed is None else (seed, False)
            guild = interaction.guild_id
            dealt = deal(game, dealt_seed, setup, players, guild, None, settings, ranked)
        except (GameError, ValueError) as error:
            await refuse(interaction, str(error))
            return
        try:
            channel_id = interaction.channel_id or 0  # a guild's command always has one
            record = await self.desk.store.create_game(channel_id=channel_id, **dealt.row)
        except ChannelBusy:
            if not settings.threads:
                await refuse(interaction, say("busy_no_threads"))
                return
            await self._start_in_thread(interaction, dealt)
            return
        record = await play_bots(self.desk, record, dealt.match)
        await self.show(interaction, record, await table_message(record, dealt.match))

    async def show(
        self, interaction: discord.Interaction, record: GameRecord, fields: Mapping[str, Any]
    ) -> None:
        """Answer with a new game's (or lobby's, or challenge's) message and remember it. If
        it cannot be sent, the game is closed unseen: nobody could play it, and it would hold
        the channel until it expired."""
        try:
            sent = await answers.send(interaction, **fields)
        except discord.HTTPException:
            await self.desk.store.close_game(
                record.id, record.version, GameStatus.DECLINED, was=record.status
            )
            raise
        if sent is not None:
            await self.desk.store.set_message(record.id, record.channel_id, sent)

    async def _start_in_thread(self, interaction: discord.Interaction, dealt: Dealt) -> None:
        """A busy channel: the game opens in a thread of its own, one open thread per player
        and channel (a second would only scatter their games)."""
        ongoing = await self._own_thread_game(interaction)
        if ongoing is not None:
            await refuse(interaction, say("own_thread", thread=f"<#{ongoing.channel_id}>"))
            return
        missing = missing_thread_permissions(interaction)
        if missing:
            await refuse(interaction, say("no_thread_permission", missing=missing))
            return
        await answers.defer(interaction, ephemeral=True)
        title = dealt.match.info.title
        thread = await self.open_thread(interaction, f"{interaction.user.display_name} · {title}")
        if thread is None:
            await answers.follow(interaction, say("no_thread"))
            return
        record = await self.desk.store.create_game(channel_id=thread.id, **dealt.row)
        record = await play_bots(self.desk, record, dealt.match)
        if await self.post_in(thread, record, dealt.match):
            await answers.follow(interaction, say("in_thread", thread=thread.mention))
        else:
            await answers.follow(interaction, say("not_posted"))

    async def _own_thread_game(self, interaction: discord.Interaction) -> GameRecord | None:
        """The user's active game in a thread of this channel, if they have one."""
        channel = interaction.channel
        parent_id = (
            channel.parent_id if isinstance(channel, discord.Thread) else interaction.channel_id
        )
        for record in await self.desk.store.active_games_of(interaction.user.id):
            if record.daily is not None or record.channel_id == interaction.channel_id:
                continue
            place = await self._channel(interaction, record.channel_id)
            if isinstance(place, discord.Thread) and place.parent_id == parent_id:
                return record
        return None

    @staticmethod
    async def _channel(
        interaction: discord.Interaction, channel_id: int
    ) -> discord.abc.GuildChannel | discord.Thread | None:
        guild = interaction.guild
        known = guild.get_channel_or_thread(channel_id) if guild is not None else None
        if known is not None:
            return known
        try:
            fetched = await interaction.client.fetch_channel(channel_id)
        except discord.HTTPException:
            return None
        return fetched if isinstance(fetched, (discord.abc.GuildChannel, discord.Thread)) else None

    async def open_thread(
        self, interaction: discord.Interaction, name: str
    ) -> discord.Thread | None:
        """A public thread off the interaction's channel, for a game that finds it busy."""
        channel = interaction.channel
        parent = channel.parent if isinstance(channel, discord.Thread) else channel
        if not isinstance(parent, discord.TextChannel):
            return None
        try:
            return await parent.create_thread(
                name=name[:100],
                type=discord.ChannelType.public_thread,
                auto_archive_duration=THREAD_ARCHIVE_MINUTES,
            )
        except discord.HTTPException as error:
            log.info("could not open a thread in %s: %s", parent.id, error)
            return None

    async def activate(
        self,
        interaction: discord.Interaction,
        record: GameRecord,
        thread_name: str,
        texts: tuple[str | None, str],
        dealt: Match | None = None,
        narration: list[str] | None = None,
    ) -> None:
        """A pending game starts: the clicked message becomes the game, or, when this channel
        already has one, the game opens in a new thread.

        `texts` is what the message says then: here (None for nothing) and with a `{thread}`.
        `dealt`, when given, is the game dealt at this moment, told by `narration`.
        """
        state = dealt.dump() if dealt is not None else None
        told = json.dumps(narration[-NARRATION_LINES:]) if narration is not None else None
        here, elsewhere = texts
        store = self.desk.store
        try:
            record = await store.accept_challenge(
                record.id, record.version, interaction.channel_id or 0, state, told
            )
        except ChannelBusy:
            if not self.desk.settings_of(record).threads:
                await refuse(interaction, say("busy_no_threads"))
                return
            missing = missing_thread_permissions(interaction)
            if missing:
                await refuse(interaction, say("no_thread_permission", missing=missing))
                return
            await answers.defer(interaction)
            thread = await self.open_thread(interaction, thread_name)
            if thread is None:
                await answers.follow(interaction, say("no_thread"))
                return
            record = await store.accept_challenge(record.id, record.version, thread.id, state, told)
            match = match_of(record)
            record = await play_bots(self.desk, record, match)
            if not await self.post_in(thread, record, match):
                await answers.update(interaction, content=say("not_posted"), embed=None, view=None)
                return
            text = elsewhere.format(thread=thread.mention)
            await answers.update(interaction, content=text, embed=None, view=None)
        else:
            if interaction.message is not None:
                await store.set_message(record.id, record.channel_id, interaction.message.id)
                record = record.model_copy(update={"message_id": interaction.message.id})
            match = match_of(record)
            record = await play_bots(self.desk, record, match)
            await answers.update(interaction, **await table_message(record, match, here or ""))
        await announce_turn(self.desk, record, match, set(), interaction.user.id)

    async def post_in(
        self, channel: discord.abc.Messageable, record: GameRecord, match: Match
    ) -> bool:
        """Post a game's message in a channel and remember it as the game's message. A game
        that cannot be shown is closed at once, with no result: nobody could have played it."""
        fields = await table_message(record, match)
        try:
            try:
                sent = await channel.send(**answers.as_new_message(fields))
            except discord.Forbidden:
                if not fields["attachments"]:
                    raise
                sent = await channel.send(**answers.as_new_message(without_picture(dict(fields))))
        except discord.HTTPException as error:
            log.info("could not post game %s: %s; closing it unseen", record.id, error)
            await self.desk.store.close_game(
                record.id, record.version, GameStatus.DECLINED, was=record.status
            )
            return False
        await self.desk.store.set_message(record.id, sent.channel.id, sent.id)
        return True
