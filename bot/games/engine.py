"""The contract every game engine follows.

A game is a pydantic state with legal actions, not a loop that waits for input: the Discord layer,
the terminal and the tests all drive the same object, one action at a time, and a state can be
stored as JSON between any two actions. Randomness comes only from the stored seed, so a game is
reproducible from its seed and its action log.
"""

from __future__ import annotations

import random
from enum import StrEnum
from typing import Any, Protocol, Self, runtime_checkable

from pydantic import BaseModel


class GameError(Exception):
    """An action the engine refuses; the state is left exactly as it was."""


class IllegalAction(GameError):
    pass


class NotYourTurn(GameError):
    pass


class GameOver(GameError):
    pass


class Outcome(StrEnum):
    WON = "won"
    LOST = "lost"


def seeded_rng(seed: int, purpose: str | int) -> random.Random:
    """A generator for one named use of a game's seed (shuffle k, narration line n, ...).

    Seeding by a string of seed and purpose keeps every use independent of how many numbers
    earlier uses drew, so adding a shuffle never changes the others.
    """
    return random.Random(f"{seed}:{purpose}")


@runtime_checkable
class GameState(Protocol):
    """What the Discord layer, the terminal and the store rely on, for every game."""

    seed: int
    turn: int

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self, player: int) -> list[Any]: ...

    def apply(self, player: int, action: Any) -> list[Any]: ...

    def model_dump_json(self, **kwargs: Any) -> str: ...

    @classmethod
    def model_validate_json(cls, json_data: str | bytes, **kwargs: Any) -> Self: ...


class Frozen(BaseModel, frozen=True):
    """Base of actions and events: values, compared and hashed by content."""
