"""The bot opponent (also the hint and the turn timer's move): one decision at a time, from what
its seat can see.

It reads only its own hand, face-up cards, the face-down cards it played itself, the discards
(face up, so public) and the public facts (pawns, monsters, scores). Every unknown face-down card
is weighed as an average of the cards it has not seen. It goes for treasure it can reach, fights
monsters it is likely to beat and keeps away from the others, sends monsters at its rival,
plays its good cards where only it will reach them and its walls and monsters where its rival
is about to step. No randomness: the same state gives the same move.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from bot.games.cards import Card
from bot.games.dungeon.actions import Kind, Move
from bot.games.dungeon.board import Board
from bot.games.dungeon.engine import DungeonState, Phase
from bot.games.dungeon.grid import (
    DIRS,
    KNIGHT_OFFSETS,
    Point,
    distance,
    knight_path,
    neighbours,
    step,
)
from bot.games.dungeon.monsters import facing_worth, pull
from bot.games.dungeon.roles import (
    DUNGEON_DECK,
    PLAYER_HEALTH,
    Role,
    battle_value,
    health,
    points,
    role_of,
)

REENTRY_COST = 4.0
"""What losing the pawn costs besides the points: a turn spent coming back."""
GIFT_BESIDE_RIVAL = -100.0
"""Turning up a card beside the rival's pawn hands it what lies there: never while any other
move is left."""
GOODNESS = {Role.TREASURE: 1.0, Role.FLOOR: -0.3, Role.WALL: -2.5, Role.MONSTER: -5.0}
"""How much a card is worth to whoever lands on it, per point of treasure (treasure) or flat."""


@dataclass
class Knowledge:
    """One seat's view of the table, worked out once per decision."""

    state: DungeonState
    seat: int

    @property
    def board(self) -> Board:
        return self.state.board

    @property
    def me(self) -> Point | None:
        return self.state.pawn(self.seat)

    @property
    def rival(self) -> Point | None:
        return self.state.pawn(1 - self.seat)

    def known(self, point: Point) -> Card | None:
        """The card lying in a cell, if this seat may know it."""
        cell = self.board.cell(point)
        return cell.card if cell is not None and cell.known_to(self.seat) else None

    @cached_property
    def unseen(self) -> list[Card]:
        """Cards whose place this seat does not know: the pile, the rival's hand, and the
        face-down cards it did not play."""
        seen = set(self.state.hand(self.seat)) | set(self.state.discards)
        seen.update(cell.card for cell in self.board.cells.values() if cell.known_to(self.seat))
        seen.update(monster.card for monster in self.board.monsters)
        return [card for card in DUNGEON_DECK if card not in seen]

    @cached_property
    def odds(self) -> dict[Role, float]:
        pool = self.unseen or list(DUNGEON_DECK)
        return {role: sum(role_of(c) == role for c in pool) / len(pool) for role in GOODNESS}

    @cached_property
    def mean_treasure(self) -> float:
        found = [points(c) for c in self.unseen if role_of(c) == Role.TREASURE]
        return sum(found) / len(found) if found else 0.0

    @cached_property
    def mean_pick(self) -> float:
        pool = self.unseen or list(DUNGEON_DECK)
        return sum(battle_value(c) for c in pool) / len(pool)

    @cached_property
    def mean_health(self) -> float:
        found = [health(c) for c in self.unseen if role_of(c) == Role.MONSTER]
        return sum(found) / len(found) if found else 12.0

    def pick_value(self, point: Point) -> float:
        """What picking a cell is expected to add in a battle."""
        card = self.known(point)
        return battle_value(card) if card is not None else self.mean_pick

    def pickable(self, centre: Point, taken: set[Point]) -> list[float]:
        values = [
            self.pick_value(p)
            for p in neighbours(centre)
            if p not in taken and self.board.cell(p) is not None and not self.board.occupied(p)
        ]
        return sorted(values, reverse=True)

    def win_chance(self, pawn: Point, monster_at: Point, monster_health: float) -> float:
        """A rough chance of beating a monster from where the pawn stands: each side's two best
        picks, with a spread for what face-down cards may turn out to be."""
        mine = sum(self.pickable(pawn, {monster_at})[:2])
        theirs = sum(self.pickable(monster_at, {pawn})[:2])
        margin = PLAYER_HEALTH + mine - monster_health - theirs - 0.5
        return 1 / (1 + math.exp(-margin / 2.5))

    def battle_worth(self, pawn: Point, monster_at: Point, monster_health: float) -> float:
        """A battle's expected points: +5 for a win, minus 5 (or what is left) and a lost turn
        for a loss."""
        chance = self.win_chance(pawn, monster_at, monster_health)
        loss = min(5, self.state.score(self.seat)) + REENTRY_COST
        return chance * 5 - (1 - chance) * loss

    def card_worth(self, card: Card | None) -> float:
        """What landing on a card (None: unknown) is worth to the pawn that lands there."""
        if card is None:
            odds = self.odds
            return (
                odds[Role.TREASURE] * self.mean_treasure
                - odds[Role.WALL] * 0.5
                + odds[Role.MONSTER] * min(0.0, -REENTRY_COST * 0.6)
            )
        role = role_of(card)
        if role == Role.TREASURE:
            return float(points(card))
        if role == Role.WALL:
            return -0.5
        if role == Role.MONSTER:
            return -3.0
        return 0.0

    def danger(self, pawn: Point) -> float:
        """Expected points of the battles a pawn standing here must fight now (monsters next
        to it), and a worry for monsters two steps off that its rival will move at it."""
        total = 0.0
        for monster in self.board.monsters:
            gap = distance(monster.at, pawn)
            if gap == 1:
                total += self.battle_worth(pawn, monster.at, health(monster.card))
            elif gap == 2:
                total += 0.3 * min(0.0, self.battle_worth(pawn, monster.at, health(monster.card)))
        return total

    def prospects(self, pawn: Point) -> float:
        """What the pawn may reach next turn from here: known treasure and unknown cards."""
        total = 0.0
        for target in reachable(self.state, pawn):
            card = self.known(target)
            if card is not None and role_of(card) == Role.TREASURE:
                total += 0.5 * points(card)
            elif card is None:
                total += 0.15 * max(0.0, self.card_worth(None))
        return total


def reachable(state: DungeonState, pawn: Point) -> list[Point]:
    """Cells a pawn standing here could move onto next turn, as the board lies now."""
    board = state.board
    found = [step(pawn, d) for d in DIRS if board.enterable(step(pawn, d))]
    for offset in KNIGHT_OFFSETS:
        first, corner, landing = knight_path(pawn, offset)
        if board.enterable(landing) and not (board.blocks(first) or board.blocks(corner)):
            found.append(landing)
    return found


def nearness(gap: int) -> float:
    """How surely a pawn this many steps away gets to a cell soon."""
    return {0: 0.0, 1: 1.0, 2: 0.7, 3: 0.45, 4: 0.2}.get(gap, 0.0)


# ---- the decisions ---------------------------------------------------------------------------


def choose(state: DungeonState, seat: int) -> Move:
    """The bot's move for a seat the game waits on."""
    actions = considered(state, state.legal_actions(seat))
    if not actions:
        raise ValueError("the game is not waiting on this seat")
    if len(actions) == 1:
        return actions[0]
    know = Knowledge(state, seat)
    rate = _RATERS[state.phase](know)
    return max(actions, key=rate)  # the first of equals: the engine's order decides ties


def considered(state: DungeonState, moves: list[Move]) -> list[Move]:
    """The moves the bot weighs: turning a monster another way before the pawn moves is left
    out, since the facings it was offered are the bot's own choice already."""
    if state.phase == Phase.MONSTERS:
        return list(moves)
    return [move for move in moves if move.kind != Kind.FACE]


def ranked(state: DungeonState, seat: int, moves: list[Move]) -> list[Move]:
    """Moves of the phase under way, the bot's favourite first (equals keep their order; a
    monster's facing changed by hand is left out, as `choose` leaves it)."""
    if not moves or seat not in state.acting():
        return list(moves)
    rate = _RATERS[state.phase](Knowledge(state, seat))
    return sorted(considered(state, moves), key=rate, reverse=True)


def _start(know: Knowledge) -> Callable[[Move], float]:
    """A starting card with many neighbours, far from the rival's Joker."""

    def rate(move: Move) -> float:
        assert move.at is not None
        around = sum(know.board.cell(p) is not None for p in neighbours(move.at))
        rival = know.rival
        return around + (0.4 * distance(move.at, rival) if rival is not None else 0.0)

    return rate


def _monsters(know: Knowledge) -> Callable[[Move], float]:
    """Monsters go at the rival and away from the bot's own pawn (as their offered facings
    do: monsters.offered_facing)."""
    monster = know.state.current_monster()
    assert monster is not None

    def rate(move: Move) -> float:
        assert move.direction is not None
        if move.kind == Kind.MONSTER:
            return pull(know.board, step(monster.at, move.direction), know.seat)
        return facing_worth(know.board, monster, move.direction, know.seat)

    return rate


def _pawn(know: Knowledge) -> Callable[[Move], float]:
    state, board = know.state, know.board
    origin = know.me
    assert origin is not None

    def settle(point: Point) -> float:
        return know.danger(point) + know.prospects(point)

    rival = know.rival
    rival_reach: set[Point] = set(reachable(state, rival)) if rival is not None else set()

    def flip_worth(at: Point) -> float:
        """Turning a card over tells both players what it is: worth it near the bot's own
        pawn, a gift where the rival reaches it first. Beside the rival only a card the bot
        knows is no gift (a wall, a monster) may be turned, unless every move is as bad."""
        card = know.known(at)
        gap = distance(at, origin)
        beside_rival = rival is not None and distance(at, rival) == 1
        harmless = card is not None and role_of(card) in (Role.WALL, Role.MONSTER)
        if beside_rival and not harmless:
            return GIFT_BESIDE_RIVAL
        if card is not None and role_of(card) == Role.MONSTER:
            near_rival = rival is not None and distance(at, rival) <= 2
            return 2.0 if near_rival and gap > 2 else -4.0
        if card is not None and role_of(card) == Role.TREASURE:
            gift = float(points(card))
        elif card is None:
            gift = know.odds[Role.TREASURE] * know.mean_treasure
        else:
            gift = 0.0
        risk = (
            know.odds[Role.MONSTER] * (-REENTRY_COST if gap == 1 else 0.0) if card is None else 0.0
        )
        rival_gap = distance(at, rival) if rival is not None else 99
        handed = gift * max(1.0 if at in rival_reach else 0.0, nearness(rival_gap))
        near = 0.3 if gap <= 2 else 0.0
        far_from_rival = 0.02 * min(distance(at, rival), 8) if rival is not None else 0.0
        return -0.8 + risk + near + far_from_rival - handed

    def rate(move: Move) -> float:
        if move.kind == Kind.TAKE:
            return -REENTRY_COST
        if move.kind == Kind.FLIP:
            assert move.at is not None
            return flip_worth(move.at) + settle(origin)
        if move.kind == Kind.STEP:
            assert move.direction is not None
            landing, back = step(origin, move.direction), origin
        else:
            _, corner, landing = knight_path(origin, move.offset)
            back = state.back_one(corner, origin)
        card = know.known(landing)
        cell = board.cell(landing)
        assert cell is not None
        if card is None:
            odds = know.odds
            go = odds[Role.TREASURE] * know.mean_treasure + odds[Role.FLOOR] * 0.0
            bounce = odds[Role.WALL] + odds[Role.MONSTER]
            monster_risk = odds[Role.MONSTER] * know.battle_worth(back, landing, know.mean_health)
            return go + (1 - bounce) * settle(landing) + bounce * settle(back) + monster_risk
        role = role_of(card)
        if role in (Role.WALL, Role.MONSTER):
            fight = know.battle_worth(back, landing, health(card)) if role == Role.MONSTER else 0
            return -1.0 + fight + settle(back)
        return know.card_worth(card) + settle(landing)

    return rate


def _enter(know: Knowledge) -> Callable[[Move], float]:
    def rate(move: Move) -> float:
        assert move.at is not None
        return know.danger(move.at) + know.prospects(move.at)

    return rate


def _hop(know: Knowledge) -> Callable[[Move], float]:
    origin = know.me
    assert origin is not None

    def rate(move: Move) -> float:
        if move.kind == Kind.STOP:
            return know.danger(origin)
        assert move.at is not None
        card = know.known(move.at)
        gain = points(card) if card is not None else 0
        return gain + know.danger(move.at) + 0.1

    return rate


def _battle(know: Knowledge) -> Callable[[Move], float]:
    """The pick that helps the bot's side most: its own total as fighter, the monster's when
    picking for it (a monster known to lie there is worth a second fight)."""
    battle = know.state.battle
    assert battle is not None
    fighting = battle.fighter == know.seat

    def rate(move: Move) -> float:
        assert move.at is not None
        card = know.known(move.at)
        if card is not None and role_of(card) == Role.MONSTER:
            return -3.0 if fighting else 3.0
        return know.pick_value(move.at)

    return rate


def _play(know: Knowledge) -> Callable[[Move], float]:
    """Good cards where the bot will reach them first, bad ones where its rival will step."""

    def place(card_goodness: float, at: Point) -> float:
        me, rival = know.me, know.rival
        mine = nearness(distance(at, me)) if me is not None else 0.0
        theirs = nearness(distance(at, rival)) if rival is not None else 0.0
        if card_goodness >= 0:
            return card_goodness * (mine - 0.8 * theirs)
        return -card_goodness * (theirs - 0.7 * mine) * 0.6

    def goodness(card: Card) -> float:
        role = role_of(card)
        return points(card) if role == Role.TREASURE else GOODNESS[role]

    blind_goodness = sum(goodness(c) for c in know.unseen) / max(1, len(know.unseen))

    def rate(move: Move) -> float:
        if move.kind == Kind.SKIP:
            return 0.0
        assert move.at is not None
        if move.kind == Kind.BREAK:
            me = know.me
            return 1.0 if me is not None and distance(move.at, me) <= 2 else 0.4
        if move.kind == Kind.BLIND:
            return place(blind_goodness, move.at) - 0.2
        assert move.card is not None
        return place(goodness(move.card), move.at)

    return rate


_RATERS: dict[Phase, Callable[[Knowledge], Callable[[Move], float]]] = {
    Phase.START: _start,
    Phase.MONSTERS: _monsters,
    Phase.PAWN: _pawn,
    Phase.ENTER: _enter,
    Phase.HOP: _hop,
    Phase.BATTLE: _battle,
    Phase.PLAY: _play,
}
