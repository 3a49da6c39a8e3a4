"""Nim: take 1 to 3 sticks from a pile; whoever takes the last stick wins. The house answers
every move at once, so the player always faces a pile."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from bot.games.contract import (
    Action,
    Event,
    GameEnded,
    GameOver,
    GameState,
    IllegalAction,
    NotYourTurn,
    Outcome,
    SeatResult,
    seeded_rng,
)

MOST = 3
YOU = 0


class Take(Action, frozen=True):
    sticks: int

    def __str__(self) -> str:
        return f"take.{self.sticks}"


def parse_take(text: str) -> Take:
    word, _, number = text.replace(" ", ".").partition(".")
    if word != "take" or not number.isdigit():
        raise IllegalAction(f"not a move: {text!r}")
    return Take(sticks=int(number))


class Took(Event, frozen=True):
    kind: Literal["took"] = "took"
    by: Literal["you", "house"]
    sticks: int
    left: int


class NimState(GameState[Take]):
    pile: int
    outcome: Outcome | None = None

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def acting(self) -> list[int]:
        return [] if self.is_over else [YOU]

    def legal_actions(self, seat: int) -> list[Take]:
        if self.is_over or seat != YOU:
            return []
        return [Take(sticks=n) for n in range(1, min(MOST, self.pile) + 1)]

    def apply(self, seat: int, action: Take) -> Sequence[Event]:
        if self.is_over:
            raise GameOver("the game is over")
        if seat != YOU:
            raise NotYourTurn("Nim is played alone against the house")
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"you can take 1 to {min(MOST, self.pile)} sticks")
        self.turn += 1
        self.pile -= action.sticks
        events: list[Event] = [Took(by="you", sticks=action.sticks, left=self.pile)]
        if self.pile == 0:
            return [*events, self._end(Outcome.WON)]
        house = self.pile % (MOST + 1) or seeded_rng(self.seed, self.turn).randint(1, MOST)
        house = min(house, self.pile)
        self.pile -= house
        events.append(Took(by="house", sticks=house, left=self.pile))
        return [*events, self._end(Outcome.LOST)] if self.pile == 0 else events

    def _end(self, outcome: Outcome) -> GameEnded:
        self.outcome = outcome
        return GameEnded(outcome=outcome, score=self.score())

    def score(self) -> int:
        """Fewer moves to win is better; a loss scores below any win."""
        return 20 - self.turn if self.outcome == Outcome.WON else -self.turn

    def results(self) -> list[SeatResult]:
        if self.outcome is None:
            return []
        return [SeatResult(seat=YOU, outcome=self.outcome.value, score=self.score())]

    def forfeits(self, forfeiters: set[int], outcome: str) -> list[SeatResult]:
        return [SeatResult(seat=YOU, outcome=outcome, score=-self.turn)]
