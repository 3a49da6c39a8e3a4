"""Dungeon of Cards for two players, as ruled on its rules page (rules.py).

A turn is a run of phases, each waiting on one decision of one seat: the monsters move (a new
one where the player whose turn it is sends it, the others the way they face; a monster that
comes next to the opponent is fought at once), each is offered a facing that the pawn's move
accepts (the mover may turn any of them first), the pawn moves (a step, a Knight's move, a flip,
or taking it into the hand; re-entering after it left the board), hops onto pairs and runs,
every battle (picks by the fighter and, for the monster, by the opponent), a card is played, and
cards out of sight are removed. Between two decisions the engine runs everything automatic, so
`acting()` always names the seat it waits on and `legal_actions` for that seat is never empty.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from typing import ClassVar, Literal

from pydantic import BaseModel, Field

from bot.games.cards import Card
from bot.games.contract import (
    Event,
    GameEnded,
    GameOver,
    GameState,
    IllegalAction,
    NotYourTurn,
    Outcome,
    SeatResult,
    seeded_rng,
)
from bot.games.dungeon.actions import (
    Kind,
    Move,
    at_cell,
    bare,
    directed,
    knight,
    with_card,
)
from bot.games.dungeon.actions import facing as turn_to
from bot.games.dungeon.battle import Battle, Resume, other
from bot.games.dungeon.board import SEATS, Board, Cell, Monster, Player
from bot.games.dungeon.events import (
    BattleBegan,
    BattleLost,
    BattleWon,
    Bounced,
    CardPlaced,
    CardTurned,
    Claimed,
    DuelOver,
    HandDealt,
    HopsOffered,
    JokerPlaced,
    MonsterFaced,
    MonsterHeld,
    MonsterMoved,
    OutOfSight,
    PawnEntered,
    PawnMoved,
    PawnTaken,
    Picked,
    PlaySkipped,
    Reshuffled,
    TurnBegan,
    WallBroken,
)
from bot.games.dungeon.grid import (
    DIRS,
    KNIGHT_OFFSETS,
    Dir,
    Point,
    key,
    knight_path,
    neighbours,
    step,
)
from bot.games.dungeon.monsters import (
    MonsterTurn,
    ahead,
    free_steps,
    offered_facing,
    order,
    threatens,
)
from bot.games.dungeon.roles import (
    BATTLE_POINTS,
    DUNGEON_DECK,
    Role,
    battle_value,
    health,
    is_red_number,
    matching_wall,
    pip,
    points,
    role_of,
)

GRID_SIZE = 4
HAND_SIZE = 10
WINNING_SCORE = 100
MAX_TURNS = 200
"""Turns (one player's each) after which the higher score wins: the game's bound."""
SEAT_COUNT = 2


class Phase(StrEnum):
    START = "start"
    MONSTERS = "monsters"
    PAWN = "pawn"
    ENTER = "enter"
    HOP = "hop"
    BATTLE = "battle"
    PLAY = "play"
    OVER = "over"


PHASE_KINDS: dict[Phase, set[Kind]] = {
    Phase.START: {Kind.START},
    Phase.MONSTERS: {Kind.MONSTER, Kind.FACE},
    Phase.PAWN: {Kind.STEP, Kind.KNIGHT, Kind.FLIP, Kind.TAKE, Kind.FACE},
    Phase.ENTER: {Kind.ENTER, Kind.FACE},
    Phase.HOP: {Kind.HOP, Kind.STOP},
    Phase.BATTLE: {Kind.PICK},
    Phase.PLAY: {Kind.PLACE, Kind.BREAK, Kind.BLIND, Kind.SKIP},
    Phase.OVER: set(),
}
"""The kinds of decision each phase waits on."""


HopMode = Literal["any", "pair", "up", "down"]
HOP_STEPS: dict[HopMode, int] = {"any": 0, "pair": 0, "up": 1, "down": -1}
"""The pip the next hop needs, from the last one's: a pair's twin, or a run's next card."""


class Hop(BaseModel):
    """A chain of hops under way: the last card's pip, and what the chain has become."""

    pip: int
    mode: HopMode = "any"


class DungeonState(GameState[Move]):
    """A whole duel between two decisions. The pile's top is index 0."""

    game: Literal["dungeon"] = "dungeon"
    board: Board = Field(default_factory=Board)
    pile: list[Card] = Field(default_factory=list[Card])
    discards: list[Card] = Field(default_factory=list[Card])
    phase: Phase = Phase.START
    mover: int = 0
    """The seat whose turn it is (at the start: whose Joker goes down next)."""
    first: int = 0
    turns: int = 0
    """Turns completed."""
    max_turns: int = MAX_TURNS
    monster_turn: MonsterTurn | None = None
    hop: Hop | None = None
    battle: Battle | None = None
    winner: int | None = None
    end_reason: Literal["hundred", "turns", "cards"] | None = None
    shuffles: int = 0
    """Times the discards were flipped into a new pile."""

    # ---- building a game --------------------------------------------------------------------

    @classmethod
    def scripted(
        cls,
        cells: Mapping[Point, str],
        *,
        hands: Sequence[str] = ("", ""),
        pile: str | None = None,
        discards: str = "",
        pawns: Sequence[Point | None] = (None, None),
        monsters: Sequence[tuple[str, Point, Dir | None]] = (),
        scores: Sequence[int] = (0, 0),
        known: Mapping[Point, list[int]] | None = None,
        mover: int = 0,
        turns: int = 0,
        seed: int = 0,
    ) -> tuple[DungeonState, list[Event]]:
        """A game at the start of `mover`'s turn over a chosen board, for tests and replays.

        `cells` maps a point to a card code, face down, or face up with a leading "+"
        ("+5C" is a wall). A monster is (code, point, facing), facing None for a new one.
        The pile, if not given, is every card not placed elsewhere, in deck order.
        """
        board = Board()
        for point, text in cells.items():
            up = text.startswith("+")
            card = Card.parse(text.lstrip("+"))
            seen = list((known or {}).get(point, []))
            board.cells[key(point)] = Cell(card=card, up=up, known_by=seen)
        for code, point, facing in monsters:
            board.monsters.append(
                Monster(card=Card.parse(code), at=point, facing=facing, new=facing is None)
            )
        for seat in SEATS:
            board.players[seat] = Player(
                hand=[Card.parse(c) for c in hands[seat].split()],
                score=scores[seat],
                at=pawns[seat],
            )
        discarded = [Card.parse(c) for c in discards.split()]
        used = set(board.cards()) | set(discarded)
        rest = [c for c in DUNGEON_DECK if c not in used]
        stack = rest if pile is None else [Card.parse(c) for c in pile.split()]
        state = cls(
            seed=seed,
            board=board,
            pile=stack,
            discards=discarded,
            first=mover,
            mover=mover,
            turns=turns,
        )
        return state, state._begin_turn(mover)

    # ---- the contract -----------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.OVER

    def acting(self) -> list[int]:
        if self.phase == Phase.OVER:
            return []
        if self.phase == Phase.BATTLE and self.battle is not None:
            return [self.battle.picker()]
        return [self.mover]

    def legal_actions(self, seat: int) -> list[Move]:
        if seat not in self.acting():
            return []
        return self._LEGAL[self.phase](self)

    def apply(self, seat: int, action: Move) -> list[Event]:
        """Play one decision; an illegal one raises and changes nothing."""
        if self.is_over:
            raise GameOver("the game is over")
        if seat not in self.acting():
            raise NotYourTurn("it is not your turn")
        if not self._allows(action):
            raise IllegalAction(f"{action} is not a legal move now")
        self.turn += 1
        if action.kind != Kind.FACE and self.phase in (Phase.PAWN, Phase.ENTER):
            self.monster_turn = None  # the pawn's move accepts the monsters' facings
        return self._APPLY[action.kind](self, action)

    def results(self) -> list[SeatResult]:
        if not self.is_over:
            return []
        return [
            SeatResult(seat=seat, outcome=self.outcome_of(seat), score=self.score(seat))
            for seat in SEATS
        ]

    def outcome_of(self, seat: int) -> str:
        if self.winner is None:
            return "draw"
        return Outcome.WON.value if seat == self.winner else Outcome.LOST.value

    def forfeits(self, forfeiters: set[int], outcome: str) -> list[SeatResult]:
        """A finished game keeps its results. Closed early, each forfeiter gets `outcome` with
        the points they had; a rival who did not give up gets no result (the rating counts
        them the winner)."""
        if self.is_over:
            return self.results()
        return [
            SeatResult(seat=seat, outcome=outcome, score=self.score(seat))
            for seat in SEATS
            if seat in forfeiters
        ]

    def timeout_action(self, seat: int) -> Move | None:
        """A seat that lets its time run out plays the bot's move: sensible, and decided from
        what that seat can see."""
        if seat not in self.acting():
            return None
        from bot.games.dungeon.policy import choose

        return choose(self, seat)

    # ---- what the views and tests read ------------------------------------------------------

    def score(self, seat: int) -> int:
        return self.board.players[seat].score

    def hand(self, seat: int) -> list[Card]:
        return self.board.players[seat].hand

    def pawn(self, seat: int) -> Point | None:
        return self.board.players[seat].at

    def all_cards(self) -> list[Card]:
        """Every card wherever it lies, the two Jokers (pawns) included: always 54."""
        return self.board.cards() + self.pile + self.discards

    def current_monster(self) -> Monster | None:
        turn = self.monster_turn
        if self.phase != Phase.MONSTERS or turn is None or turn.current is None:
            return None
        return self.board.monster(turn.current)

    # ---- legal moves, by phase --------------------------------------------------------------

    def _allows(self, action: Move) -> bool:
        """Whether the acting seat's legal moves hold this one: a placement is checked on its
        own, without listing every card at every cell."""
        if action.kind not in PHASE_KINDS[self.phase]:
            return False
        if self.phase != Phase.PLAY or action.kind == Kind.SKIP:
            return action in self._LEGAL[self.phase](self)
        assert action.at is not None
        if action.kind == Kind.BREAK:
            wall = self.board.wall_at(action.at)
            return (
                action.card in self.hand(self.mover)
                and wall is not None
                and matching_wall(action.card, wall)
            )
        if not self.board.on_frontier(action.at):
            return False
        if action.kind == Kind.BLIND:
            return bool(self.pile or self.discards)
        return action.card in self.hand(self.mover)

    def _legal_start(self) -> list[Move]:
        return [at_cell(Kind.START, point) for point in self.board.face_down()]

    def _legal_monsters(self) -> list[Move]:
        monster = self.current_monster()
        assert monster is not None and self.monster_turn is not None
        if self.monster_turn.choosing_step:
            return [directed(Kind.MONSTER, d) for d in free_steps(self.board, monster)]
        return [directed(Kind.FACE, d) for d in DIRS]  # a game saved mid-turn before offers

    def turnable(self) -> list[Move]:
        """Turns the mover may still give the monsters moved this turn, before the pawn moves:
        every way but the one each faces now."""
        turn = self.monster_turn
        if turn is None or self.phase not in (Phase.PAWN, Phase.ENTER):
            return []
        found: list[Move] = []
        for card in turn.turned:
            monster = self.board.monster(card)
            if monster is not None:
                found += [turn_to(card, d) for d in DIRS if d != monster.facing]
        return found

    def pawn_moves(self) -> list[Move]:
        """The mover's steps and Knight's moves (flips aside)."""
        board = self.board
        origin = self.pawn(self.mover)
        if origin is None:
            return []
        moves = [directed(Kind.STEP, d) for d in DIRS if board.enterable(step(origin, d))]
        for offset in KNIGHT_OFFSETS:
            first, corner, landing = knight_path(origin, offset)
            crossed = board.blocks(first) or board.blocks(corner)
            if board.enterable(landing) and not crossed:
                moves.append(knight(offset))
        return moves

    def _legal_pawn(self) -> list[Move]:
        moves = self.pawn_moves()
        flips = [at_cell(Kind.FLIP, point) for point in self.board.face_down()]
        return moves + flips + ([] if moves else [bare(Kind.TAKE)]) + self.turnable()

    def _legal_enter(self) -> list[Move]:
        entries = [at_cell(Kind.ENTER, point) for point in self.board.frontier()]
        return entries + self.turnable()

    def hop_targets(self) -> list[Point]:
        """Cells the pawn may hop onto now: a face-up red number card next to it, nobody on it,
        that pairs the last card or goes on a run of three or more (a run's first hop is
        offered only if a third card follows it)."""
        hop, origin = self.hop, self.pawn(self.mover)
        if hop is None or origin is None:
            return []
        targets: list[Point] = []
        for point in neighbours(origin):
            value = self._red_pip(point)
            if value is None:
                continue
            if value == hop.pip + HOP_STEPS[hop.mode]:
                targets.append(point)
            elif hop.mode == "any" and abs(value - hop.pip) == 1:
                after = 2 * value - hop.pip
                if any(self._red_pip(p) == after for p in neighbours(point) if p != origin):
                    targets.append(point)
        return targets

    def _red_pip(self, point: Point) -> int | None:
        """The pip of a face-up red number card nobody stands on; None for anything else."""
        cell = self.board.cell(point)
        if cell is None or not cell.up or not is_red_number(cell.card):
            return None
        return None if self.board.occupied(point) else pip(cell.card)

    def _legal_hop(self) -> list[Move]:
        return [at_cell(Kind.HOP, p) for p in self.hop_targets()] + [bare(Kind.STOP)]

    def _legal_battle(self) -> list[Move]:
        battle = self.battle
        assert battle is not None
        return [at_cell(Kind.PICK, p) for p in battle.options(self.board, battle.side)]

    def _legal_play(self) -> list[Move]:
        hand = self.hand(self.mover)
        frontier = self.board.frontier()
        moves = [with_card(Kind.PLACE, card, p) for card in hand for p in frontier]
        for point in self.board.walls():
            wall = self.board.cell(point)
            assert wall is not None
            moves += [
                with_card(Kind.BREAK, card, point)
                for card in hand
                if matching_wall(card, wall.card)
            ]
        if self.pile or self.discards:
            moves += [at_cell(Kind.BLIND, p) for p in frontier]
        return moves or [bare(Kind.SKIP)]

    def _legal_none(self) -> list[Move]:
        return []

    _LEGAL: ClassVar[dict[Phase, Callable[[DungeonState], list[Move]]]] = {
        Phase.START: _legal_start,
        Phase.MONSTERS: _legal_monsters,
        Phase.PAWN: _legal_pawn,
        Phase.ENTER: _legal_enter,
        Phase.HOP: _legal_hop,
        Phase.BATTLE: _legal_battle,
        Phase.PLAY: _legal_play,
        Phase.OVER: _legal_none,
    }

    # ---- the start ----------------------------------------------------------------------------

    def _start(self, move: Move) -> list[Event]:
        assert move.at is not None
        seat = self.mover
        self.board.players[seat].at = move.at
        events: list[Event] = [JokerPlaced(seat=seat, at=move.at)]
        if self.pawn(1 - seat) is None:
            self.mover = 1 - seat
            return events
        return events + self._begin_turn(self.first)

    # ---- the monster phase ------------------------------------------------------------------

    def _begin_turn(self, seat: int) -> list[Event]:
        self.mover = seat
        self.monster_turn = MonsterTurn(queue=order(self.board))
        return [TurnBegan(seat=seat, number=self.turns + 1), *self._next_monster()]

    def _next_monster(self) -> list[Event]:
        """Move the monsters in turn: a new one waits for its mover to send it somewhere, the
        others go the way they face (or stay put). A monster that comes next to the opponent
        is fought at once. Once every monster has moved, each is offered a facing and the
        pawn moves."""
        turn = self.monster_turn
        assert turn is not None
        events: list[Event] = []
        while turn.queue:
            monster = self.board.monster(turn.queue.pop(0))
            if monster is None:
                continue  # beaten in a battle earlier this phase
            turn.current, turn.moved = monster.card, False
            if monster.new and free_steps(self.board, monster):
                self.phase, turn.choosing_step = Phase.MONSTERS, True
                return events
            turn.choosing_step = False
            target = None if monster.new else ahead(self.board, monster)
            turn.turned.append(monster.card)
            if target is None:
                facing_now = None if monster.new else monster.facing
                events.append(MonsterHeld(card=monster.card, at=monster.at, facing=facing_now))
                continue
            events.append(self._move_monster(monster, target))
            if threatens(self.board, monster, 1 - self.mover):
                return events + self._fight_moved(monster)
        turn.current, turn.choosing_step = None, False
        return events + self._offer_facings() + self._begin_pawn()

    def _offer_facings(self) -> list[Event]:
        """Every monster moved this turn faces the way the bot would turn it, from the board
        as the monsters left it; the mover may change any before the pawn moves."""
        turn = self.monster_turn
        assert turn is not None
        events: list[Event] = []
        for card in turn.turned:
            monster = self.board.monster(card)
            if monster is not None:
                monster.facing = offered_facing(self.board, monster, self.mover)
                monster.new = False
                faced = MonsterFaced(
                    seat=self.mover, card=card, facing=monster.facing, offered=True
                )
                events.append(faced)
        return events

    def _fight_moved(self, monster: Monster) -> list[Event]:
        """A monster moved next to the opponent's pawn: they fight it alone, now."""
        return self._fight(1 - self.mover, [monster.card], nearby=False, resume="monsters")

    def _move_monster(self, monster: Monster, target: Point) -> Event:
        origin = monster.at
        monster.at = target
        assert self.monster_turn is not None
        self.monster_turn.moved = True
        return MonsterMoved(seat=self.mover, card=monster.card, origin=origin, at=target)

    def _monster_step(self, move: Move) -> list[Event]:
        monster = self.current_monster()
        turn = self.monster_turn
        assert monster is not None and move.direction is not None and turn is not None
        turn.choosing_step = False
        turn.turned.append(monster.card)
        events = [self._move_monster(monster, step(monster.at, move.direction))]
        if threatens(self.board, monster, 1 - self.mover):
            return events + self._fight_moved(monster)
        return events + self._next_monster()

    def _face(self, move: Move) -> list[Event]:
        assert move.direction is not None
        if move.card is not None:  # a facing changed before the pawn moves
            monster = self.board.monster(move.card)
            assert monster is not None
            monster.facing = move.direction
            return [MonsterFaced(seat=self.mover, card=monster.card, facing=move.direction)]
        monster = self.current_monster()  # a game saved while a monster waited to be turned
        turn = self.monster_turn
        assert monster is not None and turn is not None
        monster.facing, monster.new = move.direction, False
        events: list[Event] = [
            MonsterFaced(seat=self.mover, card=monster.card, facing=move.direction)
        ]
        if turn.moved and threatens(self.board, monster, 1 - self.mover):
            return events + self._fight_moved(monster)
        return events + self._next_monster()

    # ---- the pawn -----------------------------------------------------------------------------

    def _begin_pawn(self) -> list[Event]:
        self.phase = Phase.PAWN if self.pawn(self.mover) is not None else Phase.ENTER
        return []

    def _step(self, move: Move) -> list[Event]:
        origin = self.pawn(self.mover)
        assert origin is not None and move.direction is not None
        return self._land(origin, step(origin, move.direction), origin, knight=False)

    def _knight(self, move: Move) -> list[Event]:
        origin = self.pawn(self.mover)
        assert origin is not None
        _, corner, landing = knight_path(origin, move.offset)
        return self._land(origin, landing, self.back_one(corner, origin), knight=True)

    def back_one(self, corner: Point, origin: Point) -> Point:
        """Where a Knight's move that meets a wall or a monster ends: back one, on the corner
        of its L, whenever a pawn may stand there (a face-down card or a red number card, face
        up or not, nobody on it); else back where it began (the corner is blank). The pawn
        stands on the corner's card as it lies: it neither turns it up nor claims it."""
        cell = self.board.cell(corner)
        if cell is None or self.board.occupied(corner):
            return origin
        return corner if not cell.up or is_red_number(cell.card) else origin

    def _land(self, origin: Point, target: Point, back: Point, knight: bool) -> list[Event]:
        """The pawn arrives on a card: turns it up if it is face down, and then bounces off a
        wall or a monster, claims treasure, or stands on floor."""
        seat, board = self.mover, self.board
        cell = board.cell(target)
        assert cell is not None
        events: list[Event] = []
        if not cell.up:
            cell.up = True
            events.append(CardTurned(seat=seat, card=cell.card, at=target, how="move"))
        role = role_of(cell.card)
        if role in (Role.WALL, Role.MONSTER):
            if role == Role.MONSTER:
                self._wake(target)
            board.players[seat].at = back
            events.append(Bounced(seat=seat, blocker=cell.card, origin=origin, at=back))
            woken = [cell.card] if role == Role.MONSTER else []
            return events + self._fight(seat, woken, nearby=True, resume="play")
        board.players[seat].at = target
        events.append(PawnMoved(seat=seat, origin=origin, at=target, knight=knight))
        if role == Role.TREASURE:
            events += self._claim(target, hop=False)
            if self.is_over:
                return events
        self.hop = Hop(pip=pip(cell.card))
        if self.hop_targets():
            self.phase = Phase.HOP
            return [*events, HopsOffered(seat=seat)]
        self.hop = None
        return events + self._begin_battles("play")

    def _claim(self, point: Point, hop: bool) -> list[Event]:
        """Discard the card the pawn stands on (or hops onto); treasure scores."""
        seat = self.mover
        cell = self.board.cells.pop(key(point))
        self.discards.append(cell.card)
        gained = points(cell.card)
        self.board.players[seat].score += gained
        claimed = Claimed(
            seat=seat, card=cell.card, at=point, points=gained, score=self.score(seat), hop=hop
        )
        return [claimed, *self._check_hundred(seat)]

    def _wake(self, point: Point) -> None:
        """A monster turned up: it leaves the cell's cards and lives on the board, new."""
        cell = self.board.cells.pop(key(point))
        self.board.monsters.append(Monster(card=cell.card, at=point))

    def _hop(self, move: Move) -> list[Event]:
        assert move.at is not None and self.hop is not None
        cell = self.board.cell(move.at)
        assert cell is not None
        value = pip(cell.card)
        hop = self.hop
        if hop.mode == "any":
            hop.mode = "pair" if value == hop.pip else "up" if value > hop.pip else "down"
        hop.pip = value
        origin = self.pawn(self.mover)
        assert origin is not None
        self.board.players[self.mover].at = move.at
        events: list[Event] = [PawnMoved(seat=self.mover, origin=origin, at=move.at)]
        events += self._claim(move.at, hop=True)
        if self.is_over or self.hop_targets():
            return events
        return events + self._stop(move)

    def _stop(self, move: Move) -> list[Event]:
        self.hop = None
        return self._begin_battles("play")

    def _flip(self, move: Move) -> list[Event]:
        assert move.at is not None
        cell = self.board.cell(move.at)
        assert cell is not None
        cell.up = True
        events: list[Event] = [CardTurned(seat=self.mover, card=cell.card, at=move.at, how="flip")]
        if role_of(cell.card) == Role.MONSTER:
            self._wake(move.at)
        return events + self._begin_battles("play")

    def _take(self, move: Move) -> list[Event]:
        seat = self.mover
        origin = self.pawn(seat)
        assert origin is not None
        self.board.players[seat].at = None
        return [PawnTaken(seat=seat, origin=origin), *self._end_turn()]

    def _enter(self, move: Move) -> list[Event]:
        assert move.at is not None
        self.board.players[self.mover].at = move.at
        return [PawnEntered(seat=self.mover, at=move.at), *self._begin_battles("end")]

    # ---- battles ------------------------------------------------------------------------------

    def _begin_battles(self, resume: Resume) -> list[Event]:
        return self._fight(self.mover, [], nearby=True, resume=resume)

    def _fight(self, fighter: int, queue: list[Card], nearby: bool, resume: Resume) -> list[Event]:
        """Start the next battle of a fighter: a queued monster first, then (on their own turn)
        any monster next to their pawn; once none is left, the turn goes on."""
        self.battle = None
        pawn = self.pawn(fighter)
        while pawn is not None and queue:
            monster = self.board.monster(queue.pop(0))
            if monster is not None:
                return self._open_battle(fighter, monster, queue, nearby, resume)
        if pawn is not None and nearby:
            for point in neighbours(pawn):
                monster = self.board.monster_at(point)
                if monster is not None:
                    return self._open_battle(fighter, monster, queue, nearby, resume)
        return self._RESUME[resume](self)

    def _open_battle(
        self, fighter: int, monster: Monster, queue: list[Card], nearby: bool, resume: Resume
    ) -> list[Event]:
        battle = Battle(
            fighter=fighter,
            monster=monster.card,
            monster_total=health(monster.card),
            queue=queue,
            nearby=nearby,
            resume=resume,
        )
        self.battle = battle
        self.phase = Phase.BATTLE
        began = BattleBegan(
            seat=fighter,
            monster=monster.card,
            at=monster.at,
            player_total=battle.player_total,
            monster_total=battle.monster_total,
        )
        return [began, *self._next_pick()]

    def _next_pick(self) -> list[Event]:
        """Wait for the side whose pick it is, or the other if that side has none; when
        neither can pick, the battle is decided."""
        battle = self.battle
        assert battle is not None
        for side in (battle.side, other(battle.side)):
            if battle.options(self.board, side):
                battle.side = side
                return []
        return self._decide()

    def _pick(self, move: Move) -> list[Event]:
        battle = self.battle
        assert battle is not None and move.at is not None
        cell = self.board.cell(move.at)
        assert cell is not None
        picker, side = battle.picker(), battle.side
        events: list[Event] = []
        if not cell.up:
            cell.up = True
            events.append(CardTurned(seat=picker, card=cell.card, at=move.at, how="pick"))
        if role_of(cell.card) == Role.MONSTER:
            self._wake(move.at)
            battle.queue.append(cell.card)
        adds = battle_value(cell.card)
        battle.add(side, adds)
        battle.picked.append(move.at)
        battle.sides.append(side)
        battle.side = other(side)
        events.append(
            Picked(
                seat=picker,
                side=side,
                card=cell.card,
                at=move.at,
                adds=adds,
                player_total=battle.player_total,
                monster_total=battle.monster_total,
            )
        )
        return events + self._next_pick()

    def _decide(self) -> list[Event]:
        battle = self.battle
        assert battle is not None
        fighter = self.board.players[battle.fighter]
        monster = self.board.monster(battle.monster)
        assert monster is not None
        if battle.won:
            self.board.monsters.remove(monster)
            self.discards.append(monster.card)
            fighter.score += BATTLE_POINTS
            won = BattleWon(
                seat=battle.fighter,
                monster=monster.card,
                player_total=battle.player_total,
                monster_total=battle.monster_total,
                score=fighter.score,
            )
            events: list[Event] = [won, *self._check_hundred(battle.fighter)]
            if self.is_over:
                return events
            queue = battle.queue
        else:
            lost = min(BATTLE_POINTS, fighter.score)
            fighter.score -= lost
            fighter.at = None
            events = [
                BattleLost(
                    seat=battle.fighter,
                    monster=monster.card,
                    player_total=battle.player_total,
                    monster_total=battle.monster_total,
                    lost=lost,
                    score=fighter.score,
                )
            ]
            queue = []
        return events + self._fight(battle.fighter, queue, battle.nearby, battle.resume)

    # ---- playing a card -----------------------------------------------------------------------

    def _begin_play(self) -> list[Event]:
        self.phase = Phase.PLAY
        return self._refill(self.mover)

    def _place(self, move: Move) -> list[Event]:
        assert move.card is not None and move.at is not None
        seat = self.mover
        self.hand(seat).remove(move.card)
        self.board.cells[key(move.at)] = Cell(card=move.card, known_by=[seat], placed_by=seat)
        return [CardPlaced(seat=seat, at=move.at), *self._refill(seat), *self._end_turn()]

    def _break(self, move: Move) -> list[Event]:
        assert move.card is not None and move.at is not None
        seat = self.mover
        wall = self.board.cells.pop(key(move.at)).card
        self.hand(seat).remove(move.card)
        self.discards += [move.card, wall]
        broken = WallBroken(seat=seat, card=move.card, wall=wall, at=move.at)
        return [broken, *self._refill(seat), *self._end_turn()]

    def _blind(self, move: Move) -> list[Event]:
        assert move.at is not None
        seat = self.mover
        drawn, events = self._draw(1)
        self.board.cells[key(move.at)] = Cell(card=drawn[0], placed_by=seat)
        return [*events, CardPlaced(seat=seat, at=move.at, blind=True), *self._end_turn()]

    def _skip(self, move: Move) -> list[Event]:
        return [PlaySkipped(seat=self.mover), *self._end_turn()]

    def _draw(self, count: int) -> tuple[list[Card], list[Event]]:
        """Up to `count` cards off the pile; whenever it runs out, the discards are flipped
        over into a new one (the first card discarded is its top: the order is reversed, not
        shuffled)."""
        drawn: list[Card] = []
        events: list[Event] = []
        while len(drawn) < count:
            if not self.pile:
                if not self.discards:
                    break
                self.pile, self.discards = self.discards, []
                self.shuffles += 1
                events.append(Reshuffled(count=len(self.pile)))
            take = min(count - len(drawn), len(self.pile))
            drawn += self.pile[:take]
            del self.pile[:take]
        return drawn, events

    def _refill(self, seat: int) -> list[Event]:
        """An empty hand is dealt ten more at once (fewer if fewer are left)."""
        if self.hand(seat):
            return []
        drawn, events = self._draw(HAND_SIZE)
        self.board.players[seat].hand = drawn
        return events + ([HandDealt(seat=seat, count=len(drawn))] if drawn else [])

    # ---- the end of a turn, and of the game ---------------------------------------------------

    def _end_turn(self) -> list[Event]:
        events: list[Event] = []
        far = self.board.out_of_sight()
        if far:
            removed: list[Card] = []
            for point in far:
                cell = self.board.cells.pop(key(point), None)
                if cell is not None:
                    removed.append(cell.card)
                monster = self.board.monster_at(point)
                if monster is not None:
                    self.board.monsters.remove(monster)
                    removed.append(monster.card)
            self.discards += removed
            events.append(OutOfSight(cards=removed, cells=far))
        self.turns += 1
        if self.turns >= self.max_turns:
            return events + self._finish("turns", self._leader())
        hands_empty = not any(self.hand(seat) for seat in SEATS)
        if hands_empty and not self.pile and not self.discards:
            return events + self._finish("cards", self._leader())
        return events + self._begin_turn(1 - self.mover)

    def _leader(self) -> int | None:
        scores = [self.score(seat) for seat in SEATS]
        if scores[0] == scores[1]:
            return None
        return 0 if scores[0] > scores[1] else 1

    def _check_hundred(self, seat: int) -> list[Event]:
        if self.score(seat) >= WINNING_SCORE:
            return self._finish("hundred", seat)
        return []

    def _finish(
        self, reason: Literal["hundred", "turns", "cards"], winner: int | None
    ) -> list[Event]:
        self.phase = Phase.OVER
        self.winner, self.end_reason = winner, reason
        self.monster_turn = self.hop = self.battle = None
        scores = [self.score(seat) for seat in SEATS]
        events: list[Event] = [DuelOver(winner=winner, scores=scores, reason=reason)]
        if winner is not None:
            events += [
                GameEnded(
                    outcome=Outcome.WON if seat == winner else Outcome.LOST,
                    score=self.score(seat),
                    seat=seat,
                )
                for seat in SEATS
            ]
        return events

    _APPLY: ClassVar[dict[Kind, Callable[[DungeonState, Move], list[Event]]]] = {
        Kind.START: _start,
        Kind.MONSTER: _monster_step,
        Kind.FACE: _face,
        Kind.STEP: _step,
        Kind.KNIGHT: _knight,
        Kind.FLIP: _flip,
        Kind.TAKE: _take,
        Kind.ENTER: _enter,
        Kind.HOP: _hop,
        Kind.STOP: _stop,
        Kind.PICK: _pick,
        Kind.PLACE: _place,
        Kind.BREAK: _break,
        Kind.BLIND: _blind,
        Kind.SKIP: _skip,
    }
    _RESUME: ClassVar[dict[Resume, Callable[[DungeonState], list[Event]]]] = {
        "monsters": _next_monster,
        "play": _begin_play,
        "end": _end_turn,
    }


def new_game(seed: int) -> tuple[DungeonState, list[Event]]:
    """Shuffle the 52 cards (the Jokers are the pawns): 16 make the 4x4 dungeon face down, ten
    go to each player, the rest is the pile. Who places their Joker and plays first is drawn."""
    deck = list(DUNGEON_DECK)
    seeded_rng(seed, "deal").shuffle(deck)
    first = seeded_rng(seed, "first").randrange(SEAT_COUNT)
    board = Board()
    for index, card in enumerate(deck[: GRID_SIZE * GRID_SIZE]):
        board.cells[key((index % GRID_SIZE, index // GRID_SIZE))] = Cell(card=card)
    dealt = GRID_SIZE * GRID_SIZE
    for seat in SEATS:
        board.players[seat].hand = deck[dealt : dealt + HAND_SIZE]
        dealt += HAND_SIZE
    state = DungeonState(
        seed=seed, board=board, pile=deck[dealt:], first=first, mover=first, phase=Phase.START
    )
    return state, [HandDealt(seat=seat, count=HAND_SIZE) for seat in SEATS]
