"""Quest for Loot as a mode: chips wagered every encounter, a result per player."""

from __future__ import annotations

from bot.games.contract import SeatResult
from bot.games.deuces.events import DeucesEvent
from bot.games.deuces.facts import TableFacts
from bot.games.deuces.modes.base import DeucesMode
from bot.games.deuces.modes.loot import flow, wagers
from bot.games.deuces.modes.loot.prompts import LOOT_KINDS
from bot.games.deuces.modes.loot.rules import LOOT_PAGE
from bot.games.deuces.prompt_kinds import CORE_KINDS
from bot.games.deuces.state import DeucesTable, Mode, Phase
from bot.games.deuces.table import party_title
from bot.games.deuces.voice import Voicing


class QuestForLoot(DeucesMode):
    """Each player wagers chips against the GM's stack; the table plays on until the players
    stop it, someone breaks, or the encounter limit."""

    keys = (Mode.LOOT,)
    rules_page = LOOT_PAGE
    steps = flow.STEPS
    kinds = (*CORE_KINDS, *LOOT_KINDS)
    plays_for_chips = True
    voicing = Voicing(end_told_by_table=True)

    def table_title(self, state: DeucesTable, facts: TableFacts) -> str:
        return party_title(facts, " · Quest for Loot")

    def settle(self, state: DeucesTable) -> list[DeucesEvent]:
        return wagers.settle(state)

    def game_end(self, state: DeucesTable) -> list[DeucesEvent] | None:
        reason = wagers.closing(state)
        return None if reason is None else wagers.close_table(state, reason)

    def after_loot(self) -> Phase:
        return Phase.ONWARD

    def results(self, state: DeucesTable) -> list[SeatResult]:
        """Each player has their own result, scored by the chips they end with."""
        if state.outcome is None:
            return []
        return self._chips(state, None)

    def forfeits(self, state: DeucesTable, forfeiters: set[int], outcome: str) -> list[SeatResult]:
        """Each player's chips as they stand."""
        return self._chips(state, outcome)

    @staticmethod
    def _chips(state: DeucesTable, outcome: str | None) -> list[SeatResult]:
        return [
            SeatResult(
                seat=who.seat,
                outcome=outcome or wagers.seat_outcome(state, who.seat),
                score=who.chips,
            )
            for who in state.players
        ]
