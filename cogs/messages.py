"""A game's messages as Discord shows them: the table everyone sees, and a hand only its owner
sees. Built from a game's view models, the same way for every game, within Discord's limits."""

from __future__ import annotations

import asyncio
import io
from functools import partial
from typing import Any, TypedDict

import discord

from bot.games.definition import Match
from bot.games.views import Control, HandView, Menu, Picture
from bot.render.layout import TableLayout, table_layout
from bot.render.pictures import is_warm, render
from bot.settings import is_ranked
from bot.words import plural
from cogs.components import button, drawn, game_select
from cogs.context import hints_offered, settings_of
from cogs.custom_ids import SELECT_KIND, CustomId
from cogs.finished_buttons import history_buttons
from cogs.loading import narration_of
from cogs.panel_colour import COLOURS, panel_colour
from cogs.replies import is_table_notice
from cogs.table_layout import layout_view, table_button
from storage import GameRecord, GameStatus

DESCRIPTION_LIMIT = 4096
FIELD_LIMIT = 1024
NARRATION_LINES = 6
"""The voice's last lines a game keeps (the table shows the last two of them)."""
PICKER_LIMIT = 25

PLAY_AGAIN, SHARE, HAND, PICK, REMATCH = "again", "share", "hand", "pick", "rematch"
MOVE_MENU = "menu"
"""A select of moves on the table: the chosen option's value is the move's text form."""
MENU_OPTIONS = 25
HINT, HINDSIGHT, KEY = "hint", "hindsight", "key"
HAND_BUTTON = Control(label="🂠 My hand", action=HAND, style="primary")
KEY_BUTTON = Control(label="❔ Key", action=KEY)
"""What the table's words mean (its legend), told privately to whoever asks."""
LAST_ROW = 4
HINT_BUTTON = Control(label="💡 Hint", action=HINT, row=LAST_ROW)
"""After the game's moves, on their last row."""
HINDSIGHT_BUTTON = Control(label="🔍 Could I have won?", action=HINDSIGHT)
HAND_FOOTER = "Play from 🂠 My hand"


PICTURE_FILE = "table.png"


class MessageFields(TypedDict):
    view: discord.ui.LayoutView
    attachments: list[discord.File]
    """The table's picture, or none: an edit with an empty list takes an old picture off."""
    content: None
    embed: None
    """Both cleared: an edit may turn an old message of embeds into a Components V2 one only
    with its content and embeds taken off (a new message leaves them out)."""


async def table_message(record: GameRecord, match: Match, notice: str = "") -> MessageFields:
    """The game message for a record, whatever its status, as one Components V2 container
    (cogs/table_layout.py): the table, the voice's last lines, its picture while it is played,
    and the buttons that fit the status (plays, New game, Share, or none). The picture is drawn
    off the event loop."""
    layout, picture = laid_out(record, match, notice)
    buttons = partial(table_button, record.id, record.version)
    view = layout_view(layout, buttons, partial(menu_select, record))
    attachments = await _drawn(picture) if layout.picture else []
    return {"view": view, "attachments": attachments, "content": None, "embed": None}


def laid_out(
    record: GameRecord, match: Match, notice: str = ""
) -> tuple[TableLayout, Picture | None]:
    """The table laid out, and its picture to draw."""
    names = [p.display_name for p in record.players]
    table = match.table(names)
    active = record.status == GameStatus.ACTIVE
    notes = (
        table.footer,
        HAND_FOOTER if match.info.private_hands and active else "",
        f"💡 {plural(record.hints, 'hint')} taken: not ranked" if record.hints else "",
        "" if is_ranked(record.settings) else "🤝 A friend's deal, played again: not ranked",
    )
    table.footer = " · ".join(note for note in notes if note)
    owner = record.players[0].display_name if record.players else "?"
    hint = active and _alone_with(record, match.info.hints) and hints_offered(record)
    narration = narration_of(record)
    told = [line for line in narration if is_table_notice(line)]
    layout = table_layout(
        table,
        narration=narration,
        pinned=told[-1] if told else "",
        colour=COLOURS[panel_colour(record.status, record.players, match.results())],
        lead=table_controls(record, match) + ([KEY_BUTTON] if active and table.legend else []),
        trail=[HINT_BUTTON] if hint else [],
        byline=f"{owner}'s table · Game #{record.id}",
        picture=active and table.picture is not None and settings_of(record).pictures,
        notice=notice,
        active=active,
    )
    return layout, table.picture


def legend_text(record: GameRecord, match: Match) -> str:
    """The table's legend as its key button tells it: what its words mean now."""
    legend = match.table([p.display_name for p in record.players]).legend
    return "\n".join(f"- {line}" for line in legend.splitlines()) or "Nothing to explain here."


def menu_select(record: GameRecord, number: int, menu: Menu) -> discord.ui.Select[Any]:
    """A select of moves; its id carries its place, so two menus never share one."""
    options = [(o.label, o.action, o.description) for o in menu.options]
    return game_select(record, MOVE_MENU, number, menu.placeholder, options)


def _alone_with(record: GameRecord, capability: bool) -> bool:
    """Hints and solved deals are for a player alone at the table."""
    return capability and len(record.players) == 1


def table_controls(record: GameRecord, match: Match) -> list[Control]:
    """The table's own buttons, before the game's moves: My hand while a game with private
    hands runs, then New game or Share once it is over."""
    if record.status == GameStatus.ACTIVE:
        return [HAND_BUTTON] if match.info.private_hands else []
    if record.status == GameStatus.FINISHED and record.daily:
        share = Control(label="Share my result", action=SHARE, style="success")
        return [share, *([HINDSIGHT_BUTTON] if _alone_with(record, match.info.solver) else [])]
    if record.status == GameStatus.FINISHED:
        variant = again_variant(record, match)
        label = "New game" if variant == record.variant else f"New {variant} game"
        again = Control(label=label, action=PLAY_AGAIN, style="success")
        challenge = match.info.challenge
        rival_is_person = not any(p.is_bot for p in record.players)
        if challenge is not None and record.variant == challenge.variant and rival_is_person:
            rematch = Control(label="Rematch", action=REMATCH, style="primary")
            return [rematch, again, *history_buttons(record)]
        hindsight = [HINDSIGHT_BUTTON] if _alone_with(record, match.info.solver) else []
        return [again, *hindsight, *history_buttons(record)]
    return []


def again_variant(record: GameRecord, match: Match) -> str:
    """The same game again: a variant for two needs a challenge, so its button starts a solo."""
    info = match.info
    variant = info.variant(record.variant)
    if (info.lobby is None and variant.seats.min > 1) or info.is_challenge(variant.key):
        return info.new_variants[0].key if info.new_variants else info.default_variant
    return variant.key


async def hand_message(
    record: GameRecord, match: Match, seat: int, picked: list[str]
) -> dict[str, Any]:
    """A seat's own cards and plays, in a message only that player sees."""
    names = [p.display_name for p in record.players]
    hand = match.hand(seat, picked, names, hints=hints_offered(record))
    if hand is None:
        return {"content": "This game has no hand to show.", "embed": None, "view": None}
    embed = hand_embed(hand)
    attachments = await _picture(embed, hand.picture if settings_of(record).pictures else None)
    return {"embed": embed, "view": hand_view(record, hand), "attachments": attachments}


async def _picture(embed: discord.Embed, picture: Picture | None) -> list[discord.File]:
    """The picture drawn off the loop and shown as the embed's image; none to take one off."""
    if picture is None:
        return []
    embed.set_image(url=f"attachment://{PICTURE_FILE}")
    return await _drawn(picture)


async def _drawn(picture: Picture | None) -> list[discord.File]:
    """The picture as the message's one file. Once the card faces are drawn, a table renders
    in a millisecond or two, less than handing it to a thread and back costs on a busy
    machine (several ms), so it is drawn on the loop; until then, on a thread."""
    if picture is None:
        return []
    png = render(picture) if is_warm() else await asyncio.to_thread(render, picture)
    return [discord.File(io.BytesIO(png), filename=PICTURE_FILE)]


def hand_embed(hand: HandView) -> discord.Embed:
    embed = discord.Embed(
        title=hand.title[:256],
        description=hand.description[:DESCRIPTION_LIMIT],
        colour=COLOURS["active"],
    )
    for field in hand.fields[:25]:
        embed.add_field(name=field.name[:256], value=field.value[:FIELD_LIMIT], inline=field.inline)
    if hand.footer:
        embed.set_footer(text=hand.footer[:2048])
    return embed


def hand_view(record: GameRecord, hand: HandView) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if hand.cards:
        custom = CustomId(kind=SELECT_KIND, game_id=record.id, version=record.version, action=PICK)
        options = [
            discord.SelectOption(label=card.label, value=card.value, default=card.picked)
            for card in hand.cards[:PICKER_LIMIT]
        ]
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=custom.encode(),
            placeholder="Pick cards for your play",
            min_values=0,
            max_values=min(hand.max_picks, len(options)),
            options=options,
        )
        view.add_item(select)
    for control in hand.controls:
        view.add_item(button(record.id, record.version, control))
    for number, menu in enumerate(hand.menus):  # after the buttons: each takes a free row
        view.add_item(menu_select(record, number, menu))
    return drawn(view)
