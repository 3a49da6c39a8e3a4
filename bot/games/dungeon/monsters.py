"""How live monsters move: one cell a turn, moved by the player whose turn it is.

A new monster (just turned up) goes one cell any way its mover chooses; after that a monster
goes one cell the way it faces, and then its mover turns it to face the way it shall go next.
A monster moves only onto a card nobody stands on that is not a wall (a face-down card stays
face down under it); with a wall, a blank, a pawn or another monster ahead it does not move.

Turning a monster is a decision the mover rarely wants to spend a press on, so every monster
moved in a turn is given the facing the bot would choose (`offered_facing`), and the mover's
pawn move accepts them; until then the mover may turn any of them another way.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from bot.games.cards import Card
from bot.games.dungeon.board import Board, Monster
from bot.games.dungeon.grid import DIRS, Dir, Point, adjacent, distance, step


class MonsterTurn(BaseModel):
    """The monster phase under way: the monsters still to move, and the one being moved."""

    queue: list[Card] = Field(default_factory=list[Card])
    current: Card | None = None
    choosing_step: bool = False
    """The current monster is new: its mover picks where it goes before turning it."""
    moved: bool = False
    """The current monster moved this turn (a battle follows if it came next to the
    opponent's pawn)."""
    turned: list[Card] = Field(default_factory=list[Card])
    """Monsters the mover has moved (or tried to) this turn: each was given the offered
    facing, and the mover may turn it another way until the pawn moves."""


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


def pull(board: Board, point: Point, mover: int) -> float:
    """How much the mover would like a monster at this point: near the rival's pawn, away
    from its own."""
    score = 0.0
    rival, own = board.players[1 - mover].at, board.players[mover].at
    if rival is not None:
        score -= distance(point, rival)
    if own is not None:
        score += 0.6 * min(distance(point, own), 4)
    return score


def facing_worth(board: Board, monster: Monster, direction: Dir, mover: int) -> float:
    """A facing's worth to the mover: where the monster will go next turn, or a penalty for
    facing a wall (it will not move at all)."""
    target = step(monster.at, direction)
    if not board.enterable(target):
        return pull(board, monster.at, mover) - 5
    return pull(board, target, mover)


def offered_facing(board: Board, monster: Monster, mover: int) -> Dir:
    """The facing offered for a monster the mover moved: the best by `facing_worth`, the
    first in DIRS order among equals. It reads only what is public (pawns, cards' places)."""
    return max(DIRS, key=lambda d: facing_worth(board, monster, d, mover))
