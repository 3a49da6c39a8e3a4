"""Scoundrel solved with the deck order known: the best score a position can reach, and a line.

The engine's state is a pydantic model, far too slow to copy for every position searched, so
the solver plays its own copy of the rules on small ints, and the tests hold it to the engine by
replaying every line it returns.

A position is a structure (the deck, the room, the weapon and its ceiling, the room's potion
and run flags) plus HP. Every score goal is monotone in HP: a line that reaches a goal from some
HP reaches it from any higher HP too (HP only ever moves by monotone steps, and a loss scores
HP minus the monsters left, a quantity no move can lower). So "can this position reach a score
of at least G?" is decided by one number per structure, the least HP that suffices, and the
search keeps, per goal and structure, a bound on each side of that number. Those bounds hold
for every HP at once, which is what makes the memo small: structures, not structures times HP.

The best score is found by asking that question for a few goals: first a win (any win beats any
loss), then higher goals by bisection.

Structures are made as few as the rules allow: cards of the same role and value are one code, a
room's play order only matters through the structure it leaves (so positions inside a room are
memoised too), a ceiling counts only through the monsters still to come (and a weapon that can
strike none of them is no weapon), and in Easy, where every room may be fled, the rooms a chain
of runs reaches are one position (a run changes nothing but the deck's order, so all of them
are worth the same): that also removes the only cycles the game has.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from bot.games.cards import Card
from bot.games.contract import Outcome
from bot.games.crawl.actions import ActionKind, DungeonAction, Role, dungeon_action, role_of
from bot.games.crawl.solving import SearchTooLong, Solution
from bot.games.scoundrel.engine import (
    MAX_HP,
    PLAYS_PER_ROOM,
    ROOM_SIZE,
    RUN_RULES,
    RunRule,
    ScoundrelState,
    Variant,
)

NEVER = 99
"""A least HP no position can have: the goal is out of reach whatever the HP."""
FRESH = 16
"""The ceiling of a weapon with no kill yet: above every monster (a joker is worth 15)."""
FIRST_VISITS = 8000
"""Positions the first attempt at a question may visit before a restart; each next one may
visit twice as many."""
SHAKE = 6
"""How far (in HP) a restart may move a move's promise: more than the usual gap between a
winning move and the one tried before it, less than a bad move's gap."""
WEAPON_BASE, POTION_BASE = 20, 40
"""Card codes: a monster is its value, a weapon 20 + value, a potion 40 + value."""

Node = tuple[int, tuple[int, ...], int, int, bool, int, bool]
"""A structure: (deck id, room codes, weapon value or 0, ceiling or 0, a potion already drunk in
this room, cards played in this room, the last room was fled)."""
Move = tuple[ActionKind, int, tuple[tuple[int, ...], tuple[int, ...]] | None]
"""(kind, card code, the room and deck the play needs, when runs must reach them first)."""


class Kid(NamedTuple):
    """One move from a structure and what it does, with the bounds of the structure it leaves."""

    damage: int
    heal: int
    node: Node | None
    """None when the move plays the last card: the game is won if HP stays above 0."""
    monsters_left: int
    shortfall: int
    """Least damage still to take minus most healing still to drink, with the play order
    relaxed (see `_least_damage`): an HP this far below a goal cannot reach it."""
    best_potion_left: int
    bonus: int
    """The potion's value when the move drinks one: it counts for a win at full HP."""
    move: Move


def _code(card: Card) -> int:
    role = role_of(card)
    if role == Role.WEAPON:
        return WEAPON_BASE + card.value
    if role == Role.POTION:
        return POTION_BASE + card.value
    return card.value


def _is_monster(code: int) -> bool:
    return code < WEAPON_BASE


def _is_potion(code: int) -> bool:
    return code >= POTION_BASE


def _value(code: int) -> int:
    return code % WEAPON_BASE


def _sharpened(weapon: int, ceiling: int, monsters: int) -> tuple[int, int]:
    """The weapon as the monsters still to come see it (`monsters` has bit v set for each value
    v left). Two ceilings with no monster value between them are the same ceiling; a weapon
    stronger than anything it may still strike is as good as one just strong enough; a weapon
    that may strike nothing left is no weapon. Equal structures then share one memo entry."""
    if not weapon:
        return 0, 0
    reachable = monsters & ((1 << ceiling) - 1)
    if not reachable:
        return 0, 0
    above = monsters >> ceiling
    if above:
        ceiling += (above & -above).bit_length() - 1
    else:
        ceiling = FRESH
    return min(weapon, reachable.bit_length() - 1), ceiling


class _Deck(NamedTuple):
    cards: tuple[int, ...]
    monster_values: int
    """Bit v set when a monster of value v is in the deck."""
    monsters: int
    potions: tuple[int, ...]
    """The deck's potion values, best first."""
    counts: tuple[int, ...]
    """How many monsters of each value (the index) the deck holds."""
    weapons: tuple[int, ...]
    """The deck's weapon values, best first."""
    potion_total: int


def _least_damage(counts: list[int], weapons: tuple[int, ...], weapon: int, ceiling: int) -> int:
    """The least damage the monsters left can deal if cards could be played in any order.
    Then each weapon kills a strictly falling run of values, so at best one monster of each
    value per weapon (the held one only below its ceiling), and the rest are fought bare.
    `weapons` are the ones still to come, best first. A deck holds at most two monsters of a
    value, so only the best two weapons count: those are worked out once, not per value."""
    first = weapons[0] if weapons else 0
    second = weapons[1] if len(weapons) > 1 else 0
    if weapon >= first:
        held_first, held_second = weapon, first
    else:
        held_first, held_second = first, max(weapon, second)
    damage = 0
    for value in range(2, len(counts)):
        count = counts[value]
        if not count:
            continue
        if count > 2:
            damage += _least_damage_of(value, count, weapons, weapon, ceiling)
            continue
        best, next_best = (held_first, held_second) if value < ceiling else (first, second)
        if value > best:
            damage += value - best
        if count == 2 and value > next_best:
            damage += value - next_best
    return damage


def _least_damage_of(
    value: int, count: int, weapons: tuple[int, ...], weapon: int, ceiling: int
) -> int:
    """`_least_damage` for one value held more than twice (a deck of the rules has none)."""
    usable = sorted([weapon, *weapons], reverse=True) if weapon and value < ceiling else weapons
    strengths = [*usable[:count], *[0] * max(0, count - len(usable))]
    return sum(max(0, value - strength) for strength in strengths)


class _Rules:
    """The game on small ints for one variant, with the structures it has met and the moves
    each allows (worked out once: the search meets the same structure under many goals)."""

    def __init__(self, variant: Variant) -> None:
        self.expansions = 0
        """Positions expanded so far, by every search of this solver."""
        self.limit: int | None = None
        self.rule = RUN_RULES[variant]
        self.decks: list[_Deck] = []
        self._deck_ids: dict[tuple[int, ...], int] = {}
        self._kids: dict[Node, tuple[Kid, ...]] = {}
        self._bounds: dict[Node, tuple[int, int, int]] = {}

    def deck_id(self, cards: tuple[int, ...]) -> int:
        known = self._deck_ids.get(cards)
        if known is None:
            monsters = [_value(c) for c in cards if _is_monster(c)]
            potions = [_value(c) for c in cards if _is_potion(c)]
            mask = 0
            counts = [0] * FRESH
            for value in monsters:
                mask |= 1 << value
                counts[value] += 1
            weapons = sorted(
                (_value(c) for c in cards if WEAPON_BASE <= c < POTION_BASE), reverse=True
            )
            known = self._deck_ids[cards] = len(self.decks)
            self.decks.append(
                _Deck(
                    cards,
                    mask,
                    sum(monsters),
                    tuple(sorted(potions, reverse=True)),
                    tuple(counts),
                    tuple(weapons),
                    sum(potions),
                )
            )
        return known

    def node(
        self,
        deck_id: int,
        room: tuple[int, ...],
        weapon: int,
        ceiling: int,
        potion_drunk: bool,
        played: int,
        ran: bool,
    ) -> Node:
        """The canonical structure: facts that cannot matter any more are dropped, so that
        positions differing only in them meet in the memo."""
        deck = self.decks[deck_id]
        mask = deck.monster_values
        for code in room:
            if code < WEAPON_BASE:
                mask |= 1 << code
        weapon, ceiling = _sharpened(weapon, ceiling, mask)
        potion_drunk = potion_drunk and any(code >= POTION_BASE for code in room)
        if not deck.cards:
            return (deck_id, tuple(sorted(room)), weapon, ceiling, potion_drunk, 0, False)
        if self.rule != RunRule.NOT_TWICE_IN_A_ROW or played:
            ran = False
        if played or self.rule == RunRule.NEVER or ran:
            return (deck_id, tuple(sorted(room)), weapon, ceiling, potion_drunk, played, ran)
        if self.rule == RunRule.ANY_ROOM:
            room, deck_id = min(self._orbit(room, deck.cards), key=self._order)
        return (deck_id, room, weapon, ceiling, False, 0, ran)

    def _orbit(
        self, room: tuple[int, ...], deck: tuple[int, ...]
    ) -> Iterator[tuple[tuple[int, ...], int]]:
        """Every (room, deck id) a chain of runs reaches, this one first: a run puts the room
        under the deck and deals the top four."""
        start = (room, deck)
        while True:
            yield room, self.deck_id(deck)
            cards = deck + room
            room, deck = cards[:ROOM_SIZE], cards[ROOM_SIZE:]
            if (room, deck) == start:
                return

    def _order(self, place: tuple[tuple[int, ...], int]) -> tuple[tuple[int, ...], ...]:
        """Places compared by their cards, never by deck ids (those depend on what was searched
        before, and the same position must always give the same line)."""
        return place[0], self.decks[place[1]].cards

    def kids(self, node: Node) -> tuple[Kid, ...]:
        known = self._kids.get(node)
        if known is None:
            known = self._kids[node] = self._expand(node)
        return known

    def _expand(self, node: Node) -> tuple[Kid, ...]:
        self.expansions += 1
        if self.limit is not None and self.expansions > self.limit:
            raise SearchTooLong(f"more than {self.limit} positions")
        deck_id, room, weapon, ceiling, drunk, played, ran = node
        deck = self.decks[deck_id].cards
        if played or not deck or self.rule == RunRule.NEVER:
            kids = self._plays(deck_id, room, weapon, ceiling, drunk, played, None)
        elif self.rule == RunRule.ANY_ROOM:
            kids = []
            seen: set[tuple[int, int, Node | None, int]] = set()
            for place_room, place_deck in self._orbit(room, deck):
                place = (place_room, self.decks[place_deck].cards)
                for kid in self._plays(place_deck, place_room, weapon, ceiling, False, 0, place):
                    same = (kid.damage, kid.heal, kid.node, kid.bonus)
                    if same not in seen:
                        seen.add(same)
                        kids.append(kid)
        else:
            kids = self._plays(deck_id, room, weapon, ceiling, drunk, played, None)
            if not ran:
                kids.append(self._run(deck_id, room, weapon, ceiling))
        kids.sort(key=_promise)
        return tuple(kids)

    def _run(self, deck_id: int, room: tuple[int, ...], weapon: int, ceiling: int) -> Kid:
        cards = self.decks[deck_id].cards + room
        after = self.deck_id(cards[ROOM_SIZE:])
        node = self.node(after, cards[:ROOM_SIZE], weapon, ceiling, False, 0, True)
        return self._kid(0, 0, node, 0, (ActionKind.RUN, 0, None))

    def _plays(
        self,
        deck_id: int,
        room: tuple[int, ...],
        weapon: int,
        ceiling: int,
        drunk: bool,
        played: int,
        place: tuple[tuple[int, ...], tuple[int, ...]] | None,
    ) -> list[Kid]:
        kids: list[Kid] = []
        for index, code in enumerate(room):
            if code in room[:index]:
                continue
            rest = room[:index] + room[index + 1 :]
            value = _value(code)
            if code < WEAPON_BASE:
                if weapon and value < ceiling:
                    kids.append(
                        self._after(
                            deck_id, rest, weapon, value, drunk, played,
                            max(0, value - weapon), 0, 0,
                            (ActionKind.FIGHT_WITH_WEAPON, code, place),
                        )
                    )  # fmt: skip
                kids.append(
                    self._after(
                        deck_id, rest, weapon, ceiling, drunk, played, value, 0, 0,
                        (ActionKind.FIGHT_BAREHANDED, code, place),
                    )
                )  # fmt: skip
            elif code < POTION_BASE:
                kids.append(
                    self._after(
                        deck_id, rest, value, FRESH, drunk, played, 0, 0, 0,
                        (ActionKind.EQUIP, code, place),
                    )
                )  # fmt: skip
            else:
                kids.append(
                    self._after(
                        deck_id, rest, weapon, ceiling, True, played, 0,
                        0 if drunk else value, value,
                        (ActionKind.DRINK, code, place),
                    )
                )  # fmt: skip
        return _without_dominated(kids)

    def _after(
        self,
        deck_id: int,
        rest: tuple[int, ...],
        weapon: int,
        ceiling: int,
        drunk: bool,
        played: int,
        damage: int,
        heal: int,
        bonus: int,
        move: Move,
    ) -> Kid:
        """One card played: the room is dealt up to four after its third play while the deck
        lasts, and the game ends when no card is left."""
        deck = self.decks[deck_id].cards
        played += 1
        if not rest and not deck:
            return self._kid(damage, heal, None, bonus, move)
        if deck and played >= PLAYS_PER_ROOM:
            take = min(ROOM_SIZE - len(rest), len(deck))
            rest += deck[:take]
            deck_id = self.deck_id(deck[take:])
            played, drunk = 0, False
        node = self.node(deck_id, rest, weapon, ceiling, drunk, played, False)
        return self._kid(damage, heal, node, bonus, move)

    def _kid(self, damage: int, heal: int, node: Node | None, bonus: int, move: Move) -> Kid:
        if node is None:
            return Kid(damage, heal, None, 0, 0, 0, bonus, move)
        return Kid(damage, heal, node, *self.bound(node), bonus, move)

    def bound(self, node: Node) -> tuple[int, int, int]:
        """(monsters left, shortfall, best potion left) of a structure."""
        known = self._bounds.get(node)
        if known is None:
            known = self._bounds[node] = self._bound(node)
        return known

    def _bound(self, node: Node) -> tuple[int, int, int]:
        deck_id, room, weapon, ceiling, drunk = node[:5]
        deck = self.decks[deck_id]
        counts = list(deck.counts)
        monsters = deck.monsters
        weapons = deck.weapons
        potions: list[int] = []
        for code in room:
            value = _value(code)
            if code < WEAPON_BASE:
                counts[value] += 1
                monsters += value
            elif code < POTION_BASE:
                weapons = tuple(sorted((*weapons, value), reverse=True))
            else:
                potions.append(value)
        # One potion heals per room, and every room but the last plays three deck cards.
        heals = (0 if drunk else 1) + (len(deck.cards) + PLAYS_PER_ROOM - 1) // PLAYS_PER_ROOM
        if heals >= len(deck.potions) + len(potions):
            healing = deck.potion_total + sum(potions)
        else:
            healing = sum(sorted([*deck.potions, *potions], reverse=True)[:heals])
        shortfall = _least_damage(counts, weapons, weapon, ceiling) - healing
        best_potion = max([*deck.potions[:1], *potions], default=0)
        return monsters, shortfall, best_potion


def _without_dominated(kids: list[Kid]) -> list[Kid]:
    """Of moves leaving the same structure, only the one costing least (a weapon strike that
    loses nothing to come does all a barehanded fight does, for less)."""
    best: dict[Node | None, Kid] = {}
    for kid in kids:
        if kid.node is None:
            continue
        known = best.get(kid.node)
        if known is None or (kid.damage - kid.heal, -kid.bonus) < (
            known.damage - known.heal,
            -known.bonus,
        ):
            best[kid.node] = kid
    return [kid for kid in kids if kid.node is None or best[kid.node] is kid]


def _promise(kid: Kid) -> tuple[int, int, int]:
    """Moves leaving the most HP above what the monsters left must still cost first: a win is
    usually found on the first try."""
    if kid.node is None:
        return (-NEVER, 0, kid.move[1])
    return (kid.damage - kid.heal + kid.shortfall, -kid.node[3] * 16 - kid.node[2], kid.move[1])


def _by_promise(kids: tuple[Kid, ...], hp: int, shake: tuple[Node, int] | None) -> tuple[Kid, ...]:
    """The moves in `_promise` order, with healing past full HP not counted: a potion drunk at
    full HP is a potion lost. With a `shake`, each move's place is moved by a small amount
    drawn from it (see `_Search.reaches`)."""
    excess = [max(0, hp + kid.heal - MAX_HP) for kid in kids]
    if shake is None:
        if not any(excess):
            return kids
        order = sorted(range(len(kids)), key=lambda i: (_promise(kids[i])[0] + excess[i], i))
    else:
        order = sorted(
            range(len(kids)),
            key=lambda i: (_promise(kids[i])[0] + excess[i] + hash((shake, i)) % SHAKE, i),
        )
    return tuple(kids[i] for i in order)


def _kin_key(node: Node) -> tuple[int, tuple[int, ...], int]:
    """A structure's deck, room and plays: structures that differ only in their weapon and
    flags share it."""
    return node[0], node[1], node[5]


def _from_kin(
    node: Node, kin: set[Node], low: dict[Node, int], high: dict[Node, int]
) -> tuple[int, int]:
    """(an HP known to suffice, a floor on the least HP) for `node`, from its kin's bounds.
    A structure with a weapon at least as strong, a ceiling at least as high, and no flag
    this one lacks (a potion already drunk, a run just made) does all this one does, for no
    more damage: so its least HP is never more, for any goal. Its floor is a floor here, and
    an HP enough for a structure this one so betters is enough here."""
    known, floor = high.get(node, NEVER), low.get(node, 1)
    _, _, weapon, ceiling, drunk, _, ran = node
    for other in kin:
        if other[2] >= weapon and other[3] >= ceiling and other[4] <= drunk and other[6] <= ran:
            floor = max(floor, low.get(other, 1))
        if other[2] <= weapon and other[3] <= ceiling and other[4] >= drunk and other[6] >= ran:
            known = min(known, high.get(other, NEVER))
    return known, floor


class _Restart(Exception):
    """A search attempt ran past its visits: the next one tries the moves in another order."""


class _Search:
    """Least-HP bounds per goal and structure, and the searches that fill them."""

    def __init__(self, rules: _Rules) -> None:
        self.rules = rules
        self._low: dict[int, dict[Node, int]] = {}
        """Per goal: an HP known to fall short, plus one (the least HP is at least this)."""
        self._high: dict[int, dict[Node, int]] = {}
        """Per goal: an HP known to suffice."""
        self._attempt = 0
        self._visits_left: int | None = None
        self._kin: dict[tuple[int, tuple[int, ...], int], set[Node]] = {}
        """Searched structures by `_kin_key`: the same place with other weapons."""

    def start(self, state: ScoundrelState) -> tuple[Node, int]:
        weapon = state.weapon.value if state.weapon is not None else 0
        kill = state.last_kill
        ceiling = (kill.value if kill is not None else FRESH) if weapon else 0
        deck_id = self.rules.deck_id(tuple(_code(card) for card in state.deck))
        room = tuple(_code(card) for card in state.room)
        node = self.rules.node(
            deck_id,
            room,
            weapon,
            ceiling,
            state.potion_in_room,
            state.played_in_room,
            state.ran_last_room,
        )
        return node, state.hp

    def reaches(self, goal: int, node: Node, hp: int) -> bool:
        """Whether some line from this position ends with a score of at least `goal`.

        The time to find a line is heavy-tailed: the first move tried can be hopeless in a
        way the bounds cannot see, and proving it so costs thousands of positions while
        another move wins at once. So the search restarts after a while, with twice the
        visits and the moves shaken into another order (the same order every time for the
        same question: the shake is drawn from the position and the attempt). Nothing proved
        is lost: the memo only ever holds finished answers, and the last attempts are long
        enough to finish any proof. Only the win question restarts: a score goal's line is
        rarer, and a shaken order costs it more than it saves."""
        low, high = self._memo(goal)
        if goal != 1:
            return self._need(goal, node, hp, low, high) <= hp
        self._attempt, visits = 0, FIRST_VISITS
        try:
            while True:
                self._visits_left = visits
                try:
                    return self._need(goal, node, hp, low, high) <= hp
                except _Restart:
                    self._attempt += 1
                    visits *= 2
        finally:
            self._attempt, self._visits_left = 0, None

    def _memo(self, goal: int) -> tuple[dict[Node, int], dict[Node, int]]:
        """The goal's bounds, a new goal's started from its neighbours': the least HP only
        grows with the goal, so a floor proved for a lower goal holds for a higher one, and
        an HP that reaches a higher goal reaches a lower one."""
        low = self._low.get(goal)
        if low is None:
            below = [g for g in self._low if g < goal]
            low = self._low[goal] = self._low[max(below)].copy() if below else {}
        high = self._high.get(goal)
        if high is None:
            above = [g for g in self._high if g > goal]
            high = self._high[goal] = self._high[min(above)].copy() if above else {}
        return low, high

    def _need(
        self, goal: int, node: Node, budget: int, low: dict[Node, int], high: dict[Node, int]
    ) -> int:
        """The least HP reaching the goal from `node` if some HP up to `budget` does, else a
        lower bound on it (above `budget`). The first move that fits the budget ends the search:
        only a bound is wanted, and any HP above it works too."""
        known = high.get(node, NEVER)
        if known <= budget:
            return known
        floor = low.get(node, 1)
        if floor > budget:
            return floor
        kin = self._kin.get(_kin_key(node))
        if kin is None:
            kin = self._kin[_kin_key(node)] = set()
        else:
            known, floor = _from_kin(node, kin, low, high)
            if known <= budget:
                high[node] = known
                return known
            if floor > budget:
                low[node] = floor
                return floor
        kin.add(node)
        if self._visits_left is not None:
            self._visits_left -= 1
            if self._visits_left < 0:
                raise _Restart
        shake = (node, self._attempt) if self._attempt else None
        best = NEVER
        for kid in _by_promise(self.rules.kids(node), budget, shake):
            need = self._via(goal, kid, budget, low, high)
            if need <= budget:
                high[node] = need
                return need
            if need < best:
                best = need
        low[node] = best
        return best

    def _via(
        self, goal: int, kid: Kid, budget: int, low: dict[Node, int], high: dict[Node, int]
    ) -> int:
        """As `_need`, for the positions that start with this move."""
        if kid.damage:
            enough = NEVER
            if goal <= 0:
                # Dying here scores HP minus what is left, and surviving with that much keeps it.
                enough = max(1, goal + kid.damage + kid.monsters_left)
                if enough <= budget:
                    return enough
            after = budget - kid.damage
            survive = self._reach(goal, kid, after, low, high) if after >= 1 else 1
            return min(enough, kid.damage + survive)
        if kid.heal:
            after = min(MAX_HP, budget + kid.heal)
            need = self._reach(goal, kid, after, low, high)
            return NEVER if need > MAX_HP else max(1, need - kid.heal)
        return self._reach(goal, kid, budget, low, high)

    def _reach(
        self, goal: int, kid: Kid, budget: int, low: dict[Node, int], high: dict[Node, int]
    ) -> int:
        """As `_need`, for the position a move leaves (HP counted after the move)."""
        node = kid.node
        if node is None:
            if goal <= MAX_HP:
                return max(1, goal)
            return MAX_HP if kid.bonus >= goal - MAX_HP else NEVER
        if goal <= MAX_HP:
            if goal <= 0:
                # HP minus the monsters left never drops, and a loss scores it at the end.
                enough = max(1, goal + kid.monsters_left)
                if enough <= budget:
                    return enough
            # The shortfall bounds a win's final HP and a loss's score alike.
            if goal + kid.shortfall > budget:
                return goal + kid.shortfall
        else:
            if kid.best_potion_left < goal - MAX_HP:
                return NEVER
            if MAX_HP + kid.shortfall > budget:
                return MAX_HP + kid.shortfall
        return self._need(goal, node, budget, low, high)

    def line(self, goal: int, node: Node, hp: int) -> tuple[list[Move], int]:
        """Moves reaching the goal from a position that reaches it, and the score they end on."""
        low, high = self._memo(goal)
        moves: list[Move] = []
        current: Node | None = node
        while current is not None:
            kid = next(
                k for k in self.rules.kids(current) if self._via(goal, k, hp, low, high) <= hp
            )
            moves.append(kid.move)
            hp = hp - kid.damage if kid.damage else min(MAX_HP, hp + kid.heal)
            if hp <= 0:
                return moves, hp - kid.monsters_left
            current = kid.node
            if current is None:
                bonus = kid.bonus if hp == MAX_HP else 0
                return moves, hp + bonus
        raise AssertionError("a line always ends the game")


class ScoundrelSolver:
    """One deal's solver; its memo is kept across calls, so solving many positions of the same
    game (a post-mortem walks the player's line) costs little more than one."""

    def __init__(self, budget: int | None = None) -> None:
        self._searches: dict[Variant, _Search] = {}
        self.budget = budget
        """Positions all its searches may expand (about 8,000 a second), or no limit: past
        it a question raises SearchTooLong, and `solve` settles for the best score found."""

    def solve(self, state: ScoundrelState) -> Solution:
        """The best final score from this position, and a line of moves that reaches it."""
        if state.is_over:
            return Solution(state.outcome == Outcome.WON, state.score or 0, ())
        search = self._search(state.variant)
        node, hp = search.start(state)
        won = search.reaches(1, node, hp)
        monsters, shortfall, best_potion = search.rules.bound(node)
        ceiling = hp - shortfall
        if won:
            lowest, highest = 1, MAX_HP + best_potion if ceiling >= MAX_HP else ceiling
        else:
            lowest, highest = hp - monsters, min(0, ceiling)
        moves, score = search.line(lowest, node, hp)
        try:
            # The bound itself first: a deal's best is very often the most it could be. Else
            # climb from the line found, one point past its score at a time: each step is
            # quick but the last (the proof that nothing better exists), so a search cut short
            # by its budget still leaves the best score found so far.
            if score < highest and self._reaches_soon(search, highest, node, hp):
                moves, score = search.line(highest, node, hp)
            while score < highest and search.reaches(score + 1, node, hp):
                moves, score = search.line(score + 1, node, hp)
        except SearchTooLong:
            return Solution(won, score, _actions(state, moves), exact=False)
        return Solution(won, score, _actions(state, moves))

    @staticmethod
    def _reaches_soon(search: _Search, goal: int, node: Node, hp: int) -> bool:
        """`reaches` within a quarter of what is left of the budget: False if that runs out
        (what it proved stays in the memo, which only ever holds finished answers)."""
        rules = search.rules
        cap = rules.limit
        if cap is None:
            return search.reaches(goal, node, hp)
        rules.limit = rules.expansions + max(1, (cap - rules.expansions) // 4)
        try:
            return search.reaches(goal, node, hp)
        except SearchTooLong:
            return False
        finally:
            rules.limit = cap

    def winnable(self, state: ScoundrelState) -> bool:
        """Whether some line clears the dungeon: the win search alone, no best score."""
        if state.is_over:
            return state.outcome == Outcome.WON
        search = self._search(state.variant)
        return search.reaches(1, *search.start(state))

    def _search(self, variant: Variant) -> _Search:
        known = self._searches.get(variant)
        if known is None:
            known = self._searches[variant] = _Search(_Rules(variant))
            known.rules.limit = self.budget
        return known


def solve(state: ScoundrelState) -> Solution:
    """Solve one position with a fresh solver."""
    return ScoundrelSolver().solve(state)


def _actions(state: ScoundrelState, moves: list[Move]) -> tuple[DungeonAction, ...]:
    """The engine's actions for a line of coded moves, found by playing it on a copy: the copy
    knows which card of a code is where, and refuses any move the rules do not allow."""
    game = state.model_copy(deep=True)
    actions: list[DungeonAction] = []

    def play(action: DungeonAction) -> None:
        game.apply(0, action)
        actions.append(action)

    for kind, code, place in moves:
        if place is not None:
            while (_codes(game.room), _codes(game.deck)) != place:
                play(dungeon_action(ActionKind.RUN))
        if kind == ActionKind.RUN:
            play(dungeon_action(ActionKind.RUN))
        else:
            play(dungeon_action(kind, next(c for c in game.room if _code(c) == code)))
    return tuple(actions)


def _codes(cards: list[Card]) -> tuple[int, ...]:
    return tuple(_code(card) for card in cards)
