"""Scripted decks for the special round: sealed bids revealed together, the bonus turn, the
reshuffle with its extra card, and play turning round."""

import pytest

from bot.games.contract import IllegalAction, NotYourTurn
from bot.games.rpg import GAME
from bot.games.rpg.actions import Attack, Bid, Buy, EndTurn, NoBid
from bot.games.rpg.engine import RpgState, bonus_winner
from bot.games.rpg.events import (
    BidAnswered,
    BidsRevealed,
    RoundClosed,
    RpgEvent,
    SpecialRound,
    TurnEnded,
    TurnStarted,
)
from bot.games.rpg.state import Phase

from .scripts import NAMES, build, c, cs, kinds, play


def two_at_the_bids() -> tuple[RpgState, list[RpgEvent]]:
    state, _ = build(["3H QD 9S 5C", "4H 3D 7H"], deck="2C 3C 4C 5D")
    play(state, 0, EndTurn())
    events = play(state, 1, EndTurn())
    return state, events


def test_the_special_round_opens_once_every_living_player_has_had_a_turn() -> None:
    state, events = two_at_the_bids()
    assert events == [TurnEnded(seat=1), SpecialRound(round=1)]
    assert state.phase == Phase.BID and state.acting() == [0, 1]
    assert state.legal_actions(0) == [Bid(card=c("QD")), NoBid()]


def test_a_sealed_bid_is_told_only_as_answered() -> None:
    state, _ = two_at_the_bids()
    events = play(state, 0, Bid(card=c("QD")))
    assert events == [BidAnswered(seat=0)]
    assert state.acting() == [1]
    lines = GAME.narrate(events, None, state, NAMES)
    assert lines == ["**Ana** has answered."]
    table = GAME.table(state, NAMES)
    shown = " ".join(f"{f.name} {f.value}" for f in table.fields) + table.title + table.footer
    assert "Q♦" not in shown and "QD" not in shown and table.picture is None
    assert "✅ `1` **Ana**" in shown and "⏳ `2` **Bo**" in shown
    other = GAME.hand(state, 1, [])
    assert other is not None and "Q♦" not in other.model_dump_json()
    mine = GAME.hand(state, 0, [])
    assert mine is not None and mine.fields[0].value == "Q♦, face down" and mine.controls == []


def test_the_bids_are_revealed_together_and_the_single_highest_takes_a_bonus_turn() -> None:
    state, _ = two_at_the_bids()
    play(state, 0, Bid(card=c("QD")))
    events = play(state, 1, Bid(card=c("3D")))
    assert events[:2] == [
        BidAnswered(seat=1),
        BidsRevealed(bids=[(0, c("QD")), (1, c("3D"))], winner=0),
    ]
    started = events[2]
    assert isinstance(started, TurnStarted) and started.seat == 0 and started.bonus
    assert GAME.narrate(events[1:2], None, state, NAMES) == [
        "Special round: Ana Q♦, Bo 3♦. **Ana** takes a bonus turn."
    ]
    assert {c("QD"), c("3D")} <= set(state.discard), "bid diamonds are discarded, not removed"
    assert state.removed == []


def test_the_bonus_turn_is_a_full_turn() -> None:
    state, _ = build(["3H QD 9S 5C KD", "4H 3D 7H 6S"], deck="2C 3C 4C 6C 7C")
    play(state, 0, EndTurn())
    play(state, 1, EndTurn())
    play(state, 0, Bid(card=c("QD")))
    play(state, 1, NoBid())
    assert state.bonus and state.current == 0 and state.hands[0][-1] == c("KD")
    play(state, 0, Buy(card=c("KD")))  # buying is allowed in a bonus turn
    play(state, 0, Attack(spade=c("9S"), clubs=cs("5C"), target=1))
    assert state.acting() == [1]


def test_a_tie_for_the_highest_bid_gives_no_bonus_turn() -> None:
    assert bonus_winner([(0, c("QD")), (1, c("QD")), (2, c("3D"))]) is None
    assert bonus_winner([(0, None), (1, c("2D"))]) == 1
    assert bonus_winner([(0, None), (1, None)]) is None
    assert bonus_winner([(0, c("KD")), (1, c("AD"))]) == 1, "the ace is high in a bid"
    tie = BidsRevealed(bids=[(0, c("QD")), (1, c("QD"))], winner=None)
    state, _ = two_at_the_bids()
    assert GAME.narrate([tie], None, state, NAMES) == [
        "Special round: Ana Q♦, Bo Q♦. A tie for the highest: no bonus turn."
    ]


def test_with_no_bid_the_round_closes_at_once() -> None:
    state, _ = two_at_the_bids()
    play(state, 0, NoBid())
    events = play(state, 1, NoBid())
    assert events[1] == BidsRevealed(bids=[(0, None), (1, None)], winner=None)
    assert isinstance(events[2], RoundClosed) and events[2].first == 1
    assert GAME.narrate(events[1:2], None, state, NAMES) == [
        "Special round: Ana —, Bo —. Nobody bids: no bonus turn."
    ]


def test_after_the_round_the_deck_is_shuffled_and_each_living_player_draws_one() -> None:
    state, _ = two_at_the_bids()
    play(state, 0, NoBid())
    sizes = [len(hand) for hand in state.hands]
    pool = len(state.deck) + len(state.discard)
    events = play(state, 1, NoBid())
    closed = events[2]
    assert isinstance(closed, RoundClosed)
    assert [seat for seat, _ in closed.drawn] == [1, 0], "from the first player, new direction"
    assert all(len(drawn) == 1 for _, drawn in closed.drawn)
    assert state.discard == [] and state.round == 2
    assert len(state.hands[0]) == sizes[0] + 1
    assert len(state.hands[1]) == sizes[1] + 2, "the extra card, then the turn's draw"
    assert len(state.deck) == pool - 3
    state.check_cards()
    lines = GAME.narrate(events[2:3], None, state, NAMES)
    assert lines == [
        "The deck is shuffled and everyone still standing draws a card.",
        "Play now goes the other way: **Bo** starts round 2.",
    ]


def order_of_turns(state: RpgState, turns: int) -> list[int]:
    """Seats in the order they take normal turns, everyone ending at once and passing bids."""
    seen = []
    while len(seen) < turns:
        if state.phase == Phase.BID:
            for seat in state.acting():
                state.apply(seat, NoBid())
            continue
        seen.append(state.current)
        state.apply(state.current, EndTurn())
    return seen


def test_play_reverses_and_the_last_normal_turn_goes_again() -> None:
    state, _ = build(["3H", "4H", "5H"])
    assert order_of_turns(state, 9) == [0, 1, 2, 2, 1, 0, 0, 1, 2]
    assert state.round == 3 and state.direction == 1


def test_a_bonus_turn_does_not_count_and_the_last_normal_turn_still_goes_first() -> None:
    state, _ = build(["3H AD", "4H", "5H"])
    play(state, 0, EndTurn())
    play(state, 1, EndTurn())
    play(state, 2, EndTurn())
    play(state, 0, Bid(card=c("AD")))
    play(state, 1, NoBid())
    play(state, 2, NoBid())
    assert state.bonus and state.current == 0
    events = play(state, 0, EndTurn())
    assert events[0] == TurnEnded(seat=0, bonus=True)
    assert isinstance(events[1], RoundClosed) and events[1].first == 2
    assert state.current == 2 and state.direction == -1 and state.played == [2]


def test_if_the_last_normal_player_died_the_next_living_one_goes_first() -> None:
    state, _ = build(["3H AD KS KC", "4H 2S", "5H"], deck="2C 3C 4C 5C 6C 7C")
    play(state, 0, EndTurn())
    play(state, 1, EndTurn())
    play(state, 2, EndTurn())
    play(state, 0, Bid(card=c("AD")))
    play(state, 1, NoBid())
    play(state, 2, NoBid())
    assert state.hands[2] == [c("5H"), c("4C")]
    events = play(state, 0, Attack(spade=c("KS"), clubs=cs("KC"), target=2))
    assert kinds(events)[-1] == "fell"
    events = play(state, 0, EndTurn())
    assert isinstance(events[1], RoundClosed) and events[1].first == 1
    assert state.current == 1 and state.direction == -1


def test_the_dead_do_not_bid_and_a_shortened_round_still_ends() -> None:
    state, _ = build(["3H KS KC", "4H", "5H"], deck="2C 3C 4C")
    play(state, 0, Attack(spade=c("KS"), clubs=cs("KC"), target=2), EndTurn())
    events = play(state, 1, EndTurn())
    assert events[-1] == SpecialRound(round=1)
    assert state.acting() == [0, 1]


def test_a_player_without_diamonds_still_answers() -> None:
    state, _ = two_at_the_bids()
    assert state.legal_actions(1) == [Bid(card=c("3D")), NoBid()]
    play(state, 1, NoBid())
    state2, _ = build(["3H", "4H"], deck="2C 3C")
    play(state2, 0, EndTurn())
    play(state2, 1, EndTurn())
    assert state2.acting() == [0, 1] and state2.legal_actions(0) == [NoBid()]


def test_only_a_held_diamond_bids_and_only_once() -> None:
    state, _ = two_at_the_bids()
    before = state.model_dump_json()
    for action in (Bid(card=c("9S")), Bid(card=c("KD")), EndTurn(), Buy(card=c("QD"))):
        with pytest.raises(IllegalAction):
            state.apply(0, action)
    assert state.model_dump_json() == before
    play(state, 0, NoBid())
    with pytest.raises(NotYourTurn):
        state.apply(0, Bid(card=c("QD")))
