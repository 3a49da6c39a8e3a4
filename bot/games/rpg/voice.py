"""The dealer's voice: one short line per thing the channel may know.

Private facts are never told: what a player draws (only that they draw), what a hand holds,
and a sealed bid before every bid is in (only who has answered). The voice reads the events and
the names alone, never the table before the move (`reads_before` is False).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.games.cards import Suit
from bot.games.contract import Event, kind_of
from bot.games.rpg.events import (
    Attacked,
    BidAnswered,
    BidsRevealed,
    Bought,
    Dealt,
    Defended,
    Fell,
    GameWon,
    Reshuffled,
    RoundClosed,
    SpecialRound,
    TurnStarted,
    Wounded,
)
from bot.games.rpg.values import MAX_ROUNDS, spoken

Names = Callable[[int], str]
VERBS = {Suit.SPADES: "runs", Suit.CLUBS: "counters", Suit.HEARTS: "takes it"}


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _cards(count: int) -> str:
    return "a card" if count == 1 else f"{count} cards"


def _dealt(event: Dealt, name: Names) -> list[str]:
    again = ""
    if event.redeals:
        times = "once" if event.redeals == 1 else f"{event.redeals} times"
        again = f" (dealt again {times} until every hand held a heart)"
    lines = [f"Seven cards each{again}. **{name(event.first)}** goes first."]
    if event.long_night:
        lines.append(
            f"🌙 The Long Night begins in round {event.long_night}: from then on, every special "
            "round ends with each player discarding their lowest heart."
        )
    return lines


def _turn(event: TurnStarted, name: Names) -> list[str]:
    whose = f"**{name(event.seat)}**'s {'bonus ' if event.bonus else ''}turn"
    drew = "draws a card" if event.cards else "nothing left to draw"
    return [f"{whose}: {drew}."]


def _reshuffled(event: Reshuffled, name: Names) -> list[str]:
    return [f"The deck is empty: the discard pile ({event.cards}) is shuffled into it."]


def _bought(event: Bought, name: Names) -> list[str]:
    who = f"**{name(event.seat)}**"
    if not event.cards:
        return [f"{who} spends {event.diamond}, but there is nothing left to draw."]
    return [f"{who} buys {_cards(len(event.cards))} with {event.diamond}."]


def _attacked(event: Attacked, name: Names) -> list[str]:
    return [
        f"**{name(event.seat)}** attacks **{name(event.target)}** with {event.spade}: "
        f"{spoken(event.clubs)} = {event.damage} damage."
    ]


def _defended(event: Defended, name: Names) -> list[str]:
    verbs = [verb for suit, verb in VERBS.items() if any(c.suit == suit for c in event.cards)]
    return [f"**{name(event.seat)}** {_and(verbs)}: {spoken(event.cards)} ({event.total})."]


def _fell(event: Fell, name: Names) -> list[str]:
    who = f"**{name(event.seat)}**"
    out = f"{who} falls: out of the game."
    match event.reason:
        case "overwhelmed":
            return [f"{who} cannot stop {event.damage} damage. {out}"]
        case "doomed":
            return [f"{who} cannot stop {event.damage} damage and keep a heart. {out}"]
        case "heartless":
            return [f"{who} has no heart left. {out}"]
        case "night":
            return [f"The Long Night takes {who}'s last heart. {out}"]
        case _:
            off = " The attack is called off." if event.called_off else ""
            return [f"{who} is out of the game: their cards go to the discard pile.{off}"]


def _special(event: SpecialRound, name: Names) -> list[str]:
    if event.skipped:
        return [
            f"Round {event.round} is done. No special round: every diamond is out of the game "
            "or discarded, so nobody can bid."
        ]
    return [
        f"Round {event.round} is done: special round! Everyone bids a diamond face down, or passes."
    ]


def _answered(event: BidAnswered, name: Names) -> list[str]:
    return [f"**{name(event.seat)}** has answered."]


def _revealed(event: BidsRevealed, name: Names) -> list[str]:
    bids = ", ".join(
        f"{name(seat)} {card if card is not None else '—'}" for seat, card in event.bids
    )
    if event.winner is not None:
        after = f"**{name(event.winner)}** takes a bonus turn."
    elif any(card is not None for _, card in event.bids):
        after = "A tie for the highest: no bonus turn."
    else:
        after = "Nobody bids: no bonus turn."
    return [f"Special round: {bids}. {after}"]


def _closed(event: RoundClosed, name: Names) -> list[str]:
    lines = ["The deck is shuffled and everyone still standing draws a card."]
    if event.round <= MAX_ROUNDS:
        lines.append(
            f"Play now goes the other way: **{name(event.first)}** starts round {event.round}."
        )
    if event.night_begins:
        lines.append(
            "🌙 The Long Night begins: at the end of this round's special round, and of every "
            "one after it, everyone standing discards their lowest heart; whoever has none left "
            "falls."
        )
    return lines


def _wounded(event: Wounded, name: Names) -> list[str]:
    wounds = ", ".join(f"{name(seat)} {card}" for seat, card in event.wounds)
    return [f"🌙 The Long Night: everyone standing discards their lowest heart ({wounds})."]


def _won(event: GameWon, name: Names) -> list[str]:
    winners = _and([f"**{name(seat)}**" for seat in event.winners])
    if not event.by_hearts:
        return [f"{winners} is the last one standing and wins!"]
    best = event.hearts[event.winners[0]] if event.hearts else 0
    if len(event.winners) == 1:
        return [
            f"Round {MAX_ROUNDS} is over: {winners} holds the most heart value ({best}) and wins!"
        ]
    return [f"Round {MAX_ROUNDS} is over: {winners} share the win with {best} in hearts each."]


LINES: dict[str, Callable[[Any, Names], list[str]]] = {
    "dealt": _dealt,
    "turn_started": _turn,
    "reshuffled": _reshuffled,
    "bought": _bought,
    "attacked": _attacked,
    "defended": _defended,
    "fell": _fell,
    "special_round": _special,
    "bid_answered": _answered,
    "bids_revealed": _revealed,
    "round_closed": _closed,
    "wounded": _wounded,
    "game_won": _won,
}
"""Events without a line (a turn ending) are told by the next one (the next turn starting)."""


def narrate(events: Sequence[Event], names: list[str]) -> list[str]:
    """The channel's lines for one move's events."""

    def name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"

    lines: list[str] = []
    for event in events:
        tell = LINES.get(kind_of(event))
        if tell is not None:
            lines += tell(event, name)
    return lines
