"""A view model as plain text, for the terminal: the same facts as the Discord message."""

from __future__ import annotations

import re
from collections import Counter
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
VALUE = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]|🃏|\b[A-Z]\d{1,2}\b")
"""What changes from one move to the next of a kind: a card as a label writes it ("10♦", "A♠",
a joker) or a cell of a grid ("F5")."""

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
    for line in [*table.footer.splitlines(), *table.legend.splitlines()]:
        out.write(f"  ({plain(line)})\n")


def print_hand(hand: HandView, out: TextIO) -> None:
    out.write(f"  {plain(hand.title)}: {plain(hand.description)}\n")
    _fields(hand.fields, out)


def grouped_lines(moves: list[tuple[str, str, bool]]) -> list[str]:
    """Numbered moves as lines: (tag, label, hinted) each on its own line ("  2) Vote stay
    (hint)"), but moves whose labels differ only in their last cards or cell (`VALUE`), at
    least `GROUPED` of them, on one line wrapped at `WIDTH`: "  Quick Hands: 9) 2♠ 2♣ · 10) 2♠ 8♥
    (hint) · ...". Such a line stands where its first move would, its moves in the game's order
    with their own numbers; every move is listed once."""
    frames = [_frame(label) for _, label, _ in moves]
    counts = Counter(frame for frame in frames if frame is not None)
    lines: list[str] = []
    done: set[tuple[str, str]] = set()
    for (tag, label, hinted), frame in zip(moves, frames, strict=True):
        if frame is None or counts[frame] < GROUPED:
            lines.append(f"  {tag} {label}{'   (hint)' if hinted else ''}")
            continue
        if frame in done:
            continue
        done.add(frame)
        head, tail = frame
        items = [
            f"{its_tag} {text[len(head) : len(text) - len(tail)]}{' (hint)' if its_hint else ''}"
            for (its_tag, text, its_hint), other in zip(moves, frames, strict=True)
            if other == frame
        ]
        lines += _wrapped(f"  {head.rstrip()}{f' …{tail}' if tail else ''}:", items)
    return lines


def _frame(label: str) -> tuple[str, str] | None:
    """What a move's label says around its last cards or cell ("Quick Hands " around "2♠ 8♥",
    "Place 7♦ at " before "F1"), or None when it names none: moves of one frame differ only
    there."""
    values = list(VALUE.finditer(label))
    if not values:
        return None
    first = len(values) - 1
    while first > 0 and label[values[first - 1].end() : values[first].start()] == " ":
        first -= 1
    return label[: values[first].start()], label[values[-1].end() :]


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
