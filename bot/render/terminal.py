"""A view model as plain text, for the terminal: the same facts as the Discord message."""

from __future__ import annotations

import re
from typing import TextIO

from bot.games.views import Field, HandView, RulesPage, TableView

RULES_WORD = "?"
"""Typed during a game: the rules of the game being played (its mode's page, where it has one)."""
CORE_RULES_WORD = "??"
"""Typed during a game: the game's core rules, which each mode's page builds on."""

WIDTH = 100
"""The widest line the move list writes (a terminal is often 100 columns or more)."""
GROUPED = 3
"""The fewest moves differing only in their cards that share one line."""
CARD = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]|🃏")
"""A card as a move's label writes it ("10♦", "A♠", a joker)."""

DISCORD_WORDS = {" (My hand)": "", "My hand": "your hand"}
"""Words that name a Discord button, in the order they are replaced: in a terminal the hand is
printed with the table, so "(My hand)" (where to answer) goes, and "from My hand" reads "from
your hand"."""


def strip_marks(text: str) -> str:
    """Discord's markdown (bold, code) and its no-break spaces (which keep a narrow screen from
    wrapping inside a hero's bar) mean nothing in a terminal."""
    return text.replace("**", "").replace("`", "").replace("\u00a0", " ")


def plain(text: str) -> str:
    """A line of the table or the hand as a terminal shows it: no markdown, and no pointer to a
    Discord button (`DISCORD_WORDS`)."""
    text = strip_marks(text)
    for word, said in DISCORD_WORDS.items():
        text = text.replace(word, said)
    return text


def _fields(fields: list[Field], out: TextIO) -> None:
    for field in fields:
        value = plain(field.value).replace("\n", "\n      ")
        out.write(f"  {plain(field.name)}: {value}\n")


def print_table(table: TableView, narration: list[str], out: TextIO) -> None:
    out.write(f"\n== {table.title} ==\n")
    for line in narration:
        out.write(plain(line) + "\n")
    _fields(table.fields, out)
    for line in table.footer.splitlines():
        out.write(f"  ({plain(line)})\n")


def print_hand(hand: HandView, out: TextIO) -> None:
    out.write(f"  {plain(hand.title)}: {plain(hand.description)}\n")
    _fields(hand.fields, out)


def grouped_lines(moves: list[tuple[str, str, bool]]) -> list[str]:
    """Numbered moves as lines: (tag, label, hinted) each on its own line ("  2) Vote stay
    (hint)"), but a run of at least `GROUPED` moves whose labels differ only in their cards on
    one line, wrapped at `WIDTH`: "  Quick Hands: 9) 2♠ 2♣ · 10) 2♠ 8♥ (hint) · ...". The game's
    order is kept, and every move is listed."""
    lines: list[str] = []
    start = 0
    while start < len(moves):
        frame = _frame(moves[start][1])
        end = start + 1
        while frame is not None and end < len(moves) and _frame(moves[end][1]) == frame:
            end += 1
        if frame is None or end - start < GROUPED:
            lines += [
                f"  {tag} {label}{'   (hint)' if hinted else ''}"
                for tag, label, hinted in moves[start:end]
            ]
        else:
            head, tail = frame
            items = [
                f"{tag} {label[len(head) : len(label) - len(tail)]}{' (hint)' if hinted else ''}"
                for tag, label, hinted in moves[start:end]
            ]
            lines += _wrapped(f"  {head.rstrip()}{f' …{tail}' if tail else ''}:", items)
        start = end
    return lines


def _frame(label: str) -> tuple[str, str] | None:
    """What a move's label says around its cards (before the first, after the last), or None
    when it names no card."""
    cards = list(CARD.finditer(label))
    if not cards:
        return None
    return label[: cards[0].start()], label[cards[-1].end() :]


def _wrapped(head: str, items: list[str]) -> list[str]:
    lines = [head]
    for item in items:
        joined = f"{lines[-1]} · {item}" if lines[-1] != head else f"{head} {item}"
        if len(joined) <= WIDTH or lines[-1] == head:
            lines[-1] = joined
        else:
            lines.append(f"      {item}")
    return lines


def rules_links(
    game: str, book: RulesPage, page: RulesPage, playing: bool
) -> list[tuple[str, str]]:
    """Where a page points in a terminal: a mode's page to the core rules, a core page to each
    mode's page; typed during a game (`playing`) or as a command."""
    if page is not book:
        how = f"type {CORE_RULES_WORD}" if playing else f"python -m bot rules {game}"
        return [("How to play", f"The core rules every mode shares: {how}.")]
    if not book.pages:
        return []
    lines = [
        f"• python -m bot rules {game} --mode {mode.key}: {mode.title}. {mode.summary}"
        for mode in book.pages
    ]
    return [("Each mode's own page", "\n".join(lines))]


def print_rules(page: RulesPage, out: TextIO, links: list[tuple[str, str]] | None = None) -> None:
    """A rules page, as /rules shows it in Discord, and where it points (`rules_links`)."""
    out.write(f"\n== Rules: {page.title} ==\n{strip_marks(page.summary)}\n")
    for heading, text in [*page.sections, *(links or [])]:
        out.write(f"\n{heading}\n{strip_marks(text)}\n")
    out.write("\n")
