"""Where games live between clicks: a small protocol and its SQLite implementation."""

from storage.protocol import (
    ChannelBusy,
    DailyTaken,
    GameNotFound,
    GameRecord,
    GameStatus,
    GameStore,
    PlayerSeat,
    ResultRow,
    StaleVersion,
)
from storage.sqlite import SqliteStore, open_store

__all__ = [
    "ChannelBusy",
    "DailyTaken",
    "GameNotFound",
    "GameRecord",
    "GameStatus",
    "GameStore",
    "PlayerSeat",
    "ResultRow",
    "SqliteStore",
    "StaleVersion",
    "open_store",
]
