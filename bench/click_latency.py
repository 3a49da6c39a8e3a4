"""Time per click through the offline Discord: raw INTERACTION_CREATE in, response recorded out.

Every click goes the whole way: discord.py parses the gateway payload, the DynamicItem is rebuilt
from the custom_id, the game is loaded, the engine applies the move, SQLite commits (WAL) and the
UPDATE_MESSAGE callback is checked against Discord's OpenAPI spec. The floor is a bare discord.py
command that answers a static message in the same harness.

    .venv/bin/python -m bench.click_latency [--clicks 1000]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

import discord
from discord.ext import commands

from bot.app import DungeonBot
from bot.config import Settings
from tests.harness import Harness, World


class FloorBot(commands.Bot):
    """discord.py and the harness alone: a command that answers a fixed message."""

    def __init__(self) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.none())

        @self.tree.command(name="ping", description="Answer at once")
        async def ping(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("pong")


def cautious(message) -> dict:
    order = ("Drink", "Equip", "(weapon)", "barehanded", "New game")
    playable = [b for b in message.buttons if not b.get("disabled") and b["label"] != "Run"]
    return min(playable, key=lambda b: next(i for i, w in enumerate(order) if w in b["label"]))


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


async def time_clicks(
    count: int, database: Path, check_bodies: bool = False
) -> tuple[list[float], float]:
    world = World()
    alice = world.add_user("alice")
    settings = Settings(_env_file=None, database_url=f"sqlite:///{database}")
    harness = Harness(world)
    samples: list[float] = []
    bot = lambda: DungeonBot(settings)  # noqa: E731
    async with harness.running(bot, check_bodies=check_bodies) as fake:
        message = (await fake.slash("scoundrel new", alice)).message
        started = time.perf_counter()
        while len(samples) < count:
            button = cautious(message)
            before = time.perf_counter()
            result = await fake.click(message, button["custom_id"], alice)
            samples.append(time.perf_counter() - before)
            message = result.message
        wall = time.perf_counter() - started
    harness.check()
    return samples, wall


async def time_floor(count: int, check_bodies: bool = False) -> list[float]:
    world = World()
    alice = world.add_user("alice")
    harness = Harness(world)
    samples = []
    async with harness.running(FloorBot, check_bodies=check_bodies) as fake:
        for _ in range(count):
            before = time.perf_counter()
            await fake.slash("ping", alice)
            samples.append(time.perf_counter() - before)
    harness.check()
    return samples


def report(name: str, samples: list[float]) -> None:
    ms = [s * 1000 for s in samples]
    print(
        f"{name:<34} n={len(ms):>5}  p50 {statistics.median(ms):6.2f} ms"
        f"  p99 {percentile(ms, 0.99):6.2f} ms  max {max(ms):6.2f} ms"
    )


async def main(clicks: int) -> None:
    for checked in (False, True):
        with tempfile.TemporaryDirectory() as folder:
            samples, wall = await time_clicks(clicks, Path(folder) / "bench.sqlite3", checked)
        floor = await time_floor(clicks, checked)
        print("with every body checked against the spec:" if checked else "the bot alone:")
        report("  game click (load+apply+commit)", samples)
        report("  floor: static /ping", floor)
        ratio = statistics.median(samples) / statistics.median(floor)
        print(f"  sustained {len(samples) / wall:.0f} clicks/s; {ratio:.1f}x the floor at p50")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clicks", type=int, default=1000)
    asyncio.run(main(parser.parse_args().clicks))
