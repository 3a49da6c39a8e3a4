"""How the dungeon's cells and moves are named for people: "C3", "Knight's move to D5".

Every view (the text grid, the picture, the buttons, the voice) names cells by the same fixed
Names, so the grid's "C3" is the button's "C3", this turn and every turn after.
"""

from __future__ import annotations

from bot.games.cards import Card
from bot.games.dungeon.actions import Kind, Move
from bot.games.dungeon.engine import DungeonState
from bot.games.dungeon.grid import ARROWS, Layout, Names, Point, knight_path, step
from bot.games.dungeon.roles import Role, health, monster_name, points, role_of

LABEL_LIMIT = 80


def layout_of(state: DungeonState) -> Layout:
    """The cells every view shows: the dungeon and the empty cells next to it."""
    return Layout(state.board.points() | set(state.board.frontier()))


def names_of(state: DungeonState) -> Names:
    """The names every view gives cells: fixed for the whole game, whatever the state."""
    return NAMES


NAMES = Names()


def monster_called(card: Card) -> str:
    """ "Goblin J♥"."""
    return f"{monster_name(card)} {card}"


def card_called(card: Card) -> str:
    """A face-up card with what it is: "7♥ (treasure 7)", "5♣ (wall)", "K♦ (Giant 13)"."""
    role = role_of(card)
    if role == Role.TREASURE:
        return f"{card} (treasure {points(card)})"
    if role == Role.MONSTER:
        return f"{card} ({monster_name(card)} {health(card)})"
    return f"{card} ({role.value})"


def label(state: DungeonState, seat: int, move: Move, names: Names | None = None) -> str:
    """A move as a button or the terminal names it."""
    text = _label(state, seat, move, names or names_of(state))
    return text[:LABEL_LIMIT]


def _label(state: DungeonState, seat: int, move: Move, grid: Names) -> str:
    kind = move.kind
    if kind == Kind.TAKE:
        return "Take your pawn into your hand"
    if kind == Kind.STOP:
        return "Stop hopping"
    if kind == Kind.SKIP:
        return "Play no card"
    if kind == Kind.FACE and move.card is not None:
        assert move.direction is not None
        turned = state.board.monster(move.card)
        where = f" at {grid.name(turned.at)}" if turned is not None else ""
        return f"Turn {monster_called(move.card)}{where} to face {ARROWS[move.direction]}"
    if kind in (Kind.MONSTER, Kind.FACE):
        assert move.direction is not None
        monster = state.current_monster()
        who = monster_called(monster.card) if monster is not None else "The monster"
        arrow = ARROWS[move.direction]
        if kind == Kind.FACE:
            return f"{who} faces {arrow}"
        target = step(monster.at, move.direction) if monster is not None else None
        return f"{who} goes {arrow}" + (f" to {grid.name(target)}" if target else "")
    if kind == Kind.STEP:
        assert move.direction is not None
        pawn = state.pawn(seat)
        arrow = ARROWS[move.direction]
        return f"Step {arrow}" + (f" to {grid.name(step(pawn, move.direction))}" if pawn else "")
    if kind == Kind.KNIGHT:
        pawn = state.pawn(seat)
        if pawn is None:
            return "Knight's move"
        return f"Knight's move to {grid.name(knight_path(pawn, move.offset)[2])}"
    assert move.at is not None
    at = grid.name(move.at)
    if kind == Kind.START:
        return f"Start on {at}"
    if kind == Kind.FLIP:
        return f"Turn over {at}"
    if kind == Kind.ENTER:
        return f"Enter at {at}"
    if kind == Kind.HOP:
        return f"Hop to {at}" + _shown(state, move.at)
    if kind == Kind.PICK:
        return f"Pick {at}" + _shown(state, move.at)
    if kind == Kind.BLIND:
        return f"Play blind at {at}"
    assert move.card is not None
    if kind == Kind.BREAK:
        wall = state.board.cell(move.at)
        walled = f" {wall.card}" if wall is not None else ""
        return f"Break the wall{walled} at {at} with {move.card}"
    return f"Place {move.card} at {at}"


def _shown(state: DungeonState, point: Point) -> str:
    cell = state.board.cell(point)
    return f" ({cell.card})" if cell is not None and cell.up else ""
