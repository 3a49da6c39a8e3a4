"""The party against the GM: one encounter, or the Quest for Power's run of them to level 6."""

from __future__ import annotations

from typing import ClassVar

from bot.games.contract import Outcome
from bot.games.deuces import flow
from bot.games.deuces.events import DeucesEvent
from bot.games.deuces.modes.base import DeucesMode
from bot.games.deuces.modes.party_rules import ENCOUNTER_PAGE, POWER_PAGE
from bot.games.deuces.state import MAX_LEVEL, DeucesTable, Mode


class SingleEncounter(DeucesMode):
    """One encounter: its end is the game's."""

    keys = (Mode.ENCOUNTER,)
    rules_page = ENCOUNTER_PAGE
    steps = flow.STEPS
    caps_level = False
    loot_ahead = False


class QuestForPower(DeucesMode):
    """Encounter after encounter until the party passes level 5 (won) or the encounter limit
    (lost); a lost encounter is only a setback."""

    keys = (Mode.QUEST_BEGINNER,)
    rules_page = POWER_PAGE
    steps = flow.STEPS
    caps_level = False
    loses_on_a_lost_encounter: ClassVar[bool] = False

    def game_end(self, state: DeucesTable) -> list[DeucesEvent] | None:
        if state.level > MAX_LEVEL:
            return flow.game_over(state, Outcome.WON)
        lost_one = not state.won and self.loses_on_a_lost_encounter
        if lost_one or state.encounter >= state.options.max_encounters:
            return flow.game_over(state, Outcome.LOST)
        return None


class HardcoreQuestForPower(QuestForPower):
    """The Quest for Power where one lost encounter ends the quest."""

    keys = (Mode.QUEST_HARDCORE,)
    loses_on_a_lost_encounter = True
