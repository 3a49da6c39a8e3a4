"""The party against the GM: one encounter, or the Quest for Power's run of them to level 6."""

from __future__ import annotations

from typing import ClassVar

from bot.games.contract import Outcome, SeatResult
from bot.games.deuces import flow
from bot.games.deuces.events import DeucesEvent
from bot.games.deuces.modes.base import DeucesMode
from bot.games.deuces.modes.party_rules import ENCOUNTER_PAGE, POWER_PAGE
from bot.games.deuces.state import MAX_LEVEL, DeucesTable, Mode


def falls(state: DeucesTable) -> int:
    """The encounters the party has lost so far (the one in play is neither won nor lost)."""
    in_play = 1 if state.encounter and state.won is None else 0
    return state.encounter - state.encounters_won - in_play


class RankedByLevel(DeucesMode):
    """A party ranked by the highest level it reached, then by its fewest falls (encounters
    lost), then by who got there first; every player of the party is credited."""

    def results(self, state: DeucesTable) -> list[SeatResult]:
        if state.outcome is None:
            return []
        return self._reached(state, state.outcome.value, falls(state))

    def forfeits(self, state: DeucesTable, forfeiters: set[int], outcome: str) -> list[SeatResult]:
        """The level as it stands, and giving up counts as one more fall: an abandoned table
        never ranks above one played to its end."""
        return self._reached(state, outcome, falls(state) + 1)

    @staticmethod
    def _reached(state: DeucesTable, outcome: str, fell: int) -> list[SeatResult]:
        return [
            SeatResult(seat=who.seat, outcome=outcome, score=state.level, tiebreak=fell)
            for who in state.players
        ]


class SingleEncounter(RankedByLevel):
    """One encounter: its end is the game's."""

    keys = (Mode.ENCOUNTER,)
    rules_page = ENCOUNTER_PAGE
    steps = flow.STEPS
    caps_level = False
    loot_ahead = False


class QuestForPower(RankedByLevel):
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
