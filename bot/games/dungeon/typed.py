"""Moves as a person types them in the terminal: a card and a cell in any order and with any
separator, by the names the table shows.

    9s c3 · C3 9♠ · 9s,c3 · place 9s at c3    play 9♠ at C3 (or break the wall there with it)
    c3                                         the one move that goes to C3 (a step, a Knight's
                                               move, a flip, a pick...), where only one does
    9s                                         the one move that plays 9♠ (where it has several,
                                               the terminal lists them)

The text form the buttons carry (`actions.py`) names cells by coordinates and is read by the
terminal itself: a text with a dot in it is left to it.
"""

from __future__ import annotations

import re

from bot.games.cards import Card, CardParseError
from bot.games.contract import IllegalAction
from bot.games.dungeon.actions import AT_CELL, WITH_CARD, Kind, Move
from bot.games.dungeon.engine import DungeonState
from bot.games.dungeon.grid import Point, knight_path, step
from bot.games.dungeon.naming import names_of

SEPARATORS = re.compile(r"[\s,;:+/&|]+")
CELL = re.compile(r"-?[a-z]{1,2}-?\d{1,3}")
FILLER = {"at", "on", "to", "in", "with", "place", "play", "put", "move", "go", "the"}
"""Words a person may put around the card and the cell ("place 9s at c3")."""


def typed_action(state: DungeonState, seat: int, text: str) -> Move | None:
    """The move a typed card and cell name; None for a text that names neither (a key, a
    number, a text form: the terminal's to read). An IllegalAction says why a text that names
    a card or a cell names no one legal move."""
    if "." in text:
        return None
    words = [w for w in SEPARATORS.split(text.strip().lower()) if w and w not in FILLER]
    cards: list[Card] = []
    cells: list[str] = []
    for word in words:
        if CELL.fullmatch(word):
            cells.append(word.upper())
            continue
        try:
            cards.append(Card.parse(word))
        except CardParseError:
            return None
    if not words or len(cards) > 1 or len(cells) > 1:
        return None
    fits = [
        move
        for move in state.legal_actions(seat)
        if (not cards or move.card == cards[0])
        and (not cells or _target(state, seat, move) == cells[0])
    ]
    if len(fits) == 1:
        return fits[0]
    if len(fits) > 1 and not cells:
        return None  # a card alone: the terminal lists the ways it can be played
    said = " ".join([*(str(card) for card in cards), *cells])
    if not fits:
        raise IllegalAction(f"no move now plays {said}")
    more = "the cell" if not cells else "the card"
    raise IllegalAction(f"{said} names {len(fits)} moves: add {more}, or type the move's number")


def _target(state: DungeonState, seat: int, move: Move) -> str | None:
    """The name of the cell a move goes to or acts on, as the table calls it."""
    point = _point(state, seat, move)
    return names_of(state).name(point).upper() if point is not None else None


def _point(state: DungeonState, seat: int, move: Move) -> Point | None:
    if move.kind in AT_CELL or move.kind in WITH_CARD:
        return move.at
    pawn = state.pawn(seat)
    if move.kind == Kind.STEP and pawn is not None and move.direction is not None:
        return step(pawn, move.direction)
    if move.kind == Kind.KNIGHT and pawn is not None:
        return knight_path(pawn, move.offset)[2]
    monster = state.current_monster()
    if move.kind == Kind.MONSTER and monster is not None and move.direction is not None:
        return step(monster.at, move.direction)
    return None
