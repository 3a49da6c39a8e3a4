"""Every decision has one short ASCII text form, read back exactly; anything else is refused."""

import re

import pytest

from bot.games.contract import GameError
from bot.games.dungeon.actions import Kind, Move, parse_action

TEXTS = [
    "joker.1.2",
    "mon.n",
    "face.e",
    "step.w",
    "knight.2.-1",
    "knight.-1.-2",
    "flip.3.4",
    "take",
    "enter.-1.2",
    "hop.2.2",
    "stop",
    "pick.2.3",
    "place.7H.3.5",
    "place.TD.-3.0",
    "break.5S.0.1",
    "blind.3.5",
    "skip",
]
CUSTOM_ID = re.compile(r"[a-z_]{1,16}(\.[A-Za-z0-9_@.-]{1,60})?")
"""What a button's custom_id carries: the action word, then its argument."""


@pytest.mark.parametrize("text", TEXTS)
def test_a_text_form_reads_back_to_itself(text: str) -> None:
    move = parse_action(text)
    assert str(move) == text
    assert parse_action(str(move)) == move
    assert len(text) <= 60 and text.isascii()
    assert CUSTOM_ID.fullmatch(text)


def test_every_kind_has_a_text_form() -> None:
    assert {parse_action(text).kind for text in TEXTS} == set(Kind)


def test_moves_are_values() -> None:
    assert parse_action("place.7H.3.5") == parse_action("place.7h.3.5")
    assert len({parse_action("step.n"), parse_action("step.n")}) == 1
    assert isinstance(parse_action("take"), Move)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "fly.n",
        "step",
        "step.x",
        "step.n.1",
        "knight.1.1",
        "knight.2.2",
        "knight.a.b",
        "flip.1",
        "flip.a.b",
        "flip.01.2",
        "flip.+1.2",
        "flip.-0.1",
        "flip.1_0.2",
        "flip.99999.0",
        "take.1",
        "skip.now",
        "place.JK.1.1",
        "place.ZZ.1.1",
        "place.7H.1",
        "break.5S",
        "pick.1.2.3",
        "STEP.n",
    ],
)
def test_a_text_that_names_no_move_is_refused(text: str) -> None:
    with pytest.raises(GameError):
        parse_action(text)


def test_no_move_shadows_a_table_button() -> None:
    from cogs.router import TABLE_WORDS

    assert not {kind.value for kind in Kind} & TABLE_WORDS
