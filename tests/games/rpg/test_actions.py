"""The actions' one text form, the lists of legal actions (minimal defences above all), and
refusals that change nothing."""

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.cards import Card, Suit, standard_deck
from bot.games.contract import GameError, IllegalAction, NotYourTurn
from bot.games.rpg.actions import Attack, Bid, Buy, Defend, EndTurn, NoBid, parse_action
from bot.games.rpg.defences import (
    MAX_LISTED,
    cheapest_keeping_heart,
    is_minimal,
    keeps_heart,
    minimal_defences,
)
from bot.games.rpg.engine import RpgState
from bot.games.rpg.values import defensive, hearts, total

from .scripts import build, c, cs, play

EXAMPLES = [
    (Buy(card=c("KD")), "buy.KD"),
    (Attack(spade=c("9S"), clubs=cs("5C 7C"), target=2), "attack.9S.5C7C.2"),
    (Attack(spade=c("AS"), clubs=cs("10C JC QC"), target=5), "attack.AS.TCJCQC.5"),
    (EndTurn(), "end"),
    (Defend(cards=cs("5S 3H")), "defend.5S3H"),
    (Bid(card=c("QD")), "bid.QD"),
    (NoBid(), "nobid"),
]


@pytest.mark.parametrize(("action", "text"), EXAMPLES)
def test_each_action_has_one_text_form_that_reads_back(action, text: str) -> None:
    assert str(action) == text and parse_action(text) == action
    assert len(text) <= 60 and text.isascii() and " " not in text


@pytest.mark.parametrize(
    "text",
    [
        "",
        "fly",
        "buy",
        "buy.ZZ",
        "buy.KD.QD",
        "buy.JK",
        "attack.9S.5C",
        "attack.9S..2",
        "attack.9S.5C7.2",
        "attack.9S.5C.x",
        "attack.9S.5C.-1",
        "defend",
        "defend.5S3",
        "end.1",
        "nobid.QD",
        "bid.10D",
        "buy.kd",
        "🃏",
    ],
)
def test_a_text_that_names_no_action_is_refused(text: str) -> None:
    with pytest.raises(IllegalAction):
        parse_action(text)


def test_the_longest_listed_defence_fits_a_button() -> None:
    small = [card for card in standard_deck() if card.value <= 5 and card.suit != Suit.DIAMONDS]
    for damage in range(1, 37):
        for cards in minimal_defences(small, damage):
            assert len(str(Defend(cards=cards))) <= 60


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    state, _ = build(["3H 9S 5C KD", "4H 8H 6S"], deck="2C 3C")
    before = state.model_dump_json()
    for action in (
        Defend(cards=cs("3H")),
        Bid(card=c("KD")),
        NoBid(),
        Buy(card=c("QD")),
        Attack(spade=c("9S"), clubs=cs("5C"), target=0),
    ):
        with pytest.raises(IllegalAction):
            state.apply(0, action)
        assert state.model_dump_json() == before
    with pytest.raises(GameError):
        state.leave(9)
    assert state.model_dump_json() == before


def test_only_the_seat_the_game_waits_on_may_act() -> None:
    state, _ = build(["3H 9S 5C", "4H 8H 6S", "5H"], deck="2C 3C")
    before = state.model_dump_json()
    for seat in (1, 2, 6):
        with pytest.raises(NotYourTurn):
            state.apply(seat, EndTurn())
        assert state.legal_actions(seat) == []
    assert state.model_dump_json() == before
    play(state, 0, Attack(spade=c("9S"), clubs=cs("5C"), target=1))
    with pytest.raises(NotYourTurn):
        state.apply(0, EndTurn())
    assert state.acting() == [1]


def test_the_turns_list_is_buys_then_attacks_then_end() -> None:
    state, _ = build(["3H 9S JS 5C 7C KD", "4H", "5H"], deck="2H")
    texts = [str(action) for action in state.legal_actions(0)]
    assert texts[0] == "buy.KD" and texts[-1] == "end"
    attacks = texts[1:-1]
    assert attacks == [
        "attack.9S.5C.1",
        "attack.9S.5C.2",
        "attack.9S.7C.1",
        "attack.9S.7C.2",
        "attack.JS.5C.1",
        "attack.JS.5C.2",
        "attack.JS.7C.1",
        "attack.JS.7C.2",
        "attack.JS.5C7C.1",
        "attack.JS.5C7C.2",
    ]


# ---- minimal defences ------------------------------------------------------------------------


def brute_minimal(hand: list[Card], damage: int) -> set[frozenset[Card]]:
    cards = defensive(hand)
    return {
        frozenset(group)
        for size in range(1, len(cards) + 1)
        for group in combinations(cards, size)
        if is_minimal(group, damage)
    }


DEFENSIVE = [card for card in standard_deck() if card.suit != Suit.DIAMONDS]
hands = st.lists(st.sampled_from(DEFENSIVE), min_size=1, max_size=11, unique=True)


@settings(max_examples=60, deadline=None)
@given(hand=hands, damage=st.integers(1, 36))
def test_the_listed_defences_are_exactly_the_minimal_ones(hand: list[Card], damage: int) -> None:
    listed = minimal_defences(hand, damage, limit=10_000, steps=10**7)
    assert len(listed) == len(set(map(frozenset, listed))), "each once"
    assert set(map(frozenset, listed)) == brute_minimal(hand, damage)
    assert [total(cards) for cards in listed] == sorted(total(cards) for cards in listed)


@settings(max_examples=60, deadline=None)
@given(hand=hands, damage=st.integers(1, 36))
def test_the_cheapest_defence_keeping_a_heart_is_found(hand: list[Card], damage: int) -> None:
    found = cheapest_keeping_heart(hand, damage)
    keeping = [set(group) for group in brute_minimal(hand, damage) if keeps_heart(hand, group)]
    if not keeping:
        assert found is None
        return
    assert found is not None and keeps_heart(hand, found) and total(found) >= damage
    best = min((total(g), len(g), len(hearts(g))) for g in keeping)
    assert (total(found), len(found), len(hearts(found))) == best


def test_a_big_hand_lists_a_bounded_number_of_defences_with_the_cheapest_keeping_one() -> None:
    attack = cs("9S QC")
    hand = [card for card in DEFENSIVE if card.suit != Suit.HEARTS and card not in attack]
    state, _ = build(["3H 9S QC", " ".join(card.code for card in hand) + " KH", "2H"])
    play(state, 0, Attack(spade=c("9S"), clubs=cs("QC"), target=1))
    answers = state.legal_actions(1)
    assert 0 < len(answers) <= MAX_LISTED + 1
    assert all(isinstance(a, Defend) and is_minimal(a.cards, 12) for a in answers)
    first = answers[0]
    assert isinstance(first, Defend) and keeps_heart(state.hands[1], first.cards)
    assert total(first.cards) == 12 and len(first.cards) == 1


def test_a_state_reads_back_from_json_exactly() -> None:
    state, _ = build(["3H 9S 5C QD", "4H 8H 6S"], deck="2C 3C")
    play(state, 0, Attack(spade=c("9S"), clubs=cs("5C"), target=1))
    again = RpgState.model_validate_json(state.model_dump_json())
    assert again == state and again.model_dump_json() == state.model_dump_json()
