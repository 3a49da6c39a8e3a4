"""The Discord bot: opens the store, builds every game's commands from the registry, and
registers the persistent buttons.

Commands are registered with Discord only when asked (`python -m bot sync`), never on every
start: syncing is rate-limited and global commands take time to spread.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import secrets
import sqlite3
import sys
import time
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import (
    Settings,
    interpreter,
    load_settings,
    no_token_help,
    printable_url,
    scrubbed,
)
from bot.games.registry import GAMES
from bot.render.pictures import warm_up
from cogs.answers import refuse
from cogs.boards import Boards
from cogs.channel_game import ChannelGameCog
from cogs.commands import challenge_menu, game_group
from cogs.context import Desk, Shards, Timings
from cogs.help import help_commands
from cogs.history import History
from cogs.replies import SOMETHING_WENT_WRONG
from cogs.router import Router
from cogs.settings import settings_group
from cogs.thinking import Thinker
from storage import Store, StoreError, open_store

log = logging.getLogger("bot")

OUTDATED_COMMAND = "That command has changed since it was registered. Try `/help`."


class DungeonBot(commands.AutoShardedBot):
    """The bot, on the shards its settings name (SHARDS, SHARD_COUNT), or on every shard
    Discord recommends when they name none."""

    store: Store
    router: Router
    boards: Boards
    history: History

    def __init__(
        self,
        settings: Settings,
        clock: Callable[[], float] = time.time,
        seeds: Callable[[], int] = lambda: secrets.randbits(31),
        **options: Any,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # channels and threads in the cache; no privileged intents needed
        if settings.shard_count is not None:
            options.setdefault("shard_count", settings.shard_count)
            options.setdefault("shard_ids", settings.shard_ids())
        # Nothing the bot says notifies anyone unless it names them: display names and options
        # are people's own text, and `<@&ROLE>` or `@everyone` in one must not ping through it.
        options.setdefault("allowed_mentions", discord.AllowedMentions.none())
        super().__init__(
            command_prefix=commands.when_mentioned, intents=intents, help_command=None, **options
        )
        self.settings = settings
        self.clock = clock
        self.seeds = seeds
        self.tree.on_error = self.on_app_command_error

    async def setup_hook(self) -> None:
        self.store = await open_store(self.settings.database_url, self.clock)
        timings = Timings(
            expiry_minutes=self.settings.game_expiry_minutes,
            challenge_minutes=self.settings.challenge_expiry_minutes,
            turn_seconds=self.settings.turn_seconds,
            sweep_seconds=self.settings.expiry_check_seconds,
        )
        thinker = Thinker(self.settings.thinking_processes)
        self.router = Router.build(
            Desk(
                self,
                self.store,
                self.clock,
                self.seeds,
                timings,
                thinker=thinker,
                shards=Shards.of(self.settings.shard_ids(), self.settings.shard_count),
            )
        )
        self.boards = Boards(self.store, self.clock)
        self.history = History(self.router.desk, self.router.replays)
        for game in GAMES.values():
            self.tree.add_command(game_group(game, self.router))
            if game.info.challenge is not None:
                self.tree.add_command(challenge_menu(game, self.router))
        await self.add_cog(ChannelGameCog(self.router, self.settings.expiry_check_seconds))
        for command in [
            *help_commands(),
            *self.boards.commands(),
            *self.history.commands(),
            settings_group(self.router.desk),
        ]:
            self.tree.add_command(command)
        # Card faces drawn once, off the loop, so the first tables after a restart are quick.
        self._warming = asyncio.get_running_loop().run_in_executor(None, warm_up)
        # What start-up built lives as long as the process: keep it out of every later
        # garbage collection, whose full passes were the long tail of click times.
        gc.freeze()

    async def close(self) -> None:
        router = getattr(self, "router", None)
        if router is not None:
            router.insight.stop()
            router.desk.thinker.close()
        await super().close()
        store = getattr(self, "store", None)
        if store is not None:
            await store.close()

    async def sync_commands(self, guild_id: int | None = None) -> list[app_commands.AppCommand]:
        """Register the slash commands: in one server (instant) or globally."""
        if guild_id is None:
            return await self.tree.sync()
        guild = discord.Object(id=guild_id)
        self.tree.copy_global_to(guild=guild)
        return await self.tree.sync(guild=guild)

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        outdated = (
            app_commands.CommandNotFound,
            app_commands.CommandSignatureMismatch,
            app_commands.TransformerError,  # a choice that is no longer offered
        )
        if isinstance(error, outdated):
            log.info("outdated command used: %s", error)  # registered commands lag behind
            await refuse(interaction, OUTDATED_COMMAND)
            return
        log.error(
            "command %s failed",
            interaction.command and interaction.command.qualified_name,
            exc_info=error,
        )
        await refuse(interaction, SOMETHING_WENT_WRONG)


async def _sync(bot: DungeonBot, token: str, guild_id: int | None) -> None:
    async with bot:
        await bot.login(token)
        commands_synced = await bot.sync_commands(guild_id)
        where = f"server {guild_id}" if guild_id else "every server (may take up to an hour)"
        print(f"Registered {len(commands_synced)} commands in {where}.")


async def store_problem(database_url: str) -> str | None:
    """Why the store cannot be opened (a read-only folder, a file in the way), before the bot
    logs in; None when it opens."""
    try:
        store = await open_store(database_url)
    except (OSError, ValueError, sqlite3.Error, StoreError) as error:
        return (
            f"Cannot open the games database at DATABASE_URL={printable_url(database_url)}:"
            f" {scrubbed(str(error), database_url)}.\nCheck that its folder exists and this user"
            " may write there, or set DATABASE_URL."
        )
    await store.close()
    return None


def run(
    sync_only: bool = False,
    sync_guild: int | None = None,
    shards: tuple[list[int] | None, int] | None = None,
) -> int:
    """Run the bot (or only register its commands); returns the process exit code.

    ``shards`` (from --shards and --shard-count: the ids, None for all, and the count) takes
    the place of SHARDS and SHARD_COUNT."""
    settings = load_settings()
    if isinstance(settings, str):
        print(settings, file=sys.stderr)
        return 2
    if shards is not None:
        ids, count = shards
        shard_range = None if ids is None else f"{ids[0]}-{ids[-1]}"
        settings = settings.model_copy(update={"shards": shard_range, "shard_count": count})
    token = settings.discord_token.get_secret_value() if settings.discord_token else ""
    if not token:
        print(no_token_help(interpreter()), file=sys.stderr)
        return 2
    problem = asyncio.run(store_problem(settings.database_url))
    if problem:
        print(problem, file=sys.stderr)
        return 2
    discord.utils.setup_logging(level=logging.getLevelName(settings.log_level))
    if settings.shard_count is not None:
        ids = settings.shard_ids() or range(settings.shard_count)
        log.info("running shards %s-%s of %s", ids[0], ids[-1], settings.shard_count)
        if len(ids) < settings.shard_count and settings.database_url.startswith("sqlite"):
            log.warning(
                "the other shards' processes need this database too: past one process, use"
                ' PostgreSQL (README.md, "Running at scale")'
            )
    bot = DungeonBot(settings)
    if sync_only:
        asyncio.run(_sync(bot, token, sync_guild or settings.dev_guild_id))
        return 0
    bot.run(token, log_handler=None)
    return 0
