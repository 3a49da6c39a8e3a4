"""/leaderboard and /stats: the server's boards, paged with buttons that survive restarts."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import discord
from discord import app_commands
from pydantic import BaseModel

from bot.games.definition import Board
from bot.games.registry import GAMES
from bot.words import plural
from cogs import answers
from cogs.answers import PRIVATE, refuse
from cogs.components import drawn
from cogs.custom_ids import BOARD_KIND, CustomId
from cogs.player_stats import RatedLine, rated_line, share_view, stats_embed
from cogs.replies import clipped
from storage import BOARD_SIZE, BoardEntry, BoardPage, BoardQuery, Store
from storage.periods import period_key

log = logging.getLogger(__name__)


def all_boards() -> dict[str, Board]:
    """Every board of every registered game, by key."""
    return {board.key: board for game in GAMES.values() for board in game.info.boards}


def title_of(game: str) -> str:
    """A results row's game (or rating pool) as people call it."""
    if game in GAMES:
        return GAMES[game].info.title
    return next((b.title for b in all_boards().values() if b.game == game), game)


MAX_PAGE = 10**6
"""No server has this many pages; a forged page number past it is refused, not run as SQL."""
PERIODS = {"all": "all time", "month": "this month", "week": "this week", "daily": "today"}
MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}


class BoardRequest(BaseModel, frozen=True):
    board: str
    variant: str | None
    period: str
    page: int = 0

    def custom_id(self, page: int) -> str:
        """`lb:<page>:0:<board>:<variant's place>_<period>`: the variant goes by its place on
        the board, so any variant key fits (`quest-beginner` has a character ids can't hold)."""
        variants = all_boards()[self.board].variants
        place = str(variants.index(self.variant)) if self.variant in variants else "any"
        action = self.board.replace("-", "_")
        arg = f"{place}_{self.period}"
        return CustomId(kind=BOARD_KIND, game_id=page, version=0, action=action, arg=arg).encode()

    @classmethod
    def from_custom_id(cls, custom: CustomId) -> BoardRequest | None:
        """The request a page button names, or None; earlier buttons named the variant itself."""
        place, _, period = (custom.arg or "").rpartition("_")
        board = all_boards().get(custom.action.replace("_", "-"))
        if board is None or period not in PERIODS or custom.game_id > MAX_PAGE:
            return None
        if place.isdigit() and int(place) < len(board.variants):
            variant: str | None = board.variants[int(place)]
        elif place in board.variants:
            variant = place
        else:
            variant = None
        return cls(board=board.key, variant=variant, period=period, page=custom.game_id)


def score_text(entry: BoardEntry, board: Board) -> str:
    """A best as the board counts it: "4", a rating as a whole number, "4 · 1 fall"."""
    return board.told(entry.score, entry.tiebreak)


def entry_line(entry: BoardEntry, board: Board) -> str:
    medal = MEDALS.get(entry.rank, f"`#{entry.rank}`")
    score = score_text(entry, board)
    games = plural(entry.games, "game")
    return f"{medal} **{discord.utils.escape_markdown(entry.display_name)}**: {score} ({games})"


def board_embed(request: BoardRequest, page: BoardPage, caller: str) -> discord.Embed:
    board = all_boards()[request.board]
    variant = f" · {request.variant.title()}" if request.variant and not board.daily else ""
    when = "today's deal" if board.daily else PERIODS[request.period]
    if board.rated:
        when = "ratings, all time"
    lines = [entry_line(e, board) for e in page.entries] or ["No results yet. Be the first!"]
    if page.caller is not None:
        mine = page.caller
        mine_text = f"{board.unit} {score_text(mine, board)}"
        lines.append(f"\nYou ({caller}): #{mine.rank} of {page.players}, {mine_text}")
    else:
        lines.append(f"\nYou ({caller}): not on this board yet.")
    pages = max(1, -(-page.players // BOARD_SIZE))
    embed = discord.Embed(
        title=f"🏆 {board.title}{variant} · {when}", description="\n".join(lines), colour=0xEAB308
    )
    players = plural(page.players, "player")
    then = f", then fewest {board.tiebreak}s" if board.tiebreak else ""
    best = f"best {board.unit} counts{then}"
    footer = f"Page {request.page + 1}/{pages} · {players} · {best}"
    embed.set_footer(text=footer)
    return embed


def board_view(request: BoardRequest, players: int) -> discord.ui.View:
    """Previous and Next, greyed at either end; none at all for a board of one page."""
    last_page = max(0, -(-players // BOARD_SIZE) - 1)
    view = discord.ui.View(timeout=None)
    if last_page == 0 and request.page == 0:
        return drawn(view)
    for label, page, disabled in [
        ("◀ Previous", request.page - 1, request.page <= 0),
        ("Next ▶", request.page + 1, request.page >= last_page),
    ]:
        button = discord.ui.Button(
            label=label, custom_id=request.custom_id(max(0, page)), disabled=disabled
        )
        view.add_item(button)
    return drawn(view)


async def turn_page(interaction: discord.Interaction, custom: CustomId) -> None:
    """A board's Previous or Next: its custom_id carries the whole request."""
    request = BoardRequest.from_custom_id(custom)
    boards = getattr(interaction.client, "boards", None)
    if request is None or not isinstance(boards, Boards):
        await refuse(interaction, "That board no longer exists.")
        return
    await boards.show(interaction, request, edit=True)


class Boards:
    """/leaderboard and /stats over every registered game's boards."""

    def __init__(self, store: Store, clock: Callable[[], float]) -> None:
        self.store = store
        self.clock = clock

    def commands(self) -> list[app_commands.Command[Any, ..., None]]:
        """The commands, their choices made from the boards registered now."""
        boards = all_boards()
        default = next(iter(boards))

        async def leaderboard(
            interaction: discord.Interaction,
            game: app_commands.Choice[str] | None = None,
            variant: str | None = None,
            period: app_commands.Choice[str] | None = None,
        ) -> None:
            key = game.value if game else default
            await self.leaderboard(interaction, key, variant, period.value if period else "all")

        async def variants_of_the_chosen_board(
            interaction: discord.Interaction, typed: str
        ) -> list[app_commands.Choice[str]]:
            """The variants of the board chosen in the same command (or the default one), so
            no board offers another's variants."""
            chosen = getattr(interaction.namespace, "game", None)
            board = boards.get(str(chosen) if chosen else default)
            if board is None:
                return []
            return [
                app_commands.Choice(name=variant.title(), value=variant)
                for variant in board.variants
                if typed.lower() in variant.lower()
            ][:25]

        async def stats(interaction: discord.Interaction, user: discord.User | None = None) -> None:
            await self.stats(interaction, user)

        board_choices = [app_commands.Choice(name=b.title, value=key) for key, b in boards.items()]
        period_choices = [
            app_commands.Choice(name=text.capitalize(), value=key) for key, text in PERIODS.items()
        ]
        leaderboard_command = app_commands.guild_only(
            app_commands.Command(
                name="leaderboard",
                description="This server's best players",
                callback=app_commands.autocomplete(variant=variants_of_the_chosen_board)(
                    app_commands.choices(game=board_choices, period=period_choices)(
                        app_commands.describe(
                            game=f"Which board (default: {boards[default].title})",
                            variant="Which variant of that board",
                            period="Since when",
                        )(leaderboard)
                    )
                ),
                extras={PRIVATE: True},
            )
        )
        stats_command = app_commands.guild_only(
            app_commands.Command(
                name="stats",
                description="A player's games, wins, best scores and streaks",
                callback=app_commands.describe(user="Whose stats (default: yours)")(stats),
                extras={PRIVATE: True},
            )
        )
        return [leaderboard_command, stats_command]

    async def leaderboard(
        self, interaction: discord.Interaction, key: str, variant: str | None, period: str
    ) -> None:
        board = all_boards().get(key)
        if board is None:
            await refuse(interaction, "There is no such board. `/help` lists the games.")
            return
        chosen = variant if variant and board.variants else board.default_variant
        if board.variants and chosen not in board.variants:
            known = ", ".join(board.variants)
            await refuse(
                interaction, f"{board.title} has no variant {clipped(chosen or '')}: {known}."
            )
            return
        request = BoardRequest(board=key, variant=chosen, period=period)
        await self.show(interaction, request, edit=False)

    async def show(
        self, interaction: discord.Interaction, request: BoardRequest, edit: bool
    ) -> None:
        page = await self._page(interaction, request)
        embed = board_embed(request, page, interaction.user.display_name)
        view = share_view(board_view(request, page.players))
        if edit:
            await answers.update(interaction, embed=embed, view=view)
        else:
            await answers.send(interaction, embed=embed, view=view, ephemeral=True)

    async def _page(self, interaction: discord.Interaction, request: BoardRequest) -> BoardPage:
        board, store = all_boards()[request.board], self.store
        offset = request.page * BOARD_SIZE
        guild_id = interaction.guild_id or 0
        if board.rated:
            return await store.rating_board(guild_id, board.game, interaction.user.id, offset)
        now = self.clock()
        daily = datetime.fromtimestamp(now, UTC).date().isoformat() if board.daily else None
        query = BoardQuery(
            guild_id=guild_id,
            game=board.game,
            variant=request.variant,
            daily=daily,
            period="all" if board.daily else period_key(request.period, now),
        )
        page = await store.leaderboard(query, interaction.user.id, offset)
        if not page.entries and offset:  # past the end (the board shrank): show the last page
            last = max(0, (page.players - 1) // BOARD_SIZE) * BOARD_SIZE
            page = await store.leaderboard(query, interaction.user.id, last)
        return page

    async def stats(self, interaction: discord.Interaction, user: discord.User | None) -> None:
        """The player's summary, privately, with a button to show it to the channel."""
        who = user or interaction.user
        guild_id = interaction.guild_id or 0
        stats = await self.store.player_stats(guild_id, who.id)
        rated: list[RatedLine] = []
        for board in all_boards().values():
            if board.rated:
                rating = (await self.store.ratings(guild_id, board.game, [who.id])).get(who.id)
                if rating is not None:
                    page = await self.store.rating_board(guild_id, board.game, who.id, 0, 1)
                    rated.append(rated_line(board, rating, page))
        embed = stats_embed(who.display_name, stats, rated)
        await answers.send(interaction, embed=embed, view=share_view(), ephemeral=True)
