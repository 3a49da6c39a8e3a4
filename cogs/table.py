"""The table: starts games, takes clicks, and keeps each game's message true to its stored state.

One click: parse -> may this user act? -> load -> version matches? -> engine apply -> commit
(state, version + 1, action log) in one transaction -> edit the game message in place. Every
refusal is an ephemeral sentence and changes nothing.
"""

from __future__ import annotations

import asyncio
import json
import logging
import weakref
from collections.abc import Callable
from typing import Any

import discord

from bot.games.engine import GameError, GameOver, NotYourTurn, Outcome
from bot.games.registry import GAMES
from bot.ratings import Skill, rate
from cogs.buttons import build_view
from cogs.challenges import CHALLENGE_ANSWERS, ChallengeDesk
from cogs.custom_ids import CustomId
from cogs.daily import SHARE, DailyDesk
from cogs.deuces_ui import HAND, DeucesUI
from cogs.embeds import game_embed
from cogs.game_ui import ButtonSpec, GameUI
from cogs.lobby import KLASS, LOBBY_ACTIONS, Lobby, LobbyDesk
from cogs.uis import GAME_UIS, narrate_any
from storage import (
    ChannelBusy,
    GameRecord,
    GameStatus,
    GameStore,
    PlayerSeat,
    StaleVersion,
)
from storage.boards import Rating, RatingChange

log = logging.getLogger(__name__)

PLAY_AGAIN = "again"
THREAD_ARCHIVE_MINUTES = 1440
NARRATION_LINES = 6  # the Dealer's last lines, shown above the table
TIMEOUTS_BEFORE_EXPIRY = 3  # the GM's answers in a row, with no player moving, end a game

SAY = {
    "unknown_game": "This game no longer exists, so its buttons do nothing."
    " `/help` lists the games.",
    "not_player": "This is {owner}'s game, so its buttons are theirs."
    " Start your own with `/{game} new`.",
    "stale": "That button is out of date: the game has moved on since."
    " Use the buttons as they are now.",
    "finished": "This game is over. Press **New game** or use `/{game} new` to play again.",
    "abandoned": "This game was abandoned. Start a new one with `/{game} new`.",
    "expired": "This game expired after {idle} without a move. Start a new one with `/{game} new`.",
    "pending": "This duel hasn't started: the challenge is waiting for an answer.",
    "declined": "This challenge was declined. Start another with `/{game} challenge`.",
    "illegal": "You can't do that now: {reason}.",
    "lobby_gone": "This lobby has started or closed. Use the game's own message.",
    "no_hand": "There is no hand to show: the game is not running.",
    "stale_hand": "The table has moved on since this hand was shown: here it is as it is now.",
    "timed_out": "⏳ Time ran out for {who}: the GM answered for them.",
    "out": "Your party has fallen: you're out of this game. Watch the other player finish!",
    "out_cannot_abandon": "Your party has fallen, but the other player is still in the"
    " dungeon: let them finish.",
    "not_your_turn": "It's not your turn yet.",
    "no_game_here": "There is no game running in this channel. Start one with `/scoundrel new`"
    " (`/help` lists every game).",
    "not_allowed_abandon": "Only the game's players or a member with Manage Server can abandon it.",
    "guild_only": "Games are played in server channels, not in direct messages.",
    "no_thread": "A game is already running here and I can't open a thread for yours. Finish it, or"
    " ask a moderator to let me create public threads.",
    "in_thread": "A game is already running in this channel, so yours is in {thread}.",
    "resumed": "Game #{id} moved to a new message below.",
    "unknown_button": "That button isn't one of mine any more."
    " Use `/game resume` to get fresh buttons.",
}

NOTICES = {
    GameStatus.ABANDONED: "🏳️ Abandoned by {who}.",
    GameStatus.EXPIRED: "⌛ Expired after {idle} without a move.",
}


def say(key: str, **values: Any) -> str:
    return SAY[key].format(**values)


def idle_text(minutes: int) -> str:
    return f"{minutes // 60} h" if minutes % 60 == 0 else f"{minutes} min"


class GameTable:
    def __init__(
        self,
        client: discord.Client,
        store: GameStore,
        expiry_minutes: int,
        clock: Callable[[], float],
        seeds: Callable[[], int],
        challenge_minutes: int = 10,
        turn_seconds: int = 120,
    ) -> None:
        self.client = client
        self.seeds = seeds
        self.challenges = ChallengeDesk(self, challenge_minutes)
        self.lobby = LobbyDesk(self)
        self.turn_seconds = turn_seconds
        self.daily = DailyDesk(self)
        self.store = store
        self.expiry_minutes = expiry_minutes
        self.clock = clock
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    # ---- rendering ---------------------------------------------------------------------------

    def message(self, record: GameRecord, state: Any, notice: str = "") -> dict[str, Any]:
        """The game message's embed and buttons for a record, whatever its status."""
        ui = GAME_UIS[record.game]
        names = [p.display_name for p in record.players]
        view = ui.view(record, state, json.loads(record.narration))
        colour = "active"
        if record.status == GameStatus.FINISHED:
            colour = getattr(state, "outcome", None) or "closed"
        elif record.status != GameStatus.ACTIVE:
            colour = "closed"
        embed = game_embed(view, game_id=record.id, player=names[0], colour=colour, notice=notice)
        return {
            "embed": embed,
            "view": build_view(record.id, record.version, self._buttons(record, state)),
        }

    def _buttons(self, record: GameRecord, state: Any) -> list[ButtonSpec]:
        if record.status == GameStatus.ACTIVE:
            return GAME_UIS[record.game].buttons(record, state)
        if record.status == GameStatus.FINISHED and record.daily:
            return [ButtonSpec(label="Share my result", action=SHARE, style="success")]
        if record.status == GameStatus.FINISHED:
            variant = self._again_variant(record)
            label = "New game" if variant == record.variant else f"New {variant} game"
            return [ButtonSpec(label=label, action=PLAY_AGAIN, arg=variant, style="success")]
        return []

    @staticmethod
    def _again_variant(record: GameRecord) -> str | None:
        """The same game again, alone: a duel's rematch needs a challenge, not a button."""
        entry = GAMES[record.game]
        return record.variant if entry.seats_for(record.variant) == 1 else entry.default_variant

    @staticmethod
    def title_of(record: GameRecord) -> str:
        return GAMES[record.game].title

    def stored(self, record: GameRecord) -> Any:
        return GAMES[record.game].load(record.state)

    # ---- starting ----------------------------------------------------------------------------

    def deal(
        self,
        interaction: discord.Interaction,
        game: str,
        variant: str | None,
        seed: int,
        daily: str | None = None,
    ) -> tuple[dict[str, Any], Any]:
        """A new game's row and state; a ValueError (an unknown variant) is said to the user."""
        entry = GAMES[game]
        state, events = entry.new_game(seed, variant)
        player = PlayerSeat(
            seat=0, user_id=interaction.user.id, display_name=interaction.user.display_name
        )
        new = {
            "game": game,
            "variant": variant or entry.default_variant,
            "guild_id": interaction.guild_id,
            "owner_id": player.user_id,
            "players": [player],
            "seed": seed,
            "daily": daily,
            "state": state.model_dump_json(),
            "narration": json.dumps(narrate_any(game, seed, state, events, [player.display_name])),
        }
        return new, state

    async def start(self, interaction: discord.Interaction, game: str, variant: str | None) -> None:
        if interaction.guild is None or interaction.channel is None:
            await self.refuse(interaction, say("guild_only"))
            return
        try:
            new, state = self.deal(interaction, game, variant, self.seeds())
        except ValueError as error:
            await self.refuse(interaction, str(error))
            return
        channel = interaction.channel
        try:
            record = await self.store.create_game(channel_id=channel.id, **new)
        except ChannelBusy:
            await self._start_in_thread(interaction, new, state)
            return
        sent = await interaction.response.send_message(**self.message(record, state))
        await self.store.set_message(record.id, channel.id, sent.message_id)

    async def _start_in_thread(
        self, interaction: discord.Interaction, new: dict[str, Any], state: Any
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        title = GAMES[new["game"]].title
        thread = await self.open_thread(interaction, f"{interaction.user.display_name} · {title}")
        if thread is None:
            await interaction.followup.send(say("no_thread"), ephemeral=True)
            return
        record = await self.store.create_game(channel_id=thread.id, **new)
        await self.post_in(thread, record, state)
        await interaction.followup.send(say("in_thread", thread=thread.mention), ephemeral=True)

    async def open_thread(
        self, interaction: discord.Interaction, name: str
    ) -> discord.Thread | None:
        """A public thread off the interaction's channel, for a game that finds it busy."""
        channel = interaction.channel
        parent = channel.parent if isinstance(channel, discord.Thread) else channel
        if not isinstance(parent, discord.TextChannel):
            return None
        try:
            return await parent.create_thread(
                name=name[:100],
                type=discord.ChannelType.public_thread,
                auto_archive_duration=THREAD_ARCHIVE_MINUTES,
            )
        except discord.HTTPException as error:
            log.info("could not open a thread in %s: %s", parent.id, error)
            return None

    async def activate(
        self,
        interaction: discord.Interaction,
        record: GameRecord,
        thread_name: str,
        texts: tuple[str | None, str],
        state: Any = None,
        narration: str | None = None,
    ) -> None:
        """A pending game (a challenge, a lobby) starts: the clicked message becomes the game,
        or, when this channel already has one, the game opens in a new thread.

        `texts` is what the message says then: here (None for nothing) and with a `{thread}`.
        `state`, when given, is the game dealt at this moment.
        """
        dealt = state.model_dump_json() if state is not None else None
        here, elsewhere = texts
        try:
            record = await self.store.accept_challenge(
                record.id, record.version, interaction.channel_id, dealt, narration
            )
        except ChannelBusy:
            await interaction.response.defer()
            thread = await self.open_thread(interaction, thread_name)
            if thread is None:
                await interaction.followup.send(say("no_thread"), ephemeral=True)
                return
            record = await self.store.accept_challenge(
                record.id, record.version, thread.id, dealt, narration
            )
            await self.post_in(thread, record, self.stored(record))
            text = elsewhere.format(thread=thread.mention)
            await interaction.edit_original_response(content=text, embed=None, view=None)
            return
        await self.store.set_message(record.id, record.channel_id, interaction.message.id)
        fields = self.message(record, self.stored(record))
        await interaction.response.edit_message(content=here, **fields)

    async def post_in(
        self, channel: discord.abc.Messageable, record: GameRecord, state: Any
    ) -> None:
        """Post a game's message in a channel and remember it as the game's message."""
        sent = await channel.send(**self.message(record, state))
        await self.store.set_message(record.id, sent.channel.id, sent.id)

    # ---- clicks ------------------------------------------------------------------------------

    async def click(self, interaction: discord.Interaction, custom: CustomId) -> None:
        async with self.lock(custom.game_id):
            record = await self.store.get_game(custom.game_id)
            if record is None:
                await self.refuse(interaction, say("unknown_game"))
                await self._strip_buttons(interaction)
            elif custom.action == PLAY_AGAIN and record.game == "deuces":
                lobby = Lobby(level=self.stored(record).options.level, mode=record.variant)
                await self.lobby.open(interaction, lobby.level, lobby.mode)
            elif custom.action == PLAY_AGAIN:
                await self.start(interaction, record.game, self._again_variant(record))
            elif custom.action == SHARE:
                await self.daily.share(interaction, record)
            elif custom.action in CHALLENGE_ANSWERS:
                await self.challenges.answer(interaction, record, custom)
            elif custom.action in LOBBY_ACTIONS:
                await self._in_lobby(interaction, record, custom, self.lobby.press)
            elif custom.action == HAND:
                await self._show_hand(interaction, record, [], fresh=True)
            else:
                await self._play(interaction, record, custom)

    async def select(
        self, interaction: discord.Interaction, custom: CustomId, values: list[str]
    ) -> None:
        """A select menu: cards picked in a hand, or a class chosen in a lobby."""
        async with self.lock(custom.game_id):
            record = await self.store.get_game(custom.game_id)
            if record is None:
                await self.refuse(interaction, say("unknown_game"))
            elif custom.action == KLASS:
                await self._in_lobby(
                    interaction, record, custom, lambda i, r, _: self.lobby.choose(i, r, values)
                )
            else:
                state = self.stored(record)
                seat = record.seat_of(interaction.user.id)
                picked = [] if seat is None else DeucesUI.picked_cards(state, seat, values)
                await self._show_hand(interaction, record, picked, fresh=False)

    async def _in_lobby(self, interaction, record, custom, handle) -> None:
        # No version check: a lobby's handlers re-read seats and classes under the game's lock,
        # so a Join that raced another Join still counts.
        if record.status != GameStatus.PENDING:
            await self.refuse(interaction, say("lobby_gone"))
            return
        await handle(interaction, record, custom.action)

    async def _show_hand(
        self, interaction: discord.Interaction, record: GameRecord, picked: list, fresh: bool
    ) -> None:
        """A player's own cards, in a message only they see (new, or the same one updated)."""
        seat = record.seat_of(interaction.user.id)
        if seat is None:
            owner = record.players[0].display_name
            await self.refuse(interaction, say("not_player", owner=owner, game=record.game))
            return
        if record.status != GameStatus.ACTIVE:
            await self.refuse(interaction, say("no_hand"))
            return
        ui = GAME_UIS[record.game]
        hand = ui.hand_message(record, self.stored(record), seat, picked)
        if fresh:
            await interaction.response.send_message(ephemeral=True, **hand)
        else:
            await interaction.response.edit_message(**hand)

    async def _play(
        self, interaction: discord.Interaction, record: GameRecord, custom: CustomId
    ) -> None:
        record = await self.expire_if_idle(record)
        if record.status != GameStatus.ACTIVE:
            idle = idle_text(self.expiry_minutes)
            await self.refuse(interaction, say(record.status.value, game=record.game, idle=idle))
            return
        seat = record.seat_of(interaction.user.id)
        if seat is None:
            owner = record.players[0].display_name
            await self.refuse(interaction, say("not_player", owner=owner, game=record.game))
            return
        ui = GAME_UIS[record.game]
        if record.version != custom.version:
            await self._stale(interaction, record, ui, seat)
            return
        state = GAMES[record.game].load(record.state)
        before = state.model_copy(deep=True)
        try:
            action = ui.parse_action(custom.action, custom.arg)
            events = state.apply(seat, action)
        except NotYourTurn:
            await self.refuse(interaction, say("not_your_turn"))
            return
        except GameOver:
            await self.refuse(interaction, say("out"))
            return
        except (GameError, ValueError) as error:
            await self.refuse(interaction, say("illegal", reason=str(error).rstrip(".")))
            return
        names = [p.display_name for p in record.players]
        lines = json.loads(record.narration) + ui.narrate(record.seed, state, events, names, before)
        results = ui.results(record, state) if state.is_over else []
        by_seat = [(r.outcome == Outcome.WON, r.score) for r in results]
        try:
            record = await self.store.commit_action(
                record.id,
                record.version,
                user_id=interaction.user.id,
                action=action.model_dump_json(),
                state=state.model_dump_json(),
                narration=json.dumps(lines[-NARRATION_LINES:]),
                status=GameStatus.FINISHED if state.is_over else GameStatus.ACTIVE,
                results=results,
                ratings=self._rating_change(record, ui, by_seat) if results else None,
            )
        except StaleVersion:  # another process committed first: this one's view is old
            await self.refuse(interaction, say("stale"))
            return
        public = self.message(record, state)
        clicked = interaction.message.id if interaction.message else None
        if getattr(ui, "private_hands", False) and clicked != record.message_id:
            # Played from a hand: refresh that hand, then the table everyone sees.
            await interaction.response.edit_message(**ui.hand_message(record, state, seat, []))
            await self.edit_message(record.channel_id, record.message_id, **public)
            return
        await interaction.response.edit_message(**public)

    def narrate(
        self, record: GameRecord, state: Any, events: list, before: Any = None
    ) -> list[str]:
        names = [p.display_name for p in record.players]
        return GAME_UIS[record.game].narrate(record.seed, state, events, names, before)

    async def _stale(
        self, interaction: discord.Interaction, record: GameRecord, ui: GameUI, seat: int
    ) -> None:
        """A button from before the last move: say so, and bring what was clicked up to date."""
        clicked = interaction.message.id if interaction.message else None
        if getattr(ui, "private_hands", False) and clicked != record.message_id:
            hand = ui.hand_message(record, self.stored(record), seat, [])
            await interaction.response.edit_message(**hand)
            await interaction.followup.send(say("stale_hand"), ephemeral=True)
            return
        await self.refuse(interaction, say("stale"))
        await self._refresh(interaction, record)

    async def time_out_turns(self) -> int:
        """Answer for players who let a group game wait too long (defend for them, guard/skip)."""
        stalled = await self.store.inactive_games(self.clock() - self.turn_seconds)
        count = 0
        for found in stalled:
            if not getattr(GAME_UIS[found.game], "private_hands", False):
                continue
            async with self.lock(found.id):
                record = await self.store.get_game(found.id)
                if record is None or record.status != GameStatus.ACTIVE:
                    continue
                if record.updated_at > self.clock() - self.turn_seconds:
                    continue
                if await self._abandoned_by_all(record):
                    await self.expire_if_idle(record, force=True)
                    continue
                count += await self._time_out(record)
        return count

    async def _abandoned_by_all(self, record: GameRecord) -> bool:
        """The GM has answered for the table several times running and nobody came back:
        the party has left, so the game expires rather than playing itself to the end."""
        actions = await self.store.actions(record.id)
        answered = 0
        for action in reversed(actions):
            if action.user_id != 0:
                break
            answered += 1
        return answered >= TIMEOUTS_BEFORE_EXPIRY

    async def _time_out(self, record: GameRecord) -> int:
        state = self.stored(record)
        before = state.model_copy(deep=True)
        events, late = [], list(state.waiting_for)
        for seat in late:
            if seat in state.waiting_for and not state.is_over:
                events += state.time_out(seat)
        names = [p.display_name for p in record.players]
        told = [say("timed_out", who=", ".join(names[s] for s in late))]
        lines = json.loads(record.narration) + told + self.narrate(record, state, events, before)
        ui = GAME_UIS[record.game]
        results = ui.results(record, state) if state.is_over else []
        record = await self.store.commit_action(
            record.id,
            record.version,
            user_id=0,
            action=json.dumps({"timeout": late}),
            state=state.model_dump_json(),
            narration=json.dumps(lines[-NARRATION_LINES:]),
            status=GameStatus.FINISHED if state.is_over else GameStatus.ACTIVE,
            results=results,
        )
        if record.message_id is not None:
            await self.edit_message(
                record.channel_id, record.message_id, **self.message(record, state)
            )
        return len(late)

    async def _refresh(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """Bring a game message that shows old buttons up to date (its last edit was lost)."""
        if interaction.message is not None and interaction.message.id == record.message_id:
            fields = self.message(record, self.stored(record))
            await self.edit_message(record.channel_id, interaction.message.id, **fields)

    def _rating_change(
        self, record: GameRecord, ui: GameUI, results: list[tuple[bool, int]]
    ) -> RatingChange | None:
        """How a head-to-head game moves its players' ratings, from (won, score) by seat."""
        if ui.rating_pool is None or len(record.players) < 2:
            return None
        pool = ui.rating_pool

        def rate_now(before: list[Rating | None]) -> list[Rating]:
            skills = [Skill(mu=r.mu, sigma=r.sigma) if r else Skill() for r in before]
            return [
                Rating(
                    game=pool,
                    user_id=player.user_id,
                    display_name=player.display_name,
                    mu=skill.mu,
                    sigma=skill.sigma,
                    ordinal=skill.ordinal,
                    games=(old.games if old else 0) + 1,
                )
                for player, skill, old in zip(
                    record.players, rate(skills, results), before, strict=True
                )
            ]

        return RatingChange(pool=pool, user_ids=[p.user_id for p in record.players], rate=rate_now)

    # ---- resume, abandon, expiry ---------------------------------------------------------------

    async def resume(self, interaction: discord.Interaction) -> None:
        found = await self.store.active_game_in_channel(interaction.channel_id or 0)
        if found is None:
            await self.refuse(interaction, say("no_game_here"))
            return
        async with self.lock(found.id):
            await self._resume(interaction, found.id)

    async def _resume(self, interaction: discord.Interaction, game_id: int) -> None:
        record = await self.store.get_game(game_id)
        assert record is not None
        record = await self.expire_if_idle(record)
        if record.status != GameStatus.ACTIVE:
            await self.refuse(
                interaction, say("expired", game=record.game, idle=idle_text(self.expiry_minutes))
            )
            return
        old_message = record.message_id
        sent = await interaction.response.send_message(**self.message(record, self.stored(record)))
        await self.store.set_message(record.id, record.channel_id, sent.message_id)
        if old_message is not None:
            await self.edit_message(
                record.channel_id,
                old_message,
                content=say("resumed", id=record.id),
                view=None,
                embed=None,
            )

    async def abandon(self, interaction: discord.Interaction) -> None:
        record = await self.store.active_game_in_channel(interaction.channel_id or 0)
        if record is None:
            await self.refuse(interaction, say("no_game_here"))
            return
        member = interaction.user
        is_moderator = isinstance(member, discord.Member) and member.guild_permissions.manage_guild
        seat = record.seat_of(member.id)
        if seat is None and not is_moderator:
            await self.refuse(interaction, say("not_allowed_abandon"))
            return
        if seat is not None and not GAME_UIS[record.game].still_playing(self.stored(record), seat):
            await self.refuse(interaction, say("out_cannot_abandon"))
            return
        async with self.lock(record.id):
            record = await self.store.get_game(record.id) or record
            try:
                record = await self._close(record, GameStatus.ABANDONED, record.seat_of(member.id))
            except StaleVersion:  # it ended meanwhile: finished by its last move, or expired
                await self.refuse(interaction, say("no_game_here"))
                return
        notice = NOTICES[GameStatus.ABANDONED].format(who=member.display_name)
        await interaction.response.send_message(f"{notice} (game #{record.id})")
        await self._show_closed(record, notice)

    async def expire_idle(self) -> int:
        """Close every game idle past the expiry time, and say so on its message."""
        records = await self.store.inactive_games(self.clock() - self.expiry_minutes * 60)
        for record in records:
            try:
                async with self.lock(record.id):
                    current = await self.store.get_game(record.id)
                    if current is not None:
                        await self.expire_if_idle(current)
            except Exception:  # one game that fails must not stop the others expiring
                log.exception("could not expire game %s", record.id)
        return len(records) + await self.challenges.expire_unanswered()

    async def sweep(self) -> None:
        """What the clock does to games: turns that time out, games and challenges that expire."""
        await self.time_out_turns()
        await self.expire_idle()

    async def expire_if_idle(self, record: GameRecord, force: bool = False) -> GameRecord:
        if record.status != GameStatus.ACTIVE:
            return record
        if not force and record.updated_at > self.clock() - self.expiry_minutes * 60:
            return record
        try:
            record = await self._close(record, GameStatus.EXPIRED, self.stored(record).to_move)
        except StaleVersion:
            return await self.store.get_game(record.id) or record
        notice = NOTICES[GameStatus.EXPIRED].format(idle=idle_text(self.expiry_minutes))
        await self._show_closed(record, notice)
        return record

    async def _close(
        self, record: GameRecord, status: GameStatus, culprit: int | None
    ) -> GameRecord:
        """Close a game early: whoever gave up (or stalled) loses, scored as a death now.

        With no culprit (a moderator ended it) everyone still playing loses. In a duel the
        forfeit also moves the ratings, as a loss to the rival, so giving up protects nothing.
        """
        ui, state = GAME_UIS[record.game], self.stored(record)
        seats = {p.seat for p in record.players}
        forfeiters = {culprit} if culprit in seats else seats
        results = {r.user_id: r for r in ui.forfeits(record, state, status.value, forfeiters)}
        change = None
        if len(forfeiters) < len(seats):  # a rival who played on counts as the winner
            by_seat = [
                (results[p.user_id].outcome == Outcome.WON, results[p.user_id].score)
                if p.user_id in results
                else (True, 0)
                for p in record.players
            ]
            change = self._rating_change(record, ui, by_seat)
        return await self.store.close_game(
            record.id, record.version, status, list(results.values()), change
        )

    async def _show_closed(self, record: GameRecord, notice: str) -> None:
        if record.message_id is None:
            return
        fields = self.message(record, self.stored(record), notice)
        await self.edit_message(record.channel_id, record.message_id, **fields)

    # ---- Discord helpers -----------------------------------------------------------------------

    async def edit_message(self, channel_id: int, message_id: int, **fields: Any) -> None:
        """Edit an earlier message; one that is gone or out of reach is not an error."""
        message = self.client.get_partial_messageable(channel_id).get_partial_message(message_id)
        try:
            await message.edit(**fields)
        except discord.HTTPException as error:
            log.info("could not edit message %s in %s: %s", message_id, channel_id, error)

    async def _strip_buttons(self, interaction: discord.Interaction) -> None:
        """Take the buttons off a message whose game is gone, unless a live game owns it."""
        message = interaction.message
        if message is None:
            return
        live = await self.store.active_game_in_channel(message.channel.id)
        if live is None or live.message_id != message.id:
            await self.edit_message(message.channel.id, message.id, view=None)

    @staticmethod
    async def refuse(interaction: discord.Interaction, text: str) -> None:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
