"""A burst of simultaneous clicks through the offline Discord: are they all acknowledged in time?

200 channels each run a Scoundrel game; then every channel's player presses a button 10 times
at once (2,000 interactions in flight together). The first press of each game plays, the others
find the game moved on and are told so. Prints how many were acknowledged, how many missed
Discord's 3 s, the acknowledgement time p50/p99/max and the sustained rate.

The offline Discord runs in the bot's process and on its event loop, so its own work (making
the interactions, answering the bot's requests) counts against the deadline too; its share of
the processor is printed. Interactions reach the bot as from its socket, a 256 KiB read per
turn of the loop (tests/harness/gateway_reader.py).

    .venv/bin/python -m bench.click_burst [--channels 200] [--presses 10] [--round-trip 0.1]

--round-trip adds a network's delay to every request the bot makes (seconds there and back).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time

from bench.figures import percentile
from bot.app import DungeonBot
from bot.config import Settings
from tests.harness import Harness, World


async def burst(channels: int, presses: int, round_trip: float = 0.0) -> None:
    world = World()
    players = [world.add_user(f"p{n}") for n in range(channels)]
    rooms = [world.add_channel(f"room-{n}") for n in range(channels)]
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(_env_file=None, database_url=f"sqlite:///{folder}/burst.sqlite3")
        harness = Harness(world, error_loggers=("discord", "bot", "cogs"))
        bot = lambda: DungeonBot(settings, seeds=lambda: 3)  # noqa: E731
        async with harness.running(
            bot, settle_timeout=600, check_bodies=False, round_trip=round_trip
        ) as discord:
            games = [
                (await discord.slash("scoundrel new", user, channel=room)).message
                for user, room in zip(players, rooms, strict=True)
            ]
            started, harness_before = time.perf_counter(), discord.harness_cpu_seconds
            process_before = time.process_time()
            results = await asyncio.gather(
                *(
                    discord.click(game, game.buttons[0]["custom_id"], user, settle=False)
                    for game, user in zip(games, players, strict=True)
                    for _ in range(presses)
                )
            )
            await discord.settle()
            wall = time.perf_counter() - started
            harness = discord.harness_cpu_seconds - harness_before
            processor = time.process_time() - process_before
            played = sum(
                [(await discord.bot.store.get_game(n + 1)).version for n in range(channels)]
            )
    records = [result.record for result in results]
    waits = [r.acknowledged_at - r.created_at for r in records if r.acknowledged_at is not None]
    late = [r for r in records if r.acknowledged_at is None or r.callback_error is not None]
    if not waits:
        print(f"nothing acknowledged; {len(late)} clicks missed the deadline")
        return
    print(
        f"{len(records)} simultaneous clicks over {channels} channels"
        f" ({round_trip * 1000:.0f} ms round trip):"
        f" {len(waits)} acknowledged, {len(late)} missed the 3 s deadline,"
        f" {played} moves saved (one per game)"
    )
    print(
        f"acknowledged after: p50 {statistics.median(waits) * 1000:.0f} ms,"
        f" p99 {percentile(waits, 0.99) * 1000:.0f} ms, max {max(waits) * 1000:.0f} ms;"
        f" all answered in {wall:.2f} s ({len(records) / wall:.0f} clicks/s sustained)"
    )
    print(
        f"processor time {processor:.2f} s, of which the offline Discord's own {harness:.2f} s"
        f" ({harness / processor:.0%})"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--channels", type=int, default=200)
    parser.add_argument("--presses", type=int, default=10)
    parser.add_argument("--round-trip", type=float, default=0.0)
    options = parser.parse_args()
    asyncio.run(burst(options.channels, options.presses, options.round_trip))
