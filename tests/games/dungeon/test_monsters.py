"""The monster phase: who moves which monster where, the facings offered and accepted, and the
battles a monster's move starts."""

import pytest

from bot.games.cards import Card
from bot.games.contract import IllegalAction
from bot.games.dungeon.actions import parse_action
from bot.games.dungeon.engine import DungeonState, Phase
from bot.games.dungeon.grid import Dir, Point
from bot.games.dungeon.monsters import offered_facing
from tests.games.dungeon.helpers import board, card_at, kinds, legal, of, play, up

J = Card.parse("J♥")
HOME = {(0, 0): "+2H"}
"""Player 1 stands on floor in the corner, out of the way."""


def test_a_monster_goes_one_cell_the_way_it_faces_and_is_offered_a_facing_at_no_press() -> None:
    state, events = DungeonState.scripted(
        {**HOME, (4, 0): "5C"}, pawns=((0, 0), None), monsters=[("JH", (3, 0), "e")]
    )
    assert kinds(events) == ["turn_began", "monster_moved", "monster_faced"]
    monster = state.board.monster(J)
    assert monster is not None and monster.at == (4, 0)
    assert monster.facing == offered_facing(state.board, monster, 0)
    assert state.phase == Phase.PAWN and state.acting() == [0], "straight to the pawn"


def test_the_pawns_move_accepts_the_offered_facings_and_another_may_be_chosen_first() -> None:
    state = board({**HOME, (4, 0): "5C", (0, 1): "8S"}, monsters=[("JH", (3, 0), "e")])
    monster = state.board.monster(J)
    assert monster is not None
    offered = monster.facing
    turns = {m for m in legal(state) if m.startswith("face.")}
    assert turns == {f"face.JH.{d}" for d in "nesw" if d != offered}
    other = next(d for d in "nesw" if d != offered)
    events = play(state, f"face.JH.{other}")
    assert kinds(events) == ["monster_faced"] and monster.facing == other
    assert state.phase == Phase.PAWN, "turning a monster is not the pawn's move"
    play(state, "flip.0.1")
    assert monster.facing == other
    assert not any(m.startswith("face.") for m in legal(state)), "accepted: no more turning"
    with pytest.raises(IllegalAction):
        state.apply(0, parse_action("face.JH.n"))


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
def test_a_monster_with_something_in_its_way_stays_put_and_may_still_be_turned(
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
    assert {f"face.JH.{d}" for d in "nesw" if d != monster.facing} <= legal(state)


def test_a_new_monster_goes_any_free_way_its_mover_picks_then_is_new_no_more() -> None:
    state = board(
        {**HOME, (4, 0): "5C", (2, 0): "+5S", (3, 1): "+4D"},
        monsters=[("JH", (3, 0), None)],
    )
    assert legal(state) == {"mon.e", "mon.s"}, "not onto the wall, not onto a blank"
    play(state, "mon.s")
    monster = state.board.monster(J)
    assert monster is not None and monster.at == (3, 1) and not monster.new
    assert monster.facing is not None and state.phase == Phase.PAWN


def test_a_new_monster_with_nowhere_to_go_asks_nothing() -> None:
    state, events = DungeonState.scripted(
        {**HOME, (2, 0): "+5S"}, pawns=((0, 0), None), monsters=[("JH", (3, 0), None)]
    )
    assert kinds(events)[1:] == ["monster_held", "monster_faced"]
    assert state.phase == Phase.PAWN


def test_monsters_move_in_reading_order_of_where_they_stand() -> None:
    monsters: list[tuple[str, Point, Dir | None]] = [
        ("KH", (1, 3), "w"),
        ("JH", (3, 1), "w"),
        ("QH", (5, 2), "w"),
    ]
    _, events = DungeonState.scripted(HOME, pawns=((0, 0), None), monsters=monsters)
    held = [str(e.card) for e in of(events, "monster_held")]  # type: ignore[attr-defined]
    assert held == ["J♥", "Q♥", "K♥"]


def test_offered_facings_send_a_monster_at_the_rival_not_into_a_wall() -> None:
    cells = {**HOME, (3, 0): "+4D", (4, 0): "+4H", (5, 0): "+2D", (3, 1): "+5S"}
    state = board(cells, pawns=((0, 0), (5, 0)), monsters=[("JH", (2, 0), "e")])
    monster = state.board.monster(J)
    assert monster is not None and monster.at == (3, 0)
    assert monster.facing == "e", "towards the rival's pawn"


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
    assert any(m.startswith("face.JH.") for m in legal(state)), "it may still be turned"


def test_a_monster_moved_next_to_its_movers_own_pawn_waits_for_the_battle_step() -> None:
    state = board(
        {(5, 0): "4C", (6, 0): "+3H", (9, 9): "+2D", (8, 9): "6S"},
        pawns=((6, 0), (9, 9)),
        monsters=[("JH", (4, 0), "e")],
    )
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
    assert state.phase == Phase.PAWN and state.pawn(1) == (6, 0)


def test_a_monster_on_a_face_down_card_leaves_it_face_down_and_its_own_cell_blank() -> None:
    state, _ = DungeonState.scripted(
        {**HOME, (4, 0): "5C"}, pawns=((0, 0), None), monsters=[("JH", (3, 0), "e")]
    )
    assert not up(state, (4, 0)), "the card under it stays face down"
    assert card_at(state, (3, 0)) is None and not state.board.holds((3, 0))


def test_a_game_saved_while_a_monster_waited_to_be_turned_plays_on() -> None:
    state = board({**HOME, (4, 0): "5C"}, monsters=[("JH", (3, 0), "e")])
    saved = state.model_dump(mode="json")
    saved.update(phase="monsters", monster_turn={"queue": [], "current": "JH", "moved": True})
    old = DungeonState.model_validate(saved)
    assert legal(old) == {"face.n", "face.e", "face.s", "face.w"}
    play(old, "face.s")
    assert old.phase == Phase.PAWN and old.board.monster(J).facing == "s"  # type: ignore[union-attr]
