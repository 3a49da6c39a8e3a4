"""A view model as plain text, for the terminal: the same facts as the Discord message."""

from __future__ import annotations

from typing import TextIO

from bot.games.views import Field, HandView, RulesPage, TableView


def strip_marks(text: str) -> str:
    """Discord's markdown (bold, code) and its no-break spaces (which keep a narrow screen from
    wrapping inside a hero's bar) mean nothing in a terminal."""
    return text.replace("**", "").replace("`", "").replace("\u00a0", " ")


def _fields(fields: list[Field], out: TextIO) -> None:
    for field in fields:
        value = strip_marks(field.value).replace("\n", "\n      ")
        out.write(f"  {field.name}: {value}\n")


def print_table(table: TableView, narration: list[str], out: TextIO) -> None:
    out.write(f"\n== {table.title} ==\n")
    for line in narration:
        out.write(strip_marks(line) + "\n")
    _fields(table.fields, out)
    for line in table.footer.splitlines():
        out.write(f"  ({strip_marks(line)})\n")


def print_hand(hand: HandView, out: TextIO) -> None:
    out.write(f"  {strip_marks(hand.title)}: {strip_marks(hand.description)}\n")
    _fields(hand.fields, out)


def print_rules(page: RulesPage, out: TextIO) -> None:
    """The game's rules page, as /rules shows it in Discord."""
    out.write(f"\n== Rules: {page.title} ==\n{strip_marks(page.summary)}\n")
    for heading, text in page.sections:
        out.write(f"\n{heading}\n{strip_marks(text)}\n")
    out.write("\n")
