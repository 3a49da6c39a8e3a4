"""The bot's own work per click, side by side with the floor, through the offline Discord.

Every click goes the whole way: discord.py parses the gateway payload, the DynamicItem is rebuilt
from the custom_id, the game is loaded, the engine applies the move, the store commits (SQLite
in WAL mode, or PostgreSQL) and the UPDATE_MESSAGE callback is answered. The harness times its
own code (building payloads, answering and checking requests) and that time is subtracted, so
what is left is what the bot would spend with a real Discord at zero network latency.

The floor is what no click can avoid: discord.py parsing the same click on the same message and
sending the same embed, buttons and picture (a table's PNG, drawn once) back, plus one commit
of one row from Python to the same kind of database (a SQLite WAL commit, or an INSERT on a
PostgreSQL connection); no game, no store, no drawing. It runs in a second bot in the same
process, alternating click for click with the game, so both see the same machine.

    .venv/bin/python -m bench.click_latency [--clicks 2000] [--store sqlite --store postgres]

See bench/stores.py for the stores `--store` takes.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import sqlite3
import statistics
import tempfile
import time
from functools import partial
from pathlib import Path

import asyncpg
import discord
from discord.ext import commands

from bench.figures import percentile
from bench.stores import add_store_option, chosen, servers, store_label
from bot.app import DungeonBot
from bot.config import Settings
from bot.games.contract import Setup
from bot.games.registry import GAMES
from bot.render.pictures import render
from tests.harness import FakeDiscord, Harness, InteractionResult, StoredMessage, World


class FloorButton(discord.ui.DynamicItem[discord.ui.Button], template=r"floor:(?P<n>[0-9]+)"):
    """A button whose click does only what no click can avoid: one commit, then the message
    edited to a table already built."""

    def __init__(self, n: int, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=label or str(n), custom_id=f"floor:{n}"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match, /) -> FloorButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        assert isinstance(bot, FloorBot)
        await bot.floor.commit()
        picture = discord.File(io.BytesIO(bot.picture), filename="table.png")
        await interaction.response.edit_message(
            embed=bot.embed, view=bot.view(), attachments=[picture]
        )


class SqliteFloor:
    """One row committed to a SQLite file in WAL mode, as the store sets it up."""

    def __init__(self, database: Path) -> None:
        self.db = sqlite3.connect(database, isolation_level=None)
        self.db.execute("PRAGMA journal_mode = WAL")
        self.db.execute("PRAGMA synchronous = NORMAL")
        self.db.execute("CREATE TABLE IF NOT EXISTS clicks (id INTEGER PRIMARY KEY, at REAL)")

    async def commit(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")
        self.db.execute("INSERT INTO clicks (at) VALUES (?)", (time.time(),))
        self.db.execute("COMMIT")

    async def close(self) -> None:
        self.db.close()


class PostgresFloor:
    """One row committed to a PostgreSQL table (one statement: its own transaction)."""

    TABLE = "bench_floor_clicks"

    def __init__(self, connection: asyncpg.Connection) -> None:
        self.db = connection

    @classmethod
    async def open(cls, url: str) -> PostgresFloor:
        connection = await asyncpg.connect(url)
        await connection.execute(
            f"CREATE TABLE IF NOT EXISTS {cls.TABLE} (id BIGSERIAL PRIMARY KEY, at FLOAT8)"
        )
        return cls(connection)

    async def commit(self) -> None:
        await self.db.execute(f"INSERT INTO {self.TABLE} (at) VALUES ($1)", time.time())

    async def close(self) -> None:
        await self.db.execute(f"DROP TABLE {self.TABLE}")
        await self.db.close()


class FloorBot(commands.Bot):
    """discord.py alone, plus one committed row: a message like the game's, clicked and edited
    in place with the same embed and buttons, built once."""

    def __init__(self, floor: SqliteFloor | PostgresFloor, table: StoredMessage) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.none())
        self.floor = floor
        self.embed = discord.Embed.from_dict(table.embed)
        start, _ = GAMES["scoundrel"].start(3, Setup(variant="classic"))
        picture = start.table([]).picture
        assert picture is not None
        self.picture = render(picture)
        self.labels = [button["label"] for button in table.buttons]

        @self.tree.command(name="table", description="Post the table")
        async def post(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(embed=self.embed, view=self.view())

    async def setup_hook(self) -> None:
        self.add_dynamic_items(FloorButton)

    def view(self) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        for n, label in enumerate(self.labels):
            view.add_item(FloorButton(n, label))
        return view


def cautious(message) -> dict:
    order = ("Drink", "Equip", "(weapon)", "barehanded", "New game")
    playable = [
        b
        for b in message.buttons
        if not b.get("disabled") and b["label"] != "Run" and b["label"][0] not in "💡🔍"
    ]
    assert playable, f"nothing to press on {message!r}: {[b['label'] for b in message.buttons]}"
    return min(playable, key=lambda b: next(i for i, w in enumerate(order) if w in b["label"]))


async def bot_side(fake: FakeDiscord, act) -> tuple[float, InteractionResult]:
    """Seconds of one interaction that were not the harness's own work."""
    harness_before = fake.harness_seconds
    before = time.perf_counter()
    result = await act()
    elapsed = time.perf_counter() - before
    return elapsed - (fake.harness_seconds - harness_before), result


async def side_by_side(
    clicks: int, folder: Path, database_url: str
) -> tuple[list[float], list[float]]:
    world = World()
    alice = world.add_user("alice")
    settings = Settings(_env_file=None, database_url=database_url)
    harness = Harness(world)
    game_samples: list[float] = []
    floor_samples: list[float] = []
    if database_url.startswith("sqlite"):
        committer: SqliteFloor | PostgresFloor = SqliteFloor(folder / "floor.sqlite3")
    else:
        committer = await PostgresFloor.open(database_url)
    async with harness.running(lambda: DungeonBot(settings), check_bodies=False) as game:
        message = (await game.slash("scoundrel new", alice)).message
        floor_bot = partial(FloorBot, committer, message)
        async with harness.running(floor_bot, check_bodies=False) as floor:
            table = (await floor.slash("table", alice)).message
            for turn in range(clicks):
                click = partial(game.click, message, cautious(message)["custom_id"], alice)
                press = partial(floor.click, table, table.buttons[turn % 2]["custom_id"], alice)
                if turn % 2:  # alternate which goes first, so neither always follows the other
                    floor_seconds, _ = await bot_side(floor, press)
                    game_seconds, result = await bot_side(game, click)
                else:
                    game_seconds, result = await bot_side(game, click)
                    floor_seconds, _ = await bot_side(floor, press)
                game_samples.append(game_seconds)
                floor_samples.append(floor_seconds)
                # New game answers with a new message, a follow-up if the click was deferred.
                message = next(
                    m for m in [*reversed(result.followups), result.message] if m.buttons
                )
    await committer.close()
    harness.check()
    return game_samples, floor_samples


def report(name: str, samples: list[float]) -> None:
    ms = [s * 1000 for s in samples]
    print(
        f"  {name:<40} p50 {statistics.median(ms):6.2f} ms  p99 {percentile(ms, 0.99):6.2f} ms"
        f"  max {max(ms):6.2f} ms"
    )


async def main(clicks: int, stores: list[str]) -> None:
    with servers() as started, tempfile.TemporaryDirectory() as folder:
        for run, store in enumerate(stores):
            url = started.url(store, Path(folder), f"game-{run}")
            await one_store(clicks, store, url, Path(folder))


async def one_store(clicks: int, store: str, url: str, folder: Path) -> None:
    game, floor = await side_by_side(clicks, folder, url)
    print(
        f"{store_label(store)}: bot-side work per interaction, harness excluded"
        f" ({clicks} of each, interleaved):"
    )
    report("Scoundrel click (load, apply, commit, edit)", game)
    report("floor: same message, one commit", floor)
    p50 = statistics.median(game) / statistics.median(floor)
    p99 = percentile(game, 0.99) / percentile(floor, 0.99)
    print(f"  ratio to the floor: p50 {p50:.2f}x  p99 {p99:.2f}x")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clicks", type=int, default=2000)
    add_store_option(parser)
    arguments = parser.parse_args()
    asyncio.run(main(arguments.clicks, chosen(arguments.store)))
