"""Masters & Monsters' own prompt: a player plays their enemies' turn."""

from __future__ import annotations

from typing import Any

from bot.games.deuces.actions import Autopilot, DeucesAction, EndTurn, Spell, Strike
from bot.games.deuces.events import DeucesEvent
from bot.games.deuces.modes.masters import flow
from bot.games.deuces.prompt_kinds import PromptKind
from bot.games.deuces.state import DeucesTable, EnemyTurnPrompt


class CommandingEnemies(PromptKind[EnemyTurnPrompt]):
    """Each of the player's enemies one ability and one attack, one enemy after another; or
    the GM's policy plays the rest of the turn (as a timeout does)."""

    prompt = EnemyTurnPrompt
    waits_for = "play their enemies' turn (My hand)"

    def legal(self, state: DeucesTable, seat: int, prompt: Any) -> list[DeucesAction]:
        return flow.legal(state, seat)

    def check(self, state: DeucesTable, seat: int, prompt: Any, action: DeucesAction) -> None:
        match action:
            case Strike() | Spell():
                flow.check(state, seat, action)
            case Autopilot() | EndTurn():
                pass
            case _:
                self.refuse(prompt, action)

    def apply(self, state: DeucesTable, seat: int, action: DeucesAction) -> list[DeucesEvent]:
        match action:
            case Strike():
                return flow.strike(state, seat, action)
            case Spell():
                return flow.spell(state, seat, action)
            case Autopilot():
                return flow.autopilot(state, seat, action)
            case _:
                return flow.end_enemies(state)

    def timeout(self, state: DeucesTable, seat: int, prompt: Any) -> DeucesAction:
        return Autopilot()


MASTERS_KINDS = (CommandingEnemies(),)
