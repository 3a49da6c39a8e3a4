"""Quest for Loot's own steps of the table: the bets come before the enemies, and the GM draws
to the target they make."""

from __future__ import annotations

from bot.games.deuces import flow
from bot.games.deuces.events import DeucesEvent
from bot.games.deuces.modes.loot import wagers
from bot.games.deuces.state import DeucesTable, Phase


def setup(state: DeucesTable) -> list[DeucesEvent]:
    """A new encounter: chips at the first, fresh hands and Threat Cards, then sealed bids
    (the bets make the target before any enemy is drawn)."""
    events = flow.begin_encounter(state)
    if state.encounter == 1:
        events += wagers.deal_chips(state)
    events += flow.deal_hands(state)
    wagers.open_wagers(state)
    return events


def draw_to_bets(state: DeucesTable) -> list[DeucesEvent]:
    """The GM draws until the bets' target is met or exceeded (no one may stay below it); then
    those still in may raise once more."""
    events = flow.draw_to_target(state)
    if not wagers.open_raises(state):
        state.phase = Phase.START
    return events


def draw_to_raises(state: DeucesTable) -> list[DeucesEvent]:
    """The raises are shown: while the target stays within the encounter no enemy is added;
    past it, the GM draws until it is met again."""
    events = flow.draw_to_target(state)
    state.phase = Phase.START
    return events


def ask_onward(state: DeucesTable) -> list[DeucesEvent]:
    wagers.open_onward(state)
    return []


STEPS = {
    **flow.STEPS,
    Phase.SETUP: setup,
    Phase.DRAW: draw_to_bets,
    Phase.RAISE: draw_to_raises,
    Phase.ONWARD: ask_onward,
}
