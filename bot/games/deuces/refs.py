"""Who is who in a fight: a player by seat, an enemy or a pet by its place, and their text form.

Kept apart from the table so that actions (a Masters & Monsters enemy's attack names its
target) and the table can both use them.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache

from bot.games.contract import Frozen


class Side(StrEnum):
    PLAYERS = "players"
    GM = "gm"
    PETS = "pets"
    """The party's controlled entities: they fight beside the players, on their turns."""


class Ref(Frozen, frozen=True):
    """A combatant: a player by seat or an enemy by its index on the table."""

    side: Side
    index: int

    def __str__(self) -> str:
        return f"{REF_LETTERS[self.side]}{self.index}"


REF_LETTERS = {Side.PLAYERS: "P", Side.GM: "E", Side.PETS: "A"}


@cache
def player(seat: int) -> Ref:
    """The Ref of a seat (refs are immutable values, so one instance serves every use)."""
    return Ref(side=Side.PLAYERS, index=seat)


@cache
def enemy(index: int) -> Ref:
    return Ref(side=Side.GM, index=index)


@cache
def pet(index: int) -> Ref:
    return Ref(side=Side.PETS, index=index)


@cache
def fighter_ref(side: Side, index: int) -> Ref:
    """The Ref of a fighter by its side and place, as `player`, `enemy` and `pet` make them."""
    return Ref(side=side, index=index)


LETTER_SIDES = {letter: side for side, letter in REF_LETTERS.items()}


def parse_ref(text: str) -> Ref:
    """A Ref from its text form ("P1", "E0", "A2"); anything else is a ValueError."""
    side = LETTER_SIDES.get(text[:1].upper())
    if side is None or not text[1:].isdigit():
        raise ValueError(f"not a fighter: {text!r}")
    return Ref(side=side, index=int(text[1:]))
