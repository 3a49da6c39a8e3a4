"""Diamonds & Dragons: Scoundrel's cousin, for one player or a duel of two."""

from bot.games.dragons.engine import (
    HEROES,
    MAX_HP,
    DragonsOptions,
    DragonsState,
    HeroRevived,
    PlaysOnAlone,
    RunOrFace,
    dragons_dungeon,
    new_game,
)
from bot.games.dragons.game import GAME
from bot.games.dragons.rules import DRAGONS_RULINGS

__all__ = [
    "DRAGONS_RULINGS",
    "GAME",
    "HEROES",
    "MAX_HP",
    "DragonsOptions",
    "DragonsState",
    "HeroRevived",
    "PlaysOnAlone",
    "RunOrFace",
    "dragons_dungeon",
    "new_game",
]
