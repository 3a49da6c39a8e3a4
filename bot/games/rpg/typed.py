"""Moves as a person types them in the terminal: cards in any order, with any separator, and
players by the number the table shows beside their names.

    jc 2s · 2s jc · jc,2s · defend jc 2s    a defence (any valid one, listed or not)
    ts 6c 2 · attack ts 6c 2 · 6c.ts.2      an attack on the player shown as 2 (with a single
                                            opponent the number may be left out)
    kd · buy kd                             buy with a diamond (in the special round: bid it)
    end · pass · nobid                      end the turn, or pass the bid

The text form the buttons carry (`actions.py`) names seats from 0 and is never typed by a
person: a typed number is always the table's own, counted from 1. A typed move is read against
the table (the phase decides what cards mean); whether it is legal is the engine's to say.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from bot.games.cards import Card, CardParseError, Rank, Suit
from bot.games.contract import IllegalAction
from bot.games.rpg.actions import Attack, Bid, Buy, Defend, EndTurn, NoBid, RpgAction
from bot.games.rpg.engine import RpgState
from bot.games.rpg.state import Phase
from bot.games.rpg.values import sorted_hand

SEPARATORS = re.compile(r"[\s.,;:+/&|]+")
SEAT = re.compile(r"(?:@|#|p|player)?(\d{1,2})")
CARD = re.compile(r"(?:10|[2-9tjqka])[shdc♠♥♦♣]\ufe0f?")
CARD_RUN = re.compile(rf"(?:{CARD.pattern})+")
VERBS = {
    "buy": "buy",
    "attack": "attack",
    "defend": "defend",
    "bid": "bid",
    "end": "end",
    "endturn": "end",
    "done": "end",
    "pass": "nobid",
    "nobid": "nobid",
}
"""Words that name a kind of move; "end turn" and "no bid" are read as one word."""
FILLER = {"player", "seat", "at", "on", "with", "and", "the", "turn"}
"""Words a person may put between the cards and the number ("ts 6c at player 2")."""


def typed_action(state: RpgState, seat: int, text: str) -> RpgAction | None:
    """The move a typed text names at this table, legal or not; None when it names no cards
    and no move (a bare number is the terminal's: a move's place in its list). An
    IllegalAction says what is wrong with a text that names cards but no one move."""
    words = _words(text)
    verbs = [VERBS[word] for word in words if word in VERBS]
    cards, seats, unknown = _read(word for word in words if word not in VERBS)
    if unknown or len(verbs) > 1 or (not verbs and not cards):
        return None
    verb = verbs[0] if verbs else None
    match verb, state.phase:
        case ("end", _) | ("nobid", _):
            return _bare(verb, cards, seats)
        case (None | "defend", Phase.DEFEND):
            return Defend(cards=tuple(sorted_hand(cards))) if cards and not seats else None
        case (None | "bid", Phase.BID):
            return Bid(card=cards[0]) if len(cards) == 1 and not seats else None
        case (None | "buy", _) if len(cards) == 1 and cards[0].suit == Suit.DIAMONDS:
            return Buy(card=cards[0]) if not seats else None
        case (None | "attack", _):
            return _attack(state, seat, cards, seats)
        case _:
            return None


def _words(text: str) -> list[str]:
    joined = re.sub(r"\bend\s+turn\b", "endturn", text.strip().lower())
    joined = re.sub(r"\bno\s+bid\b", "nobid", joined)
    return [word for word in SEPARATORS.split(joined) if word and word not in FILLER]


def _read(words: Iterable[str]) -> tuple[list[Card], list[int], list[str]]:
    """The cards, the seat numbers (as typed, from 1) and the words that are neither."""
    cards: list[Card] = []
    seats: list[int] = []
    unknown: list[str] = []
    for word in words:
        seat = SEAT.fullmatch(word)
        if seat is not None:
            seats.append(int(seat.group(1)))
            continue
        found = _cards(word)
        if found is None:
            unknown.append(word)
        else:
            cards += found
    return cards, seats, unknown


def _cards(word: str) -> list[Card] | None:
    """One card ("jc", "10s", "j♣") or several run together ("5s7c3h", the buttons' form)."""
    if not CARD_RUN.fullmatch(word):
        return None
    try:
        found = [Card.parse(card.group(0)) for card in CARD.finditer(word)]
    except CardParseError:
        return None
    return found if all(card.rank != Rank.JOKER for card in found) else None


def _bare(verb: str, cards: list[Card], seats: list[int]) -> RpgAction | None:
    if cards or seats:
        return None
    return EndTurn() if verb == "end" else NoBid()


def _attack(state: RpgState, seat: int, cards: list[Card], seats: list[int]) -> RpgAction | None:
    spades = [card for card in cards if card.suit == Suit.SPADES]
    clubs = tuple(sorted_hand(card for card in cards if card.suit == Suit.CLUBS))
    if len(spades) != 1 or not clubs or len(spades) + len(clubs) != len(cards):
        raise IllegalAction(
            "an attack is one spade and its clubs (2-10 allows 1 club, J/Q/K 2, A 3), then the "
            "number of the player to attack"
        )
    return Attack(spade=spades[0], clubs=clubs, target=_target(state, seat, seats))


def _target(state: RpgState, seat: int, seats: list[int]) -> int:
    """The seat a typed number names (the table's numbers count from 1); with one opponent
    the number may be left out."""
    opponents = state.opponents(seat)
    shown = ", ".join(str(other + 1) for other in opponents)
    if not seats:
        if len(opponents) == 1:
            return opponents[0]
        raise IllegalAction(f"say whom to attack: add their number as the table shows it ({shown})")
    if len(seats) > 1:
        raise IllegalAction(f"attack one player at a time ({shown})")
    if seats[0] - 1 not in opponents:
        raise IllegalAction(
            f"{seats[0]} is not a living opponent: the numbers to attack are {shown}"
        )
    return seats[0] - 1
