"""Quest for Loot's prompts: the sealed bid, the match or fold, the sealed raise, and the choice
to play on."""

from __future__ import annotations

from bot.games.deuces.actions import Bid, Call, DeucesAction, Onward, Raise
from bot.games.deuces.modes.loot import policy, wagers
from bot.games.deuces.prompt_kinds import Play, PromptKind
from bot.games.deuces.state import CallPrompt, DeucesTable, OnwardPrompt, RaisePrompt, WagerPrompt
from bot.games.views import Control

SEALED_FOOTER = "Wager below, on the hand you see: only you see your choice."


class Bidding(PromptKind[WagerPrompt]):
    """Sealed bids, made at once: the blind, or a raise that lifts the bidder's own target."""

    prompt = WagerPrompt
    waits_for = "place a sealed wager (My hand)"
    sealed = True

    def legal(self, state: DeucesTable, seat: int, prompt: WagerPrompt) -> list[DeucesAction]:
        return wagers.legal(state, seat)

    def hand_footer(self, state: DeucesTable) -> str | None:
        return SEALED_FOOTER

    def other_answer(self, state: DeucesTable, seat: int, prompt: WagerPrompt) -> Control | None:
        return wagers.other_bid(state, seat)

    def take(
        self, state: DeucesTable, seat: int, prompt: WagerPrompt, action: DeucesAction
    ) -> Play:
        if not isinstance(action, Bid):
            self.refuse(prompt, action)
        wagers.check_bid(state, seat, action)
        return lambda: wagers.bid(state, seat, prompt, action)

    def timeout(self, state: DeucesTable, seat: int, prompt: WagerPrompt) -> DeucesAction:
        return Bid(chips=wagers.BLIND)


class Calling(PromptKind[CallPrompt]):
    """Those who bid below the highest match it (or go all in) or fold."""

    prompt = CallPrompt
    waits_for = "match the highest wager or fold (My hand)"

    def legal(self, state: DeucesTable, seat: int, prompt: CallPrompt) -> list[DeucesAction]:
        return wagers.legal(state, seat)

    def hand_footer(self, state: DeucesTable) -> str | None:
        return SEALED_FOOTER

    def take(self, state: DeucesTable, seat: int, prompt: CallPrompt, action: DeucesAction) -> Play:
        if not isinstance(action, Call):
            self.refuse(prompt, action)
        return lambda: wagers.call(state, seat, prompt, action)

    def timeout(self, state: DeucesTable, seat: int, prompt: CallPrompt) -> DeucesAction:
        return Call(match=False)

    def suggest(self, state: DeucesTable, seat: int, prompt: CallPrompt) -> DeucesAction:
        return policy.suggest_call(state, seat, prompt)


class Raising(PromptKind[RaisePrompt]):
    """After the draw, each player still in may raise once more, sealed."""

    prompt = RaisePrompt
    waits_for = "raise or not, sealed (My hand)"
    dealt = False

    def legal(self, state: DeucesTable, seat: int, prompt: RaisePrompt) -> list[DeucesAction]:
        return wagers.legal(state, seat)

    def hand_footer(self, state: DeucesTable) -> str | None:
        return SEALED_FOOTER

    def other_answer(self, state: DeucesTable, seat: int, prompt: RaisePrompt) -> Control | None:
        return wagers.other_raise(state, seat)

    def take(
        self, state: DeucesTable, seat: int, prompt: RaisePrompt, action: DeucesAction
    ) -> Play:
        if not isinstance(action, Raise):
            self.refuse(prompt, action)
        wagers.check_raise(state, seat, action)
        return lambda: wagers.raise_bet(state, seat, prompt, action)

    def timeout(self, state: DeucesTable, seat: int, prompt: RaisePrompt) -> DeucesAction:
        return Raise(chips=0)


class GoingOn(PromptKind[OnwardPrompt]):
    """Between encounters, every player says play on or stop."""

    prompt = OnwardPrompt
    waits_for = "play on or stop"

    def legal(self, state: DeucesTable, seat: int, prompt: OnwardPrompt) -> list[DeucesAction]:
        return wagers.legal(state, seat)

    def take(
        self, state: DeucesTable, seat: int, prompt: OnwardPrompt, action: DeucesAction
    ) -> Play:
        if not isinstance(action, Onward):
            self.refuse(prompt, action)
        return lambda: wagers.onward(state, seat, prompt, action)

    def timeout(self, state: DeucesTable, seat: int, prompt: OnwardPrompt) -> DeucesAction:
        return Onward(go=False)

    def suggest(self, state: DeucesTable, seat: int, prompt: OnwardPrompt) -> DeucesAction:
        return policy.suggest_onward(state, seat)


LOOT_KINDS = (Bidding(), Calling(), Raising(), GoingOn())
