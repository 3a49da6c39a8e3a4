"""Challenges: one player invites another to a game for two, who accepts or declines by button.

A challenge is a game stored as pending, so its buttons, like every game's, survive restarts and
are checked against the store; it becomes the channel's active game when accepted. Any game that
declares a `Challenge` gets this.
"""

from __future__ import annotations

import discord

from bot.games.contract import GameError, Setup
from bot.games.definition import GameEntry
from bot.games.views import Control
from cogs import answers
from cogs.answers import refuse
from cogs.components import build_view
from cogs.context import Desk, game_of
from cogs.custom_ids import TABLE_KIND, CustomId
from cogs.replies import say
from cogs.starting import Starter, deal, opening, seat
from storage import GameRecord, GameStatus, PlayerSeat, StaleVersion

ACCEPT, DECLINE = "accept", "decline"
CHALLENGE_ANSWERS = {ACCEPT, DECLINE}

SAY = {
    "self": "You can't challenge yourself. Try `/{game} new` for a solo run.",
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
}


def only_user(user_id: int) -> discord.AllowedMentions:
    """Mentions that notify the one user challenged: the challenger's display name is theirs
    to choose, and a `<@id>` in it must notify nobody."""
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(user_id)]
    )


def challenge_text(key: str, record: GameRecord, minutes: int) -> str:
    """One of the challenge's sentences, about its two players."""
    challenger, opponent = record.players[0], record.players[-1]
    return SAY[key].format(
        challenger=challenger.display_name,
        opponent=f"<@{opponent.user_id}>",
        opponent_name=opponent.display_name,
        title=game_of(record).info.title,
        minutes=minutes,
    )


class ChallengeDesk:
    def __init__(self, desk: Desk, starter: Starter) -> None:
        self.desk = desk
        self.starter = starter

    async def issue(
        self, interaction: discord.Interaction, game: GameEntry, opponent: discord.User
    ) -> None:
        challenge = game.info.challenge
        if challenge is None or interaction.guild is None or interaction.channel_id is None:
            await refuse(interaction, say("guild_only"))
            return
        if opponent.id == interaction.user.id:
            await refuse(interaction, SAY["self"].format(game=game.info.key))
            return
        if opponent.bot:
            await refuse(interaction, SAY["bot"])
            return
        heroes = challenge.heroes
        seats = [seat(interaction.user, n) for n in range(heroes)]
        seats += [seat(opponent, heroes + n) for n in range(heroes)]
        await self._challenge(interaction, game, seats)

    async def rematch(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """A finished game for two, again: whoever presses it challenges the other player."""
        number = record.seat_of(interaction.user.id)
        people = {p.user_id for p in record.players}
        if number is None or len(people) != 2:
            await refuse(
                interaction,
                SAY["not_yours"].format(
                    challenger=record.players[0].display_name,
                    opponent=record.players[-1].display_name,
                ),
            )
            return
        me = record.players[number]
        rival = next(p for p in record.players if p.user_id != me.user_id)
        heroes = len(record.players) // 2
        players = [
            PlayerSeat(seat=n, user_id=me.user_id, display_name=interaction.user.display_name)
            for n in range(heroes)
        ] + [
            PlayerSeat(seat=heroes + n, user_id=rival.user_id, display_name=rival.display_name)
            for n in range(heroes)
        ]
        await self._challenge(interaction, game_of(record), players)

    async def _challenge(
        self, interaction: discord.Interaction, game: GameEntry, players: list[PlayerSeat]
    ) -> None:
        challenge = game.info.challenge
        if challenge is None or interaction.channel_id is None:
            await refuse(interaction, say("guild_only"))
            return
        settings = await opening(self.desk, interaction, game)
        if settings is None:
            return
        setup = Setup(variant=challenge.variant, seats=len(players))
        try:
            dealt = deal(
                game, self.desk.seeds(), setup, players, interaction.guild_id, None, settings
            )
        except (GameError, ValueError) as error:
            await refuse(interaction, str(error))
            return
        record = await self.desk.store.create_game(
            channel_id=interaction.channel_id, status=GameStatus.PENDING, **dealt.row
        )
        fields = {
            "content": self._text("issued", record),
            "view": self._buttons(record),
            "allowed_mentions": only_user(record.players[-1].user_id),
        }
        await self.starter.show(interaction, record, fields)

    def _text(self, key: str, record: GameRecord) -> str:
        return challenge_text(key, record, self.desk.settings_of(record).challenge_expiry_minutes)

    @staticmethod
    def _buttons(record: GameRecord) -> discord.ui.View:
        controls = [
            Control(label="Accept", action=ACCEPT, style="success"),
            Control(label="Decline", action=DECLINE, style="danger"),
        ]
        return build_view(record.id, record.version, controls, TABLE_KIND)

    async def answer(
        self, interaction: discord.Interaction, record: GameRecord, custom: CustomId
    ) -> None:
        """Accept or decline, under the game's lock; anything else is explained and ignored."""
        if record.status != GameStatus.PENDING or record.version != custom.version:
            await refuse(interaction, say("answered"))
            return
        try:
            await self._answer(interaction, record, custom)
        except StaleVersion:  # the sweep closed it, or the other player answered, just before
            await refuse(interaction, say("answered"))

    async def _answer(
        self, interaction: discord.Interaction, record: GameRecord, custom: CustomId
    ) -> None:
        store = self.desk.store
        minutes = self.desk.settings_of(record).challenge_expiry_minutes
        if record.updated_at < self.desk.clock() - minutes * 60:
            record = await store.close_game(
                record.id, record.version, GameStatus.EXPIRED, was=GameStatus.PENDING
            )
            await answers.update(interaction, content=self._text("expired", record), view=None)
            return
        seat_number = record.seat_of(interaction.user.id)
        if seat_number is None:
            await refuse(interaction, self._text("not_yours", record))
            return
        if custom.action == DECLINE:
            await self._decline(interaction, record, seat_number)
        elif seat_number == 0:
            await refuse(interaction, self._text("only_opponent", record))
        else:
            await self._accept(interaction, record)

    async def _decline(
        self, interaction: discord.Interaction, record: GameRecord, seat_number: int
    ) -> None:
        await self.desk.store.close_game(
            record.id, record.version, GameStatus.DECLINED, was=GameStatus.PENDING
        )
        key = "withdrawn" if seat_number == 0 else "declined"
        text = SAY[key].format(who=interaction.user.display_name)
        await answers.update(interaction, content=text, view=None)

    async def _accept(self, interaction: discord.Interaction, record: GameRecord) -> None:
        challenger, opponent = record.players[0], record.players[-1]
        texts = (self._text("accepted_here", record), self._text("accepted_thread", record))
        name = f"{challenger.display_name} vs {opponent.display_name}"
        await self.starter.activate(interaction, record, name, texts)
