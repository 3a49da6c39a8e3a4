"""Scripted tables for the Role Playing Card Game tests: hands and the deck's top cards are
written out (codes or symbols, top card first) and every other card of the deck is put where
the test says, so each table still holds the whole deck, every card exactly once."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.cards import Card, cards, standard_deck
from bot.games.contract import Event
from bot.games.rpg.actions import RpgAction
from bot.games.rpg.engine import RpgState
from bot.games.rpg.events import RpgEvent

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo"]


def build(
    hands: list[str],
    deck: str = "",
    first: int = 0,
    discard: str = "",
    removed: str = "",
    rest: str | int = "deck",
    seed: int = 0,
) -> tuple[RpgState, list[RpgEvent]]:
    """A table with these hands and this deck top, `first` on turn (its draw made). The cards
    left over go to the bottom of the deck (`rest="deck"`, in the standard order: spades,
    hearts, diamonds, clubs, 2 up to ace), to the discard pile, or to a seat's hand."""
    dealt = [cards(hand) for hand in hands]
    top, thrown, out = cards(deck), cards(discard), cards(removed)
    used = {card for group in [*dealt, top, thrown, out] for card in group}
    assert len(used) == sum(map(len, [*dealt, top, thrown, out])), "a card written twice"
    others = [card for card in standard_deck() if card not in used]
    if rest == "deck":
        top += others
    elif rest == "discard":
        thrown += others
    else:
        assert isinstance(rest, int)
        dealt[rest] += others
    state, events = RpgState.scripted(
        dealt, top, first=first, seed=seed, discard=thrown, removed=out
    )
    state.check_cards()
    return state, events


def play(state: RpgState, seat: int, *actions: RpgAction) -> list[RpgEvent]:
    events: list[RpgEvent] = []
    for action in actions:
        events += state.apply(seat, action)
    return events


def c(text: str) -> Card:
    return Card.parse(text)


def cs(text: str) -> tuple[Card, ...]:
    return tuple(cards(text))


def kinds(events: Sequence[RpgEvent] | Sequence[Event]) -> list[str]:
    return [getattr(event, "kind", "") for event in events]
