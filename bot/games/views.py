"""What a player sees, as plain data: the table, a private hand, a rules page.

Every game builds these from its state; the Discord layer turns them into embeds and buttons, the
terminal prints them, and neither knows which game drew them. A control carries an action's text
form, so pressing it plays exactly that action.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

Style = Literal["primary", "secondary", "success", "danger"]


class Field(BaseModel, frozen=True):
    name: str
    value: str
    inline: bool = True


class Control(BaseModel, frozen=True):
    """A button: the action it plays (its text form), how it looks, and where."""

    label: str
    action: str
    style: Style = "secondary"
    row: int | None = None
    disabled: bool = False


class TableView(BaseModel):
    """The public table: what every player in the channel may see."""

    title: str
    fields: list[Field] = []
    footer: str = ""
    controls: list[Control] = []


class HandCard(BaseModel, frozen=True):
    """A card in a private hand, as the picker offers it."""

    label: str
    value: str
    """What the picker sends back: the card's place and code ("3.9C"), so a stale pick is seen."""
    picked: bool = False


class HandView(BaseModel):
    """One seat's private view (its hand), built only for that seat."""

    title: str
    description: str
    fields: list[Field] = []
    footer: str = ""
    cards: list[HandCard] = []
    controls: list[Control] = []
    """The plays made of the picked cards, the hint first."""


class RulesPage(BaseModel):
    title: str
    summary: str
    sections: list[tuple[str, str]]


BOARDS_SECTION = (
    "Boards",
    "Every game you finish counts on this server's boards (`/leaderboard`, `/stats`). A game "
    "you abandon, or leave idle until it expires, counts as a **loss**, scored as a death at "
    "0 HP (minus every monster still in the dungeon): giving up never protects a record.",
)


def rulings_section(rulings: list[str]) -> tuple[str, str]:
    return ("Rulings", "\n".join(f"• {ruling}" for ruling in rulings))
