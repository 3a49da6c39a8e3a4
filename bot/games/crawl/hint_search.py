"""The hint's search, shared by the dungeon crawls: a position as the player sees it (`Sight`),
every way to play the room, and an evaluation of where each way ends.

Within a room nothing is random, so every way to play the room's cards (which ones, in what
order, with the weapon or barehanded) is tried, and each way's end, between two rooms, is scored
by `evaluate`: the chance to escape from there, from health, the weapon and its last kill, the
card carried over, and what the unseen cards still hold. Running is scored over the rooms it could
deal, each played its best way, and where a crawl asks for it (`Weights.lookahead`) so are the
few best ways through the room, one room further, so that facing and running are weighed at the
same depth. A way whose first play kills is never taken while another is not. Each crawl says
where its rules differ (`Rules`) and brings its own fitted weights.

The deck's order is never read: the unseen cards are the whole deck minus every card seen, and
draws are seeded from the visible position, so the same position always gets the same advice.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from math import comb

from bot.games.cards import Card
from bot.games.crawl.actions import ActionKind, Role, dungeon_action, role_of
from bot.games.crawl.solving import Advice

MAX_HP = 20
ROOM_SIZE = 4
PLAYS_PER_ROOM = 3
"""Both crawls alike, alone: 20 health at most, rooms of 4 of which 3 are played."""
FRESH = 99
"""The last kill of a weapon that has killed nothing yet: it fights anything."""
HORIZON = 30
"""The most monsters a weapon's worth is worked out for."""

Worths = list[list[list[float]]]
Fighter = tuple[int, int, int, bool]
"""Health, weapon value (0: none), the weapon's last kill (FRESH: none) and the potion flag:
Scoundrel's "a potion healed this room", Dragons' "the last card played was a potion"."""
Play = tuple[ActionKind, Card]
Leaf = tuple[Fighter, tuple[Card, ...]]
"""Where a room's plays end: the fighter, and the cards left in the room (carried over)."""


# ---- what a weapon is worth ----------------------------------------------------------------


def weapon_worths(monsters: Sequence[int], breaks: bool) -> Worths:
    """worth[weapon][kill][n]: what a weapon is expected to take off the next n monsters, met
    in random order (drawn from `monsters`) and used well: it strikes a monster under its last
    kill when striking (and so lowering the last kill) is worth more than sparing it. Where a
    weapon breaks on a stronger enemy, it strikes everything and is lost to the first it can't.

    Worked out once per crawl: the chain of ever weaker kills is what makes a weapon worth more
    or less than its value, and no sum of values sees it."""
    counts = Counter(monsters)
    shares = [(monster, count / len(monsters)) for monster, count in sorted(counts.items())]
    top = max(monsters) + 1
    worths: Worths = []
    for weapon in range(top):
        by_kill = [[0.0] * (HORIZON + 1) for _ in range(FRESH + 1)]
        for n in range(1, HORIZON + 1):
            for kill in range(2, top + 1):
                total = 0.0
                kept = by_kill[kill][n - 1]
                for monster, share in shares:
                    if monster < kill:
                        struck = min(weapon, monster) + by_kill[monster][n - 1]
                        total += share * (struck if breaks else max(struck, kept))
                    elif not breaks:
                        total += share * kept
                by_kill[kill][n] = total
            by_kill[FRESH][n] = by_kill[top][n]
        worths.append(by_kill)
    return worths


# ---- the rules and the weights -------------------------------------------------------------

FEATURES = (
    "bias",
    "hp",
    "damage",
    "healing",
    "weapon for now",
    "weapon for good",
    "weapons later",
    "weapon now",
    "weapon now raw",
    "weapons later raw",
    "weapon",
    "last kill",
    "targets",
    "kills left",
    "weapons left",
    "cards left",
    "carried monster",
    "carried potion",
    "carried weapon",
    "healing room",
)
"""What `features` measures, in its order."""


@dataclass(frozen=True, slots=True)
class Weights:
    """The evaluation's weights, one per feature, fitted (logistic regression) on the positions
    between rooms of many deals played by the policy itself, against whether the deal was won;
    and how hard the search looks."""

    margin: tuple[float, ...]
    samples: int = 6
    """Rooms drawn to score running, and the room after each way looked ahead at."""
    lookahead: int = 0
    """The best-scored ways through the room whose next room is looked at too (0: none)."""


@dataclass(frozen=True, slots=True)
class Rules:
    """Where the two crawls differ, as far as the search cares."""

    barehanded_choice: bool
    """Scoundrel lets you fight barehanded to spare the weapon; Dragons always uses it."""
    potion_per_room: bool
    """Scoundrel: one potion heals per room. Dragons: a potion right after a potion is wasted."""
    reshuffles: bool
    """Dragons reshuffles the deck on a run; Scoundrel puts the room under it, in order."""
    fall_counts_room: bool
    """A fall scores health less the monsters left: Scoundrel counts the room's, Dragons only
    the deck's."""
    worths: Worths = field(repr=False, compare=False)
    weights: Weights = field(repr=False, compare=False)


# ---- what the player sees ------------------------------------------------------------------


def fighter_of(hp: int, weapon: Card | None, last_kill: Card | None, flag: bool) -> Fighter:
    """The player's side as the search keeps it: a fresh weapon's last kill is FRESH."""
    return (hp, weapon.value if weapon else 0, last_kill.value if last_kill else FRESH, flag)


def unseen_cards(deck: Iterable[Card], seen: Iterable[Card]) -> list[Card]:
    """The cards of the whole deck not among those seen, sorted: their order says nothing."""
    return sorted((Counter(deck) - Counter(seen)).elements())


@dataclass(slots=True)
class Sight:
    """A position as the player sees it: everything a hint may use, and nothing else."""

    fighter: Fighter
    room: list[Card]
    plays: int
    """Cards still to play in this room."""
    may_run: bool
    unseen: list[Card]
    """The cards whose place in the deck is unknown, sorted."""
    below: list[Card]
    """Seen cards at the bottom of the deck, under the unseen ones, in their order."""
    rules: Rules
    weapon: Card | None = None
    """The weapon held, to name it."""
    key: str = ""
    """The visible position as text: the seed of every draw."""


def describe(sight: Sight) -> str:
    """The visible position as a text that does not depend on the unseen cards' order."""
    hp, weapon, kill, flag = sight.fighter
    room, unseen, below = (
        " ".join(map(str, cards)) for cards in (sight.room, sight.unseen, sight.below)
    )
    return f"{hp}|{weapon}|{kill}|{flag}|{room}|{sight.plays}|{sight.may_run}|{unseen}|{below}"


# ---- playing a room ------------------------------------------------------------------------


def plays_of(rules: Rules, fighter: Fighter, card: Card) -> list[tuple[ActionKind, Fighter]]:
    """Each way to play a card, and where it leaves the fighter."""
    hp, weapon, kill, flag = fighter
    role, value = role_of(card), card.value
    if role == Role.POTION:
        healed = hp if flag else min(MAX_HP, hp + value)
        return [(ActionKind.DRINK, (healed, weapon, kill, True))]
    after = flag and rules.potion_per_room
    if role == Role.WEAPON:
        return [(ActionKind.EQUIP, (hp, value, FRESH, after))]
    struck = (hp - max(0, value - weapon), weapon, value, after)
    if not rules.barehanded_choice:
        if not weapon:
            return [(ActionKind.FIGHT, (hp - value, 0, FRESH, after))]
        if value >= kill:
            return [(ActionKind.FIGHT, (hp - value, 0, FRESH, after))]
        return [(ActionKind.FIGHT, struck)]
    bare = (ActionKind.FIGHT_BAREHANDED, (hp - value, weapon, kill, after))
    if weapon and value < kill:
        return [(ActionKind.FIGHT_WITH_WEAPON, struck), bare]
    return [bare]


def room_ends(
    rules: Rules, fighter: Fighter, room: Sequence[Card], plays: int
) -> dict[Leaf, tuple[Play, ...]]:
    """Every distinct end of the room's remaining plays, each with one way to reach it. A party
    that falls stops there, whatever is left."""
    ends: dict[Leaf, tuple[Play, ...]] = {}
    _explore(rules, fighter, tuple(room), plays, (), ends)
    return ends


def _explore(
    rules: Rules,
    fighter: Fighter,
    room: tuple[Card, ...],
    plays: int,
    path: tuple[Play, ...],
    ends: dict[Leaf, tuple[Play, ...]],
) -> None:
    if plays == 0 or not room or fighter[0] <= 0:
        if rules.potion_per_room:
            fighter = (fighter[0], fighter[1], fighter[2], False)
        ends.setdefault((fighter, tuple(sorted(room))), path)
        return
    tried: set[Card] = set()
    for index, card in enumerate(room):
        if card in tried:
            continue
        tried.add(card)
        rest = room[:index] + room[index + 1 :]
        for kind, after in plays_of(rules, fighter, card):
            _explore(rules, after, rest, plays - 1, (*path, (kind, card)), ends)


# ---- scoring a position between rooms ------------------------------------------------------


class Pool:
    """The cards still to come, summed up for the evaluation."""

    __slots__ = ("_absorbed", "damage", "healing", "monsters", "size", "weapons")

    def __init__(self, cards: Iterable[Card]) -> None:
        self.monsters: list[int] = []
        self.weapons: list[int] = []
        self.healing = 0
        self.size = 0
        for card in cards:
            self.size += 1
            role = role_of(card)
            if role == Role.MONSTER:
                self.monsters.append(card.value)
            elif role == Role.WEAPON:
                self.weapons.append(card.value)
            else:
                self.healing += card.value
        self.damage = sum(self.monsters)
        self._absorbed: dict[tuple[int, int], int] = {}

    def absorbed(self, weapon: int, kill: int) -> int:
        """What a weapon would take off the monsters it may still fight, were it to meet all."""
        key = (weapon, kill)
        known = self._absorbed.get(key)
        if known is None:
            known = self._absorbed[key] = sum(
                min(weapon, monster) for monster in self.monsters if monster < kill
            )
        return known


def features(leaf: Leaf, pool: Pool, worths: Worths) -> list[float]:
    """What the evaluation weighs in a position between two rooms, in `FEATURES` order.

    A weapon is held until a better one shows up, so it is worth what it takes off its share of
    the monsters still to come: all of them, over the better weapons still to come plus one."""
    (hp, weapon, kill, _), carried = leaf
    damage, healing, weapons = pool.damage, pool.healing, pool.weapons
    extra: list[int] = []
    monster = potion = fresh = 0
    for card in carried:
        role = role_of(card)
        if role == Role.MONSTER:
            damage += card.value
            extra.append(card.value)
            monster = card.value
        elif role == Role.POTION:
            healing += card.value
            potion = card.value
        else:
            weapons = [*weapons, card.value]
            fresh = card.value
    monsters = len(pool.monsters) + len(extra)
    horizon = min(HORIZON, monsters)
    held = worths[weapon][kill][horizon] if weapon else 0.0
    better = sum(1 for value in weapons if worths[value][FRESH][horizon] > held)
    now = worths[weapon][kill][min(HORIZON, round(monsters / (1 + better)))] if weapon else 0.0
    share = min(HORIZON, round(monsters / (1 + len(weapons))))
    later = sum(worths[value][FRESH][share] for value in weapons)
    raw = targets = kills = 0
    if weapon:
        raw = pool.absorbed(weapon, kill) + sum(min(weapon, m) for m in extra if m < kill)
        for value in pool.monsters + extra:
            if value < kill:
                kills += 1
                targets += value >= weapon
    raw_later = [
        pool.absorbed(value, FRESH) + sum(min(value, m) for m in extra) for value in weapons
    ]
    raw_better = sum(1 for absorbed in raw_later if absorbed > raw)
    return [
        1.0,
        hp,
        damage,
        healing,
        now,
        held,
        later,
        raw / (1 + raw_better),
        raw,
        sum(raw_later) / (1 + len(raw_later)),
        weapon,
        min(kill, 15) if weapon else 0,
        targets,
        kills,
        len(weapons),
        pool.size + len(carried),
        monster,
        potion,
        fresh,
        min(healing, MAX_HP - hp),
    ]


def evaluate(rules: Rules, leaf: Leaf, pool: Pool) -> float:
    """The chance to escape from a position between two rooms (a fall now is -1, an escape 1),
    plus a sliver of health so that even hopeless positions fight on for score. A fall is
    ranked by the score it ends with, health less the monsters left, as the engine scores it:
    a line that falls later, having struck more with the weapon, scores better."""
    hp = leaf[0][0]
    if hp <= 0:
        left = pool.damage
        if rules.fall_counts_room:
            left += sum(card.value for card in leaf[1] if role_of(card) == Role.MONSTER)
        return -1.0 + (hp - left) / 1000
    if not leaf[1] and not pool.size:
        return 1.0 + hp / 1000
    found = features(leaf, pool, rules.worths)
    margin = sum(weight * value for weight, value in zip(rules.weights.margin, found, strict=True))
    return 1 / (1 + math.exp(-max(-50.0, min(50.0, margin)))) + hp / 10000


# ---- choosing ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Choice:
    """An option at the root: a way through the room (no plays: run), and its score."""

    value: float
    plan: tuple[Play, ...]
    leaf: Leaf | None = None


def draws(
    unseen: list[Card], below: list[Card], count: int, rng: random.Random, samples: int
) -> list[list[Card]]:
    """What the next `count` cards drawn could be: any of the unseen ones, then the seen ones
    under them in their order. Every set when there are few, else `samples` drawn at random."""
    if count > len(unseen):
        return [unseen + below[: count - len(unseen)]]
    if comb(len(unseen), count) <= samples:
        return [list(drawn) for drawn in combinations(unseen, count)]
    return [rng.sample(unseen, count) for _ in range(samples)]


def best_way(
    rules: Rules, fighter: Fighter, room: list[Card], plays: int, pool: Pool, safe: bool = False
) -> Choice:
    """The best-scored way through a room; with `safe`, the best of those whose first play
    does not kill, where there is one."""
    ends = room_ends(rules, fighter, room, plays)
    scored = [Choice(evaluate(rules, leaf, pool), plan, leaf) for leaf, plan in ends.items()]
    if safe:
        standing = [choice for choice in scored if not falls_first(rules, fighter, choice.plan)]
        scored = standing or scored
    return max(scored, key=lambda choice: choice.value)


def falls_first(rules: Rules, fighter: Fighter, plan: tuple[Play, ...]) -> bool:
    """Whether the plan's first play ends the game in a fall."""
    if not plan:
        return False
    kind, card = plan[0]
    return dict(plays_of(rules, fighter, card))[kind][0] <= 0


def run_value(sight: Sight, rng: random.Random) -> float:
    """Running: the room goes back into the deck (under it, or shuffled in) and a full room is
    dealt; its score is the mean, over the rooms it may deal, of the best way through each."""
    rules = sight.rules
    hp, weapon, kill, flag = sight.fighter
    fighter = (hp, weapon, kill, flag and not rules.potion_per_room)
    unseen, below = sight.unseen, sight.below + sight.room
    if rules.reshuffles:
        unseen, below = sorted(unseen + below), []
    rooms = draws(unseen, below, ROOM_SIZE, rng, rules.weights.samples)
    total = 0.0
    for room in rooms:
        pool = Pool((Counter(unseen + below) - Counter(room)).elements())
        plays = min(PLAYS_PER_ROOM, len(room)) if pool.size else len(room)
        total += best_way(rules, fighter, room, plays, pool).value
    return total / len(rooms)


def looked_ahead(sight: Sight, way: Choice, pool: Pool) -> Choice:
    """A way through the room scored one room further: the mean, over the rooms that may come
    next (the cards it leaves, and cards drawn from the unseen ones, then from those seen under
    them), of the best way through each. Running is scored so too (`run_value`), so the two
    are weighed at the same depth."""
    assert way.leaf is not None
    fighter, carried = way.leaf
    if fighter[0] <= 0 or (not carried and not pool.size):
        return way
    rules = sight.rules
    unseen, below = sight.unseen, sight.below
    rng = random.Random(f"{sight.key}|ahead")
    rooms = draws(unseen, below, ROOM_SIZE - len(carried), rng, rules.weights.samples)
    total = 0.0
    for drawn in rooms:
        room = [*carried, *drawn]
        rest = Pool((Counter(unseen + below) - Counter(drawn)).elements())
        plays = min(PLAYS_PER_ROOM, len(room)) if rest.size else len(room)
        total += best_way(rules, fighter, room, plays, rest).value
    return Choice(total / len(rooms), way.plan, way.leaf)


def choose(sight: Sight) -> tuple[Choice, Choice]:
    """The option to take, and the best way through the room (the same, unless running).
    A move that ends the game is never chosen while another does not: running never does.
    The few best-scored ways are looked at one room further, as running is."""
    pool = Pool(sight.unseen + sight.below)
    rules = sight.rules
    ends = room_ends(rules, sight.fighter, sight.room, sight.plays)
    ways = [Choice(evaluate(rules, leaf, pool), plan, leaf) for leaf, plan in ends.items()]
    safe = [way for way in ways if not falls_first(rules, sight.fighter, way.plan)] or ways
    safe.sort(key=lambda way: -way.value)
    face = safe[0]
    if rules.weights.lookahead and pool.size:
        ahead = (looked_ahead(sight, way, pool) for way in safe[: rules.weights.lookahead])
        face = max(ahead, key=lambda way: way.value)
    if sight.may_run:
        ran = Choice(run_value(sight, random.Random(sight.key)), ())
        if ran.value > face.value or falls_first(sight.rules, sight.fighter, face.plan):
            return ran, face
    return face, face


# ---- saying why ----------------------------------------------------------------------------


def explain(sight: Sight, choice: Choice, face: Choice) -> str:
    """One short line on why, naming the card to play."""
    if not choice.plan:
        return _why_run(sight, face)
    kind, card = choice.plan[0]
    later = choice.plan[1:]
    if kind == ActionKind.DRINK:
        return _why_drink(sight, card, later)
    if kind == ActionKind.EQUIP:
        return _why_equip(sight, card, later)
    if kind == ActionKind.FIGHT_BAREHANDED:
        return _why_barehanded(sight, card, later)
    return _why_fight(sight, card, later)


def _why_run(sight: Sight, face: Choice) -> str:
    """What facing the room would leave at best, in health: every way through it is tried."""
    hp = sight.fighter[0]
    ends = room_ends(sight.rules, sight.fighter, sight.room, sight.plays)
    standing = [fighter[0] for fighter, _ in ends if fighter[0] > 0]
    if not standing:
        return f"Run: no way through this room leaves you standing (you have {hp} HP)"
    if max(standing) < hp:
        return f"Run: this room would cost you {hp - max(standing)} HP at best, and you have {hp}"
    return (
        f"Run: facing it would leave you at most {max(standing)} HP; your chances look better"
        " if you meet these cards later"
    )


def _drink_saves(sight: Sight, card: Card) -> bool:
    """Whether every way through the room that leaves the potion lies dead, and drinking it
    first lets some way through stand."""
    rules, fighter = sight.rules, sight.fighter
    rest = list(sight.room)
    rest.remove(card)
    if not rest:
        return False
    plays = min(sight.plays, len(rest))
    if any(end[0] > 0 for end, _ in room_ends(rules, fighter, rest, plays)):
        return False
    drunk = dict(plays_of(rules, fighter, card))[ActionKind.DRINK]
    return any(end[0] > 0 for end, _ in room_ends(rules, drunk, rest, plays - 1))


def _why_drink(sight: Sight, card: Card, later: tuple[Play, ...]) -> str:
    hp, _, _, flag = sight.fighter
    if flag:
        wasted = "one potion a room" if sight.rules.potion_per_room else "a potion after a potion"
        return f"Drink the {card} to clear it from the room: it won't heal ({wasted})"
    healed = min(MAX_HP, hp + card.value) - hp
    if not healed:
        return f"Drink the {card} to clear it from the room: your health is full"
    if _drink_saves(sight, card):
        return f"Drink the {card} first: without it, this room would leave you dead"
    hits = _hits(sight, later)
    if hits:
        monster, damage = max(hits, key=lambda hit: hit[1])
        if damage:
            return f"Drink the {card} first (+{healed} HP): the {monster} will cost you {damage}"
    return f"Drink the {card}: +{healed} HP, up to {hp + healed}"


def _why_equip(sight: Sight, card: Card, later: tuple[Play, ...]) -> str:
    _, weapon, kill, _ = sight.fighter
    fights = [c for kind, c in later if kind in (ActionKind.FIGHT_WITH_WEAPON, ActionKind.FIGHT)]
    if fights:
        target = max(fights, key=lambda c: c.value)
        before = (
            target.value if not weapon or target.value >= kill else max(0, target.value - weapon)
        )
        after = max(0, target.value - card.value)
        if after < before:
            cost = f"−{after} HP" if after else "no damage"
            return f"Equip the {card} before the {target}: {cost} instead of −{before}"
    if not _monsters_left(sight):
        return f"Equip the {card}: no monster is left for any weapon"
    if not weapon:
        return f"Equip the {card}: any weapon beats bare hands"
    if kill != FRESH and kill <= card.value + 1:
        return f"Equip the {card}: your weapon now only fights monsters under {kill}"
    return f"Equip the {card}: a fresh weapon for the monsters still to come"


def _monsters_left(sight: Sight) -> list[int]:
    """The values of the monsters still in the dungeon: in the room, under the deck or unseen."""
    cards = sight.room + sight.unseen + sight.below
    return [card.value for card in cards if role_of(card) == Role.MONSTER]


def _why_barehanded(sight: Sight, card: Card, later: tuple[Play, ...]) -> str:
    if sight.weapon is None:
        return f"Fight the {card} barehanded: −{card.value} HP, you have no weapon"
    kill = sight.fighter[2]
    if card.value >= kill:
        return f"Fight the {card} barehanded: your {sight.weapon} only fights monsters under {kill}"
    kept = [
        c for kind, c in later if kind == ActionKind.FIGHT_WITH_WEAPON and c.value >= card.value
    ]
    name = f"your {sight.weapon}"
    if kept:
        return (
            f"Fight the {card} barehanded to keep {name} for the {max(kept, key=lambda c: c.value)}"
        )
    others = _monsters_left(sight)
    others.remove(card.value)
    if any(card.value <= value < kill for value in others):
        return f"Fight the {card} barehanded (−{card.value} HP) to keep {name} for bigger monsters"
    return f"Fight the {card} barehanded: −{card.value} HP"


def _why_fight(sight: Sight, card: Card, later: tuple[Play, ...]) -> str:
    _, weapon, kill, _ = sight.fighter
    damage = _damage(sight, ActionKind.FIGHT_WITH_WEAPON, card)
    cost = f"−{damage} HP" if damage else "no damage"
    if not weapon:
        return f"Fight the {card}: {cost}, nothing better to face it with"
    if kill != FRESH and card.value >= kill:
        return f"Fight the {card}: your {sight.weapon} breaks on it ({cost})"
    smaller = [c for _, c in later if role_of(c) == Role.MONSTER and c.value < card.value]
    if smaller:
        first = f"Fight the {card} with your {sight.weapon} first ({cost})"
        return f"{first}: then it can still take the {smaller[0]}"
    return f"Fight the {card} with your {sight.weapon}: {cost}"


def _hits(sight: Sight, plays: tuple[Play, ...]) -> list[tuple[Card, int]]:
    """What each monster of a plan costs, with the weapon the plan holds when it comes."""
    fighter = sight.fighter
    hits: list[tuple[Card, int]] = []
    for kind, card in plays:
        after = dict(plays_of(sight.rules, fighter, card))[kind]
        if role_of(card) == Role.MONSTER:
            hits.append((card, fighter[0] - after[0]))
        fighter = after
    return hits


def _damage(sight: Sight, kind: ActionKind, monster: Card) -> int:
    """What a monster costs with the weapon held now (if it may fight it) or barehanded."""
    _, weapon, kill, _ = sight.fighter
    if kind == ActionKind.FIGHT_BAREHANDED or not weapon or monster.value >= kill:
        return monster.value
    return max(0, monster.value - weapon)


def advice_for(sight: Sight) -> Advice:
    """The move and its reason for any crawl's position, as the player sees it."""
    choice, face = choose(sight)
    if not choice.plan:
        return Advice(dungeon_action(ActionKind.RUN), explain(sight, choice, face))
    kind, card = choice.plan[0]
    return Advice(dungeon_action(kind, card), explain(sight, choice, face))
