"""Moving a pawn: steps, Knight's moves and what they cross, bounces, treasure, floor, flips,
hops over pairs and runs, taking the pawn into hand and coming back."""

import pytest

from bot.games.cards import Card
from bot.games.contract import IllegalAction
from bot.games.dungeon.actions import parse_action
from bot.games.dungeon.engine import DungeonState, Phase
from bot.games.dungeon.grid import distance
from tests.games.dungeon.helpers import board, card_at, kinds, legal, of, play, up

START = {(2, 2): "+3D"}
"""Player 1's pawn stands on floor at (2, 2); player 2's pawn is in hand."""


def at(cells: dict, **kwargs: object) -> DungeonState:
    return board({**START, **cells}, pawns=((2, 2), None), **kwargs)  # type: ignore[arg-type]


def test_stepping_onto_face_down_treasure_turns_it_up_scores_it_and_discards_it() -> None:
    state = at({(3, 2): "9H"})
    events = play(state, "step.e")
    assert kinds(events)[:3] == ["card_turned", "pawn_moved", "claimed"]
    assert state.score(0) == 9
    assert state.pawn(0) == (3, 2)
    assert card_at(state, (3, 2)) is None and state.board.holds((3, 2)), "the Joker holds it"
    assert Card.parse("9H") in state.discards
    assert state.phase == Phase.PLAY


def test_an_ace_of_treasure_scores_15() -> None:
    state = at({(3, 2): "AD"})
    play(state, "step.e")
    assert state.score(0) == 15


def test_floor_is_stood_on_and_scores_nothing() -> None:
    state = at({(3, 2): "4H"})
    play(state, "step.e")
    assert state.pawn(0) == (3, 2) and state.score(0) == 0
    assert up(state, (3, 2)) and card_at(state, (3, 2)) == Card.parse("4H")


def test_a_wall_sends_the_pawn_back_and_stays_face_up() -> None:
    state = at({(3, 2): "5C"})
    events = play(state, "step.e")
    assert of(events, "bounced")
    assert state.pawn(0) == (2, 2)
    assert up(state, (3, 2))
    assert state.phase == Phase.PLAY


def test_a_face_down_monster_sends_the_pawn_back_wakes_and_is_fought() -> None:
    state = at({(3, 2): "KH", (2, 1): "+7D"})
    events = play(state, "step.e")
    assert of(events, "bounced") and kinds(events)[-1] == "battle_began"
    monster = state.board.monster(Card.parse("KH"))
    assert monster is not None and monster.at == (3, 2) and monster.new
    assert state.pawn(0) == (2, 2)
    assert state.battle is not None and state.battle.fighter == 0


def test_a_pawn_never_steps_onto_a_blank_a_wall_a_pawn_or_a_monster() -> None:
    state = board(
        {**START, (1, 2): "+5C", (2, 1): "+4D", (2, 3): "+2H"},
        pawns=((2, 2), (2, 1)),
        monsters=[("QH", (2, 3), "s")],
    )
    assert not {m for m in legal(state) if m.startswith("step.")}


@pytest.mark.parametrize(
    ("crossed", "allowed"),
    [
        ({}, True),  # blanks may be crossed
        ({(2, 1): "8S"}, True),  # so may face-down cards
        ({(2, 1): "+8S"}, False),  # not a wall
        ({(2, 0): "+8S"}, False),  # on either crossed cell
    ],
    ids=["blank", "face-down", "wall", "wall-at-corner"],
)
def test_a_knights_move_may_not_cross_a_wall(crossed: dict, allowed: bool) -> None:
    state = at({(3, 0): "4H", **crossed})
    assert ("knight.1.-2" in legal(state)) == allowed


def test_a_knights_move_may_not_cross_a_pawn_or_a_monster() -> None:
    pawn_in_way = board({**START, (3, 0): "4H", (2, 1): "+2D"}, pawns=((2, 2), (2, 1)))
    assert "knight.1.-2" not in legal(pawn_in_way)
    monster_in_way = board(
        {**START, (3, 0): "4H"}, monsters=[("JD", (2, 0), "n")], pawns=((2, 2), None)
    )
    assert "knight.1.-2" not in legal(monster_in_way)


def test_a_knights_move_lands_and_leaves_crossed_cards_face_down() -> None:
    state = at({(3, 0): "7H", (2, 1): "8S", (2, 0): "2C"})
    play(state, "knight.1.-2")
    assert state.pawn(0) == (3, 0) and state.score(0) == 7
    assert not up(state, (2, 1)) and not up(state, (2, 0))


@pytest.mark.parametrize(
    ("corner", "lands"),
    [
        ("2C", (2, 0)),  # face down: back one, left face down
        ("+2H", (2, 0)),  # floor: back one
        (None, (2, 2)),  # blank: all the way back
        ("+9D", (2, 0)),  # face-up treasure: back one, standing on it unclaimed
        ("9D", (2, 0)),  # face-down treasure: back one, left face down
    ],
    ids=["face-down", "floor", "blank", "treasure", "hidden-treasure"],
)
def test_a_knights_move_onto_a_wall_goes_back_one_to_the_corner_if_it_can(
    corner: str | None, lands: tuple[int, int]
) -> None:
    cells = {(3, 0): "5S"} | ({(2, 0): corner} if corner else {})
    state = at(cells)
    play(state, "knight.1.-2")
    assert state.pawn(0) == lands
    assert state.score(0) == 0
    if corner is not None:
        assert card_at(state, (2, 0)) is not None, "the corner's card stays where it lies"
        assert up(state, (2, 0)) == corner.startswith("+")


@pytest.mark.parametrize(
    ("corner", "lands"),
    [
        ("2C", (2, 0)),  # face down: back one
        ("+9D", (2, 0)),  # face-up treasure: back one
        ("+2H", (2, 0)),  # floor: back one
        (None, (2, 2)),  # blank: all the way back
    ],
    ids=["face-down", "treasure", "floor", "blank"],
)
def test_a_monster_turned_up_by_a_knights_move_is_always_battled(
    corner: str | None, lands: tuple[int, int]
) -> None:
    cells = {(3, 0): "QH", (1, 0): "+6H", (1, 2): "+6D"} | ({(2, 0): corner} if corner else {})
    state = board({**START, **cells}, pawns=((2, 2), (9, 9)))
    events = play(state, "knight.1.-2")
    assert state.pawn(0) == lands
    assert kinds(events)[-1] == "battle_began", "never left unfought, wherever the pawn went"
    assert state.battle is not None and state.battle.monster == Card.parse("QH")
    assert state.battle.fighter == 0 and state.phase == Phase.BATTLE
    picks = state.battle.options(state.board, "player")
    assert picks and all(distance(p, lands) == 1 for p in picks), "picked around the pawn"


def test_turning_a_card_over_instead_of_moving() -> None:
    state = at({(3, 2): "9H", (8, 2): "QD"})
    events = play(state, "flip.3.2")
    assert kinds(events)[0] == "card_turned"
    assert state.score(0) == 0 and up(state, (3, 2)), "treasure turned over is not claimed"
    assert state.pawn(0) == (2, 2) and state.phase == Phase.PLAY


def test_a_distant_monster_turned_over_comes_alive_without_a_battle() -> None:
    state = at({(3, 2): "9H", (2, 5): "QD"})
    play(state, "flip.2.5")
    monster = state.board.monster(Card.parse("QD"))
    assert monster is not None and monster.new
    assert state.phase == Phase.PLAY


def test_a_monster_turned_over_next_to_the_pawn_is_fought() -> None:
    state = at({(3, 2): "QD", (2, 1): "+7D"})
    events = play(state, "flip.3.2")
    assert kinds(events)[-1] == "battle_began"


def test_a_pawn_with_no_move_may_be_taken_into_hand_or_turn_a_card_over() -> None:
    state = at({(6, 2): "7S"})
    assert legal(state) == {"flip.6.2", "take"}
    hand = list(state.hand(0))
    events = play(state, "take")
    assert kinds(events)[:2] == ["pawn_taken", "turn_began"], "no card is played"
    assert state.pawn(0) is None and state.score(0) == 0
    assert state.hand(0) == hand
    assert state.mover == 1


def test_take_is_not_offered_while_the_pawn_can_move() -> None:
    assert "take" not in legal(at({(3, 2): "4H"}))


def test_a_pawn_in_hand_re_enters_on_an_empty_cell_next_to_the_dungeon_and_stops() -> None:
    state = board(START, pawns=((2, 2), None), mover=1)
    assert state.phase == Phase.ENTER
    assert legal(state) == {"enter.1.2", "enter.3.2", "enter.2.1", "enter.2.3"}
    hand = list(state.hand(1))
    events = play(state, "enter.3.2")
    assert kinds(events)[:2] == ["pawn_entered", "turn_began"], "the turn ends there"
    assert state.pawn(1) == (3, 2) and state.hand(1) == hand
    assert state.mover == 0


def test_entering_next_to_a_monster_means_a_battle_first() -> None:
    state = board(START, pawns=((2, 2), None), monsters=[("JD", (4, 2), "n")], mover=1)
    events = play(state, "enter.3.2")
    assert "battle_began" in kinds(events)
    assert of(events, "battle_won"), "nothing to pick: 12 beats the Goblin's 11"
    assert state.mover == 0


def test_a_pair_next_to_the_claimed_card_may_be_hopped_onto_and_claimed() -> None:
    state = at({(3, 2): "7H", (4, 2): "+7D", (3, 3): "+8S"})
    events = play(state, "step.e")
    assert kinds(events)[-1] == "hops_offered"
    assert legal(state) == {"hop.4.2", "stop"}
    play(state, "hop.4.2")
    assert state.score(0) == 14 and state.pawn(0) == (4, 2)
    assert card_at(state, (4, 2)) is None
    assert state.phase == Phase.PLAY


def test_a_run_of_three_in_either_red_suit_is_hopped_through() -> None:
    state = at({(3, 2): "5H", (4, 2): "+6D", (5, 2): "+7D"})
    play(state, "step.e")
    assert legal(state) == {"hop.4.2", "stop"}
    play(state, "hop.4.2")
    assert legal(state) == {"hop.5.2", "stop"}
    play(state, "hop.5.2")
    assert state.score(0) == 5 + 6 + 7
    assert state.phase == Phase.PLAY


def test_a_run_needs_a_third_card() -> None:
    state = at({(3, 2): "5H", (4, 2): "+6D"})
    play(state, "step.e")
    assert state.phase == Phase.PLAY


def test_a_run_goes_down_with_the_ace_as_one_and_floor_hopped_is_discarded() -> None:
    state = at({(3, 2): "3H", (4, 2): "+2H", (5, 2): "+AD"})
    play(state, "step.e", "hop.4.2", "hop.5.2")
    assert state.score(0) == 15
    assert Card.parse("2H") in state.discards, "hopped floor goes too"


def test_hopping_is_optional() -> None:
    state = at({(3, 2): "7H", (4, 2): "+7D"})
    play(state, "step.e", "stop")
    assert state.score(0) == 7 and up(state, (4, 2))
    assert state.phase == Phase.PLAY


def test_no_hops_after_a_bounce() -> None:
    state = at({(3, 2): "5S", (1, 2): "+3H"})
    play(state, "step.e")
    assert state.phase == Phase.PLAY


def test_an_illegal_move_changes_nothing() -> None:
    state = at({(3, 2): "5S"})
    before = state.model_dump_json()
    for text in ("step.w", "knight.1.2", "flip.2.2", "take", "place.2S.1.2", "pick.3.2"):
        with pytest.raises(IllegalAction):
            state.apply(0, parse_action(text))
        assert state.model_dump_json() == before


def test_with_the_dungeon_wholly_empty_a_pawn_re_enters_where_it_began() -> None:
    state = board({}, pawns=(None, None), pile="2S")
    assert state.phase == Phase.ENTER
    assert legal(state) == {"enter.0.0"}
