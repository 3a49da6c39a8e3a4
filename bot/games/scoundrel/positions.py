"""Scoundrel's rules on small ints, for the solver: structures, the moves each allows, and
bounds on what the cards left must still cost.

The engine's state is a pydantic model, far too slow to copy for every position searched, so
the solver plays its own copy of the rules here, and the tests hold it to the engine by
replaying every line it returns. See `bot.games.scoundrel.solver` for what a structure is and
why structures are made as few as the rules allow.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from bot.games.cards import Card
from bot.games.crawl.actions import ActionKind, Role, role_of
from bot.games.crawl.solving import SearchTooLong
from bot.games.scoundrel.engine import (
    PLAYS_PER_ROOM,
    ROOM_SIZE,
    RUN_RULES,
    RunRule,
    Variant,
)

NEVER = 99
"""A least HP no position can have: the goal is out of reach whatever the HP."""
FRESH = 16
"""The ceiling of a weapon with no kill yet: above every monster (a joker is worth 15)."""
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
    relaxed (see `least_damage`): an HP this far below a goal cannot reach it."""
    best_potion_left: int
    bonus: int
    """The potion's value when the move drinks one: it counts for a win at full HP."""
    move: Move


def card_code(card: Card) -> int:
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


def least_damage(counts: list[int], weapons: tuple[int, ...], weapon: int, ceiling: int) -> int:
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
    """`least_damage` for one value held more than twice (a deck of the rules has none)."""
    usable = sorted([weapon, *weapons], reverse=True) if weapon and value < ceiling else weapons
    strengths = [*usable[:count], *[0] * max(0, count - len(usable))]
    return sum(max(0, value - strength) for strength in strengths)


class Rules:
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
            kids: list[Kid] = []
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
        kids.sort(key=promise)
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
        shortfall = least_damage(counts, weapons, weapon, ceiling) - healing
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


def promise(kid: Kid) -> tuple[int, int, int]:
    """Moves leaving the most HP above what the monsters left must still cost first: a win is
    usually found on the first try."""
    if kid.node is None:
        return (-NEVER, 0, kid.move[1])
    return (kid.damage - kid.heal + kid.shortfall, -kid.node[3] * 16 - kid.node[2], kid.move[1])
