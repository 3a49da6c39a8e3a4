"""What a player can do, and its one text form for buttons, logs and typing.

    buy.KD                 discard a diamond to draw (before the turn's first attack)
    attack.9S.5C7C.2       a spade, its clubs (codes run together) and the target seat
    end                    end the turn
    defend.5S7C3H          answer the attack in play with these cards
    bid.QD | nobid         the special round's sealed bid, or a pass

Cards go by their two-character codes (`TS` is 10♠), so the longest text a button ever carries
(a minimal defence of thirteen cards) stays well inside a custom_id.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from bot.games.cards import Card, CardParseError, Rank
from bot.games.contract import Action, IllegalAction
from bot.games.rpg.values import codes


class Buy(Action, frozen=True):
    """Spend a diamond (removed from the game) on 1, 2 or 3 cards."""

    kind: Literal["buy"] = "buy"
    card: Card

    def __str__(self) -> str:
        return f"buy.{self.card.code}"


class Attack(Action, frozen=True):
    """Discard a spade and up to its allowance of clubs at a living opponent."""

    kind: Literal["attack"] = "attack"
    spade: Card
    clubs: tuple[Card, ...]
    target: int

    def __str__(self) -> str:
        return f"attack.{self.spade.code}.{codes(self.clubs)}.{self.target}"


class EndTurn(Action, frozen=True):
    kind: Literal["end"] = "end"

    def __str__(self) -> str:
        return "end"


class Defend(Action, frozen=True):
    """Discard spades (running), clubs (countering) and hearts (taking it) worth the damage."""

    kind: Literal["defend"] = "defend"
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"defend.{codes(self.cards)}"


class Bid(Action, frozen=True):
    """Put a diamond face down in the special round."""

    kind: Literal["bid"] = "bid"
    card: Card

    def __str__(self) -> str:
        return f"bid.{self.card.code}"


class NoBid(Action, frozen=True):
    kind: Literal["nobid"] = "nobid"

    def __str__(self) -> str:
        return "nobid"


RpgAction = Annotated[Buy | Attack | EndTurn | Defend | Bid | NoBid, Field(discriminator="kind")]


def _card(code: str) -> Card:
    """A card by its code exactly ("TS", never "10s"), so each action has one text."""
    card = Card.parse(code)
    if card.rank == Rank.JOKER or card.code != code:
        raise CardParseError(f"not a card code: {code!r}")
    return card


def _run(text: str) -> tuple[Card, ...]:
    """Cards written as codes run together ("5C7C"): two characters each."""
    if not text or len(text) % 2:
        raise CardParseError(f"not a run of card codes: {text!r}")
    return tuple(_card(text[i : i + 2]) for i in range(0, len(text), 2))


def _target(text: str) -> int:
    if not text.isdigit():
        raise ValueError(f"not a seat: {text!r}")
    return int(text)


def parse_action(text: str) -> RpgAction:
    """Read an action from its text form; anything else is an IllegalAction."""
    words = text.strip().split(".")
    head, rest = words[0], words[1:]
    try:
        match head, rest:
            case "buy", [card]:
                return Buy(card=_card(card))
            case "attack", [spade, clubs, target]:
                return Attack(spade=_card(spade), clubs=_run(clubs), target=_target(target))
            case "end", []:
                return EndTurn()
            case "defend", [cards]:
                return Defend(cards=_run(cards))
            case "bid", [card]:
                return Bid(card=_card(card))
            case "nobid", []:
                return NoBid()
            case _:
                raise IllegalAction(f"not an action: {text!r}")
    except ValueError as error:
        raise IllegalAction(f"not an action: {text!r}") from error
