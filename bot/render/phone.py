"""How tall a table's message stands on a phone: an estimate, so the tallest can be tracked.

Discord's mobile client is not open to measure, so the height is modelled from its usual sizes
on a screen 400 px wide (CSS pixels):

- the message starts after the avatar column: media and the container are 330 px wide, and the
  container's text 306 px (12 px of padding on either side), under a 22 px author line;
- text is 16 px with 20 px lines, about 7.5 px a character (an emoji or a wide glyph counts as
  two); a `###` heading is 20 px bold with 26 px lines, 9.5 px a character; `-#` small print is
  13 px with 16 px lines, 6 px a character; a code block's lines are 14 px monospace, 18 px
  lines, 8.4 px a character, with 8 px of padding above and below; markdown marks take no room;
  a line that does not fit wraps;
- the picture is scaled to 330 px wide (never enlarged);
- a button is 32 px tall, as wide as its label (8 px a character) plus 32 px, at most the
  container's width; a row's buttons wrap onto further lines of 40 px when they do not fit (the
  layout packs rows so that they do: on a phone, buttons too wide for their row are cut
  short); a section's button sits beside its text, whose width it takes; a menu is 40 px;
- a picture's text is its font's size times the picture's scale;
- 8 px separate the container's parts, and 12 px pad its top and bottom.
"""

from __future__ import annotations

from bot.render.layout import MenuRow, Row, Section, TableLayout
from bot.render.phone_metrics import (
    BUTTON_HEIGHT,
    GAP,
    MARKS,
    MEDIA_WIDTH,
    PADDING,
    SCREEN,
    TEXT_WIDTH,
    button_width,
    text_width,
)

AUTHOR_LINE = 22
BUTTON_LINE = BUTTON_HEIGHT + GAP
MENU_HEIGHT = 40
BODY = (7.5, 20)
HEADING = (9.5, 26)
SMALL = (6.0, 16)
CODE = (8.4, 18)
"""(pixels a character, pixels a line) of each kind of text."""
CODE_FENCE = 8
"""A code block's padding, top or bottom, where its fence lines are."""

HOW = (
    f"estimated on a phone {SCREEN} px wide: a {AUTHOR_LINE} px author line, then the"
    f" container ({MEDIA_WIDTH} px wide, {TEXT_WIDTH} px of text): the picture scaled to"
    f" {MEDIA_WIDTH} px, text wrapped at ~7.5 px a character on 20 px lines (headings 26 px,"
    f" small print 16 px, code 18 px), buttons {BUTTON_HEIGHT} px wrapping onto"
    f" {BUTTON_LINE} px lines, menus {MENU_HEIGHT} px, {GAP} px between parts"
)
"""The model in one line, printed with the figures it gave."""


def text_height(text: str, width: float = TEXT_WIDTH) -> int:
    """A text display's height: each line by its kind (heading, small print, body), wrapped."""
    height, code = 0, False
    for line in text.splitlines() or [""]:
        if line.startswith("```"):
            code, height = not code, height + CODE_FENCE
            continue
        if code:
            per_char, line_px = CODE
        elif line.startswith("### "):
            (per_char, line_px), line = HEADING, line[4:]
        elif line.startswith("-# "):
            (per_char, line_px), line = SMALL, line[3:]
        else:
            per_char, line_px = BODY
        lines = max(1, -int(-text_width(line, per_char) // width))
        height += lines * line_px
    return height


def row_height(labels: list[str]) -> int:
    """A row of buttons, wrapped onto as many lines as their widths need."""
    lines, used = 1, 0.0
    for label in labels:
        width = button_width(label)
        if used and used + GAP + width > TEXT_WIDTH:
            lines, used = lines + 1, width
        else:
            used += (GAP if used else 0) + width
    return lines * BUTTON_LINE - GAP


def phone_parts(
    layout: TableLayout, picture: tuple[int, int] | None = None
) -> list[tuple[str, int]]:
    """The message's parts top to bottom, each with its estimated height in pixels: what a
    table spends its height on. `picture` is the drawn picture's (width, height), when the
    message shows one."""
    parts = [("heading", text_height(layout.heading))]
    if layout.picture and picture is not None:
        width, height = picture
        parts.append(("picture", round(height * picture_scale(width))))
    parts += [(_first_words(text), text_height(text)) for text in layout.head_texts[1:]]
    for block in layout.blocks:
        if isinstance(block, Section):
            beside = button_width(block.button.control.label)
            room = max(TEXT_WIDTH / 3, TEXT_WIDTH - beside - GAP)
            height = max(BUTTON_HEIGHT, text_height(block.text, room))
            parts.append((f"{_first_words(block.text)} + button", height))
        elif isinstance(block, Row):
            labels = [placed.control.label for placed in block.buttons]
            parts.append((f"{len(labels)} button(s)", row_height(labels)))
        elif isinstance(block, MenuRow):
            parts.append(("menu", MENU_HEIGHT))
    return parts


def phone_height(layout: TableLayout, picture: tuple[int, int] | None = None) -> int:
    """The message's estimated height in pixels; `picture` is the drawn picture's (width,
    height), when the message shows one."""
    heights = [height for _, height in phone_parts(layout, picture)]
    return AUTHOR_LINE + 2 * PADDING + sum(heights) + GAP * (len(heights) - 1)


def picture_scale(width: int) -> float:
    """How much a picture that wide is scaled to show on the phone (never enlarged)."""
    return min(1.0, MEDIA_WIDTH / width)


def smallest_text(sizes: list[int], width: int) -> float | None:
    """The smallest text of a picture `width` px wide drawn with text of these `sizes`, as the
    phone shows it; None for a picture without text."""
    return round(min(sizes) * picture_scale(width), 1) if sizes else None


def _first_words(text: str) -> str:
    plain = MARKS.sub("", text.splitlines()[0] if text else "")
    return plain[:28] + ("…" if len(plain) > 28 else "")
