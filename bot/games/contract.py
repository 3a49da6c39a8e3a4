"""The engine contract every game follows, modelled on python-chess and OpenSpiel.

A game is a pydantic state with legal actions, not a loop that waits for input: the Discord layer,
the terminal and the tests all drive the same object, one action at a time, and a state can be
stored as JSON between any two actions. Randomness comes only from the stored seed, so a game is
reproducible from its seed and its action log. Every action has one text form (`str(action)`,
read back by the game's `parse_action`) that buttons, the action log and the terminal share.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Sequence
from enum import StrEnum
from functools import cache
from typing import Generic, Literal, TypeVar

from pydantic import BaseModel, Field

T = TypeVar("T")


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


def shuffle(items: list[T], rng: random.Random) -> None:
    """Shuffle in place into exactly the order `rng.shuffle(items)` gives, drawing the same
    numbers, about twice as fast: dealing a game is mostly its shuffle.

    It is `random.shuffle` with its draw written out: each place, from the last down, swaps
    with one drawn below it by rejection, k random bits at a time until the number fits.
    """
    getrandbits = rng.getrandbits
    for i, bits in _swaps(len(items)):
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


@cache
def _swaps(length: int) -> tuple[tuple[int, int], ...]:
    """The places a shuffle of `length` items swaps, last first, each with the bits its draw
    takes: the same few deck sizes are shuffled game after game."""
    return tuple((i, (i + 1).bit_length()) for i in range(length - 1, 0, -1))


class Frozen(BaseModel, frozen=True):
    """Base of actions and events: values, compared and hashed by content."""


class Action(Frozen, frozen=True):
    """A move. `str(action)` is its one text form: dot-separated ASCII words (`weapon.9S`,
    `attack.0.9C.9D`), short enough for a button's custom_id and readable in a log."""


class Event(Frozen, frozen=True):
    """Something that happened; narration, views and tests read events, never engine internals.

    Every event declares `kind: Literal["..."]`, the tag that names it in narration tables and
    discriminated unions."""


def kind_of(event: Event) -> str:
    """The tag an event's class declares in its `kind` field."""
    field = type(event).model_fields.get("kind")
    return str(field.default) if field is not None else type(event).__name__


class GameEnded(Event, frozen=True):
    """A seat's game is over (seat None: the whole table's, as in a party game)."""

    kind: Literal["game_ended"] = "game_ended"
    outcome: Outcome
    score: int
    seat: int | None = 0


class SeatResult(BaseModel, frozen=True):
    """How one seat's game ended: the boards read these. `outcome` is won, lost, or the way
    the game was closed early (abandoned, expired)."""

    seat: int
    outcome: str
    score: int
    tiebreak: int = Field(default=0, repr=False)
    """What ranks equal scores on a board, fewer first (a Deuces party's falls); 0 where
    nothing does. Left out of repr, so results read (and replays digest them) as before."""


class Setup(BaseModel, frozen=True):
    """Everything a new game is dealt from besides its seed: chosen by a command, a lobby, a
    challenge or the terminal, and never by the engine."""

    variant: str
    seats: int = Field(default=1, ge=1)
    settings: dict[str, int] = {}
    """Numbers the game declares (a starting level, say), by name."""
    picks: list[dict[str, str]] = []
    """Each seat's choices in a lobby (its class, say), by seat and the choice's key; a
    choice left out is the seed's to make."""


A = TypeVar("A", bound=Action)


class GameState(BaseModel, Generic[A]):
    """A whole game between two actions. pydantic's model class is an ABCMeta, so a game that
    leaves out part of the contract cannot be built."""

    seed: int = 0
    turn: int = 0
    """Actions applied so far."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def acting(self) -> list[int]:
        """The seats that may act now: one on a turn, several for simultaneous choices."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[A]:
        """Every legal action of a seat now; empty when the game does not wait on it."""

    @abstractmethod
    def apply(self, seat: int, action: A) -> Sequence[Event]:
        """Play one action; an illegal one raises a GameError and changes nothing."""

    @abstractmethod
    def results(self) -> list[SeatResult]:
        """The seats whose game has ended (every seat once the game is over), in seat order."""

    @abstractmethod
    def forfeits(self, forfeiters: set[int], outcome: str) -> list[SeatResult]:
        """Results of a game closed early (abandoned, expired) by the `forfeiters` seats."""

    def timeout_action(self, seat: int) -> A | None:
        """The move the rules make for a seat that let its turn run out (None: no timer)."""
        return None

    def time_out(self, seat: int) -> Sequence[Event]:
        """Play the timeout's move for a seat the game waits on."""
        action = self.timeout_action(seat)
        if action is None:
            raise IllegalAction("this game has no turn timer")
        return self.apply(seat, action)

    def leave(self, seat: int) -> Sequence[Event]:
        """A seat gives up and the game goes on without it (`GameInfo.seats_may_leave`): the
        seat gets its result now, as the rules say a leaver does."""
        raise IllegalAction("a player cannot leave this game while it goes on")

    def still_playing(self, seat: int) -> bool:
        """A seat is in the game until it has a result."""
        return not self.is_over and seat not in {result.seat for result in self.results()}
