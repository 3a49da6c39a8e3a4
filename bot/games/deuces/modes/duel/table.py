"""A duel's table and its choices in words: the two sides, the score, and what each button does.

The draft is sealed, so the public table never names what a player drew: only their own hand
does (as the labels of their choices). Once both have chosen, every hero is shown by class.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.deuces.actions import DeucesAction, Extra, Initiative, Keep
from bot.games.deuces.content import describe
from bot.games.deuces.modes.duel.flow import SIDES, WINS_NEEDED
from bot.games.deuces.state import DeucesTable, Phase
from bot.games.views import Field


def side_name(state: DeucesTable, side: int, names: Sequence[str]) -> str:
    """A side by its player's name (the name at its first seat, without a hero's class)."""
    seat = state.heroes_of(side)[0]
    return names[seat].split("'s ")[0] if seat < len(names) else f"Player {side + 1}"


def hero_name(state: DeucesTable, seat: int, names: Sequence[str], drafting: bool) -> str:
    """A hero by its seat's name and, once drafted, its class, unless the name says it
    already ("alice's Cutpurse", as a person's two heroes are told apart)."""
    name = names[seat] if seat < len(names) else str(seat)
    klass = state.players[seat].klass.name
    return name if drafting or name.endswith(klass) else f"{name}, {klass}"


def duel_fields(state: DeucesTable, names: Sequence[str]) -> list[Field]:
    """One field per side: its encounters won, then each hero's class and cards."""
    drafting = state.phase == Phase.DRAFT
    fields: list[Field] = []
    for side in range(SIDES):
        heroes = [
            f"**{hero_name(state, seat, names, drafting)}**"
            + f": {len(state.players[seat].hand)} in hand, {len(state.players[seat].deck)} in deck"
            + (" (defeated)" if state.players[seat].defeated else "")
            for seat in state.heroes_of(side)
        ]
        turn = " ⚔️" if state.phase == Phase.FIGHT and state.turn_side == side else ""
        won = state.wins[side] if state.wins else 0
        title = f"{side_name(state, side, names)}: {won} of {WINS_NEEDED} won{turn}"
        fields.append(Field(name=title, value="\n".join(heroes), inline=False))
    return fields


def draft_fields(state: DeucesTable, seat: int) -> list[Field]:
    """A player's own draw, for the sealed draft: each class and custom ability on offer."""
    offer = state.offers[state.side_of(seat)]
    classes = [
        Field(
            name=f"Class: {klass.name}",
            value="; ".join(f"{a.name}: {describe(a)}" for a in klass.abilities_at(state.level)),
            inline=False,
        )
        for klass in offer.classes
    ]
    customs = [
        Field(name=f"Custom: {ability.name}", value=describe(ability), inline=False)
        for ability in offer.customs
    ]
    return classes + customs


def duel_title(state: DeucesTable) -> str:
    return (
        f"Dungeons & Deuces · Duel of the Duos · encounter {state.encounter} · level {state.level}"
    )


def duel_label(state: DeucesTable, seat: int, action: DeucesAction, names: Sequence[str]) -> str:
    """A duel's own choice as its button says it."""
    match action:
        case Keep(classes=classes, customs=customs):
            offer = state.offers[state.side_of(seat)]
            pairs = [
                f"{offer.classes[c].name} + {offer.customs[a].name}"
                for c, a in zip(classes, customs, strict=True)
            ]
            return "Keep " + " & ".join(pairs)
        case Initiative(concede=True):
            return "Concede initiative"
        case Initiative():
            return "Draw for initiative"
        case Extra(hero=hero):
            called = names[hero] if hero < len(names) else f"hero {hero + 1}"
            return f"Extra card for {called}"
        case _:
            return str(action)
