"""Playing a card: face down next to the dungeon, a matching black card onto a wall, or blind
from the pile; hands refilled when empty, the discards flipped over when the pile runs out."""

import pytest

from bot.games.cards import Card
from bot.games.contract import IllegalAction
from bot.games.dungeon.actions import parse_action
from bot.games.dungeon.engine import DungeonState, Phase
from tests.games.dungeon.helpers import board, card_at, kinds, legal, of, play

FRONTIER = {(1, 2), (2, 1), (2, 3), (4, 2), (3, 1), (3, 3)}


def to_play(extra: dict | None = None, **kwargs: object) -> DungeonState:
    """Player 1 steps from floor at (2, 2) onto floor at (3, 2): the play phase, with the
    dungeon two cells wide and six empty cells around it."""
    cells = {(2, 2): "+3D", (3, 2): "+4H", **(extra or {})}
    state = board(cells, pawns=((2, 2), None), **kwargs)  # type: ignore[arg-type]
    play(state, "step.e")
    assert state.phase == Phase.PLAY
    return state


def test_a_card_from_hand_goes_face_down_on_any_empty_cell_next_to_the_dungeon() -> None:
    state = to_play(hands=("7H 2C", ""))
    places = {m for m in legal(state) if m.startswith("place.")}
    assert places == {f"place.{c}.{x}.{y}" for c in ("7H", "2C") for x, y in FRONTIER}
    assert "skip" not in legal(state), "playing a card is required"
    events = play(state, "place.7H.4.2")
    placed = of(events, "card_placed")[0]
    assert "7" not in placed.model_dump_json(), "the table is not told which card"
    cell = state.board.cell((4, 2))
    assert cell is not None and not cell.up and cell.known_by == [0] and cell.placed_by == 0
    assert state.hand(0) == [Card.parse("2C")]
    assert state.mover == 1, "the turn is over"


def test_pawns_and_monsters_count_as_the_dungeon_for_placing() -> None:
    state = board(
        {(0, 0): "+3D", (5, 5): "+2H"},
        pawns=((0, 0), (5, 5)),
        monsters=[("JH", (0, 3), "n")],
        hands=("7H", ""),
    )
    assert state.board.on_frontier((5, 4)) and state.board.on_frontier((1, 3))
    assert not state.board.on_frontier((3, 3))


def test_a_matching_black_card_destroys_a_face_up_wall() -> None:
    state = to_play({(1, 2): "+5C", (3, 1): "+6C"}, hands=("5S 5H 6H", ""))
    breaks = {m for m in legal(state) if m.startswith("break.")}
    assert breaks == {"break.5S.1.2"}, "same rank, the other black suit"
    events = play(state, "break.5S.1.2")
    assert of(events, "wall_broken")
    assert card_at(state, (1, 2)) is None
    assert {Card.parse("5S"), Card.parse("5C")} <= set(state.discards)


def test_a_blind_card_comes_off_the_pile_face_down_and_nobody_knows_it() -> None:
    state = to_play(hands=("7H", ""), pile="9H 2C 3C")
    play(state, "blind.4.2")
    cell = state.board.cell((4, 2))
    assert cell is not None and cell.card == Card.parse("9H") and not cell.up
    assert cell.known_by == []
    assert state.pile == [Card.parse("2C"), Card.parse("3C")]
    assert state.hand(0) == [Card.parse("7H")]


def test_the_discards_are_flipped_over_as_the_new_pile_when_it_runs_out() -> None:
    state = to_play(hands=("7H", ""), pile="", discards="9H 2C 3C")
    events = play(state, "blind.4.2")
    assert of(events, "reshuffled")
    assert state.discards == []
    cell = state.board.cell((4, 2))
    assert cell is not None and cell.card == Card.parse("9H"), "the first discarded comes first"
    assert state.pile == [Card.parse("2C"), Card.parse("3C")], "in order, never shuffled"


def test_an_empty_hand_is_dealt_ten_at_once() -> None:
    state = to_play(hands=("7H", ""), pile="2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC")
    events = play(state, "place.7H.4.2")
    assert of(events, "hand_dealt")
    assert len(state.hand(0)) == 10 and len(state.pile) == 2


def test_an_empty_hand_at_the_play_is_dealt_first_and_fewer_when_fewer_are_left() -> None:
    state = to_play(hands=("", ""), pile="2C 3C 4C")
    assert [str(c) for c in state.hand(0)] == ["2♣", "3♣", "4♣"]
    assert not state.pile


def test_no_card_to_play_and_none_to_draw_skips_the_play() -> None:
    state = to_play(hands=("", "2C"), pile="", discards="")
    assert legal(state) == {"skip"}
    events = play(state, "skip")
    assert kinds(events)[0] == "play_skipped"


def test_a_card_may_not_go_on_a_card_or_away_from_the_dungeon() -> None:
    state = to_play(hands=("7H", ""))
    before = state.model_dump_json()
    for text in ("place.7H.2.2", "place.7H.9.9", "place.8H.4.2", "break.7H.4.2", "blind.9.9"):
        with pytest.raises(IllegalAction):
            state.apply(0, parse_action(text))
        assert state.model_dump_json() == before
