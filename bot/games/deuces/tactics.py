"""Judging plays without seeing the other side's cards: shared by the GM and by player advice.

Only public facts are used: how many cards the defender holds, the edges in play, the cards one
holds oneself. The chance that a hand of n unseen cards answers a play comes from counting (for
sets) and from a measured table (for five-card hands), so the GM plays fair and fast.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from math import comb
from operator import attrgetter
from typing import NamedTuple

from bot.games.cards import Card, Rank
from bot.games.deuces import piles
from bot.games.deuces.content import Ability, Raise
from bot.games.deuces.piles import DEUCE
from bot.games.deuces.poker import (
    ACE,
    MAX_PLAY,
    Category,
    Face,
    Play,
    plays,
    weakest_set,
)
from bot.games.deuces.state import (
    LOOT_NEEDS,
    PLAYERS_SIDE,
    Clash,
    DeucesTable,
    Ref,
)

DECK = 52
RANKS = 13
PER_RANK = 4
FIVE_CARD_ODDS: dict[Category, tuple[float, ...]] = {
    # chance that a random hand of n = 5, 6, ... 12 cards holds a five-card hand of at least
    # this category (measured over 4,000 hands per size with `poker.plays`)
    Category.STRAIGHT: (0.007, 0.04, 0.113, 0.221, 0.38, 0.572, 0.731, 0.868),
    Category.FLUSH: (0.003, 0.019, 0.062, 0.131, 0.245, 0.397, 0.55, 0.705),
    Category.FULL_HOUSE: (0.002, 0.008, 0.031, 0.064, 0.128, 0.207, 0.299, 0.388),
    Category.STRAIGHT_FLUSH: (0.0, 0.0, 0.001, 0.001, 0.002, 0.003, 0.007, 0.013),
}
KILL_BONUS = 3.0
"""How much defeating a fighter outright is worth, in cards."""
LOSS_WEIGHT = 0.8
"""A lost attack costs its cards; a defended attack is often only a tie, which costs nothing."""
HIGH_CARD_COST = 0.06
"""Spending a high card on an attack leaves a weaker hand to defend with."""
THROW_BELOW = 8
"""Cards worth swapping away are those below this value."""
LOOT_COST = 1.0
"""What a player's attack gives up, in cards, for each loot tier its deuces would cost."""


@cache
def at_least(hand_size: int, count: int) -> float:
    """Chance that a random hand holds at least `count` cards of one given rank."""
    hits = sum(
        comb(PER_RANK, j) * comb(DECK - PER_RANK, hand_size - j)
        for j in range(count, min(PER_RANK, hand_size) + 1)
    )
    return hits / comb(DECK, hand_size)


def answer_odds(play: Play, gap: int, hand_size: int) -> float:
    """Chance that `hand_size` unseen cards tie or beat `play` shifted by `gap` (their edge gap)."""
    return _odds(play.size, play.category, play.key[0], gap, hand_size)


@cache
def _odds(size: int, category: Category, top: int, gap: int, hand_size: int) -> float:
    """`answer_odds` by what it depends on: the play's size, category and first key value."""
    if hand_size < size:
        return 0.0
    if size < MAX_PLAY:
        ranks = max(0, min(RANKS, ACE + 1 - (top + gap)))
        return 1.0 - (1.0 - at_least(hand_size, size)) ** ranks
    table = FIVE_CARD_ODDS[category]
    return table[min(hand_size, MAX_PLAY + len(table) - 1) - MAX_PLAY]


def attack_score(play: Play, odds: float, defender_cards: int) -> float:
    """Expected cards the defender loses, less the expected cost to the attacker."""
    if defender_cards < play.size:
        return KILL_BONUS + defender_cards
    return _net_gain(play.size, len(play.cards), odds, defender_cards) - _spent(play)


def _net_gain(size: int, count: int, odds: float, defender_cards: int) -> float:
    """What an attack the defender can answer is expected to take, less what it is expected
    to lose (`count` cards, counting as `size`)."""
    gain = (1.0 - odds) * (size + (KILL_BONUS if defender_cards == size else 0.0))
    loss = odds * LOSS_WEIGHT * count
    return gain - loss


@cache
def _expected(
    size: int, count: int, category: Category, top: int, gap: int, defender_cards: int
) -> float:
    """`_net_gain` of a play by what it depends on: the same few are scored over and over."""
    odds = _odds(size, category, top, gap, defender_cards)
    return _net_gain(size, count, odds, defender_cards)


def _spent(play: Play) -> float:
    """What playing these cards costs in high cards no longer held for defending."""
    cards = play.cards
    if len(cards) == 1:  # most plays weighed are singles: their costs are made once
        return _CARD_SPENT[cards[0].value]
    return HIGH_CARD_COST * sum([card.value - 8 for card in cards if card.value > 8])


_CARD_SPENT = tuple(HIGH_CARD_COST * max(0, value - 8) for value in range(Rank.JOKER + 1))
"""`_spent` of each card value played alone."""


Scored = tuple[float, Ref, Play]
"""An attack weighed: its score, its target and the play."""


def best_attack(
    state: DeucesTable, attacker: Ref, targets: list[Ref], max_size: int = MAX_PLAY
) -> Scored | None:
    """The attack with the best `attack_score` (less the loot it costs) over the given
    targets, or None with no cards. The first best wins ties, in the order of the targets and
    then of the plays."""
    fighter = state.fighter(attacker)
    options = plays(piles.held_faces(fighter, fighter.hand), range(1, max_size + 1), distinct=True)
    edge = fighter.edge
    lost = _loot_costs(state, attacker, options) if loot_ahead(state, attacker) else None
    best: Scored | None = None
    judged: set[tuple[int, int]] = set()
    for target in targets:
        defender = state.fighter(target)
        gap, held = edge - defender.edge, len(defender.hand)
        if (gap, held) in judged:
            continue  # every play scores as against an earlier target: none can do better
        judged.add((gap, held))
        if lost is None:
            found = _first_best(options, gap, held)
        else:
            found = _first_best_with_loot(options, gap, held, lost)
        if found is not None and (best is None or found[0] > best[0]):
            best = found[0], target, found[1]
    return best


def _loot_costs(state: DeucesTable, attacker: Ref, options: list[Play]) -> list[float]:
    """What each play gives up in loot, the same against every target: weighed once."""
    return [LOOT_COST * loot_lost(state, attacker, play.cards) for play in options]


def _first_best(options: list[Play], gap: int, held: int) -> tuple[float, Play] | None:
    """The first play with the best `attack_score` against a defender (their edge gap, the
    cards they hold), with no loot at stake. Singles, most of the plays, are scored from a
    table by their value: this runs for every attack any side weighs."""
    singles = _single_gains(gap, held)
    best: Play | None = None
    best_score = 0.0
    for play in options:
        category, key, cards, size = play
        if held < size:
            score = KILL_BONUS + held
        elif size == 1 and key[0] < SINGLE_TOPS:
            score = singles[key[0]] - _CARD_SPENT[cards[0].value]
        else:
            score = _expected(size, len(cards), category, key[0], gap, held) - _spent(play)
        if best is None or score > best_score:
            best, best_score = play, score
    return None if best is None else (best_score, best)


def _first_best_with_loot(
    options: list[Play], gap: int, held: int, lost: list[float]
) -> tuple[float, Play] | None:
    """`_first_best` less each play's loot cost (`_loot_costs`). A loop of its own: folding
    the two into one (zeros for no loot) cost the whole Deuces bench 3 to 5%."""
    best: Play | None = None
    best_score = 0.0
    for play, loss in zip(options, lost, strict=True):
        category, key, cards, size = play
        if held < size:
            score = KILL_BONUS + held
        else:
            score = _expected(size, len(cards), category, key[0], gap, held) - _spent(play)
        score -= loss
        if best is None or score > best_score:
            best, best_score = play, score
    return None if best is None else (best_score, best)


SINGLE_TOPS = 2 * ACE
"""Values of singles `_single_gains` holds (raised cards may go above an ace)."""


@cache
def _single_gains(gap: int, held: int) -> tuple[float, ...]:
    """`_expected` of a one-card single of each value below SINGLE_TOPS, by the gap and the
    defender's cards: one lookup instead of six arguments hashed for most plays weighed."""
    single = Category.SINGLE
    return tuple(_expected(1, 1, single, top, gap, held) for top in range(SINGLE_TOPS))


class Answer(NamedTuple):
    """The cards a defender would answer with, and whether they beat the attack outright."""

    cards: list[Card]
    wins: bool


def judged_answer(state: DeucesTable, defender: Ref) -> Answer:
    """`cheapest_answer` and whether it wins: what the GM and the hint weigh before a Disrupt,
    worked out once for both."""
    pending = state.clash
    assert pending is not None
    fighter = state.fighter(defender)
    hand = piles.held_faces(fighter, fighter.hand)
    ahead = loot_ahead(state, defender)
    if not ahead and _set_answers_set(hand, pending):
        return _set_answer(hand, pending.size, pending.key[0] + pending.edge - fighter.edge)
    attack = _attack_to_beat(pending, fighter.edge)
    answers = plays(hand, (pending.size,), distinct=True)
    wins: list[Play] = []
    ties: list[Play] = []
    for play in answers:  # as `clash` judges them: the stronger wins, suits never count
        strength = play[:2]  # its category and key, as `_attack_to_beat` shifts the attack's
        if strength > attack:
            wins.append(play)
        elif strength == attack:
            ties.append(play)
    for fits in (wins, ties):
        if fits:
            if ahead:
                best = min(fits, key=lambda p: (loot_lost(state, defender, p.cards), _cost(p)))
            else:  # no loot to give up: the cheapest alone decides
                best = min(fits, key=_cost)
            return Answer(list(best.cards), fits is wins)
    # Every play these cards can make is listed above, so thrown-away cards never win.
    return Answer(throwaway(hand, pending.size, keep_deuces=ahead), False)


def _set_answers_set(hand: list[Face], pending: Clash) -> bool:
    """Whether the answer is a set of natural cards to a set: then the weakest set reaching the
    attack is the cheapest answer (one per value, sets listed by value), found directly."""
    size = pending.size
    return size < MAX_PLAY and all(f.natural for f in hand)


def _set_answer(hand: list[Face], size: int, least: int) -> Answer:
    """`judged_answer` of natural cards to a set valued `least` (its edges taken into account),
    with no loot at stake: the weakest winning set, else a tie, else the lowest cards."""
    found = weakest_set(hand, size, least)
    if found is not None and found.key[0] == least:  # a tie: any win comes first
        found = weakest_set(hand, size, least + 1) or found
    if found is None:
        return Answer(throwaway(hand, size), False)
    return Answer(list(found.cards), found.key[0] > least)


def _attack_to_beat(pending: Clash, edge: int) -> tuple[int, tuple[int, ...]]:
    """The attack's `Play.strength` with its edge, less the defender's `edge`: an answer
    compares by its own category and key against it as it would with its edge added (the
    same shift of every value), with nothing to shift play by play."""
    shift = pending.edge - edge
    return pending.category, tuple([value + shift for value in pending.key])


def cheapest_answer(state: DeucesTable, defender: Ref) -> list[Card]:
    """The weakest winning answer, else the weakest tie, else the lowest cards thrown away."""
    return judged_answer(state, defender).cards


def winning_answer(state: DeucesTable, defender: Ref) -> list[Card] | None:
    """The cheapest answer to the attack in play when it wins outright, else None."""
    pending = state.clash
    assert pending is not None
    if piles.hand_capacity(state, defender) < pending.size:
        return None
    answer = judged_answer(state, defender)
    return answer.cards if answer.wins else None


def _cost(play: Play) -> tuple[tuple[int, tuple[int, ...]], int]:
    """Weaker plays first (`Play.strength` with no edge), then fewer card values."""
    return play[:2], sum([card.value for card in play.cards])


def throwaway(hand: list[Face], size: int, keep_deuces: bool = False) -> list[Card]:
    """The lowest cards that can count as `size` (with too few cards, Rare ones count twice);
    with `keep_deuces` (a player's loot), deuces go last."""
    if keep_deuces:
        ranked = sorted(hand, key=lambda f: (f.card.value == DEUCE, f.top))
    else:  # most throwaways: the GM's, and players' where loot is not at stake
        ranked = sorted(hand, key=_TOP)
    return [f.card for f in ranked[:size]]


_TOP = attrgetter("top")


def loot_tier(state: DeucesTable, deuces: int) -> int:
    """How many loot tiers a hand with this many deuces reaches (0 to 3)."""
    relief = 1 if state.treasure else 0
    return sum(deuces >= need - relief for need in LOOT_NEEDS.values())


def loot_ahead(state: DeucesTable, who: Ref) -> bool:
    """Whether deuces in this fighter's hand are worth keeping: a player's, in a quest (loot
    only helps in the encounters after the one it is won in; a duel has no loot)."""
    return who.side == PLAYERS_SIDE and state.mode.loot_ahead


def loot_lost(state: DeucesTable, who: Ref, cards: Iterable[Card]) -> int:
    """The loot tiers a player in a quest gives up by playing these cards (their deuces)."""
    if not loot_ahead(state, who):
        return 0
    held = sum(card.value == DEUCE for card in state.fighter(who).hand)
    spent = sum(card.value == DEUCE for card in cards)
    return loot_tier(state, held) - loot_tier(state, held - spent)


# ---- choosing cards and moments for abilities ---------------------------------------------------


def chosen_cards(state: DeucesTable, user: Ref, ability: Ability) -> list[Card]:
    """The cards an ability works on: the best to raise, the worst to make wild or throw away."""
    needed = ability.cards_needed
    if not needed:
        return []
    hand = state.fighter(user).hand
    if any(isinstance(e, Raise) for e in ability.effects):
        return sorted(hand, key=lambda card: card.value)[-needed:]
    # The worst cards to give up: the lowest, but never a deuce while anything else will do
    # (deuces are kept, as when shedding over the hand limit).
    return sorted(hand, key=lambda card: (card.value == DEUCE, card.value))[:needed]


def worth_using(state: DeucesTable, user: Ref, ability: Ability) -> bool:
    """A plain judgement: most effects always help; throwing own cards away pays off only when
    the hand holds a low card, and a wild card needs another card to pair with."""
    values = [card.value for card in state.fighter(user).hand]
    if ability.throws_own:
        thrown = [value for value in values if value != DEUCE]  # a deuce is never worth throwing
        if not thrown or min(thrown) >= THROW_BELOW:
            return False
    if _recovers_nothing(state, user, ability):
        return False
    return not (ability.makes_wild and len(values) < 2)


def _recovers_nothing(state: DeucesTable, user: Ref, ability: Ability) -> bool:
    """An ability that only takes cards back from its user's own discard pile, when that
    pile has none to give (a player's keeps its last card): it would be spent for nothing."""
    return ability.only_recovers_own and piles.recoverable(state, user) <= 0
