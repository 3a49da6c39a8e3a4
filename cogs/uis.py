"""Every game's Discord face, by game key."""

from __future__ import annotations

from typing import Any

from cogs.deuces_ui import DeucesUI
from cogs.game_ui import DragonsUI, GameUI, ScoundrelUI

GAME_UIS: dict[str, GameUI] = {
    "scoundrel": ScoundrelUI(),
    "dragons": DragonsUI(),
    "deuces": DeucesUI(),
}


def narrate_any(game: str, seed: int, state: Any, events: list, names: list[str]) -> list[str]:
    """Lines for the events that opened a game."""
    return GAME_UIS[game].narrate(seed, state, events, names)
