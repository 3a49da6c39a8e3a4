"""/stats: one summary per game a player has played in this server, answered privately with a
button that shows it to the channel.

Every game reads the same way (games, wins, best, streaks), and a rated game gives the
player's rank among the server's rated players and their rating rounded to a whole number, with
a footnote on what the rating means: the raw skill figures of the rating system (a mean and its
uncertainty) say nothing to a player.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord
from pydantic import BaseModel

from bot.games.definition import Board
from bot.games.registry import GAMES
from bot.words import plural
from cogs import answers
from cogs.answers import refuse
from cogs.components import drawn
from cogs.custom_ids import SHARE_KIND, CustomId
from storage import BoardPage, GameStats, Rating

STATS_COLOUR = 0x3B82F6
RATING_NOTE = (
    "A rating is a cautious estimate of skill: it starts at 0 and rises as you beat rivals,"
    " the more so the stronger they are. The rank is among this server's rated players."
)
NOTHING_YET = "No finished games in this server yet."
SHAREABLE = ("📊 ", "🏆 ")
"""The titles of the answers a Share button may post (stats, boards): a forged click on any
other private message (a hand, a daily game) posts nothing."""


class RatedLine(BaseModel, frozen=True):
    """A player's place on one rated board: their rating and where it ranks them."""

    board: Board
    rating: Rating
    rank: int | None
    players: int


def rating_text(line: RatedLine) -> str:
    """ "#2 of 5 here · rating 12 · 3 rated games"."""
    rank = f"#{line.rank} of {line.players} here · " if line.rank is not None else ""
    games = plural(line.rating.games, "rated game")
    return f"{rank}rating {round(line.rating.ordinal)} · {games}"


def rated_line(board: Board, rating: Rating, page: BoardPage) -> RatedLine:
    rank = page.caller.rank if page.caller is not None else None
    return RatedLine(board=board, rating=rating, rank=rank, players=page.players)


def stats_text(stats: GameStats) -> str:
    """ "2 games · 1 win (50%) · best 14" then the streaks (and the average), the same lines
    for every game."""
    return (
        f"{plural(stats.games, 'game')} · {plural(stats.wins, 'win')} ({stats.win_rate:.0%})"
        f" · best {stats.best}\n"
        f"streak {stats.current_streak} · best streak {stats.best_streak}"
        f" · average {stats.average:.1f}"
    ) + _winnable_text(stats)


def _winnable_text(stats: GameStats) -> str:
    """How many of the player's lost deals a solver found winnable (games with a solver)."""
    if not stats.lost_solved:
        return ""
    share = stats.lost_winnable / stats.lost_solved
    solved = plural(stats.lost_solved, "lost deal")
    return f"\n{stats.lost_winnable} of {solved} could have been won ({share:.0%})"


def stats_embed(name: str, stats: Sequence[GameStats], rated: Sequence[RatedLine]) -> discord.Embed:
    """One field per game played, in the registry's order of games: its results, then each of
    its rated boards; "no games yet" only when there is neither."""
    embed = discord.Embed(title=f"📊 {name}", colour=STATS_COLOUR)
    by_game = {line.game: line for line in stats}
    by_pool = {line.board.game: line for line in rated}
    for key, game in GAMES.items():
        if key in by_game:
            embed.add_field(name=game.info.title, value=stats_text(by_game.pop(key)), inline=False)
        for board in game.info.boards:
            line = by_pool.pop(board.game, None) if board.rated else None
            if line is not None:
                embed.add_field(name=board.title, value=rating_text(line), inline=False)
    for key, line in by_game.items():  # a game no longer registered keeps its numbers
        embed.add_field(name=key, value=stats_text(line), inline=False)
    if not embed.fields:
        embed.description = NOTHING_YET
    if rated:
        embed.set_footer(text=RATING_NOTE)
    return embed


def share_view(view: discord.ui.View | None = None) -> discord.ui.View:
    """A private answer's view with its Share button added (after its own buttons, if any)."""
    custom = CustomId(kind=SHARE_KIND, game_id=0, version=0, action="share")
    view = view or discord.ui.View(timeout=None)
    view.add_item(
        discord.ui.Button(label="Share in channel", custom_id=custom.encode(), emoji="📣")
    )
    return drawn(view)


async def share(interaction: discord.Interaction) -> None:
    """The private answer the button sits under, posted as it is to the channel (without
    buttons: a page turned there would turn it for everyone)."""
    message = interaction.message
    embeds = list(message.embeds) if message is not None else []
    if not embeds or not all((e.title or "").startswith(SHAREABLE) for e in embeds):
        await refuse(interaction, "There is nothing to share here any more.")
        return
    await answers.send(interaction, embeds=embeds)
