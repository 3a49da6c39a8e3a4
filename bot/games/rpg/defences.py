"""Answers to an attack: which sets of cards stop it, found fast enough for every button press.

A defence is any mix of spades, clubs and hearts worth at least the damage. Listing every such
set would be exponential in the hand, so the engine lists the *minimal* ones (no card could be
dropped and still reach the damage), cheapest first and capped, and it accepts any valid defence
by checking it. The cheapest defence that keeps a heart is found exactly, by a small
subset-sum table, because the timeout and the bot rely on it: losing every heart is death.
"""

from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache
from itertools import accumulate

from bot.games.cards import Card, Suit
from bot.games.rpg.values import defensive, hand_order, hearts, power, sorted_hand, total

MAX_LISTED = 40
"""Minimal defences listed at most (legal_actions stays short and quick)."""
SEARCH_STEPS = 6_000
"""Steps the listing search may take; the cheapest answers come first, so a cut-off only
drops dear ones."""
Defence = tuple[Card, ...]


def can_reach(hand: list[Card], damage: int) -> bool:
    """Whether all the defensive cards held together are worth the damage."""
    return total(defensive(hand)) >= damage


def can_keep_heart(hand: list[Card], damage: int) -> bool:
    """Whether some defence leaves a heart: all the other defensive cards, with the smallest
    heart left out, reach the damage."""
    held = hearts(hand)
    return bool(held) and total(defensive(hand)) - min(power(h) for h in held) >= damage


def keeps_heart(hand: list[Card], cards: Collection[Card]) -> bool:
    """Whether the hand still holds a heart after discarding `cards`."""
    return any(heart not in cards for heart in hearts(hand))


def is_minimal(cards: Defence, damage: int) -> bool:
    return total(cards) >= damage and total(cards) - min(power(card) for card in cards) < damage


def listed_defences(hand: list[Card], damage: int) -> list[Defence]:
    """The defences a defender is offered: the minimal ones (capped, cheapest first) and
    always the cheapest that keeps a heart, in order of cost (see `_dearness`). Worked out
    once per hand and damage: the listing, the bot and the timeout all ask for it."""
    return list(_listed(tuple(sorted_hand(defensive(hand))), damage))


@lru_cache(maxsize=4096)
def _listed(cards: tuple[Card, ...], damage: int) -> tuple[Defence, ...]:
    hand = list(cards)
    listed, whole = _search(hand, damage, MAX_LISTED, SEARCH_STEPS)
    if not whole:  # the cheapest answer keeping a heart is minimal: listed if nothing was cut
        keeping = cheapest_keeping_heart(hand, damage)
        if keeping is not None and keeping not in listed:
            listed.append(keeping)
    held = {card.text for card in hearts(hand)}
    return tuple(sorted(listed, key=lambda defence: _dearness(held, defence)))


def _dearness(held: set[str], cards: Defence) -> tuple[int, int, int, int, str]:
    """How dear a defence is: losing every heart first, then the value spent, the cards spent,
    the hearts spent, and the cards' texts so that equal costs still have one order."""
    spent = {card.text for card in cards}
    return (
        0 if held - spent else 1,
        total(cards),
        len(cards),
        len(held & spent),
        "".join(card.text for card in cards),
    )


def minimal_defences(
    hand: list[Card], damage: int, limit: int = MAX_LISTED, steps: int = SEARCH_STEPS
) -> list[Defence]:
    """Minimal defences in order of total value (each once, cards in hand order).

    A minimal set's total lies in [damage, damage + 12] (dropping its smallest card must fall
    short), and every card in a set of total `goal` is worth more than `goal - damage`. So the
    search tries each goal in turn and looks for exact sums among those cards only."""
    return _search(hand, damage, limit, steps)[0]


def _search(hand: list[Card], damage: int, limit: int, steps: int) -> tuple[list[Defence], bool]:
    """The minimal defences found, and whether that is all of them (no limit was reached)."""
    pool = sorted(defensive(hand), key=lambda card: (-power(card), hand_order(card)))
    search = _Search(limit=limit, steps=steps)
    for goal in range(damage, damage + 13):
        search.exact([card for card in pool if power(card) > goal - damage], goal)
        if search.done:
            return search.found, False
    return search.found, True


class _Search:
    """Sets of cards (taken highest first) that add up to exactly a goal, within a budget."""

    def __init__(self, limit: int, steps: int) -> None:
        self.limit, self.steps = limit, steps
        self.found: list[Defence] = []
        self.spent = 0

    @property
    def done(self) -> bool:
        return self.spent > self.steps or len(self.found) >= self.limit

    def exact(self, cards: list[Card], goal: int) -> None:
        values = [power(card) for card in cards]
        suffix = [*reversed([0, *accumulate(reversed(values))])]
        if suffix[0] >= goal:
            self._walk(cards, values, suffix, 0, goal, [])

    def _walk(
        self,
        cards: list[Card],
        values: list[int],
        suffix: list[int],
        start: int,
        remaining: int,
        chosen: list[Card],
    ) -> None:
        found, limit, steps = self.found, self.limit, self.steps
        for index in range(start, len(cards)):
            self.spent += 1
            if self.spent > steps or len(found) >= limit or suffix[index] < remaining:
                return
            value = values[index]
            if value == remaining:
                found.append(tuple(sorted_hand([*chosen, cards[index]])))
            elif value < remaining:
                picked = [*chosen, cards[index]]
                self._walk(cards, values, suffix, index + 1, remaining - value, picked)


def cheapest_keeping_heart(hand: list[Card], damage: int) -> Defence | None:
    """The cheapest defence that leaves a heart in hand (least value, then fewest cards, then
    fewest hearts), or None when every defence would take the last heart.

    A 0/1 knapsack over sums up to damage + 12 (a cheapest set is minimal, so it never goes
    higher), with one more bit per entry: whether some heart has been left out."""
    cards = sorted_hand(defensive(hand))
    cap = damage + 12
    table: dict[tuple[int, bool], tuple[int, int, Defence]] = {(0, False): (0, 0, ())}

    def offer(key: tuple[int, bool], entry: tuple[int, int, Defence]) -> None:
        if key not in table or entry < table[key]:
            table[key] = entry

    for card in cards:
        value, heart = power(card), card.suit == Suit.HEARTS
        for (reached, skipped), (count, spent, chosen) in list(table.items()):
            if heart and not skipped:
                offer((reached, True), (count, spent, chosen))
            if reached + value <= cap:
                offer((reached + value, skipped), (count + 1, spent + heart, (*chosen, card)))
    for reached in range(damage, cap + 1):
        if (reached, True) in table:
            return table[(reached, True)][2]
    return None
