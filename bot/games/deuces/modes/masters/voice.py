"""What the table says of Masters & Monsters' own moments: each player's enemies drawn, the
turn order, an enemy turn (played by its master or by the GM's policy), the deuces each player
counts after an encounter, and the winner."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.contract import Event
from bot.games.deuces.events import (
    AutopilotOn,
    EnemyTurn,
    MastersTally,
    MastersWon,
    MonsterDrawn,
    OrderSet,
)
from bot.games.deuces.telling import Pick, Scene


def _and(parts: list[str]) -> str:
    return ", ".join(parts[:-1]) + f" and {parts[-1]}" if len(parts) > 1 else "".join(parts)


def _drawn(event: MonsterDrawn, pick: Pick, scene: Scene) -> str:
    """An enemy drawn for a player: whose it is, and that player's own total."""
    return (
        f"{scene.name(event.master)} draws **{event.name}** (difficulty {event.difficulty}):"
        f" their enemies stand at {event.total}."
    )


def _order(event: OrderSet, pick: Pick, scene: Scene) -> str:
    told = [f"{scene.name(seat)} ({event.difficulty_of(seat)})" for seat in event.order]
    flips = [
        f"{scene.name(seat)} {' '.join(str(card) for card in cards)}"
        for seat, cards in enumerate(event.flips)
        if cards
    ]
    tie = f" A tie was broken by the cards flipped: {_and(flips)}." if flips else ""
    return f"Turn order, lowest difficulty first: {', '.join(told)}.{tie}"


def _enemy_turn(event: EnemyTurn, pick: Pick, scene: Scene) -> str:
    return f"Round {event.round}: {scene.name(event.seat)}'s enemies act."


def _autopilot(event: AutopilotOn, pick: Pick, scene: Scene) -> str:
    return f"The GM plays {scene.name(event.seat)}'s enemies for them."


def _tally(event: MastersTally, pick: Pick, scene: Scene) -> str:
    """Who survived, who fell to whose enemies, and the deuces each counts."""
    survivors = [scene.name(seat) for seat in event.survivors]
    verb = "survives" if len(survivors) == 1 else "survive"
    stood = f"{_and(survivors)} {verb}" if survivors else "Every hero has fallen"
    if event.timed_out:
        stood = f"Time is called: {stood[:1].lower()}{stood[1:]}"
    falls = [
        f"{scene.name(seat)} fell to {scene.name(by)}'s enemies"
        for seat, by in enumerate(event.felled_by)
        if by is not None
    ]
    counts = [f"{scene.name(seat)} {count}" for seat, count in enumerate(event.deuces) if count]
    parts = [f"Encounter {event.encounter} is over. {stood}."]
    if falls:
        parts.append(f"{_and(falls)}.")
    parts.append(f"Deuces counted: {', '.join(counts)}." if counts else "No one counts a deuce.")
    return " ".join(parts)


def _won(event: MastersWon, pick: Pick, scene: Scene) -> str:
    winners = _and([scene.name(seat) for seat in event.winners])
    held = ", ".join(f"{scene.name(seat)} {count}" for seat, count in enumerate(event.epics))
    why = "the last encounter is done" if event.limit else "the Epic loot is theirs"
    shared = " share the win" if len(event.winners) > 1 else " wins"
    return f"{winners}{shared}: {why}! Epic loot held: {held}."


MASTERS_LINES: dict[type[Event], Callable[..., str]] = {
    MonsterDrawn: _drawn,
    OrderSet: _order,
    EnemyTurn: _enemy_turn,
    AutopilotOn: _autopilot,
    MastersTally: _tally,
    MastersWon: _won,
}
