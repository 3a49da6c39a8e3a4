"""The end: first to 100 at once; after 200 turns, or with every card gone, the higher score;
results, forfeits, the timer's move, and the contract's refusals."""

import pytest

from bot.games.contract import GameOver, NotYourTurn, SeatResult
from bot.games.dungeon.actions import parse_action
from bot.games.dungeon.engine import MAX_TURNS, Phase
from tests.games.dungeon.helpers import board, kinds, legal, of, play

START = {(2, 2): "+3D"}
ME = ((2, 2), None)


def test_reaching_100_wins_at_once_in_the_middle_of_the_turn() -> None:
    state = board({**START, (3, 2): "7H"}, pawns=((2, 2), None), scores=(95, 40))
    events = play(state, "step.e")
    assert kinds(events)[-3:] == ["duel_over", "game_ended", "game_ended"]
    assert state.is_over and state.phase == Phase.OVER and state.winner == 0
    assert state.results() == [
        SeatResult(seat=0, outcome="won", score=102),
        SeatResult(seat=1, outcome="lost", score=40),
    ]
    assert state.acting() == [] and not state.legal_actions(0) and not state.legal_actions(1)
    with pytest.raises(GameOver):
        state.apply(0, parse_action("skip"))


def test_a_hop_or_a_battle_can_reach_100_too() -> None:
    hop = board({**START, (3, 2): "5H", (4, 2): "+6D", (5, 2): "+7D"}, pawns=ME, scores=(90, 0))
    play(hop, "step.e", "hop.4.2")
    assert hop.is_over and hop.score(0) == 101
    fight = board({**START, (3, 2): "JH"}, pawns=ME, scores=(96, 0))
    play(fight, "flip.3.2")
    assert fight.is_over and fight.winner == 0 and fight.score(0) == 101


@pytest.mark.parametrize(("scores", "winner"), [((30, 20), 0), ((10, 20), 1), ((20, 20), None)])
def test_after_200_turns_the_higher_score_wins_and_a_tie_is_a_draw(
    scores: tuple[int, int], winner: int | None
) -> None:
    state = board(
        {**START, (3, 2): "+4H"}, pawns=ME, scores=scores, turns=MAX_TURNS - 1, hands=("7H", "")
    )
    play(state, "step.e")
    events = play(state, "place.7H.4.2")
    over = of(events, "duel_over")[0]
    assert over.reason == "turns" and over.winner == winner  # type: ignore[attr-defined]
    assert state.is_over and state.turns == MAX_TURNS
    outcomes = [result.outcome for result in state.results()]
    if winner is None:
        assert outcomes == ["draw", "draw"]
    else:
        assert outcomes[winner] == "won" and outcomes[1 - winner] == "lost"


def test_with_the_pile_the_discards_and_both_hands_empty_the_game_ends() -> None:
    state = board({**START, (3, 2): "+4H"}, pawns=ME, scores=(5, 0), hands=("", ""), pile="")
    play(state, "step.e")
    events = play(state, "skip")
    assert of(events, "duel_over")[0].reason == "cards"  # type: ignore[attr-defined]
    assert state.winner == 0


def test_a_game_closed_early_scores_the_forfeiter_only() -> None:
    state = board({**START, (3, 2): "+4H"}, pawns=ME, scores=(12, 30))
    assert state.results() == []
    assert state.forfeits({1}, "abandoned") == [SeatResult(seat=1, outcome="abandoned", score=30)]


def test_the_seat_not_acting_is_refused_and_nothing_changes() -> None:
    state = board({**START, (3, 2): "+4H"}, pawns=ME)
    before = state.model_dump_json()
    assert state.legal_actions(1) == []
    with pytest.raises(NotYourTurn):
        state.apply(1, parse_action("step.e"))
    with pytest.raises(NotYourTurn):
        state.apply(5, parse_action("step.e"))
    assert state.model_dump_json() == before


def test_the_timer_plays_a_legal_move_for_the_seat_it_waits_on() -> None:
    state = board({**START, (3, 2): "QH", (1, 2): "+7H", (4, 2): "9S"}, pawns=((2, 2), (9, 9)))
    assert state.timeout_action(1) is None
    for _ in range(6):
        if state.is_over:
            break
        seat = state.acting()[0]
        move = state.timeout_action(seat)
        assert move is not None and str(move) in legal(state, seat)
        state.time_out(seat)
