"""Random legal play, many seeds: the invariants hold whatever the player does."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.cards import cards
from bot.games.contract import Outcome
from bot.games.crawl.actions import ActionKind
from bot.games.crawl.dealer import Dealer
from bot.games.crawl.events import RoomDealt
from bot.games.scoundrel.engine import (
    MAX_HP,
    ScoundrelOptions,
    ScoundrelState,
    Variant,
    new_game,
    scoundrel_deck,
)

FULL_DECK = Counter(scoundrel_deck())
RUNS_ALLOWED_UNTIL = 60
MAX_TURNS = RUNS_ALLOWED_UNTIL + 44

seeds = st.integers(min_value=0, max_value=2**31)
variants = st.sampled_from(list(Variant))


@settings(max_examples=150, deadline=None)
@given(seed=seeds, variant=variants, data=st.data())
def test_random_play_ends_and_keeps_every_invariant(seed: int, variant: Variant, data) -> None:
    state, _ = new_game(seed, ScoundrelOptions(variant=variant))
    while not state.is_over:
        actions = state.legal_actions(0)
        assert actions, "a live game always has a move"
        if state.turn >= RUNS_ALLOWED_UNTIL:  # Easy may run every room: a player must stop sometime
            actions = [a for a in actions if a.kind != ActionKind.RUN]
        state.apply(0, data.draw(st.sampled_from(actions)))
        assert state.hp <= MAX_HP
        assert Counter(state.all_cards()) == FULL_DECK
        assert state.turn <= MAX_TURNS
    assert state.legal_actions(0) == []
    assert state.score is not None


@settings(max_examples=60, deadline=None)
@given(
    seed=seeds,
    variant=variants,
    choices=st.lists(st.integers(0, 20), max_size=80),
    cut=st.integers(0, 40),
)
def test_a_state_round_trips_through_json_mid_game_and_plays_on_identically(
    seed: int, variant: Variant, choices: list[int], cut: int
) -> None:
    state, _ = new_game(seed, ScoundrelOptions(variant=variant))
    restored = None
    for step, choice in enumerate(choices):
        if state.is_over:
            break
        if step == cut:
            restored = ScoundrelState.model_validate_json(state.model_dump_json())
            assert restored == state
        actions = state.legal_actions(0)
        action = actions[choice % len(actions)]
        events = state.apply(0, action)
        if restored is not None:
            assert restored.apply(0, action) == events
            assert restored == state


@settings(max_examples=40, deadline=None)
@given(seed=seeds, choices=st.lists(st.integers(0, 20), max_size=60))
def test_same_seed_and_actions_give_the_same_events_and_narration(
    seed: int, choices: list[int]
) -> None:
    def run() -> list[str]:
        state, events = new_game(seed)
        dealer = Dealer(seed)
        story = dealer.narrate(events, 0) + [repr(e) for e in events]
        for choice in choices:
            if state.is_over:
                break
            actions = state.legal_actions(0)
            events = state.apply(0, actions[choice % len(actions)])
            story += dealer.narrate(events, state.turn) + [repr(e) for e in events]
        return story

    assert run() == run()


SURVIVABLE_DECK = (
    "10♦ A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠ 10♥ "
    "9♦ A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣ 5♣ 4♣ 3♣ 2♣ "
    "9♥ 8♥ 7♥ 6♥ 5♥ 4♥ 3♥ 2♥ 8♦ 7♦ 6♦ 5♦ 4♦ 3♦ 2♦"
)


def test_a_surviving_full_game_ends_on_a_room_of_two() -> None:
    """44 = 4 + 3·13 + 1: the last room holds the carried card and the deck's last card."""
    deck = cards(SURVIVABLE_DECK)
    assert Counter(deck) == FULL_DECK
    state, events = ScoundrelState.scripted(deck)
    rooms = [e for e in events if isinstance(e, RoomDealt)]
    while not state.is_over:
        first = [a for a in state.legal_actions(0) if a.card == state.room[0]]
        events = state.apply(0, first[0])  # with the weapon when it may, as listed first
        rooms += [e for e in events if isinstance(e, RoomDealt)]
    assert state.outcome == Outcome.WON
    assert [len(r.room) for r in rooms] == [4] * 14 + [2]
    assert rooms[-1].deck_left == 0
