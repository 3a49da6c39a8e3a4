"""Whole games, 2 to 6 players, each seat played at random or by the bot, with the odd timeout,
player leaving and save-and-reload: they always end within a bound, keep every card in exactly
one place after every action, always offer every awaited seat a move, and end with results
that agree with one another."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.contract import Setup
from bot.games.definition import Match
from bot.games.rpg import GAME
from bot.games.rpg.engine import MAX_PLAYERS, RpgState
from bot.games.rpg.events import BidAnswered, BidsRevealed
from bot.games.rpg.policy import bot_action
from bot.games.rpg.state import Phase
from bot.games.rpg.values import MAX_ROUNDS, hearts

SPADES_IN_DECK = 13
DIAMONDS_IN_DECK = 13
ACTIONS_PER_TURN = 2 * SPADES_IN_DECK + 1
"""A turn attacks at most once per spade held (13 in the deck), each attack answered by at most
one defence, and ends once; buying is counted per game, since a diamond spent is gone."""
STEP_BOUND = DIAMONDS_IN_DECK + MAX_ROUNDS * ((MAX_PLAYERS + 1) * ACTIONS_PER_TURN + MAX_PLAYERS)
"""Every game ends within this many actions: 30 rounds of at most 6 normal turns, a bonus turn
and 6 bids each, plus the 13 diamonds that can ever be spent (5,863)."""
NAMES = [f"P{seat}" for seat in range(MAX_PLAYERS)]


def check(state: RpgState) -> None:
    state.check_cards()
    assert state.round <= MAX_ROUNDS + 1
    if state.is_over:
        assert state.acting() == []
        return
    assert len(state.living()) >= 2
    assert all(hearts(state.hands[seat]) for seat in state.living()), "the living hold a heart"
    assert all(not state.hands[seat] for seat in state.fallen), "the dead hold nothing"
    acting = state.acting()
    assert acting and set(acting) <= set(state.living())
    for seat in acting:
        actions = state.legal_actions(seat)
        assert actions, "every awaited seat has a move"
        assert all(state.allows(seat, action) for action in actions)
        assert all(len(str(action)) <= 60 for action in actions)
    if state.phase == Phase.DEFEND:
        assert state.attack is not None and state.acting() == [state.attack.target]


def check_results(state: RpgState) -> None:
    results = state.results()
    assert [r.seat for r in results] == list(range(state.players))
    assert state.winners and set(state.winners) <= set(state.living())
    for result in results:
        assert (result.outcome == "won") == (result.seat in state.winners)
    for order, seat in enumerate(state.fallen):
        assert results[seat].score == order, "the dead rank by when they died"
    for seat in state.winners:
        assert results[seat].score == state.players - len(state.winners)
    assert max(r.score for r in results) == state.players - len(state.winners)
    if len(state.winners) > 1 or len(state.living()) > 1:
        assert state.final_hearts, "only the round cap leaves more than one alive"


def hidden_until_revealed(events: list, state: RpgState, match: Match) -> None:
    """Before the reveal, a move in the special round tells nobody what anyone bid."""
    if any(isinstance(e, BidsRevealed) for e in events) or state.phase != Phase.BID:
        return
    sealed = [str(card) for card in state.bids if card is not None]
    if not sealed:
        return
    told = " ".join(GAME.narrate(events, None, state, NAMES)) + match.table(NAMES).model_dump_json()
    assert not any(card in told for card in sealed)
    assert all(isinstance(e, BidAnswered) or e.kind == "fell" for e in events)


def play_out(seed: int, players: int, bots: set[int], rng: random.Random) -> RpgState:
    match, _ = GAME.start(seed, Setup(variant="classic", seats=players))
    state = match.state
    check(state)
    steps = 0
    while not state.is_over:
        seat = rng.choice(state.acting())
        roll = rng.random()
        if roll < 0.004:
            seat = rng.choice(state.living())
            events = list(state.leave(seat))
        elif roll < 0.05:
            events = list(state.time_out(seat))
        elif seat in bots:
            action = bot_action(state, seat)
            assert action is not None
            events = list(state.apply(seat, action))
        else:
            events = list(state.apply(seat, rng.choice(state.legal_actions(seat))))
        hidden_until_revealed(events, state, match)
        check(state)
        steps += 1
        assert steps <= STEP_BOUND
        if rng.random() < 0.01:
            reloaded = GAME.resume(match.dump())
            assert reloaded.dump() == match.dump()
    check_results(state)
    return state


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**31 - 1),
    players=st.integers(2, MAX_PLAYERS),
    bots=st.sets(st.integers(0, MAX_PLAYERS - 1)),
)
def test_mixed_tables_end_within_the_bound_and_keep_every_card(
    seed: int, players: int, bots: set[int]
) -> None:
    play_out(seed, players, bots, random.Random(seed))


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, MAX_PLAYERS))
def test_tables_of_bots_end_within_the_bound(seed: int, players: int) -> None:
    play_out(seed, players, set(range(players)), random.Random(seed))


def test_a_game_replays_exactly_from_its_seed_and_moves() -> None:
    rng = random.Random(7)
    match, _ = GAME.start(7, Setup(variant="classic", seats=4))
    moves = []
    while not match.is_over and len(moves) < 200:
        seat = rng.choice(match.acting())
        text = rng.choice(match.legal(seat))
        moves.append((seat, text))
        match.play(seat, text)
    again, _ = GAME.start(7, Setup(variant="classic", seats=4))
    for seat, text in moves:
        again.play(seat, text)
    assert again.dump() == match.dump()
