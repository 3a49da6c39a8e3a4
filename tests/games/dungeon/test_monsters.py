"""The monster phase: who moves which monster where, and the battles it starts."""

import pytest

from bot.games.cards import Card
from bot.games.dungeon.engine import DungeonState, Phase
from bot.games.dungeon.grid import Dir, Point
from tests.games.dungeon.helpers import board, card_at, kinds, legal, of, play, up

J = Card.parse("J♥")
HOME = {(0, 0): "+2H"}
"""Player 1 stands on floor in the corner, out of the way."""


def test_a_monster_goes_one_cell_the_way_it_faces_then_its_mover_turns_it() -> None:
    state, events = DungeonState.scripted(
        {**HOME, (4, 0): "5C"}, pawns=((0, 0), None), monsters=[("JH", (3, 0), "e")]
    )
    assert kinds(events) == ["turn_began", "monster_moved"]
    monster = state.board.monster(J)
    assert monster is not None and monster.at == (4, 0)
    assert state.phase == Phase.MONSTERS and state.acting() == [0]
    assert legal(state) == {"face.n", "face.e", "face.s", "face.w"}
    play(state, "face.w")
    assert monster.facing == "w"
    assert state.phase == Phase.PAWN


def test_a_monster_on_a_face_down_card_leaves_it_face_down_and_its_own_cell_blank() -> None:
    state, _ = DungeonState.scripted(
        {**HOME, (4, 0): "5C"}, pawns=((0, 0), None), monsters=[("JH", (3, 0), "e")]
    )
    assert not up(state, (4, 0)), "the card under it stays face down"
    assert card_at(state, (3, 0)) is None and not state.board.holds((3, 0))


@pytest.mark.parametrize(
    ("ahead", "extra_monsters", "pawn2"),
    [
        ({(4, 0): "+5C"}, [], None),  # a wall
        ({}, [], None),  # a blank
        ({(4, 0): "+3H"}, [], (4, 0)),  # a pawn
        ({(4, 0): "+3H"}, [("QH", (4, 0), "n")], None),  # another monster
    ],
    ids=["wall", "blank", "pawn", "monster"],
)
def test_a_monster_with_something_in_its_way_stays_put(
    ahead: dict, extra_monsters: list, pawn2: tuple | None
) -> None:
    state, events = DungeonState.scripted(
        {**HOME, **ahead},
        pawns=((0, 0), pawn2),
        monsters=[("JH", (3, 0), "e"), *extra_monsters],
    )
    assert kinds(events)[1] == "monster_held"
    monster = state.board.monster(J)
    assert monster is not None and monster.at == (3, 0)
    assert legal(state) == {"face.n", "face.e", "face.s", "face.w"}, "it may still be turned"


def test_a_new_monster_goes_any_free_way_first_then_is_turned_and_is_new_no_more() -> None:
    state = board(
        {**HOME, (4, 0): "5C", (2, 0): "+5S", (3, 1): "+4D"},
        monsters=[("JH", (3, 0), None)],
    )
    assert legal(state) == {"mon.e", "mon.s"}, "not onto the wall, not onto a blank"
    play(state, "mon.s")
    monster = state.board.monster(J)
    assert monster is not None and monster.at == (3, 1) and monster.new
    assert legal(state) == {"face.n", "face.e", "face.s", "face.w"}
    play(state, "face.n")
    assert not monster.new and monster.facing == "n"


def test_a_new_monster_with_nowhere_to_go_is_only_turned() -> None:
    state, events = DungeonState.scripted(
        {**HOME, (2, 0): "+5S"}, pawns=((0, 0), None), monsters=[("JH", (3, 0), None)]
    )
    assert kinds(events)[-1] == "monster_held"
    assert legal(state) == {"face.n", "face.e", "face.s", "face.w"}


def test_monsters_move_in_reading_order_of_where_they_stand() -> None:
    monsters: list[tuple[str, Point, Dir | None]] = [
        ("KH", (1, 3), "w"),
        ("JH", (3, 1), "w"),
        ("QH", (5, 2), "w"),
    ]
    state = board(HOME, monsters=monsters)
    seen = []
    while state.phase == Phase.MONSTERS:
        current = state.current_monster()
        assert current is not None
        seen.append(str(current.card))
        play(state, "face.w")
    assert seen == ["J♥", "Q♥", "K♥"]


def opponent_in_reach() -> DungeonState:
    """J♥ faces east at (4,0); player 2 stands at (6,0) beside a face-up 7♥; a 9♦ lies face
    down by the monster's landing cell."""
    return board(
        {**HOME, (5, 0): "4C", (6, 0): "+3H", (6, 1): "+7H", (5, 1): "9D"},
        pawns=((0, 0), (6, 0)),
        monsters=[("JH", (4, 0), "e")],
    )


def test_a_monster_moved_next_to_the_opponent_is_fought_at_once() -> None:
    state = opponent_in_reach()
    events = play(state, "face.w")
    assert kinds(events)[-1] == "battle_began"
    assert state.phase == Phase.BATTLE
    assert state.battle is not None and state.battle.fighter == 1
    assert state.acting() == [1], "the fighter picks first"
    assert legal(state, 1) == {"pick.6.1"}
    play(state, "pick.6.1")
    assert state.acting() == [0], "the mover picks for the monster"
    assert legal(state, 0) == {"pick.5.1"}
    events = play(state, "pick.5.1")
    lost = of(events, "battle_lost")
    assert lost, "19 against 11 + 9 = 20: the Goblin wins"
    assert state.pawn(1) is None
    assert state.phase == Phase.PAWN and state.acting() == [0], "then the mover's turn goes on"


def test_a_monster_moved_next_to_its_movers_own_pawn_waits_for_the_battle_step() -> None:
    state = board(
        {(5, 0): "4C", (6, 0): "+3H", (9, 9): "+2D", (8, 9): "6S"},
        pawns=((6, 0), (9, 9)),
        monsters=[("JH", (4, 0), "e")],
    )
    play(state, "face.w")
    assert state.phase == Phase.PAWN, "no battle in the monster phase"
    events = play(state, "flip.8.9")
    assert "battle_began" in kinds(events), "still next to it after the move: fight"
    assert of(events, "battle_won"), "no cards to pick on either side: 12 beats 11"
    assert state.score(0) == 5 and state.board.monster(J) is None


def test_a_monster_that_did_not_move_starts_no_battle_in_the_monster_phase() -> None:
    state = board(
        {**HOME, (6, 0): "+3H"},
        pawns=((0, 0), (6, 0)),
        monsters=[("JH", (5, 0), "e")],
    )
    play(state, "face.w")
    assert state.phase == Phase.PAWN and state.pawn(1) == (6, 0)
