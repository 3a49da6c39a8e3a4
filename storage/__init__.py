"""Where games live between clicks: the store protocols, their models, and `open_store`, which
picks an implementation by the URL's scheme."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable

from storage.models import (
    BOARD_SIZE,
    HISTORY_PAGE,
    ActionRecord,
    BoardEntry,
    BoardPage,
    BoardQuery,
    GameRecord,
    GameStats,
    GameStatus,
    HistoryEntry,
    HistoryPage,
    IdleLimit,
    NewGame,
    PlayerSeat,
    Rating,
    RatingChange,
    ResultRow,
)
from storage.protocol import (
    ChannelBusy,
    DailyTaken,
    GameNotFound,
    GameStore,
    ResultStore,
    SettingsStore,
    StaleVersion,
    Store,
    StoreError,
)
from storage.sqlite import SqliteStore, open_sqlite

Opener = Callable[[str, Callable[[], float]], Awaitable[Store]]


async def open_postgres(database_url: str, clock: Callable[[], float] = time.time) -> Store:
    """The PostgreSQL store (storage/postgres.py), imported only by a bot that uses it."""
    from storage.postgres import open_postgres

    return await open_postgres(database_url, clock)


OPENERS: dict[str, Opener] = {
    "sqlite": open_sqlite,
    "postgresql": open_postgres,
    "postgres": open_postgres,
}
"""Store implementations by DATABASE_URL scheme."""


async def open_store(database_url: str, clock: Callable[[], float] = time.time) -> Store:
    """The store a DATABASE_URL names (`sqlite:///data/bot.sqlite3`); a ValueError for a
    scheme no store here speaks."""
    scheme = database_url.partition(":")[0]
    opener = OPENERS.get(scheme)
    if opener is None:
        known = ", ".join(f"{name}://" for name in OPENERS)
        raise ValueError(f"DATABASE_URL {scheme}:// is not supported here (use {known})")
    return await opener(database_url, clock)


__all__ = [
    "BOARD_SIZE",
    "HISTORY_PAGE",
    "ActionRecord",
    "BoardEntry",
    "BoardPage",
    "BoardQuery",
    "ChannelBusy",
    "DailyTaken",
    "GameNotFound",
    "GameRecord",
    "GameStats",
    "GameStatus",
    "GameStore",
    "HistoryEntry",
    "HistoryPage",
    "IdleLimit",
    "NewGame",
    "PlayerSeat",
    "Rating",
    "RatingChange",
    "ResultRow",
    "ResultStore",
    "SettingsStore",
    "SqliteStore",
    "StaleVersion",
    "Store",
    "StoreError",
    "open_postgres",
    "open_sqlite",
    "open_store",
]
