"""`python -m tests.processes.launch [ARGS]`: the bot's own `python -m bot [ARGS]`, with
discord.py pointed at a fake Discord: its REST API at FAKE_DISCORD_API, its gateway at
FAKE_DISCORD_GATEWAY (`ServedDiscord.api_url` and `.gateway_url`). With DEAL_SEEDS
("3,5"), new games are dealt from those seeds in turn, as the in-process tests' `seeds`
fixture does: a random deal can end in a few moves (one in six within four), and a test that
interrupts a game must know it lasts.

discord.py has both addresses built in: the REST API's (`Route.BASE`, which interaction
callbacks and followups use too) and the gateway's (`DiscordWebSocket.DEFAULT_GATEWAY`, which
a bot with a fixed shard count connects to without asking `GET /gateway/bot`). Both are set
here, before the bot makes a request, and nothing else changes: the settings, the store, the
command tree and the shards are the production ones. The bot itself has no setting for this,
so no test hook ships with it.
"""

from __future__ import annotations

import itertools
import os
import sys
from typing import Any

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.config import Settings

API_ENV = "FAKE_DISCORD_API"
GATEWAY_ENV = "FAKE_DISCORD_GATEWAY"
SEEDS_ENV = "DEAL_SEEDS"


def point_at(api_url: str, gateway_url: str) -> None:
    """Send discord.py's REST requests and gateway connections to the fake."""
    Route.BASE = api_url
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


def deal_from(seeds: list[int]) -> None:
    """New games take these seeds in turn, through the bot's own `seeds` parameter."""
    import bot.app

    turns = itertools.cycle(seeds)
    production = bot.app.DungeonBot

    class SeededBot(production):
        def __init__(self, settings: Settings, **options: Any) -> None:
            options.setdefault("seeds", lambda: next(turns))
            super().__init__(settings, **options)

    bot.app.DungeonBot = SeededBot


def main() -> int:
    api_url, gateway_url = os.environ.get(API_ENV), os.environ.get(GATEWAY_ENV)
    if not api_url or not gateway_url:
        print(f"set {API_ENV} and {GATEWAY_ENV}: this runs the bot on a fake Discord only")
        return 2
    point_at(api_url, gateway_url)
    seeds = os.environ.get(SEEDS_ENV)
    if seeds:
        deal_from([int(seed) for seed in seeds.split(",")])
    from bot.__main__ import main as bot_main

    return bot_main()


if __name__ == "__main__":
    sys.exit(main())
