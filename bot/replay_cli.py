"""`python -m bot replay GAME_ID`: a closed game of the store replayed in the terminal.

The same replay as Discord's (cogs/replay_steps.py), read from the store the bot uses: each
step's table and voice printed as the terminal's games print them. Enter goes on, `b` goes
back, `q` quits; with `--all` (or when the input is not a terminal) every step is printed in
turn. The terminal shows the public table only: no seat's hidden hand.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:  # the entry point imports this module for its parser: the rest comes later
    from bot.games.views import TableView
    from cogs.replay_steps import Replay

BACK_WORDS = {"b", "back"}
QUIT_WORDS = {"q", "quit", "exit"}
PROMPT = "[Enter] next · b back · q quit > "


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:  # pyright: ignore[reportPrivateUsage]
    """The `replay` subcommand, registered by the entry point."""
    replay = commands.add_parser("replay", help="replay a finished game of the store, step by step")
    replay.add_argument("game_id", type=int, metavar="GAME_ID", help="the game's number (#12)")
    replay.add_argument("--url", metavar="URL", help="the store (default: DATABASE_URL)")
    replay.add_argument("--all", action="store_true", help="print every step, asking nothing")


def run(args: argparse.Namespace) -> int:
    from bot.config import cannot_open, store_url
    from storage import StoreError

    url = store_url(args.url)
    if url is None:
        return 2
    try:
        replay = asyncio.run(load(url, args.game_id))
    except (StoreError, ValueError, OSError) as error:
        print(cannot_open(url, error), file=sys.stderr)
        return 2
    if isinstance(replay, str):
        print(replay, file=sys.stderr)
        return 1
    stepping = not args.all and sys.stdin.isatty()
    try:
        return show(replay, sys.stdin if stepping else None, sys.stdout)
    except BrokenPipeError:  # printed into a pager or `head` that stopped reading
        return 0


async def load(url: str, game_id: int) -> Replay | str:
    """The game's replay, or why there is none."""
    from cogs.replay_steps import Replay
    from cogs.replays import CLOSED
    from storage import GameStatus, open_store

    store = await open_store(url)
    try:
        record = await store.get_game(game_id)
        if record is None:
            return f"There is no game #{game_id} in this store."
        if record.status == GameStatus.DECLINED:
            return f"Game #{game_id} was never played, so there is nothing to replay."
        if record.status not in CLOSED:
            return f"Game #{game_id} is still being played: its replay opens once it is over."
        return Replay(record, await store.actions(game_id))
    finally:
        await store.close()


def show(replay: Replay, stdin: TextIO | None, out: TextIO) -> int:
    """Print the steps: all of them (no `stdin`), or one at a time as the keys say."""
    from bot.games.registry import GAMES
    from bot.words import plural
    from cogs.context import UnknownGame
    from cogs.loading import Unloadable
    from cogs.replay_steps import NotReplayable

    record = replay.record
    title = GAMES[record.game].info.title if record.game in GAMES else record.game
    moves = plural(replay.last, "step")
    out.write(f"Replay of game #{record.id} ({title}): the deal (step 0), then {moves}.\n")
    try:
        if stdin is None:
            for step in replay.steps():
                _print(replay, step.number, step.match.table(replay.names), step.lines, out)
            return 0
        number = 0
        while True:
            step = replay.at(number)
            _print(replay, number, step.match.table(replay.names), step.lines, out)
            out.write(PROMPT)
            out.flush()
            typed = stdin.readline()
            if not typed or typed.strip().lower() in QUIT_WORDS:
                return 0
            if typed.strip().lower() in BACK_WORDS:
                number = max(0, number - 1)
            elif number >= replay.last:
                out.write("That was the last step.\n")
            else:
                number += 1
    except (UnknownGame, Unloadable):
        out.write(f"Game #{record.id} can no longer be loaded, so it cannot be replayed.\n")
        return 1
    except NotReplayable as error:
        out.write(f"Game #{record.id} no longer replays: {error}.\n")
        return 1
    except KeyboardInterrupt:
        return 0


def _print(replay: Replay, number: int, table: TableView, lines: list[str], out: TextIO) -> None:
    from bot.render.terminal import print_table

    out.write(f"\n-- step {number}/{replay.last} --")
    table.controls, table.menus = [], []
    print_table(table, lines, out)
