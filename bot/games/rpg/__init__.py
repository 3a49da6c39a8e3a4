"""The Role Playing Card Game (Allison James): 2 to 6 players, one deck, last one standing.

The public surface: `GAME` (what the registry lists), `new_game` / `RpgState` (the engine
contract, with `RpgState.scripted` for scripted decks), the actions and their text form, the
events, `bot_action` (the bot player and the hint), and `RPG_RULINGS`.
"""

from bot.games.rpg.actions import Attack, Bid, Buy, Defend, EndTurn, NoBid, RpgAction, parse_action
from bot.games.rpg.engine import RpgState, new_game
from bot.games.rpg.events import RpgEvent
from bot.games.rpg.game import GAME, INFO
from bot.games.rpg.policy import bot_action
from bot.games.rpg.rules import RPG_RULES, RPG_RULINGS
from bot.games.rpg.state import Phase

__all__ = [
    "GAME",
    "INFO",
    "RPG_RULES",
    "RPG_RULINGS",
    "Attack",
    "Bid",
    "Buy",
    "Defend",
    "EndTurn",
    "NoBid",
    "Phase",
    "RpgAction",
    "RpgEvent",
    "RpgState",
    "bot_action",
    "new_game",
    "parse_action",
]
