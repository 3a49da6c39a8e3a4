"""Quest for Loot's prompts: the sealed bid, the match or fold, the sealed raise, and the choice
to play on."""

from __future__ import annotations

from typing import Any

from bot.games.deuces.actions import Bid, Call, DeucesAction, Onward, Raise
from bot.games.deuces.events import DeucesEvent
from bot.games.deuces.modes.loot import policy, wagers
from bot.games.deuces.prompt_kinds import PromptKind
from bot.games.deuces.state import CallPrompt, DeucesTable, OnwardPrompt, RaisePrompt, WagerPrompt

SEALED_FOOTER = "Wager below, on the hand you see: only you see your choice."


class _Wagering(PromptKind[Any]):
    """What the wager prompts share: the wagers listed, a timeout's least risk, a sensible
    player's bets."""

    def legal(self, state: DeucesTable, seat: int, prompt: Any) -> list[DeucesAction]:
        return wagers.legal(state, seat)

    def hand_footer(self, state: DeucesTable) -> str | None:
        """No cards are picked to wager."""
        return SEALED_FOOTER

    def timeout(self, state: DeucesTable, seat: int, prompt: Any) -> DeucesAction:
        return policy.timeout(state, seat)

    def suggest(self, state: DeucesTable, seat: int, prompt: Any) -> DeucesAction:
        return policy.suggest(state, seat)


class Bidding(_Wagering):
    """Sealed bids, made at once: the blind, or a raise that lifts the bidder's own target."""

    prompt = WagerPrompt
    waits_for = "place a sealed wager (My hand)"
    sealed = True

    def check(self, state: DeucesTable, seat: int, prompt: Any, action: DeucesAction) -> None:
        if not isinstance(action, Bid):
            self.refuse(prompt, action)
        wagers.check_bid(state, seat, action)

    def apply(self, state: DeucesTable, seat: int, action: DeucesAction) -> list[DeucesEvent]:
        assert isinstance(action, Bid)
        return wagers.bid(state, seat, action)


class Calling(_Wagering):
    """Those who bid below the highest match it (or go all in) or fold."""

    prompt = CallPrompt
    waits_for = "match the highest wager or fold (My hand)"

    def check(self, state: DeucesTable, seat: int, prompt: Any, action: DeucesAction) -> None:
        if not isinstance(action, Call):
            self.refuse(prompt, action)

    def apply(self, state: DeucesTable, seat: int, action: DeucesAction) -> list[DeucesEvent]:
        assert isinstance(action, Call)
        return wagers.call(state, seat, action)


class Raising(_Wagering):
    """After the draw, each player still in may raise once more, sealed."""

    prompt = RaisePrompt
    waits_for = "raise or not, sealed (My hand)"
    dealt = False

    def check(self, state: DeucesTable, seat: int, prompt: Any, action: DeucesAction) -> None:
        if not isinstance(action, Raise):
            self.refuse(prompt, action)
        wagers.check_raise(state, seat, action)

    def apply(self, state: DeucesTable, seat: int, action: DeucesAction) -> list[DeucesEvent]:
        assert isinstance(action, Raise)
        return wagers.raise_bet(state, seat, action)


class GoingOn(_Wagering):
    """Between encounters, every player says play on or stop."""

    prompt = OnwardPrompt
    waits_for = "play on or stop"

    def hand_footer(self, state: DeucesTable) -> str | None:
        return None

    def check(self, state: DeucesTable, seat: int, prompt: Any, action: DeucesAction) -> None:
        if not isinstance(action, Onward):
            self.refuse(prompt, action)

    def apply(self, state: DeucesTable, seat: int, action: DeucesAction) -> list[DeucesEvent]:
        assert isinstance(action, Onward)
        return wagers.onward(state, seat, action)


LOOT_KINDS = (Bidding(), Calling(), Raising(), GoingOn())
