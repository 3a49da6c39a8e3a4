"""Duel of the Duos' own prompts: the sealed draft, the sealed initiative, and the hero who
draws the extra card."""

from __future__ import annotations

from itertools import combinations, permutations
from typing import Any, ClassVar

from bot.games.contract import IllegalAction
from bot.games.deuces.actions import DeucesAction, Extra, Initiative, Keep
from bot.games.deuces.events import DeucesEvent
from bot.games.deuces.modes.duel import choices, flow
from bot.games.deuces.prompt_kinds import PromptKind
from bot.games.deuces.state import (
    HEROES_PER_SIDE,
    DeucesTable,
    DraftPrompt,
    ExtraPrompt,
    InitiativePrompt,
)


class _Choosing(PromptKind[Any]):
    """A duel's choices: any answer listed is open to the seat; the GM chooses on a timeout."""

    answer: ClassVar[type[Keep | Initiative | Extra]]
    """The action that answers this prompt."""

    def check(self, state: DeucesTable, seat: int, prompt: Any, action: DeucesAction) -> None:
        if not isinstance(action, self.answer):
            self.refuse(prompt, action)
        if action not in self.legal(state, seat, prompt):
            raise IllegalAction("that is not one of the choices open to you now")

    def timeout(self, state: DeucesTable, seat: int, prompt: Any) -> DeucesAction:
        return choices.choose(state, seat)


class Drafting(_Choosing):
    """Each player keeps two classes and two custom abilities, sealed (the first seat of each
    side chooses for both its heroes)."""

    prompt = DraftPrompt
    answer = Keep
    waits_for = "keep two classes and two custom abilities, sealed (My hand)"
    sealed = True

    def legal(self, state: DeucesTable, seat: int, prompt: Any) -> list[DeucesAction]:
        return [
            Keep(classes=kept, customs=customs)
            for kept in combinations(range(flow.OFFERED), HEROES_PER_SIDE)
            for customs in permutations(range(flow.OFFERED), HEROES_PER_SIDE)
        ]

    def apply(self, state: DeucesTable, seat: int, action: DeucesAction) -> list[DeucesEvent]:
        assert isinstance(action, Keep)
        return flow.keep(state, seat, action)


class ChoosingInitiative(_Choosing):
    """Each player, sealed, draws for initiative or concedes it."""

    prompt = InitiativePrompt
    answer = Initiative
    waits_for = "draw for initiative or concede it, sealed (My hand)"
    sealed = True

    def legal(self, state: DeucesTable, seat: int, prompt: Any) -> list[DeucesAction]:
        return [Initiative(concede=False), Initiative(concede=True)]

    def apply(self, state: DeucesTable, seat: int, action: DeucesAction) -> list[DeucesEvent]:
        assert isinstance(action, Initiative)
        return flow.choose_initiative(state, seat, action)


class GivingExtra(_Choosing):
    """The player without initiative picks the hero who draws one more card."""

    prompt = ExtraPrompt
    answer = Extra
    waits_for = "choose the hero who draws the extra card (My hand)"

    def legal(self, state: DeucesTable, seat: int, prompt: Any) -> list[DeucesAction]:
        return [Extra(hero=hero) for hero in state.heroes_of(state.side_of(seat))]

    def apply(self, state: DeucesTable, seat: int, action: DeucesAction) -> list[DeucesEvent]:
        assert isinstance(action, Extra)
        return flow.extra(state, seat, action)


DUEL_KINDS = (Drafting(), ChoosingInitiative(), GivingExtra())
