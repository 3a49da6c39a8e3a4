"""The table, the hand and the grid picture: within Discord's limits, every control a legal move,
nothing secret on the public table, and a picture a phone can read."""

import io
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from bot.games.cards import Card
from bot.games.definition import GameMatch
from bot.games.dungeon import GAME, new_game
from bot.games.dungeon.engine import DungeonState, Phase
from bot.games.dungeon.grid import ARROWS
from bot.games.dungeon.naming import layout_of, names_of
from bot.games.dungeon.picture import grid_picture
from bot.games.dungeon.policy import choose
from bot.games.dungeon.text_grid import text_grid
from bot.games.views import TableView
from bot.render.grid_picture import MAX_WIDTH
from bot.render.pictures import render
from tests.games.dungeon.helpers import board, play

NAMES = ["Ann", "Bob"]


def mid_game(seed: int = 3, moves: int = 120) -> DungeonState:
    state, _ = new_game(seed)
    for _ in range(moves):
        if state.is_over:
            break
        seat = state.acting()[0]
        state.apply(seat, choose(state, seat))
    return state


def check_table(state: DungeonState, table: TableView) -> None:
    seat = state.acting()[0]
    legal = {str(move) for move in state.legal_actions(seat)}
    assert len(table.fields) <= 25
    assert all(len(field.value) <= 1024 and len(field.name) <= 256 for field in table.fields)
    rows = Counter(control.row for control in table.controls)
    assert all(count <= 5 for count in rows.values())
    assert 0 not in rows, "row 0 is the table's own (My hand)"
    components = 1 + 1 + len(table.fields) + sum(1 + n for n in rows.values())
    assert components + 2 * len(table.menus) <= 40, "Discord's 40 components a message"
    assert all(c.action in legal for c in table.controls if not c.disabled)
    for menu in table.menus:
        assert 1 <= len(menu.options) <= 25
        assert all(option.action in legal for option in menu.options)
    offered = {c.action for c in table.controls if not c.disabled}
    offered |= {option.action for menu in table.menus for option in menu.options}
    if state.phase not in (Phase.PLAY, Phase.START):
        assert offered == legal, "every move of the phase is on the table"


def test_the_table_shows_scores_turn_and_pile_and_the_hand_the_map_as_text() -> None:
    state = mid_game()
    table = GAME.table(state, NAMES)
    names = [field.name for field in table.fields]
    assert any("Ann" in name for name in names) and any("Bob" in name for name in names)
    assert any("Pile" in name for name in names) and any("Turn" in name for name in names)
    assert not any("```" in field.value for field in table.fields), "the map is not shown twice"
    for seat in (0, 1):
        hand = GAME.hand(state, seat, [])
        assert hand is not None
        grid = next(field for field in hand.fields if "Dungeon" in field.name)
        assert grid.value.startswith("```") and grid.value.endswith("```")
        assert "P1" in grid.value and "P2" in grid.value
    check_table(state, table)


def test_the_text_grid_has_one_two_character_token_a_cell() -> None:
    state = board(
        {(0, 0): "+3D", (1, 0): "+5C", (2, 0): "9H", (3, 0): "+TH", (1, 1): "QD"},
        pawns=((0, 0), None),
        monsters=[("JH", (0, 1), "n")],
    )
    play(state, "flip.1.1")  # wakes the Troll: new, it has no facing yet
    lines = text_grid(state, layout_of(state))
    assert lines[0].split() == ["Z", "A", "B", "C", "D", "E"]
    assert lines[2].split() == ["1", "..", "P1", "W5", "##", "T♥", ".."]
    facing = ARROWS[state.board.monsters[0].facing or "n"]
    assert lines[3].split()[:4] == ["2", "..", f"J{facing}", "Q*"]


def test_the_first_dungeon_is_a1_to_d4_and_names_go_on_outward() -> None:
    names = names_of(new_game(3)[0])
    assert [names.name(p) for p in ((0, 0), (3, 3), (-1, 0), (0, -1), (4, 4))] == [
        "A1",
        "D4",
        "Z1",
        "A0",
        "E5",
    ]


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_a_cell_keeps_its_name_all_game_in_the_picture_and_the_text_grid(seed: int) -> None:
    state, _ = new_game(seed)
    seen: dict[tuple[int, int], str] = {}
    while not state.is_over and state.turns < 60:
        layout = layout_of(state)
        picture = grid_picture(state, layout)
        for cell in picture.cells:
            point = (layout.xs[cell.col], layout.ys[cell.row])
            name = picture.columns[cell.col] + picture.rows[cell.row]
            assert seen.setdefault(point, name) == name, "a cell is never renamed"
        header, *rows = text_grid(state, layout)
        assert header.split() == picture.columns
        assert [row.split()[0] for row in rows] == picture.rows
        seat = state.acting()[0]
        state.apply(seat, choose(state, seat))


def test_the_public_table_never_shows_a_card_played_face_down() -> None:
    state = board({(2, 2): "+3D", (3, 2): "+4H"}, pawns=((2, 2), None), hands=("7H 8D", ""))
    play(state, "step.e", "place.8D.4.2")
    table = GAME.table(state, NAMES)
    text = table.model_dump_json()
    assert "8♦" not in text and "8D" not in text
    hand = GAME.hand(state, 0, [])
    assert hand is not None
    assert any("E3 8♦" in field.value for field in hand.fields), "its player knows it"
    rival = GAME.hand(state, 1, [])
    assert rival is not None and not any("8♦" in field.value for field in rival.fields)


def test_the_pawn_phase_offers_a_direction_pad_and_menus() -> None:
    state = board(
        {(2, 2): "+3D", (3, 2): "4H", (1, 2): "+5C", (3, 0): "6H", (7, 7): "2S"},
        pawns=((2, 2), None),
    )
    table = GAME.table(state, NAMES)
    pad = {c.action: c for c in table.controls if c.row == 1}
    assert set(pad) == {"step.n", "step.e", "step.s", "step.w"}
    assert not pad["step.e"].disabled and pad["step.w"].disabled
    [menu] = table.menus
    assert "Knight" in menu.placeholder and "turn a card over" in menu.placeholder
    kinds = [option.action.split(".")[0] for option in menu.options]
    assert kinds == sorted(kinds, key=lambda kind: kind != "knight"), "Knight's moves first"
    check_table(state, table)


def test_the_offered_facings_are_shown_beside_the_pawns_moves_and_each_may_be_changed() -> None:
    state = board(
        {(2, 2): "+3D", (3, 2): "4H", (5, 2): "+6H", (6, 2): "+2D", (4, 4): "+2H"},
        pawns=((2, 2), (4, 4)),
        monsters=[("JH", (5, 2), "e"), ("QD", (6, 2), "s")],
    )
    assert state.phase == Phase.PAWN
    table = GAME.table(state, NAMES)
    facing = next(field for field in table.fields if "Facing" in field.name)
    for card in ("J♥", "Q♦"):
        monster = state.board.monster(Card.parse(card))
        assert monster is not None and monster.facing is not None
        assert f"{card} {names_of(state).name(monster.at)} {ARROWS[monster.facing]}" in facing.value
    turn = next(menu for menu in table.menus if "monster" in menu.placeholder)
    assert len(turn.options) == 6, "three other ways for each of the two"
    assert all(option.label.startswith("Turn ") for option in turn.options)
    check_table(state, table)


def test_a_picked_card_is_offered_at_its_places_in_the_hand_with_the_hint_first() -> None:
    state = board({(2, 2): "+3D", (3, 2): "+4H"}, pawns=((2, 2), None), hands=("7H KD 5S", ""))
    play(state, "step.e")
    assert state.phase == Phase.PLAY
    hand = GameMatch(GAME, state).hand(0, ["0.7H"])
    assert hand is not None
    legal = {str(move) for move in state.legal_actions(0)}
    assert hand.controls[0].label.startswith("💡")
    assert all(c.action in legal for c in hand.controls)
    offered = {option.action for menu in hand.menus for option in menu.options}
    assert offered == {m for m in legal if m.startswith("place.7H.")}, "every cell, none hidden"
    assert len(hand.menus) <= 3 and all(len(menu.options) <= 25 for menu in hand.menus)
    assert [card.picked for card in hand.cards] == [True, False, False]
    assert hand.cards[0].value == "0.7H"
    assert GAME.hand(state, 0, ["0.KD"]).cards[0].picked is False  # type: ignore[union-attr]


def test_every_phase_keeps_its_views_within_the_limits() -> None:
    rng = random.Random(4)
    state, _ = new_game(4)
    seen = set()
    while not state.is_over and len(seen) < 7:
        seat = state.acting()[0]
        seen.add(state.phase)
        check_table(state, GAME.table(state, NAMES))
        hand = GameMatch(GAME, state).hand(seat, [])
        assert hand is not None and len(hand.controls) <= 20
        assert all(len([c for c in hand.controls if c.row == row]) <= 5 for row in range(5))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert {Phase.START, Phase.MONSTERS, Phase.PAWN, Phase.PLAY} <= seen


def test_the_grid_picture_is_a_png_a_phone_can_read() -> None:
    state = mid_game()
    table = GAME.table(state, NAMES)
    assert table.picture is not None and table.picture.grid is not None
    data = render(table.picture)
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    columns = len(table.picture.grid.columns)
    assert 300 <= image.width <= max(MAX_WIDTH, 2 * 14 + 34 + columns * 43)
    assert 300 <= image.height <= 1400
    assert len(data) < 120_000
    assert render(table.picture) == data, "the same picture, the same bytes"
    hand = GAME.hand(state, 0, [])
    assert hand is not None and hand.picture is not None
    assert Image.open(io.BytesIO(render(hand.picture))).height > image.height


def test_a_dungeon_too_big_to_read_whole_is_pictured_around_the_acting_pawn() -> None:
    cells = {(x, 0): "5H" for x in range(-8, 9)} | {(0, y): "6H" for y in range(-8, 9)}
    cells |= {(0, 0): "+3D", (8, 1): "+2D"}
    state = board(cells, pawns=((0, 0), (8, 1)), mover=1)
    table = GAME.table(state, NAMES)
    assert table.picture is not None and table.picture.grid is not None
    grid = table.picture.grid
    assert len(grid.columns) <= 9 and len(grid.rows) <= 9
    assert "I" in grid.columns and "2" in grid.rows, "the acting pawn (P2 at I2) is in sight"
    assert grid.title.startswith("Columns"), "the picture says it shows a part"
    data = render(table.picture)
    image = Image.open(io.BytesIO(data))
    tile = image.width / (len(grid.columns) + 1)
    assert tile * 330 / image.width >= 28, "tiles a thumb can read on a phone"


def test_every_kind_of_cell_draws() -> None:
    from bot.games.views import Grid, GridCell, Picture

    cells = [
        GridCell(col=0, row=0, face_down=True, note="7♥"),
        GridCell(col=1, row=0, card="5C", wall=True),
        GridCell(col=2, row=0, card="KD", facing="w", mark=True),
        GridCell(col=3, row=0, card="JH", new=True),
        GridCell(col=0, row=1, pawn=0),
        GridCell(col=1, row=1, face_down=True, pawn=1),
        GridCell(col=2, row=1, slot=True),
        GridCell(col=3, row=1, card="TH", dim=True),
        GridCell(col=9, row=9, card="2S"),  # outside the grid: left out, no error
    ]
    grid = Grid(columns=["A", "B", "C", "D"], rows=["1", "2"], cells=cells, title="Dungeon")
    image = Image.open(io.BytesIO(render(Picture(groups=[], grid=grid))))
    assert image.format == "PNG" and image.width <= MAX_WIDTH
    assert 150 <= image.height <= 300
