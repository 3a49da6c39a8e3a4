"""Hints and solved deals as every game that declares them gives them, and the daily deal."""

import asyncio
import os
from datetime import date

import pytest

from bot.games.contract import Setup
from bot.games.daily import daily_seed, winnable_daily_seed
from bot.games.registry import GAMES
from cogs.thinking import BACKGROUND_NICENESS, Thinker, advise

HINTED = [key for key, game in GAMES.items() if game.info.hints]
SOLVED = [key for key, game in GAMES.items() if game.info.solver]


def solo(key: str) -> Setup:
    return Setup(variant=GAMES[key].info.default_variant)


def test_the_crawls_declare_hints_and_a_solver() -> None:
    assert {"scoundrel", "dragons"} <= set(HINTED) and {"scoundrel", "dragons"} <= set(SOLVED)


@pytest.mark.parametrize("key", HINTED)
def test_a_declared_hint_is_a_legal_move_with_a_reason(key: str) -> None:
    for seed in range(5):
        match, _ = GAMES[key].start(seed, solo(key))
        for _ in range(6):
            hint = match.advise(0)
            assert hint is not None and hint.reason
            assert hint.action in match.legal(0)
            match.play(0, hint.action)
            if match.is_over:
                break


@pytest.mark.parametrize("key", SOLVED)
def test_hindsight_of_a_line_played_by_the_hints(key: str) -> None:
    """A solved deal's best is at least what any line scored; a lost win names its move."""
    match, _ = GAMES[key].start(7, solo(key))
    played = []
    while not match.is_over:
        hint = match.advise(0)
        assert hint is not None
        played.append(hint.action)
        match.play(0, hint.action)
    verdict = match.hindsight(solo(key), played)
    assert verdict is not None
    [result] = match.results()
    assert verdict.best_score >= result.score
    assert verdict.winnable == (verdict.best_score > 0)
    if result.outcome == "won" or not verdict.winnable:
        assert verdict.lost_at is None
    else:
        assert verdict.lost_at is not None and verdict.lost_at.startswith("Room ")
        assert verdict.instead


def test_the_daily_deal_is_the_first_winnable_candidate() -> None:
    scoundrel = GAMES["scoundrel"]
    setup = Setup(variant="classic")
    for day in (date(2026, 11, 23), date(2026, 11, 24), date(2026, 11, 25)):
        seed = winnable_daily_seed(scoundrel, "classic", day)
        assert seed == winnable_daily_seed(scoundrel, "classic", day), "every process agrees"
        candidates = [daily_seed(day, k) for k in range(25)]
        chosen = candidates.index(seed)
        for candidate in candidates[: chosen + 1]:
            match, _ = scoundrel.start(candidate, setup)
            assert match.can_win(setup) == (candidate == seed)


def test_a_game_without_a_solver_keeps_the_days_first_seed() -> None:
    deuces = GAMES["deuces"]
    assert not deuces.info.solver
    day = date(2026, 11, 23)
    assert winnable_daily_seed(deuces, deuces.info.default_variant, day) == daily_seed(day)


async def test_thinking_runs_in_a_worker_process_and_comes_back() -> None:
    """What the Discord layer sends to its worker travels there and back (spawned, pickled)."""
    thinker = Thinker(processes=1)
    try:
        match, _ = GAMES["scoundrel"].start(3, solo("scoundrel"))
        hint = await asyncio.wait_for(thinker.run(advise, "scoundrel", match.dump(), 0), timeout=60)
        assert hint is not None and hint == match.advise(0)
        day = date(2026, 1, 1)
        seeds = await asyncio.gather(*[thinker.daily_seed("scoundrel", "classic", day)] * 3)
        assert len(set(seeds)) == 1, "worked out once, answered to all"
    finally:
        thinker.close()


async def test_a_worker_process_runs_below_the_bots_priority() -> None:
    """A search of several seconds must not take turns with the event loop's clicks."""
    thinker = Thinker(processes=1)
    try:
        worker = await asyncio.wait_for(thinker.solve(os.nice, 0), timeout=60)
        assert worker == min(os.nice(0) + BACKGROUND_NICENESS, 19)
    finally:
        thinker.close()


def test_a_hint_reads_once_whether_or_not_its_reason_names_the_move() -> None:
    from bot.games.definition import Hint
    from bot.render.insight import hint_text

    run = Hint(action="run", label="Run", reason="Run: this room would cost 21 HP")
    assert hint_text(run) == "💡 **Run**: this room would cost 21 HP"
    drink = Hint(action="drink.7H", label="Drink 7♥", reason="Drink the 7♥ first: you need it")
    assert hint_text(drink) == "💡 **Drink the 7♥ first**: you need it"
    other = Hint(action="face", label="Face the room", reason="Every card here helps you")
    assert hint_text(other) == "💡 **Face the room**: Every card here helps you"
