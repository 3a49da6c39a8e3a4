"""The dungeon as text: one two-character token a cell, in a code block, for screen readers,
the terminal, and anyone whose client shows no pictures."""

from __future__ import annotations

from bot.games.dungeon.engine import DungeonState
from bot.games.dungeon.grid import ARROWS, Layout, Point
from bot.games.dungeon.roles import is_wall
from bot.games.views import Field

FIELD_LIMIT = 1024
LEGEND = (
    "## face down · W5 wall · 7♥ card (T=10) · P1 P2 pawns · J↑ monster facing ↑ "
    "(J* new) · .. empty"
)


def token(state: DungeonState, point: Point, frontier: set[Point]) -> str:
    """One cell as two characters: what everyone at the table can see there."""
    board = state.board
    seat = board.pawn_at(point)
    if seat is not None:
        return f"P{seat + 1}"
    monster = board.monster_at(point)
    if monster is not None:
        mark = "*" if monster.new or monster.facing is None else ARROWS[monster.facing]
        return monster.card.rank.label + mark
    cell = board.cell(point)
    if cell is None:
        return ".." if point in frontier else "  "
    if not cell.up:
        return "##"
    rank = "T" if cell.card.value == 10 else cell.card.rank.label
    if is_wall(cell.card):
        return f"W{rank}"
    return f"{rank}{cell.card.suit.value if cell.card.suit else ''}"


def text_grid(state: DungeonState, layout: Layout) -> list[str]:
    """The dungeon as lines of tokens under a header of column names."""
    frontier = set(state.board.frontier())
    header = "   " + " ".join(f"{layout.column(x):<2}" for x in layout.xs)
    lines = [header.rstrip()]
    for y in layout.ys:
        cells = " ".join(token(state, (x, y), frontier) for x in layout.xs)
        lines.append(f"{layout.row(y):>2} {cells}".rstrip())
    return lines


def grid_fields(state: DungeonState, layout: Layout) -> list[Field]:
    """The text grid in code blocks of at most 1024 characters each (a wide dungeon takes two
    or more fields, each with the header)."""
    header, *rows = text_grid(state, layout)
    fields: list[Field] = []
    chunk: list[str] = []
    for row in rows:
        if chunk and len(_block([header, *chunk, row])) > FIELD_LIMIT:
            fields.append(_grid_field(header, chunk, len(fields)))
            chunk = []
        chunk.append(row)
    fields.append(_grid_field(header, chunk, len(fields)))
    return fields


def _block(lines: list[str]) -> str:
    return "```\n" + "\n".join(lines) + "\n```"


def _grid_field(header: str, rows: list[str], index: int) -> Field:
    name = "🗺️ Dungeon" if index == 0 else "🗺️ Dungeon (continued)"
    return Field(name=name, value=_block([header, *rows])[:FIELD_LIMIT], inline=False)
