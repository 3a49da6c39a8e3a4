"""Random legal play, many seeds, one and two players: the invariants hold whatever anyone does."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter

from bot.games.cards import Card, cards
from bot.games.dragons.engine import (
    HERO_HP,
    HEROES,
    MAX_HP,
    ROOM_SIZES,
    DragonsEvent,
    DragonsState,
    dragons_dungeon,
    new_game,
)

seeds = st.integers(min_value=0, max_value=2**31)
player_counts = st.sampled_from([1, 2])
GENTLE = cards("2♠ 3♠ 4♠ 2♣ 3♣ 4♣ 5♣ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ JK")
"""A short, kind dungeon that random play often survives: it reaches the end of the deck."""
EVENTS = TypeAdapter(list[DragonsEvent])


def turn_bound(dungeon_size: int) -> int:
    """Each play spends a card; a run needs a play before the next, and so does a face."""
    return 3 * dungeon_size + 1


def check_invariants(state: DragonsState, everything: Counter[Card]) -> None:
    assert Counter(state.all_cards()) == everything
    assert len(state.room) <= ROOM_SIZES[2]
    for party in state.parties:
        assert party.hp <= MAX_HP
        assert all(0 <= hero.hp <= HERO_HP for hero in party.heroes)
        assert sum(hero.hp for hero in party.heroes) == max(0, party.hp)
        assert party.playing == (party.hp > 0 and party.score is None)
    assert state.is_over == (not state.playing)
    if not state.is_over:
        assert state.to_move in state.playing


def play_out(state: DragonsState, draw, everything: Counter[Card], bound: int) -> None:
    """Random legal moves to the end; only the player to move ever has one."""
    check_invariants(state, everything)
    while not state.is_over:
        mover = state.to_move
        assert all(
            not state.legal_actions(seat) for seat in range(len(state.parties)) if seat != mover
        )
        actions = state.legal_actions(mover)
        assert actions, "a live game always has a move"
        state.apply(mover, draw(st.sampled_from(actions)))
        check_invariants(state, everything)
        assert state.turn <= bound
    assert state.to_move is None
    assert all(party.score is not None for party in state.parties)
    assert all(not state.legal_actions(seat) for seat in range(len(state.parties)))


@settings(max_examples=80, deadline=None)
@given(seed=seeds, players=player_counts, data=st.data())
def test_random_play_ends_and_keeps_every_invariant(seed: int, players: int, data) -> None:
    state, _ = new_game(seed, players=players)
    everything = Counter((dragons_dungeon() + HEROES) * players)
    play_out(state, data.draw, everything, turn_bound(48 * players))


@settings(max_examples=80, deadline=None)
@given(
    deck=st.permutations(GENTLE),
    players=player_counts,
    first=st.integers(0, 1),
    data=st.data(),
)
def test_random_play_through_a_gentle_dungeon_to_its_end(
    deck: list[Card], players: int, first: int, data
) -> None:
    state, _ = DragonsState.scripted(deck, players=players, first=first % players)
    everything = Counter(deck + HEROES * players)
    play_out(state, data.draw, everything, turn_bound(len(deck)))


@settings(max_examples=60, deadline=None)
@given(
    seed=seeds,
    players=player_counts,
    choices=st.lists(st.integers(0, 20), max_size=80),
    cut=st.integers(0, 40),
)
def test_states_and_events_round_trip_through_json_and_play_on_identically(
    seed: int, players: int, choices: list[int], cut: int
) -> None:
    state, _ = new_game(seed, players=players)
    restored = None
    for step, choice in enumerate(choices):
        if state.is_over:
            break
        if step == cut:
            restored = DragonsState.model_validate_json(state.model_dump_json())
            assert restored == state
        mover = state.to_move
        actions = state.legal_actions(mover)
        action = actions[choice % len(actions)]
        events = state.apply(mover, action)
        assert EVENTS.validate_json(EVENTS.dump_json(events)) == events
        if restored is not None:
            assert restored.apply(mover, action) == events
            assert restored == state
