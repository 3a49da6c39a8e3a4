"""The bot player (and the 💡 hint): a sensible legal move from what one seat can see.

It reads only what a person in its seat could know: its own hand and the public table (who
lives, how many cards each holds, the discard pile, the diamonds out of the game, the attack in
play), never another hand, a sealed bid or the order of the deck; and it is deterministic: the
same table gives the same move. The plan:

- buy with every diamond, except (with a big hand) its best one while it is likely to win the
  special round (at most one higher diamond has not been spent on buying), kept to bid;
- attack the opponent that looks weakest (fewest cards held) when the blow is likely to
  kill them, or big enough to drain them while the bot keeps plenty to defend itself;
- defend with the cheapest answer that keeps a heart, hearts counting half again as dear;
- bid that diamond, and pass without one.
"""

from __future__ import annotations

from itertools import combinations

from bot.games.cards import Card, Suit, standard_deck
from bot.games.rpg.actions import Attack, Bid, Buy, Defend, EndTurn, NoBid, RpgAction
from bot.games.rpg.defences import keeps_heart
from bot.games.rpg.engine import RpgState
from bot.games.rpg.state import Phase
from bot.games.rpg.values import bid_rank, defensive, hearts, of_suit, power, tier, total

UNKNOWN_HEART = 7.0
"""What the heart an opponent must keep is worth, on average: their guard leaves it out."""
RESERVE = 40
"""Defence the bot keeps in hand (beyond its last heart) before it spends cards on a blow
that is unlikely to kill: against players who spend freely, waiting for kills pays."""
MIN_BLOW = 8
"""Smaller attacks cost the bot about as much as they cost the defender."""
RIVALS = 1
"""A diamond is kept for the bids while at most this many higher ones are still in play..."""
KEEP_HAND = 10
"""...and only by a hand of this many cards, for which one card more matters less than a
bonus turn."""
HEART_COST = 1.5
"""How much dearer a heart is to spend in defence than a spade or a club of the same value:
hearts are life, and they decide a game that reaches the round cap."""


def bot_action(state: RpgState, seat: int) -> RpgAction | None:
    """The bot's move for a seat the game waits on (None if it waits on someone else)."""
    if state.is_over or seat not in state.acting():
        return None
    match state.phase:
        case Phase.DEFEND:
            return _defend(state, seat)
        case Phase.BID:
            return _bid(state, seat)
        case _:
            return _turn(state, seat)


def bid_worthy(state: RpgState, seat: int) -> Card | None:
    """The seat's highest diamond, if at most `RIVALS` higher diamonds are still in play (not
    spent on buying, which is public): a bid likely to be the highest, worth keeping."""
    diamonds = of_suit(state.hands[seat], Suit.DIAMONDS)
    if not diamonds:
        return None
    best = max(diamonds, key=bid_rank)
    gone = set(state.removed)
    higher = [card for card in DIAMONDS if bid_rank(card) > bid_rank(best) and card not in gone]
    return best if len(higher) <= RIVALS else None


DECK = standard_deck()
DIAMONDS = [card for card in DECK if card.suit == Suit.DIAMONDS]


def _turn(state: RpgState, seat: int) -> RpgAction:
    hand = state.hands[seat]
    if not state.attacked:
        keep = bid_worthy(state, seat) if len(hand) >= KEEP_HAND else None
        spend = [card for card in of_suit(hand, Suit.DIAMONDS) if card != keep]
        if spend:
            return Buy(card=max(spend, key=tier))
    attack = _best_attack(state, seat)
    return attack if attack is not None else EndTurn()


def guard(cards: list[Card]) -> int:
    """How much damage a hand can answer and still keep a heart."""
    held = hearts(cards)
    if not held:
        return 0
    return total(defensive(cards)) - min(power(card) for card in held)


def unseen(state: RpgState, seat: int) -> list[Card]:
    """The cards a seat cannot see: the other hands, their sealed bids and the deck, all
    mixed together (what is left of the deck once its own hand and the face-up cards are
    taken out)."""
    seen = [*state.hands[seat], *state.discard, *state.removed]
    if state.attack is not None:
        seen += state.attack.cards
    sealed = state.bids[seat] if seat < len(state.bids) else None
    if sealed is not None:
        seen.append(sealed)
    known = set(seen)
    return [card for card in DECK if card not in known]


def card_worth(state: RpgState, seat: int) -> float:
    """What an unseen card is worth in defence on average (diamonds count nothing)."""
    hidden = unseen(state, seat)
    return total(defensive(hidden)) / len(hidden) if hidden else 0.0


def estimate(state: RpgState, seat: int, worth: float) -> float:
    """An opponent's guard, guessed from what the table shows: the cards they hold, each
    worth an unseen card's average, less the heart they must keep."""
    return max(state.hand_size(seat) * worth - UNKNOWN_HEART, 0.0)


def _best_attack(state: RpgState, seat: int) -> Attack | None:
    """The strongest blow the hand allows, at the weakest-looking opponent, if worth it."""
    hand = state.hands[seat]
    spades, clubs = of_suit(hand, Suit.SPADES), of_suit(hand, Suit.CLUBS)
    if not spades or not clubs:
        return None
    lowest: dict[int, Card] = {}
    for spade in spades:
        lowest.setdefault(tier(spade), spade)
    options = [
        (spade, chosen)
        for allowance, spade in lowest.items()
        for size in range(1, allowance + 1)
        for chosen in combinations(clubs, size)
    ]
    worth = card_worth(state, seat)
    guesses = {other: estimate(state, other, worth) for other in state.opponents(seat)}
    weakest = min(guesses, key=lambda other: (guesses[other], other))
    threat = guesses[weakest]
    best: tuple[tuple[int, ...], Attack] | None = None
    for spade, chosen in options:
        damage = total(chosen)
        left = [card for card in hand if card != spade and card not in chosen]
        if damage > threat:  # likely a kill: spend the least that still kills
            key: tuple[int, ...] = (1, -power(spade) - damage)
        elif damage >= MIN_BLOW and guard(left) >= RESERVE:  # a drain: the biggest blow
            key = (0, damage, -power(spade))
        else:
            continue
        if best is None or key > best[0]:
            best = (key, Attack(spade=spade, clubs=chosen, target=weakest))
    return best[1] if best is not None else None


def _defend(state: RpgState, seat: int) -> RpgAction:
    """The cheapest listed defence that keeps a heart, hearts counting dearer than the rest:
    they are life, and what decides a game that reaches the round cap."""
    hand = state.hands[seat]
    answers = [cards for cards in state.defences(seat) if keeps_heart(hand, cards)]

    def price(cards: tuple[Card, ...]) -> tuple[float, int]:
        spent = sum(power(c) * (HEART_COST if c.suit == Suit.HEARTS else 1) for c in cards)
        return spent, len(cards)

    return Defend(cards=min(answers, key=price))


def _bid(state: RpgState, seat: int) -> RpgAction:
    keep = bid_worthy(state, seat)
    return Bid(card=keep) if keep is not None else NoBid()
