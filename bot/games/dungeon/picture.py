"""The dungeon as a grid picture (bot/render/grid_picture.py draws it)."""

from __future__ import annotations

from bot.games.dungeon.engine import DungeonState, Phase
from bot.games.dungeon.grid import Layout, Point
from bot.games.dungeon.roles import is_wall
from bot.games.views import Grid, GridCell


def grid_picture(state: DungeonState, layout: Layout, viewer: int | None = None) -> Grid:
    """The dungeon as a grid picture; a viewer's own grid notes the face-down cards it knows."""
    board = state.board
    frontier = set(board.frontier())
    fading = set(board.out_of_sight())
    marked = _marked(state)
    col = {x: index for index, x in enumerate(layout.xs)}
    row = {y: index for index, y in enumerate(layout.ys)}
    cells: list[GridCell] = []
    for point in sorted(board.points() | frontier, key=lambda p: (p[1], p[0])):
        if point[0] not in col or point[1] not in row:
            continue
        fields: dict[str, object] = {"col": col[point[0]], "row": row[point[1]]}
        fields["dim"] = point in fading
        fields["mark"] = point in marked
        monster = board.monster_at(point)
        cell = board.cell(point)
        if monster is not None:
            fields["card"] = monster.card.code
            fields["facing"] = monster.facing
            fields["new"] = monster.new or monster.facing is None
        elif cell is not None:
            fields["face_down"] = not cell.up
            if cell.up:
                fields["card"] = cell.card.code
                fields["wall"] = is_wall(cell.card)
            elif viewer is not None and viewer in cell.known_by:
                fields["note"] = str(cell.card)
        else:
            fields["slot"] = point in frontier
        fields["pawn"] = board.pawn_at(point)
        cells.append(GridCell.model_validate(fields))
    return Grid(
        columns=[layout.column(x) for x in layout.xs],
        rows=[layout.row(y) for y in layout.ys],
        cells=cells,
        title=layout.caption(),
    )


def _marked(state: DungeonState) -> set[Point]:
    """Cells to outline: the monster being moved, or the battle's monster and picks."""
    monster = state.current_monster()
    if monster is not None:
        return {monster.at}
    battle = state.battle
    if state.phase == Phase.BATTLE and battle is not None:
        fought = state.board.monster(battle.monster)
        fighter = state.pawn(battle.fighter)
        ends = [point for point in (fought.at if fought else None, fighter) if point is not None]
        return set(battle.picked) | set(ends)
    return set()
