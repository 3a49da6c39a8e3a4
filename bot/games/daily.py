"""The daily deal: one deal for everyone on a UTC day, and one the solver can win where the game
has a solver."""

from __future__ import annotations

import hashlib
from datetime import date

from bot.games.contract import Setup
from bot.games.definition import GameEntry, Hindsight

CANDIDATES = 25
"""Deals tried for a day before settling on the last one: four in five deals can be won, so
the 25th is never reached in practice."""


def daily_seed(day: date, candidate: int = 0) -> int:
    """The same seed everywhere for a day, and no way to guess tomorrow's from today's. The
    first candidate is the day's seed as it always was."""
    suffix = f":{candidate}" if candidate else ""
    digest = hashlib.sha256(f"daily-dungeon:{day.isoformat()}{suffix}".encode()).digest()
    return int.from_bytes(digest[:4], "big") >> 1


def winnable_daily_seed(game: GameEntry, variant: str, day: date) -> int:
    """The day's seed: the first candidate whose deal the game's solver proves winnable (the
    first candidate at once for a game without a solver). Pure and deterministic, so every
    process of the bot picks the same deal."""
    setup = Setup(variant=variant)
    seed = daily_seed(day)
    if not game.info.solver:
        return seed
    for candidate in range(CANDIDATES):
        seed = daily_seed(day, candidate)
        match, _ = game.start(seed, setup)
        if match.can_win(setup):
            break
    return seed


def deal_verdict(game: GameEntry, variant: str, seed: int) -> Hindsight | None:
    """The best score a deal allows, where the game's solver knows it (it may take seconds)."""
    setup = Setup(variant=variant)
    match, _ = game.start(seed, setup)
    return match.hindsight(setup, [])
