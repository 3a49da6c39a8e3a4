"""The Traditional Quest's own prompts: the party on the map, and turns that may use quest loot."""

from __future__ import annotations

from typing import Any

from bot.games.deuces import turns
from bot.games.deuces.actions import Buy, DeucesAction, Go, UseItem
from bot.games.deuces.events import DeucesEvent
from bot.games.deuces.modes.quest import moves, policy
from bot.games.deuces.modes.quest.table import route_footer, route_prompt
from bot.games.deuces.prompt_kinds import OpenTurn, PromptKind, Turn
from bot.games.deuces.state import DeucesTable, RoutePrompt, TurnPrompt


class Routing(PromptKind[RoutePrompt]):
    """Between encounters the party chooses where to go (the first of them to choose moves
    everyone) and may shop in the room it stands in."""

    prompt = RoutePrompt
    waits_for = "choose where the party goes, or shop"

    def waiting_words(self, state: DeucesTable) -> str:
        return route_prompt(state)

    def hand_footer(self, state: DeucesTable) -> str | None:
        return route_footer(state)

    def legal(self, state: DeucesTable, seat: int, prompt: Any) -> list[DeucesAction]:
        return moves.legal(state, seat)

    def check(self, state: DeucesTable, seat: int, prompt: Any, action: DeucesAction) -> None:
        if not isinstance(action, Go | Buy):
            self.refuse(prompt, action)
        moves.check(state, seat, action)

    def apply(self, state: DeucesTable, seat: int, action: DeucesAction) -> list[DeucesEvent]:
        if isinstance(action, Go):
            return moves.go(state, seat, action)
        assert isinstance(action, Buy)
        return moves.buy(state, seat, action)

    def timeout(self, state: DeucesTable, seat: int, prompt: Any) -> DeucesAction:
        return policy.timeout_route(state, seat)

    def suggest(self, state: DeucesTable, seat: int, prompt: Any) -> DeucesAction:
        return policy.suggest_route(state, seat)


class QuestTurn(Turn):
    """A turn in a quest's fight: quest loot may be used too, by sacrificing a Joker."""

    def extra_moves(self, state: DeucesTable, seat: int, turn: TurnPrompt) -> list[DeucesAction]:
        return moves.item_actions(state, seat, turn)

    def check_extra(self, state: DeucesTable, seat: int, prompt: Any, action: DeucesAction) -> None:
        if not isinstance(action, UseItem):
            self.refuse(prompt, action)
        moves.check_item(state, seat, action)

    def apply_extra(self, state: DeucesTable, seat: int, action: DeucesAction) -> list[DeucesEvent]:
        assert isinstance(action, UseItem)
        return moves.use_item(state, seat, action) + turns.after_turn_move(state, seat)

    def suggest(self, state: DeucesTable, seat: int, prompt: Any) -> DeucesAction:
        return policy.suggest_item(state, seat) or super().suggest(state, seat, prompt)


class QuestOpenTurn(OpenTurn, QuestTurn):
    """The party's open turn in a quest's fight, with quest loot as in `QuestTurn`."""


QUEST_KINDS = (Routing(), QuestTurn(), QuestOpenTurn())
