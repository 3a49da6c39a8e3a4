"""Play the same deal: a finished solo game's player challenges a friend in the channel to its
deal (its seed, variant and settings), and both scores are shown side by side when the friend
is done.

A casual comparison: no board keeps it (the daily deal is the ranked shared one). Everything
the challenge needs travels in its buttons' custom_ids (`sd:<game>:0:play`, then
`sd:<game>:0:compare:<friend's game>`), so it survives restarts with nothing in memory; the
friend's game is any solo game, played like every other.
"""

from __future__ import annotations

import discord

from cogs import answers
from cogs.answers import refuse
from cogs.components import drawn
from cogs.context import Desk, UnknownGame, game_of, match_of
from cogs.custom_ids import SAME_DEAL_KIND, CustomId
from cogs.finished_buttons import same_deal_offered
from cogs.loading import Unloadable
from cogs.replay_steps import setup_of
from cogs.starting import Starter
from storage import GameRecord, GameStatus, ResultRow

PLAY, COMPARE = "play", "compare"

SAY = {
    "not_yours": "Only {owner} can challenge someone to their own deal.",
    "solo_only": "Only a deal played alone can be shared this way (the daily deal is everyone's"
    " already).",
    "offer": "🃏 **{owner}** challenges a friend to the deal of their {title} game #{id}{variant}."
    " Press **Play this deal** to play it yourself; the scores are shown side by side when"
    " you are done.",
    "taken": "🃏 **{friend}** took up **{owner}**'s challenge to the deal of {title} game #{id}:"
    " their game is #{game}. Press **Compare scores** once it is over.",
    "own_deal": "That is your own deal: let a friend take it up.",
    "gone": "That challenge's game is gone, so there is nothing to play.",
    "elsewhere": "That deal was played in another server.",
    "still_going": "{friend}'s game #{game} is still going: compare the scores once it is over.",
    "not_that_deal": "That game was not played on this deal.",
    "compared": "🃏 The deal of {title} game #{id}: {first} · {second}. {verdict}",
    "tie": "A tie!",
    "better": "{winner} did better.",
    "play": "Play this deal",
    "compare": "Compare scores",
}


def custom_id(game_id: int, word: str, arg: str | None = None) -> str:
    return CustomId(kind=SAME_DEAL_KIND, game_id=game_id, version=0, action=word, arg=arg).encode()


def _button(label: str, custom: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    style = discord.ButtonStyle.success
    view.add_item(discord.ui.Button(label=label, custom_id=custom, style=style))
    return drawn(view)


def _name(text: str) -> str:
    return discord.utils.escape_markdown(text)


def _variant(record: GameRecord) -> str:
    return f" ({record.variant.title()})" if record.variant else ""


class SameDeal:
    def __init__(self, desk: Desk, starter: Starter) -> None:
        self.desk = desk
        self.starter = starter

    async def offer(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """The finished table's button: a message in the channel inviting a friend."""
        owner = _name(record.players[0].display_name) if record.players else "its player"
        if record.seat_of(interaction.user.id) is None:
            await refuse(interaction, SAY["not_yours"].format(owner=owner))
            return
        if not same_deal_offered(record):
            await refuse(interaction, SAY["solo_only"])
            return
        title = game_of(record).info.title
        text = SAY["offer"].format(owner=owner, title=title, id=record.id, variant=_variant(record))
        view = _button(SAY["play"], custom_id(record.id, PLAY))
        await answers.send(interaction, content=text, view=view)

    async def click(self, interaction: discord.Interaction, custom: CustomId) -> None:
        record = await self.desk.store.get_game(custom.game_id)
        if record is None or not record.players or record.status != GameStatus.FINISHED:
            await refuse(interaction, SAY["gone"])
            return
        if record.guild_id != interaction.guild_id:
            await refuse(interaction, SAY["elsewhere"])
            return
        try:
            if custom.action == PLAY:
                await self._play(interaction, record)
            elif custom.action == COMPARE and (custom.arg or "").isdigit():
                await self._compare(interaction, record, int(custom.arg or 0))
            else:
                await refuse(interaction, SAY["gone"])
        except (UnknownGame, Unloadable):
            await refuse(interaction, SAY["gone"])

    async def _play(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """The friend's own game of the same deal, started like any new game; the challenge
        then names it and offers the comparison."""
        if record.seat_of(interaction.user.id) is not None:
            await refuse(interaction, SAY["own_deal"])
            return
        game, final = game_of(record), match_of(record)
        await self.starter.start(interaction, game, setup_of(record, final), seed=record.seed)
        mine = [
            g
            for g in await self.desk.store.active_games_of(interaction.user.id)
            if g.seed == record.seed and g.game == record.game and g.daily is None
        ]
        message = interaction.message
        if not mine or message is None:
            return  # not started (refused, told why), or started where it ends at once
        started = max(mine, key=lambda g: g.id)
        text = SAY["taken"].format(
            friend=_name(interaction.user.display_name),
            owner=_name(record.players[0].display_name),
            title=game.info.title,
            id=record.id,
            game=started.id,
        )
        view = _button(SAY["compare"], custom_id(record.id, COMPARE, str(started.id)))
        await self.desk.edit_message(message.channel.id, message.id, content=text, view=view)

    async def _compare(
        self, interaction: discord.Interaction, record: GameRecord, friend_game: int
    ) -> None:
        """Both scores side by side, the better first, once the friend's game is over."""
        theirs = await self.desk.store.get_game(friend_game)
        same = (
            theirs is not None
            and theirs.seed == record.seed
            and theirs.game == record.game
            and theirs.variant == record.variant
            and len(theirs.players) == 1
            and theirs.id != record.id
        )
        if theirs is None or not same:
            await refuse(interaction, SAY["not_that_deal"])
            return
        friend = _name(theirs.players[0].display_name)
        if theirs.status in (GameStatus.ACTIVE, GameStatus.PENDING):
            await refuse(interaction, SAY["still_going"].format(friend=friend, game=theirs.id))
            return
        scores = [
            (
                _name(record.players[0].display_name),
                _score(await self.desk.store.results(record.id)),
            ),
            (friend, _score(await self.desk.store.results(theirs.id))),
        ]
        scores.sort(key=lambda pair: -pair[1])
        (first, best), (second, other) = scores
        verdict = SAY["tie"] if best == other else SAY["better"].format(winner=first)
        text = SAY["compared"].format(
            title=game_of(record).info.title,
            id=record.id,
            first=f"**{first}** {best}",
            second=f"**{second}** {other}",
            verdict=verdict,
        )
        await answers.update(interaction, content=text, view=None)


def _score(results: list[ResultRow]) -> int:
    """A solo game's one result's score (0 for a game closed with none)."""
    return next((row.score for row in results), 0)
