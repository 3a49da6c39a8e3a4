"""Typed moves in the terminal: a card and a cell in any order and with any separator name the
one legal move they describe, by the names the table shows; a cell alone names the one move
going there; a text naming no legal move is refused with a reason; text forms are left to the
terminal."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.contract import IllegalAction
from bot.games.dungeon.actions import Kind
from bot.games.dungeon.engine import DungeonState
from bot.games.dungeon.typed import _target, typed_action
from tests.games.dungeon.test_views import mid_game

SEPARATORS = st.sampled_from([" ", ",", ", ", "  ", " at ", ";"])


def played_to(seed: int, moves: int) -> DungeonState:
    return mid_game(seed, moves)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 50),
    moves=st.integers(0, 80),
    pick=st.integers(0, 10_000),
    card_first=st.booleans(),
    separator=SEPARATORS,
    suits=st.booleans(),
    upper=st.booleans(),
)
def test_every_placement_can_be_typed_by_its_card_and_cell(
    seed: int, moves: int, pick: int, card_first: bool, separator: str, suits: bool, upper: bool
) -> None:
    state = played_to(seed, moves)
    if state.is_over:
        return
    seat = state.acting()[0]
    placed = [m for m in state.legal_actions(seat) if m.kind in (Kind.PLACE, Kind.BREAK)]
    if not placed:
        return
    move = placed[pick % len(placed)]
    assert move.card is not None
    card = str(move.card) if suits else move.card.code
    cell = _target(state, seat, move)
    assert cell is not None
    parts = [card, cell] if card_first else [cell, card]
    text = separator.join(parts)
    assert typed_action(state, seat, text.upper() if upper else text.lower()) == move


def test_a_cell_alone_names_its_one_move_and_text_forms_are_the_terminals() -> None:
    state = played_to(3, 0)
    seat = state.acting()[0]
    for move in state.legal_actions(seat):
        cell = _target(state, seat, move)
        if cell is None:
            continue
        there = [m for m in state.legal_actions(seat) if _target(state, seat, m) == cell]
        if len(there) == 1:
            assert typed_action(state, seat, cell.lower()) == move
    assert typed_action(state, seat, str(state.legal_actions(seat)[0])) is None
    assert typed_action(state, seat, "1") is None, "a number is the list's"


def test_a_typed_move_that_names_no_legal_move_says_why() -> None:
    state = played_to(3, 4)
    seat = state.acting()[0]
    with pytest.raises(IllegalAction, match="no move now plays"):
        typed_action(state, seat, "9s q40")
