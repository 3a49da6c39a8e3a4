"""Typed records of what happened at the table; the voice, the views and the tests read these.

Some events carry private cards (what a player drew) so that a log can replay a game; the voice
never tells them. A sealed bid is recorded only as "answered" until every bid is in, and then
all of them are revealed in one event.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from bot.games.cards import Card
from bot.games.contract import Event


class Dealt(Event, frozen=True):
    kind: Literal["dealt"] = "dealt"
    players: int
    redeals: int
    """How many deals were gathered again because some hand held no heart."""
    first: int
    long_night: int = 0
    """The round the Long Night begins (0: off)."""


class TurnStarted(Event, frozen=True):
    """A turn begins with its compulsory draw (`cards` is private; empty: nothing to draw)."""

    kind: Literal["turn_started"] = "turn_started"
    seat: int
    bonus: bool = False
    cards: list[Card] = []


class Reshuffled(Event, frozen=True):
    """The discard pile was shuffled into the deck (`cards` of them)."""

    kind: Literal["reshuffled"] = "reshuffled"
    cards: int


class Bought(Event, frozen=True):
    """A diamond spent and gone from the game; `cards` (private) were drawn for it."""

    kind: Literal["bought"] = "bought"
    seat: int
    diamond: Card
    cards: list[Card] = []


class Attacked(Event, frozen=True):
    kind: Literal["attacked"] = "attacked"
    seat: int
    target: int
    spade: Card
    clubs: list[Card]
    damage: int


class Defended(Event, frozen=True):
    kind: Literal["defended"] = "defended"
    seat: int
    cards: list[Card]
    total: int


Death = Literal["overwhelmed", "heartless", "doomed", "left", "night"]
"""Why a player died: the damage was out of reach, they spent their last heart, every answer
would have spent it, they left the game, or the Long Night's wound took their last heart."""


class Fell(Event, frozen=True):
    """A player is dead; their hand (`cards` of them) went to the discard pile."""

    kind: Literal["fell"] = "fell"
    seat: int
    reason: Death
    cards: int
    damage: int = 0
    called_off: bool = False
    """A player who left during an attack they made or had to answer: it ends with them."""


class TurnEnded(Event, frozen=True):
    kind: Literal["turn_ended"] = "turn_ended"
    seat: int
    bonus: bool = False


class SpecialRound(Event, frozen=True):
    """Every living player has had a turn: the sealed bids open."""

    kind: Literal["special_round"] = "special_round"
    round: int
    skipped: bool = False
    """No diamond can be in any hand (all are out of the game or discarded): nobody is asked."""


class BidAnswered(Event, frozen=True):
    """A seat has bid or passed; which, and what, stays hidden until the reveal."""

    kind: Literal["bid_answered"] = "bid_answered"
    seat: int


class BidsRevealed(Event, frozen=True):
    kind: Literal["bids_revealed"] = "bids_revealed"
    bids: list[tuple[int, Card | None]]
    """(seat, diamond or None for a pass) for every seat that answered, in seat order."""
    winner: int | None
    """The single highest bid's seat; None when nobody bid or the highest bids tie."""


class RoundClosed(Event, frozen=True):
    """The deck was shuffled, every living player drew one, and play turned round."""

    kind: Literal["round_closed"] = "round_closed"
    round: int
    """The round that begins now."""
    direction: int
    first: int
    drawn: list[tuple[int, list[Card]]] = []
    """(seat, cards) each living player drew: private."""
    night_begins: bool = False
    """The Long Night begins with this round: its special round ends with the first wound."""


class Wounded(Event, frozen=True):
    """The Long Night: every living player discarded their lowest heart (face up)."""

    kind: Literal["wounded"] = "wounded"
    round: int
    wounds: list[tuple[int, Card]]


class GameWon(Event, frozen=True):
    kind: Literal["game_won"] = "game_won"
    winners: list[int]
    by_hearts: bool = False
    """The round cap was reached and the hearts in hand decided."""
    hearts: list[int] = []
    """With `by_hearts`: each seat's heart value then (0 for the dead)."""


RpgEvent = Annotated[
    Dealt
    | TurnStarted
    | Reshuffled
    | Bought
    | Attacked
    | Defended
    | Fell
    | TurnEnded
    | SpecialRound
    | BidAnswered
    | BidsRevealed
    | RoundClosed
    | Wounded
    | GameWon,
    Field(discriminator="kind"),
]
