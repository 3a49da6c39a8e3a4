"""Reading and comparing plays: every category, ties, kickers, wilds and loot, checked against an
independent reference over every five-card shape of ranks."""

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement

import pytest

from bot.games.cards import JOKER, Card, Rank, Suit, cards, standard_deck
from bot.games.deuces.poker import (
    Category,
    Play,
    Result,
    capacity,
    clash,
    face,
    faces,
    plays,
    read,
    weakest_set,
)

C = Category


def r(text: str, size: int | None = None) -> Play | None:
    return read(faces(cards(text)), size)


def cat(text: str) -> Category | None:
    play = r(text)
    return play.category if play else None


# ---- every category, by example -------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "category", "key"),
    [
        ("7♠", C.SINGLE, (7,)),
        ("A♦", C.SINGLE, (14,)),
        ("9♠ 9♦", C.PAIR, (9,)),
        ("Q♠ Q♦ Q♣", C.TRIPLE, (12,)),
        ("4♠ 4♦ 4♣ 4♥", C.FOUR_OF_A_KIND, (4,)),
        ("5♠ 6♦ 7♣ 8♥ 9♠", C.STRAIGHT, (9,)),
        ("10♠ J♦ Q♣ K♥ A♠", C.STRAIGHT, (14,)),
        ("A♠ 2♦ 3♣ 4♥ 5♠", C.STRAIGHT, (5,)),
        ("2♥ 9♥ J♥ 4♥ K♥", C.FLUSH, (13, 11, 9, 4, 2)),
        ("K♠ K♦ K♣ 3♥ 3♠", C.FULL_HOUSE, (13, 3)),
        ("3♠ 3♦ 3♣ K♥ K♠", C.FULL_HOUSE, (3, 13)),
        ("5♣ 6♣ 7♣ 8♣ 9♣", C.STRAIGHT_FLUSH, (9,)),
        ("A♦ 2♦ 3♦ 4♦ 5♦", C.STRAIGHT_FLUSH, (5,)),
    ],
)
def test_each_category_reads_with_its_key(hand: str, category: Category, key: tuple) -> None:
    play = r(hand)
    assert play is not None
    assert (play.category, play.key, play.size) == (category, key, len(cards(hand)))


@pytest.mark.parametrize(
    "hand",
    [
        "7♠ 8♦",  # two cards must share a value
        "7♠ 7♦ 8♣",
        "7♠ 7♦ 7♣ 8♥",
        "2♠ 2♦ 5♣ 5♥ 9♠",  # two pair is not a five-card hand
        "2♠ 2♦ 2♣ 5♥ 9♠",  # nor three of a kind with kickers
        "9♠ 9♦ 9♣ 9♥ 2♠",  # nor four of a kind with a kicker
        "2♠ 4♦ 6♣ 8♥ 10♠",  # nor a high card
        "Q♠ K♦ A♣ 2♥ 3♠",  # straights do not wrap around
        "2♠ 3♠ 4♠ 5♠ 6♠ 7♠",  # six cards is no play
    ],
)
def test_what_is_not_a_play(hand: str) -> None:
    assert r(hand) is None


def test_five_card_categories_rank_as_in_poker() -> None:
    ladder = [
        "5♠ 6♦ 7♣ 8♥ 9♠",
        "2♥ 9♥ J♥ 4♥ K♥",
        "3♠ 3♦ 3♣ 2♥ 2♠",
        "A♦ 2♦ 3♦ 4♦ 5♦",
    ]
    strengths = [r(hand).strength() for hand in ladder]
    assert strengths == sorted(strengths)
    assert len(set(strengths)) == len(ladder)


# ---- clashes: wins, ties, kickers, edges, the four-of-a-kind rule ---------------------------


def outcome(attack: str, defence: str, attack_edge: int = 0, defence_edge: int = 0) -> Result:
    a, d = r(attack), r(defence, len(cards(defence)))
    assert a is not None
    return clash(a, d, attack_edge, defence_edge)


@pytest.mark.parametrize(
    ("attack", "defence", "result"),
    [
        ("6♠", "7♦", Result.DEFENDER),
        ("7♠", "7♦", Result.TIE),
        ("A♠", "K♦", Result.ATTACKER),
        ("J♠ J♦", "Q♣ Q♥", Result.DEFENDER),
        ("J♠ J♦", "J♣ J♥", Result.TIE),
        ("J♠ J♦", "10♣ 10♥", Result.ATTACKER),
        ("J♠ J♦", "A♣ K♥", Result.ATTACKER),  # no pair: cannot tie or win however high
        ("5♠ 6♦ 7♣ 8♥ 9♠", "5♥ 6♣ 7♦ 8♠ 9♦", Result.TIE),  # suits never break a tie
        ("A♠ 2♦ 3♣ 4♥ 5♠", "2♠ 3♦ 4♣ 5♥ 6♠", Result.DEFENDER),  # the wheel is the lowest
        ("A♥ K♥ 9♥ 5♥ 3♥", "A♠ K♠ 9♠ 5♠ 2♠", Result.ATTACKER),  # the last kicker decides
        ("A♥ K♥ 9♥ 5♥ 3♥", "A♠ K♠ 9♠ 5♠ 3♠", Result.TIE),
        ("Q♠ Q♦ Q♣ 2♥ 2♠", "J♠ J♦ J♣ A♥ A♠", Result.ATTACKER),  # the three decides first
        ("Q♠ Q♦ Q♣ 2♥ 2♠", "Q♥ Q♦ Q♣ 3♥ 3♠", Result.DEFENDER),  # then the pair
        ("9♥ 9♦ 9♣ 9♠ 2♠", "2♥ 9♥ J♥ 4♥ K♥", Result.ATTACKER),  # an invalid attack is refused
    ],
)
def test_clash_results(attack: str, defence: str, result: Result) -> None:
    if r(attack) is None:
        assert result == Result.ATTACKER
        return
    assert outcome(attack, defence) == result


def test_a_flush_beats_a_straight_and_a_full_house_beats_a_flush() -> None:
    assert outcome("5♠ 6♦ 7♣ 8♥ 9♠", "2♥ 3♥ 5♥ 9♥ J♥") == Result.DEFENDER
    assert outcome("2♥ 3♥ 5♥ 9♥ J♥", "2♠ 2♦ 2♣ 3♥ 3♠") == Result.DEFENDER
    assert outcome("2♠ 2♦ 2♣ 3♥ 3♠", "5♣ 6♣ 7♣ 8♣ 9♣") == Result.DEFENDER


def test_four_of_a_kind_cannot_be_answered_by_a_five_card_hand() -> None:
    quads, royal = r("2♠ 2♦ 2♣ 2♥"), r("10♠ J♠ Q♠ K♠ A♠")
    assert quads is not None and royal is not None
    with pytest.raises(ValueError, match="as many cards"):
        clash(quads, royal)
    assert clash(quads, r("3♠ 3♦ 3♣ 3♥")) == Result.DEFENDER


def test_an_edge_shifts_values_but_never_the_category() -> None:
    assert outcome("9♠", "8♦", defence_edge=1) == Result.TIE
    assert outcome("9♠", "8♦", defence_edge=2) == Result.DEFENDER
    assert outcome("9♠ 9♦", "10♣ 10♥", attack_edge=2) == Result.ATTACKER
    assert outcome("2♥ 3♥ 5♥ 9♥ J♥", "5♠ 6♦ 7♣ 8♥ 9♠", defence_edge=4) == Result.ATTACKER


# ---- wild cards and loot --------------------------------------------------------------------


def wild(text: str) -> object:
    return face(Card.parse(text), wild=True)


def test_a_wild_card_takes_the_best_value_and_suit() -> None:
    assert read([wild("2♣")]) == read([wild("2♣")], 1)
    assert read([wild("2♣")]).key == (14,)
    tens = [*faces(cards("10♠ 10♦ 10♣")), wild("3♥")]
    assert read(tens).category == C.FOUR_OF_A_KIND
    royal = [*faces(cards("10♠ J♠ Q♠ K♠")), wild("2♦")]
    assert read(royal).strength() == (C.STRAIGHT_FLUSH, (14,))
    gap = [*faces(cards("5♥ 6♥ 8♥ 9♥")), wild("K♣")]
    assert read(gap).strength() == (C.STRAIGHT_FLUSH, (9,))
    house = [*faces(cards("K♠ K♦ 3♣ 3♥")), wild("2♦")]
    assert read(house).strength() == (C.FULL_HOUSE, (13, 3))


def test_a_joker_is_wild_and_two_wilds_make_a_pair_of_aces() -> None:
    assert read([face(JOKER)]).key == (14,)
    assert read([wild("2♣"), wild("3♦")]).strength() == (C.PAIR, (14,))


def test_wild_reading_matches_the_best_substitution() -> None:
    """A wild with four natural cards reads as the best of all 52 cards it could stand for."""
    rng = random.Random(7)
    deck = standard_deck()
    for _ in range(150):
        four = rng.sample(deck, 4)
        best = max(
            (p.strength() for sub in deck if (p := read(faces([*four, sub]))) is not None),
            default=None,
        )
        got = read([*faces(four), wild("2♣")])
        assert (got.strength() if got else None) == best


def test_common_loot_may_read_one_higher() -> None:
    common = face(Card.parse("9♦"), plus_one=True)
    assert read([common]).key == (10,)
    assert read([common, *faces(cards("9♠"))]).key == (9,)
    assert read([common, *faces(cards("10♠"))]).key == (10,)
    straight = [*faces(cards("6♠ 7♦ 8♣ 9♥")), common]
    assert read(straight).strength() == (C.STRAIGHT, (10,))
    ace = face(Card.parse("A♦"), plus_one=True)
    assert read([ace]).key == (15,)  # above an ace


def test_rare_loot_counts_as_two_of_its_kind() -> None:
    rare = face(Card.parse("7♦"), double=True)
    assert capacity([rare]) == 2
    assert read([rare]).strength() == (C.PAIR, (7,))
    assert read([rare], 1).strength() == (C.SINGLE, (7,))
    assert read([rare, *faces(cards("7♠"))]).category == C.TRIPLE
    house = [rare, *faces(cards("7♠ K♥ K♣"))]
    assert read(house).strength() == (C.FULL_HOUSE, (7, 13))
    assert read([rare, *faces(cards("8♠ 9♥ 10♣"))]) is None  # a straight has no twins
    assert read([rare, *faces(cards("8♠ 9♥ 10♣ J♦"))]).category == C.STRAIGHT


def test_raised_cards_go_above_an_ace() -> None:
    raised = face(Card.parse("A♠"), bonus=2)
    assert read([raised]).key == (16,)
    assert clash(read([raised]), read(faces(cards("A♦")))) == Result.ATTACKER


# ---- exhaustive: every five-card shape against a reference ------------------------------------


def reference(values: list[int], flush: bool) -> tuple[int, tuple[int, ...]] | None:
    """Poker by the book, written plainly: the categories this game allows, or None."""
    counts = Counter(values)
    distinct = sorted(counts)
    top = None
    if len(distinct) == 5 and distinct[-1] - distinct[0] == 4:
        top = distinct[-1]
    if distinct == [2, 3, 4, 5, 14]:
        top = 5
    if top and flush:
        return C.STRAIGHT_FLUSH, (top,)
    if sorted(counts.values()) == [2, 3]:
        three = next(v for v, n in counts.items() if n == 3)
        two = next(v for v, n in counts.items() if n == 2)
        return C.FULL_HOUSE, (three, two)
    if flush:
        return C.FLUSH, tuple(sorted(values, reverse=True))
    if top:
        return C.STRAIGHT, (top,)
    return None


SUITS = list(Suit)
RANKS = [rank for rank in Rank if rank != Rank.JOKER]


def test_every_rank_shape_reads_as_the_reference() -> None:
    """All 6,175 multisets of five ranks, in mixed suits and (when possible) one suit."""
    checked = 0
    for shape in combinations_with_replacement(RANKS, 5):
        counts = Counter(shape)
        if max(counts.values()) > 4:
            continue
        used: Counter = Counter()
        mixed = []
        for rank in shape:
            mixed.append(Card(rank, SUITS[(used[rank] + len(mixed)) % 4]))
            used[rank] += 1
        if len({c.suit for c in mixed}) == 1:
            mixed[0] = Card(mixed[0].rank, SUITS[(SUITS.index(mixed[0].suit) + 1) % 4])
        variants = [(mixed, False)]
        if len(counts) == 5:
            variants.append(([Card(rank, Suit.HEARTS) for rank in shape], True))
        for hand, flush in variants:
            play = read(faces(hand))
            expected = reference([int(rank) for rank in shape], flush)
            assert (play.strength() if play else None) == expected, hand
            checked += 1
    assert checked == 6175 + 1287


# ---- listing plays ---------------------------------------------------------------------------


def brute_force(hand: list) -> set[tuple[frozenset, int]]:
    found = set()
    for count in range(1, 6):
        for group in combinations(range(len(hand)), count):
            chosen = [hand[i] for i in group]
            for size in range(1, 6):
                if read(chosen, size) is not None:
                    found.add((frozenset(group), size))
    return found


def listed(hand: list) -> set[tuple[frozenset, int]]:
    index = {id(f.card): i for i, f in enumerate(hand)}
    return {(frozenset(index[id(c)] for c in play.cards), play.size) for play in plays(hand)}


def test_plays_lists_every_valid_play_of_natural_hands() -> None:
    rng = random.Random(11)
    for _ in range(60):
        hand = faces(rng.sample(standard_deck(), rng.randint(5, 9)))
        assert listed(hand) == brute_force(hand)


def test_plays_lists_every_valid_play_with_wilds_and_loot() -> None:
    rng = random.Random(12)
    for _ in range(25):
        picked = rng.sample(standard_deck(), rng.randint(4, 7))
        hand = [
            face(card, **rng.choice([{}, {}, {"wild": True}, {"plus_one": True}, {"double": True}]))
            for card in picked
        ]
        assert listed(hand) == brute_force(hand)


def test_distinct_keeps_one_natural_set_per_value() -> None:
    hand = faces(cards("9♠ 9♦ 9♣ 4♥"))
    all_pairs = [p for p in plays(hand, (2,))]
    one_pair = plays(hand, (2,), distinct=True)
    assert len(all_pairs) == 3 and len(one_pair) == 1
    assert one_pair[0].strength() == all_pairs[0].strength()


def test_weakest_set_is_the_first_listed_set_reaching_a_value() -> None:
    rng = random.Random(13)
    for _ in range(200):
        hand = faces(rng.sample(standard_deck(), rng.randint(0, 9)))
        size, least = rng.randint(1, 4), rng.randint(2, 15)
        reaching = [p for p in plays(hand, (size,), distinct=True) if p.key[0] >= least]
        assert weakest_set(hand, size, least) == (reaching[0] if reaching else None)
