"""An exact solver for solo Diamonds & Dragons with the deck order known.

The engine's state is a pydantic model, far too slow to copy at every move of a search, so the
solver plays its own copy of the rules on small ints; the tests hold that copy to the engine by
replaying every line the solver returns.

A position is a node (where the cards are, the weapon and its ceiling, whether the last card was
a potion, whether running is allowed) plus the party's HP. For a win, more HP is never worse, so
per node the search keeps two numbers: the highest HP known to fall short of a goal and the
lowest HP known to reach it. "Can a score of at least G be reached?" is then a search over nodes,
not nodes times HP, and the best winning score is the highest G that can. A loss is not monotone
in HP (more HP can mean dying later against a bigger enemy, with fewer enemies left to subtract),
so the best losing score is a search over full positions.

Nodes are made as few as the rules allow: a weapon's ceiling counts only through the enemies
left below it, a weapon stronger than all of them is as good as one exactly that strong, one
that may strike none is no weapon, and the potion and run flags are dropped where nothing can
use them (see `DragonsSolver._gauge`). Nodes at one place (the same cards left, in the same
order) that differ only in the weapon and flags share proofs: one at least as well off never
needs more HP (see `DragonsSolver._kin`). The bound reads the cards left from a mask kept up
card by card, so a node costs a few lookups, not a scan of the deck.

Most deals reach the highest score the bound allows, and a line to it is found first by sweeps
(a few of the most promising positions per count of cards left) more often than by the
depth-first search, whose time is heavy-tailed; the two take turns (see `SWEEPS`).

Running reshuffles the whole deck with the game's seeded generator. A shuffle's permutation
depends only on the deck's length, so the solver replays it on its ints: a run is as determined
as any other move, and each run's deck order is part of the node.
"""

from __future__ import annotations

import gc
from collections import defaultdict
from collections.abc import Generator
from contextlib import contextmanager
from dataclasses import dataclass

from bot.games.cards import Card, standard_deck
from bot.games.contract import Outcome, seeded_rng
from bot.games.crawl.actions import ActionKind, DungeonAction, Role, dungeon_action, role_of
from bot.games.crawl.solving import SearchTooLong, Solution, spread_first
from bot.games.dragons.engine import MAX_HP, ROOM_SIZES, DragonsState

MONSTER, WEAPON, POTION = 0, 1, 2
FRESH = 16
"""The ceiling of a weapon with no kill yet: above every enemy, so it never breaks. Without a
weapon the ceiling is 0, so that any weapon at any ceiling counts as better than none."""
RUN = -1
"""The move code of running; every other move is the code of the card played."""
ROOM = ROOM_SIZES[1]
NEVER = 99
"""An HP no party reaches: the lowest HP known to reach a goal, before one is known."""
BEST_WIN = MAX_HP + 15
"""Above every score: full health plus the last potion's value (at most 14, an A♥ in a
scripted deck)."""

_CARDS: tuple[Card, ...] = tuple(standard_deck(jokers=1))
_CODE: dict[Card, int] = {card: code for code, card in enumerate(_CARDS)}
"""Cards as ints; both jokers share one code, so taking either is one move, as in the engine."""
_ROLE_CODE = {Role.MONSTER: MONSTER, Role.WEAPON: WEAPON, Role.POTION: POTION}
_ROLE: tuple[int, ...] = tuple(_ROLE_CODE[role_of(card)] for card in _CARDS)
_VALUE: tuple[int, ...] = tuple(card.value for card in _CARDS)
_KIND = {MONSTER: ActionKind.FIGHT, WEAPON: ActionKind.EQUIP, POTION: ActionKind.DRINK}

_JOKER = _CODE[Card.parse("🃏")]
_BIT: tuple[int, ...] = tuple(1 << (code + (code > _JOKER)) for code in range(len(_CARDS)))
"""Each card's unit in a mask of the cards left: one bit per card, two for the jokers (a count of
0 to 2, so that taking one subtracts its unit like any other card)."""
_FIELDS: tuple[tuple[int, int, int], ...] = tuple(
    (code, code + (code > _JOKER), 3 if code == _JOKER else 1) for code in range(len(_CARDS))
)
"""(code, offset, field mask) of each card's count in a mask."""
_POTIONS = sum(
    _BIT[code] * (2 if code == _JOKER else 1)
    for code in range(len(_CARDS))
    if _ROLE[code] == POTION
)
"""The mask of every potion: a mask without any of them makes the potion flag meaningless."""

Node = tuple[int, int, tuple[int, ...], int, int, bool, bool, int]
"""(deck id, deck position, room in the engine's order, weapon value or 0, ceiling, the last
card was a potion, running is allowed, mask of the cards left). The weapon and ceiling are
canonical (see `DragonsSolver._gauge`), the flags are False where they cannot matter, and the
mask is fixed by the rest: positions that differ in nothing that can matter are one node."""
Gauge = tuple[int, int, int, int, int]
"""(canonical weapon, canonical ceiling, least damage left, all the healing left, best potion
left) of a mask of cards left with a weapon and ceiling."""
Kin = tuple[int, int, bool, bool, list[int]]
"""(weapon, ceiling, the last card was a potion, running is allowed, memo entry) of a node
expanded at a place (see `DragonsSolver._kin`)."""
Child = tuple[float, int, Node | None, int, int]
"""(promise, move, next node or None once the game ended, HP after, final score)."""

_ORDERINGS: tuple[tuple[float, int], ...] = ((0.5, 20), (1.0, 6), (0.5, 0))
"""Move orders the win search takes turns with: (weight of the potions left above the least
damage left, how much less a run promises than its room). A depth-first search sometimes sinks
into a subtree that only a long proof shows lost; another order rarely sinks into the same one,
and the proofs finished so far are kept."""
LOWEST = -10_000
"""Below every score."""
_LOSS_FLOORS = (-1, -6, -24, -96, LOWEST - 1)
"""The floors the best-loss search tries in turn: most falls that can come late come close to 0."""
FIRST_BUDGET = 4_000
"""Nodes the first order may expand before the next one gets its turn (each turn doubles it)."""
SWEEPS: tuple[tuple[tuple[int, bool], ...], ...] = tuple(
    tuple((width, spread) for width in widths for spread in (True, False))
    for widths in ((3, 8, 24), (64,), (160,), (400,))
)
"""The narrow searches tried on a goal's first question, stage t before the depth-first
search's turn t (see `DragonsSolver._sweep`): positions kept per count of cards left, and
whether they are spread over places first. A sweep costs about its width times the deal's
length, so each stage costs about half what the turn after it may (whose budget doubles).
A sweep proves no loss: where the best score is below the bound's, the sweeps on that score
are lost work, which is why they stop at 400 (of deals 1,000 to 1,199, one needed 400 and none
more; a stage of 1,000 cost 36,000 nodes on a deal whose top score had to be proved out of
reach)."""
SWEEP_SPARE = 3.0
"""How much of what the bound leaves to spare a sweep adds to a position's HP when it ranks
positions: more than the depth-first search does, as a sweep keeps positions for the long run.
On the twelve slowest of 200 deals, sweeps ranked with 0.5 found 9 wins, at widths up to
1,000; with 3.0 they found all 11 (the twelfth has none), at widths up to 160."""


@dataclass(frozen=True, slots=True)
class _Deck:
    """One deck order (the deal's, or a run's reshuffle)."""

    cards: tuple[int, ...]
    shuffles: int
    """The engine's count: the next run reshuffles with shuffle:<this>."""
    enemies: tuple[int, ...]
    """The enemy total of cards[p:], by p: a loss subtracts it."""


def _deck(cards: tuple[int, ...], shuffles: int) -> _Deck:
    enemies = [0] * (len(cards) + 1)
    for p in range(len(cards) - 1, -1, -1):
        code = cards[p]
        enemies[p] = enemies[p + 1] + (_VALUE[code] if _ROLE[code] == MONSTER else 0)
    return _Deck(cards, shuffles, tuple(enemies))


Contents = tuple[tuple[tuple[int, int], ...], tuple[int, ...], tuple[int, ...]]
"""What a mask of cards left holds, as the bound needs it: (value, copies) of each enemy value
from the highest, and the weapon values and the potion values from the highest."""


def _contents(mask: int) -> Contents:
    counts = [0] * FRESH
    weapons: list[int] = []
    potions: list[int] = []
    for code, offset, field in _FIELDS:
        copies = (mask >> offset) & field
        if not copies:
            continue
        role, value = _ROLE[code], _VALUE[code]
        if role == MONSTER:
            counts[value] += copies
        elif role == POTION:
            potions += [value] * copies
        else:
            weapons += [value] * copies
    return _contents_of(counts, weapons, potions)


def _contents_of(counts: list[int], weapons: list[int], potions: list[int]) -> Contents:
    enemies = tuple((value, counts[value]) for value in range(FRESH - 1, 0, -1) if counts[value])
    return enemies, tuple(sorted(weapons, reverse=True)), tuple(sorted(potions, reverse=True))


def _without(contents: Contents, code: int) -> Contents:
    """The contents with one card taken: a few small tuples rebuilt, not a mask read again."""
    enemies, weapons, potions = contents
    role, value = _ROLE[code], _VALUE[code]
    if role == MONSTER:
        index = [held for held, _ in enemies].index(value)
        copies = enemies[index][1] - 1
        kept = ((value, copies),) if copies else ()
        enemies = (*enemies[:index], *kept, *enemies[index + 1 :])
    elif role == POTION:
        index = potions.index(value)
        potions = potions[:index] + potions[index + 1 :]
    else:
        index = weapons.index(value)
        weapons = weapons[:index] + weapons[index + 1 :]
    return enemies, weapons, potions


class _OutOfBudget(Exception):
    """The current move order used up its nodes: the next order takes over."""


class DragonsSolver:
    """One deal's solver; its memo is kept across calls, so solving many positions of the same
    game (a post-mortem walks the player's line) costs little more than one."""

    def __init__(self, budget: int | None = None) -> None:
        self.budget = budget
        """Nodes all its searches may expand, or no limit: past it a question raises
        SearchTooLong, and `solve` settles for the best score found so far."""
        self._seed: int | None = None
        self._decks: list[_Deck] = []
        self._deck_ids: dict[tuple[int, tuple[int, ...]], int] = {}
        self._runs: dict[tuple[int, int, tuple[int, ...]], tuple[int, int, tuple[int, ...]]] = {}
        self._contents: dict[int, Contents] = {}
        self._gauges: dict[tuple[int, int, int], Gauge] = {}
        self._costs: dict[tuple[tuple[int, ...], int, int], int] = {}
        self._permutations: dict[tuple[int, int], tuple[int, ...]] = {}
        self._reach_memo: dict[int, dict[Node, list[int]]] = {}
        self._kin: defaultdict[int, dict[tuple[int, int, tuple[int, ...]], list[Kin]]] = (
            defaultdict(dict)
        )
        """By goal, then by place (deck, position, room): the memo entries of the nodes
        expanded there. A node whose weapon is at least as strong, ceiling at least as high,
        with no potion just drunk where the other has one and free to run where the other is,
        never needs more HP than the other (it can play the other's line and take no more
        damage, heal no less), so a failure passes down that order and a success up it."""
        self._loss_memo: dict[tuple[Node, int], tuple[int, bool]] = {}
        """Best losing scores by position: (score, exact), or (at most this, False)."""
        self._survive_memo: dict[int, dict[Node, list[int]]] = {}
        self._budget = 0
        self.expanded = 0
        """Nodes the searches expanded so far: a measure of work that no clock disturbs."""

    def _count(self) -> None:
        self.expanded += 1
        if self.budget is not None and self.expanded > self.budget:
            raise SearchTooLong(f"more than {self.budget} positions")

    # ---- the public questions -------------------------------------------------------------

    def solve(self, state: DragonsState) -> Solution:
        """The best final score from this position, and a line of moves that reaches it."""
        with _no_cycle_collection():
            return self._solve(state)

    def _solve(self, state: DragonsState) -> Solution:
        start = self._start(state)
        if start is None:
            return Solution(state.outcome == Outcome.WON, state.score or 0, ())
        node, hp = start
        if self.budget is None and self._need_bound(node, 1) <= hp:
            # Most deals reach the highest score the bound allows: asked first, it settles
            # winnable and best at once (on 30 deals, 17% fewer nodes than asking for a win
            # first). When it is out of reach, the memo keeps that answer for the climb below.
            # With a budget the win is asked first as before, so that it is known even when
            # the budget runs out. Short of it, the best is most often one point below
            # (on 200 deals, 30 where 31 could not be reached): asked next, it spares the climb
            # from a first win one point at a time.
            top = self._top_score(node, hp)
            for goal in (top, top - 1) if top > 1 else (top,):
                if self._reach(node, hp, goal):
                    return Solution(True, goal, self._actions(self._line(node, hp, goal)))
        if not self._reach(node, hp, 1):
            score = self._best_loss(node, hp)
            return Solution(False, score, self._actions(self._loss_line(node, hp)))
        top = self._top_score(node, hp)
        line = self._line(node, hp, 1)
        score = self._score_of(node, hp, line)
        try:
            if self._reach(node, hp, top):
                return Solution(True, top, self._actions(self._line(node, hp, top)))
            while score + 1 < top and self._reach(node, hp, score + 1):
                line = self._line(node, hp, score + 1)
                score = self._score_of(node, hp, line)
        except SearchTooLong:
            return Solution(True, score, self._actions(line), exact=False)
        return Solution(True, score, self._actions(line))

    def winnable(self, state: DragonsState) -> bool:
        """Whether some line escapes the dungeon: the win search alone, not the best score."""
        start = self._start(state)
        if start is None:
            return state.outcome == Outcome.WON
        with _no_cycle_collection():
            return self._reach(*start, 1)

    # ---- from the engine's state to the solver's -------------------------------------------

    def _start(self, state: DragonsState) -> tuple[Node, int] | None:
        """The position as (node, hp), or None when the game is already over."""
        if len(state.parties) != 1:
            raise ValueError("the solver plays solo games only")
        if self._seed is None:
            self._seed = state.seed
        elif self._seed != state.seed:
            raise ValueError("a solver solves one deal, and this state has another seed")
        if state.is_over:
            return None
        party = state.parties[0]
        cards = tuple(_CODE[card] for card in state.deck)
        deck = self._deck_id(cards, state.shuffles)
        room = tuple(_CODE[card] for card in state.room)
        mask = sum(_BIT[code] for code in (*cards, *room))
        weapon = party.weapon.value if party.weapon is not None else 0
        kill = 0 if party.weapon is None else party.slain[-1].value if party.slain else FRESH
        weapon, kill = self._gauge(mask, weapon, kill)[:2]
        last = party.last_played
        node: Node = (
            deck,
            0,
            room,
            weapon,
            kill,
            last is not None and role_of(last) == Role.POTION and bool(mask & _POTIONS),
            state.may_run() and bool(cards),
            mask,
        )
        return node, party.hp

    def _deck_id(self, cards: tuple[int, ...], shuffles: int) -> int:
        key = (shuffles, cards)
        known = self._deck_ids.get(key)
        if known is None:
            known = self._deck_ids[key] = len(self._decks)
            self._decks.append(_deck(cards, shuffles))
        return known

    # ---- the rules, on small ints ----------------------------------------------------------

    def _play(self, node: Node, hp: int, code: int) -> tuple[Node | None, int, int]:
        """Play one room card: (the next node, or None once the game ended; HP; final score)."""
        deck_id, p, room, weapon, kill, after_potion, _, mask = node
        index = room.index(code)
        room = room[:index] + room[index + 1 :]
        role, value = _ROLE[code], _VALUE[code]
        if role == MONSTER:
            if kill > value:
                if value > weapon:
                    hp -= value - weapon
                kill = value
            else:
                hp -= value
                weapon = kill = 0
        elif role == WEAPON:
            weapon, kill = value, FRESH
        elif not after_potion:
            hp = min(MAX_HP, hp + value)
        deck = self._decks[deck_id]
        if hp <= 0:
            return None, hp, hp - deck.enemies[p]
        cards = deck.cards
        size = len(cards)
        if not room and p == size:
            return None, hp, hp + value if role == POTION and hp == MAX_HP else hp
        bit = _BIT[code]
        mask -= bit
        gauge = self._gauges.get((mask, weapon, kill)) or self._gauge(
            mask, weapon, kill, mask + bit, code
        )
        weapon, kill = gauge[0], gauge[1]
        dealt = p < size and len(room) <= 1
        if dealt:
            take = min(ROOM - len(room), size - p)
            room, p = room + cards[p : p + take], p + take
        return (
            (
                deck_id,
                p,
                room,
                weapon,
                kill,
                role == POTION and mask & _POTIONS != 0,
                dealt and p < size,
                mask,
            ),
            hp,
            0,
        )

    def _run(self, node: Node) -> Node:
        """Run: the room goes back, the deck is reshuffled as the engine does, a room is dealt."""
        deck_id, p, room, weapon, kill, after_potion, _, mask = node
        known = self._runs.get((deck_id, p, room))
        if known is None:
            known = self._runs[(deck_id, p, room)] = self._reshuffle(deck_id, p, room)
        new_id, take, dealt = known
        return (new_id, take, dealt, weapon, kill, after_potion, False, mask)

    def _reshuffle(
        self, deck_id: int, p: int, room: tuple[int, ...]
    ) -> tuple[int, int, tuple[int, ...]]:
        """A shuffle's permutation depends only on the count of cards and of shuffles before:
        worked out once for each, then applied to the cards."""
        deck = self._decks[deck_id]
        cards = (*deck.cards[p:], *room)
        key = (deck.shuffles, len(cards))
        order = self._permutations.get(key)
        if order is None:
            places = list(range(len(cards)))
            seeded_rng(self._seed or 0, f"shuffle:{deck.shuffles}").shuffle(places)
            order = self._permutations[key] = tuple(places)
        shuffled = tuple(cards[place] for place in order)
        take = min(ROOM, len(shuffled))
        return self._deck_id(shuffled, deck.shuffles + 1), take, shuffled[:take]

    def _moves(self, node: Node) -> list[int]:
        """The distinct moves (identical cards are one choice), running last."""
        moves = list(dict.fromkeys(node[2]))
        if node[6]:
            moves.append(RUN)
        return moves

    def _after(self, node: Node, hp: int, move: int) -> tuple[Node | None, int, int]:
        return (self._run(node), hp, 0) if move == RUN else self._play(node, hp, move)

    # ---- can a goal be reached? ------------------------------------------------------------

    def _reach(self, node: Node, hp: int, goal: int) -> bool:
        """Whether some line from here wins with a score of at least `goal`. Each move order
        gets a budget of nodes in turn, doubling, until one of them settles the question. On a
        goal's first question, each turn comes after a stage of sweeps, wider each time (see
        `SWEEPS`): a sweep finds most wins in far fewer nodes, but proves no loss. Later
        questions (a post-mortem walking the player's line) skip the sweeps: a sweep's nodes are
        not remembered, so a failed one costs them all again, while the depth-first search
        builds on what was proved."""
        memo = self._reach_memo.setdefault(goal, {})
        known = memo.get(node)
        if known is not None and (hp <= known[0] or hp >= known[1]):
            return hp >= known[1]  # settled before: free, even with the budget spent
        stages = SWEEPS if not memo else ()
        budget = FIRST_BUDGET
        turn = 0
        while True:
            sweeps = stages[turn] if turn < len(stages) else ()
            if any(self._sweep(memo, node, hp, goal, *sweep) for sweep in sweeps):
                return True
            self._budget = budget
            try:
                return self._search(memo, node, hp, goal, _ORDERINGS[turn % len(_ORDERINGS)])
            except _OutOfBudget:
                turn += 1
                budget *= 2

    def _sweep(
        self, memo: dict[Node, list[int]], node: Node, hp: int, goal: int, width: int, spread: bool
    ) -> bool:
        """Whether a narrow search finds a line reaching the goal: per count of cards left, only
        `width` positions are followed (see `_kept`; a position met twice keeps its higher HP).
        The depth-first search's time is heavy-tailed: a first move that is hopeless in a way
        the bound cannot see costs tens of thousands of nodes to refute, while a few of the
        most promising positions per level reach a win in a few hundred. A line found is
        recorded in the memo (each position on it reaches the goal with its HP there), so that
        `_line` follows it; finding none proves nothing."""
        trail: dict[Node, tuple[int, Node | None]] = {node: (hp, None)}
        level = {node: hp}
        # what each position's promise adds to its HP, worked out when it is first met
        lean = {node: self._promise(node, 0, SWEEP_SPARE)}
        gauges, costs, play = self._gauges, self._costs, self._play
        full = min(goal, MAX_HP)  # the bound inlined: see `_need_bound`
        potion = goal - MAX_HP
        while level:
            level = {here: level[here] for here in self._kept(level, lean, width, spread)}
            for here in list(level):
                if here[6]:
                    ran = self._run(here)  # a run keeps the count of cards left
                    if level.get(ran, 0) < level[here]:
                        level[ran], trail[ran] = level[here], (level[here], here)
                        if ran not in lean:
                            lean[ran] = self._promise(ran, 0, SWEEP_SPARE)
            following: dict[Node, int] = {}
            for here, at in level.items():
                self._count()
                for move in dict.fromkeys(here[2]):
                    child, after, score = play(here, at, move)
                    if child is None:
                        if score >= goal:
                            self._record(memo, trail, here, goal)
                            return True
                        continue
                    entry = memo.get(child)
                    if entry is not None:
                        if after >= entry[1]:
                            self._record(memo, trail, here, goal)
                            return True
                        if after <= entry[0]:
                            continue
                    if following.get(child, 0) >= after:
                        continue
                    _, _, room, weapon, kill, _, _, mask = child
                    gauge = gauges[(mask, weapon, kill)]
                    if gauge[4] < potion or after < full + gauge[2] - gauge[3]:
                        continue
                    following[child], trail[child] = after, (after, here)
                    if child not in lean:
                        cost = costs.get((room, weapon, kill))
                        if cost is None:
                            cost = costs[(room, weapon, kill)] = _room_cost(room, weapon, kill)
                        lean[child] = (gauge[3] - gauge[2]) * SWEEP_SPARE - cost
            level = following
        return False

    def _kept(
        self, level: dict[Node, int], lean: dict[Node, float], width: int, spread: bool
    ) -> list[Node]:
        """The `width` positions of a level a sweep follows, the most promising first, spread
        over places (the cards left) first when `spread` (see `spread_first`)."""
        ranked = sorted(level, key=lambda n: -(level[n] + lean[n]))
        return spread_first(ranked, width, _place) if spread else ranked[:width]

    def _record(
        self,
        memo: dict[Node, list[int]],
        trail: dict[Node, tuple[int, Node | None]],
        last: Node | None,
        goal: int,
    ) -> None:
        """Every position on a line found reaches the goal with the HP it had there."""
        while last is not None:
            hp, before = trail[last]
            entry = self._entry(memo, last, goal)
            entry[1] = min(entry[1], hp)
            last = before

    def _entry(self, memo: dict[Node, list[int]], node: Node, goal: int) -> list[int]:
        """The node's memo entry, [an HP known to fall short, an HP known to suffice], started
        from the bound when the node is new."""
        entry = memo.get(node)
        if entry is None:
            entry = memo[node] = [self._need_bound(node, goal) - 1, NEVER]
        return entry

    def _search(
        self,
        memo: dict[Node, list[int]],
        node: Node,
        hp: int,
        goal: int,
        ordering: tuple[float, int],
    ) -> bool:
        entry = self._entry(memo, node, goal)
        if hp <= entry[0]:
            return False
        if hp >= entry[1]:
            return True
        return self._expand(memo, node, hp, goal, ordering, entry)

    def _expand(
        self,
        memo: dict[Node, list[int]],
        node: Node,
        hp: int,
        goal: int,
        ordering: tuple[float, int],
        entry: list[int],
    ) -> bool:
        """The search at a node its memo entry leaves open. Every child is looked up before
        any is searched: one already known to reach the goal settles the node at once, and
        those known to fall short (or that the bound rules out) are never ranked. Before
        that, the node's kin (see `_kin`) may settle it."""
        _, _, _, weapon, kill, after_potion, may_run, _ = node
        kins = self._kin[goal]
        kin = kins.get(node[:3])
        if kin is None:
            kin = kins[node[:3]] = []
        for other_weapon, other_kill, other_potion, other_run, other in kin:
            if hp <= other[0]:
                if (
                    other_weapon >= weapon
                    and other_kill >= kill
                    and other_potion <= after_potion
                    and other_run >= may_run
                ):
                    entry[0] = hp
                    return False
            elif (
                hp >= other[1]
                and other_weapon <= weapon
                and other_kill <= kill
                and other_potion >= after_potion
                and other_run <= may_run
            ):
                entry[1] = hp
                return True
        if len(entry) == 2:
            entry.append(0)  # marks it one of its place's kin
            kin.append((weapon, kill, after_potion, may_run, entry))
        self._budget -= 1
        if self._budget < 0:
            raise _OutOfBudget
        self._count()
        spare, run_penalty = ordering
        room = node[2]
        if goal > MAX_HP and any(
            _ROLE[code] == POTION and _VALUE[code] >= goal - MAX_HP for code in room
        ):
            run_penalty = 1000
        gauges, costs, play = self._gauges, self._costs, self._play
        full = min(goal, MAX_HP)  # the bound inlined: see `_need_bound`
        potion = goal - MAX_HP
        ranked: list[tuple[float, Node, int, list[int]]] = []
        for move in dict.fromkeys(room):
            child, after, score = play(node, hp, move)
            if child is None:
                if score >= goal:
                    entry[1] = hp
                    return True
                continue
            _, _, child_room, weapon, kill, _, _, mask = child
            gauge = gauges[(mask, weapon, kill)]
            known = memo.get(child)
            if known is None:
                if gauge[4] < potion:
                    known = memo[child] = [NEVER - 1, NEVER]
                    continue
                known = memo[child] = [max(1, full + gauge[2] - gauge[3]) - 1, NEVER]
            if after <= known[0]:
                continue
            if after >= known[1]:
                entry[1] = hp
                return True
            cost = costs.get((child_room, weapon, kill))
            if cost is None:
                cost = costs[(child_room, weapon, kill)] = _room_cost(child_room, weapon, kill)
            ranked.append((after + (gauge[3] - gauge[2]) * spare - cost, child, after, known))
        if node[6]:
            child = self._run(node)
            known = self._entry(memo, child, goal)
            if hp >= known[1]:
                entry[1] = hp
                return True
            if hp > known[0]:
                ranked.append((self._promise(child, hp, spare) - run_penalty, child, hp, known))
        ranked.sort(key=_first, reverse=True)
        for _, child, after, known in ranked:
            if after <= known[0]:
                continue
            if after >= known[1] or self._expand(memo, child, after, goal, ordering, known):
                entry[1] = hp
                return True
        entry[0] = hp
        return False

    def _children(self, node: Node, hp: int, ordering: tuple[float, int], goal: int) -> list[Child]:
        """Every move's outcome, those most likely to win first: a game won at once, then by
        the HP a move leaves, plus some of what the bound leaves to spare, less what the room's
        enemies would cost now with the weapon in hand. A goal above full health needs a
        potion kept for the last card: once the room holds one, running is tried last."""
        spare, run_penalty = ordering
        if goal > MAX_HP and any(
            _ROLE[code] == POTION and _VALUE[code] >= goal - MAX_HP for code in node[2]
        ):
            run_penalty = 1000
        ranked: list[Child] = []
        for move in self._moves(node):
            child, after, score = self._after(node, hp, move)
            if child is None:
                ranked.append((1000.0 + score, move, child, after, score))
                continue
            promise = self._promise(child, after, spare)
            if move == RUN:
                promise -= run_penalty
            ranked.append((promise, move, child, after, score))
        ranked.sort(key=_promise_of, reverse=True)
        return ranked

    def _promise(self, node: Node, hp: int, spare: float) -> float:
        _, _, room, weapon, kill, _, _, mask = node
        gauge = self._gauges.get((mask, weapon, kill)) or self._gauge(mask, weapon, kill)
        cost = self._costs.get((room, weapon, kill))
        if cost is None:
            cost = self._costs[(room, weapon, kill)] = _room_cost(room, weapon, kill)
        return hp + (gauge[3] - gauge[2]) * spare - cost

    def _need_bound(self, node: Node, goal: int) -> int:
        """The least HP that might reach `goal`, by a bound that ignores the order of the
        cards: every enemy must be fought, a weapon kills a strictly falling chain (so each
        enemy value meets each weapon at most once), and at best every potion heals in full."""
        mask, weapon, kill = node[7], node[3], node[4]
        gauge = self._gauges.get((mask, weapon, kill)) or self._gauge(mask, weapon, kill)
        if goal > MAX_HP and gauge[4] < goal - MAX_HP:
            return NEVER
        return max(1, min(goal, MAX_HP) + gauge[2] - gauge[3])

    def _top_score(self, node: Node, hp: int) -> int:
        """The highest score the bound allows from here."""
        return max(goal for goal in range(1, BEST_WIN + 1) if self._need_bound(node, goal) <= hp)

    def _gauge(self, mask: int, weapon: int, kill: int, parent: int = 0, taken: int = 0) -> Gauge:
        """The weapon and ceiling made canonical, with the order-free bound (see `Gauge`).

        A ceiling counts only through the enemies left below it, so it becomes one above the
        highest of them; a weapon stronger than every enemy it may still strike is as good as
        one exactly that strong; and a weapon that may strike none is no weapon. The bound:
        each enemy value meets each weapon at most once (a weapon kills a strictly falling
        chain), so of a value's copies (two in a deck) the first costs what the best weapon
        that may strike it leaves, the second what the next best leaves; any further copy is
        counted as free, which keeps the bound a bound. `parent` and `taken`, when given, are
        the mask one card before and that card: the contents are then read off the parent's.
        """
        key = (mask, weapon, kill)
        known = self._gauges.get(key)
        if known is not None:
            return known
        contents = self._contents.get(mask)
        if contents is None:
            before = self._contents.get(parent) if parent else None
            contents = _contents(mask) if before is None else _without(before, taken)
            self._contents[mask] = contents
        enemies, weapons, potions = contents
        first = weapons[0] if weapons else 0
        second = weapons[1] if len(weapons) > 1 else 0
        below = 0
        for value, _ in enemies:
            if value < kill:
                below = value
                break
        if weapon == 0 or below == 0:
            weapon = kill = 0
        else:
            weapon, kill = min(weapon, below), below + 1
        if weapon > first:
            under_first, under_second = weapon, first
        elif weapon > second:
            under_first, under_second = first, weapon
        else:
            under_first, under_second = first, second
        damage = 0
        for value, copies in enemies:
            if value <= second:
                break  # nor below the ceiling, where the second arm is no weaker
            low = value < kill
            arm = under_first if low else first
            if value > arm:
                damage += value - arm
            if copies > 1:
                arm = under_second if low else second
                if value > arm:
                    damage += value - arm
        healing = sum(potions)
        best_potion = potions[0] if potions else 0
        known = (weapon, kill, damage, healing, best_potion)
        self._gauges[key] = known
        self._gauges[(mask, weapon, kill)] = known
        return known

    def _line(self, node: Node, hp: int, goal: int) -> list[int]:
        """The moves of a line reaching `goal`, read off the memo the search filled: a move
        the memo already knows to reach the goal is taken before any other is searched."""
        memo = self._reach_memo[goal]
        line: list[int] = []
        current: Node | None = node
        while current is not None:
            outcomes = [(move, *self._after(current, hp, move)) for move in self._moves(current)]
            known = [
                (move, child, after, score)
                for move, child, after, score in outcomes
                if (score >= goal if child is None else _known(memo.get(child), after))
            ]
            for move, child, after, score in known or outcomes:
                if score >= goal if child is None else self._reach(child, after, goal):
                    line.append(move)
                    current, hp = child, after
                    break
            else:
                raise AssertionError("the search promised a line that is not there")
        return line

    def _score_of(self, node: Node, hp: int, line: list[int]) -> int:
        current: Node | None = node
        score = 0
        for move in line:
            assert current is not None
            current, hp, score = self._after(current, hp, move)
        return score

    # ---- the best loss, when no line wins --------------------------------------------------

    def _best_loss(self, node: Node, hp: int) -> int:
        """The best losing score, asked first with a high floor: a fall that beats it must come
        with few enemies left in the deck, so only lines that survive that long are searched."""
        for floor in _LOSS_FLOORS:
            score = self._loss(node, hp, floor)
            if score > floor:
                return score
        raise AssertionError("a loss scores above the lowest floor")

    def _loss(self, node: Node, hp: int, floor: int) -> int:
        """The best losing score from here if it beats `floor`; otherwise at most `floor`, and
        no less than the best (a loss is at most 0: HP at or below 0, less the deck's enemies)."""
        key = (node, hp)
        known = self._loss_memo.get(key)
        if known is not None and (known[1] or known[0] <= floor):
            return known[0]
        if not self._survives(node, hp, -floor - 1):
            self._loss_memo[key] = (floor, False)
            return floor
        self._count()
        best = LOWEST
        for move in self._moves(node):
            child, after, score = self._after(node, hp, move)
            value = score if child is None else self._loss(child, after, max(floor, best))
            best = max(best, value)
            if best == 0:
                break
        self._loss_memo[key] = (best, best > floor)
        return best

    def _survives(self, node: Node, hp: int, enemies: int) -> bool:
        """Whether the party can still be standing when the deck's enemies total at most
        `enemies`: a fall scores its HP less that total, so a better fall must get there."""
        memo = self._survive_memo.setdefault(enemies, {})
        return self._stands(memo, node, hp, enemies)

    def _stands(self, memo: dict[Node, list[int]], node: Node, hp: int, enemies: int) -> bool:
        if self._decks[node[0]].enemies[node[1]] <= enemies:
            return True
        entry = memo.get(node)
        if entry is None:
            entry = memo[node] = [0, NEVER]
        if hp <= entry[0]:
            return False
        if hp >= entry[1]:
            return True
        self._count()
        for _, _, child, after, score in self._children(node, hp, _ORDERINGS[0], 1):
            if score > 0 if child is None else self._stands(memo, child, after, enemies):
                entry[1] = hp
                return True
        entry[0] = hp
        return False

    def _loss_line(self, node: Node, hp: int) -> list[int]:
        line: list[int] = []
        current: Node | None = node
        while current is not None:
            target = self._loss(current, hp, LOWEST)
            for move in self._moves(current):
                child, after, score = self._after(current, hp, move)
                if (score if child is None else self._loss(child, after, target - 1)) == target:
                    line.append(move)
                    current, hp = child, after
                    break
            else:
                raise AssertionError("the search promised a line that is not there")
        return line

    @staticmethod
    def _actions(line: list[int]) -> tuple[DungeonAction, ...]:
        return tuple(
            dungeon_action(ActionKind.RUN)
            if move == RUN
            else dungeon_action(_KIND[_ROLE[move]], _CARDS[move])
            for move in line
        )


@contextmanager
def _no_cycle_collection() -> Generator[None]:
    """A search makes hundreds of thousands of tuples and lists, and not one reference cycle:
    the cyclic collector's full passes over them took about a third of a long solve, for
    nothing (on 6 slow deals, 8.7 to 9.7 s with it, 6.1 to 6.2 s without)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _room_cost(room: tuple[int, ...], weapon: int, kill: int) -> int:
    """What the room's enemies would cost now with the weapon in hand, the strongest first."""
    cost = 0
    for value in sorted((_VALUE[c] for c in room if _ROLE[c] == MONSTER), reverse=True):
        if kill > value:
            cost += value - weapon if value > weapon else 0
            kill = value
        else:
            cost += value
            kill = 0
    return cost


def _place(node: Node) -> tuple[int, int, tuple[int, ...]]:
    """Where a node stands in the deal (its deck, position and room), whatever it holds."""
    return node[0], node[1], node[2]


def _known(entry: list[int] | None, hp: int) -> bool:
    """Whether a memo entry already shows this HP reaching its goal."""
    return entry is not None and hp >= entry[1]


def _first(ranked: tuple[float, Node, int, list[int]]) -> float:
    return ranked[0]


def _promise_of(child: Child) -> float:
    return child[0]


def solve(state: DragonsState) -> Solution:
    """Solve one position with a fresh solver."""
    return DragonsSolver().solve(state)
