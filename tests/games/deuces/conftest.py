"""Fixtures for the Dungeons & Deuces tests."""

import pytest

from bot.games.deuces import gm


@pytest.fixture
def quiet_gm(monkeypatch: pytest.MonkeyPatch) -> None:
    """The GM plays and answers but uses no abilities, so a script tests one rule at a time."""
    monkeypatch.setattr(gm, "pick_ability", lambda state, index: None)
    monkeypatch.setattr(gm, "pick_disrupt", lambda state, index: None)
