"""A finished solo deal looked back on with its whole deck known: its best score, a line that
reaches it, and where the player's line let the win go, or the best score.

Both questions about the player's line are answered by bisection over its positions, not by
solving each of them. A position's best score is the best of its moves' best scores, so along
any line it never rises: the deal's best stays within reach for a first stretch of the line and
never comes back after it. Likewise a position that can still be won follows one that could.
So the first move after which the best (or a win) is out of reach is found with about log2 of
the line's length solves, all on one solver, whose memo makes each later one cheaper.

The solver's budget (positions expanded, over all the questions) may run out anywhere: what it
proved stands, and nothing is claimed that it did not prove.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import replace
from typing import Generic, TypeVar

from bot.games.crawl.actions import ActionKind, DungeonAction, DungeonState, dungeon_action
from bot.games.crawl.solving import DealSolver, SearchTooLong, Solution
from bot.games.crawl.text import action_label, line_label
from bot.games.definition import Hindsight, LinePart

CrawlState = TypeVar("CrawlState", bound=DungeonState)
SOLO = 0
RAN_ONE = line_label(dungeon_action(ActionKind.RUN))
RAN_EACH = f"{RAN_ONE} from each"


def look_back(
    solver: DealSolver[CrawlState],
    walker: DealSolver[CrawlState],
    start: CrawlState,
    moves: Sequence[DungeonAction],
) -> Hindsight | None:
    """The deal `start` solved, and `moves` (the player's line from it) held against it. None
    when even whether the deal could be won is past the budget.

    Two solvers of the deal, each with its own budget. `solver` answers for the deal alone:
    could it be won, its best score and a line. So the best told after a game is the one told
    of the same deal with no game played (the daily deal's), whatever line the player took.
    `walker` then walks the player's line: first where the win went (the older question, and
    the cheaper), then where the best score went, its memo shared by both walks, which ask of
    the same positions. A budget that runs out leaves what was proved before it."""
    try:
        winnable = solver.winnable(start)
    except SearchTooLong:
        return None
    try:
        best = solver.solve(start)
    except SearchTooLong:
        best = None
    verdict = Hindsight(winnable=winnable, best_score=0, best_exact=False)
    if best is not None:
        verdict = replace(
            verdict,
            best_score=best.best_score,
            best_exact=best.exact,
            best_line=by_room(start, best.line),
        )
    line = PlayedLine(start, moves)
    win_gone: int | None = None
    if winnable:
        with suppress(SearchTooLong):  # where the win went may stay unknown, not the rest
            win_gone = line.first_failing(lambda at: walker.winnable(line.positions[at]))
        if win_gone is not None:
            verdict = _where_the_win_went(walker, line, win_gone, verdict)
    if best is None:
        return verdict if winnable else None
    if not best.exact:
        return verdict  # the best is only a floor: no move can be shown to have lost it
    return ScoreWalk(walker, line, best).where_it_fell(win_gone, verdict)


def by_room(start: DungeonState, line: Sequence[DungeonAction]) -> tuple[LinePart, ...]:
    """A line from `start` told room by room, in the few words of a move among many. Rooms
    run from one after another are one part ("Rooms 3–10: run from each"): where running is
    free, a line may run through dozens of rooms to reach the one it plays."""
    position = start.model_copy(deep=True)
    rooms: list[tuple[int, list[DungeonAction]]] = []
    for action in line:
        if not rooms or rooms[-1][0] != position.rooms_dealt:
            rooms.append((position.rooms_dealt, []))
        rooms[-1][1].append(action)
        position.apply(SOLO, action)
    parts: list[LinePart] = []
    fled: list[int] = []
    for room, actions in rooms:
        if [action.kind for action in actions] == [ActionKind.RUN]:
            fled.append(room)
            continue
        parts.extend(_runs(fled))
        fled = []
        parts.append(LinePart(f"Room {room}", tuple(line_label(a) for a in actions)))
    parts.extend(_runs(fled))
    return tuple(parts)


def _runs(rooms: list[int]) -> list[LinePart]:
    """Rooms run from in a row, as one part; none for none."""
    if not rooms:
        return []
    if len(rooms) == 1:
        return [LinePart(f"Room {rooms[0]}", (RAN_ONE,))]
    return [LinePart(f"Rooms {rooms[0]}–{rooms[-1]}", (RAN_EACH,))]


def where(position: DungeonState, action: DungeonAction) -> str:
    """A move of the line as the player knows it: "Room 4: Fight Q♠ barehanded"."""
    return f"Room {position.rooms_dealt}: {action_label(action)}"


class PlayedLine(Generic[CrawlState]):
    """The positions of a player's line: the deal's start, then the position after each move."""

    def __init__(self, start: CrawlState, moves: Sequence[DungeonAction]) -> None:
        self.moves = tuple(moves)
        self.positions = [start.model_copy(deep=True)]
        for action in self.moves:
            after = self.positions[-1].model_copy(deep=True)
            after.apply(SOLO, action)
            self.positions.append(after)

    @property
    def last(self) -> int:
        return len(self.moves)

    def first_failing(
        self, holds: Callable[[int], bool], held: int = 0, failed: int | None = None
    ) -> int | None:
        """The first position (by its index) at which `holds` no longer does, given that
        it holds at position `held` and, once it fails, fails to the end (`failed`, a position
        where it is known to fail already); None if it holds at the last position. A
        SearchTooLong from `holds` goes up."""
        if failed is None:
            if holds(self.last):
                return None
            failed = self.last
        while failed - held > 1:
            middle = (held + failed) // 2
            if holds(middle):
                held = middle
            else:
                failed = middle
        return failed


def _where_the_win_went(
    solver: DealSolver[CrawlState], line: PlayedLine[CrawlState], gone: int, verdict: Hindsight
) -> Hindsight:
    """The move that lost the win (the one into position `gone`), and one that kept it."""
    before = line.positions[gone - 1]
    try:
        kept = next(
            other for other in before.legal_actions(SOLO) if solver.winnable(_after(before, other))
        )
    except SearchTooLong:
        return verdict
    return replace(
        verdict,
        lost_at=where(before, line.moves[gone - 1]),
        instead=action_label(kept),
        lost_move=gone - 1,
    )


class ScoreWalk(Generic[CrawlState]):
    """The search for the first move of a line after which the deal's best score was out of
    reach. It holds every position's solution it asked for: the last one at which the best was
    still within reach names a move that kept it, and the first one past it says how far the
    best fell."""

    def __init__(
        self, solver: DealSolver[CrawlState], line: PlayedLine[CrawlState], best: Solution
    ) -> None:
        self.solver = solver
        self.line = line
        self.best = best
        self.solved: dict[int, Solution] = {}
        self.held = 0
        """The latest position of the line proved to keep the best within reach."""

    def where_it_fell(self, win_gone: int | None, verdict: Hindsight) -> Hindsight:
        """`verdict` with the fall, where it was proved; `win_gone` is the first position that
        could no longer win, if known (the best, a win's score, was out of reach there)."""
        self.held = shared = self._shared_with_the_best_line()
        if shared == self.line.last:
            return verdict  # the player's line is the start of a best line
        try:
            fell = self.line.first_failing(self._keeps_the_best, held=shared, failed=win_gone)
            if fell is None:
                return verdict
            after = self._solution(fell)
        except SearchTooLong:
            return self._ran_out(verdict)
        if not after.exact:
            return self._ran_out(verdict)  # the fall is proved, but not how far: say neither
        held = fell - 1
        kept = self.solved[held].line[0] if held in self.solved else self.best.line[held]
        before = self.line.positions[held]
        return replace(
            verdict,
            dropped_at=where(before, self.line.moves[held]),
            dropped_move=held,
            best_before=self.best.best_score,
            best_after=after.best_score,
            kept_by=action_label(kept),
        )

    def _ran_out(self, verdict: Hindsight) -> Hindsight:
        """What the walk proved before its budget ran out: how far the best stayed in reach."""
        if self.held == 0:
            return verdict
        move = self.held - 1
        return replace(verdict, kept_past=where(self.line.positions[move], self.line.moves[move]))

    def _shared_with_the_best_line(self) -> int:
        """How many of the player's first moves are the best line's own: the best was within
        reach after each of them, with no solve to prove it."""
        shared = 0
        for played, best in zip(self.line.moves, self.best.line, strict=False):
            if played != best:
                break
            shared += 1
        return shared

    def _keeps_the_best(self, at: int) -> bool:
        """Whether the deal's best is still within reach from a position of the line; a
        SearchTooLong where the budget ran out before that was proved either way."""
        solution = self._solution(at)
        if solution.best_score >= self.best.best_score:
            self.held = max(self.held, at)
            return True
        if solution.exact:
            return False
        raise SearchTooLong("the best from this position is only known to be at least a floor")

    def _solution(self, index: int) -> Solution:
        known = self.solved.get(index)
        if known is None:
            known = self.solved[index] = self.solver.solve(self.line.positions[index])
        return known


def _after(state: CrawlState, action: DungeonAction) -> CrawlState:
    played = state.model_copy(deep=True)
    played.apply(SOLO, action)
    return played
