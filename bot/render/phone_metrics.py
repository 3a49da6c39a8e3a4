"""The sizes of Discord's mobile client on a screen 400 px wide, as bot/render/phone.py models
them: shared with the layout, which packs a row's buttons to the width a phone gives them
(a row too wide for it cuts its labels short there)."""

from __future__ import annotations

import re
import unicodedata

SCREEN = 400
MEDIA_WIDTH = 330
PADDING = 12
TEXT_WIDTH = MEDIA_WIDTH - 2 * PADDING
GAP = 8
BUTTON_HEIGHT = 32
BUTTON_PADDING = 32
BUTTON_CHAR = 8.0
SMALLEST_TEXT = 10
"""The smallest text a picture may show on the phone, in pixels (its font's size, scaled as
the picture is)."""
MARKS = re.compile(r"\*\*|__|`|~~|\|\|")


def text_width(text: str, per_char: float) -> float:
    """The width of one line of text, markdown marks left out and wide glyphs counted twice."""
    plain = MARKS.sub("", text)
    wide = sum(1 for c in plain if unicodedata.east_asian_width(c) in "WF" or ord(c) > 0x1F000)
    return (len(plain) + wide) * per_char


def button_width(label: str) -> float:
    return min(TEXT_WIDTH, text_width(label, BUTTON_CHAR) + BUTTON_PADDING)


def fits_one_line(labels: list[str]) -> bool:
    """Whether buttons with these labels stand side by side on a phone, none cut short."""
    widths = [text_width(label, BUTTON_CHAR) + BUTTON_PADDING for label in labels]
    return sum(widths) + GAP * max(0, len(widths) - 1) <= TEXT_WIDTH
