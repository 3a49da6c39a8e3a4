"""Scripted decks for the end of a game: the last one standing, the ranking by deaths, the
round cap with its heart count, results and forfeits, timeouts, and players leaving."""

import pytest

from bot.games.cards import cards
from bot.games.contract import GameOver, IllegalAction, SeatResult
from bot.games.rpg import GAME
from bot.games.rpg.actions import Attack, Bid, Defend, EndTurn, NoBid
from bot.games.rpg.engine import RpgState
from bot.games.rpg.events import BidsRevealed, Fell, GameWon, RoundClosed, RpgEvent, TurnStarted
from bot.games.rpg.state import Phase
from bot.games.rpg.values import MAX_ROUNDS, heart_value

from .scripts import NAMES, build, c, cs, kinds, play

KILLER = "3H KS QS JS 10S KC QC JC 10C"


def won(seat: int, score: int) -> SeatResult:
    return SeatResult(seat=seat, outcome="won", score=score)


def lost(seat: int, score: int) -> SeatResult:
    return SeatResult(seat=seat, outcome="lost", score=score)


# ---- the last one standing -------------------------------------------------------------------


def test_the_last_one_standing_wins_and_the_rest_rank_by_when_they_died() -> None:
    state, _ = build([KILLER, "4H 2S", "5H", "6H"], deck="2C 3C")
    play(state, 0, Attack(spade=c("KS"), clubs=cs("KC"), target=2))
    assert state.results() == [lost(2, 0)], "the dead have their place at once"
    assert not state.still_playing(2) and state.still_playing(1)
    play(state, 0, Attack(spade=c("QS"), clubs=cs("QC"), target=1))
    events = play(state, 0, Attack(spade=c("JS"), clubs=cs("JC"), target=3))
    assert events[-1] == GameWon(winners=[0])
    assert state.results() == [won(0, 3), lost(1, 1), lost(2, 0), lost(3, 2)]
    assert GAME.narrate(events[-1:], None, state, NAMES) == [
        "**Ana** is the last one standing and wins!"
    ]
    table = GAME.table(state, NAMES)
    assert table.title == "Role Playing Card Game · game over"
    ranking = next(f.value for f in table.fields if f.name == "🏆 Result")
    assert ranking.splitlines() == ["1. Ana (won)", "2. Di", "3. Bo", "4. Cy"]


# ---- the round cap ---------------------------------------------------------------------------


def at_the_last_special_round(hands: list[str], deck: str = "2C 3C 4C 5C 6C 7C 8C 9C") -> RpgState:
    state, _ = build(hands, deck=deck)
    state.round = MAX_ROUNDS
    for seat in range(len(hands)):
        if state.alive(seat) and state.phase == Phase.TURN:
            play(state, state.current, EndTurn())
    return state


def pass_all(state: RpgState) -> list[RpgEvent]:
    events: list[RpgEvent] = []
    for seat in state.acting():
        events += state.apply(seat, NoBid())
    return events


def test_after_the_last_round_the_most_heart_value_wins() -> None:
    # every heart is in a hand, so the round's extra cards cannot change the count
    state = at_the_last_special_round(["KH 2H 3H 4H", "QH 5H 6H", "AH 7H 8H 9H 10H JH"])
    events = pass_all(state)
    assert isinstance(events[-2], RoundClosed) and events[-2].round == MAX_ROUNDS + 1
    assert events[-1] == GameWon(winners=[2], by_hearts=True, hearts=[22, 23, 46])
    assert state.is_over and state.acting() == []
    assert state.results() == [lost(0, 0), lost(1, 1), won(2, 2)]
    assert GAME.narrate(events[-1:], None, state, NAMES) == [
        f"Round {MAX_ROUNDS} is over: **Cy** holds the most heart value (46) and wins!"
    ]


def test_the_cap_counts_the_hearts_after_the_extra_card() -> None:
    state = at_the_last_special_round(["KH 2H", "QH 4H", "AH 3H"], deck="2C 3C 4C 2D 5D AS")
    events = pass_all(state)
    assert events[-1].kind == "game_won"
    assert state.final_hearts == [heart_value(hand) for hand in state.hands]
    best = max(state.final_hearts)
    assert state.winners == [seat for seat in range(3) if state.final_hearts[seat] == best]


def test_tied_heart_values_share_the_win() -> None:
    state = at_the_last_special_round(["KH QH JH 4H", "10H 9H 8H 7H 6H", "AH 2H 3H 5H"])
    events = pass_all(state)
    assert events[-1] == GameWon(winners=[0, 1], by_hearts=True, hearts=[40, 40, 11])
    assert state.results() == [won(0, 1), won(1, 1), lost(2, 0)]
    assert GAME.narrate(events[-1:], None, state, NAMES) == [
        f"Round {MAX_ROUNDS} is over: **Ana** and **Bo** share the win with 40 in hearts each."
    ]
    ranking = next(f.value for f in GAME.table(state, NAMES).fields if f.name == "🏆 Result")
    assert ranking.splitlines() == [
        "1. Ana (won) · 40 in hearts",
        "1. Bo (won) · 40 in hearts",
        "3. Cy · 11 in hearts",
    ]


def test_at_the_cap_the_dead_rank_below_every_living_player() -> None:
    hands = [KILLER + " KH QH", "4H 2S 5H", "6H 7H 8H 9H 10H JH 2H", "AH"]
    state, _ = build(hands, deck="2C 3C 4C 5C 6C 7C 8C 9C")
    play(state, 0, Attack(spade=c("KS"), clubs=cs("KC"), target=3))
    state.round = MAX_ROUNDS
    play(state, 0, EndTurn())
    play(state, 1, EndTurn())
    play(state, 2, EndTurn())
    pass_all(state)
    assert state.is_over and state.final_hearts[3] == 0
    assert state.results() == [lost(0, 2), lost(1, 1), won(2, 3), lost(3, 0)]


# ---- results and forfeits --------------------------------------------------------------------


def test_a_game_closed_early_keeps_the_dead_and_scores_a_forfeit_as_dying_now() -> None:
    state, _ = build([KILLER, "4H 2S", "5H", "6H"], deck="2C 3C")
    play(state, 0, Attack(spade=c("KS"), clubs=cs("KC"), target=2))
    assert state.forfeits({1}, "abandoned") == [
        SeatResult(seat=1, outcome="abandoned", score=1),
        lost(2, 0),
    ]
    everyone = state.forfeits({0, 1, 2, 3}, "expired")
    assert [r.seat for r in everyone] == [0, 1, 2, 3]
    assert everyone[2] == lost(2, 0) and all(
        r.outcome == "expired" for r in everyone if r.seat != 2
    )


# ---- timeouts --------------------------------------------------------------------------------


def test_a_timed_out_turn_ends() -> None:
    state, _ = build(["3H 9S 5C", "4H"], deck="2C 3C")
    assert state.timeout_action(0) == EndTurn() and state.timeout_action(1) is None
    events = state.time_out(0)
    assert kinds(events) == ["turn_ended", "turn_started"]


@pytest.mark.parametrize(
    ("hand", "damage_club", "answer"),
    [
        ("5S 2C 4H 9H", "7C", "5S 2C"),
        ("4S 4H 9H 2C 2S", "4C", "4S"),
        ("6S 2S 4H 9H", "4C", "4H"),
        ("9S 8S 2H", "9C", "9S"),
    ],
)
def test_a_timed_out_defence_is_the_cheapest_that_keeps_a_heart(
    hand: str, damage_club: str, answer: str
) -> None:
    state, _ = build(["3H 10S " + damage_club, hand, "5H"], deck="KC")
    play(state, 0, Attack(spade=c("10S"), clubs=cs(damage_club), target=1))
    assert state.timeout_action(1) == Defend(cards=cs(answer))
    state.time_out(1)
    assert state.alive(1) and state.phase == Phase.TURN


def test_a_timed_out_bid_passes() -> None:
    state, _ = build(["3H QD", "4H"], deck="2C 3C")
    play(state, 0, EndTurn())
    play(state, 1, EndTurn())
    assert state.timeout_action(0) == NoBid()
    state.time_out(0)
    assert state.acting() == [1] and c("QD") in state.hands[0]


def test_a_finished_game_has_no_timeout() -> None:
    state, _ = build(["3H 9S 7C", "2S 4H"], deck="QC")
    play(state, 0, Attack(spade=c("9S"), clubs=cs("7C"), target=1))
    assert state.is_over and state.timeout_action(0) is None
    with pytest.raises(GameOver):
        state.apply(0, EndTurn())


# ---- leaving ---------------------------------------------------------------------------------


def test_leaving_on_your_turn_kills_you_and_passes_the_turn() -> None:
    state, _ = build(["3H 9S", "4H", "5H"], deck="2C 3C 4C")
    events = state.leave(0)
    assert events[0] == Fell(seat=0, reason="left", cards=3)
    assert events[1] == TurnStarted(seat=1, cards=cards("3C"))
    assert state.fallen == [0] and set(cards("3H 9S 2C")) <= set(state.discard)
    assert state.results() == [lost(0, 0)]
    assert GAME.narrate(events[:1], None, state, NAMES) == [
        "**Ana** is out of the game: their cards go to the discard pile."
    ]
    state.check_cards()


def test_leaving_off_turn_leaves_the_turn_where_it_is() -> None:
    state, _ = build(["3H", "4H", "5H"], deck="2C 3C 4C")
    events = state.leave(2)
    assert kinds(events) == ["fell"]
    assert "called off" not in GAME.narrate(events, None, state, NAMES)[0]
    assert state.acting() == [0]
    play(state, 0, EndTurn())
    assert kinds(play(state, 1, EndTurn()))[-1] == "special_round", "the dead need no turn"


def test_a_defender_who_leaves_ends_the_attack() -> None:
    state, _ = build(["3H 9S 7C", "5S 4H 9H", "5H"], deck="2C")
    play(state, 0, Attack(spade=c("9S"), clubs=cs("7C"), target=1))
    events = state.leave(1)
    assert kinds(events) == ["fell"]
    assert GAME.narrate(events, None, state, NAMES) == [
        "**Bo** is out of the game: their cards go to the discard pile. The attack is called off."
    ]
    assert state.attack is None and state.phase == Phase.TURN and state.acting() == [0]
    assert set(cards("9S 7C 5S 4H 9H")) <= set(state.discard)
    state.check_cards()


def test_an_attacker_who_leaves_ends_the_attack_and_the_turn() -> None:
    state, _ = build(["3H 9S 7C", "5S 4H 9H", "5H"], deck="2C 3C")
    play(state, 0, Attack(spade=c("9S"), clubs=cs("7C"), target=1))
    events = state.leave(0)
    assert kinds(events) == ["fell", "turn_started"]
    assert state.attack is None and state.current == 1 and state.acting() == [1]
    assert state.hands[1] == cards("4H 9H 5S 3C")
    state.check_cards()


def test_a_bidder_who_leaves_counts_as_no_bid() -> None:
    state, _ = build(["3H QD", "4H KD", "5H 2D"], deck="2C 3C 4C")
    for seat in range(3):
        play(state, seat, EndTurn())
    play(state, 1, Bid(card=c("KD")))
    play(state, 0, Bid(card=c("QD")))
    events = state.leave(1)
    assert kinds(events) == ["fell"] and c("KD") in state.discard
    events = play(state, 2, NoBid())
    assert events[1] == BidsRevealed(bids=[(0, c("QD")), (2, None)], winner=0)
    state.check_cards()


def test_the_last_awaited_bidder_leaving_reveals_the_bids() -> None:
    state, _ = build(["3H QD", "4H", "5H"], deck="2C 3C 4C")
    for seat in range(3):
        play(state, seat, EndTurn())
    play(state, 0, Bid(card=c("QD")))
    play(state, 1, NoBid())
    events = state.leave(2)
    assert kinds(events)[:3] == ["fell", "bids_revealed", "turn_started"]
    assert state.bonus and state.current == 0


def test_leaving_in_your_bonus_turn_closes_the_round() -> None:
    state, _ = build(["3H AD", "4H", "5H"], deck="2C 3C 4C 5C")
    for seat in range(3):
        play(state, seat, EndTurn())
    play(state, 0, Bid(card=c("AD")))
    play(state, 1, NoBid())
    play(state, 2, NoBid())
    events = state.leave(0)
    assert kinds(events)[:3] == ["fell", "round_closed", "turn_started"]
    assert state.current == 2 and state.direction == -1 and not state.bonus


def test_when_one_player_is_left_they_win() -> None:
    state, _ = build(["3H", "4H"], deck="2C")
    events = state.leave(1)
    assert events[-1] == GameWon(winners=[0])
    assert state.results() == [won(0, 1), lost(1, 0)]
    with pytest.raises(GameOver):
        state.leave(0)


def test_a_dead_seat_cannot_leave_again() -> None:
    state, _ = build(["3H", "4H", "5H"], deck="2C")
    state.leave(2)
    before = state.model_dump_json()
    for seat in (2, 7):
        with pytest.raises(IllegalAction):
            state.leave(seat)
    assert state.model_dump_json() == before
