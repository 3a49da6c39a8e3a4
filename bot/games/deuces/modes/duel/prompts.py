"""Duel of the Duos' own prompts: the sealed draft, the sealed initiative, and the hero who
draws the extra card."""

from __future__ import annotations

from itertools import combinations, permutations

from bot.games.contract import IllegalAction
from bot.games.deuces.actions import DeucesAction, Extra, Initiative, Keep
from bot.games.deuces.modes.duel import choices, flow
from bot.games.deuces.prompt_kinds import Play, PromptKind
from bot.games.deuces.state import (
    HEROES_PER_SIDE,
    DeucesTable,
    DraftPrompt,
    ExtraPrompt,
    InitiativePrompt,
)

NOT_OPEN = "that is not one of the choices open to you now"


class Drafting(PromptKind[DraftPrompt]):
    """Each player keeps two classes and two custom abilities, sealed (the first seat of each
    side chooses for both its heroes)."""

    prompt = DraftPrompt
    waits_for = "keep two classes and two custom abilities, sealed (My hand)"
    sealed = True

    def legal(self, state: DeucesTable, seat: int, prompt: DraftPrompt) -> list[DeucesAction]:
        return [
            Keep(classes=kept, customs=customs)
            for kept in combinations(range(flow.OFFERED), HEROES_PER_SIDE)
            for customs in permutations(range(flow.OFFERED), HEROES_PER_SIDE)
        ]

    def take(
        self, state: DeucesTable, seat: int, prompt: DraftPrompt, action: DeucesAction
    ) -> Play:
        if not isinstance(action, Keep):
            self.refuse(prompt, action)
        if action not in self.legal(state, seat, prompt):
            raise IllegalAction(NOT_OPEN)
        return lambda: flow.keep(state, seat, prompt, action)

    def timeout(self, state: DeucesTable, seat: int, prompt: DraftPrompt) -> DeucesAction:
        return choices.keep(state, seat)


class ChoosingInitiative(PromptKind[InitiativePrompt]):
    """Each player, sealed, draws for initiative or concedes it."""

    prompt = InitiativePrompt
    waits_for = "draw for initiative or concede it, sealed (My hand)"
    sealed = True

    def legal(self, state: DeucesTable, seat: int, prompt: InitiativePrompt) -> list[DeucesAction]:
        return [Initiative(concede=False), Initiative(concede=True)]

    def take(
        self, state: DeucesTable, seat: int, prompt: InitiativePrompt, action: DeucesAction
    ) -> Play:
        if not isinstance(action, Initiative):
            self.refuse(prompt, action)
        return lambda: flow.choose_initiative(state, seat, prompt, action)

    def timeout(self, state: DeucesTable, seat: int, prompt: InitiativePrompt) -> DeucesAction:
        return Initiative(concede=True)


class GivingExtra(PromptKind[ExtraPrompt]):
    """The player without initiative picks the hero who draws one more card."""

    prompt = ExtraPrompt
    waits_for = "choose the hero who draws the extra card (My hand)"

    def legal(self, state: DeucesTable, seat: int, prompt: ExtraPrompt) -> list[DeucesAction]:
        return [Extra(hero=hero) for hero in state.heroes_of(state.side_of(seat))]

    def take(
        self, state: DeucesTable, seat: int, prompt: ExtraPrompt, action: DeucesAction
    ) -> Play:
        if not isinstance(action, Extra):
            self.refuse(prompt, action)
        if action not in self.legal(state, seat, prompt):
            raise IllegalAction(NOT_OPEN)
        return lambda: flow.extra(state, seat, action)

    def timeout(self, state: DeucesTable, seat: int, prompt: ExtraPrompt) -> DeucesAction:
        return choices.extra_hero(state, seat)


DUEL_KINDS = (Drafting(), ChoosingInitiative(), GivingExtra())
