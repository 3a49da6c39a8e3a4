"""A move's preview ("−4 HP", "wasted...", "weapon breaks") always says what the move then does,
over random games of both dungeon crawls."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.contract import Setup
from bot.games.crawl.actions import DungeonState
from bot.games.crawl.events import MonsterFought, PotionDrunk
from bot.games.registry import GAMES


def told_by(events: list) -> str | None:
    """The preview a move's first event bears out."""
    first = events[0]
    if isinstance(first, PotionDrunk):
        if first.wasted:
            return "wasted"
        return f"+{first.healed} HP" if first.healed else "no healing: health is full"
    if isinstance(first, MonsterFought):
        loss = "no damage" if first.damage == 0 else f"−{first.damage} HP"
        if first.hp <= 0:
            loss += " (deadly)"
        return f"{loss}, weapon breaks" if getattr(first, "weapon_broke", False) else loss
    return None


@pytest.mark.parametrize("key", ["scoundrel", "dragons"])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1))
def test_a_preview_says_what_the_move_does(key: str, seed: int) -> None:
    match, _ = GAMES[key].start(seed, Setup(variant=GAMES[key].info.default_variant))
    state = match.state
    assert isinstance(state, DungeonState)
    chooser = random.Random(seed)
    while not state.is_over:
        seat = state.acting()[0]
        action = chooser.choice(state.legal_actions(seat))
        preview = state.preview(action)
        events = list(state.apply(seat, action))
        expected = told_by(events)
        if expected == "wasted":
            assert preview is not None and preview.startswith("wasted")
        else:
            assert preview == expected, (str(action), events[0])
