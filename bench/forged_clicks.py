"""Forged clicks and a stalled store, through the offline Discord: how many are answered.

Prints (1) forged interactions tried / answered / games changed, over every custom_id kind,
game, version, action and status (tests/discord/forging.py says what counts as forged), and
(2) clicks answered within Discord's 3 s while another connection holds the SQLite write lock
for 4 s (the store waits it out: saved) and for 12 s (it gives up after 5 s: "try again").

    .venv/bin/python -m bench.forged_clicks [--forged 2000] [--clicks 20]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from pathlib import Path

from bot.app import DungeonBot
from bot.config import Settings
from cogs.answers import ACK_AFTER
from tests.discord.forging import forge
from tests.discord.test_slow_store import hold_write_lock
from tests.harness import Harness, World


def settings_in(folder: str) -> Settings:
    return Settings(_env_file=None, database_url=f"sqlite:///{folder}/bench.sqlite3")


async def forged(count: int) -> None:
    world = World()
    with tempfile.TemporaryDirectory() as folder:
        harness = Harness(world, error_loggers=("discord", "bot", "cogs"))
        started = time.perf_counter()
        async with harness.running(lambda: DungeonBot(settings_in(folder))) as discord:
            tally = await forge(discord, world, count, random.Random(2026))
        took = time.perf_counter() - started
    problems = harness.problems.unreported()
    print(
        f"forged interactions: {tally.tried} tried, {tally.answered} answered,"
        f" {len(tally.changed)} changed a game ({took:.1f} s; {len(problems)} harness problems)"
    )
    for line in tally.changed[:5]:
        print("  changed:", line)


async def under_lock(clicks: int, seconds: float) -> None:
    world = World()
    players = [world.add_user(f"p{n}") for n in range(clicks)]
    channels = [world.add_channel(f"t{n}") for n in range(clicks)]
    with tempfile.TemporaryDirectory() as folder:
        settings = settings_in(folder)
        harness = Harness(world, error_loggers=("discord", "bot", "cogs"))
        async with harness.running(lambda: DungeonBot(settings), settle_timeout=90) as discord:
            games = [
                (await discord.slash("scoundrel new", user, channel=channel)).message
                for user, channel in zip(players, channels, strict=True)
            ]
            holder = hold_write_lock(Path(folder) / "bench.sqlite3", seconds)
            sent = time.perf_counter()
            results = await asyncio.gather(
                *(
                    discord.click(game, game.buttons[0]["custom_id"], user, settle=False)
                    for game, user in zip(games, players, strict=True)
                )
            )
            await discord.settle()
            saved = time.perf_counter() - sent
            holder.join()
            versions = [(await discord.bot.store.get_game(n + 1)).version for n in range(clicks)]
    acks = [r.record.acknowledged for r in results]
    told = sum(  # the move shown on its message, or a follow-up saying to try again
        bool(r.followups) or (v == 1 and g.edits >= 1)
        for r, g, v in zip(results, games, versions, strict=True)
    )
    late = [p for p in harness.problems.unreported() if "deadline" in p.describe()]
    print(
        f"clicks during a {seconds:.0f} s write lock: {sum(acks)}/{clicks} acknowledged,"
        f" {len(late)} after the 3 s deadline, {told}/{clicks} told the outcome,"
        f" {sum(v == 1 for v in versions)}/{clicks} saved; all settled {saved:.2f} s after sending"
    )


async def main(count: int, clicks: int) -> None:
    await forged(count)
    await under_lock(clicks, 4.0)  # shorter than the store's 5 s busy timeout: saved
    await under_lock(clicks, 12.0)  # longer: "try again", nothing saved
    print(f"(an unanswered click is acknowledged early {ACK_AFTER:.1f} s after Discord made it)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--forged", type=int, default=2000)
    parser.add_argument("--clicks", type=int, default=20)
    options = parser.parse_args()
    asyncio.run(main(options.forged, options.clicks))
