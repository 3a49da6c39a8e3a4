"""Every mode object by the mode value a table stores.

Kept apart, with no imports of its own, because the state asks it for its mode while every
mode's module imports the state: the modes fill it as they are defined (`catalogue` imports
them all, and the game's package imports `catalogue`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.games.deuces.modes.base import DeucesMode

BY_KEY: dict[str, DeucesMode] = {}


def mode_of(key: str) -> DeucesMode:
    """The mode object for a stored mode value."""
    return BY_KEY[key]


def registered() -> list[DeucesMode]:
    """Every mode, once each, in the order they were defined."""
    return list(dict.fromkeys(BY_KEY.values()))
