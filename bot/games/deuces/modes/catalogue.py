"""Every mode of Dungeons & Deuces, imported so each registers itself (see `registry`)."""

from bot.games.deuces.modes.duel.mode import DuelOfTheDuos
from bot.games.deuces.modes.loot.mode import QuestForLoot
from bot.games.deuces.modes.masters.mode import MastersAndMonsters
from bot.games.deuces.modes.party import HardcoreQuestForPower, QuestForPower, SingleEncounter
from bot.games.deuces.modes.quest.mode import TraditionalQuest
from bot.games.deuces.modes.tutorial.mode import Tutorial

__all__ = [
    "DuelOfTheDuos",
    "HardcoreQuestForPower",
    "MastersAndMonsters",
    "QuestForLoot",
    "QuestForPower",
    "SingleEncounter",
    "TraditionalQuest",
    "Tutorial",
]
