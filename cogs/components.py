"""Buttons and selects that outlive the process: DynamicItems rebuilt from their custom_ids.

No view is kept in memory; after a restart discord.py rebuilds the item from the custom_id and
hands the click to the router, which trusts none of it.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.games.views import Control
from cogs.answers import refuse
from cogs.custom_ids import GAME_KIND, SELECT_KIND, TABLE_KIND, CustomId, decode, template
from cogs.replies import SOMETHING_WENT_WRONG
from storage import GameRecord

if TYPE_CHECKING:
    from cogs.router import Router

log = logging.getLogger(__name__)

SELECT_OPTIONS = 25
"""Discord lists at most this many options in a select."""
STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def router_of(client: discord.Client) -> Router:
    """The bot's click router: every DungeonBot has one from its setup hook on."""
    router = getattr(client, "router", None)
    if router is None:
        raise RuntimeError("this client routes no game clicks")
    return router


class GameButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=template(f"{GAME_KIND}|{TABLE_KIND}"),
):
    """A move of a game (kind g), or one of the table's own buttons (kind t)."""

    def __init__(self, custom: CustomId, button: discord.ui.Button[Any] | None = None) -> None:
        super().__init__(
            button or discord.ui.Button(custom_id=custom.encode(), label=custom.action)
        )
        self.custom = custom

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GameButton:
        custom = decode(getattr(item, "custom_id", None) or "")
        assert custom is not None  # the template matched, so the codec does too
        return cls(custom, item if isinstance(item, discord.ui.Button) else None)

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await router_of(interaction.client).click(interaction, self.custom)
        except Exception:  # logged, and the player told; the transaction kept the state whole
            log.exception("click %s failed", self.custom.encode())
            await refuse(interaction, SOMETHING_WENT_WRONG)


class GameSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=template(SELECT_KIND)):
    """A game's select menu (a hand of cards, a lobby's picks), handled like its buttons."""

    def __init__(self, custom: CustomId, select: discord.ui.Select[Any]) -> None:
        super().__init__(select)
        self.custom = custom

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GameSelect:
        custom = decode(getattr(item, "custom_id", None) or "")
        assert custom is not None  # the template matched, so the codec does too
        if not isinstance(item, discord.ui.Select):  # a forged id on another kind of component
            item = discord.ui.Select(custom_id=custom.encode())
        return cls(custom, item)

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await router_of(interaction.client).select(interaction, self.custom, self.item.values)
        except Exception:
            log.exception("select %s failed", self.custom.encode())
            await refuse(interaction, SOMETHING_WENT_WRONG)


OPTION_TEXT = 100
"""Discord's limit on an option's label and description."""


def game_select(
    record: GameRecord,
    action: str,
    number: int,
    placeholder: str,
    options: Sequence[tuple[str, str, str]],
    *,
    most: int = 1,
    row: int | None = None,
) -> GameSelect:
    """A select of a game's (or lobby's) choices, (label, value, description) each, whose id
    carries its action and its place, so two selects of one message never share an id."""
    custom = CustomId(
        kind=SELECT_KIND, game_id=record.id, version=record.version, action=action, arg=str(number)
    )
    shown = list(options)[:SELECT_OPTIONS]
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=custom.encode(),
        placeholder=placeholder[:150],
        options=[
            discord.SelectOption(
                label=label[:OPTION_TEXT], value=value, description=clipped(description)
            )
            for label, value, description in shown
        ],
        max_values=max(1, min(most, len(shown))),
        row=row,
    )
    return GameSelect(custom, select)


def clipped(text: str) -> str | None:
    """An option's description within Discord's limit, cut with an ellipsis."""
    if len(text) <= OPTION_TEXT:
        return text or None
    return text[: OPTION_TEXT - 1].rstrip() + "…"


def walk(components: Sequence[Any]) -> Iterator[Any]:
    """Every component of a message, depth first: inside rows, and in a Components V2 message
    inside containers and sections too (a section's button is its accessory)."""
    for component in components:
        yield component
        yield from walk(list(getattr(component, "children", None) or []))
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            yield accessory


def button(game_id: int, version: int, control: Control, kind: str = GAME_KIND) -> GameButton:
    custom = CustomId.for_action(game_id, version, control.action, kind)
    item: discord.ui.Button[Any] = discord.ui.Button(
        label=control.label,
        custom_id=custom.encode(),
        style=STYLES[control.style],
        row=control.row,
        disabled=control.disabled,
    )
    return GameButton(custom, item)


def build_view(
    game_id: int, version: int, controls: list[Control], kind: str = GAME_KIND
) -> discord.ui.View:
    """Buttons for controls: a game's moves (kind g), or the table's own buttons (kind t)."""
    view = discord.ui.View(timeout=None)
    for control in controls:
        view.add_item(button(game_id, version, control, kind))
    return view
