"""The compiled solver search, held to the Python one it was written from and to the engine.

The Python search (`search.py`) is the reference: it is checked against an exhaustive search
over the engine in test_scoundrel_solver.py, which also runs every `solve` through the
compiled search, the default where it was built. Here the two are set side by side on
random deals cut down to their last rooms: the same best score, the same verdict on a win, the
same bounds, and lines the engine plays to exactly the score claimed.
"""

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.crawl.solving import SearchTooLong
from bot.games.scoundrel import compiled
from bot.games.scoundrel.engine import MAX_HP, Variant
from bot.games.scoundrel.solver import ScoundrelSolver, fastest_search, python_search
from tests.games.test_scoundrel_solver import assert_sound, cut_deal, scripted

if not compiled.available():
    if os.environ.get("REQUIRE_COMPILED_SEARCH"):
        raise RuntimeError("the compiled solver search was not built (is a C compiler there?)")
    pytest.skip("the compiled solver search was not built", allow_module_level=True)


def test_the_fastest_search_is_the_compiled_one() -> None:
    assert isinstance(fastest_search(Variant.CLASSIC), compiled.CompiledSearch)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 100_000),
    variant=st.sampled_from(list(Variant)),
    cards_left=st.integers(6, 18),
    hp=st.integers(1, MAX_HP),
)
def test_both_searches_find_the_same_best_score(
    seed: int, variant: Variant, cards_left: int, hp: int
) -> None:
    state = cut_deal(seed, variant, cards_left)
    if state.is_over:
        return
    state.hp = hp
    reference = ScoundrelSolver(search=python_search).solve(state)
    fast = ScoundrelSolver().solve(state)
    assert (fast.best_score, fast.winnable) == (reference.best_score, reference.winnable)
    assert_sound(state, fast)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 100_000),
    variant=st.sampled_from(list(Variant)),
    cards_left=st.integers(4, 40),
)
def test_both_searches_bound_a_position_alike(seed: int, variant: Variant, cards_left: int) -> None:
    """The bounds the search prunes by, for a position anywhere in a deal."""
    state = cut_deal(seed, variant, cards_left)
    if state.is_over:
        return
    reference, fast = python_search(variant), fastest_search(variant)
    assert fast.bound(fast.start(state)[0]) == reference.bound(reference.start(state)[0])


def test_a_whole_deal_is_solved_alike() -> None:
    """One full Classic deal, where the proof that nothing better exists is the long part."""
    state = cut_deal(12, Variant.CLASSIC, cards_left=44)
    reference = ScoundrelSolver(search=python_search).solve(state)
    fast = ScoundrelSolver().solve(state)
    assert fast.best_score == reference.best_score
    assert_sound(state, fast)


def test_a_search_past_its_budget_stops_and_keeps_the_best_found() -> None:
    state = cut_deal(0, Variant.CLASSIC, cards_left=44)
    with pytest.raises(SearchTooLong):
        ScoundrelSolver(budget=50).winnable(state)
    floor = ScoundrelSolver(budget=20_000).solve(state)
    best = ScoundrelSolver().solve(state)
    assert not floor.exact and best.exact
    assert floor.best_score <= best.best_score
    assert_sound(state, floor)


def test_a_line_through_runs_in_easy_reaches_its_place_first() -> None:
    """In Easy a structure stands for every room a chain of runs reaches: a move made in
    another of them is given with that place, and the line runs until it is dealt."""
    state = scripted("A♠ K♠ Q♠ J♠ 10♦ 2♥ 3♥ 4♥ 5♠", Variant.EASY)
    solution = ScoundrelSolver().solve(state)
    assert solution.line[0].kind.value == "run"
    assert_sound(state, solution)


def test_a_structure_it_did_not_make_is_refused_not_read() -> None:
    state = cut_deal(3, Variant.CLASSIC, cards_left=20)
    search = compiled.CompiledSearch(Variant.CLASSIC)
    node, hp = search.start(state)
    other_deck = node + (1 << 40)  # a deck id it never interned
    for asked in (lambda: search.reaches(1, other_deck, hp), lambda: search.bound(12345)):
        with pytest.raises(ValueError, match="not a structure"):
            asked()
    with pytest.raises(ValueError, match="goal out of range"):
        search.reaches(10_000, node, hp)
    assert search.reaches(1, node, hp) == ScoundrelSolver(search=python_search).winnable(state)


def test_a_card_code_that_is_no_card_is_refused() -> None:
    from bot.games.scoundrel.compiled import Searcher

    assert Searcher is not None
    searcher = Searcher(1, SearchTooLong)
    for deck, room in (((19,), (2,)), ((2,), (36,)), ((60,), ()), ((2,) * 65, ())):
        with pytest.raises(ValueError):
            searcher.node(deck, room, 0, 0, False, 0, False)
    weapons = tuple([22 + v % 9 for v in range(64)])
    node = searcher.node(weapons, (30, 31, 32, 5), 0, 0, False, 0, False)
    assert searcher.bound(node)[0] == 5
