"""Reading and comparing Dungeons & Deuces plays by poker rules.

A play is one to five cards. One to four cards must all share a value (single, pair, triple, four
of a kind) and only that value counts. Five cards must make a hand that uses all five: a straight,
a flush, a full house or a straight flush (two pair, three or four of a kind with kickers and a
bare high card are not five-card hands). Suits never break a tie.

Cards here are `Face`s: a card with the values it may take in this play. A natural card has one
value; Common loot may also be read one higher; a wild card (Epic loot, an ability, a joker) may be
any value from 2 to an ace and any suit; a Rare card may count as two cards of its kind. Every
reading is the best one the cards allow, because a higher reading is never worse for whoever
plays it, attacking or defending. Aces are high, and also low in the straight A-2-3-4-5 (its top is
the 5). Values above an ace (raised by abilities or loot) are ordinary bigger numbers: a straight
is any five consecutive values.

A defence must have as many cards as the attack, so a four of a kind can only be answered by a four
of a kind, never by a straight flush: `clash` refuses plays of different sizes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from functools import cache
from itertools import combinations, product

from bot.games.cards import Card, Suit

ACE = 14
LOW_ACE = 1
WILD_VALUES: tuple[int, ...] = tuple(range(2, ACE + 1))
MAX_PLAY = 5


class Category(IntEnum):
    """What a play is; plays of the same size compare by category first, then by key."""

    SINGLE = 1
    PAIR = 2
    TRIPLE = 3
    FOUR_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        return self.name.replace("_", " ").lower()


SETS: dict[int, Category] = {
    1: Category.SINGLE,
    2: Category.PAIR,
    3: Category.TRIPLE,
    4: Category.FOUR_OF_A_KIND,
}


Reading = tuple[Category, tuple[int, ...]]


class Result(StrEnum):
    ATTACKER = "attacker"
    TIE = "tie"
    DEFENDER = "defender"


@dataclass(frozen=True, slots=True)
class Face:
    """A card as it may be read in a play: the values it may take, its suit (None: any)."""

    card: Card
    values: tuple[int, ...]
    suit: Suit | None
    double: bool = False

    @property
    def top(self) -> int:
        return self.values[-1]

    @property
    def natural(self) -> bool:
        return len(self.values) == 1 and not self.double and self.suit is not None


@cache
def natural_face(card: Card) -> Face:
    return Face(card, (card.value,), card.suit) if card.suit else face(card, wild=True)


def face(
    card: Card, bonus: int = 0, wild: bool = False, plus_one: bool = False, double: bool = False
) -> Face:
    """The face of a card with its modifiers; a joker is always wild."""
    if not (bonus or wild or plus_one or double or card.is_joker):
        return natural_face(card)
    if wild or card.is_joker:
        return Face(card, tuple(v + bonus for v in WILD_VALUES), None, double)
    value = card.value + bonus
    return Face(card, (value, value + 1) if plus_one else (value,), card.suit, double)


def faces(hand: Iterable[Card]) -> list[Face]:
    """Natural faces for plain cards: what most tests and most hands are."""
    return [face(card) for card in hand]


@dataclass(frozen=True, slots=True)
class Play:
    """A reading of some cards: its category, its key (compared in order) and its size."""

    category: Category
    key: tuple[int, ...]
    cards: tuple[Card, ...]
    size: int

    def strength(self, edge: int = 0) -> tuple[int, tuple[int, ...]]:
        """What a clash compares; an edge (from abilities) shifts every value, never the kind."""
        return int(self.category), tuple(value + edge for value in self.key)

    def __str__(self) -> str:
        return f"{self.category.label} ({' '.join(map(str, self.cards))})"


def capacity(hand: Sequence[Face]) -> int:
    """The most cards these faces can count as (Rare cards count twice)."""
    return len(hand) + sum(1 for f in hand if f.double)


def read(hand: Sequence[Face], size: int | None = None) -> Play | None:
    """The best play these exact cards make, of the given size or else the largest they allow.

    Every card must be used. None when the cards make no valid play of that size.
    """
    if not hand:
        return None
    if size is not None:
        return _read_sized(hand, size)
    for wanted in range(min(MAX_PLAY, capacity(hand)), len(hand) - 1, -1):
        play = _read_sized(hand, wanted)
        if play is not None:
            return play
    return None


def clash(
    attack: Play, defence: Play | None, attack_edge: int = 0, defence_edge: int = 0
) -> Result:
    """Who wins a clash; a defence that is no valid play (None) can neither tie nor win."""
    if defence is None:
        return Result.ATTACKER
    if defence.size != attack.size:
        raise ValueError("a defence must have as many cards as the attack")
    attack_strength = attack.strength(attack_edge)
    defence_strength = defence.strength(defence_edge)
    if defence_strength > attack_strength:
        return Result.DEFENDER
    return Result.TIE if defence_strength == attack_strength else Result.ATTACKER


# ---- reading one set of cards ------------------------------------------------------------------


def _read_sized(hand: Sequence[Face], size: int) -> Play | None:
    if size == len(hand) and 1 <= size <= MAX_PLAY:
        return _read_counts(hand, [1] * size, size)
    doubles = [i for i, f in enumerate(hand) if f.double]
    extra = size - len(hand)
    if not 1 <= size <= MAX_PLAY or extra < 0 or extra > len(doubles):
        return None
    best: Play | None = None
    for twice in combinations(doubles, extra):
        counts = [2 if i in twice else 1 for i in range(len(hand))]
        play = _read_counts(hand, counts, size)
        if play is not None and (best is None or play.strength() > best.strength()):
            best = play
    return best


def _read_counts(hand: Sequence[Face], counts: list[int], size: int) -> Play | None:
    cards = tuple(f.card for f in hand)
    if size < MAX_PLAY:
        common = set(hand[0].values).intersection(*(f.values for f in hand[1:]))
        return Play(SETS[size], (max(common),), cards, size) if common else None
    if all(f.natural for f in hand):
        found = _five_natural([f.values[0] for f in hand], {f.suit for f in hand})
    else:
        found = _five_flexible(hand, counts)
    return Play(found[0], found[1], cards, size) if found else None


def _five_natural(values: list[int], suits: set[Suit | None]) -> Reading | None:
    values.sort(reverse=True)
    flush = len(suits) == 1
    top = _natural_straight(values)
    if top and flush:
        return Category.STRAIGHT_FLUSH, (top,)
    shape = sorted(((values.count(v), v) for v in set(values)), reverse=True)
    if [n for n, _ in shape] == [3, 2]:
        return Category.FULL_HOUSE, (shape[0][1], shape[1][1])
    if flush:
        return Category.FLUSH, tuple(values)
    if top:
        return Category.STRAIGHT, (top,)
    return None


def _natural_straight(descending: list[int]) -> int:
    """The top of the straight these five values make, or 0."""
    if len(set(descending)) != MAX_PLAY:
        return 0
    if descending[0] - descending[-1] == MAX_PLAY - 1:
        return descending[0]
    if descending[0] == ACE and descending[1] == MAX_PLAY:
        return MAX_PLAY
    return 0


def _same_suit(hand: Sequence[Face]) -> bool:
    return len({f.suit for f in hand if f.suit is not None}) <= 1


def _five_flexible(hand: Sequence[Face], counts: list[int]) -> Reading | None:
    flush = _same_suit(hand)
    top = _flexible_straight(hand) if max(counts) == 1 else 0
    if top and flush:
        return Category.STRAIGHT_FLUSH, (top,)
    full = _flexible_full_house(hand, counts)
    if full:
        return Category.FULL_HOUSE, full
    if flush:
        tops = sorted((f.top for f, n in zip(hand, counts, strict=True) for _ in range(n)))
        return Category.FLUSH, tuple(reversed(tops))
    if top:
        return Category.STRAIGHT, (top,)
    return None


def _can_be(f: Face, value: int) -> bool:
    return value in f.values or (value == LOW_ACE and ACE in f.values)


def _flexible_straight(hand: Sequence[Face]) -> int:
    tops = sorted({v for f in hand for v in f.values if v >= MAX_PLAY}, reverse=True)
    for top in tops:
        wanted = [top - i if top - i > LOW_ACE else LOW_ACE for i in range(MAX_PLAY)]
        if _matches(list(hand), wanted):
            return top
    return 0


def _matches(hand: list[Face], wanted: list[int]) -> bool:
    """Whether each face can take a different one of the wanted values (a perfect matching)."""
    if not hand:
        return not wanted
    first, rest = hand[0], hand[1:]
    for i, value in enumerate(wanted):
        if _can_be(first, value) and _matches(rest, wanted[:i] + wanted[i + 1 :]):
            return True
    return False


def _flexible_full_house(hand: Sequence[Face], counts: list[int]) -> tuple[int, int] | None:
    values = sorted({v for f in hand for v in f.values}, reverse=True)
    for three in values:
        for two in values:
            if two != three and _splits(hand, counts, three, two):
                return three, two
    return None


def _splits(hand: Sequence[Face], counts: list[int], three: int, two: int) -> bool:
    """Whether the cards can be split into three of one value and two of the other."""
    threes = twos = 0
    either: list[int] = []
    for f, n in zip(hand, counts, strict=True):
        can_three, can_two = three in f.values, two in f.values
        if can_three and can_two:
            either.append(n)
        elif can_three:
            threes += n
        elif can_two:
            twos += n
        else:
            return False
    need = 3 - threes
    if need < 0 or twos > 2:
        return False
    return any(sum(c) == need for r in range(len(either) + 1) for c in combinations(either, r))


# ---- every play a hand can make -----------------------------------------------------------------


def plays(
    hand: Sequence[Face], sizes: Iterable[int] = range(1, MAX_PLAY + 1), distinct: bool = False
) -> list[Play]:
    """Every valid play the hand can make, once per set of cards and size, strongest last.

    Sets of one to four come from the cards that can share each value; five-card hands from the
    shapes that can make one (straights, flushes, full houses), so a hand of ten never costs the
    252 five-card subsets a blind search would. With `distinct`, natural sets are listed once per
    value and size (which of the equal cards is played cannot matter to a policy).
    """
    found: dict[tuple[tuple[int, ...], int], Play] = {}
    natural = all(f.natural for f in hand)
    sets: list[Play] = []
    by_value = _by_value(hand)
    for size in sizes:
        if size < MAX_PLAY and natural:
            sets += _natural_sets(hand, by_value, size, distinct)
            continue
        if size == MAX_PLAY:
            groups = _natural_five_groups(hand, by_value) if natural else _five_card_groups(hand)
        else:
            groups = _set_groups(hand, size)
        for group in groups:
            key = (group, size)
            if key not in found:
                play = _read_sized([hand[i] for i in group], size)
                if play is not None:
                    found[key] = play
    return sorted([*sets, *found.values()], key=lambda p: (p.size, p.category, p.key))


def _natural_sets(
    hand: Sequence[Face], by_value: dict[int, list[int]], size: int, distinct: bool
) -> list[Play]:
    category = SETS[size]
    found: list[Play] = []
    for value, held in by_value.items():
        if len(held) < size or value == LOW_ACE:
            continue
        groups = [held[:size]] if distinct else combinations(held, size)
        found.extend(
            Play(category, (value,), tuple(hand[i].card for i in group), size) for group in groups
        )
    return found


def _natural_five_groups(
    hand: Sequence[Face], by_value: dict[int, list[int]]
) -> set[tuple[int, ...]]:
    """Five-card shapes among natural cards, checked by counts before any combination is built."""
    groups = _straight_groups(by_value) if len(by_value) >= MAX_PLAY else set()
    by_suit: dict[Suit | None, list[int]] = {}
    for i, f in enumerate(hand):
        by_suit.setdefault(f.suit, []).append(i)
    for held in by_suit.values():
        if len(held) >= MAX_PLAY:
            groups.update(combinations(held, MAX_PLAY))
    trios = [v for v, held in by_value.items() if len(held) >= 3 and v != LOW_ACE]
    pairs = [v for v, held in by_value.items() if len(held) >= 2 and v != LOW_ACE]
    for three in trios:
        for two in pairs:
            if two != three:
                groups.update(
                    tuple(sorted(a + b))
                    for a in combinations(by_value[three], 3)
                    for b in combinations(by_value[two], 2)
                )
    return groups


def _fits(hand: Sequence[Face], group: tuple[int, ...], size: int) -> bool:
    return len(group) <= size <= len(group) + sum(1 for i in group if hand[i].double)


def _by_value(hand: Sequence[Face]) -> dict[int, list[int]]:
    """Value -> indexes of the cards that can take it (an ace can also be the low 1)."""
    able: dict[int, list[int]] = {}
    for i, f in enumerate(hand):
        for value in f.values:
            able.setdefault(value, []).append(i)
        if ACE in f.values:
            able.setdefault(LOW_ACE, []).append(i)
    return able


def _set_groups(hand: Sequence[Face], size: int) -> set[tuple[int, ...]]:
    groups: set[tuple[int, ...]] = set()
    for value, able in _by_value(hand).items():
        if value == LOW_ACE:
            continue
        for count in range(1, min(size, len(able)) + 1):
            groups.update(g for g in combinations(able, count) if _fits(hand, g, size))
    return groups


def _five_card_groups(hand: Sequence[Face]) -> set[tuple[int, ...]]:
    able = _by_value(hand)
    return _straight_groups(able) | _flush_groups(hand) | _full_house_groups(hand, able)


def _straight_groups(able: dict[int, list[int]]) -> set[tuple[int, ...]]:
    groups: set[tuple[int, ...]] = set()
    for top in able:
        wanted = [top - i if top - i > LOW_ACE else LOW_ACE for i in range(MAX_PLAY)]
        if top < MAX_PLAY or any(value not in able for value in wanted):
            continue
        for pick in product(*(able[value] for value in wanted)):
            if len(set(pick)) == MAX_PLAY:
                groups.add(tuple(sorted(pick)))
    return groups


def _flush_groups(hand: Sequence[Face]) -> set[tuple[int, ...]]:
    groups: set[tuple[int, ...]] = set()
    for suit in {f.suit for f in hand if f.suit is not None}:
        able = [i for i, f in enumerate(hand) if f.suit in (suit, None)]
        doubles = sum(1 for i in able if hand[i].double)
        for count in range(max(3, MAX_PLAY - doubles), MAX_PLAY + 1):
            groups.update(g for g in combinations(able, count) if _fits(hand, g, MAX_PLAY))
    return groups


def _full_house_groups(hand: Sequence[Face], able: dict[int, list[int]]) -> set[tuple[int, ...]]:
    groups: set[tuple[int, ...]] = set()
    values = [v for v in able if v != LOW_ACE]
    for three, two in product(values, repeat=2):
        if three == two or len(able[three]) < 2 or not able[two]:
            continue
        for count in (2, 3):
            for trio in combinations(able[three], count):
                if not _fits(hand, trio, 3):
                    continue
                rest = [i for i in able[two] if i not in trio]
                for size in (1, 2):
                    groups.update(
                        tuple(sorted(trio + pair))
                        for pair in combinations(rest, size)
                        if _fits(hand, pair, 2)
                    )
    return groups
