"""Every decision of a Dungeon of Cards turn as one action, and its short text form.

Each text is dot-separated ASCII (a button's custom_id carries it): the word names the kind and
the rest its target, with cells as absolute coordinates (x, y; negative where the dungeon grew
west or north), so a move means the same whatever the views call that cell:

    joker.1.2       place your Joker on the dungeon card at (1, 2)
    mon.n           move the new monster north (its first move goes any way)
    face.JH.e       turn J♥, moved this turn, to face east before the pawn moves
    face.e          (saved games from before) turn the monster being moved to face east
    step.w          move your pawn one step west
    knight.2.-1     a Knight's move two east and one north
    flip.3.4        turn over the face-down card at (3, 4) instead of moving
    take            take your pawn into your hand (only when it has no move)
    enter.-1.2      re-enter the dungeon at an empty cell
    hop.2.2         hop onto a matching card (a pair or the next of a run)
    stop            stop hopping
    pick.2.3        pick the card at (2, 3) in a battle
    place.7H.3.5    play 7♥ from your hand face down at (3, 5)
    break.5S.0.1    play 5♠ onto the wall 5♣ at (0, 1): both are discarded
    blind.3.5       play the pile's top card face down at (3, 5), unseen
    skip            play no card (only when you have none to play)
"""

from __future__ import annotations

from enum import StrEnum
from functools import lru_cache

from bot.games.cards import Card, CardParseError
from bot.games.contract import Action, IllegalAction
from bot.games.dungeon.grid import KNIGHT_OFFSETS, Dir, Point, is_dir


class Kind(StrEnum):
    START = "joker"
    MONSTER = "mon"
    FACE = "face"
    STEP = "step"
    KNIGHT = "knight"
    FLIP = "flip"
    TAKE = "take"
    ENTER = "enter"
    HOP = "hop"
    STOP = "stop"
    PICK = "pick"
    PLACE = "place"
    BREAK = "break"
    BLIND = "blind"
    SKIP = "skip"


DIRECTED = {Kind.MONSTER, Kind.FACE, Kind.STEP}
AT_CELL = {Kind.START, Kind.FLIP, Kind.ENTER, Kind.HOP, Kind.PICK, Kind.BLIND}
WITH_CARD = {Kind.PLACE, Kind.BREAK}
BARE = {Kind.TAKE, Kind.STOP, Kind.SKIP}
MOVES_KEPT = 1 << 16
"""Moves are values: each one is built once and shared, as legal move lists rebuild the same
hundreds of placements every turn."""
COORDINATE_LIMIT = 10_000
"""Far beyond any dungeon that 54 cards can make; keeps a forged text short."""


class Move(Action, frozen=True):
    """One decision. Which fields are set depends on the kind (see the module's text forms)."""

    kind: Kind
    direction: Dir | None = None
    at: Point | None = None
    card: Card | None = None

    def __str__(self) -> str:
        if self.kind in BARE:
            return self.kind.value
        if self.kind == Kind.FACE and self.card is not None:
            return f"{self.kind.value}.{self.card.code}.{self.direction}"
        if self.kind in DIRECTED:
            return f"{self.kind.value}.{self.direction}"
        assert self.at is not None
        cell = f"{self.at[0]}.{self.at[1]}"
        if self.kind in WITH_CARD:
            assert self.card is not None
            return f"{self.kind.value}.{self.card.code}.{cell}"
        return f"{self.kind.value}.{cell}"

    @property
    def offset(self) -> Point:
        """A Knight's move's offset, which `at` holds for that kind."""
        assert self.kind == Kind.KNIGHT and self.at is not None
        return self.at


@lru_cache(maxsize=MOVES_KEPT)
def directed(kind: Kind, direction: Dir) -> Move:
    return Move(kind=kind, direction=direction)


@lru_cache(maxsize=MOVES_KEPT)
def at_cell(kind: Kind, point: Point) -> Move:
    return Move(kind=kind, at=point)


@lru_cache(maxsize=MOVES_KEPT)
def knight(offset: Point) -> Move:
    return Move(kind=Kind.KNIGHT, at=offset)


@lru_cache(maxsize=MOVES_KEPT)
def with_card(kind: Kind, card: Card, point: Point) -> Move:
    return Move(kind=kind, card=card, at=point)


@lru_cache(maxsize=MOVES_KEPT)
def facing(card: Card, direction: Dir) -> Move:
    """Turn one monster moved this turn to face a new way."""
    return Move(kind=Kind.FACE, card=card, direction=direction)


@lru_cache(maxsize=MOVES_KEPT)
def bare(kind: Kind) -> Move:
    return Move(kind=kind)


def parse_action(text: str) -> Move:
    """A move from its text form; an IllegalAction (a GameError) for any text that names none."""
    words = text.strip().split(".")
    try:
        kind = Kind(words[0])
    except ValueError:
        raise IllegalAction(f"not a move of this game: {text!r}") from None
    rest = words[1:]
    if kind in BARE and not rest:
        return bare(kind)
    if kind in DIRECTED and len(rest) == 1 and is_dir(direction := rest[0]):
        return directed(kind, direction)
    if kind == Kind.FACE and len(rest) == 2 and is_dir(direction := rest[1]):
        return facing(_card(rest[0]), direction)
    if kind == Kind.KNIGHT and len(rest) == 2:
        offset = _point(rest, text)
        if offset in KNIGHT_OFFSETS:
            return knight(offset)
    if kind in AT_CELL and len(rest) == 2:
        return at_cell(kind, _point(rest, text))
    if kind in WITH_CARD and len(rest) == 3:
        return with_card(kind, _card(rest[0]), _point(rest[1:], text))
    raise IllegalAction(f"not a move of this game: {text!r}")


def _card(word: str) -> Card:
    try:
        card = Card.parse(word)
    except CardParseError:
        raise IllegalAction(f"not a card: {word!r}") from None
    if card.is_joker:
        raise IllegalAction("the Jokers are the pawns, not cards to play")
    return card


def _point(words: list[str], text: str) -> Point:
    try:
        x, y = int(words[0]), int(words[1])
    except ValueError:
        raise IllegalAction(f"not a cell: {text!r}") from None
    if max(abs(x), abs(y)) > COORDINATE_LIMIT or not all(_plain_int(w) for w in words):
        raise IllegalAction(f"not a cell: {text!r}")
    return (x, y)


def _plain_int(word: str) -> bool:
    """Digits with an optional minus: int() also reads "+3", " 3" and "3_0", which would give
    one move two texts."""
    negative = word.startswith("-")
    digits = word[1:] if negative else word
    if not (digits.isascii() and digits.isdigit()):
        return False
    return digits[0] != "0" or (digits == "0" and not negative)
