"""What every service of the Discord layer shares: the store, the clock, the seeds, the timings,
a lock per game, and a way to edit a message it posted earlier."""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import discord

from bot.games.definition import GameEntry, Match
from bot.games.registry import GAMES
from bot.settings import (
    ServerSettings,
    TableSettings,
    environment_defaults,
    server_settings,
    table_settings,
)
from cogs.loading import Unloadable, described
from cogs.table_layout import without_picture as layout_without_picture
from cogs.thinking import Thinker
from cogs.turns import Turns, step_aside
from storage import GameRecord, Store

log = logging.getLogger(__name__)


class UnknownGame(Exception):
    """A stored game whose game is no longer registered (a removed plugin, say)."""


@dataclass(frozen=True)
class Timings:
    expiry_minutes: int = 24 * 60
    challenge_minutes: int = 10
    turn_seconds: int = 120
    sweep_seconds: int = 60
    """How often the clock's sweep runs (EXPIRY_CHECK_SECONDS)."""


@dataclass(frozen=True)
class Shards:
    """The shards this process runs, out of how many the whole bot has.

    A guild lives on shard `(guild_id >> 22) % count` (Discord's rule), and a game with no
    guild (a direct message) on shard 0; with no ids, this process runs every shard."""

    ids: frozenset[int] | None = None
    count: int = 1

    @classmethod
    def of(cls, ids: list[int] | None, count: int | None) -> Shards:
        if ids is None or count is None:
            return cls()
        return cls(frozenset(ids), count)

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process answers for the guild's games (its clock sweeps them)."""
        if self.ids is None:
            return True
        shard = 0 if guild_id is None else (guild_id >> 22) % self.count
        return shard in self.ids


@dataclass
class Desk:
    client: discord.Client
    store: Store
    clock: Callable[[], float]
    seeds: Callable[[], int]
    timings: Timings = Timings()
    thinker: Thinker = field(default_factory=Thinker)
    """Where hints and solvers run, off the event loop."""
    shards: Shards = Shards()
    """Whose games this process sweeps; another process sweeps the rest."""
    _locks: weakref.WeakValueDictionary[int, asyncio.Lock] = field(
        default_factory=weakref.WeakValueDictionary
    )
    _starts: weakref.WeakValueDictionary[int, asyncio.Lock] = field(
        default_factory=weakref.WeakValueDictionary
    )
    turns: Turns = field(default_factory=Turns)
    """Clicks taking turns to work (see cogs/turns.py)."""
    turn_pings: dict[int, tuple[int, int]] = field(default_factory=dict)
    """Each game's standing "your turn" line (channel, message), as cogs/pings.py sent it."""
    turn_warnings: dict[int, int] = field(default_factory=dict)
    """The version of each game whose slow players were last warned of the turn timer."""

    def owns(self, guild_id: int | None) -> bool:
        return self.shards.owns(guild_id)

    @cached_property
    def defaults(self) -> ServerSettings:
        """Every server's settings before its admins change any: the environment's."""
        return environment_defaults(
            turn_seconds=self.timings.turn_seconds,
            game_expiry_minutes=self.timings.expiry_minutes,
            challenge_expiry_minutes=self.timings.challenge_minutes,
        )

    async def server_settings(self, guild_id: int | None) -> ServerSettings:
        """A server's settings as its admins left them (read when a game starts, never per
        click: a game keeps the ones it started with)."""
        if guild_id is None:
            return self.defaults
        return server_settings(self.defaults, await self.store.guild_settings(guild_id))

    def settings_of(self, record: GameRecord) -> TableSettings:
        """The settings a game is played with: those it started with."""
        return settings_of(record, self.defaults)

    def lock(self, game_id: int) -> asyncio.Lock:
        """One click at a time per game in this process; the version column guards the rest."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def start_lock(self, user_id: int) -> asyncio.Lock:
        """One new game at a time per player in this process: a double command checks for a
        game started moments ago only once the first has stored it. (A server's commands all
        reach the process of its shard, so one process sees both of a double command.)"""
        lock = self._starts.get(user_id)
        if lock is None:
            lock = self._starts[user_id] = asyncio.Lock()
        return lock

    async def edit_message(self, channel_id: int, message_id: int, **fields: Any) -> None:
        """Edit an earlier message; one that is gone or out of reach is not an error. Where the
        bot may not attach files, the message is edited without its picture."""
        step_aside()
        message = self.client.get_partial_messageable(channel_id).get_partial_message(message_id)
        try:
            try:
                await message.edit(**fields)
            except discord.Forbidden:
                if not fields.get("attachments"):
                    raise
                await message.edit(**without_picture(fields))
        except discord.HTTPException as error:
            log.info("could not edit message %s in %s: %s", message_id, channel_id, error)


def without_picture(fields: dict[str, Any]) -> dict[str, Any]:
    """A message's fields with its picture taken off: for a channel where the bot may send
    messages but not attach files (the table reads whole without it)."""
    embed = fields.get("embed")
    plain = {**fields, "attachments": []}
    if isinstance(embed, discord.Embed):
        plain["embed"] = discord.Embed.from_dict(embed.to_dict()).set_image(url=None)
    view = fields.get("view")
    if isinstance(view, discord.ui.LayoutView):
        plain["view"] = layout_without_picture(view)
    return plain


def game_of(record: GameRecord) -> GameEntry:
    game = GAMES.get(record.game)
    if game is None:
        raise UnknownGame(record.game)
    return game


def match_of(record: GameRecord) -> Match:
    """The stored game, ready to play; Unloadable when its state no longer reads."""
    game = game_of(record)
    try:
        return game.resume(record.state)
    except Exception as error:  # whatever a model makes of a bad state, it cannot be played
        raise Unloadable(record.id, described(error)) from error


BUILT_IN = TableSettings()
"""The settings a game from before they were kept is drawn with, where the environment has no
say (hints, pictures, pings are on unless a server turns them off)."""


def settings_of(record: GameRecord, defaults: TableSettings = BUILT_IN) -> TableSettings:
    """The table settings a game started with; a game from before they were kept plays with
    the defaults."""
    return table_settings(defaults, record.settings)


def hints_offered(record: GameRecord) -> bool:
    """Whether this table offers hints: by its variant and the people at it (RULES: none in a
    game rated between people), the game's facts deciding, never its name; and where its
    server offers hints at all."""
    people = len({player.user_id for player in record.players if not player.is_bot})
    offered = game_of(record).info.offers_hints(record.variant, people)
    return offered and settings_of(record).hints


def names_of(record: GameRecord) -> list[str]:
    return [player.display_name for player in record.players]
