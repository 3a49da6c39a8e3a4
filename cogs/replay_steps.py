"""A closed game played again from its seed and its action log, one step at a time.

The engine contract makes this possible for every game alike: the deal is dealt again from the
seed and the setup (read back from the stored state), and each logged line is played again by
the seat that played it. A line of the log is a move's text, a seat leaving, or a timeout that
answered for several seats; nothing here knows any game. Step 0 is the deal; step n is the
table after the log's n-th line, told by the voice as it was told live.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from bot.games.contract import Event, GameError, Setup
from bot.games.definition import Match
from cogs.context import game_of, match_of, names_of
from cogs.lifecycle import LEAVE_ACTION, TIMEOUT_USER
from cogs.replies import say
from storage import ActionRecord, GameRecord

TIMEOUT_WORD = "timeout"
"""How a timeout's line of the log starts (`timeout @<seat>:<move> ...`)."""


class NotReplayable(Exception):
    """The log no longer plays from the deal (the game's rules changed since it was played)."""


@dataclass(frozen=True)
class ReplayStep:
    number: int
    """0 for the deal, n for the table after the log's n-th line."""
    match: Match
    """The table at this step: the replay's own, moved on by the next step."""
    lines: list[str]
    """The voice telling this step, as the channel read it."""
    seats: tuple[int, ...]
    """The seats that acted in this step (none for the deal)."""


def setup_of(record: GameRecord, final: Match) -> Setup:
    """The setup the game was dealt from: its variant and seats as stored, its settings and
    picks as its state keeps them."""
    return final.setup(record.variant or final.info.default_variant, len(record.players))


class Replay:
    """One game's replay: the record as stored, and its action log."""

    def __init__(self, record: GameRecord, actions: Sequence[ActionRecord]) -> None:
        self.record = record
        self.actions = list(actions)
        self.names = names_of(record)

    @property
    def last(self) -> int:
        """The number of the final step."""
        return len(self.actions)

    def steps(self) -> Iterator[ReplayStep]:
        """Every step from the deal on, each told; the same table, moved on between steps."""
        match, events = self._deal()
        yield ReplayStep(0, match, match.narrate(events, None, self.names), ())
        for number, logged in enumerate(self.actions, 1):
            before = match.before_move()
            seats, events = self._play(match, logged)
            yield ReplayStep(number, match, self._told(logged, seats, events, before, match), seats)

    def at(self, number: int) -> ReplayStep:
        """The step of that number (kept within the game's steps), told; the steps before it
        are played untold, which is most of the work saved."""
        number = max(0, min(number, self.last))
        match, events = self._deal()
        if number == 0:
            return ReplayStep(0, match, match.narrate(events, None, self.names), ())
        for logged in self.actions[: number - 1]:
            self._play(match, logged)
        before = match.before_move()
        logged = self.actions[number - 1]
        seats, events = self._play(match, logged)
        return ReplayStep(number, match, self._told(logged, seats, events, before, match), seats)

    def _told(
        self,
        logged: ActionRecord,
        seats: tuple[int, ...],
        events: Sequence[Event],
        before: Match | None,
        after: Match,
    ) -> list[str]:
        """The voice's lines for a step, after the table's own notice where the live table
        had one (a turn that timed out, a player who left)."""
        who = ", ".join(self.names[seat] for seat in seats)
        notice = []
        if logged.user_id == TIMEOUT_USER and logged.action.startswith(TIMEOUT_WORD):
            notice = [say("timed_out", who=who)]
        elif logged.action == LEAVE_ACTION:
            notice = [say("left_notice", who=who)]
        return notice + after.narrate(events, before, self.names)

    def _deal(self) -> tuple[Match, Sequence[Event]]:
        setup = setup_of(self.record, match_of(self.record))
        try:
            return game_of(self.record).start(self.record.seed, setup)
        except GameError as error:
            raise NotReplayable(f"its deal no longer deals: {error}") from error

    def _play(self, match: Match, logged: ActionRecord) -> tuple[tuple[int, ...], list[Event]]:
        """One line of the log played again by the seats that played it."""
        record, text = self.record, logged.action
        try:
            if logged.user_id == TIMEOUT_USER and text.split(" ", 1)[0] == TIMEOUT_WORD:
                return _timeout(match, text)
            if text == LEAVE_ACTION:
                seat = record.seat_of(logged.user_id)
                if seat is not None:
                    return (seat,), list(match.leave(seat))
            seat = record.seat_for(logged.user_id, match.acting())
            if seat is None:
                raise NotReplayable(f"move {logged.seq} was played by nobody at the table")
            return (seat,), list(match.play(seat, text))
        except GameError as error:
            raise NotReplayable(f"move {logged.seq} ({text}) no longer plays: {error}") from error


def _timeout(match: Match, text: str) -> tuple[tuple[int, ...], list[Event]]:
    """A timeout's line: each seat it names played the move the rules made for it."""
    seats: list[int] = []
    events: list[Event] = []
    for word in text.split()[1:]:
        seat, _, move = word.removeprefix("@").partition(":")
        if not seat.isdigit() or not move:
            raise NotReplayable(f"a timeout's line names no seat's move: {word}")
        seats.append(int(seat))
        events += match.play(int(seat), move)
    return tuple(seats), events
