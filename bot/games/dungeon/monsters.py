"""How live monsters move: one cell a turn, moved by the player whose turn it is.

A new monster (just turned up) goes one cell any way its mover chooses; after that a monster
goes one cell the way it faces, and then its mover turns it to face the way it shall go next.
A monster moves only onto a card nobody stands on that is not a wall (a face-down card stays
face down under it); with a wall, a blank, a pawn or another monster ahead it does not move.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from bot.games.cards import Card
from bot.games.dungeon.board import Board, Monster
from bot.games.dungeon.grid import DIRS, Dir, Point, adjacent, step


class MonsterTurn(BaseModel):
    """The monster phase under way: the monsters still to move, and the one being moved."""

    queue: list[Card] = Field(default_factory=list[Card])
    current: Card | None = None
    choosing_step: bool = False
    """The current monster is new: its mover picks where it goes before turning it."""
    moved: bool = False
    """The current monster moved this turn (a battle follows if it came next to the
    opponent's pawn)."""


def order(board: Board) -> list[Card]:
    """The monsters in the order they move: reading order of where they stand."""
    return [m.card for m in sorted(board.monsters, key=lambda m: (m.at[1], m.at[0]))]


def free_steps(board: Board, monster: Monster) -> list[Dir]:
    """The ways a new monster may go: onto a card that is not a wall, with nothing on it."""
    return [d for d in DIRS if board.enterable(step(monster.at, d))]


def ahead(board: Board, monster: Monster) -> Point | None:
    """Where a monster that has moved before goes now: the cell it faces, if it may enter."""
    if monster.facing is None:
        return None
    target = step(monster.at, monster.facing)
    return target if board.enterable(target) else None


def threatens(board: Board, monster: Monster, seat: int) -> bool:
    """Whether the monster stands next to a seat's pawn."""
    pawn = board.players[seat].at
    return pawn is not None and adjacent(pawn, monster.at)
