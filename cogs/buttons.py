"""Buttons that outlive the process: one DynamicItem class parses every game button's custom_id.

No view is kept in memory; after a restart discord.py rebuilds the item from the custom_id and
hands the click to the table service, which trusts none of it.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from cogs.custom_ids import GAME_KIND, SELECT_KIND, CustomId, decode, template

if TYPE_CHECKING:
    from cogs.game_ui import ButtonSpec

log = logging.getLogger(__name__)
SOMETHING_WENT_WRONG = "Something went wrong on my side. Your game is saved; try again in a moment."

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


class GameButton(discord.ui.DynamicItem[discord.ui.Button], template=template(GAME_KIND)):
    def __init__(self, custom: CustomId, button: discord.ui.Button | None = None) -> None:
        super().__init__(
            button or discord.ui.Button(custom_id=custom.encode(), label=custom.action)
        )
        self.custom = custom

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: Any
    ) -> GameButton:
        custom = decode(item.custom_id or "")
        assert custom is not None  # the template matched, so the codec does too
        return cls(custom, item)

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await interaction.client.table.click(interaction, self.custom)
        except Exception:  # logged, and the player told; the transaction kept the state whole
            log.exception("click %s failed", self.custom.encode())
            await interaction.client.table.refuse(interaction, SOMETHING_WENT_WRONG)


class GameSelect(discord.ui.DynamicItem[discord.ui.Select], template=template(SELECT_KIND)):
    """A game's select menu (a hand of cards, a lobby's classes), handled like its buttons."""

    def __init__(self, custom: CustomId, select: discord.ui.Select) -> None:
        super().__init__(select)
        self.custom = custom

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: Any
    ) -> GameSelect:
        custom = decode(item.custom_id or "")
        assert custom is not None
        return cls(custom, item)

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await interaction.client.table.select(interaction, self.custom, self.item.values)
        except Exception:
            log.exception("select %s failed", self.custom.encode())
            await interaction.client.table.refuse(interaction, SOMETHING_WENT_WRONG)


def build_view(game_id: int, version: int, specs: list[ButtonSpec]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for spec in specs:
        custom = CustomId(game_id=game_id, version=version, action=spec.action, arg=spec.arg)
        button = discord.ui.Button(
            label=spec.label,
            custom_id=custom.encode(),
            style=STYLES[spec.style],
            row=spec.row,
            disabled=spec.disabled,
        )
        view.add_item(GameButton(custom, button))
    return view
