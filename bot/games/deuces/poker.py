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

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from functools import cache
from itertools import combinations, product
from operator import attrgetter
from typing import NamedTuple

from bot.games.cards import Card, Suit

ACE = 14
LOW_ACE = 1
WILD_VALUES: tuple[int, ...] = tuple(range(2, ACE + 1))
MAX_PLAY = 5
RUN = (1 << MAX_PLAY) - 1
"""Five consecutive bits: a straight's values in a bit set of the values a hand can take."""
SUITS = tuple(Suit)
"""The suits held once: iterating the enum itself runs Python code each time."""


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
    natural: bool = field(default=False, init=False, compare=False, repr=False)
    """A plain card (one value, its suit, counted once), worked out once: the poker code asks
    it of every card of every hand it reads."""
    top: int = field(init=False, compare=False, repr=False)
    """The highest value the card may take (the values go up), stored: hands are ranked by it
    to find the cards to throw away."""
    single: Play = field(init=False, compare=False, repr=False)
    """The card played on its own, at its best value, made with the face: natural faces are
    kept card by card (`natural_face`), and singles are most of the plays a hand makes."""

    def __post_init__(self) -> None:
        plain = len(self.values) == 1 and not self.double and self.suit is not None
        object.__setattr__(self, "natural", plain)
        object.__setattr__(self, "top", self.values[-1])
        single = Play(Category.SINGLE, (max(self.values),), (self.card,), 1)
        object.__setattr__(self, "single", single)


_NATURAL_FACES: dict[str, Face] = {}
"""Each card's natural face, by the card's text: a cheaper key than the card itself, and hands
are read card by card many times a move."""


def natural_face(card: Card) -> Face:
    found = _NATURAL_FACES.get(card.text)
    if found is None:
        found = Face(card, (card.value,), card.suit) if card.suit else face(card, wild=True)
        _NATURAL_FACES[card.text] = found
    return found


def natural_faces(cards: Iterable[Card]) -> list[Face]:
    """The natural faces of a hand's cards, in order."""
    known = _NATURAL_FACES
    return [known.get(card.text) or natural_face(card) for card in cards]


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


class Play(NamedTuple):
    """A reading of some cards: its category, its key (compared in order) and its size.

    A named tuple, as the policies build and compare thousands of plays per encounter."""

    category: Category
    key: tuple[int, ...]
    cards: tuple[Card, ...]
    size: int

    def strength(self, edge: int = 0) -> tuple[int, tuple[int, ...]]:
        """What a clash compares; an edge (from abilities) shifts every value, never the kind."""
        if not edge:
            return int(self.category), self.key
        return int(self.category), tuple(value + edge for value in self.key)

    def __str__(self) -> str:
        return f"{self.category.label} ({' '.join(map(str, self.cards))})"


def capacity(hand: Sequence[Face]) -> int:
    """The most cards these faces can count as (Rare cards count twice)."""
    return len(hand) + sum(1 for f in hand if f.double)


NO_PLAY = {
    2: "a pair needs two cards of one value",
    3: "three of a kind needs three cards of one value",
    4: "four of a kind needs four cards of one value",
    5: "five cards make a play only as a straight, a flush or a full house",
}
"""Why cards of each count that `read` finds no play in make none (a single always plays)."""


def no_play(count: int) -> str:
    """Why `count` cards that read as no play make none, for the player who picked them."""
    return NO_PLAY.get(count, f"a play is one to {MAX_PLAY} cards")


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


def weakest_set(hand: Sequence[Face], size: int, least: int) -> Play | None:
    """The weakest set of `size` (one to four) natural cards with a value of `least` or more,
    made of the first cards held of that value: the first such play that `plays(hand, (size,),
    distinct=True)` lists. An answer to a set needs only this one, not every set the hand makes.
    """
    tops = [f.top for f in hand]
    if size == 1:
        reach = [value for value in tops if value >= least]
    else:
        reach = [value for value in set(tops) if value >= least and tops.count(value) >= size]
    if not reach:
        return None
    value = min(reach)
    if size == 1:
        return hand[tops.index(value)].single
    cards = [f.card for f in hand if f.top == value][:size]
    return Play(SETS[size], (value,), tuple(cards), size)


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
    if size == 1:  # one card counted once: most attacks and answers the table reads
        return hand[0].single
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
    return _natural_reading(tuple(values), len(suits) == 1)


@cache
def _natural_reading(descending: tuple[int, ...], flush: bool) -> Reading | None:
    """What five natural cards make, by all it depends on: their values (highest first) and
    whether they share a suit. The same few hundred are read over and over."""
    top = _natural_straight(descending)
    if top and flush:
        return Category.STRAIGHT_FLUSH, (top,)
    shape = sorted(((descending.count(v), v) for v in set(descending)), reverse=True)
    if [n for n, _ in shape] == [3, 2]:
        return Category.FULL_HOUSE, (shape[0][1], shape[1][1])
    if flush:
        return Category.FLUSH, descending
    if top:
        return Category.STRAIGHT, (top,)
    return None


def _natural_straight(descending: Sequence[int]) -> int:
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


_FLEXIBLE: dict[
    tuple[tuple[tuple[tuple[int, ...], Suit | None], ...], tuple[int, ...]], Reading | None
] = {}
"""Five marked cards' readings by what they depend on: each card's values and suit, and how
many cards each counts as. A hand with a wild card holds dozens of five-card shapes, and most
of them are still there when the hand is listed again, a card later."""
FLEXIBLE_KEPT = 50_000
"""Readings kept before the store starts afresh (a long game meets ever new shapes)."""


def _five_flexible(hand: Sequence[Face], counts: list[int]) -> Reading | None:
    key = (tuple([(f.values, f.suit) for f in hand]), tuple(counts))
    if key in _FLEXIBLE:
        return _FLEXIBLE[key]
    if len(_FLEXIBLE) >= FLEXIBLE_KEPT:
        _FLEXIBLE.clear()
    found = _FLEXIBLE[key] = _read_five_flexible(hand, counts)
    return found


def _read_five_flexible(hand: Sequence[Face], counts: list[int]) -> Reading | None:
    flush = _same_suit(hand)
    able = _able(hand)
    top = _flexible_straight(hand, able) if max(counts) == 1 else 0
    if top and flush:
        return Category.STRAIGHT_FLUSH, (top,)
    full = _flexible_full_house(hand, counts, able)
    if full:
        return Category.FULL_HOUSE, full
    if flush:
        tops = sorted((f.top for f, n in zip(hand, counts, strict=True) for _ in range(n)))
        return Category.FLUSH, tuple(reversed(tops))
    if top:
        return Category.STRAIGHT, (top,)
    return None


def _flexible_straight(hand: Sequence[Face], able: dict[int, int]) -> int:
    present = sum(1 << value for value in able)
    tops = sorted({v for f in hand for v in f.values if v >= MAX_PLAY}, reverse=True)
    for top in tops:
        if (present >> (top - MAX_PLAY + 1)) & RUN != RUN:
            continue  # some value from top - 4 to top is missing (the low ace is value 1)
        wanted = [top - i if top - i > LOW_ACE else LOW_ACE for i in range(MAX_PLAY)]
        if _assignable([able.get(value, 0) for value in wanted]):
            return top
    return 0


def _able(hand: Sequence[Face]) -> dict[int, int]:
    """Value -> the bit set of the cards (by place in the hand) that can take it, the low ace
    included, for the searches for a straight or a full house."""
    able: dict[int, int] = {}
    for i, f in enumerate(hand):
        for value in f.values:
            able[value] = able.get(value, 0) | 1 << i
        if ACE in f.values:
            able[LOW_ACE] = able.get(LOW_ACE, 0) | 1 << i
    return able


def _assignable(masks: list[int], taken: int = 0) -> bool:
    """Whether each value can go to a different card (a matching), given for each value the bit
    set of the cards that can take it."""
    if not masks:
        return True
    free = masks[0] & ~taken
    while free:
        card = free & -free
        if _assignable(masks[1:], taken | card):
            return True
        free ^= card
    return False


def _flexible_full_house(
    hand: Sequence[Face], counts: list[int], able: dict[int, int]
) -> tuple[int, int] | None:
    values = sorted({v for f in hand for v in f.values}, reverse=True)
    every = (1 << len(hand)) - 1
    weight = {value: _weight(able[value], counts) for value in values}
    threes = [value for value in values if weight[value] >= 3]  # enough cards to be the three
    twos = [value for value in values if weight[value] >= 2]
    for three in threes:
        for two in twos:
            if able[three] | able[two] != every:
                continue  # some card can take neither value
            if two != three and _splits(hand, counts, three, two):
                return three, two
    return None


def _weight(cards: int, counts: list[int]) -> int:
    """How many cards the cards in this bit set count as."""
    if max(counts) == 1:
        return cards.bit_count()
    return sum(n for i, n in enumerate(counts) if cards >> i & 1)


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
    wanted = _wanted(sizes)
    if not wanted:
        return []
    for f in hand:
        if not f.natural:
            return _flexible_plays(hand, _by_value(hand), wanted)
    return _natural_plays(hand, wanted, distinct)


_WANTED: dict[object, tuple[int, ...]] = {}
"""The sizes asked for, as `plays` reads them, by the range or tuple asked with: the policies
ask with the same few, move after move."""


def _wanted(sizes: Iterable[int]) -> tuple[int, ...]:
    """The valid sizes among those asked for, ascending and each once."""
    if not isinstance(sizes, range | tuple):
        return tuple(sorted({size for size in sizes if 1 <= size <= MAX_PLAY}))
    known = _WANTED.get(sizes)
    if known is None:
        known = _WANTED[sizes] = tuple(sorted({size for size in sizes if 1 <= size <= MAX_PLAY}))
    return known


def _natural_plays(hand: Sequence[Face], sizes: tuple[int, ...], distinct: bool) -> list[Play]:
    """Plays of natural cards, built already in `plays`'s order (by size, category and key).

    Most hands hold no two cards of a value and no five-card hand: each value's first card,
    and whether the values and suits allow a five, are found before cards are grouped by value."""
    firsts = {f.top: f for f in reversed(hand)}  # each value's first card held
    found: list[Play] = []
    if sizes[0] == 1:
        if distinct or len(firsts) == len(hand):
            found = [firsts[value].single for value in sorted(firsts)]
        else:  # every single, by value, equal cards in the order they are held
            found = [f.single for f in sorted(hand, key=_TOP)]
    if sizes[-1] > 1 and len(firsts) < len(hand):
        found += _natural_sets(_cards_by_value(hand), sizes, distinct)
    if sizes[-1] == MAX_PLAY and len(hand) >= MAX_PLAY and _may_make_five(hand, firsts):
        found += _natural_fives(hand, _natural_by_value(hand))
    return found


_TOP = attrgetter("top")


def _may_make_five(hand: Sequence[Face], firsts: dict[int, Face]) -> bool:
    """Whether these natural cards may hold a five-card hand: three cards repeating values
    (a full house), five of a suit, or five values in a row. Most hands hold none."""
    if len(hand) - len(firsts) >= 3:
        return True
    if _may_flush(hand):
        return True
    return len(firsts) >= MAX_PLAY and _holds_run(frozenset(firsts))


def _may_flush(hand: Sequence[Face]) -> bool:
    """Whether five of these natural cards share a suit. Five of one suit leave at most one
    suit for each other card: most hands of five to seven hold more suits, told by a set."""
    if len({f.suit for f in hand}) > len(hand) - (MAX_PLAY - 1):
        return False
    return max(map([f.suit for f in hand].count, SUITS)) >= MAX_PLAY


@cache
def _holds_run(values: frozenset[int]) -> bool:
    """Whether five of these values are in a row (an ace also counting as the low 1)."""
    present = sum(1 << value for value in values) | (1 << LOW_ACE if ACE in values else 0)
    return _has_run(present)


def _has_run(present: int) -> bool:
    """Whether a bit set of values holds five in a row, told without a loop."""
    return bool(present & present >> 1 & present >> 2 & present >> 3 & present >> 4)


def _natural_by_value(hand: Sequence[Face]) -> dict[int, list[int]]:
    """`_by_value` of natural cards: each card takes its one value (an ace also the low 1)."""
    able: dict[int, list[int]] = {}
    for i, f in enumerate(hand):
        value = f.values[0]
        held = able.get(value)
        if held is None:
            able[value] = [i]
        else:
            held.append(i)
        if value == ACE:
            able.setdefault(LOW_ACE, []).append(i)
    return able


def _cards_by_value(hand: Sequence[Face]) -> dict[int, list[Card]]:
    """The cards of natural faces by their value, in the order they are held."""
    held: dict[int, list[Card]] = {}
    for f in hand:
        cards = held.get(f.top)
        if cards is None:
            held[f.top] = [f.card]
        else:
            cards.append(f.card)
    return held


def _natural_sets(
    by_value: dict[int, list[Card]], sizes: tuple[int, ...], distinct: bool
) -> list[Play]:
    """Sets of two to four of the given sizes (ascending): by size, then by value from the
    lowest, equal cards in the order they are held. Most hands hold few equal cards: each size
    looks only at the values the last one filled, and they stop at the first that none fills."""
    filled = sorted([value for value, held in by_value.items() if len(held) > 1])
    found: list[Play] = []
    for size in sizes:
        if size == 1:
            continue
        if size == MAX_PLAY:
            break
        filled = [value for value in filled if len(by_value[value]) >= size]
        if not filled:
            break
        category = SETS[size]
        if distinct:  # the first cards held of each value
            found += [
                Play(category, (value,), tuple(by_value[value][:size]), size) for value in filled
            ]
            continue
        for value in filled:
            found += [
                Play(category, (value,), group, size)
                for group in combinations(by_value[value], size)
            ]
    return found


def _natural_fives(hand: Sequence[Face], by_value: dict[int, list[int]]) -> list[Play]:
    """The five-card hands of natural cards, read straight from their values and suits."""
    groups = _natural_five_groups(hand, by_value)
    if not groups:
        return []
    cards = [f.card for f in hand]
    values = [f.values[0] for f in hand]
    suits = [f.suit for f in hand]
    found: list[Play] = []
    for group in groups:
        reading = _five_natural([values[i] for i in group], {suits[i] for i in group})
        if reading is not None:
            category, key = reading
            found.append(Play(category, key, tuple(cards[i] for i in group), MAX_PLAY))
    found.sort(key=lambda p: (p.category, p.key))
    return found


def _flexible_plays(
    hand: Sequence[Face], by_value: dict[int, list[int]], sizes: tuple[int, ...]
) -> list[Play]:
    """Plays of a hand with marked or loot cards: every group that may make one is read."""
    found: dict[tuple[tuple[int, ...], int], Play] = {}
    for size in sizes:
        if size == MAX_PLAY:
            groups = _five_card_groups(hand, by_value)
        else:
            groups = _set_groups(hand, by_value, size)
        for group in groups:
            play = _read_sized([hand[i] for i in group], size)
            if play is not None:
                found[(group, size)] = play
    return sorted(found.values(), key=lambda p: (p.size, p.category, p.key))


def _natural_five_groups(
    hand: Sequence[Face], by_value: dict[int, list[int]]
) -> set[tuple[int, ...]]:
    """Five-card shapes among natural cards, checked by counts before any combination is built."""
    groups: set[tuple[int, ...]] = (
        _straight_groups(by_value) if len(by_value) >= MAX_PLAY else set()
    )
    by_suit: dict[Suit | None, list[int]] = {}
    for i, f in enumerate(hand):
        by_suit.setdefault(f.suit, []).append(i)
    for held in by_suit.values():
        if len(held) >= MAX_PLAY:
            groups.update(combinations(held, MAX_PLAY))
    if len(by_value) == len(hand):
        return groups  # no more than one card repeats a value (an ace has two): no full house
    trios = [v for v, held in by_value.items() if len(held) >= 3 and v != LOW_ACE]
    if not trios:
        return groups  # pairs at most: no full house
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


def _set_groups(
    hand: Sequence[Face], by_value: dict[int, list[int]], size: int
) -> set[tuple[int, ...]]:
    groups: set[tuple[int, ...]] = set()
    twice = any(f.double for f in hand)
    for value, able in by_value.items():
        if value == LOW_ACE:
            continue
        if not twice:  # every card counts once: only groups of the size fit
            if len(able) >= size:  # most values: a card held and a wild one, too few for more
                groups.update(combinations(able, size))
            continue
        for count in range(1, min(size, len(able)) + 1):
            groups.update(g for g in combinations(able, count) if _fits(hand, g, size))
    return groups


def _five_card_groups(hand: Sequence[Face], able: dict[int, list[int]]) -> set[tuple[int, ...]]:
    return _straight_groups(able) | _flush_groups(hand) | _full_house_groups(hand, able)


def _straight_groups(able: dict[int, list[int]]) -> set[tuple[int, ...]]:
    groups: set[tuple[int, ...]] = set()
    present = sum(1 << value for value in able)
    if not _has_run(present):
        return groups  # no five values in a row: most hands
    for top in able:
        if top < MAX_PLAY or (present >> (top - MAX_PLAY + 1)) & RUN != RUN:
            continue  # some value from top - 4 to top is missing (the low ace is value 1)
        wanted = [top - i if top - i > LOW_ACE else LOW_ACE for i in range(MAX_PLAY)]
        groups.update(_distinct_picks([able[value] for value in wanted]))
    return groups


def _distinct_picks(options: list[list[int]]) -> Iterator[tuple[int, ...]]:
    """One card for each of five values, never a card twice, sorted: the picks of
    `product(*options)` in its order, with those that use a card twice cut off as soon as they
    do (a wild card can take every value, so most of the product would)."""
    first, second, third, fourth, fifth = options
    for a in first:
        for b in second:
            if b == a:
                continue
            for c in third:
                if c in (a, b):
                    continue
                for d in fourth:
                    if d in (a, b, c):
                        continue
                    for e in fifth:
                        if e not in (a, b, c, d):
                            yield tuple(sorted((a, b, c, d, e)))


def _flush_groups(hand: Sequence[Face]) -> set[tuple[int, ...]]:
    groups: set[tuple[int, ...]] = set()
    for suit in {f.suit for f in hand if f.suit is not None}:
        able = [i for i, f in enumerate(hand) if f.suit in (suit, None)]
        doubles = sum(1 for i in able if hand[i].double)
        if not doubles:  # every card counts once: only groups of five fit
            groups.update(combinations(able, MAX_PLAY))
            continue
        for count in range(max(3, MAX_PLAY - doubles), MAX_PLAY + 1):
            groups.update(g for g in combinations(able, count) if _fits(hand, g, MAX_PLAY))
    return groups


def _full_house_groups(hand: Sequence[Face], able: dict[int, list[int]]) -> set[tuple[int, ...]]:
    groups: set[tuple[int, ...]] = set()
    values = [v for v in able if v != LOW_ACE]
    twice = any(f.double for f in hand)
    least = 2 if twice else 3  # cards that must be able to take the three's value
    threes = [v for v in values if len(able[v]) >= least]  # a wild card alone makes none
    for three, two in product(threes, values):
        if three == two or not able[two]:
            continue
        if not twice:  # every card counts once: three cards of one value, two of the other
            for trio in combinations(able[three], 3):
                rest = [i for i in able[two] if i not in trio]
                groups.update(tuple(sorted(trio + pair)) for pair in combinations(rest, 2))
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
