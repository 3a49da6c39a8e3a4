"""A view model as plain text, for the terminal: the same facts as the Discord message."""

from __future__ import annotations

from typing import TextIO

from bot.games.views import Field, HandView, TableView


def _strip(text: str) -> str:
    return text.replace("**", "").replace("`", "")


def _fields(fields: list[Field], out: TextIO) -> None:
    for field in fields:
        value = _strip(field.value).replace("\n", "\n      ")
        out.write(f"  {field.name}: {value}\n")


def print_table(table: TableView, narration: list[str], out: TextIO) -> None:
    out.write(f"\n== {table.title} ==\n")
    for line in narration:
        out.write(_strip(line) + "\n")
    _fields(table.fields, out)
    if table.footer:
        out.write(f"  ({table.footer})\n")


def print_hand(hand: HandView, out: TextIO) -> None:
    out.write(f"  {hand.title}: {hand.description}\n")
    _fields(hand.fields, out)
