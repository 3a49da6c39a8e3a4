"""The part of the dungeon a picture shows: a phone draws a picture about 330 px wide, so a grid
of more than `COLUMNS` columns would shrink its tiles below what a thumb can read (28 px), and
more than `ROWS` rows would stand the table taller than the screen. A bigger dungeon is shown
around the pawn that matters (the acting seat's, or the viewer's own), as much of it as fits;
the whole map stays in the text grid that My hand shows.

A narrow dungeon is shown `COLUMNS` wide all the same (bare felt either side): the tiles are
sized by the picture's width, and a narrow picture's big tiles would make it as tall as a page.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.dungeon.grid import Layout, Point, column_name, row_name

COLUMNS = 9
"""Columns a picture shows: a pawn's whole sight across, four cells either way."""
ROWS = 7
"""Rows a picture shows at most: three cells either way of the pawn, which keeps the table
within a phone's screen beside its text and buttons."""


def span(values: Sequence[int], focus: Sequence[int], size: int) -> list[int]:
    """A run of at most `size` of the sorted `values` that holds the first focus, as many of
    the other focuses as fit, and sits as nearly centred on the first as the edges allow."""
    if len(values) <= size:
        return list(values)
    if not focus:
        start = (len(values) - size) // 2
        return list(values[start : start + size])
    centre = min(range(len(values)), key=lambda i: abs(values[i] - focus[0]))
    starts = [
        s for s in range(len(values) - size + 1) if values[s] <= focus[0] <= values[s + size - 1]
    ]
    if not starts:
        starts = [max(0, min(centre - size // 2, len(values) - size))]

    def worth(start: int) -> tuple[int, int]:
        shown = values[start : start + size]
        held = sum(shown[0] <= f <= shown[-1] for f in focus[1:])
        return held, -abs(start + size // 2 - centre)

    best = max(starts, key=worth)
    return list(values[best : best + size])


class Window(Layout):
    """A layout cut down to the part a picture shows; names stay the layout's own."""

    def __init__(self, layout: Layout, focus: Sequence[Point]) -> None:
        xs = span(layout.xs, [x for x, _ in focus], COLUMNS)
        self.cut = len(xs) < len(layout.xs)
        while len(xs) < COLUMNS:  # bare felt east and west, by turns
            xs = [*xs, xs[-1] + 1] if len(xs) % 2 else [xs[0] - 1, *xs]
        self.xs = xs
        self.ys = span(layout.ys, [y for _, y in focus], ROWS)
        self.cut = self.cut or len(self.ys) < len(layout.ys)

    def caption(self) -> str:
        """What part is shown, when not all of it is ("Columns B–J, rows 2–10 in sight")."""
        if not self.cut:
            return ""
        columns = f"{column_name(self.xs[0])} to {column_name(self.xs[-1])}"
        rows = f"{row_name(self.ys[0])} to {row_name(self.ys[-1])}"
        return f"Columns {columns}, rows {rows} (the whole map: My hand)"
