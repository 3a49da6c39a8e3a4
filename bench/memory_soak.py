"""A long-running bot's memory: does it stay flat over many games?

One bot process plays game after game through the offline Discord: a Scoundrel game clicked to
its end in its own channel, and every tenth game a Role Playing Card Game table with a bot
player, whose hand is opened (a message only its player sees) before it is abandoned. Every
`--every` games it prints the process's resident memory, the asyncio tasks alive, the open file
descriptors, and the components discord.py's view store holds. What the fake Discord itself
records (requests, messages) is dropped as it goes, so the figures are the bot's.

    .venv/bin/python -m bench.memory_soak [--games 1000] [--every 100]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import tempfile
import time

from bot.app import DungeonBot
from bot.config import Settings
from tests.discord.test_scoundrel_discord import cautious, moves_left
from tests.harness import FakeDiscord, Harness, World

PAGE = os.sysconf("SC_PAGE_SIZE")


def rss_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * PAGE / 2**20


def open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))


def view_items(bot: DungeonBot) -> int:
    """The components discord.py keeps to dispatch to views it was handed with messages."""
    store = bot._connection._view_store
    return sum(len(items) for items in store._views.values()) + len(store._synced_message_views)


def forget(discord: FakeDiscord, world: World) -> None:
    """Drop what the fake Discord recorded: a real Discord's memory is not the bot's."""
    discord.requests.clear()
    discord.interactions.clear()
    world.messages.clear()
    world.interactions.clear()
    discord.problems.found.clear()


async def soak(games: int, every: int) -> None:
    world = World()
    players = [world.add_user(f"p{n}") for n in range(10)]
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(
            _env_file=None, database_url=f"sqlite:///{folder}/soak.sqlite3", thinking_processes=0
        )
        harness = Harness(world, error_loggers=("discord", "bot", "cogs"))
        bot = lambda: DungeonBot(settings, seeds=lambda: 3)  # noqa: E731
        async with harness.running(bot, settle_timeout=600, check_bodies=False) as discord:
            started = time.perf_counter()
            print("games  RSS MB  tasks  fds  view items  clicks/s")
            clicks = 0
            base: float | None = None
            for number in range(1, games + 1):
                player = players[number % len(players)]
                room = world.add_channel(f"room-{number}")
                message = (await discord.slash("scoundrel new", player, channel=room)).message
                while moves_left(message):
                    played = await discord.click(message, cautious(message)["custom_id"], player)
                    message = played.message
                    clicks += 1
                if number % 10 == 0:
                    clicks += await _table_with_a_hand(discord, world, player, players[0])
                forget(discord, world)
                if number % every == 0:
                    gc.collect()
                    rss = rss_mb()
                    base = rss if base is None else base
                    rate = clicks / (time.perf_counter() - started)
                    print(
                        f"{number:5d}  {rss:6.1f}  {len(asyncio.all_tasks()):5d}"
                        f"  {open_fds():3d}  {view_items(discord.bot):10d}  {rate:8.0f}"
                    )
            if base is not None:
                print(f"RSS growth after the first {every} games: {rss_mb() - base:+.1f} MB")


async def _table_with_a_hand(discord: FakeDiscord, world: World, host, other) -> int:
    """A table of two people and a bot player: started, a hand opened, then abandoned."""
    room = world.add_channel(f"table-{len(world.messages)}-{host.id}")
    lobby = (await discord.slash("rpg new", host, channel=room)).message
    await discord.click(lobby, lobby.button("Join")["custom_id"], other)
    await discord.click(lobby, lobby.button("Add a bot player")["custom_id"], host)
    table = (await discord.click(lobby, lobby.button("Start")["custom_id"], host)).message
    await discord.click(table, table.button("🂠 My hand")["custom_id"], host)
    await discord.slash("game abandon", host, channel=room)
    await discord.slash("game abandon", other, channel=room)
    return 4


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--every", type=int, default=100)
    args = parser.parse_args()
    asyncio.run(soak(args.games, args.every))


if __name__ == "__main__":
    main()
