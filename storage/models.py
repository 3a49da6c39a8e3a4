"""What the store keeps and returns, as plain values: games, seats, results, boards, ratings.

These live apart from any database so that every store (SQLite, PostgreSQL) and every caller
speak the same models.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import NotRequired, TypedDict

from pydantic import BaseModel, Field

BOARD_SIZE = 10


class GameStatus(StrEnum):
    PENDING = "pending"  # a challenge not yet accepted
    ACTIVE = "active"
    FINISHED = "finished"
    ABANDONED = "abandoned"
    EXPIRED = "expired"
    DECLINED = "declined"


class PlayerSeat(BaseModel):
    seat: int
    user_id: int
    """A Discord user's id; negative for a seat the bot plays (no Discord id is)."""
    display_name: str
    settings: str | None = None
    """The player's own settings (JSON), read with the game; None when they have changed
    none. Never written with the seat: they are the player's, in every game."""

    @property
    def is_bot(self) -> bool:
        return self.user_id < 0


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
    hints: int = 0
    """Hints the players asked for: a game played with any is not ranked."""
    players: list[PlayerSeat] = []
    settings: str | None = None
    """The table settings the game started with (JSON), or None for a game from before they
    were kept: a server's later change applies to new games only."""

    def seat_of(self, user_id: int) -> int | None:
        return next((p.seat for p in self.players if p.user_id == user_id), None)

    def seat_for(self, user_id: int, waiting: Iterable[int]) -> int | None:
        """The seat a person acts for: of theirs (one person may run several heroes), the
        first the game waits on, else their first."""
        mine = [p.seat for p in self.players if p.user_id == user_id]
        awaited = set(waiting)
        return next((seat for seat in mine if seat in awaited), mine[0] if mine else None)


class IdleLimit(BaseModel, frozen=True):
    """Each game's own allowance of idle time, read from the table settings it started with:
    the number at `key` times `unit` seconds, or `default` of them for a game that has none.
    A game is past it when its last move is older than `now` less its allowance."""

    now: float
    key: str = Field(pattern=r"^[a-z_]+$")
    unit: float = 1.0
    default: float


class ResultRow(BaseModel):
    """One player's finished game, as the leaderboards read it."""

    user_id: int
    display_name: str
    outcome: str
    score: int
    turns: int
    tiebreak: int = 0
    ranked: bool = True
    """False for a game that counts in stats but on no board (a friend's go at a deal already
    played); not kept on the result, only read as it is filed."""
    """Ranks equal scores on a board, fewer first (a Deuces party's falls); 0 where nothing
    does."""
    hints: int = 0
    """Hints taken in the game: a result with any counts in the player's stats, not on the
    ranked boards."""


class NewGame(TypedDict):
    """A game to create (the keyword arguments of `create_game`), less where it is played: a
    channel, or a thread made for it once the channel turns out busy."""

    game: str
    variant: str | None
    guild_id: int | None
    owner_id: int
    players: list[PlayerSeat]
    seed: int
    state: str
    narration: str
    daily: NotRequired[str | None]
    settings: NotRequired[str | None]


class ActionRecord(BaseModel):
    seq: int
    user_id: int
    action: str
    created_at: float


class BoardQuery(BaseModel, frozen=True):
    guild_id: int
    game: str
    variant: str | None = None
    daily: str | None = None
    period: str = "all"  # a key from storage/periods.py: "all", "week:2026-11-16"...


class BoardEntry(BaseModel):
    rank: int
    user_id: int
    display_name: str
    score: float
    games: int
    achieved_at: float
    tiebreak: int = 0


class BoardPage(BaseModel):
    entries: list[BoardEntry]
    caller: BoardEntry | None
    players: int


class GameStats(BaseModel):
    game: str
    games: int
    wins: int
    best: int
    average: float
    current_streak: int
    best_streak: int
    lost_solved: int = 0
    """Lost deals a solver has looked at since (games with a solver only)."""
    lost_winnable: int = 0
    """How many of those could have been won."""

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


class Rating(BaseModel):
    game: str  # the rating pool, e.g. "dragons-duel"
    user_id: int
    display_name: str
    mu: float
    sigma: float
    ordinal: float
    games: int


@dataclass(frozen=True)
class RatingChange:
    """How a finished game moves its players' ratings.

    The store calls `rate` inside the transaction that ends the game, with the ratings as they
    are at that moment (None for a first game), so two games finishing at once that share a
    player both count: neither works from a rating the other has already replaced.
    """

    pool: str
    user_ids: list[int]
    rate: Callable[[list[Rating | None]], list[Rating]]


HISTORY_PAGE = 5
"""Games on one page of a player's history: each line with its link fits a phone."""


class HistoryEntry(BaseModel):
    """One finished game of a player's, as their history lists it: their own result (their
    first seat's, where they ran several), and where its message is."""

    game_id: int
    game: str
    variant: str | None
    daily: str | None
    status: GameStatus
    outcome: str
    score: int
    finished_at: float
    guild_id: int | None
    channel_id: int
    message_id: int | None
    seats: int


class HistoryPage(BaseModel):
    entries: list[HistoryEntry]
    total: int
    """The player's recorded games in this server (of the game asked for, if one was)."""
