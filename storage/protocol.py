"""What the bot needs from a store, whatever the database behind it: games (GameStore) and
the boards read from their results (ResultStore).

States travel as JSON text: the store never needs to understand a game, only to keep it, its
version and its action log consistent.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from storage.models import (
    ActionRecord,
    BoardPage,
    BoardQuery,
    GameRecord,
    GameStats,
    GameStatus,
    HistoryPage,
    IdleLimit,
    PlayerSeat,
    Rating,
    RatingChange,
    ResultRow,
)


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
        settings: str | None = None,
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
        results: Iterable[ResultRow] = (),
        ratings: RatingChange | None = None,
    ) -> GameRecord: ...

    async def close_game(
        self,
        game_id: int,
        expected_version: int,
        status: GameStatus,
        results: Iterable[ResultRow] = (),
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

    async def active_games_of(self, owner_id: int) -> list[GameRecord]: ...

    async def inactive_games(
        self,
        idle_since: float,
        status: GameStatus = GameStatus.ACTIVE,
        games: Iterable[str] | None = None,
        limit: IdleLimit | None = None,
    ) -> list[GameRecord]:
        """Games in a status with no move since `idle_since`, of the named games (or any),
        and, with a limit, past their own allowance of idle time too."""
        ...

    async def games_updated_since(self, since: float, limit: int) -> list[GameRecord]: ...

    async def games_after(self, game_id: int, limit: int = ...) -> list[GameRecord]: ...

    async def actions(self, game_id: int) -> list[ActionRecord]: ...

    async def count_hint(self, game_id: int) -> int: ...

    async def close(self) -> None: ...


class ResultStore(Protocol):
    """Boards, stats and ratings, read from the results that finished games recorded."""

    async def leaderboard(
        self, query: BoardQuery, caller_id: int, offset: int = 0, limit: int = ...
    ) -> BoardPage: ...

    async def rating_board(
        self, guild_id: int, game: str, caller_id: int, offset: int = 0, limit: int = ...
    ) -> BoardPage: ...

    async def player_stats(self, guild_id: int, user_id: int) -> list[GameStats]: ...

    async def ratings(self, guild_id: int, game: str, user_ids: list[int]) -> dict[int, Rating]: ...

    async def results(self, game_id: int) -> list[ResultRow]: ...

    async def record_verdict(self, game_id: int, winnable: bool) -> bool: ...

    async def history(
        self, guild_id: int, user_id: int, game: str | None, offset: int = 0, limit: int = ...
    ) -> HistoryPage:
        """A player's recorded games in a server, newest first (of one game, where named),
        read from their results: one entry per game, however many seats they held."""
        ...

    async def has_finished(self, guild_id: int, user_id: int, game: str, variant: str) -> bool:
        """Whether the player has played a game of this variant to its end in this server
        (a tutorial finished: /help stops suggesting it)."""
        ...


class SettingsStore(Protocol):
    """A server's settings and a player's, each kept whole as JSON the store never reads:
    what they mean, their ranges and defaults, live in bot/settings.py."""

    async def guild_settings(self, guild_id: int) -> str | None: ...

    async def set_guild_settings(self, guild_id: int, settings: str) -> None: ...

    async def player_settings(self, user_id: int) -> str | None: ...

    async def set_player_settings(self, user_id: int, settings: str) -> None: ...


class Store(GameStore, ResultStore, SettingsStore, Protocol):
    """Everything the bot keeps: one database behind both protocols."""
