"""What the bot needs from a store, whatever the database behind it.

States travel as JSON text: the store never needs to understand a game, only to keep it, its
version and its action log consistent.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Protocol

from pydantic import BaseModel

from storage.boards import RatingChange


class GameStatus(StrEnum):
    PENDING = "pending"  # a challenge not yet accepted
    ACTIVE = "active"
    FINISHED = "finished"
    ABANDONED = "abandoned"
    EXPIRED = "expired"
    DECLINED = "declined"


class StoreError(Exception):
    pass


class StaleVersion(StoreError):
    """Someone else's action was committed first; the caller's view of the game is old."""


class GameNotFound(StoreError):
    pass


class ChannelBusy(StoreError):
    """The channel already has an active game."""


class DailyTaken(StoreError):
    """The player already has an attempt at that day's daily dungeon."""


class PlayerSeat(BaseModel):
    seat: int
    user_id: int
    display_name: str


class GameRecord(BaseModel):
    id: int
    game: str
    variant: str | None
    guild_id: int | None
    channel_id: int
    message_id: int | None
    owner_id: int
    status: GameStatus
    seed: int
    daily: str | None = None
    state: str
    narration: str
    version: int
    created_at: float
    updated_at: float
    players: list[PlayerSeat] = []

    def seat_of(self, user_id: int) -> int | None:
        return next((p.seat for p in self.players if p.user_id == user_id), None)


class ResultRow(BaseModel):
    """One player's finished game, as the leaderboards read it."""

    user_id: int
    display_name: str
    outcome: str
    score: int
    turns: int


class ActionRecord(BaseModel):
    seq: int
    user_id: int
    action: str
    created_at: float


class GameStore(Protocol):
    async def create_game(
        self,
        *,
        game: str,
        variant: str | None,
        guild_id: int | None,
        channel_id: int,
        owner_id: int,
        players: list[PlayerSeat],
        seed: int,
        state: str,
        narration: str,
        daily: str | None = None,
        status: GameStatus = GameStatus.ACTIVE,
    ) -> GameRecord: ...

    async def get_game(self, game_id: int) -> GameRecord | None: ...

    async def active_game_in_channel(self, channel_id: int) -> GameRecord | None: ...

    async def set_message(self, game_id: int, channel_id: int, message_id: int) -> None: ...

    async def commit_action(
        self,
        game_id: int,
        expected_version: int,
        *,
        user_id: int,
        action: str,
        state: str,
        narration: str,
        status: GameStatus,
        results: list[ResultRow] = (),
        ratings: RatingChange | None = None,
    ) -> GameRecord: ...

    async def close_game(
        self,
        game_id: int,
        expected_version: int,
        status: GameStatus,
        results: list[ResultRow] = (),
        ratings: RatingChange | None = None,
        was: GameStatus = GameStatus.ACTIVE,
    ) -> GameRecord: ...

    async def accept_challenge(
        self,
        game_id: int,
        expected_version: int,
        channel_id: int,
        state: str | None = None,
        narration: str | None = None,
    ) -> GameRecord: ...

    async def update_pending(
        self, game_id: int, expected_version: int, players: list[PlayerSeat], state: str
    ) -> GameRecord: ...

    async def daily_game(self, owner_id: int, game: str, day: str) -> GameRecord | None: ...

    async def inactive_games(
        self, idle_since: float, status: GameStatus = GameStatus.ACTIVE
    ) -> list[GameRecord]: ...

    async def actions(self, game_id: int) -> list[ActionRecord]: ...

    async def close(self) -> None: ...
