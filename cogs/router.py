"""Where a click goes, checked in one place: the table's own buttons (New game, Share, challenge
answers, lobby seats, My hand) by their word, and every other game button to the game as a move.

Each table word names the capability its game must declare and the status its game must be in;
a click that does not fit (a forged id, an old message) is refused here, before any handler runs.
The table's buttons are of their own kind (`t`), so no game's action can shadow them. Buttons
from before that kind existed carried table words as kind `g`; they still work, so a game's
action texts must not start with one of `TABLE_WORDS` (the contract tests check every game).
Nothing here knows any game by name.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Literal

import discord

from bot.games.contract import Setup
from bot.games.definition import GameInfo
from cogs import answers
from cogs.answers import refuse
from cogs.challenges import CHALLENGE_ANSWERS, ChallengeDesk
from cogs.components import walk
from cogs.context import Desk, UnknownGame, game_of, match_of
from cogs.custom_ids import HINT_KIND, TABLE_KIND, CustomId, decode
from cogs.daily import DailyDesk
from cogs.finished_buttons import REPLAY, SAME_DEAL
from cogs.insight import InsightDesk
from cogs.lifecycle import Lifecycle
from cogs.loading import Unloadable
from cogs.lobbies import BOT_SEAT_ACTIONS, LOBBY_ACTIONS, PICK_SEAT, LobbyDesk
from cogs.messages import (
    HAND,
    HINDSIGHT,
    HINT,
    KEY,
    MOVE_MENU,
    PICK,
    PLAY_AGAIN,
    REMATCH,
    SHARE,
    again_variant,
    legend_text,
)
from cogs.number_asks import NumberDesk
from cogs.plays import Plays
from cogs.replays import Replays
from cogs.replies import idle_text, say
from cogs.same_deal import SameDeal
from cogs.starting import Starter
from cogs.table_layout import without_controls
from storage import GameRecord, GameStatus

LEGACY_PLAY = "do"
"""Earlier hand buttons carried a move as `do:<text>`; such buttons on old messages still play."""
TABLE_WORDS = {
    PLAY_AGAIN,
    SHARE,
    HAND,
    HINT,
    MOVE_MENU,
    HINDSIGHT,
    SAME_DEAL,
    REPLAY,
    KEY,
    LEGACY_PLAY,
    *CHALLENGE_ANSWERS,
    *LOBBY_ACTIONS,
}

Handler = Callable[[discord.Interaction, GameRecord, CustomId], Awaitable[None]]
Picked = Callable[[discord.Interaction, GameRecord, CustomId, list[str]], Awaitable[None]]


def _always(info: GameInfo) -> bool:
    return True


def _daily(info: GameInfo) -> bool:
    return info.daily is not None


def _hands(info: GameInfo) -> bool:
    return info.private_hands


def _challenge(info: GameInfo) -> bool:
    return info.challenge is not None


def _lobby(info: GameInfo) -> bool:
    return info.lobby is not None


def _lobby_bots(info: GameInfo) -> bool:
    return info.lobby is not None and info.lobby.bots


def _challenged(info: GameInfo, variant: str | None) -> bool:
    return info.is_challenge(variant)


def _gathered(info: GameInfo, variant: str | None) -> bool:
    return not info.is_challenge(variant)


def _hints(info: GameInfo) -> bool:
    return info.hints


def _solver(info: GameInfo) -> bool:
    return info.solver


@dataclass(frozen=True)
class Route:
    """What a table word needs before its handler may run."""

    status: GameStatus
    declared: Callable[[GameInfo], bool]
    wrong_status: str
    """What the user is told when the game is not (or no longer) in that status."""
    on: Literal["game", "private", "any"] = "any"
    """Where its component sits: on the game's own message, on a message only the clicker
    sees (a hand), or anywhere (a finished game's or a daily attempt's buttons)."""
    variant: Callable[[GameInfo, str | None], bool] = lambda info, variant: True
    """Whether a game of this variant takes the word (a lobby's words are not a challenge's)."""


ROUTES: dict[str, Route] = {
    PLAY_AGAIN: Route(GameStatus.FINISHED, _always, "not_over"),
    REMATCH: Route(GameStatus.FINISHED, _challenge, "not_over", "game", _challenged),
    SHARE: Route(GameStatus.FINISHED, _daily, "not_over"),
    HAND: Route(GameStatus.ACTIVE, _hands, "no_hand", "game"),
    HINT: Route(GameStatus.ACTIVE, _hints, "pending"),
    HINDSIGHT: Route(GameStatus.FINISHED, _solver, "not_over"),
    SAME_DEAL: Route(GameStatus.FINISHED, _always, "not_over", "game"),
    REPLAY: Route(GameStatus.FINISHED, _always, "not_over"),
    KEY: Route(GameStatus.ACTIVE, _always, "pending", "game"),
    **{
        w: Route(GameStatus.PENDING, _challenge, "answered", "game", _challenged)
        for w in CHALLENGE_ANSWERS
    },
    **{
        w: Route(GameStatus.PENDING, _lobby, "lobby_gone", "game", _gathered) for w in LOBBY_ACTIONS
    },
    # Only a table that seats bot players takes them: a forged Add a bot at another's is refused.
    **{
        w: Route(GameStatus.PENDING, _lobby_bots, "lobby_gone", "game", _gathered)
        for w in BOT_SEAT_ACTIONS
    },
    PICK: Route(GameStatus.ACTIVE, _hands, "no_hand", "private"),
    PICK_SEAT: Route(GameStatus.PENDING, _lobby, "lobby_gone", "game", _gathered),
    # A table's menus, and a private hand's: a public message not the game's is refused
    # when played (Plays.play), as its buttons are.
    MOVE_MENU: Route(GameStatus.ACTIVE, _always, "pending"),
}


def _placed(interaction: discord.Interaction, record: GameRecord, route: Route) -> bool:
    """The component sits where its route says: a forged id on another game's message cannot
    make the bot edit that message."""
    message = interaction.message
    if route.on == "private":
        return message is not None and message.flags.ephemeral
    if route.on == "game" and message is not None and record.message_id is not None:
        return message.id == record.message_id
    return True


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
        insight: InsightDesk,
    ) -> None:
        self.desk = desk
        self.starter = starter
        self.plays = plays
        self.lifecycle = lifecycle
        self.challenges = challenges
        self.lobbies = lobbies
        self.daily = daily
        self.insight = insight
        self.numbers = NumberDesk(desk, self.click)
        self.same_deal = SameDeal(desk, starter)
        self.replays = Replays(desk)
        self._buttons: dict[str, Handler] = {
            PLAY_AGAIN: self._again,
            REMATCH: lambda i, record, _: self.challenges.rematch(i, record),
            SHARE: lambda i, record, _: self.daily.share(i, record),
            HAND: lambda i, record, _: self.plays.show_hand(i, record, [], fresh=True),
            HINT: lambda i, record, _: self.insight.hint(i, record),
            HINDSIGHT: lambda i, record, _: self.insight.hindsight(i, record),
            SAME_DEAL: lambda i, record, _: self.same_deal.offer(i, record),
            REPLAY: lambda i, record, _: self.replays.open(i, record.id),
            KEY: self._key,
            **{word: self.challenges.answer for word in CHALLENGE_ANSWERS},
            **{word: self._lobby_press for word in LOBBY_ACTIONS},
        }
        self._selects: dict[str, Picked] = {
            PICK: lambda i, record, _, values: self.plays.show_hand(i, record, values, False),
            PICK_SEAT: lambda i, record, custom, values: self.lobbies.choose(
                i, record, values, custom.arg or "0"
            ),
            MOVE_MENU: self._menu_move,
        }

    @classmethod
    def build(cls, desk: Desk) -> Router:
        """Every service of the Discord layer, each with the few others it needs."""
        starter, lifecycle, insight = Starter(desk), Lifecycle(desk), InsightDesk(desk)
        return cls(
            desk,
            starter,
            Plays(desk, lifecycle, insight),
            lifecycle,
            ChallengeDesk(desk, starter),
            LobbyDesk(desk, starter),
            DailyDesk(desk, lifecycle, insight),
            insight,
        )

    async def click(self, interaction: discord.Interaction, custom: CustomId) -> None:
        turns = self.desk.turns
        if turns.crowded(custom.game_id):  # its turn will come late: acknowledged now
            answers.acknowledge_soon(interaction)
        async with turns.turn(custom.game_id, self.desk.lock(custom.game_id)):
            answers.make_way(interaction)
            record = await self.desk.store.get_game(custom.game_id)
            if record is None:
                await refuse(interaction, say("unknown_game"))
                await self._strip_buttons(interaction, custom.game_id)
                return
            try:
                if not record.players:  # every game, lobby and challenge seats someone
                    raise Unloadable(record.id, "it has no players")
                handler = self._buttons.get(custom.action)
                # Kind g carries table words only on buttons from before kind t existed.
                legacy = custom.action in TABLE_WORDS and handler is not None
                table = custom.kind == TABLE_KIND or legacy
                if table:
                    if handler is not None and await self._fits(interaction, record, custom.action):
                        await handler(interaction, record, custom)
                    elif handler is None:
                        await refuse(interaction, say("foreign"))
                    return
                text = (custom.arg or "") if custom.action == LEGACY_PLAY else custom.action_text
                hinted = custom.kind == HINT_KIND
                await self.plays.play(interaction, record, custom.version, text, hinted=hinted)
            except UnknownGame:
                await refuse(interaction, say("unknown_game"))
            except Unloadable as error:  # closed by /game abandon, or when it expires
                self.lifecycle.report_unloadable(error.game_id, error.reason)
                await refuse(interaction, say("unloadable"))

    async def select(
        self, interaction: discord.Interaction, custom: CustomId, values: list[str]
    ) -> None:
        """A select menu: cards picked in a hand, or a pick made in a lobby."""
        turns = self.desk.turns
        if turns.crowded(custom.game_id):  # its turn will come late: acknowledged now
            answers.acknowledge_soon(interaction)
        async with turns.turn(custom.game_id, self.desk.lock(custom.game_id)):
            answers.make_way(interaction)
            record = await self.desk.store.get_game(custom.game_id)
            if record is None:
                await refuse(interaction, say("unknown_game"))
                return
            try:
                if not record.players:
                    raise Unloadable(record.id, "it has no players")
                handler = self._selects.get(custom.action)
                if handler is None:
                    await refuse(interaction, say("foreign"))
                elif await self._fits(interaction, record, custom.action):
                    await handler(interaction, record, custom, values)
            except UnknownGame:
                await refuse(interaction, say("unknown_game"))
            except Unloadable as error:  # closed by /game abandon, or when it expires
                self.lifecycle.report_unloadable(error.game_id, error.reason)
                await refuse(interaction, say("unloadable"))

    async def _menu_move(
        self,
        interaction: discord.Interaction,
        record: GameRecord,
        custom: CustomId,
        values: list[str],
    ) -> None:
        """A move chosen from a table's select: played like a button's, on the version the
        menu was drawn for."""
        if len(values) != 1:
            await refuse(interaction, say("illegal", reason="choose one move"))
            return
        await self.plays.play(interaction, record, custom.version, values[0])

    async def _fits(self, interaction: discord.Interaction, record: GameRecord, word: str) -> bool:
        """A table word's game declares what it needs and is in the status it needs; if not,
        the user is told why and nothing runs."""
        route = ROUTES.get(word)
        if (
            route is None
            or not route.declared(game_of(record).info)
            or not route.variant(game_of(record).info, record.variant)
            or not _placed(interaction, record, route)
        ):
            await refuse(interaction, say("foreign"))
            return False
        if record.status == route.status:
            return True
        if route.status == GameStatus.ACTIVE and record.status != GameStatus.PENDING:
            idle = idle_text(self.desk.settings_of(record).game_expiry_minutes)
            await refuse(interaction, say(record.status.value, game=record.game, idle=idle))
        else:
            await refuse(interaction, say(route.wrong_status))
        return False

    async def _key(
        self, interaction: discord.Interaction, record: GameRecord, custom: CustomId
    ) -> None:
        """What the table's words mean, told only to whoever asked (anyone may: it changes
        nothing)."""
        text = legend_text(record, match_of(record))
        await answers.send(interaction, ephemeral=True, content=text)

    async def _lobby_press(
        self, interaction: discord.Interaction, record: GameRecord, custom: CustomId
    ) -> None:
        # No version check: a lobby's handlers re-read seats and picks under the game's lock,
        # so a Join that raced another Join still counts.
        await self.lobbies.press(interaction, record, custom.action)

    async def _again(
        self, interaction: discord.Interaction, record: GameRecord, custom: CustomId
    ) -> None:
        """New game: the same game and variant (and settings) again, for whoever pressed it."""
        game, match = game_of(record), match_of(record)
        variant = again_variant(record, match)
        seats = game.info.variant(variant).seats.min
        setup = Setup(variant=variant, seats=seats, settings=match.settings())
        if game.info.lobby is not None:
            await self.lobbies.open(interaction, game, setup)
        else:
            await self.starter.start(interaction, game, setup)

    async def _strip_buttons(self, interaction: discord.Interaction, game_id: int) -> None:
        """Take the buttons off a message whose game is gone: only when every button on it
        names that game, so a forged id cannot strip another game's message."""
        message = interaction.message
        if message is None:
            return
        named = {
            custom.game_id
            for child in walk(message.components)
            if (custom := decode(getattr(child, "custom_id", None) or "")) is not None
        }
        if named != {game_id}:
            return
        if message.flags.components_v2:  # its text stays: such a message cannot go back
            view = without_controls(message)
            await self.desk.edit_message(message.channel.id, message.id, view=view)
        else:
            await self.desk.edit_message(message.channel.id, message.id, view=None)
