"""The dungeon's geometry: points on an unbounded grid, directions, distances, Knight's moves.

Nothing here knows cards. The dungeon grows and shrinks anywhere, so a point is a plain pair of
integers (x to the east, y to the south, as the picture draws it) and the board keeps a dict of
the cells that hold something; every question about space (who is next to whom, what a Knight's
move crosses, what is out of sight) is answered here, once.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, TypeGuard

Point = tuple[int, int]
Dir = Literal["n", "e", "s", "w"]

DIRS: tuple[Dir, ...] = ("n", "e", "s", "w")
"""In the order buttons and legal moves list them."""
OFFSETS: dict[Dir, Point] = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
ARROWS: dict[Dir, str] = {"n": "↑", "e": "→", "s": "↓", "w": "←"}
NAMES: dict[Dir, str] = {"n": "north", "e": "east", "s": "south", "w": "west"}
KNIGHT_OFFSETS: tuple[Point, ...] = (
    (1, -2),
    (2, -1),
    (2, 1),
    (1, 2),
    (-1, 2),
    (-2, 1),
    (-2, -1),
    (-1, -2),
)
"""Clockwise from north-north-east, the order the Knight's menu lists them."""
SIGHT = 4
"""A card more than this many orthogonal steps from every pawn on the board is out of sight."""


def is_dir(text: str) -> TypeGuard[Dir]:
    """Whether a word of a move's text names a direction."""
    return text in DIRS


def step(point: Point, direction: Dir) -> Point:
    dx, dy = OFFSETS[direction]
    return (point[0] + dx, point[1] + dy)


def neighbours(point: Point) -> list[Point]:
    """The four points orthogonally next to a point, in DIRS order."""
    return [step(point, direction) for direction in DIRS]


def adjacent(a: Point, b: Point) -> bool:
    return distance(a, b) == 1


def distance(a: Point, b: Point) -> int:
    """Orthogonal steps between two points through any cells (the Manhattan distance): the
    measure of sight, and the bot's sense of near and far."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def knight_path(origin: Point, offset: Point) -> tuple[Point, Point, Point]:
    """The cells a Knight's move crosses and where it lands: (first, corner, landing).

    A Knight's move goes two steps along its long leg, then one step sideways. It crosses the
    two cells of the long leg, one step and two steps from where it began (the second is the
    corner of the L); "back one" from the landing is the corner.
    """
    dx, dy = offset
    x, y = origin
    if abs(dy) == 2:
        sy = 1 if dy > 0 else -1
        return (x, y + sy), (x, y + 2 * sy), (x + dx, y + dy)
    sx = 1 if dx > 0 else -1
    return (x + sx, y), (x + 2 * sx, y), (x + dx, y + dy)


def in_sight(point: Point, eyes: Iterable[Point]) -> bool:
    """Whether a point is at most SIGHT steps from one of the pawns on the board."""
    return any(distance(point, eye) <= SIGHT for eye in eyes)


def key(point: Point) -> str:
    """A point as a JSON object key ("3,-1"): a state's cells are a dict saved as JSON."""
    return f"{point[0]},{point[1]}"


def unkey(text: str) -> Point:
    x, _, y = text.partition(",")
    return (int(x), int(y))


def column_name(x: int) -> str:
    """A column's fixed name: the first dungeon's columns are A–D (x 0–3); east of them E, F…
    (then AA, AB… past Z), west of them Z, Y, X… Unique among any 26 neighbouring columns,
    and sight keeps every dungeon far narrower than that."""
    if x < 0:
        return chr(ord("Z") + 1 + (x % -26 or -26)) if x >= -26 else "-" + column_name(-x - 1)
    name = ""
    index = x + 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def row_name(y: int) -> str:
    """A row's fixed name: the first dungeon's rows are 1–4 (y 0–3); south of them 5, 6…,
    north of them 0, -1, -2…"""
    return str(y + 1)


class Names:
    """How cells are called: by fixed coordinates set at the deal, so a cell keeps its name for
    the whole game however the dungeon grows (the first 4×4 is A1–D4)."""

    def column(self, x: int) -> str:
        return column_name(x)

    def row(self, y: int) -> str:
        return row_name(y)

    def name(self, point: Point) -> str:
        """A cell's name as a player reads it ("C3")."""
        return f"{self.column(point[0])}{self.row(point[1])}"


class Layout(Names):
    """Which columns and rows a view shows: the bounding box of the dungeon and every empty
    cell next to it, with whole empty columns and rows left out. Every view names cells by
    `Names`, so the text grid, the picture and every button call a cell alike, in every state.
    """

    def __init__(self, points: Iterable[Point]) -> None:
        shown = set(points) or {(0, 0)}
        self.xs = sorted({x for x, _ in shown})
        self.ys = sorted({y for _, y in shown})

    def caption(self) -> str:
        """A line above a picture of the layout, saying what part it shows: all of it here."""
        return ""
