"""The bot's own work per click, side by side with the floor, through the offline Discord.

Every click goes the whole way: discord.py parses the gateway payload, the click is routed by its
custom_id, the game is loaded, the engine applies the move, the store commits (SQLite
in WAL mode, or PostgreSQL) and the UPDATE_MESSAGE callback is answered. The harness times its
own code (building payloads, answering and checking requests) and that time is subtracted, so
what is left is what the bot would spend with a real Discord at zero network latency.

The floor is what no click can avoid: discord.py parsing the same click on the same kind of
message and sending a table of the same layout, buttons and picture (a table's PNG, drawn once)
back, plus one commit of one row from Python to the same kind of database (a SQLite WAL
commit, or an INSERT on a PostgreSQL connection); no game, no store, no drawing. It runs in a
second bot in the same process, alternating click for click with the game, so both see the
same machine. A third bot is that floor drawing and encoding a new picture for every click, as
a move must: the pictures of the tables the game showed in a first, untimed stretch of the
same play, so they are the sizes the game's own are.

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
from dataclasses import dataclass, field
from functools import partial
from itertools import count
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
from bot.games.views import Menu
from bot.render.layout import table_layout
from bot.render.pictures import Picture, draw, encode, render
from cogs import messages
from cogs.messages import HINT_BUTTON, PICTURE_FILE
from cogs.table_layout import layout_view
from tests.harness import FakeDiscord, Harness, InteractionResult, StoredMessage, User, World

PRELUDE_CLICKS = 300
"""Untimed clicks before the measured ones: the pictures the floor that draws will draw."""


def floor_button(n: int, label: str = "") -> discord.ui.Button:
    """A button whose click does only what no click can avoid (FloorBot.on_interaction)."""
    return discord.ui.Button(label=label or str(n), custom_id=f"floor:{n}")


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
    """discord.py alone, plus one committed row: a Scoundrel table laid out as the bot lays out
    its first one (the same text, picture and buttons, in one Components V2 container), clicked
    and edited in place. The layout and the picture are made once; the view is built for each
    answer, as the bot builds its own."""

    def __init__(self, floor: SqliteFloor | PostgresFloor, draws: bool = False) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.none())
        self.floor = floor
        self.draws = draws
        start, _ = GAMES["scoundrel"].start(3, Setup(variant="classic"))
        table = start.table(["alice"])
        assert table.picture is not None
        self.picture = render(table.picture)
        self.pictures: list[Picture] = []
        self.drawn = count()
        self.layout = table_layout(
            table,
            narration=["The dungeon opens.", "A room of four cards."],
            colour=0x2ECC71,
            lead=[],
            trail=[HINT_BUTTON],
            byline="alice's table · Game #1",
            picture=True,
        )

        @self.tree.command(name="table", description="Post the table")
        async def post(interaction: discord.Interaction) -> None:
            picture = discord.File(io.BytesIO(self.picture), filename=PICTURE_FILE)
            await interaction.response.send_message(view=self.view(), file=picture)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A click, read from its payload as the bot reads its own: one commit, then the
        message edited to a table already laid out."""
        if interaction.type != discord.InteractionType.component:
            return
        await self.floor.commit()
        picture = discord.File(io.BytesIO(self.next_picture()), filename=PICTURE_FILE)
        await interaction.response.edit_message(view=self.view(), attachments=[picture])

    def next_picture(self) -> bytes:
        """The picture drawn once at start, or, for a floor that draws, the next of the game's
        pictures (see `prelude`) drawn and encoded anew, as a move's new table must be."""
        if not self.draws:
            return self.picture
        return encode(draw(self.pictures[next(self.drawn) % len(self.pictures)]))

    def view(self) -> discord.ui.LayoutView:
        numbers = count()
        return layout_view(
            self.layout, lambda placed: floor_button(next(numbers), placed.control.label), no_menu
        )


def no_menu(number: int, menu: Menu) -> discord.ui.Item:
    raise AssertionError("a Scoundrel table has no menus")


def cautious(message) -> dict:
    order = ("Drink", "Equip", "(weapon)", "barehanded", "New game")
    playable = [
        b
        for b in message.buttons
        if not b.get("disabled") and b["label"] != "Run" and b["label"][0] not in "💡🔍"
    ]
    assert playable, f"nothing to press on {message!r}: {[b['label'] for b in message.buttons]}"
    return min(playable, key=lambda b: next(i for i, w in enumerate(order) if w in b["label"]))


@dataclass
class Samples:
    """Per interaction, the seconds that were not the harness's own: on the clock, and of the
    processor (every thread of this process). On a busy machine the clock also counts the
    turns other programs take; the processor's seconds are the work alone."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)


async def bot_side(fake: FakeDiscord, act, samples: Samples) -> InteractionResult:
    """One interaction, its bot-side seconds added to `samples`."""
    harness_before, harness_cpu_before = fake.harness_seconds, fake.harness_cpu_seconds
    before, cpu_before = time.perf_counter(), time.process_time()
    result = await act()
    elapsed, cpu = time.perf_counter() - before, time.process_time() - cpu_before
    samples.wall.append(elapsed - (fake.harness_seconds - harness_before))
    samples.cpu.append(cpu - (fake.harness_cpu_seconds - harness_cpu_before))
    return result


async def prelude(
    game: FakeDiscord, message: StoredMessage, alice: User
) -> tuple[StoredMessage, list[Picture]]:
    """PRELUDE_CLICKS of the game's clicks, untimed, and the pictures of the tables they showed
    (recorded as the game renders them): the game's message after them, and those pictures."""
    shown: list[Picture] = []

    def recording(picture: Picture) -> bytes:
        shown.append(picture)
        return render(picture)

    messages.render = recording
    try:
        for _ in range(PRELUDE_CLICKS):
            message = next_table(await game.click(message, cautious(message)["custom_id"], alice))
    finally:
        messages.render = render
    return message, shown


def next_table(result: InteractionResult) -> StoredMessage:
    """The game's message after a click: a New game answers with a new message, a follow-up if
    the click was deferred."""
    shown = [*reversed(result.followups), result.message]
    return next(m for m in shown if m is not None and m.buttons)


async def side_by_side(
    clicks: int, folder: Path, database_url: str
) -> tuple[Samples, Samples, Samples]:
    """The game's clicks, the floor's, and the floor's that draws its picture anew, taken in
    turn (each of the three goes first in turn)."""
    world = World()
    alice = world.add_user("alice")
    settings = Settings(_env_file=None, database_url=database_url)
    harness = Harness(world)
    game_samples, floor_samples, drawing_samples = Samples(), Samples(), Samples()
    if database_url.startswith("sqlite"):
        committer: SqliteFloor | PostgresFloor = SqliteFloor(folder / "floor.sqlite3")
    else:
        committer = await PostgresFloor.open(database_url)
    async with (
        harness.running(lambda: DungeonBot(settings), check_bodies=False) as game,
        harness.running(partial(FloorBot, committer), check_bodies=False) as floor,
        harness.running(partial(FloorBot, committer, draws=True), check_bodies=False) as drawing,
    ):
        message = (await game.slash("scoundrel new", alice)).message
        message, drawing.bot.pictures = await prelude(game, message, alice)
        table = (await floor.slash("table", alice)).message
        drawn_table = (await drawing.slash("table", alice)).message
        for turn in range(clicks):
            click = partial(game.click, message, cautious(message)["custom_id"], alice)
            press = partial(floor.click, table, table.buttons[turn % 2]["custom_id"], alice)
            draw_press = partial(
                drawing.click, drawn_table, drawn_table.buttons[turn % 2]["custom_id"], alice
            )
            turns = [(game, click, game_samples), (floor, press, floor_samples)]
            turns.append((drawing, draw_press, drawing_samples))
            for offset in range(3):
                fake, act, samples = turns[(turn + offset) % 3]
                result = await bot_side(fake, act, samples)
                if samples is game_samples:
                    message = next_table(result)
    await committer.close()
    harness.check()
    return game_samples, floor_samples, drawing_samples


def report(name: str, samples: list[float]) -> None:
    ms = [s * 1000 for s in samples]
    print(
        f"    {name:<38} p50 {statistics.median(ms):6.2f} ms  p99 {percentile(ms, 0.99):6.2f} ms"
        f"  max {max(ms):6.2f} ms"
    )


def ratios(game: list[float], floor: list[float], name: str) -> str:
    p50 = statistics.median(game) / statistics.median(floor)
    p99 = percentile(game, 0.99) / percentile(floor, 0.99)
    return f"    ratio to {name}: p50 {p50:.2f}x  p99 {p99:.2f}x"


async def main(clicks: int, stores: list[str]) -> None:
    with servers() as started, tempfile.TemporaryDirectory() as folder:
        for run, store in enumerate(stores):
            url = started.url(store, Path(folder), f"game-{run}")
            await one_store(clicks, store, url, Path(folder))


async def one_store(clicks: int, store: str, url: str, folder: Path) -> None:
    game, floor, drawing = await side_by_side(clicks, folder, url)
    print(
        f"{store_label(store)}: bot-side work per interaction, harness excluded"
        f" ({clicks} of each, interleaved):"
    )
    for title, kind in (("on the clock", "wall"), ("processor time", "cpu")):
        print(f"  {title}:")
        report("Scoundrel click (load, apply, commit, edit)", getattr(game, kind))
        report("floor: same message, one commit", getattr(floor, kind))
        report("floor, its picture drawn anew", getattr(drawing, kind))
        print(ratios(getattr(game, kind), getattr(floor, kind), "the floor"))
        print(ratios(getattr(game, kind), getattr(drawing, kind), "the floor that draws"))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clicks", type=int, default=2000)
    add_store_option(parser)
    arguments = parser.parse_args()
    asyncio.run(main(arguments.clicks, chosen(arguments.store)))
