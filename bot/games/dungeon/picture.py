"""The dungeon as a grid picture (bot/render/grid_picture.py draws it), and a battle's cards."""

from __future__ import annotations

from bot.games.dungeon.engine import DungeonState, Phase
from bot.games.dungeon.grid import Layout, Point
from bot.games.dungeon.roles import battle_value, is_wall
from bot.games.views import CardGroup, Grid, GridCell, PictureCard


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


def battle_group(state: DungeonState, names: list[str]) -> CardGroup | None:
    """The battle under way: the monster with its total, the cards picked with what they add."""
    battle = state.battle
    if state.phase != Phase.BATTLE or battle is None:
        return None
    shown = [PictureCard(card=battle.monster.code, caption=f"= {battle.monster_total}")]
    pawn = f"P{battle.fighter + 1}"
    for point, side in zip(battle.picked, battle.sides, strict=True):
        cell = state.board.cell(point)
        monster = state.board.monster_at(point)
        card = cell.card if cell is not None else monster.card if monster is not None else None
        if card is not None:
            who = pawn if side == "player" else str(battle.monster)
            shown.append(PictureCard(card=card.code, caption=f"{who} +{battle_value(card)}"))
    fighter = names[battle.fighter]
    title = f"Battle: {fighter} {battle.player_total} vs {battle.monster_total}"
    return CardGroup(title=title, cards=shown)
