"""The deal, the Jokers' starting cards, and a game that survives being saved as JSON."""

from collections import Counter

import pytest

from bot.games.cards import JOKER, standard_deck
from bot.games.contract import IllegalAction
from bot.games.dungeon.actions import parse_action
from bot.games.dungeon.engine import DungeonState, Phase, new_game
from tests.games.dungeon.helpers import kinds, legal, play

GRID = {(x, y) for x in range(4) for y in range(4)}


def test_the_deal_is_a_face_down_4x4_hands_of_ten_and_the_pile() -> None:
    state, events = new_game(7)
    cells = state.board.cells
    assert {tuple(map(int, k.split(","))) for k in cells} == GRID
    assert not any(cell.up or cell.known_by for cell in cells.values())
    assert [len(state.hand(seat)) for seat in (0, 1)] == [10, 10]
    assert len(state.pile) == 52 - 16 - 20
    assert Counter(state.all_cards()) == Counter(standard_deck(jokers=2))
    assert state.all_cards().count(JOKER) == 2
    assert kinds(events) == ["hand_dealt", "hand_dealt"]
    assert state.phase == Phase.START
    assert state.pawn(0) is None and state.pawn(1) is None


def test_the_deal_and_the_first_player_come_from_the_seed() -> None:
    a, _ = new_game(11)
    b, _ = new_game(11)
    assert a.model_dump_json() == b.model_dump_json()
    firsts = {new_game(seed)[0].first for seed in range(20)}
    assert firsts == {0, 1}
    assert new_game(12)[0].model_dump_json() != a.model_dump_json()


def test_the_first_player_places_their_joker_then_the_other_then_the_first_plays() -> None:
    state, _ = new_game(3)
    first, second = state.first, 1 - state.first
    assert state.acting() == [first]
    assert legal(state) == {f"joker.{x}.{y}" for x, y in GRID}
    events = state.apply(first, parse_action("joker.1.1"))
    assert kinds(events) == ["joker_placed"]
    assert state.acting() == [second]
    assert "joker.1.1" not in legal(state), "not on the other Joker"
    with pytest.raises(IllegalAction):
        state.apply(second, parse_action("joker.1.1"))
    events = state.apply(second, parse_action("joker.2.2"))
    assert kinds(events)[:2] == ["joker_placed", "turn_began"]
    assert state.acting() == [first]
    assert state.phase == Phase.PAWN, "no monsters yet: straight to the pawn"


def test_the_card_under_a_starting_joker_stays_face_down_and_unknown() -> None:
    state, _ = new_game(5)
    play(state, "joker.0.0", "joker.3.3")
    under = state.board.cell((0, 0))
    assert under is not None and not under.up and under.known_by == []
    assert "flip.0.0" not in legal(state), "covered by the pawn"
    assert "flip.3.3" not in legal(state)


def test_a_game_saved_as_json_plays_on_the_same() -> None:
    state, _ = new_game(9)
    play(state, "joker.1.1", "joker.2.2")
    copy = DungeonState.model_validate_json(state.model_dump_json())
    assert copy == state
    move = state.legal_actions(state.acting()[0])[0]
    state.apply(state.acting()[0], move)
    copy.apply(copy.acting()[0], move)
    assert copy.model_dump_json() == state.model_dump_json()
