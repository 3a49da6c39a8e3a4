"""The dungeon as data: the cards lying in cells, the live monsters, and the two players.

A cell is in the dungeon when it holds something: a card (face down, or face up: a wall, floor
or treasure), a monster, or a pawn (the Joker is a card too, so a pawn left standing on a cell
whose treasure it claimed still holds that cell). Everything else is blank. The board answers
what is where; the engine (engine.py) decides what may happen.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from bot.games.cards import JOKER, Card
from bot.games.dungeon.grid import Dir, Point, in_sight, key, neighbours, unkey
from bot.games.dungeon.roles import is_wall

SEATS = (0, 1)


class Cell(BaseModel):
    """A card lying in the dungeon, and who knows it while it is face down."""

    card: Card
    up: bool = False
    known_by: list[int] = Field(default_factory=list[int])
    """Seats that know the face-down card: whoever played it from their hand."""
    placed_by: int | None = None

    def known_to(self, seat: int) -> bool:
        return self.up or seat in self.known_by


class Monster(BaseModel):
    """A live monster: a red J, Q or K turned face up. It may stand on a card (which stays
    under it, as it was) or on a cell of its own."""

    card: Card
    at: Point
    facing: Dir | None = None
    new: bool = True
    """Just turned up: its first move may go any way."""


class Player(BaseModel):
    hand: list[Card] = Field(default_factory=list[Card])
    score: int = 0
    at: Point | None = None
    """Where the pawn stands; None while it is in its owner's hand."""


class Board(BaseModel):
    cells: dict[str, Cell] = Field(default_factory=dict)
    monsters: list[Monster] = Field(default_factory=list[Monster])
    players: list[Player] = Field(default_factory=lambda: [Player(), Player()])

    # ---- what is where ----------------------------------------------------------------------

    def cell(self, point: Point) -> Cell | None:
        return self.cells.get(key(point))

    def monster_at(self, point: Point) -> Monster | None:
        return next((monster for monster in self.monsters if monster.at == point), None)

    def monster(self, card: Card) -> Monster | None:
        return next((monster for monster in self.monsters if monster.card == card), None)

    def pawn_at(self, point: Point) -> int | None:
        return next((seat for seat in SEATS if self.players[seat].at == point), None)

    def occupied(self, point: Point) -> bool:
        """A pawn or a monster stands there."""
        return self.pawn_at(point) is not None or self.monster_at(point) is not None

    def holds(self, point: Point) -> bool:
        """The cell is part of the dungeon: a card, a monster or a pawn is there."""
        return key(point) in self.cells or self.occupied(point)

    def points(self) -> set[Point]:
        """Every cell of the dungeon."""
        held = {unkey(text) for text in self.cells}
        held.update(monster.at for monster in self.monsters)
        held.update(player.at for player in self.players if player.at is not None)
        return held

    def frontier(self) -> list[Point]:
        """The blank cells next to the dungeon, where cards are played and pawns re-enter; the
        origin when the dungeon is empty, so there is always somewhere."""
        held = self.points()
        if not held:
            return [(0, 0)]
        near = {p for point in held for p in neighbours(point) if p not in held}
        return sorted(near, key=lambda p: (p[1], p[0]))

    def on_frontier(self, point: Point) -> bool:
        """Whether a point is one of `frontier()`, without building it."""
        if self.holds(point):
            return False
        if any(self.holds(p) for p in neighbours(point)):
            return True
        return point == (0, 0) and not self.points()

    def wall_at(self, point: Point) -> Card | None:
        """The face-up wall in a cell, if that is what lies there."""
        cell = self.cell(point)
        return cell.card if cell is not None and cell.up and is_wall(cell.card) else None

    def blocks(self, point: Point) -> bool:
        """Whether a Knight's move may not cross the cell: a wall, a pawn or a monster."""
        return self.wall_at(point) is not None or self.occupied(point)

    def enterable(self, point: Point) -> bool:
        """Whether a pawn (or a monster) may move onto the cell: a card lies there (face down,
        or a face-up card that is not a wall) and nothing stands on it."""
        cell = self.cell(point)
        return cell is not None and not self.occupied(point) and self.wall_at(point) is None

    def face_down(self) -> list[Point]:
        """Face-down cards nobody stands on, in reading order."""
        found = [unkey(text) for text, cell in self.cells.items() if not cell.up]
        return sorted((p for p in found if not self.occupied(p)), key=lambda p: (p[1], p[0]))

    def walls(self) -> list[Point]:
        found = [unkey(text) for text, cell in self.cells.items() if cell.up and is_wall(cell.card)]
        return sorted(found, key=lambda p: (p[1], p[0]))

    def eyes(self) -> list[Point]:
        """The pawns on the board, which keep cards in sight."""
        return [player.at for player in self.players if player.at is not None]

    def out_of_sight(self) -> list[Point]:
        """Cells whose cards (and monsters) go at the end of the turn: more than four steps
        from every pawn on the board. With no pawn on the board nothing is out of anyone's
        sight, so nothing goes."""
        eyes = self.eyes()
        if not eyes:
            return []
        far = {unkey(text) for text in self.cells} | {monster.at for monster in self.monsters}
        return sorted((p for p in far if not in_sight(p, eyes)), key=lambda p: (p[1], p[0]))

    def cards(self) -> list[Card]:
        """Every card on the board and in the hands, the Jokers (pawns) included."""
        found = [cell.card for cell in self.cells.values()]
        found += [monster.card for monster in self.monsters]
        for player in self.players:
            found += player.hand
        return found + [JOKER] * len(self.players)
