"""/history and /replay: a player's last games in this server, and any closed game replayed.

The history is private and paged; its buttons and its replay menu carry the player, the game
asked for and the page in their custom_id (`hi:<page>:0:<word>:<user>[.<game>]`), so they need
nothing in memory and still answer after a restart.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from bot.games.registry import GAMES
from bot.words import plural
from cogs import answers
from cogs.answers import PRIVATE, refuse
from cogs.components import drawn
from cogs.context import Desk
from cogs.custom_ids import HISTORY_KIND, CustomId
from cogs.replays import Replays
from storage import HISTORY_PAGE, HistoryEntry, HistoryPage

PAGE, REPLAY = "page", "replay"
MAX_PAGE = 10**6
"""No player has this many pages; a forged page past it is refused, not run as SQL."""

SAY = {
    "heading": "📜 Games of <@{user}>{game}",
    "none": "No finished games here yet.",
    "none_of": "No finished games of {game} here yet.",
    "footer": "Page {page}/{pages} · {games} · choose one below to replay it",
    "menu": "Replay one of these games",
    "gone": "That history page no longer exists. Use `/history` again.",
    "not_listed": "That game is not on this page any more. Use `/history` again.",
    "unknown_game": "There is no game called that. `/help` lists the games.",
}
COLOUR = 0x6366F1


@dataclass
class HistoryRequest:
    """Whose history, of which game, which page: all a page button needs."""

    user_id: int
    game: str | None
    page: int = 0

    def custom_id(self, word: str, page: int) -> str:
        arg = f"{self.user_id}.{self.game}" if self.game else str(self.user_id)
        return CustomId(kind=HISTORY_KIND, game_id=page, version=0, action=word, arg=arg).encode()

    @classmethod
    def from_custom_id(cls, custom: CustomId) -> HistoryRequest | None:
        user, _, game = (custom.arg or "").partition(".")
        if not user.isdigit() or custom.game_id > MAX_PAGE or (game and game not in GAMES):
            return None
        return cls(int(user), game or None, custom.game_id)


def title_of(game: str) -> str:
    entry = GAMES.get(game)
    return entry.info.title if entry is not None else game


def entry_line(entry: HistoryEntry) -> str:
    """`#12 <title> · <variant> · Won, 14 · <date> · message`: what, how it ended, when, where."""
    what = title_of(entry.game)
    if entry.daily is not None:
        what += f" · daily deal {entry.daily}"
    elif entry.variant:
        what += f" · {entry.variant.title()}"
    if entry.seats > 1:
        what += f" · {plural(entry.seats, 'seat')}"
    result = f"{entry.outcome.capitalize()}, {entry.score}"
    when = f"<t:{int(entry.finished_at)}:d>"
    line = f"**#{entry.game_id}** {what} · {result} · {when}"
    if entry.message_id is not None and entry.guild_id is not None:
        link = (
            f"https://discord.com/channels/{entry.guild_id}/{entry.channel_id}/{entry.message_id}"
        )
        line += f" · [message]({link})"
    return line


def pages_of(page: HistoryPage) -> int:
    return max(1, -(-page.total // HISTORY_PAGE))


def history_embed(request: HistoryRequest, page: HistoryPage) -> discord.Embed:
    game = f" · {title_of(request.game)}" if request.game else ""
    lines = [SAY["heading"].format(user=request.user_id, game=game), ""]
    if page.entries:
        lines += [entry_line(entry) for entry in page.entries]
    else:
        none = SAY["none_of"].format(game=title_of(request.game)) if request.game else SAY["none"]
        lines.append(none)
    embed = discord.Embed(description="\n".join(lines), colour=COLOUR)
    games = plural(page.total, "game")
    footer = SAY["footer"].format(page=request.page + 1, pages=pages_of(page), games=games)
    embed.set_footer(text=footer if page.entries else games)
    return embed


def history_view(request: HistoryRequest, page: HistoryPage) -> discord.ui.View:
    """A menu of the page's games to replay, then ◀ and ▶ where there is more than a page."""
    view = discord.ui.View(timeout=None)
    if page.entries:
        options = [
            discord.SelectOption(
                label=f"#{e.game_id} {title_of(e.game)}"[:100],
                description=f"{e.outcome.capitalize()}, {e.score}"[:100],
                value=str(e.game_id),
            )
            for e in page.entries
        ]
        menu: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=request.custom_id(REPLAY, request.page),
            placeholder=SAY["menu"],
            options=options,
        )
        view.add_item(menu)
    last = pages_of(page) - 1
    if last > 0:
        for label, target, disabled in [
            ("◀ Newer", request.page - 1, request.page <= 0),
            ("Older ▶", request.page + 1, request.page >= last),
        ]:
            view.add_item(
                discord.ui.Button(
                    label=label,
                    custom_id=request.custom_id(PAGE, max(0, min(target, last))),
                    disabled=disabled,
                )
            )
    return drawn(view)


class History:
    """/history and /replay, and the clicks on what they show."""

    def __init__(self, desk: Desk, replays: Replays) -> None:
        self.desk = desk
        self.replays = replays

    def commands(self) -> list[app_commands.Command[Any, ..., None]]:
        game_choices = [
            app_commands.Choice(name=game.info.title, value=key) for key, game in GAMES.items()
        ]

        @app_commands.describe(player="Whose games (default: yours)", game="Only games of this one")
        @app_commands.choices(game=game_choices)
        async def history(
            interaction: discord.Interaction,
            player: discord.User | None = None,
            game: app_commands.Choice[str] | None = None,
        ) -> None:
            who = player or interaction.user
            await self.show(
                interaction, HistoryRequest(who.id, game.value if game else None), False
            )

        @app_commands.describe(game="The game's number, as /history and its message show it")
        async def replay(
            interaction: discord.Interaction, game: app_commands.Range[int, 1, 2**53 - 1]
        ) -> None:
            await self.replays.open(interaction, game)

        history_command = app_commands.Command(
            name="history",
            description="A player's last games in this server, each with its replay",
            callback=history,
            extras={PRIVATE: True},
        )
        replay_command = app_commands.Command(
            name="replay",
            description="Replay a finished game step by step, privately",
            callback=replay,
            extras={PRIVATE: True},
        )
        return [app_commands.guild_only(history_command), app_commands.guild_only(replay_command)]

    async def show(
        self, interaction: discord.Interaction, request: HistoryRequest, edit: bool
    ) -> None:
        guild_id = interaction.guild_id or 0
        store = self.desk.store
        offset = request.page * HISTORY_PAGE
        page = await store.history(guild_id, request.user_id, request.game, offset, HISTORY_PAGE)
        if not page.entries and page.total and offset:  # past the end: the last page
            request.page = pages_of(page) - 1
            offset = request.page * HISTORY_PAGE
            page = await store.history(
                guild_id, request.user_id, request.game, offset, HISTORY_PAGE
            )
        embed, view = history_embed(request, page), history_view(request, page)
        if edit:
            await answers.update(interaction, embed=embed, view=view)
        else:
            await answers.send(interaction, embed=embed, view=view, ephemeral=True)

    async def click(
        self, interaction: discord.Interaction, custom: CustomId, values: list[str]
    ) -> None:
        """A page button, or a game chosen from the page's menu to replay."""
        request = HistoryRequest.from_custom_id(custom)
        if request is None or custom.action not in {PAGE, REPLAY}:
            await refuse(interaction, SAY["gone"])
            return
        if custom.action == PAGE:
            await self.show(interaction, request, edit=True)
            return
        if len(values) != 1 or not values[0].isdigit():
            await refuse(interaction, SAY["not_listed"])
            return
        await self.replays.open(interaction, int(values[0]))


async def history_click(
    interaction: discord.Interaction, custom: CustomId, values: list[str]
) -> None:
    """Where the click listener sends a history page's buttons and menu."""
    history = getattr(interaction.client, "history", None)
    if not isinstance(history, History):
        await refuse(interaction, SAY["gone"])
        return
    await history.click(interaction, custom, values)


async def replay_click(interaction: discord.Interaction, custom: CustomId) -> None:
    """Where the click listener sends a replay's buttons."""
    history = getattr(interaction.client, "history", None)
    if not isinstance(history, History):
        await refuse(interaction, SAY["gone"])
        return
    await history.replays.click(interaction, custom)
