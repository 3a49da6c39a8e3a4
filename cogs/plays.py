"""A click that plays a move, and the private hands moves are played from.

One click: may this user act? -> version matches? -> engine applies the action its button names
-> commit (state, version + 1, action log, results, ratings) in one transaction -> edit the
message in place. Every refusal is an ephemeral sentence and changes nothing.
"""

from __future__ import annotations

from collections import OrderedDict

import discord

from bot.games.contract import GameError, GameOver, NotYourTurn
from cogs import answers
from cogs.answers import refuse
from cogs.bots import play_bots
from cogs.commits import commit_move
from cogs.context import Desk, game_of, match_of, names_of
from cogs.insight import InsightDesk
from cogs.lifecycle import TIMEOUT_USER, Lifecycle
from cogs.messages import hand_message, table_message
from cogs.pings import announce_turn
from cogs.replies import idle_text, say
from storage import GameRecord, GameStatus, StaleVersion

REFRESHES_KEPT = 1024


def owners(record: GameRecord) -> str:
    """Whose game it is, as a stranger is told: every person at it, once each (a duel's two
    players hold two heroes each), in seat order; the bot seats are not people."""
    people = list(
        dict.fromkeys(p.display_name for p in record.players if not p.is_bot)
        or [p.display_name for p in record.players[:1]]
    )
    if not people:
        return "someone else"
    if len(people) == 1:
        return people[0]
    return f"{', '.join(people[:-1])} and {people[-1]}"


class Plays:
    def __init__(self, desk: Desk, lifecycle: Lifecycle, insight: InsightDesk) -> None:
        self.desk = desk
        self.lifecycle = lifecycle
        self.insight = insight
        self._refreshed: OrderedDict[int, int] = OrderedDict()
        """The version each game's message was last brought up to date at by a stale click:
        in a burst of clicks on an old message, the first one refreshes it, not all of them."""

    async def play(
        self,
        interaction: discord.Interaction,
        record: GameRecord,
        version: int,
        text: str,
        hinted: bool = False,
    ) -> None:
        """Play the move `text` for the user who clicked, on the game as the button knew it;
        `hinted`, pressed as the game's hint: once played, the hint is counted on the game
        before the move is saved, so a move that ends the game already leaves it unranked."""
        record = await self.lifecycle.expire_if_idle(record)
        if record.status != GameStatus.ACTIVE:
            idle = idle_text(self.desk.settings_of(record).game_expiry_minutes)
            await refuse(interaction, say(record.status.value, game=record.game, idle=idle))
            if record.status == GameStatus.FINISHED and record.version != version:
                await self._bring_up_to_date(interaction, record)  # its last move never showed
            return
        if record.seat_of(interaction.user.id) is None:
            await self.not_a_player(interaction, record)
            return
        if self._from_replaced_message(interaction, record):
            await refuse(interaction, say("moved"))  # resume already retired that message
            return
        if record.version != version and not await self._still_sealed(interaction, record, version):
            await self._stale(interaction, record)  # told before the game is played
            return
        match = match_of(record)
        seat = record.seat_for(interaction.user.id, match.acting())
        assert seat is not None  # a player, as seat_of said
        before = match_of(record) if match.reads_before else None  # beats a deep copy
        waiting_before = set(match.acting())
        try:
            events = match.play(seat, text)
        except NotYourTurn:
            await refuse(interaction, say("not_your_turn"))
            return
        except GameOver:
            await refuse(interaction, say("out"))
            return
        except GameError as error:
            await refuse(interaction, say("illegal", reason=str(error).rstrip(".")))
            return
        lines = match.narrate(events, before, names_of(record))
        if hinted:
            hints = await self.desk.store.count_hint(record.id)
            record = record.model_copy(update={"hints": hints})
        try:
            record = await commit_move(
                self.desk, record, match, user_id=interaction.user.id, action=text, lines=lines
            )
        except StaleVersion:  # another process committed first: this one's view is old
            await refuse(interaction, say("stale"))
            return
        record = await play_bots(self.desk, record, match)
        notice = await self.insight.daily_notice(record) if match.is_over else ""
        public = await table_message(record, match, notice)
        if self._from_hand(interaction, record):
            # Played from a hand: refresh that hand (or the player's next hero's, if the table
            # now waits on another of theirs), then the table everyone sees.
            next_seat = record.seat_for(interaction.user.id, match.acting())
            shown = seat if next_seat is None else next_seat
            await answers.update(interaction, **await hand_message(record, match, shown, []))
            if record.message_id is not None:
                await self.desk.edit_message(record.channel_id, record.message_id, **public)
        else:
            await answers.update(interaction, **public)
        await announce_turn(self.desk, record, match, waiting_before, interaction.user.id)
        if match.is_over:
            self.insight.after_finish(record, match)

    async def show_hand(
        self, interaction: discord.Interaction, record: GameRecord, picked: list[str], fresh: bool
    ) -> None:
        """A player's own cards, in a message only they see (new, or the same one updated)."""
        if record.seat_of(interaction.user.id) is None:
            await self.not_a_player(interaction, record)
            return
        if record.status != GameStatus.ACTIVE:
            await refuse(interaction, say("no_hand"))
            return
        match = match_of(record)
        seat = record.seat_for(interaction.user.id, match.acting())
        assert seat is not None
        hand = await hand_message(record, match, seat, picked)
        if fresh:
            await answers.send(interaction, ephemeral=True, **hand)
        else:
            await answers.update(interaction, **hand)

    @staticmethod
    async def not_a_player(interaction: discord.Interaction, record: GameRecord) -> None:
        await refuse(interaction, say("not_player", owner=owners(record), game=record.game))

    @staticmethod
    def _from_replaced_message(interaction: discord.Interaction, record: GameRecord) -> bool:
        """A click on a public message that is no longer the game's (`/game resume` posted a
        new one): its buttons may even carry the current version, but play goes on there."""
        message = interaction.message
        if message is None or record.message_id is None or message.flags.ephemeral:
            return False
        return message.id != record.message_id

    async def _still_sealed(
        self, interaction: discord.Interaction, record: GameRecord, version: int
    ) -> bool:
        """A click from a hand shown before other players answered a sealed choice (a duel's
        draft, say) that the clicker still has to make: nothing it was chosen from has
        changed, so it plays rather than asking them to choose again. Only when every move
        since was another person's (a timeout may have answered for the clicker)."""
        if version > record.version or not self._from_hand(interaction, record):
            return False
        match = match_of(record)
        seat = record.seat_for(interaction.user.id, match.acting())
        if seat is None or not match.sealed(seat):
            return False
        since = [a for a in await self.desk.store.actions(record.id) if a.seq > version]
        return all(a.user_id not in (interaction.user.id, TIMEOUT_USER) for a in since)

    def _from_hand(self, interaction: discord.Interaction, record: GameRecord) -> bool:
        """A click on a private hand, not on the game's own message."""
        clicked = interaction.message.id if interaction.message else None
        return game_of(record).info.private_hands and clicked != record.message_id

    async def _stale(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """A button from before the last move: say so, and bring what was clicked up to date."""
        if self._from_hand(interaction, record):
            match = match_of(record)
            seat = record.seat_for(interaction.user.id, match.acting())
            assert seat is not None
            hand = await hand_message(record, match, seat, [])
            await answers.update(interaction, **hand)
            await answers.follow(interaction, say("stale_hand"))
            return
        await refuse(interaction, say("stale"))
        await self._bring_up_to_date(interaction, record)

    async def _bring_up_to_date(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """Redraw the game's own message, clicked from an older move, as the game stands: once
        per version, however many stale clicks arrive."""
        message = interaction.message
        on_table = message is not None and message.id == record.message_id
        if message is not None and on_table and self._refreshed.get(record.id) != record.version:
            self._refreshed[record.id] = record.version
            while len(self._refreshed) > REFRESHES_KEPT:
                self._refreshed.popitem(last=False)
            fields = await table_message(record, match_of(record))
            await self.desk.edit_message(record.channel_id, message.id, **fields)
