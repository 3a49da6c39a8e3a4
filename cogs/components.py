"""Buttons and selects that outlive the process: everything a click needs is in its custom_id.

No view is kept in memory and none is registered: a click is routed by its custom_id alone
(cogs/channel_game.py), after a restart as before it, and the router trusts none of it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, TypeVar

import discord

from bot.games.views import Control
from cogs.custom_ids import ASK_KIND, GAME_KIND, HINT_KIND, SELECT_KIND, CustomId
from storage import GameRecord

SELECT_OPTIONS = 25
"""Discord lists at most this many options in a select."""
STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}
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
) -> discord.ui.Select[Any]:
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
    return select


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


def button(
    game_id: int, version: int, control: Control, kind: str = GAME_KIND
) -> discord.ui.Button[Any]:
    """A control's button; a move that is the game's hint carries kind h, so that pressing it
    is counted as taking a hint."""
    if control.hint and kind == GAME_KIND:
        kind = HINT_KIND
    if control.ask is not None and kind == GAME_KIND:
        kind = ASK_KIND
    custom = CustomId.for_action(game_id, version, control.action, kind)
    return discord.ui.Button(
        label=control.label,
        custom_id=custom.encode(),
        style=STYLES[control.style],
        row=control.row,
        disabled=control.disabled,
    )


ViewT = TypeVar("ViewT", bound=discord.ui.view.BaseView)


def drawn(view: ViewT) -> ViewT:
    """A view as this bot sends it: a drawing of components only, already stopped.

    Clicks are routed by their custom_id alone (cogs/channel_game.py), never through a view, so
    discord.py must not keep one: it stores every unfinished view sent with a message (and gives
    a private message's view a 15-minute timeout task), which grew without bound, a view per
    move. A finished view is sent the same and never stored."""
    view.stop()
    return view


def build_view(
    game_id: int, version: int, controls: list[Control], kind: str = GAME_KIND
) -> discord.ui.View:
    """Buttons for controls: a game's moves (kind g), or the table's own buttons (kind t)."""
    view = discord.ui.View(timeout=None)
    for control in controls:
        view.add_item(button(game_id, version, control, kind))
    return drawn(view)
