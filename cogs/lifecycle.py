"""What happens to games besides moves: resumed, abandoned, timed out, expired.

Closing a game early is a forfeit: whoever gave up (or stalled) loses, scored as the game says,
and where players were rated the rival who played on counts as the winner, so giving up never
protects a record. A person who holds several seats (a duel of two heroes each) gives up or
stalls for all of them.
"""

from __future__ import annotations

import logging

import discord

from bot.games.contract import Event
from bot.games.registry import GAMES
from bot.settings import shortest
from cogs import answers
from cogs.answers import refuse
from cogs.bots import play_bots, waiting_bots
from cogs.challenges import challenge_text
from cogs.commits import commit_move
from cogs.context import Desk, game_of, match_of, names_of
from cogs.loading import Unloadable, load_problem
from cogs.messages import table_message
from cogs.outcomes import ratings_for, result_rows
from cogs.pings import announce_turn, warn_turn, withdraw
from cogs.replies import idle_text, say
from cogs.table_layout import notice_view
from storage import GameRecord, GameStatus, IdleLimit, StaleVersion

log = logging.getLogger(__name__)

TIMEOUTS_BEFORE_EXPIRY = 3
"""The table's answers in a row, with no player moving, that end a game."""
TIMEOUT_USER = 0
"""Whose name the action log gives to moves the table made for players who timed out; the line
reads `timeout @<seat>:<text> ...`, each move in its text form."""
BOTS_OWE_AFTER_SECONDS = 5
"""A table quiet this long while waiting on a bot seat lost its bots' answers to a stop."""
LEAVE_ACTION = "leave"
"""How the action log records a player leaving a game that goes on without them."""
LOBBY_EXPIRED = "⌛ This table closed before anyone started it. Open a new one with `/{game} new`."


def _answered_seats(line: str) -> set[int]:
    """The seats a timeout line of the action log answered for (`timeout @<seat>:<text> ...`)."""
    return {
        int(word[1:].split(":", 1)[0])
        for word in line.split()[1:]
        if word.startswith("@") and word[1:].split(":", 1)[0].isdigit()
    }


def _seats_of_person(record: GameRecord, seat: int | None) -> set[int]:
    """Every seat held by the person at `seat` (one person may run several heroes)."""
    owner = next((p.user_id for p in record.players if p.seat == seat), None)
    return {p.seat for p in record.players if p.user_id == owner}


def _moderates(user: discord.User | discord.Member) -> bool:
    """Whether the user may end or repost any game of the server (Manage Server)."""
    return isinstance(user, discord.Member) and user.guild_permissions.manage_guild


def timed_games() -> list[str]:
    """The registered games that declare a turn timer."""
    return [key for key, game in GAMES.items() if game.info.turn_timer]


class Lifecycle:
    def __init__(self, desk: Desk) -> None:
        self.desk = desk
        self._reported: set[int] = set()
        """Games that cannot be loaded, already logged by this process."""

    # ---- resume and abandon -------------------------------------------------------------------

    async def resume(self, interaction: discord.Interaction) -> None:
        found = await self.desk.store.active_game_in_channel(interaction.channel_id or 0)
        if found is None:
            await refuse(interaction, say("no_game_here"))
            return
        if found.seat_of(interaction.user.id) is None and not _moderates(interaction.user):
            await refuse(interaction, say("not_allowed_resume"))
            return
        problem = load_problem(found)
        if problem is not None:
            self.report_unloadable(found.id, problem)
            await refuse(interaction, say("unloadable"))
            return
        async with self.desk.lock(found.id):
            record = await self.desk.store.get_game(found.id) or found
            record = await self.expire_if_idle(record)
            if record.status != GameStatus.ACTIVE:
                idle = idle_text(self.desk.settings_of(record).game_expiry_minutes)
                await refuse(interaction, say("expired", game=record.game, idle=idle))
                return
            old_message = record.message_id
            sent = await answers.send(interaction, **await table_message(record, match_of(record)))
            if sent is not None:
                await self.desk.store.set_message(record.id, record.channel_id, sent)
        if old_message is not None:
            await self.desk.edit_message(
                record.channel_id,
                old_message,
                content=None,
                view=notice_view(say("resumed", id=record.id)),
                embed=None,
                attachments=[],
            )

    async def abandon(self, interaction: discord.Interaction) -> None:
        record = await self.desk.store.active_game_in_channel(interaction.channel_id or 0)
        if record is None:
            await refuse(interaction, say("no_game_here"))
            return
        member = interaction.user
        is_moderator = _moderates(member)
        seat = record.seat_of(member.id)
        if seat is None and not is_moderator:
            await refuse(interaction, say("not_allowed_abandon"))
            return
        if load_problem(record) is not None:
            await self._abandon_unloadable(interaction, record)
            return
        if seat is not None and not match_of(record).still_playing(seat):
            if not is_moderator:
                await refuse(interaction, say("out_cannot_abandon"))
                return
            seat = None  # a moderator who is out of the game ends it as a moderator
        if seat is not None and self._may_leave(record, seat):
            await self._leave(interaction, record, seat)
            return
        async with self.desk.lock(record.id):
            record = await self.desk.store.get_game(record.id) or record
            try:
                record = await self._close(record, GameStatus.ABANDONED, seat)
            except StaleVersion:  # it ended meanwhile: finished by its last move, or expired
                await refuse(interaction, say("no_game_here"))
                return
        notice = say("abandoned_notice", who=member.display_name)
        await answers.send(interaction, content=f"{notice} (game #{record.id})")
        await self._show_closed(record, notice)

    @staticmethod
    def _may_leave(record: GameRecord, seat: int) -> bool:
        """A player may leave a game that goes on without them: one whose rules allow it, where
        another person still plays (a table of bots alone is closed instead)."""
        if not game_of(record).info.seats_may_leave:
            return False
        match = match_of(record)
        others = [p for p in record.players if p.seat != seat and not p.is_bot]
        return any(match.still_playing(p.seat) for p in others)

    async def _leave(self, interaction: discord.Interaction, record: GameRecord, seat: int) -> None:
        """The seat leaves: the game records it as the rules say, and goes on."""
        who = interaction.user.display_name
        async with self.desk.lock(record.id):
            record = await self.desk.store.get_game(record.id) or record
            match = match_of(record)
            before = match.before_move()
            waiting_before = set(match.acting())
            events = match.leave(seat)
            told = [say("left_notice", who=who)]
            lines = told + match.narrate(events, before, names_of(record))
            try:
                record = await commit_move(
                    self.desk,
                    record,
                    match,
                    user_id=interaction.user.id,
                    action=LEAVE_ACTION,
                    lines=lines,
                )
            except StaleVersion:
                await refuse(interaction, say("stale"))
                return
            record = await play_bots(self.desk, record, match)
        await answers.send(interaction, content=f"{told[0]} (game #{record.id})")
        if record.message_id is not None:
            await self.desk.edit_message(
                record.channel_id, record.message_id, **await table_message(record, match)
            )
        await announce_turn(self.desk, record, match, waiting_before, interaction.user.id)

    # ---- the clock ----------------------------------------------------------------------------

    async def sweep(self) -> None:
        """What the clock does to games: turns that time out, games and invitations that expire.

        Each stage runs whatever the others did: a failure is logged, and the next pass tries
        again, so no one broken game stops the clock for every other. Only the games of this
        process's shards are swept; the processes that run the other shards sweep theirs."""
        for stage in (
            self.wake_bots,
            self.warn_slow_turns,
            self.time_out_turns,
            self.expire_idle,
            self.expire_pending,
        ):
            try:
                await stage()
            except Exception:
                log.exception("the sweep's %s failed; it runs again next pass", stage.__name__)

    async def wake_bots(self) -> int:
        """Play the moves bot seats still owe: a process stopped between a person's move and
        the bots' answers (a restart, a crash) leaves a table waiting on its bots."""
        games = [key for key, game in GAMES.items() if game.info.bot_players]
        if not games:
            return 0
        quiet = await self.desk.store.inactive_games(
            self.desk.clock() - BOTS_OWE_AFTER_SECONDS, GameStatus.ACTIVE, games
        )
        woken = 0
        for found in self._owned(quiet):
            try:
                async with self.desk.lock(found.id):
                    record = await self.desk.store.get_game(found.id)
                    if record is None or record.status != GameStatus.ACTIVE:
                        continue
                    match = match_of(record)
                    if not waiting_bots(record, match):
                        continue
                    record = await play_bots(self.desk, record, match)
                if record.message_id is not None:
                    fields = await table_message(record, match)
                    await self.desk.edit_message(record.channel_id, record.message_id, **fields)
                await announce_turn(self.desk, record, match, set())
                woken += 1
            except Unloadable as error:  # it closes when it expires; said once
                self.report_unloadable(error.game_id, error.reason)
                continue
            except Exception:  # one game that fails must not keep the others waiting
                log.exception("could not play the bots' moves in game %s", found.id)
        return woken

    def _owned(self, records: list[GameRecord]) -> list[GameRecord]:
        """The games of this process's shards: each game's clock runs in one process only."""
        return [record for record in records if self.desk.owns(record.guild_id)]

    def _limit(self, name: str, unit: float = 1) -> tuple[float, IdleLimit]:
        """The moment before which a game may be idle past its own `name` (the least it can
        be, the index's range), and the limit that reads each game's own."""
        now, defaults = self.desk.clock(), self.desk.defaults
        default = getattr(defaults, name) * unit
        limit = IdleLimit(now=now, key=name, unit=unit, default=default)
        return now - shortest(name, defaults) * unit, limit

    async def expire_idle(self) -> int:
        """Close every game idle past its expiry time, and say so on its message."""
        since, limit = self._limit("game_expiry_minutes", 60)
        records = self._owned(await self.desk.store.inactive_games(since, limit=limit))
        for record in records:
            try:
                async with self.desk.lock(record.id):
                    current = await self.desk.store.get_game(record.id)
                    if current is not None:
                        await self.expire_if_idle(current)
            except Exception:  # one game that fails must not stop the others expiring
                log.exception("could not expire game %s", record.id)
        return len(records)

    async def expire_if_idle(
        self, record: GameRecord, force: bool = False, culprits: set[int] | None = None
    ) -> GameRecord:
        """Close a game idle past the expiry time (or at once, when forced). The person who
        kept it waiting loses it: the one the table waits on, or the one behind `culprits`
        (the seats the table last answered for); when that is several people, everyone does."""
        minutes = self.desk.settings_of(record).game_expiry_minutes
        if record.status != GameStatus.ACTIVE:
            return record
        if not force and record.updated_at > self.desk.clock() - minutes * 60:
            return record
        if load_problem(record) is not None:
            notice = say("expired_notice", idle=idle_text(minutes))
            return await self._close_unloadable(record, GameStatus.EXPIRED, notice)
        stalled = sorted(culprits if culprits is not None else match_of(record).acting())
        alone = len({record.players[seat].user_id for seat in stalled}) == 1
        try:
            record = await self._close(record, GameStatus.EXPIRED, stalled[0] if alone else None)
        except StaleVersion:
            return await self.desk.store.get_game(record.id) or record
        await self._show_closed(record, say("expired_notice", idle=idle_text(minutes)))
        return record

    async def expire_pending(self) -> int:
        """Close challenges nobody answered in time, and lobbies nobody started, saying so."""
        desk, store = self.desk, self.desk.store
        now = desk.clock()
        since = now - shortest("challenge_expiry_minutes", desk.defaults) * 60
        pending = self._owned(await store.inactive_games(since, GameStatus.PENDING))
        closed = 0
        for record in pending:
            try:
                info = game_of(record).info
                lobby = info.lobby is not None and not info.is_challenge(record.variant)
                settings = desk.settings_of(record)
                # a lobby waits as long as a game does
                minutes = (
                    settings.game_expiry_minutes if lobby else settings.challenge_expiry_minutes
                )
                if record.updated_at > now - minutes * 60:
                    continue
                async with desk.lock(record.id):
                    record = await store.close_game(
                        record.id, record.version, GameStatus.EXPIRED, was=GameStatus.PENDING
                    )
                text = (
                    LOBBY_EXPIRED.format(game=record.game)
                    if lobby
                    else challenge_text("expired", record, settings.challenge_expiry_minutes)
                )
                if record.message_id is not None:
                    await desk.edit_message(
                        record.channel_id, record.message_id, content=text, embed=None, view=None
                    )
                closed += 1
            except StaleVersion:
                continue
            except Exception:  # one bad record must not stop the sweep for every game
                log.exception("could not expire pending game %s", record.id)
        return closed

    async def warn_slow_turns(self) -> int:
        """Warn the players a timed table waits on, at the last sweep before it moves for
        them (a warning per move: a table that waits on the same move is not warned twice)."""
        sweep_seconds = self.desk.timings.sweep_seconds
        timed = timed_games()
        if not timed:
            return 0
        now = self.desk.clock()
        # A game is warned at most half its timer early: none is idle for less before then.
        since, half = self._limit("turn_seconds", 0.5)
        soon = self._owned(
            await self.desk.store.inactive_games(since, GameStatus.ACTIVE, timed, half)
        )
        warned = 0
        for record in soon:
            turn_seconds = self.desk.settings_of(record).turn_seconds
            lead = min(sweep_seconds, turn_seconds // 2)
            if record.updated_at > now - (turn_seconds - lead):
                continue  # not yet: a later sweep is the last before its time is up
            if record.updated_at <= now - turn_seconds:
                continue  # its time is up already: this sweep moves for it
            if self.desk.turn_warnings.get(record.id) == record.version:
                continue
            try:
                left = turn_seconds - (now - record.updated_at)
                await warn_turn(self.desk, record, match_of(record), left)
            except Unloadable as error:  # it closes when it expires; said once
                self.report_unloadable(error.game_id, error.reason)
                continue
            except Exception:  # one game that fails must not keep the others unwarned
                log.exception("could not warn the players of game %s", record.id)
                continue
            self.desk.turn_warnings[record.id] = record.version
            warned += 1
        return warned

    async def time_out_turns(self) -> int:
        """Answer for players who keep a timed table waiting, as each game's rules say."""
        timed = timed_games()
        if not timed:
            return 0
        since, limit = self._limit("turn_seconds")
        stalled = self._owned(
            await self.desk.store.inactive_games(since, GameStatus.ACTIVE, timed, limit)
        )
        count = 0
        for found in stalled:
            try:
                async with self.desk.lock(found.id):
                    record = await self.desk.store.get_game(found.id)
                    if record is None or record.status != GameStatus.ACTIVE:
                        continue
                    seconds = self.desk.settings_of(record).turn_seconds
                    if record.updated_at > self.desk.clock() - seconds:
                        continue
                    answered = await self._abandoned_by_all(record)
                    if answered:
                        await self.expire_if_idle(record, force=True, culprits=answered)
                        continue
                    count += await self._time_out(record)
            except StaleVersion:  # a player moved meanwhile: nothing to answer for
                continue
            except Unloadable as error:  # it closes when it expires; said once
                self.report_unloadable(error.game_id, error.reason)
                continue
            except Exception:  # one game that fails must not stop the others' clocks
                log.exception("could not time out game %s", found.id)
        return count

    async def _abandoned_by_all(self, record: GameRecord) -> set[int]:
        """The table has answered for its players several times running and nobody came back:
        they have left, so the game expires rather than playing itself to the end. The seats
        it answered for in that run (none when nobody has left)."""
        actions = await self.desk.store.actions(record.id)
        answered = 0
        seats: set[int] = set()
        for action in reversed(actions):
            if action.user_id < 0:
                continue  # a bot seat's move: the people are still away
            if action.user_id != TIMEOUT_USER:
                break
            answered += 1
            seats |= _answered_seats(action.action)
        if answered < TIMEOUTS_BEFORE_EXPIRY:
            return set()
        return seats or {p.seat for p in record.players}  # a line naming no seat: everyone's

    async def _time_out(self, record: GameRecord) -> int:
        match = match_of(record)
        before = match.before_move()
        late = match.acting()
        events: list[Event] = []
        played: list[str] = []
        for seat in late:
            if seat in match.acting() and not match.is_over:
                text, told = match.time_out(seat)
                events += told
                played.append(f"@{seat}:{text}")
        names = names_of(record)
        told = [say("timed_out", who=", ".join(names[s] for s in late))]
        record = await commit_move(
            self.desk,
            record,
            match,
            user_id=TIMEOUT_USER,
            action=" ".join(["timeout", *played]),
            lines=told + match.narrate(events, before, names),
        )
        record = await play_bots(self.desk, record, match)
        if record.message_id is not None:
            await self.desk.edit_message(
                record.channel_id, record.message_id, **await table_message(record, match)
            )
        await announce_turn(self.desk, record, match, set())  # everyone awaited, anew
        return len(late)

    # ---- closing early -------------------------------------------------------------------------

    async def _close(
        self, record: GameRecord, status: GameStatus, culprit: int | None
    ) -> GameRecord:
        """Close a game early: whoever gave up (or stalled) loses, scored as a forfeit now,
        with every seat that person holds.

        With no culprit (a moderator ended it, or a table waited on several people) everyone
        still playing loses.
        """
        match = match_of(record)
        seats = {p.seat for p in record.players}
        forfeiters = _seats_of_person(record, culprit) if culprit in seats else seats
        rows = result_rows(record, match, status.value, forfeiters)
        change = ratings_for(record, rows, rival_won=True) if len(forfeiters) < len(seats) else None
        return await self.desk.store.close_game(record.id, record.version, status, rows, change)

    async def _abandon_unloadable(
        self, interaction: discord.Interaction, record: GameRecord
    ) -> None:
        """A game that cannot be read is ended like any other, with no result to record."""
        notice = say("abandoned_notice", who=interaction.user.display_name)
        async with self.desk.lock(record.id):
            record = await self.desk.store.get_game(record.id) or record
            if record.status != GameStatus.ACTIVE:
                await refuse(interaction, say("no_game_here"))
                return
            try:
                record = await self._close_unloadable(record, GameStatus.ABANDONED, notice)
            except StaleVersion:
                await refuse(interaction, say("no_game_here"))
                return
        await answers.send(interaction, content=f"{notice} (game #{record.id})")

    async def _close_unloadable(
        self, record: GameRecord, status: GameStatus, notice: str
    ) -> GameRecord:
        """Close a game that cannot be read: no result (there is nothing to score), the
        channel freed, the row kept as it is for an operator (`python -m bot doctor`), and
        its message told in words, since its table cannot be drawn."""
        problem = load_problem(record) or "it does not load"
        closed = await self.desk.store.close_game(record.id, record.version, status)
        level = logging.INFO if record.id in self._reported else logging.WARNING
        self._reported.add(record.id)  # a warning once per game: when first met, or now
        log.log(
            level,
            "game %s (%s) cannot be loaded: %s; closed as %s with no result, its row kept",
            record.id,
            record.game,
            problem,
            status.value,
        )
        await withdraw(self.desk, record.id)
        if closed.message_id is not None:
            text = f"{notice}\n{say('unloadable_closed', id=record.id)}"
            await self.desk.edit_message(
                closed.channel_id,
                closed.message_id,
                content=None,
                embed=None,
                attachments=[],
                view=notice_view(text),
            )
        return closed

    def report_unloadable(self, game_id: int, problem: str) -> None:
        """Log a game that cannot be read, once per process: the clock meets it every pass
        until it expires, and the operator needs its id, not a line a minute."""
        if game_id in self._reported:
            return
        self._reported.add(game_id)
        log.warning("game %s cannot be loaded: %s; it closes when it expires", game_id, problem)

    async def _show_closed(self, record: GameRecord, notice: str) -> None:
        await withdraw(self.desk, record.id)  # nobody's turn any more
        if record.message_id is None:
            return
        fields = await table_message(record, match_of(record), notice)
        await self.desk.edit_message(record.channel_id, record.message_id, **fields)
