"""The Scoundrel solver, held to the engine: every line it gives is replayed by the real rules.

Scripted decks (top card first) show the tricks a best line needs; small random decks are
checked against a plain exhaustive search over the engine itself; random deals, cut down to
their last rooms to stay fast, check that each line ends on exactly the score claimed.
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.cards import Card, cards
from bot.games.contract import Outcome
from bot.games.crawl.actions import ActionKind, DungeonAction, parse_action
from bot.games.crawl.solving import Solution
from bot.games.scoundrel import search
from bot.games.scoundrel.engine import (
    MAX_HP,
    ScoundrelOptions,
    ScoundrelState,
    Variant,
    new_game,
    scoundrel_deck,
)
from bot.games.scoundrel.positions import Rules, least_damage
from bot.games.scoundrel.search import Search
from bot.games.scoundrel.solver import ScoundrelSolver, _actions, solve


def scripted(deck: str, variant: Variant = Variant.CLASSIC, hp: int = 20) -> ScoundrelState:
    state, _ = ScoundrelState.scripted(cards(deck), variant)
    state.hp = hp
    return state


def replayed(state: ScoundrelState, line: tuple[DungeonAction, ...]) -> ScoundrelState:
    """The position after the line, played by the engine on a copy (an illegal move raises)."""
    game = state.model_copy(deep=True)
    for action in line:
        game.apply(0, action)
    return game


def assert_sound(state: ScoundrelState, solution: Solution) -> None:
    """The line ends the game on exactly the best score, and a win is claimed iff it is one."""
    end = replayed(state, solution.line)
    assert end.is_over
    assert end.score == solution.best_score
    assert solution.winnable == (end.outcome == Outcome.WON) == (solution.best_score > 0)
    assert ScoundrelSolver().winnable(state) == solution.winnable


def spoken(line: tuple[DungeonAction, ...]) -> list[str]:
    return [str(action) for action in line]


def exhaustive_best(state: ScoundrelState) -> int:
    """The best score by trying every legal line with the engine (small decks only). A run
    back into a position already on the path is a cycle, never a way to finish."""

    def key(game: ScoundrelState) -> str:
        return game.model_dump_json(exclude={"turn", "rooms_dealt", "discard", "seen_below"})

    memo: dict[str, int] = {}

    def best(game: ScoundrelState, path: frozenset[str]) -> int | None:
        if game.score is not None:
            return game.score
        here = key(game)
        if here in memo:
            return memo[here]
        if here in path:
            return None
        scores = []
        for action in game.legal_actions(0):
            after = game.model_copy(deep=True)
            after.apply(0, action)
            score = best(after, path | {here})
            if score is not None:
                scores.append(score)
        found = max(scores) if scores else None
        if found is not None and game.variant != Variant.EASY:
            memo[here] = found
        return found

    found = best(state, frozenset())
    assert found is not None
    return found


def cut_deal(seed: int, variant: Variant, cards_left: int) -> ScoundrelState:
    """A random deal played until `cards_left` cards remain, by a player who never runs and
    takes the least damage each move (ties at random), and is healed to full before each so
    that the game goes on; then left with a random HP."""
    state, _ = new_game(seed, ScoundrelOptions(variant=variant))
    rng = random.Random(seed)
    while not state.is_over and len(state.deck) + len(state.room) > cards_left:
        state.hp = MAX_HP
        moves = [a for a in state.legal_actions(0) if a.kind != ActionKind.RUN]
        least = min(damage(state, move) for move in moves)
        state.apply(0, rng.choice([move for move in moves if damage(state, move) == least]))
    if not state.is_over:
        state.hp = rng.randint(4, MAX_HP)
    return state


def damage(state: ScoundrelState, move: DungeonAction) -> int:
    card = move.card
    assert card is not None
    if move.kind == ActionKind.FIGHT_BAREHANDED:
        return card.value
    if move.kind == ActionKind.FIGHT_WITH_WEAPON and state.weapon is not None:
        return max(0, card.value - state.weapon.value)
    return 0


# ---- tricks a best line needs ------------------------------------------------------------------


def test_a_deadly_first_room_is_survived_only_by_running() -> None:
    deck = "A♠ K♠ Q♠ J♠ 10♦ 2♥ 3♥ 4♥"
    assert not solve(scripted(deck, Variant.HARD)).winnable
    state = scripted(deck, Variant.CLASSIC)
    solution = solve(state)
    assert solution.winnable
    assert solution.line[0] == parse_action("run")
    # Equip the 10, keep a potion back, kill A K Q J for 4 + 3 + 2 + 1 and drink it last.
    assert solution.best_score == 14
    assert_sound(state, solution)


def test_a_small_monster_is_fought_barehanded_to_keep_the_weapon_for_the_big_ones() -> None:
    state = scripted("10♦ 2♠ 3♠ 4♠ A♠ K♠ Q♠", Variant.HARD)
    solution = solve(state)
    # Bare 2♠ and 3♠ (−5), carry 4♠, then A K Q with the fresh 10 (−9) and 4♠ for free.
    assert solution.best_score == 6
    assert parse_action("bare 2♠") in solution.line[:3]
    assert_sound(state, solution)
    striking_small = replayed(state, (parse_action("equip 10♦"), parse_action("weapon 2♠")))
    assert not solve(striking_small).winnable


def test_a_potion_is_drunk_before_the_fight_it_pays_for() -> None:
    state = scripted("K♠ 8♥", Variant.HARD, hp=10)
    solution = solve(state)
    assert spoken(solution.line) == ["drink.8H", "bare.KS"]
    assert solution.best_score == 10 + 8 - 13
    assert_sound(state, solution)


def test_a_win_at_full_health_ending_on_a_potion_scores_the_potion_too() -> None:
    state = scripted("2♠ 3♠ 4♠ 5♦ 9♥", Variant.HARD)
    solution = solve(state)
    assert solution.best_score == 20 + 9
    assert solution.line[-1] == parse_action("drink 9♥")
    assert_sound(state, solution)


def test_a_hopeless_deck_is_proved_lost_with_the_best_losing_score() -> None:
    # No weapon, no potion: every fight keeps HP minus the monsters left at 20 − 100.
    deck = "A♠ A♣ K♠ K♣ Q♠ Q♣ J♠ J♣"
    for variant in Variant:
        state = scripted(deck, variant)
        solution = solve(state)
        assert not solution.winnable
        assert solution.best_score == 20 - 100
        assert_sound(state, solution)


def test_a_loss_dies_as_late_and_as_cheaply_as_it_can() -> None:
    state = scripted("A♠ A♣ 5♦ 2♥ K♠ K♣ 4♠", Variant.HARD, hp=12)
    solution = solve(state)
    assert not solution.winnable
    assert solution.best_score == exhaustive_best(state)
    assert_sound(state, solution)


# ---- positions other than a fresh deal ---------------------------------------------------------


def test_a_finished_game_is_its_own_answer() -> None:
    state = scripted("2♠ 3♠ 4♠ 5♦ 9♥", Variant.HARD)
    for move in ("equip 5♦", "weapon 4♠", "weapon 3♠", "weapon 2♠", "drink 9♥"):
        state.apply(0, parse_action(move))
    assert state.outcome == Outcome.WON
    assert solve(state) == Solution(True, 29, ())
    assert ScoundrelSolver().winnable(state)
    lost = scripted("A♠ A♣ K♠ K♣ 2♥", Variant.HARD, hp=3)
    lost.apply(0, parse_action("bare A♠"))
    assert lost.outcome == Outcome.LOST
    assert solve(lost) == Solution(False, lost.score or 0, ())
    assert not ScoundrelSolver().winnable(lost)


def test_a_mid_game_position_and_every_position_on_the_best_line_keep_the_best_score() -> None:
    state = cut_deal(7, Variant.CLASSIC, cards_left=20)
    state.apply(0, state.legal_actions(0)[-1])  # mid-room, not a room's start
    state.hp = 12
    assert not state.is_over and state.played_in_room > 0
    solver = ScoundrelSolver()
    solution = solver.solve(state)
    assert_sound(state, solution)
    game = state.model_copy(deep=True)
    for action in solution.line:
        assert solver.solve(game).best_score == solution.best_score
        game.apply(0, action)


def test_the_input_is_left_alone_and_the_answer_is_the_same_every_time() -> None:
    state = cut_deal(3, Variant.EASY, cards_left=17)
    before = state.model_dump()
    solver = ScoundrelSolver()
    first = solver.solve(state)
    solver.solve(cut_deal(4, Variant.EASY, cards_left=17))
    assert solver.solve(state) == first == solve(state)
    assert state.model_dump() == before


# ---- against the engine ------------------------------------------------------------------------


@pytest.mark.parametrize("variant", list(Variant))
def test_small_random_decks_match_an_exhaustive_search(variant: Variant) -> None:
    rng = random.Random(variant.value)
    for _ in range(10):
        most = 6 if variant == Variant.EASY else 8
        deck: list[Card] = rng.sample(scoundrel_deck(), rng.randint(5, most))
        state, _ = ScoundrelState.scripted(deck, variant)
        state.hp = rng.randint(2, 20)
        solution = solve(state)
        assert solution.best_score == exhaustive_best(state), spoken(solution.line)
        assert_sound(state, solution)


@pytest.mark.parametrize("variant", list(Variant))
def test_lines_on_random_deals_end_on_the_best_score(variant: Variant) -> None:
    for seed in range(24):
        state = cut_deal(seed, variant, cards_left=12 + seed % 5)
        assert not state.is_over
        assert_sound(state, solve(state))


@pytest.mark.parametrize("variant", list(Variant))
def test_searches_restarted_in_other_orders_still_match_an_exhaustive_search(
    variant: Variant, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a restart after every couple of positions, every question is answered by many
    attempts in shaken orders, each starting from what the last one proved."""
    monkeypatch.setattr(search, "FIRST_VISITS", 2)
    rng = random.Random(f"restarts {variant.value}")
    for _ in range(6):
        deck: list[Card] = rng.sample(scoundrel_deck(), rng.randint(5, 7))
        state, _ = ScoundrelState.scripted(deck, variant)
        state.hp = rng.randint(2, 20)
        solution = solve(state)
        assert solution.best_score == exhaustive_best(state), spoken(solution.line)
        assert_sound(state, solution)


def test_the_least_damage_bound_only_needs_the_best_two_weapons() -> None:
    """Against the plain count: every value's monsters meet the best weapons left (the held
    one only below its ceiling), strongest first, and the rest are fought bare."""

    def plain(counts: list[int], weapons: list[int], weapon: int, ceiling: int) -> int:
        damage = 0
        for value, count in enumerate(counts):
            usable = sorted([*weapons, *([weapon] if weapon and value < ceiling else [])])
            strengths = [*reversed(usable), *[0] * count][:count]
            damage += sum(max(0, value - strength) for strength in strengths)
        return damage

    rng = random.Random("least damage")
    for _ in range(500):
        counts = [0, 0, *(rng.choice([0, 0, 1, 2, 3]) for _ in range(2, 16))]
        weapons = sorted(rng.sample(range(2, 11), rng.randint(0, 4)), reverse=True)
        weapon = rng.choice([0, *range(2, 11)])
        ceiling = rng.randint(3, 16) if weapon else 0
        expected = plain(counts, weapons, weapon, ceiling)
        assert least_damage(counts, tuple(weapons), weapon, ceiling) == expected


@pytest.mark.parametrize("variant", list(Variant))
def test_one_solver_across_weapons_matches_an_exhaustive_search(variant: Variant) -> None:
    """Positions that differ only in the weapon held, its last kill and the room's flags are
    solved by one solver, so each borrows bounds from the others (a better weapon never needs
    more HP); every answer must still be the exhaustive one."""
    rng = random.Random(f"kin {variant.value}")
    for _ in range(4):
        # up to 6 cards: the exhaustive search of an Easy deck of 7 took over a minute
        deck: list[Card] = rng.sample(scoundrel_deck(), rng.randint(5, 6))
        solver = ScoundrelSolver()
        hp = rng.randint(4, 20)
        for weapon, kill in [(None, None), ("2♦", "3♠"), ("5♦", None), ("9♦", "6♣"), ("9♦", None)]:
            state, _ = ScoundrelState.scripted(deck, variant)
            state.hp = hp
            state.weapon = cards(weapon)[0] if weapon else None
            state.slain = cards(kill) if kill else []
            state.ran_last_room = variant == Variant.CLASSIC and kill is None
            solution = solver.solve(state)
            assert solution.best_score == exhaustive_best(state), spoken(solution.line)
            assert_sound(state, solution)


# ---- sweeps ------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", list(Variant))
def test_sweeps_of_any_width_still_match_an_exhaustive_search(
    variant: Variant, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sweep that keeps one or two positions a level often misses a win the search then finds;
    one that finds a win leaves its line in the memo: the answer must not change either way."""
    monkeypatch.setattr(search, "SWEEPS", ((1, True), (1, False), (2, True), (2, False)))
    rng = random.Random(f"sweeps {variant.value}")
    for _ in range(8):
        deck: list[Card] = rng.sample(scoundrel_deck(), rng.randint(5, 7))
        state, _ = ScoundrelState.scripted(deck, variant)
        state.hp = rng.randint(2, 20)
        solution = solve(state)
        assert solution.best_score == exhaustive_best(state), spoken(solution.line)
        assert_sound(state, solution)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    variant=st.sampled_from(list(Variant)),
    cards_left=st.integers(8, 20),
    width=st.sampled_from([1, 3, 8, 32]),
    spread=st.booleans(),
)
def test_a_line_a_sweep_finds_is_a_win(
    seed: int, variant: Variant, cards_left: int, width: int, spread: bool
) -> None:
    """A sweep claims a win only with a line the engine plays to a win, and it claims one only
    where the full search finds one too."""
    state = cut_deal(seed, variant, cards_left)
    if state.is_over:
        return
    finder = Search(Rules(variant))
    node, hp = finder.start(state)
    low, high = finder._memo(1)
    if not finder._sweep(1, node, hp, width, spread, low, high):
        return
    moves, score = finder.line(1, node, hp)
    assert score >= 1
    assert ScoundrelSolver().winnable(state)
    end = replayed(state, _actions(state, moves))
    assert end.outcome == Outcome.WON and end.score == score


def test_a_spread_sweep_follows_each_place_before_more_weapons_at_one() -> None:
    """Several weapons at one place rank above another place by margin: the plain sweep
    follows them all, the spread one follows the best of them and then the other place."""
    state = cut_deal(3, Variant.CLASSIC, 20)
    finder = Search(Rules(Variant.CLASSIC))
    here, hp = finder.start(state)
    deck_id, room = here[0], here[1]
    armed = [finder.rules.node(deck_id, room, w, 15, False, 0, False) for w in (10, 9, 8)]
    elsewhere = next(
        kid.node for kid in finder.rules.kids(here) if kid.node and kid.node[1] != room
    )
    level = {**{node: hp for node in armed}, elsewhere: 1}
    assert len(set(armed)) == 3 and finder._kept(level, 4, False)[-1] == elsewhere

    assert finder._kept(level, 2, False) == armed[:2]
    assert finder._kept(level, 2, True) == [armed[0], elsewhere]
    assert finder._kept(level, 3, True) == [armed[0], elsewhere, armed[1]]


# ---- lines and bounds on random deals ---------------------------------------------------------


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 100_000),
    variant=st.sampled_from(list(Variant)),
    cards_left=st.integers(6, 16),
)
def test_solved_lines_replay_to_exactly_the_best_score(
    seed: int, variant: Variant, cards_left: int
) -> None:
    """On random deals cut down to their last rooms, the line the solver gives is played by
    the engine to exactly the score it claims, and a fresh solver agrees on winnable."""
    state = cut_deal(seed, variant, cards_left)
    if state.is_over:
        return
    assert_sound(state, solve(state))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 100_000),
    variant=st.sampled_from(list(Variant)),
    cards_left=st.integers(6, 18),
)
def test_no_position_on_a_best_line_is_bounded_below_what_the_line_reaches(
    seed: int, variant: Variant, cards_left: int
) -> None:
    """The bound is a promise the search prunes by: at every position a best line passes, its
    HP less the shortfall is at least the score the line ends on (20 at most, a potion's bonus
    aside), so no reachable score is ever cut off."""
    state = cut_deal(seed, variant, cards_left)
    if state.is_over:
        return
    solution = solve(state)
    rules = Rules(variant)
    finder = Search(rules)
    game = state.model_copy(deep=True)
    for action in solution.line:
        node, hp = finder.start(game)
        _, shortfall, _ = rules.bound(node)
        assert hp - shortfall >= min(solution.best_score, MAX_HP)
        game.apply(0, action)
    assert game.score == solution.best_score


def test_without_the_compiled_search_the_python_one_answers_and_the_log_says_so(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from bot.games.scoundrel import compiled, solver

    monkeypatch.setattr(compiled, "Searcher", None)
    monkeypatch.setattr(solver, "_slow_said", False)
    state = scripted("2♠ 3♠ 4♠ 5♦ 9♥", Variant.HARD)
    assert isinstance(solver.fastest_search(Variant.HARD), Search)
    assert solve(state).best_score == 29
    assert sum("runs in Python" in r.getMessage() for r in caplog.records) == 1
