"""Masters & Monsters' own prompt: a player plays their enemies' turn."""

from __future__ import annotations

from bot.games.deuces.actions import Autopilot, DeucesAction, EndTurn, Spell, Strike
from bot.games.deuces.modes.masters import flow
from bot.games.deuces.prompt_kinds import Play, PromptKind
from bot.games.deuces.state import DeucesTable, EnemyTurnPrompt


class CommandingEnemies(PromptKind[EnemyTurnPrompt]):
    """Each of the player's enemies one ability and one attack, one enemy after another; or
    the GM's policy plays the rest of the turn (as a timeout does)."""

    prompt = EnemyTurnPrompt
    waits_for = "play their enemies' turn (My hand)"

    def legal(self, state: DeucesTable, seat: int, prompt: EnemyTurnPrompt) -> list[DeucesAction]:
        return flow.legal(state, seat)

    def take(
        self, state: DeucesTable, seat: int, prompt: EnemyTurnPrompt, action: DeucesAction
    ) -> Play:
        match action:
            case Strike():
                flow.check(state, seat, action)
                return lambda: flow.strike(state, seat, action)
            case Spell():
                flow.check(state, seat, action)
                return lambda: flow.spell(state, seat, action)
            case Autopilot():
                return lambda: flow.autopilot(state, seat, action)
            case EndTurn():
                return lambda: flow.end_enemies(state)
            case _:
                self.refuse(prompt, action)

    def timeout(self, state: DeucesTable, seat: int, prompt: EnemyTurnPrompt) -> DeucesAction:
        return Autopilot()


MASTERS_KINDS = (CommandingEnemies(),)
