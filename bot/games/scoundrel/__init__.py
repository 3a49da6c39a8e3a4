"""Scoundrel: a solo dungeon crawl through a 44-card deck."""

from bot.games.scoundrel.engine import (
    MAX_HP,
    RUN_RULES,
    ScoundrelOptions,
    ScoundrelState,
    Variant,
    new_game,
    scoundrel_deck,
)
from bot.games.scoundrel.game import GAME

__all__ = [
    "GAME",
    "MAX_HP",
    "RUN_RULES",
    "ScoundrelOptions",
    "ScoundrelState",
    "Variant",
    "new_game",
    "scoundrel_deck",
]
