"""What each game looks like in Discord: its buttons and how a click maps back to an action.

Each game supplies one GameUI; the table service in cogs/table.py does the rest (loading,
checking, committing, answering) the same way for every game.
"""

from __future__ import annotations

from typing import Any, Protocol

from pydantic import BaseModel

from bot.games.cards import Card
from bot.games.dragons import PLAY_KINDS, DragonsState
from bot.games.dungeon import ActionKind, DungeonAction, Role, role_of
from bot.games.scoundrel import ScoundrelState
from bot.narration.dealer import Dealer
from bot.render.dungeon import GameView, action_label, dragons_view, scoundrel_view
from storage import GameRecord, ResultRow


class ButtonSpec(BaseModel):
    label: str
    action: str
    arg: str | None = None
    style: str = "secondary"
    row: int = 0
    disabled: bool = False


class GameUI(Protocol):
    rating_pool: str | None  # the game whose ratings a finished game moves, if any

    def view(self, record: GameRecord, state: Any, narration: list[str]) -> GameView: ...

    def buttons(self, record: GameRecord, state: Any) -> list[ButtonSpec]: ...

    def parse_action(self, action: str, arg: str | None) -> Any: ...

    def still_playing(self, state: Any, seat: int) -> bool: ...

    def narrate(
        self, seed: int, state: Any, events: list, names: list[str], before: Any = None
    ) -> list[str]:
        """Lines for the events of one move; `before` is the state the move started from."""
        ...

    def results(self, record: GameRecord, state: Any) -> list[ResultRow]: ...

    def forfeits(
        self, record: GameRecord, state: Any, outcome: str, forfeiters: set[int]
    ) -> list[ResultRow]:
        """Results of a game closed early: `forfeiters` (seats) lose, scored as a death now."""
        ...


STYLES: dict[ActionKind, str] = {
    ActionKind.FIGHT_WITH_WEAPON: "primary",
    ActionKind.FIGHT_BAREHANDED: "danger",
    ActionKind.FIGHT: "danger",
    ActionKind.DRINK: "success",
    ActionKind.EQUIP: "primary",
    ActionKind.RUN: "secondary",
    ActionKind.FACE: "primary",
}
RUN_ROW = 4


def parse_dungeon_action(action: str, arg: str | None) -> DungeonAction:
    """The action a button names; a ValueError for anything no button of ours carries."""
    return DungeonAction(kind=ActionKind(action), card=Card.parse(arg) if arg else None)


def button_for(action: DungeonAction, row: int, legal: set[DungeonAction]) -> ButtonSpec:
    return ButtonSpec(
        label=action_label(action),
        action=action.kind.value,
        arg=action.card.code if action.card else None,
        style=STYLES[action.kind],
        row=row,
        disabled=action not in legal,
    )


class DungeonNarration:
    """The Dealer tells the dungeon crawls."""

    def narrate(
        self, seed: int, state: Any, events: list, names: list[str], before: Any = None
    ) -> list[str]:
        return Dealer(seed, names).narrate(events, state.turn)


class ScoundrelUI(DungeonNarration):
    rating_pool = None

    def view(self, record: GameRecord, state: ScoundrelState, narration: list[str]) -> GameView:
        return scoundrel_view(state, narration)

    def buttons(self, record: GameRecord, state: ScoundrelState) -> list[ButtonSpec]:
        """Every play of every room card, on the card's own row; illegal ones shown disabled."""
        legal = set(state.legal_actions(0))
        specs = [
            button_for(DungeonAction(kind=kind, card=card), row, legal)
            for row, card in enumerate(state.room)
            for kind in self._kinds_shown(state, card)
        ]
        return [*specs, button_for(DungeonAction(kind=ActionKind.RUN), RUN_ROW, legal)]

    @staticmethod
    def _kinds_shown(state: ScoundrelState, card: Card) -> list[ActionKind]:
        role = role_of(card)
        if role == Role.POTION:
            return [ActionKind.DRINK]
        if role == Role.WEAPON:
            return [ActionKind.EQUIP]
        if state.weapon is None:
            return [ActionKind.FIGHT_BAREHANDED]
        return [ActionKind.FIGHT_WITH_WEAPON, ActionKind.FIGHT_BAREHANDED]

    def parse_action(self, action: str, arg: str | None) -> DungeonAction:
        return parse_dungeon_action(action, arg)

    def still_playing(self, state: ScoundrelState, seat: int) -> bool:
        return not state.is_over

    def results(self, record: GameRecord, state: ScoundrelState) -> list[ResultRow]:
        return [_seat_result(record, 0, state.outcome.value, state.score, state.turn)]

    def forfeits(
        self, record: GameRecord, state: ScoundrelState, outcome: str, forfeiters: set[int]
    ) -> list[ResultRow]:
        return [_seat_result(record, 0, outcome, state.forfeit_score(), state.turn)]


class DragonsUI(DungeonNarration):
    """One button per distinct room card (two decks hold twins), then run or face."""

    rating_pool = "dragons-duel"
    CARDS_PER_ROW = 4

    def view(self, record: GameRecord, state: DragonsState, narration: list[str]) -> GameView:
        return dragons_view(state, narration, [p.display_name for p in record.players])

    def buttons(self, record: GameRecord, state: DragonsState) -> list[ButtonSpec]:
        legal = set(state.legal_actions(state.to_move)) if state.to_move is not None else set()
        room = list(dict.fromkeys(state.room))
        plays = [
            button_for(
                DungeonAction(kind=PLAY_KINDS[role_of(card)], card=card),
                index // self.CARDS_PER_ROW,
                legal,
            )
            for index, card in enumerate(room)
        ]
        choices = [
            button_for(action, RUN_ROW, legal)
            for action in (DungeonAction(kind=ActionKind.RUN), DungeonAction(kind=ActionKind.FACE))
            if action in legal or action.kind == ActionKind.RUN
        ]
        return plays + choices

    def parse_action(self, action: str, arg: str | None) -> DungeonAction:
        return parse_dungeon_action(action, arg)

    def still_playing(self, state: DragonsState, seat: int) -> bool:
        return state.parties[seat].playing

    def results(self, record: GameRecord, state: DragonsState) -> list[ResultRow]:
        return [
            _seat_result(record, party.seat, party.outcome.value, party.score, state.turn)
            for party in state.parties
        ]

    def forfeits(
        self, record: GameRecord, state: DragonsState, outcome: str, forfeiters: set[int]
    ) -> list[ResultRow]:
        """A player already out keeps their result; one still playing who did not forfeit
        (their rival gave up or let the game expire) gets no result, neither win nor loss."""
        ended = [
            _seat_result(record, p.seat, p.outcome.value, p.score, state.turn)
            for p in state.parties
            if p.outcome is not None
        ]
        gave_up = [
            _seat_result(record, p.seat, outcome, state.forfeit_score(), state.turn)
            for p in state.parties
            if p.outcome is None and p.seat in forfeiters
        ]
        return ended + gave_up


def _seat_result(record: GameRecord, seat: int, outcome: str, score: int, turns: int) -> ResultRow:
    player = record.players[seat]
    return ResultRow(
        user_id=player.user_id,
        display_name=player.display_name,
        outcome=outcome,
        score=score,
        turns=turns,
    )
