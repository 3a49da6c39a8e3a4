"""The Diamonds & Dragons solver: hand-made decks whose best line is known, and every line it
returns replayed on the real engine (top card first in every deck)."""

from __future__ import annotations

import gc
import random
from itertools import pairwise

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.cards import Card, cards
from bot.games.contract import Outcome
from bot.games.crawl.actions import ActionKind, DungeonAction, Role, parse_action, role_of
from bot.games.crawl.solving import SearchTooLong, Solution
from bot.games.dragons import solver as solving
from bot.games.dragons.engine import DragonsState, Party, dragons_dungeon, heroes_at, new_game
from bot.games.dragons.solver import DragonsSolver, solve


def position(
    room: str, deck: str, hp: int, *, may_run: bool = False, seed: int = 0
) -> DragonsState:
    """A solo game at a room's start; by default just after a run, so it must be faced."""
    party = Party(hp=hp, heroes=heroes_at(hp))
    return DragonsState(
        seed=seed, deck=cards(deck), room=cards(room), parties=[party], ran_last_room=not may_run
    )


def replay(state: DragonsState, line: tuple[DungeonAction, ...]) -> DragonsState:
    """The line played on a copy by the engine, which refuses any illegal move."""
    played = state.model_copy(deep=True)
    for action in line:
        played.apply(0, action)
    return played


def moves(*texts: str) -> list[DungeonAction]:
    return [parse_action(text) for text in texts]


def assert_sound(state: DragonsState, solution: Solution) -> None:
    """The line ends the game with exactly the promised score, and wins exactly when winnable."""
    end = replay(state, solution.line)
    assert end.is_over
    assert end.score == solution.best_score
    assert (end.outcome == Outcome.WON) == solution.winnable == (solution.best_score > 0)


def exhaustive_best(state: DragonsState) -> int:
    """The best score by trying every legal move on the engine itself: slow, small decks only."""
    known: dict[str, int] = {}

    def best(position: DragonsState) -> int:
        if position.is_over:
            assert position.score is not None
            return position.score
        key = position.model_dump_json(exclude={"turn", "rooms_dealt"})
        if key not in known:
            scores = []
            for action in position.legal_actions(0):
                after = position.model_copy(deep=True)
                after.apply(0, action)
                scores.append(best(after))
            known[key] = max(scores)
        return known[key]

    return best(state)


def random_deck(rng: random.Random, size: int) -> list[Card]:
    return rng.sample(dragons_dungeon(), size)


# ---- hand-made decks -----------------------------------------------------------------------


def test_a_weapon_kills_the_stronger_enemy_first_or_breaks() -> None:
    # 4 HP and a fresh 7♦: 9♠ then 8♠ costs 2 + 1; 8♠ first leaves a ceiling of 8 that 9♠
    # breaks for the full 9. The 2♠ waits for the next room, where the weapon takes every enemy
    # going down and the potion lifts the party from 1 HP to 6.
    state = position("7♦ 8♠ 9♠ 2♠", "5♥ 4♣ 3♣", hp=4)
    solution = solve(state)
    assert solution.winnable and solution.best_score == 6
    assert list(solution.line[:3]) == moves("equip 7♦", "fight 9♠", "fight 8♠")
    assert_sound(state, solution)
    wrong = replay(state, tuple(moves("equip 7♦", "fight 8♠", "fight 9♠")))
    assert wrong.outcome == Outcome.LOST


def test_two_potions_are_not_drunk_in_a_row() -> None:
    # At 1 HP both potions are needed; the second of two in a row would be wasted.
    state = position("5♥ 6♥ 2♠ 9♠", "2♣ 3♥ 4♥", hp=1)
    solution = solve(state)
    assert solution.winnable and solution.best_score == 6
    drinks = [index for index, action in enumerate(solution.line) if action.kind == "drink"]
    assert all(later - earlier > 1 for earlier, later in pairwise(drinks))
    assert_sound(state, solution)


def test_an_unwinnable_deck_scores_its_best_fall() -> None:
    # Any two of the room's enemies take the 5 HP; falling at exactly 0 leaves K♠ K♣ Q♠ (38)
    # in the deck, and nothing falls with less in it.
    state = position("2♠ 3♠ 4♠ 5♠", "K♠ K♣ Q♠", hp=5)
    solver = DragonsSolver()
    solution = solver.solve(state)
    assert not solution.winnable and solution.best_score == -38
    assert not solver.winnable(state)
    assert_sound(state, solution)


def test_a_potion_last_at_full_health_adds_its_value_even_when_wasted() -> None:
    # 2♠ and 3♠ cost 5, 5♥ heals them, and the 9♥ right after it is wasted but still counts.
    state, _ = DragonsState.scripted(cards("2♠ 5♥ 3♠ 9♥"))
    solution = solve(state)
    assert solution.best_score == 20 + 9
    assert solution.line[-1] == parse_action("drink 9♥")
    assert_sound(state, solution)


def test_a_run_reshuffles_into_the_only_winning_deal() -> None:
    # Facing the room means two dragons barehanded. Running (seed 0) reshuffles the seven cards
    # into an order the A♦ can handle; the engine's replay of the line checks the reshuffle.
    deck = "🃏 🃏 2♠ 3♠ A♦ 4♥ 5♠"
    state, _ = DragonsState.scripted(cards(deck), seed=0)
    solution = solve(state)
    assert solution.line[0].kind == ActionKind.RUN
    assert solution.winnable and solution.best_score == 8
    assert_sound(state, solution)
    faced = position("🃏 🃏 2♠ 3♠", "A♦ 4♥ 5♠", hp=20)
    assert not solve(faced).winnable


# ---- against the engine --------------------------------------------------------------------


@pytest.mark.parametrize("case", range(6))
def test_small_decks_match_an_exhaustive_search_on_the_engine(case: int) -> None:
    rng = random.Random(case)
    state, _ = DragonsState.scripted(random_deck(rng, 6), seed=case)
    hp = rng.randint(4, 20)
    state.parties[0].hp, state.parties[0].heroes = hp, heroes_at(hp)
    solution = solve(state)
    assert solution.best_score == exhaustive_best(state)
    assert_sound(state, solution)


def test_lines_replay_to_the_best_score_on_random_decks() -> None:
    for seed in range(30):
        rng = random.Random(seed)
        state, _ = DragonsState.scripted(random_deck(rng, 16), seed=seed)
        solver = DragonsSolver()
        solution = solver.solve(state)
        assert_sound(state, solution)
        assert DragonsSolver().winnable(state) == solution.winnable


@pytest.mark.parametrize("seed", [0, 1, 11, 14])
def test_whole_deals_are_solved(seed: int) -> None:
    state, _ = new_game(seed, players=1)
    solution = DragonsSolver().solve(state)
    assert_sound(state, solution)
    assert DragonsSolver().winnable(state) == solution.winnable


# ---- positions and answers -------------------------------------------------------------------


def test_a_mid_game_position_is_solved_from_where_it_stands() -> None:
    state, _ = new_game(14, players=1)
    solver = DragonsSolver()
    first = solver.solve(state)
    middle = replay(state, first.line[:20])
    assert not middle.is_over
    again = solver.solve(middle)
    assert again.best_score == first.best_score  # the rest of a best line is still best
    assert_sound(middle, again)


def test_a_finished_game_has_nothing_left_to_play() -> None:
    state = position("2♠ 3♠ 4♠ 5♠", "K♠ K♣ Q♠", hp=5)
    end = replay(state, solve(state).line)
    assert end.is_over
    assert solve(end) == solve(end.model_copy(deep=True))
    assert solve(end).line == () and solve(end).best_score == end.score
    assert not DragonsSolver().winnable(end)
    won, _ = DragonsState.scripted(cards("2♠ 5♥ 3♠ 9♥"))
    won_end = replay(won, solve(won).line)
    assert DragonsSolver().winnable(won_end) and solve(won_end).winnable


def test_the_position_is_left_untouched_and_the_answer_is_the_same_every_time() -> None:
    state, _ = new_game(1, players=1)
    before = state.model_dump()
    assert solve(state) == DragonsSolver().solve(state)
    assert state.model_dump() == before


def test_a_duel_is_refused() -> None:
    state, _ = new_game(3, players=2)
    with pytest.raises(ValueError):
        solve(state)


# ---- sweeps --------------------------------------------------------------------------------


@pytest.mark.parametrize("case", range(4))
def test_sweeps_of_any_width_still_match_an_exhaustive_search(
    case: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sweep of one or two positions a level often misses a win the search then finds; one
    that finds a win leaves its line in the memo: the best score must not change either way."""
    monkeypatch.setattr(solving, "SWEEPS", (((1, True), (1, False)), ((2, True), (2, False))))
    rng = random.Random(f"sweeps {case}")
    state, _ = DragonsState.scripted(random_deck(rng, 7), seed=case)
    hp = rng.randint(4, 20)
    state.parties[0].hp, state.parties[0].heroes = hp, heroes_at(hp)
    solution = solve(state)
    assert solution.best_score == exhaustive_best(state)
    assert_sound(state, solution)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("spread", [True, False])
def test_a_line_a_sweep_finds_is_a_win(seed: int, spread: bool) -> None:
    """A sweep claims a win only with a line the engine plays to a win."""
    state, _ = new_game(seed, players=1)
    solver = DragonsSolver()
    start = solver._start(state)
    assert start is not None
    memo = solver._reach_memo.setdefault(1, {})
    if not solver._sweep(memo, *start, 1, 8, spread):
        return
    line = solver._actions(solver._line(*start, 1))
    end = replay(state, line)
    assert end.outcome == Outcome.WON


def test_a_deal_the_depth_first_search_finds_late_is_won_by_a_sweep_at_once() -> None:
    """Deal 218's win took the depth-first search about 98,000 nodes to find; a sweep finds it
    in hundreds, so a solver allowed 5,000 decides it."""
    state, _ = new_game(218, players=1)
    assert DragonsSolver(budget=5_000).winnable(state)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(solving, "SWEEPS", ())
        with pytest.raises(SearchTooLong):
            DragonsSolver(budget=5_000).winnable(state)


# ---- the bound and the canonical weapon, on random deals cut down to their last rooms -------


def cut_deal(seed: int, cards_left: int, hp: int | None = None) -> DragonsState:
    """A random deal played at random until `cards_left` cards remain (running now and then),
    healed to full before each move so that the game goes on; then left with `hp`, or a random
    HP. The weapon, its last kill, the potion chain and the count of shuffles are wherever that
    play left them."""
    state, _ = new_game(seed, players=1)
    rng = random.Random(seed)
    party = state.parties[0]
    while not state.is_over and len(state.deck) + len(state.room) > cards_left:
        party.hp, party.heroes = 20, heroes_at(20)
        actions = state.legal_actions(0)
        if any(action.kind == ActionKind.RUN for action in actions) and rng.random() < 0.3:
            state.apply(0, next(a for a in actions if a.kind == ActionKind.RUN))
            continue
        state.apply(0, rng.choice([action for action in actions if action.kind != ActionKind.RUN]))
    if not state.is_over:
        hp = rng.randint(3, 20) if hp is None else hp
        party.hp, party.heroes = hp, heroes_at(hp)
    return state


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 100_000), cards_left=st.integers(4, 7))
def test_cut_deals_match_an_exhaustive_search_on_the_engine(seed: int, cards_left: int) -> None:
    """The bound, the canonical weapon and flags, and the memo they share never cut off a
    score the rules reach, from any weapon, kill, potion chain and shuffle count."""
    state = cut_deal(seed, cards_left)
    if state.is_over:
        return
    solution = solve(state)
    assert solution.best_score == exhaustive_best(state)
    assert_sound(state, solution)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 100_000), cards_left=st.integers(8, 20))
def test_no_position_on_a_best_line_is_bounded_below_what_the_line_reaches(
    seed: int, cards_left: int
) -> None:
    """The bound is a promise the search prunes by: at every position a winning best line
    passes, the least HP it allows for the line's score is at most the HP there (from full
    health, for most of them to be won)."""
    state = cut_deal(seed, cards_left, hp=20)
    if state.is_over:
        return
    solution = solve(state)
    if not solution.winnable:
        return  # a loss is searched over full positions, with no bound on HP
    game = state.model_copy(deep=True)
    for action in solution.line:
        solver = DragonsSolver()
        start = solver._start(game)
        assert start is not None
        node, hp = start
        assert solver._need_bound(node, solution.best_score) <= hp
        game.apply(0, action)
    assert game.score == solution.best_score


def plain_damage(enemies: list[int], weapons: list[int], weapon: int, kill: int) -> int:
    """The bound counted plainly: each enemy value's copies meet the weapons that may strike
    them (every weapon left, and the one in hand below its ceiling), strongest first, each
    weapon once; copies past the second are free (a deck holds two of a value)."""
    damage = 0
    for value in set(enemies):
        usable = sorted([*weapons, *([weapon] if weapon and value < kill else [])], reverse=True)
        copies = min(2, enemies.count(value))
        strengths = [*usable, *[0] * copies][:copies]
        damage += sum(max(0, value - strength) for strength in strengths)
    return damage


def test_the_bound_and_the_canonical_weapon_match_a_plain_count() -> None:
    """On random sets of cards left and weapons held: the gauge's damage is the plain count,
    and its canonical weapon and ceiling deal with every enemy left exactly as the real ones
    (the same breaks, the same damage)."""
    rng = random.Random("gauge")
    dungeon = dragons_dungeon()
    for _ in range(400):
        left = rng.sample(dungeon, rng.randint(0, 30))
        held = rng.choice([None, *cards("2♦ 5♦ 9♦ 10♦ A♦")])
        kill = rng.choice([0, *range(2, 16)]) if held is not None else 0
        solver = DragonsSolver()
        mask = sum(solving._BIT[solving._CODE[card]] for card in left)
        weapon = held.value if held is not None else 0
        ceiling = kill or (solving.FRESH if held is not None else 0)
        canon_weapon, canon_kill, damage, healing, best_potion = solver._gauge(
            mask, weapon, ceiling
        )
        enemies = [card.value for card in left if role_of(card) == Role.MONSTER]
        weapons = [card.value for card in left if role_of(card) == Role.WEAPON]
        potions = [card.value for card in left if role_of(card) == Role.POTION]
        assert damage == plain_damage(enemies, weapons, weapon, ceiling)
        assert (healing, best_potion) == (sum(potions), max(potions, default=0))
        for value in enemies:
            strikes = ceiling > value
            assert strikes == (canon_kill > value)
            if strikes:
                assert max(0, value - weapon) == max(0, value - canon_weapon)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 100_000), cards_left=st.integers(4, 6))
def test_one_solver_across_weapons_and_flags_matches_an_exhaustive_search(
    seed: int, cards_left: int
) -> None:
    """Positions that differ only in the weapon, its last kill, the potion chain and the right
    to run are solved by one solver, so each borrows proofs from its kin (one at least as well
    off never needs more HP); every answer must still be the exhaustive one."""
    base = cut_deal(seed, cards_left)
    if base.is_over:
        return
    solver = DragonsSolver()
    variants = [
        (None, None, None, True),
        ("3♦", "4♠", "2♥", False),
        ("9♦", None, None, True),
        ("9♦", "7♣", None, False),
        ("9♦", "7♣", "2♥", True),
        ("A♦", "🃏", None, True),
    ]
    for weapon, kill, last, may_run in variants:
        state = base.model_copy(deep=True)
        party = state.parties[0]
        party.weapon = cards(weapon)[0] if weapon else None
        party.slain = cards(kill) if kill else []
        party.last_played = cards(last)[0] if last else None
        state.ran_last_room = not may_run
        solution = solver.solve(state)
        assert solution.best_score == exhaustive_best(state)
        assert_sound(state, solution)


def test_a_solve_leaves_the_garbage_collector_as_it_found_it() -> None:
    """The search turns the cyclic collector off while it runs (it makes no cycles), and puts
    it back as it was, even when it was already off."""
    state, _ = new_game(2, players=1)
    assert gc.isenabled()
    DragonsSolver().solve(state)
    assert DragonsSolver().winnable(state)
    assert gc.isenabled()
    gc.disable()
    try:
        DragonsSolver().solve(state)
        assert not gc.isenabled()
    finally:
        gc.enable()
