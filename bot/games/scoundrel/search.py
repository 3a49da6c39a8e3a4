"""The solver's search: per score goal and structure, bounds on the least HP that reaches the
goal, and the depth-first searches that tighten them (see `bot.games.scoundrel.solver`)."""

from __future__ import annotations

from bot.games.crawl.actions import ActionKind
from bot.games.crawl.solving import spread_first
from bot.games.scoundrel.engine import MAX_HP, ScoundrelState
from bot.games.scoundrel.positions import (
    FRESH,
    NEVER,
    Kid,
    Move,
    Node,
    Rules,
    card_code,
    promise,
)

FIRST_VISITS = 8000
"""Positions the first attempt at a question may visit before a restart; each next one may
visit twice as many."""
SHAKE = 6
"""How far (in HP) a restart may move a move's promise: more than the usual gap between a
winning move and the one tried before it, less than a bad move's gap."""
SWEEP_WIDTHS = (3, 8, 24, 64, 160)
"""Positions a sweep keeps per count of cards left, for each sweep tried in turn before the
depth-first search (see `Search._sweep`). A narrow sweep already finds a win for many deals,
and each next one costs about as much as all those before it, so a miss wastes little. In
Easy a position's moves include every room a chain of runs reaches, which makes each one
costly: there the narrowest sweeps pay most."""
SWEEPS = tuple((width, spread) for width in SWEEP_WIDTHS for spread in (True, False))
"""Each width is swept twice: first spread over places, then by margin alone (see
`Search._kept`). The two find different lines, and neither finds most wins sooner: on 1,000
Classic deals the pair took 42% fewer positions at the 99th percentile than the margin alone."""


def _by_promise(kids: tuple[Kid, ...], hp: int, shake: tuple[Node, int] | None) -> tuple[Kid, ...]:
    """The moves in `promise` order, with healing past full HP not counted: a potion drunk at
    full HP is a potion lost. With a `shake`, each move's place is moved by a small amount
    drawn from it (see `Search.reaches`)."""
    excess = [max(0, hp + kid.heal - MAX_HP) for kid in kids]
    if shake is None:
        if not any(excess):
            return kids
        order = sorted(range(len(kids)), key=lambda i: (promise(kids[i])[0] + excess[i], i))
    else:
        order = sorted(
            range(len(kids)),
            key=lambda i: (promise(kids[i])[0] + excess[i] + hash((shake, i)) % SHAKE, i),
        )
    return tuple(kids[i] for i in order)


def _final_score(kid: Kid, hp: int) -> int:
    """A win's score once the last card is played: the HP left, plus the potion drunk last
    when that left HP full."""
    return hp + kid.bonus if hp == MAX_HP else hp


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


def _hp_after(kid: Kid, hp: int) -> int:
    """HP after the move: damage, or healing up to full."""
    return hp - kid.damage if kid.damage else min(MAX_HP, hp + kid.heal)


def structure_of(
    state: ScoundrelState,
) -> tuple[tuple[int, ...], tuple[int, ...], int, int, bool, int, bool]:
    """A position's structure before it is made canonical: (deck codes, room codes, weapon,
    ceiling, potion drunk in the room, cards played in it, last room fled)."""
    weapon = state.weapon.value if state.weapon is not None else 0
    kill = state.last_kill
    ceiling = (kill.value if kill is not None else FRESH) if weapon else 0
    return (
        tuple(card_code(card) for card in state.deck),
        tuple(card_code(card) for card in state.room),
        weapon,
        ceiling,
        state.potion_in_room,
        state.played_in_room,
        state.ran_last_room,
    )


class _Restart(Exception):
    """A search attempt ran past its visits: the next one tries the moves in another order."""


class Search:
    """Least-HP bounds per goal and structure, and the searches that fill them."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._low: dict[int, dict[Node, int]] = {}
        """Per goal: an HP known to fall short, plus one (the least HP is at least this)."""
        self._high: dict[int, dict[Node, int]] = {}
        """Per goal: an HP known to suffice."""
        self._attempt = 0
        self._visits_left: int | None = None
        self._kin: dict[tuple[int, tuple[int, ...], int], set[Node]] = {}
        """Searched structures by `_kin_key`: the same place with other weapons."""
        self._memo_only = False
        """Answer from the bounds and the memo alone: a structure they leave open is taken
        as out of reach (see `_next_move`)."""

    def start(self, state: ScoundrelState) -> tuple[Node, int]:
        deck, room, weapon, ceiling, drunk, played, ran = structure_of(state)
        node = self.rules.node(self.rules.deck_id(deck), room, weapon, ceiling, drunk, played, ran)
        return node, state.hp

    def bound(self, node: Node) -> tuple[int, int, int]:
        return self.rules.bound(node)

    @property
    def expansions(self) -> int:
        return self.rules.expansions

    @property
    def limit(self) -> int | None:
        return self.rules.limit

    @limit.setter
    def limit(self, limit: int | None) -> None:
        self.rules.limit = limit

    def reaches(self, goal: int, node: Node, hp: int) -> bool:
        """Whether some line from this position ends with a score of at least `goal`.

        A winning goal is first looked for by sweeps (see `_sweep`): they find most wins, and
        often the best score, in a few hundred positions. Past them, the time to find a line is
        heavy-tailed: the first move tried can be hopeless in a way the bounds cannot see, and
        proving it so costs thousands of positions while another move wins at once. So the
        search restarts after a while, with twice the visits and the moves shaken into another
        order (the same order every time for the same question: the shake is drawn from the
        position and the attempt). Nothing proved is lost: the memo only ever holds finished
        answers, and the last attempts are long enough to finish any proof. Only the win
        question restarts: a score goal's line is rarer, and a shaken order costs it more than
        it saves."""
        low, high = self._memo(goal)
        if goal >= 1 and any(self._sweep(goal, node, hp, w, s, low, high) for w, s in SWEEPS):
            return True
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

    def _sweep(
        self,
        goal: int,
        node: Node,
        hp: int,
        width: int,
        spread: bool,
        low: dict[Node, int],
        high: dict[Node, int],
    ) -> bool:
        """Whether a narrow search finds a line reaching the goal: per count of cards left, only
        `width` positions are followed (see `_kept`; a position met twice keeps its higher HP).
        Most deals are won by such a line, and following a few of the best is far cheaper
        than refuting the first move a depth-first search tries when that one is bad. A line
        found is recorded (each position on it reaches the goal with its HP there), so that
        `line` follows it; finding none proves nothing."""
        trail: dict[Node, tuple[int, Node | None]] = {node: (hp, None)}
        level = {node: hp}
        while level:
            level = {here: level[here] for here in self._kept(level, width, spread)}
            self._add_runs(level, trail)
            following: dict[Node, int] = {}
            for here in level:
                for kid in self.rules.kids(here):
                    if kid.move[0] == ActionKind.RUN:
                        continue
                    after = _hp_after(kid, level[here])
                    if kid.node is None:
                        if after >= 1 and _final_score(kid, after) >= goal:
                            self._record(trail, here, high)
                            return True
                        continue
                    if self._fails_at(goal, kid, after, low):
                        continue
                    if high.get(kid.node, NEVER) <= after:
                        self._record(trail, here, high)
                        return True
                    if following.get(kid.node, 0) < after:
                        following[kid.node] = after
                        trail[kid.node] = (after, here)
            level = following
        return False

    def _kept(self, level: dict[Node, int], width: int, spread: bool) -> list[Node]:
        """The `width` positions of a level a sweep follows: those with the most HP over their
        shortfall, spread over places first when `spread` (see `spread_first`)."""
        ranked = sorted(level, key=lambda n: self.rules.bound(n)[1] - level[n])
        return spread_first(ranked, width, _kin_key) if spread else ranked[:width]

    def _add_runs(self, level: dict[Node, int], trail: dict[Node, tuple[int, Node | None]]) -> None:
        """The positions runs from the level lead to join it: a run plays no card and costs no
        HP (where a run may follow a run, so may the positions it leads to)."""
        fresh = list(level)
        while fresh:
            here = fresh.pop()
            for kid in self.rules.kids(here):
                after = kid.node
                if kid.move[0] != ActionKind.RUN or after is None:
                    continue
                if level.get(after, 0) < level[here]:
                    if after not in level:
                        fresh.append(after)
                    level[after] = level[here]
                    trail[after] = (level[here], here)

    @staticmethod
    def _record(
        trail: dict[Node, tuple[int, Node | None]], last: Node | None, high: dict[Node, int]
    ) -> None:
        """Every position on a line found reaches the goal with the HP it had there."""
        while last is not None:
            hp, before = trail[last]
            high[last] = min(high.get(last, NEVER), hp)
            last = before

    @staticmethod
    def _fails_at(goal: int, kid: Kid, hp: int, low: dict[Node, int]) -> bool:
        """Whether the position a move leaves, with this HP after it, is known to fall short
        of a winning goal without searching it: dead, below its bounds, or below its floor."""
        node = kid.node
        if hp < 1 or node is None:
            return hp < 1
        if goal <= MAX_HP:
            if goal + kid.shortfall > hp:
                return True
        elif kid.best_potion_left < goal - MAX_HP or MAX_HP + kid.shortfall > hp:
            return True
        return low.get(node, 1) > hp

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
        if self._memo_only:
            return NEVER
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
        current = node
        while True:  # a line always ends the game: dead, or the deck played out
            kid = self._next_move(goal, current, hp, low, high)
            moves.append(kid.move)
            hp = hp - kid.damage if kid.damage else min(MAX_HP, hp + kid.heal)
            if hp <= 0:
                return moves, hp - kid.monsters_left
            if kid.node is None:
                bonus = kid.bonus if hp == MAX_HP else 0
                return moves, hp + bonus
            current = kid.node

    def _next_move(
        self, goal: int, node: Node, hp: int, low: dict[Node, int], high: dict[Node, int]
    ) -> Kid:
        """A move that keeps the goal in reach: one the memo already knows does if any (the
        line a sweep or the win search found is followed, not searched for again), else the
        first that a search shows does."""
        kids = self.rules.kids(node)
        self._memo_only = True
        try:
            known = next((k for k in kids if self._via(goal, k, hp, low, high) <= hp), None)
        finally:
            self._memo_only = False
        if known is not None:
            return known
        return next(k for k in kids if self._via(goal, k, hp, low, high) <= hp)
