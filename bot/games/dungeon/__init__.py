"""Dungeon of Cards: a duel of two Jokers in a dungeon of cards that grows and crumbles."""

from bot.games.dungeon.actions import Kind, Move, parse_action
from bot.games.dungeon.engine import DungeonState, Phase, new_game
from bot.games.dungeon.game import GAME, INFO
from bot.games.dungeon.policy import choose
from bot.games.dungeon.rules import DUNGEON_RULES, HOUSE_RULINGS, RULINGS

__all__ = [
    "DUNGEON_RULES",
    "GAME",
    "HOUSE_RULINGS",
    "INFO",
    "RULINGS",
    "DungeonState",
    "Kind",
    "Move",
    "Phase",
    "choose",
    "new_game",
    "parse_action",
]
