"""Moves as a person types them in the terminal: cards in any order with any separator, seats
by the numbers the table shows, and every legal defence reachable, listed or not."""

import io
from itertools import combinations, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.cli import play as play_in_terminal
from bot.games.contract import IllegalAction, Setup
from bot.games.rpg import GAME
from bot.games.rpg.actions import Attack, Bid, Buy, Defend, EndTurn, NoBid
from bot.games.rpg.defences import MAX_LISTED
from bot.games.rpg.engine import RpgState
from bot.games.rpg.state import Phase
from bot.games.rpg.typed import typed_action
from bot.games.rpg.values import sorted_hand

from .scripts import build, c, cs, play

SEPARATORS = [" ", ",", ", ", ".", "+", " , ", "  "]


def defending() -> RpgState:
    state, _ = build(["3H JS 5C 7C", "4H 8H 6S 2S JC 9C AH", "5H"], deck="2C 3C")
    play(state, 0, Attack(spade=c("JS"), clubs=cs("5C 7C"), target=1))
    assert state.phase == Phase.DEFEND and state.attack is not None
    return state


@pytest.mark.parametrize("typed", ["jc 2s", "2s jc", "jc,2s", "defend JC 2S", "J♣ 2♠", "2SJC"])
def test_a_defence_is_read_whatever_the_order_and_separator(typed: str) -> None:
    state = defending()
    assert typed_action(state, 1, typed) == Defend(cards=cs("2S JC"))


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_every_listed_defence_reads_back_in_any_order_and_form(data: st.DataObject) -> None:
    state = defending()
    listed = state.defences(1)
    cards = data.draw(st.sampled_from(listed))
    order = data.draw(st.sampled_from(list(permutations(cards))))
    separator = data.draw(st.sampled_from(SEPARATORS))
    form = data.draw(st.sampled_from(["code", "text"]))
    words = [card.code.lower() if form == "code" else str(card) for card in order]
    action = typed_action(state, 1, separator.join(words))
    assert action == Defend(cards=tuple(sorted_hand(cards)))
    assert action is not None and state.allows(1, action)


def test_a_defence_that_is_not_listed_is_still_accepted() -> None:
    state = defending()
    unlisted = Defend(cards=cs("8H 2S 6S JC"))  # worth 27: more than it needs, never listed
    assert unlisted not in state.legal_actions(1)
    assert typed_action(state, 1, "8h 6s 2s jc") == unlisted and state.allows(1, unlisted)


def three_at_a_turn() -> RpgState:
    state, _ = build(["3H TS 6C KD", "4H", "5H"], deck="2C")
    return state


@pytest.mark.parametrize(
    ("typed", "target"),
    [("ts 6c 2", 1), ("6c ts 3", 2), ("attack.TS.6C.1", None), ("ts,6c,@3", 2), ("ts 6c p2", 1)],
)
def test_a_typed_seat_is_the_number_the_table_shows(typed: str, target: int | None) -> None:
    state = three_at_a_turn()
    if target is None:  # the table's 1 is the attacker itself
        with pytest.raises(IllegalAction, match="1 is not a living opponent"):
            typed_action(state, 0, typed)
        return
    assert typed_action(state, 0, typed) == Attack(spade=c("TS"), clubs=cs("6C"), target=target)
    view = GAME.table(state, ["Ana", "Bo", "Cy"])
    assert f"`{target + 1}` **{['Ana', 'Bo', 'Cy'][target]}**" in view.fields[0].value


def test_an_attack_needs_a_number_only_against_several_opponents() -> None:
    with pytest.raises(IllegalAction, match=r"add their number as the table shows it \(2, 3\)"):
        typed_action(three_at_a_turn(), 0, "ts 6c")
    state, _ = build(["3H TS 6C", "4H"], deck="2C")
    assert typed_action(state, 0, "6c ts") == Attack(spade=c("TS"), clubs=cs("6C"), target=1)


def test_the_other_moves_by_their_words_and_cards() -> None:
    state = three_at_a_turn()
    assert typed_action(state, 0, "kd") == typed_action(state, 0, "buy K♦") == Buy(card=c("KD"))
    assert typed_action(state, 0, "end") == typed_action(state, 0, "End turn") == EndTurn()
    assert typed_action(state, 0, "pass") == NoBid()
    assert typed_action(state, 0, "3") is None, "a bare number is the move's place in the list"
    assert typed_action(state, 0, "") is None
    assert typed_action(state, 0, "hello there") is None
    bids, _ = build(["3H QD", "4H"], deck="2C 3C")
    play(bids, 0, EndTurn())
    play(bids, 1, EndTurn())
    assert typed_action(bids, 0, "qd") == Bid(card=c("QD"))
    assert typed_action(bids, 0, "no bid") == NoBid()


def test_the_terminal_plays_typed_cards_and_says_what_is_wrong() -> None:
    # Seed 2 with three seats: the bots move first and attack the person for 13, whose hand
    # holds 10♠ and 3♣ (the first is checked here, so a change of deal fails loudly).
    match, _ = GAME.start(2, Setup(variant="classic", seats=3))
    while match.acting()[0] != 0:
        seat = match.acting()[0]
        match.play(seat, match.bot_move(seat) or "")
    assert "defend.TS3C" in match.legal(0)
    out = io.StringIO()
    typed = "ts 6c 9\n3c,10s\nq\n"
    play_in_terminal("rpg", seed=2, players=3, stdin=io.StringIO(typed), stdout=out)
    shown = out.getvalue()
    assert "Not now: an attack" not in shown
    assert "Player 1 runs and counters: 10♠ 3♣ (13)." in shown
    assert "Not now:" in shown.split("runs and counters")[0], "the wrong move is answered"


def test_a_cut_list_of_defences_says_every_other_one_is_accepted() -> None:
    many = "AH 2H 3H 4H 5H 6H 7H AS 2S 3S 4S 5S 6S 7S AC 2C 3C"
    state, _ = build(["8H KS KC QC", many], deck="9D")
    play(state, 0, Attack(spade=c("KS"), clubs=cs("KC QC"), target=1))
    assert len(state.defences(1)) >= MAX_LISTED
    hand = GAME.hand(state, 1, [])
    assert hand is not None
    fields = {field.name: field.value for field in hand.fields}
    assert fields["More defences"].startswith(f"Only the cheapest {MAX_LISTED} are listed")
    listed = state.legal_actions(1)
    unlisted = next(
        defence
        for cards in combinations(state.hands[1], 5)
        if state.allows(1, defence := Defend(cards=tuple(cards))) and defence not in listed
    )
    typed = " ".join(card.code.lower() for card in reversed(unlisted.cards))
    assert typed_action(state, 1, typed) == unlisted and state.allows(1, unlisted)
    quiet = GAME.hand(defending(), 1, [])
    assert quiet is not None and "More defences" not in {field.name for field in quiet.fields}
