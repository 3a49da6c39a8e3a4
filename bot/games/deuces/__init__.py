"""Dungeons & Deuces: a poker-fought dungeon encounter game, with the bot as the GM.

The public surface: `GAME` (what the registry lists), `new_game` / `DeucesState` (the engine
contract), the actions and their text form, the events, `DeucesOptions`, the facts a front end
shows, `default_action` for timeouts, `suggest` for hints, the content loader, and
`DEUCES_RULINGS` and `LOOT_RULINGS`.
"""

from bot.games.deuces.actions import (
    Attack,
    Bid,
    Buy,
    Call,
    Defend,
    DeucesAction,
    DropLoot,
    EndTurn,
    Go,
    Guard,
    LootDone,
    Onward,
    Raise,
    TradeUp,
    UseAbility,
    UseItem,
    Vote,
    parse_action,
)
from bot.games.deuces.autoplay import auto_defence, default_action, suggest
from bot.games.deuces.content import load_content
from bot.games.deuces.engine import DeucesState, new_game
from bot.games.deuces.events import DeucesEvent
from bot.games.deuces.facts import hand_view, table_view
from bot.games.deuces.game import GAME
from bot.games.deuces.modes import catalogue as catalogue  # every mode registers itself
from bot.games.deuces.modes.loot.rules import LOOT_RULINGS
from bot.games.deuces.rules import DEUCES_RULINGS
from bot.games.deuces.state import DeucesOptions, Mode, SeatChoice

__all__ = [
    "DEUCES_RULINGS",
    "GAME",
    "LOOT_RULINGS",
    "Attack",
    "Bid",
    "Buy",
    "Call",
    "Defend",
    "DeucesAction",
    "DeucesEvent",
    "DeucesOptions",
    "DeucesState",
    "DropLoot",
    "EndTurn",
    "Go",
    "Guard",
    "LootDone",
    "Mode",
    "Onward",
    "Raise",
    "SeatChoice",
    "TradeUp",
    "UseAbility",
    "UseItem",
    "Vote",
    "auto_defence",
    "default_action",
    "hand_view",
    "load_content",
    "new_game",
    "parse_action",
    "suggest",
    "table_view",
]
