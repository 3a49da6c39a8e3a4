"""Every card and counter of a game between two actions; the rules that move them are in
`engine.py`, so views and the bot policy can read a table without reaching into its rules."""

from __future__ import annotations

from collections import Counter
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, Field

from bot.games.cards import Card, Suit, standard_deck
from bot.games.contract import GameState
from bot.games.rpg.actions import RpgAction
from bot.games.rpg.values import hearts, total

DIAMONDS = 13
"""One deck's diamonds: once all are out of the game or discarded, nobody can bid."""


class Phase(StrEnum):
    TURN = "turn"
    """The seat on turn buys, attacks or ends its turn."""
    DEFEND = "defend"
    """The target of the attack in play must answer it."""
    BID = "bid"
    """The special round: every living seat bids a diamond face down or passes."""
    OVER = "over"


class InPlay(BaseModel):
    """An attack waiting for its answer: its cards lie on the table until then."""

    attacker: int
    target: int
    spade: Card
    clubs: list[Card]

    @property
    def cards(self) -> list[Card]:
        return [self.spade, *self.clubs]

    @property
    def damage(self) -> int:
        return total(self.clubs)


class RpgTable(GameState[RpgAction]):
    game: Literal["rpg"] = "rpg"
    players: int = 2
    hands: list[list[Card]] = Field(default_factory=list[list[Card]])
    deck: list[Card] = Field(default_factory=list[Card])
    """The draw pile, top card first."""
    discard: list[Card] = Field(default_factory=list[Card])
    removed: list[Card] = Field(default_factory=list[Card])
    """Diamonds spent on buying: out of the game for good (public)."""
    fallen: list[int] = Field(default_factory=list[int])
    """Dead seats in the order they died: the first to die ranks last."""
    phase: Phase = Phase.TURN
    current: int = 0
    """The seat whose turn it is (during a defence: the attacker)."""
    direction: int = 1
    """+1 clockwise (seat order), -1 after an odd number of special rounds."""
    bonus: bool = False
    """The turn on is the special round's bonus turn."""
    attacked: bool = False
    """The turn has attacked, so it may no longer buy."""
    attack: InPlay | None = None
    round: int = 1
    played: list[int] = Field(default_factory=list[int])
    """Seats that have had their normal turn this round."""
    last_normal: int = 0
    """The seat of the latest normal turn: it goes first after the special round."""
    bids: list[Card | None] = Field(default_factory=list[Card | None])
    """Sealed bids by seat, hidden until every living seat has answered."""
    answered: list[int] = Field(default_factory=list[int])
    revealed: list[tuple[int, Card | None]] = Field(default_factory=list[tuple[int, Card | None]])
    """The last special round's bids, face up once revealed."""
    shuffles: int = 0
    """Shuffles so far: shuffle k uses `seeded_rng(seed, f"shuffle:{k}")`."""
    winners: list[int] = Field(default_factory=list[int])
    final_hearts: list[int] = Field(default_factory=list[int])
    """The heart value in each seat's hand when the round cap ended the game (else empty)."""
    long_night: int = 0
    """The round from which the Long Night wounds every living player at the end of each
    special round; 0: off. A game saved before the setting existed loads with it off, so it
    ends by the rules it was started under."""

    # ---- public facts ----------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.OVER

    def alive(self, seat: int) -> bool:
        return 0 <= seat < self.players and seat not in self.fallen

    def living(self) -> list[int]:
        return [seat for seat in range(self.players) if seat not in self.fallen]

    def opponents(self, seat: int) -> list[int]:
        return [other for other in self.living() if other != seat]

    def heart_count(self, seat: int) -> int:
        """How many hearts a seat holds: secret, for that seat's own eyes only."""
        return len(hearts(self.hands[seat]))

    def hand_size(self, seat: int) -> int:
        """How many cards a seat holds, as the table shows it: a diamond sealed as a bid
        still counts, or a count that dropped would tell who bid before the reveal."""
        sealed = self.phase == Phase.BID and self.bids[seat] is not None
        return len(self.hands[seat]) + sealed

    def night_falls(self) -> bool:
        """Whether this round's special round ends with the Long Night's wound."""
        return 0 < self.long_night <= self.round

    def diamonds_unseen(self) -> bool:
        """Whether a diamond may still be in some hand: one is neither out of the game nor
        in the discard pile, the places everyone can see."""
        seen = {card for card in [*self.removed, *self.discard] if card.suit == Suit.DIAMONDS}
        return len(seen) < DIAMONDS

    def following(self, seat: int, direction: int | None = None) -> int:
        """The next living seat after `seat` (which may be dead) in the direction of play."""
        step = self.direction if direction is None else direction
        for offset in range(1, self.players + 1):
            other = (seat + step * offset) % self.players
            if self.alive(other):
                return other
        return seat

    # ---- where every card is ---------------------------------------------------------------

    def card_places(self) -> dict[str, list[Card]]:
        """Every card by the place it lies in."""
        places = {
            "deck": list(self.deck),
            "discard": list(self.discard),
            "removed": list(self.removed),
            "bids": [card for card in self.bids if card is not None],
            "in play": self.attack.cards if self.attack else [],
        }
        for seat, hand in enumerate(self.hands):
            places[f"hand {seat}"] = list(hand)
        return places

    def all_cards(self) -> list[Card]:
        return [card for cards in self.card_places().values() for card in cards]

    def check_cards(self) -> None:
        """Raise if any card of the one deck is missing, doubled, or foreign: every card is
        always in exactly one place."""
        held = Counter(self.all_cards())
        deck = Counter(standard_deck())
        if held != deck:
            raise AssertionError(
                f"cards out of place: missing {sorted(map(str, deck - held))}, "
                f"extra {sorted(map(str, held - deck))}"
            )
