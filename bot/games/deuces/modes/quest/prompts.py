"""The Traditional Quest's own prompts: the party on the map, and turns that may use quest loot."""

from __future__ import annotations

from bot.games.deuces import turns
from bot.games.deuces.actions import Buy, DeucesAction, Go, UseItem
from bot.games.deuces.modes.quest import moves, policy
from bot.games.deuces.modes.quest.table import route_footer, route_prompt
from bot.games.deuces.prompt_kinds import OpenTurn, Play, PromptKind, Turn
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

    def legal(self, state: DeucesTable, seat: int, prompt: RoutePrompt) -> list[DeucesAction]:
        return moves.legal(state, seat)

    def take(
        self, state: DeucesTable, seat: int, prompt: RoutePrompt, action: DeucesAction
    ) -> Play:
        match action:
            case Go():
                moves.check(state, seat, action)
                return lambda: moves.go(state, seat, action)
            case Buy():
                moves.check(state, seat, action)
                return lambda: moves.buy(state, seat, action)
            case _:
                self.refuse(prompt, action)

    def timeout(self, state: DeucesTable, seat: int, prompt: RoutePrompt) -> DeucesAction:
        return policy.timeout_route(state, seat)

    def suggest(self, state: DeucesTable, seat: int, prompt: RoutePrompt) -> DeucesAction:
        return policy.suggest_route(state, seat)


class QuestTurn(Turn):
    """A turn in a quest's fight: quest loot may be used too, by sacrificing a Joker."""

    def extra_moves(self, state: DeucesTable, seat: int, turn: TurnPrompt) -> list[UseItem]:
        return moves.item_actions(state, seat, turn)

    def take_extra(
        self, state: DeucesTable, seat: int, turn: TurnPrompt, action: DeucesAction
    ) -> Play | None:
        if not isinstance(action, UseItem):
            return None
        moves.check_item(state, seat, action)
        return lambda: (
            moves.use_item(state, seat, turn, action) + turns.after_turn_move(state, seat, turn)
        )

    def suggest(self, state: DeucesTable, seat: int, prompt: TurnPrompt) -> DeucesAction:
        return policy.suggest_item(state, seat) or super().suggest(state, seat, prompt)


class QuestOpenTurn(OpenTurn, QuestTurn):
    """The party's open turn in a quest's fight, with quest loot as in `QuestTurn`."""


QUEST_KINDS = (Routing(), QuestTurn(), QuestOpenTurn())
