"""A monster battle as data: the two totals, whose pick it is, and what comes after it.

The fighter starts at 12 health and the monster at its own (11, 12 or 13). The fighter picks two
cards next to their pawn and their opponent picks two next to the monster, one at a time and
alternately, the fighter first; a side with no card left to pick is skipped. Higher total wins,
a tie goes to the monster. A monster turned up by a pick is fought next.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from bot.games.cards import Card
from bot.games.dungeon.board import Board
from bot.games.dungeon.grid import Point, neighbours
from bot.games.dungeon.roles import PLAYER_HEALTH

Side = Literal["player", "monster"]
Resume = Literal["monsters", "play", "end"]
PICKS = 2
"""Cards each side picks in one battle."""


class Battle(BaseModel):
    fighter: int
    monster: Card
    player_total: int = PLAYER_HEALTH
    monster_total: int
    player_picks: int = 0
    monster_picks: int = 0
    side: Side = "player"
    """Whose pick it is now."""
    picked: list[Point] = Field(default_factory=list[Point])
    """Cells picked in this battle: a card counts once, whichever side took it."""
    sides: list[Side] = Field(default_factory=list[Side])
    """Which side each pick went to, in the order of `picked`."""
    queue: list[Card] = Field(default_factory=list[Card])
    """Monsters turned up by picks, fought next."""
    nearby: bool = True
    """After this battle and the queue, fight every other monster next to the fighter too (the
    fighter's own turn). A monster that moved next to the opponent is fought alone."""
    resume: Resume = "play"
    """Where the turn goes on once the fighting is over."""

    def picker(self) -> int:
        """The seat choosing now: the fighter for their side, the opponent for the monster's."""
        return self.fighter if self.side == "player" else 1 - self.fighter

    def picks_left(self, side: Side) -> int:
        done = self.player_picks if side == "player" else self.monster_picks
        return PICKS - done

    def centre(self, board: Board, side: Side) -> Point | None:
        """Where a side picks around: the fighter's pawn, or the monster."""
        if side == "player":
            return board.players[self.fighter].at
        monster = board.monster(self.monster)
        return monster.at if monster is not None else None

    def options(self, board: Board, side: Side) -> list[Point]:
        """The cells a side may pick now: next to its centre, holding a card nobody stands on,
        not picked before in this battle; none once the side has picked twice."""
        centre = self.centre(board, side)
        if centre is None or self.picks_left(side) <= 0:
            return []
        return [
            point
            for point in neighbours(centre)
            if board.cell(point) is not None
            and not board.occupied(point)
            and point not in self.picked
        ]

    def add(self, side: Side, value: int) -> None:
        if side == "player":
            self.player_total += value
            self.player_picks += 1
        else:
            self.monster_total += value
            self.monster_picks += 1

    @property
    def won(self) -> bool:
        return self.player_total > self.monster_total


def other(side: Side) -> Side:
    return "monster" if side == "player" else "player"
