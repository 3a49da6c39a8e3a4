"""Whole games by random legal play and by the sensible policy: they end within a bound, never
raise, keep every card in exactly one place, agree with `legal_actions`, and replay exactly."""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter

from bot.games.cards import Card, standard_deck
from bot.games.contract import GameError, IllegalAction
from bot.games.deuces import (
    DeucesOptions,
    DeucesState,
    Mode,
    default_action,
    new_game,
    suggest,
)
from bot.games.deuces.actions import Attack, Defend, DeucesAction, UseAbility
from bot.games.deuces.events import DeucesEvent
from bot.games.deuces.gm import MAX_ROUNDS
from bot.games.deuces.modes.duel.flow import MAX_ROUNDS as DUEL_ROUNDS
from bot.games.deuces.modes.duel.flow import SEATS as DUEL_SEATS
from bot.games.deuces.modes.duel.flow import WINS_NEEDED
from bot.games.deuces.state import player

EVENTS = TypeAdapter(list[DeucesEvent])
STEP_BOUND = 3_000
"""No encounter outlasts MAX_ROUNDS rounds, and a round holds a bounded number of prompts."""

seeds = st.integers(min_value=0, max_value=2**31)
sizes = st.integers(min_value=1, max_value=4)
levels = st.integers(min_value=1, max_value=5)


def check(state: DeucesState) -> None:
    owners = state.cards_by_owner()
    # a quest's Jokers, boxed or in play
    own = standard_deck(jokers=2 if state.quest is not None else 0)
    for seat in range(len(state.players)):
        assert Counter(owners[f"P{seat}"]) == Counter(own)
    assert Counter(owners["GM"]) == Counter(standard_deck() * (2 if len(state.players) >= 4 else 1))
    assert Counter(owners["loot"]) == Counter(standard_deck())
    assert Counter(state.enemy_cards()) == Counter(e.id for e in state.enemy_set.enemies * 2)
    over = [p.seat for p in state.players if len(p.hand) > 10]
    if over:  # only while the first of them is asked what to shed
        assert state.prompt is not None and state.prompt.kind == "shed"
        assert state.waiting_for == [over[0]]
    assert all(len(p.loot) <= 6 for p in state.players)
    assert state.round <= MAX_ROUNDS + 1
    if not state.is_over:
        assert state.waiting_for, "a live game always waits on someone"


def play_out(state: DeucesState, choose) -> int:
    steps = 0
    check(state)
    while not state.is_over:
        seat = choose(st.sampled_from(state.waiting_for))
        actions = state.legal_actions(seat)
        assert actions
        EVENTS.validate_python(state.apply(seat, choose(st.sampled_from(actions))))
        check(state)
        steps += 1
        assert steps <= STEP_BOUND
    assert all(not state.legal_actions(seat) for seat in range(len(state.players)))
    return steps


@settings(max_examples=25, deadline=None)
@given(seed=seeds, players=sizes, level=levels, data=st.data())
def test_random_legal_encounters_end_and_keep_every_card(seed, players, level, data) -> None:
    state, _ = new_game(seed, DeucesOptions(level=level), players)
    play_out(state, data.draw)
    assert state.outcome is not None


@settings(max_examples=6, deadline=None)
@given(seed=seeds, players=sizes, data=st.data())
def test_random_legal_quests_end_and_keep_every_card(seed, players, data) -> None:
    options = DeucesOptions(
        level=4, mode=Mode.QUEST_BEGINNER, level_every_encounter=True, max_encounters=3
    )
    state, _ = new_game(seed, options, players)
    play_out(state, data.draw)


@settings(max_examples=15, deadline=None)
@given(seed=seeds, players=sizes, level=levels, chips=st.integers(2, 12), data=st.data())
def test_random_legal_quest_for_loot_tables_end_and_keep_every_card_and_chip(
    seed, players, level, chips, data
) -> None:
    options = DeucesOptions(level=level, mode=Mode.LOOT, chips=chips, max_encounters=3)
    state, _ = new_game(seed, options, players)
    total = chips * players * 2

    def choose(strategy):
        assert sum(p.chips for p in state.players) + state.gm_chips == total
        assert all(p.chips >= 0 for p in state.players) and state.gm_chips >= 0
        return data.draw(strategy)

    play_out(state, choose)
    assert sum(p.chips for p in state.players) + state.gm_chips == total
    assert [r.score for r in state.results()] == [p.chips for p in state.players]


@settings(max_examples=5, deadline=None)
@given(seed=seeds, players=sizes, data=st.data())
def test_random_legal_traditional_quests_end_and_keep_every_card(seed, players, data) -> None:
    """Random paths, purchases, loot and fights over the shipped map: every card (the Jokers,
    boxed or in play, and the cards paid at shops among them) stays in exactly one place."""
    options = DeucesOptions(mode=Mode.QUEST, max_encounters=3, level_every_encounter=True)
    state, _ = new_game(seed, options, players)
    play_out(state, data.draw)
    assert state.outcome is not None and state.quest is not None
    assert len(state.results()) == players


@settings(max_examples=4, deadline=None)
@given(seed=seeds, players=sizes)
def test_sensible_and_timed_out_traditional_quests_end_and_keep_every_card(seed, players) -> None:
    """The hint and the timeouts, the map's included (a timeout walks on, the hint shops)."""
    options = DeucesOptions(mode=Mode.QUEST, max_encounters=4)
    state, _ = new_game(seed, options, players)
    steps = 0
    while not state.is_over:
        seat = state.waiting_for[-1]
        move = suggest(state, seat) if steps % 3 else default_action(state, seat)
        state.apply(seat, move)
        check(state)
        steps += 1
        assert steps <= 3 * STEP_BOUND
    assert state.quest is not None and state.quest.visited


PARTY_MODES = [mode for mode in Mode if mode not in (Mode.DUEL, Mode.MASTERS, Mode.TUTORIAL)]
"""Modes a party of any size plays (the tutorial, alone on its fixed deal: test_tutorial)."""


def listed(state: DeucesState, seat: int, move: DeucesAction) -> DeucesAction:
    """The move, checked to be one of the listed legal actions in the same text form: a hint
    or a timeout's move is what a terminal marks and a button names."""
    assert move in state.legal_actions(seat), f"{move} is not listed as it is played"
    return move


@settings(max_examples=40, deadline=None)
@given(seed=seeds, players=sizes, level=levels, mode=st.sampled_from(PARTY_MODES))
def test_sensible_and_timed_out_play_ends_and_keeps_every_card(seed, players, level, mode) -> None:
    options = DeucesOptions(level=level, mode=mode, level_every_encounter=True, max_encounters=3)
    state, _ = new_game(seed, options, players)
    steps = 0
    while not state.is_over:
        seat = state.waiting_for[-1]
        move = suggest(state, seat) if steps % 3 else default_action(state, seat)
        state.apply(seat, listed(state, seat, move))
        check(state)
        steps += 1
        assert steps <= 3 * STEP_BOUND


@settings(max_examples=5, deadline=None)
@given(seed=seeds, players=st.integers(2, 5), data=st.data())
def test_random_legal_masters_tables_end_and_keep_every_card(seed, players, data) -> None:
    options = DeucesOptions(mode=Mode.MASTERS, max_encounters=2, level_every_encounter=True)
    state, _ = new_game(seed, options, players)
    play_out(state, data.draw)
    assert state.champions and len(state.results()) == players


@settings(max_examples=8, deadline=None)
@given(seed=seeds, players=st.integers(2, 5), epics=st.integers(1, 2))
def test_sensible_and_timed_out_masters_tables_end_and_keep_every_card(
    seed, players, epics
) -> None:
    options = DeucesOptions(mode=Mode.MASTERS, epics=epics, max_encounters=4)
    state, _ = new_game(seed, options, players)
    steps = 0
    while not state.is_over:
        seat = state.waiting_for[-1]
        move = suggest(state, seat) if steps % 3 else default_action(state, seat)
        state.apply(seat, listed(state, seat, move))
        check(state)
        steps += 1
        assert steps <= 3 * STEP_BOUND
    results = state.results()
    won = [r.seat for r in results if r.outcome == "won"]
    assert won == state.champions
    lost = [r.score for r in results if r.outcome != "won"]
    assert all(r.score == len(lost) for r in results if r.seat in won), "winners above all"
    assert all(0 <= score < len(lost) for score in lost), "each loser below every winner"


def check_duel(state: DeucesState) -> None:
    """A duel's cards: each hero's own 52, nothing anywhere else; one side at a time."""
    owners = state.cards_by_owner()
    for seat in range(DUEL_SEATS):
        assert Counter(owners[f"P{seat}"]) == Counter(standard_deck())
    assert not owners["GM"] and not owners["loot"] and not state.enemy_cards()
    over = [p.seat for p in state.players if len(p.hand) > 10]
    if over:
        assert state.prompt is not None and state.prompt.kind == "shed"
    assert state.round <= DUEL_ROUNDS + 1 and max(state.wins) <= WINS_NEEDED
    if not state.is_over:
        assert state.waiting_for, "a live duel always waits on someone"


def duel_play_out(state: DeucesState, pick_seat, pick_move) -> int:
    steps = 0
    check_duel(state)
    while not state.is_over:
        seat = pick_seat(state.waiting_for)
        EVENTS.validate_python(state.apply(seat, pick_move(state, seat)))
        check_duel(state)
        assert DeucesState.model_validate_json(state.model_dump_json()) == state
        steps += 1
        assert steps <= 5 * STEP_BOUND
    assert sorted(state.wins)[-1] == WINS_NEEDED and sum(state.wins) <= 2 * WINS_NEEDED - 1
    outcomes = [r.outcome for r in state.results()]
    assert outcomes[0] == outcomes[1] != outcomes[2] == outcomes[3]
    return steps


@settings(max_examples=5, deadline=None)  # a random duel is long: 2 s or more each
@given(seed=seeds, data=st.data())
def test_random_legal_duels_end_and_keep_every_card(seed, data) -> None:
    state, _ = new_game(seed, DeucesOptions(mode=Mode.DUEL), DUEL_SEATS)
    duel_play_out(
        state,
        lambda waiting: data.draw(st.sampled_from(waiting)),
        lambda state, seat: data.draw(st.sampled_from(state.legal_actions(seat))),
    )


@settings(max_examples=8, deadline=None)
@given(seed=seeds)
def test_sensible_and_timed_out_duels_end_and_keep_every_card(seed) -> None:
    state, _ = new_game(seed, DeucesOptions(mode=Mode.DUEL), DUEL_SEATS)
    moves = iter(range(10**6))
    duel_play_out(
        state,
        lambda waiting: waiting[-1],
        lambda state, seat: listed(
            state, seat, suggest(state, seat) if next(moves) % 3 else default_action(state, seat)
        ),
    )


def candidates(state: DeucesState, seat: int, pick) -> list[DeucesAction]:
    """Actions built from any cards of the hand, legal or not, for the prompt the seat is at."""
    hand = state.players[seat].hand
    groups = [tuple(g) for n in range(1, min(5, len(hand)) + 1) for g in combinations(hand, n)]
    chosen = [pick(st.sampled_from(groups)) for _ in range(3)] if groups else []
    made: list[DeucesAction] = [Defend(cards=g) for g in chosen]
    made += [Attack(target=t, cards=g) for g in chosen for t in (0, 5)]
    mine = state.abilities(player(seat))
    made += [UseAbility(ability=a.id, cards=chosen[0][:1]) for a in mine if chosen]
    made += [UseAbility(ability=a.id, target=0) for a in mine]
    return made


@settings(max_examples=10, deadline=None)
@given(seed=seeds, players=sizes, level=levels, data=st.data())
def test_apply_accepts_exactly_the_legal_actions(seed, players, level, data) -> None:
    state, _ = new_game(seed, DeucesOptions(level=level), players)
    for _ in range(8):
        if state.is_over:
            break
        seat = state.waiting_for[0]
        legal = {_key(a) for a in state.legal_actions(seat)}
        snapshot = state.model_dump_json()
        accepted = []
        for action in candidates(state, seat, data.draw):
            if _key(action) in legal:
                accepted.append(action)
                continue
            with pytest.raises(IllegalAction):
                state.apply(seat, action)
            assert state.model_dump_json() == snapshot
        for action in accepted[1:]:
            DeucesState.model_validate_json(snapshot).apply(seat, action)
        state.apply(seat, accepted[0] if accepted else suggest(state, seat))


def _key(action: DeucesAction) -> str:
    """An action up to the order its cards were listed in."""
    data = action.model_dump(mode="json")
    for field in ("cards",):
        if field in data:
            data[field] = sorted(data[field])
    return repr(sorted(data.items()))


@settings(max_examples=20, deadline=None)
@given(seed=seeds, players=sizes, cut=st.integers(0, 40), data=st.data())
def test_a_state_round_trips_through_json_mid_game_and_plays_on_identically(
    seed, players, cut, data
) -> None:
    options = DeucesOptions(level=data.draw(levels), mode=Mode.QUEST_BEGINNER, max_encounters=2)
    state, _ = new_game(seed, options, players)
    restored = None
    for step in range(cut + 40):
        if state.is_over:
            break
        if step == cut:
            restored = DeucesState.model_validate_json(state.model_dump_json())
            assert restored == state
        seat = data.draw(st.sampled_from(state.waiting_for))
        action = data.draw(st.sampled_from(state.legal_actions(seat)))
        events = state.apply(seat, action)
        if restored is not None:
            assert restored.apply(seat, action) == events
            assert restored == state


def test_the_same_seed_and_moves_replay_the_same_game() -> None:
    def run() -> list[str]:
        state, events = new_game(99, DeucesOptions(level=3), 3)
        log = [repr(e) for e in events]
        while not state.is_over:
            seat = state.waiting_for[0]
            log += [repr(e) for e in state.apply(seat, suggest(state, seat))]
        return log

    assert run() == run()


def test_errors_are_game_errors_and_change_nothing() -> None:
    state, _ = new_game(5, DeucesOptions(), 2)
    before = state.model_dump_json()
    other = 1 - state.waiting_for[0] if len(state.waiting_for) == 1 else 9
    for seat, action in [
        (other, Defend(cards=(Card.parse("2♠"),))),
        (state.waiting_for[0], Attack(target=0, cards=(Card.parse("JK"),))),
    ]:
        with pytest.raises(GameError):
            state.apply(seat, action)
        assert state.model_dump_json() == before
