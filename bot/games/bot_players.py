"""What bot players are called, wherever they sit: a Discord lobby or the terminal."""

from __future__ import annotations

BOT_NAMES = ("Rook", "Wren", "Bramble", "Ivy", "Moss", "Flint", "Sable")


def bot_name(number: int) -> str:
    """The name of the `number`-th bot at a table (from 0), distinct for any table size."""
    name = BOT_NAMES[number % len(BOT_NAMES)]
    return name if number < len(BOT_NAMES) else f"{name} {number // len(BOT_NAMES) + 1}"
