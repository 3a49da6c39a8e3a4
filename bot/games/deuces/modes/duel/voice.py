"""What the table says of a duel's own moments: the sealed draft, initiative, the extra card,
each side's turn, and the encounters won. Heroes go by their names (ann's Cutpurse); a side
goes by its player's name."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.contract import Event
from bot.games.deuces.events import (
    DuelEncounterEnded,
    DuelInitiative,
    DuelTurn,
    ExtraDrawn,
    HeroesKept,
    HeroesShown,
    InitiativeSealed,
)
from bot.games.deuces.modes.duel.flow import WINS_NEEDED
from bot.games.deuces.telling import Pick, Scene


def side_called(scene: Scene, side: int) -> str:
    """A side by its player's name: its first hero's name without the class."""
    return scene.name(side * 2).split("'s ")[0]


def _kept(event: HeroesKept, pick: Pick, scene: Scene) -> str:
    return f"A sealed choice of two heroes from {side_called(scene, event.side)}."


def _shown(event: HeroesShown, pick: Pick, scene: Scene) -> str:
    heroes = [
        f"{klass} with {custom}" if custom else klass
        for klass, custom in zip(event.classes, event.customs, strict=True)
    ]
    return (
        f"The heroes step out: {side_called(scene, 0)} fields {heroes[0]} and {heroes[1]};"
        f" {side_called(scene, 1)} fields {heroes[2]} and {heroes[3]}."
    )


def _sealed(event: InitiativeSealed, pick: Pick, scene: Scene) -> str:
    return f"Initiative: {side_called(scene, event.side)} has answered, sealed."


def _initiative(event: DuelInitiative, pick: Pick, scene: Scene) -> str:
    first = side_called(scene, event.first)
    if event.conceded_by is not None:
        return (
            f"Initiative conceded by {side_called(scene, event.conceded_by)}: {first} goes first."
        )
    flips = " against ".join(str(card) for card in event.cards)
    return f"Both draw for initiative ({flips}): {first} goes first."


def _extra(event: ExtraDrawn, pick: Pick, scene: Scene) -> str:
    return f"{scene.name(event.seat)} draws an extra card."


def _turn(event: DuelTurn, pick: Pick, scene: Scene) -> str:
    return f"Round {event.round}: {side_called(scene, event.side)}'s heroes act."


def _ended(event: DuelEncounterEnded, pick: Pick, scene: Scene) -> str:
    winner = side_called(scene, event.winner)
    how = "holding more cards when time is called" if event.by_count else "with both rivals down"
    score = f"{max(event.wins)} to {min(event.wins)}"
    if max(event.wins) >= WINS_NEEDED:
        return f"Encounter {event.encounter} goes to {winner} {how}, and the duel with it, {score}!"
    return f"Encounter {event.encounter} goes to {winner} {how}: {score}."


DUEL_LINES: dict[type[Event], Callable[..., str]] = {
    HeroesKept: _kept,
    HeroesShown: _shown,
    InitiativeSealed: _sealed,
    DuelInitiative: _initiative,
    ExtraDrawn: _extra,
    DuelTurn: _turn,
    DuelEncounterEnded: _ended,
}
