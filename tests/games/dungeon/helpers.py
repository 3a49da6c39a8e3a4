"""Scripted Dungeon of Cards states and moves, as the tests write them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from bot.games.cards import Card
from bot.games.contract import Event
from bot.games.dungeon.actions import parse_action
from bot.games.dungeon.engine import DungeonState
from bot.games.dungeon.grid import Dir, Point

Cells = Mapping[Point, str]


def board(
    cells: Cells,
    *,
    hands: Sequence[str] = ("", ""),
    pile: str | None = None,
    discards: str = "",
    pawns: Sequence[Point | None] = ((0, 0), None),
    monsters: Sequence[tuple[str, Point, Dir | None]] = (),
    scores: Sequence[int] = (0, 0),
    known: Mapping[Point, list[int]] | None = None,
    mover: int = 0,
    turns: int = 0,
) -> DungeonState:
    state, _ = DungeonState.scripted(
        cells,
        hands=hands,
        pile=pile,
        discards=discards,
        pawns=pawns,
        monsters=monsters,
        scores=scores,
        known=known,
        mover=mover,
        turns=turns,
    )
    return state


def play(state: DungeonState, *moves: str) -> list[Event]:
    """Each move by whichever seat the game waits on."""
    events: list[Event] = []
    for move in moves:
        events += state.apply(state.acting()[0], parse_action(move))
    return events


def legal(state: DungeonState, seat: int | None = None) -> set[str]:
    who = state.acting()[0] if seat is None else seat
    return {str(move) for move in state.legal_actions(who)}


def kinds(events: Sequence[Event]) -> list[str]:
    return [str(getattr(event, "kind", "")) for event in events]


def of(events: Sequence[Event], kind: str) -> list[Event]:
    return [event for event in events if getattr(event, "kind", "") == kind]


def up(state: DungeonState, point: Point) -> bool:
    cell = state.board.cell(point)
    assert cell is not None, f"no card at {point}"
    return cell.up


def card_at(state: DungeonState, point: Point) -> Card | None:
    cell = state.board.cell(point)
    return cell.card if cell is not None else None


def census(state: DungeonState) -> Counter[Card]:
    return Counter(state.all_cards())
