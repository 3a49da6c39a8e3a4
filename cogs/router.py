"""Where a click goes: the table's own buttons (New game, Share, challenge answers, lobby seats,
My hand) by their action word, and every other game button to the game as a move.

The table's words are reserved: a game's action texts never start with one (a test checks every
registered game), so no game can shadow them. Nothing here knows any game by name.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord

from bot.games.contract import Setup
from cogs.challenges import CHALLENGE_ANSWERS, ChallengeDesk
from cogs.context import Desk, UnknownGame, game_of, match_of
from cogs.custom_ids import CustomId
from cogs.daily import DailyDesk
from cogs.lifecycle import Lifecycle
from cogs.lobbies import LOBBY_ACTIONS, PICK_SEAT, LobbyDesk
from cogs.messages import HAND, PLAY_AGAIN, SHARE, again_variant
from cogs.plays import Plays
from cogs.replies import refuse, say
from cogs.starting import Starter
from storage import GameRecord, GameStatus

LEGACY_PLAY = "do"
"""Earlier hand buttons carried a move as `do:<text>`; such buttons on old messages still play."""
TABLE_WORDS = {PLAY_AGAIN, SHARE, HAND, LEGACY_PLAY, *CHALLENGE_ANSWERS, *LOBBY_ACTIONS}

Handler = Callable[[discord.Interaction, GameRecord, CustomId], Awaitable[None]]


class Router:
    def __init__(
        self,
        desk: Desk,
        starter: Starter,
        plays: Plays,
        lifecycle: Lifecycle,
        challenges: ChallengeDesk,
        lobbies: LobbyDesk,
        daily: DailyDesk,
    ) -> None:
        self.desk = desk
        self.starter = starter
        self.plays = plays
        self.lifecycle = lifecycle
        self.challenges = challenges
        self.lobbies = lobbies
        self.daily = daily
        self._table: dict[str, Handler] = {
            PLAY_AGAIN: self._again,
            SHARE: lambda i, record, _: self.daily.share(i, record),
            HAND: lambda i, record, _: self.plays.show_hand(i, record, [], fresh=True),
            **{word: self.challenges.answer for word in CHALLENGE_ANSWERS},
            **{word: self._lobby_press for word in LOBBY_ACTIONS},
        }

    @classmethod
    def build(cls, desk: Desk) -> Router:
        """Every service of the Discord layer, each with the few others it needs."""
        starter, lifecycle = Starter(desk), Lifecycle(desk)
        return cls(
            desk,
            starter,
            Plays(desk, lifecycle),
            lifecycle,
            ChallengeDesk(desk, starter),
            LobbyDesk(desk, starter),
            DailyDesk(desk, lifecycle),
        )

    async def click(self, interaction: discord.Interaction, custom: CustomId) -> None:
        async with self.desk.lock(custom.game_id):
            record = await self.desk.store.get_game(custom.game_id)
            if record is None:
                await refuse(interaction, say("unknown_game"))
                await self._strip_buttons(interaction)
                return
            try:
                handler = self._table.get(custom.action)
                if handler is not None:
                    await handler(interaction, record, custom)
                    return
                text = (custom.arg or "") if custom.action == LEGACY_PLAY else custom.action_text
                await self.plays.play(interaction, record, custom.version, text)
            except UnknownGame:
                await refuse(interaction, say("unknown_game"))

    async def select(
        self, interaction: discord.Interaction, custom: CustomId, values: list[str]
    ) -> None:
        """A select menu: cards picked in a hand, or a pick made in a lobby."""
        async with self.desk.lock(custom.game_id):
            record = await self.desk.store.get_game(custom.game_id)
            if record is None:
                await refuse(interaction, say("unknown_game"))
            elif custom.action == PICK_SEAT:
                if record.status != GameStatus.PENDING:
                    await refuse(interaction, say("lobby_gone"))
                    return
                await self.lobbies.choose(interaction, record, values)
            else:
                await self.plays.show_hand(interaction, record, values, fresh=False)

    async def _lobby_press(
        self, interaction: discord.Interaction, record: GameRecord, custom: CustomId
    ) -> None:
        # No version check: a lobby's handlers re-read seats and picks under the game's lock,
        # so a Join that raced another Join still counts.
        if record.status != GameStatus.PENDING:
            await refuse(interaction, say("lobby_gone"))
            return
        await self.lobbies.press(interaction, record, custom.action)

    async def _again(
        self, interaction: discord.Interaction, record: GameRecord, custom: CustomId
    ) -> None:
        """New game: the same game and variant (and settings) again, for whoever pressed it."""
        game, match = game_of(record), match_of(record)
        setup = Setup(variant=again_variant(record, match), settings=match.settings())
        if game.info.lobby is not None:
            await self.lobbies.open(interaction, game, setup)
        else:
            await self.starter.start(interaction, game, setup)

    async def _strip_buttons(self, interaction: discord.Interaction) -> None:
        """Take the buttons off a message whose game is gone, unless a live game owns it."""
        message = interaction.message
        if message is None:
            return
        live = await self.desk.store.active_game_in_channel(message.channel.id)
        if live is None or live.message_id != message.id:
            await self.desk.edit_message(message.channel.id, message.id, view=None)
