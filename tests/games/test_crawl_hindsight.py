"""A finished crawl looked back on: the best line, and the first move of the player's line after
which the deal's best score was out of reach, held to the solver asked at every position."""

import random
from itertools import pairwise

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.crawl.actions import ActionKind, DungeonAction, parse_action
from bot.games.crawl.hindsight import by_room, look_back, where
from bot.games.crawl.text import action_label, line_label
from bot.games.definition import Hindsight, LinePart
from bot.games.dragons.engine import DragonsState
from bot.games.dragons.engine import new_game as new_dragons
from bot.games.dragons.solver import DragonsSolver
from bot.games.scoundrel.engine import ScoundrelState, Variant
from bot.games.scoundrel.solver import ScoundrelSolver
from bot.render.insight import best_line_text, hindsight_text
from tests.games.test_scoundrel_solver import cut_deal, replayed, scripted

MOST_MOVES = 60
"""A random player in Easy may run back and forth for long: its line stops there, unfinished."""


def moves(*texts: str) -> list[DungeonAction]:
    return [parse_action(text) for text in texts]


def random_line(state: ScoundrelState | DragonsState, rng: random.Random) -> list[DungeonAction]:
    game = state.model_copy(deep=True)
    line: list[DungeonAction] = []
    while not game.is_over and len(line) < MOST_MOVES:
        action = rng.choice(game.legal_actions(0))
        game.apply(0, action)
        line.append(action)
    return line


def truth(solver, state, line: list[DungeonAction]) -> list[int]:
    """The best score from every position of the line, the deal's first: each solved."""
    return [solver.solve(replayed(state, tuple(line[:k]))).best_score for k in range(len(line) + 1)]


def assert_the_fall_is_where_the_solver_says(
    verdict: Hindsight, state, line: list[DungeonAction], solver, proved_only: bool = False
) -> None:
    """The reported move is the first after which the best from the position fell below the
    deal's; before it every position kept the deal's best. With `proved_only` (the walk had a
    budget) it may also be left unsaid, never said wrongly."""
    bests = truth(solver, state, line)
    assert all(after <= before for before, after in pairwise(bests))
    assert verdict.best_score == bests[0] and verdict.best_exact
    fell = next((k for k in range(len(line)) if bests[k + 1] < bests[0]), None)
    if proved_only and verdict.dropped_move is None:
        if verdict.kept_past is not None:  # what the walk proved before it ran out is true
            positions = [replayed(state, tuple(line[:k])) for k in range(len(line))]
            told = [
                k for k in range(len(line)) if where(positions[k], line[k]) == verdict.kept_past
            ]
            assert any(bests[k + 1] == bests[0] for k in told), verdict.kept_past
        return
    assert verdict.dropped_move == fell
    if fell is None:
        assert verdict.dropped_at is None and verdict.kept_by is None
        return
    before = replayed(state, tuple(line[:fell]))
    assert verdict.dropped_at == where(before, line[fell])
    assert (verdict.best_before, verdict.best_after) == (bests[0], bests[fell + 1])
    keeping = {
        action_label(other)
        for other in before.legal_actions(0)
        if solver.solve(replayed(before, (other,))).best_score == bests[0]
    }
    assert verdict.kept_by in keeping


# ---- scripted decks -----------------------------------------------------------------------------


DECK = "2♠ 3♠ 4♠ 5♦ 9♥ 6♠"
"""Hard: equip the 5♦, fight the 2♠ and 3♠ barehanded, then the 6♠ and 4♠ with the weapon,
and drink the 9♥ last, at full health: 29. Striking the 2♠ with the weapon first leaves the
3♠, 4♠ and 6♠ to fight barehanded: a win on 16 at best."""
SPENT = ("equip 5♦", "weapon 2♠", "bare 3♠", "bare 4♠", "drink 9♥", "bare 6♠")


def test_a_weapon_spent_on_the_smallest_monster_is_where_the_best_was_lost() -> None:
    state = scripted(DECK, Variant.HARD)
    verdict = look_back(ScoundrelSolver(), ScoundrelSolver(), state, moves(*SPENT))
    assert verdict is not None and verdict.winnable and verdict.lost_at is None
    assert (verdict.best_score, verdict.best_exact) == (29, True)
    assert verdict.dropped_at == "Room 1: Fight 2♠ (weapon)" and verdict.dropped_move == 1
    assert (verdict.best_before, verdict.best_after) == (29, 16)
    assert verdict.kept_by in {"Fight 2♠ barehanded", "Fight 3♠ barehanded"}
    first, second = verdict.best_line
    assert first.where == "Room 1" and second.where == "Room 2"
    assert sorted(first.moves) == ["equip 5♦", "fight 2♠ barehanded", "fight 3♠ barehanded"]
    assert second.moves == ("fight 6♠", "fight 4♠", "drink 9♥")
    assert hindsight_text(verdict, won=True, score=14) == (
        "You won this deal with **14**. The best score it allowed was **29**.\n"
        "Your line fell short of the best at **Room 1: Fight 2♠ (weapon)**: before it the best"
        f" within reach was 29, after it 16. **{verdict.kept_by}** there would have kept 29."
    )
    assert best_line_text(verdict) == (
        "**A line that scores 29**, room by room:\n"
        f"Room 1: {', '.join(first.moves)}\n"
        "Room 2: fight 6♠, fight 4♠, drink 9♥"
    )


def test_the_best_line_itself_keeps_the_best_to_the_end() -> None:
    state = scripted(DECK, Variant.HARD)
    line = moves("equip 5♦", "bare 2♠", "bare 3♠", "weapon 6♠", "weapon 4♠", "drink 9♥")
    verdict = look_back(ScoundrelSolver(), ScoundrelSolver(), state, line)
    assert verdict is not None and verdict.dropped_at is None and verdict.best_score == 29
    assert hindsight_text(verdict, won=True, score=29) == (
        "You won this deal with **29**, the best score it allowed."
    )


def test_rooms_run_from_in_a_row_are_one_part_of_the_line() -> None:
    state = scripted("2♠ 3♠ 4♠ 5♦ 9♥ 6♠ 7♠ 8♠ 2♥", Variant.EASY)
    line = moves("run", "run", "run")
    for _ in range(2):
        here = replayed(state, tuple(line))
        line.append(next(a for a in here.legal_actions(0) if a.kind != ActionKind.RUN))
    assert by_room(state, line) == (
        LinePart("Rooms 1–3", ("run from each",)),
        LinePart("Room 4", (line_label(line[3]), line_label(line[4]))),
    )
    assert by_room(state, line[:1]) == (LinePart("Room 1", ("run",)),)


def test_a_walk_out_of_budget_claims_no_fall() -> None:
    state = scripted(DECK, Variant.HARD)
    verdict = look_back(ScoundrelSolver(), ScoundrelSolver(budget=1), state, moves(*SPENT))
    assert verdict is not None and verdict.best_score == 29 and verdict.best_exact
    assert verdict.dropped_at is None and verdict.best_after is None
    assert verdict.kept_past in {None, "Room 1: Equip 5♦"}, "the best line's first move, if any"
    unknown = "I could not tell within my search which move fell short of the best."
    after_it = (
        f"Your line still had the best within reach after **{verdict.kept_past}**; my search"
        " ran out before it could tell which later move lost it."
    )
    said = hindsight_text(verdict, won=True, score=14).split("\n")[1]
    assert said == (unknown if verdict.kept_past is None else after_it)


# ---- random play-outs ---------------------------------------------------------------------------


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 100_000),
    variant=st.sampled_from(list(Variant)),
    cards_left=st.integers(6, 14),
    player=st.randoms(use_true_random=False),
)
def test_the_fall_is_the_first_move_where_the_best_from_before_and_after_differ(
    seed: int, variant: Variant, cards_left: int, player: random.Random
) -> None:
    """On deals cut down to their last rooms, played out at random: the best never rises along
    the line, and the reported move is the first where it fell; the lost win is the first move
    after which no line wins."""
    state = cut_deal(seed, variant, cards_left)
    if state.is_over:
        return
    line = random_line(state, player)
    verdict = look_back(ScoundrelSolver(), ScoundrelSolver(), state, line)
    assert verdict is not None
    solver = ScoundrelSolver()
    assert_the_fall_is_where_the_solver_says(verdict, state, line, solver)
    positions = [replayed(state, tuple(line[:k])) for k in range(len(line) + 1)]
    wins = [solver.winnable(position) for position in positions]
    lost = next((k for k in range(len(line)) if wins[0] and not wins[k + 1]), None)
    assert verdict.lost_move == lost
    if lost is not None and verdict.dropped_move is not None:
        assert verdict.dropped_move <= lost, "a win's score is the best, and it went with it"


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 100_000),
    variant=st.sampled_from(list(Variant)),
    cards_left=st.integers(10, 20),
    player=st.randoms(use_true_random=False),
    budget=st.integers(1, 1_000),
)
def test_a_walk_short_of_budget_says_the_true_fall_or_none(
    seed: int, variant: Variant, cards_left: int, player: random.Random, budget: int
) -> None:
    """A walk that runs out of budget names no move it did not prove; what it says it proved
    (the best still within reach after some move) is true. The player follows a best line for
    a while, then plays at random, so that the fall comes late and its search runs long."""
    state = cut_deal(seed, variant, cards_left)
    if state.is_over:
        return
    best = ScoundrelSolver().solve(state).line
    line = list(best[: player.randint(0, len(best))])
    line += random_line(replayed(state, tuple(line)), player)
    verdict = look_back(ScoundrelSolver(), ScoundrelSolver(budget), state, line)
    assert verdict is not None
    assert_the_fall_is_where_the_solver_says(
        verdict, state, line, ScoundrelSolver(), proved_only=True
    )


@pytest.mark.parametrize("player", [1, 3, 5])
def test_a_dragons_deal_played_at_random_falls_where_its_solver_says(player: int) -> None:
    """Deal 3 played out by a random player (a few of them, chosen among those whose lost
    positions the loss search settles in a second: a random party dies in a dozen moves, and
    the best loss from there can take a minute to prove)."""
    state, _ = new_dragons(3, players=1)
    line = random_line(state, random.Random(player))
    verdict = look_back(DragonsSolver(), DragonsSolver(), state, line)
    assert verdict is not None
    assert_the_fall_is_where_the_solver_says(verdict, state, line, DragonsSolver())
    told = [move for part in verdict.best_line for move in part.moves]
    assert len(told) == len(DragonsSolver().solve(state).line), "no two runs in a row here"


# ---- in words -----------------------------------------------------------------------------------


def test_a_lost_win_tells_an_earlier_fall_first_and_the_lost_win_after() -> None:
    verdict = Hindsight(
        winnable=True,
        best_score=30,
        lost_at="Room 9: Drink 4♥",
        instead="Run",
        lost_move=20,
        dropped_at="Room 8: Fight 🃏",
        dropped_move=17,
        best_before=30,
        best_after=24,
        kept_by="Drink 5♥",
    )
    assert hindsight_text(verdict, won=False, score=-40) == (
        "This deal could have been won: the best score it allowed was **30**.\n"
        "Your line first fell short of the best at **Room 8: Fight 🃏**: before it the best within"
        " reach was 30, after it 24. **Drink 5♥** there would have kept 30.\n"
        "Later it lost the win at **Room 9: Drink 4♥**. **Run** there would have kept it."
    )
    same_move = Hindsight(
        winnable=True,
        best_score=30,
        lost_at="Room 9: Drink 4♥",
        instead="Run",
        lost_move=20,
        dropped_at="Room 9: Drink 4♥",
        dropped_move=20,
        best_before=30,
        best_after=-2,
        kept_by="Run",
    )
    assert hindsight_text(same_move, won=False, score=-40) == (
        "This deal could have been won: the best score it allowed was **30**.\n"
        "Your line lost the win at **Room 9: Drink 4♥**. **Run** there would have kept it."
    )


def test_a_deal_no_line_wins_tells_where_the_best_loss_went() -> None:
    verdict = Hindsight(
        winnable=False,
        best_score=-3,
        dropped_at="Room 2: Run",
        dropped_move=3,
        best_before=-3,
        best_after=-9,
        kept_by="Drink 8♥",
    )
    assert hindsight_text(verdict, won=False, score=-12) == (
        "No line wins this deal, even knowing every card: the best score it allowed was **-3**,"
        " and you scored **-12**.\nYour line fell short of the best at **Room 2: Run**: before it"
        " the best within reach was -3, after it -9. **Drink 8♥** there would have kept -3."
    )


def test_a_best_only_known_as_a_floor_claims_no_fall_and_says_so_on_the_line() -> None:
    verdict = Hindsight(
        winnable=True, best_score=28, best_exact=False, best_line=(LinePart("Room 1", ("run",)),)
    )
    assert hindsight_text(verdict, won=True, score=11) == (
        "You won this deal with **11**. The best score it allowed was at least **28** (I stopped"
        " looking for more)."
    )
    assert best_line_text(verdict) == (
        "**The best line I found scores 28**, room by room:\nRoom 1: run"
    )


def test_a_line_of_many_rooms_fits_one_message_and_says_what_it_left_out() -> None:
    rooms = tuple(
        LinePart(f"Room {n}", ("equip 10♦", "fight 10♠ barehanded", "drink 10♥"))
        for n in range(1, 80)
    )
    text = best_line_text(Hindsight(winnable=True, best_score=30, best_line=rooms))
    assert text is not None and len(text) <= 2000
    rows = text.split("\n")
    assert rows[1] == "Room 1: equip 10♦, fight 10♠ barehanded, drink 10♥"
    shown = len(rows) - 2
    assert rows[-1] == f"… ({79 - shown} lines left out)"


def test_single_move_rooms_share_a_row_with_the_room_after_them() -> None:
    rooms = (
        LinePart("Room 1", ("run",)),
        LinePart("Room 2", ("equip 8♦", "fight 7♣", "drink 3♥")),
        LinePart("Room 3", ("run",)),
    )
    text = best_line_text(Hindsight(winnable=True, best_score=30, best_line=rooms))
    assert text == (
        "**A line that scores 30**, room by room:\n"
        "Room 1: run · Room 2: equip 8♦, fight 7♣, drink 3♥\n"
        "Room 3: run"
    )
