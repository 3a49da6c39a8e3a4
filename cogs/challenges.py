"""Challenges: one player invites another to a duel, who accepts or declines with buttons.

A challenge is a game stored as pending, so its buttons, like every game's, survive restarts and
are checked against the store; it becomes the channel's active game when accepted.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from cogs.buttons import build_view
from cogs.custom_ids import CustomId
from cogs.game_ui import ButtonSpec
from storage import GameRecord, GameStatus, PlayerSeat, StaleVersion

if TYPE_CHECKING:
    from cogs.table import GameTable

ACCEPT, DECLINE = "accept", "decline"
LOBBY_GAMES = {"deuces"}
log = logging.getLogger(__name__)
CHALLENGE_ANSWERS = {ACCEPT, DECLINE}

SAY = {
    "self": "You can't challenge yourself. Try `/dragons new` for a solo run.",
    "bot": "Bots don't play dungeons (yet). Challenge a person.",
    "issued": "⚔️ {opponent}, **{challenger}** challenges you to a {title} duel!"
    " Accept or decline within {minutes} minutes.",
    "only_opponent": "Only {opponent} can accept this challenge.",
    "not_yours": "This challenge is between {challenger} and {opponent}.",
    "declined": "🚫 **{who}** declined the duel.",
    "withdrawn": "🚫 **{who}** withdrew the challenge.",
    "expired": "⌛ The challenge to {opponent} expired unanswered.",
    "accepted_here": "⚔️ **{opponent_name}** accepted! The duel begins.",
    "accepted_thread": "⚔️ **{opponent_name}** accepted! The duel is in {{thread}}"
    " (this channel was busy).",
    "answered": "This challenge has already been answered.",
    "lobby_expired": "⌛ This table closed before anyone started it. Open a new one with"
    " `/deuces new`.",
}
NO_PINGS_BUT_USERS = discord.AllowedMentions(users=True, roles=False, everyone=False)


class ChallengeDesk:
    def __init__(self, table: GameTable, minutes: int) -> None:
        self.table = table
        self.minutes = minutes

    async def issue(
        self, interaction: discord.Interaction, game: str, variant: str, opponent: discord.User
    ) -> None:
        if opponent.id == interaction.user.id:
            await self.table.refuse(interaction, SAY["self"])
            return
        if opponent.bot:
            await self.table.refuse(interaction, SAY["bot"])
            return
        new, _ = self.table.deal(interaction, game, variant, self.table.seeds())
        new["players"] = [
            *new["players"],
            PlayerSeat(seat=1, user_id=opponent.id, display_name=opponent.display_name),
        ]
        record = await self.table.store.create_game(
            channel_id=interaction.channel_id, status=GameStatus.PENDING, **new
        )
        sent = await interaction.response.send_message(
            self._text("issued", record),
            view=self._buttons(record),
            allowed_mentions=NO_PINGS_BUT_USERS,
        )
        await self.table.store.set_message(record.id, interaction.channel_id, sent.message_id)

    def _text(self, key: str, record: GameRecord, **extra: str) -> str:
        challenger, opponent = record.players
        return SAY[key].format(
            challenger=challenger.display_name,
            opponent=f"<@{opponent.user_id}>",
            opponent_name=opponent.display_name,
            title=self.table.title_of(record),
            minutes=self.minutes,
            **extra,
        )

    @staticmethod
    def _buttons(record: GameRecord) -> discord.ui.View:
        specs = [
            ButtonSpec(label="Accept", action=ACCEPT, style="success"),
            ButtonSpec(label="Decline", action=DECLINE, style="danger"),
        ]
        return build_view(record.id, record.version, specs)

    async def answer(
        self, interaction: discord.Interaction, record: GameRecord, custom: CustomId
    ) -> None:
        """Accept or decline, under the game's lock; anything else is explained and ignored."""
        if record.status != GameStatus.PENDING or record.version != custom.version:
            await self.table.refuse(interaction, SAY["answered"])
            return
        try:
            await self._answer(interaction, record, custom)
        except StaleVersion:  # the sweep closed it, or the other player answered, just before
            await self.table.refuse(interaction, SAY["answered"])

    async def _answer(
        self, interaction: discord.Interaction, record: GameRecord, custom: CustomId
    ) -> None:
        store = self.table.store
        if record.updated_at < self.table.clock() - self.minutes * 60:
            record = await store.close_game(
                record.id, record.version, GameStatus.EXPIRED, was=GameStatus.PENDING
            )
            await interaction.response.edit_message(
                content=self._text("expired", record), view=None
            )
            return
        seat = record.seat_of(interaction.user.id)
        if seat is None:
            await self.table.refuse(interaction, self._text("not_yours", record))
            return
        if custom.action == DECLINE:
            await self._decline(interaction, record, seat)
        elif seat == 0:
            await self.table.refuse(interaction, self._text("only_opponent", record))
        else:
            await self._accept(interaction, record)

    async def _decline(
        self, interaction: discord.Interaction, record: GameRecord, seat: int
    ) -> None:
        record = await self.table.store.close_game(
            record.id, record.version, GameStatus.DECLINED, was=GameStatus.PENDING
        )
        key = "withdrawn" if seat == 0 else "declined"
        text = SAY[key].format(who=interaction.user.display_name)
        await interaction.response.edit_message(content=text, view=None)

    async def _accept(self, interaction: discord.Interaction, record: GameRecord) -> None:
        challenger, opponent = record.players
        texts = (self._text("accepted_here", record), self._text("accepted_thread", record))
        name = f"{challenger.display_name} vs {opponent.display_name}"
        await self.table.activate(interaction, record, name, texts)

    async def expire_unanswered(self) -> int:
        """Close challenges nobody answered in time (and lobbies nobody started), saying so."""
        store, table = self.table.store, self.table
        now = table.clock()
        pending = await store.inactive_games(now - self.minutes * 60, GameStatus.PENDING)
        closed = 0
        for record in pending:
            lobby = len(record.players) != 2 or record.game in LOBBY_GAMES
            if lobby and record.updated_at > now - table.expiry_minutes * 60:
                continue  # a lobby waits as long as a game does
            try:
                async with table.lock(record.id):
                    record = await store.close_game(
                        record.id, record.version, GameStatus.EXPIRED, was=GameStatus.PENDING
                    )
                text = SAY["lobby_expired"] if lobby else self._text("expired", record)
                if record.message_id is not None:
                    await table.edit_message(
                        record.channel_id, record.message_id, content=text, embed=None, view=None
                    )
                closed += 1
            except StaleVersion:
                continue
            except Exception:  # one bad record must not stop the sweep for every game
                log.exception("could not expire pending game %s", record.id)
        return closed
