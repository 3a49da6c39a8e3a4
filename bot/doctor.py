"""`python -m bot doctor`: read every game in the store and list those that no longer load.

A game whose state an upgrade (or damage) left unreadable cannot be played; the bot closes it
with no result when it is abandoned or expires, and keeps its row. This lists every such row,
whatever its status, with why it does not load, so an operator can see what an upgrade broke
before players meet it.
"""

from __future__ import annotations

import sys
from typing import TextIO

from bot.config import printable_url
from cogs.loading import load_problem
from storage import GameRecord, GameStatus, open_store

PAGE = 500


async def doctor(database_url: str, out: TextIO = sys.stdout) -> int:
    """Check every stored game; the exit code: 0 when all load, 1 when some do not."""
    store = await open_store(database_url)
    checked, broken = 0, 0
    try:
        after = 0
        while page := await store.games_after(after, PAGE):
            for record in page:
                checked += 1
                problem = load_problem(record)
                if problem is not None:
                    broken += 1
                    print(_line(record, problem), file=out)
            after = page[-1].id
    finally:
        await store.close()
    where = printable_url(database_url)
    verdict = "every one loads" if not broken else f"{broken} cannot be loaded"
    print(f"Checked {checked} games in {where}: {verdict}.", file=out)
    return 1 if broken else 0


def _line(record: GameRecord, problem: str) -> str:
    held = (
        f", holding channel {record.channel_id} until it is abandoned or expires"
        if record.status == GameStatus.ACTIVE
        else ""
    )
    return f"game {record.id} ({record.game}, {record.status.value}{held}): {problem}"
