"""A table's layout as a Components V2 message: one container coloured by the game's state,
its text, its picture and its buttons.

Discord lets an edit turn a message of embeds into a Components V2 one (its content and embeds
cleared), never back: so once a table is posted this way, every later edit of that message is
a layout too, a notice included (`notice_view`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from bot.games.views import Menu
from bot.render.layout import MenuRow, Placed, Row, Section, TableLayout
from cogs.components import button, drawn
from cogs.custom_ids import GAME_KIND, TABLE_KIND

PICTURE_URL = "attachment://table.png"

SelectFor = Callable[[int, Menu], discord.ui.Item[Any]]
"""Builds a table's menu from its place among the menus."""
ButtonFor = Callable[[Placed], discord.ui.Item[Any]]
"""Builds a table's button, its custom_id included."""


def layout_view(
    layout: TableLayout, button_for: ButtonFor, select_for: SelectFor
) -> discord.ui.LayoutView:
    """The message's one container, top to bottom as the layout says. The buttons and menus
    are built by the caller, which knows what their custom_ids carry."""
    container: discord.ui.Container[Any] = discord.ui.Container(accent_colour=layout.colour)
    heading, *texts = layout.head_texts
    container.add_item(discord.ui.TextDisplay(heading))
    if layout.picture:
        item = discord.MediaGalleryItem(PICTURE_URL, description=layout.pictured[:1024] or None)
        container.add_item(discord.ui.MediaGallery(item))
    for text in texts:
        container.add_item(discord.ui.TextDisplay(text))
    for block in layout.blocks:
        if isinstance(block, Section):
            accessory = button_for(block.button)
            container.add_item(discord.ui.Section(block.text, accessory=accessory))
        elif isinstance(block, Row):
            row: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
            for placed in block.buttons:
                row.add_item(button_for(placed))
            container.add_item(row)
        elif isinstance(block, MenuRow):
            container.add_item(discord.ui.ActionRow(select_for(block.number, block.menu)))
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(container)
    return drawn(view)


def table_button(game_id: int, version: int, placed: Placed) -> discord.ui.Item[Any]:
    """A game's button: its id names the game and the version it was drawn at."""
    kind = TABLE_KIND if placed.own else GAME_KIND
    return button(game_id, version, placed.control.model_copy(update={"row": None}), kind)


def notice_view(text: str) -> discord.ui.LayoutView:
    """A message that only says something (a game moved to a new message, say): the one form
    both an old message of embeds and a Components V2 one can be edited into."""
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.Container(discord.ui.TextDisplay(text)))
    return drawn(view)


def without_picture(view: discord.ui.LayoutView) -> discord.ui.LayoutView:
    """The same view with the picture taken off (for a channel where the bot may not attach
    files), the facts only the picture showed (its description) put in its place as text: the
    view is built for one message, so it is changed in place."""
    for item in list(view.walk_children()):
        if isinstance(item, discord.ui.MediaGallery):
            parent = item.parent
            if isinstance(parent, discord.ui.Container):
                told = [media.description for media in item.items if media.description]
                children = list(parent.children)
                parent.clear_items()
                for child in children:
                    if child is not item:
                        parent.add_item(child)
                    elif told:
                        parent.add_item(discord.ui.TextDisplay("\n".join(told)))
    return view


def without_controls(message: discord.Message) -> discord.ui.LayoutView:
    """A Components V2 message as it stands, its buttons and menus taken off: a section keeps
    its text, a row goes."""
    view = discord.ui.LayoutView.from_message(message, timeout=None)
    stripped = discord.ui.LayoutView(timeout=None)
    for child in view.children:
        if isinstance(child, discord.ui.Container):
            kept = discord.ui.Container(accent_colour=child.accent_colour)
            for item in child.children:
                if isinstance(item, discord.ui.Section):
                    for text in item.children:
                        kept.add_item(text)
                elif not isinstance(item, discord.ui.ActionRow):
                    kept.add_item(item)
            if kept.children:
                stripped.add_item(kept)
        elif not isinstance(child, (discord.ui.ActionRow, discord.ui.Section)):
            stripped.add_item(child)
    return drawn(stripped)
