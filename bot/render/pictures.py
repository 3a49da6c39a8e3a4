"""A table's cards as a small PNG, for a Discord message: what a list of card codes can't show
at a glance on a phone.

The picture is a plain model (groups of cards, each card with an optional caption, and where a
game lays cards out on a grid, that grid: see grid_picture), so games build it like their other
views and the renderer knows no game. Rendering is a paste of cached
card images and text labels onto a felt panel (see card_faces), and whole pictures are cached
too: a table that did not change is not drawn again.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.games.cards import standard_deck
from bot.games.views import CardGroup, Grid, Picture, PictureCard
from bot.render import card_faces, grid_picture
from bot.render.card_faces import CARD_H, CARD_W, MARGIN, card_image, empty_slot, label
from bot.render.grid_picture import draw_grid, grid_width
from bot.render.palette import (
    CAPTION,
    DIM_CAPTION,
    TITLE,
    TRANSPARENCY,
    alpha_to_indices,
    blank,
)
from bot.render.phone_metrics import MEDIA_WIDTH, SMALLEST_TEXT
from bot.render.png import palette_png

MAX_WIDTH = 800
"""Widest picture at 1x: a phone shows it MEDIA_WIDTH px wide, so a wide picture of one row of
cards costs little of the screen's height."""
PAD = 14
CARD_GAP = 8
GROUP_GAP = 24
ROW_GAP = 10
TEXT_SIZE = math.ceil(SMALLEST_TEXT * MAX_WIDTH / MEDIA_WIDTH)
"""Titles and captions: the widest picture is shrunk to the phone's media width, and its text
must still read at SMALLEST_TEXT px."""
TITLE_SIZE = TEXT_SIZE
TITLE_H = TEXT_SIZE + 8
CAPTION_SIZE = TEXT_SIZE
CAPTION_H = TEXT_SIZE + 7
PANEL_RADIUS = 14


@dataclass(frozen=True, slots=True)
class _Block:
    """A group, or the part of one that fits a row, placed at x within its row."""

    title: str
    cards: tuple[PictureCard, ...]
    x: int

    @property
    def width(self) -> int:
        return _block_width(self.title, len(self.cards))


@dataclass(frozen=True, slots=True)
class _Row:
    blocks: tuple[_Block, ...]

    @property
    def width(self) -> int:
        last = self.blocks[-1]
        return last.x + last.width

    @property
    def titled(self) -> bool:
        return any(block.title for block in self.blocks)

    @property
    def captioned(self) -> bool:
        return any(card.caption for block in self.blocks for card in block.cards)

    @property
    def height(self) -> int:
        return TITLE_H * self.titled + CARD_H + 2 * MARGIN + CAPTION_H * self.captioned


INNER_WIDTH = MAX_WIDTH - 2 * PAD
CARD_STEP = CARD_W + CARD_GAP
CARDS_PER_ROW = (INNER_WIDTH - 2 * MARGIN + CARD_GAP) // CARD_STEP


def _cards_width(count: int) -> int:
    """Width of `count` cards side by side, shadows included (an empty group shows one slot)."""
    return max(1, count) * CARD_STEP - CARD_GAP + 2 * MARGIN


def _block_width(title: str, count: int) -> int:
    title_width = label(title, TITLE_SIZE, TITLE, INNER_WIDTH).width if title else 0
    return max(_cards_width(count), min(title_width + MARGIN, INNER_WIDTH))


def _pieces(group: CardGroup, per_row: int) -> list[tuple[str, tuple[PictureCard, ...]]]:
    """The group cut into rows' worth of cards; only the first piece carries the title."""
    cards = tuple(group.cards)
    if len(cards) <= per_row:
        return [(group.title, cards)]
    return [
        (group.title if start == 0 else "", cards[start : start + per_row])
        for start in range(0, len(cards), per_row)
    ]


def layout(picture: Picture) -> list[_Row]:
    """Groups placed left to right, a new row whenever the next would pass MAX_WIDTH (or the
    picture's own `row_cards`), at most the picture's `rows`."""
    per_row = min(picture.row_cards or CARDS_PER_ROW, CARDS_PER_ROW)
    inner = _cards_width(per_row) if picture.row_cards else INNER_WIDTH
    rows: list[_Row] = []
    blocks: list[_Block] = []
    x = 0
    for group in picture.groups:
        for title, cards in _pieces(group, per_row):
            width = _block_width(title, len(cards))
            if blocks and x + GROUP_GAP + width > inner:
                rows.append(_Row(tuple(blocks)))
                blocks, x = [], 0
            x += GROUP_GAP if blocks else 0
            blocks.append(_Block(title, cards, x))
            x += width
    if blocks:
        rows.append(_Row(tuple(blocks)))
    return rows if picture.rows is None else rows[: picture.rows]


def _size(rows: list[_Row]) -> tuple[int, int]:
    if not rows:
        return 2 * PAD + _cards_width(0), 2 * PAD + CARD_H + 2 * MARGIN
    width = max(row.width for row in rows) + 2 * PAD
    height = sum(row.height for row in rows) + ROW_GAP * (len(rows) - 1) + 2 * PAD
    return width, height


def _paste_centred(canvas: Image.Image, image: Image.Image, centre_x: int, y: int) -> None:
    canvas.paste(image, (centre_x - image.width // 2, y))


CAPTION_ROOM = CARD_W + CARD_GAP - 2


def least_size(width: int) -> int:
    """The smallest text a picture this wide may use: SMALLEST_TEXT px once a phone has shrunk
    it to its media width."""
    return min(CAPTION_SIZE, math.ceil(SMALLEST_TEXT * max(width, MEDIA_WIDTH) / MEDIA_WIDTH))


def caption_size(caption: str, least: int) -> int:
    """A caption's size: the largest, down to `least`, at which it fits under its card whole
    (below that, it is cut short)."""
    for size in range(CAPTION_SIZE, least - 1, -1):
        if label(caption, size, CAPTION, 10_000).width <= CAPTION_ROOM:
            return size
    return least


def _draw_block(canvas: Image.Image, block: _Block, row: _Row, top: int, least: int) -> None:
    left = PAD + block.x
    if block.title:
        title = label(block.title, TITLE_SIZE, TITLE, block.width - MARGIN)
        canvas.paste(title, (left + MARGIN, top + 2))
    cards_top = top + TITLE_H * row.titled
    if not block.cards:
        canvas.paste(empty_slot(), (left, cards_top))
    for index, card in enumerate(block.cards):
        x = left + index * CARD_STEP
        canvas.paste(card_image(card.card, card.dim), (x, cards_top))
        if card.caption:
            colour = DIM_CAPTION if card.dim else CAPTION
            size = caption_size(card.caption, least)
            caption = label(card.caption, size, colour, CAPTION_ROOM)
            _paste_centred(
                canvas, caption, x + MARGIN + CARD_W // 2, cards_top + CARD_H + 2 * MARGIN
            )


def text_sizes(picture: Picture) -> list[int]:
    """Each size of text the picture is drawn with, in pixels at 1x (titles, captions, a
    grid's labels and notes): what a phone shrinks along with the picture."""
    rows = layout(picture)
    least = least_size(picture_width(picture))
    sizes = [TITLE_SIZE] if any(row.titled for row in rows) else []
    sizes += [
        caption_size(card.caption, least)
        for row in rows
        for block in row.blocks
        for card in block.cards
        if card.caption
    ]
    return sizes + (grid_picture.text_sizes(picture.grid) if picture.grid is not None else [])


def picture_width(picture: Picture) -> int:
    """How wide the picture is drawn: its groups' rows, or its grid where that is wider."""
    width = _size(layout(picture))[0] if picture.groups or picture.grid is None else 0
    return max(width, grid_width(picture.grid) if picture.grid is not None else 0)


Corner = tuple[tuple[bool, bool], Image.Image]


@lru_cache(maxsize=8)
def _corners(radius: int) -> tuple[Corner, ...]:
    """A disc of the panel's opacity, smooth-edged, as palette indices, cut in quarters, each
    with its place (right, bottom): they round off the panel's corners so they blend into any
    chat theme."""
    big = Image.new("L", (8 * radius, 8 * radius), 0)
    ImageDraw.Draw(big).ellipse([0, 0, big.width - 1, big.height - 1], fill=255)
    disc = alpha_to_indices(big.reduce(4))
    r = radius
    return tuple(
        ((right, bottom), disc.crop((r * right, r * bottom, r * right + r, r * bottom + r)))
        for right in (False, True)
        for bottom in (False, True)
    )


def _round_corners(canvas: Image.Image) -> None:
    r = PANEL_RADIUS
    for (right, bottom), quarter in _corners(r):
        canvas.paste(quarter, ((canvas.width - r) * right, (canvas.height - r) * bottom))


def draw(picture: Picture) -> Image.Image:
    """The picture as a palette image (see palette): felt panel, titles, cards and captions,
    under its grid of cards if it has one (see grid_picture)."""
    if picture.grid is not None:
        return _with_grid(picture, picture.grid)
    canvas = _draw_groups(picture)
    _round_corners(canvas)
    return canvas


def _draw_groups(picture: Picture) -> Image.Image:
    rows = layout(picture)
    canvas = blank(_size(rows))
    least = least_size(picture_width(picture))
    top = PAD
    for row in rows:
        for block in row.blocks:
            _draw_block(canvas, block, row, top, least)
        top += row.height + ROW_GAP
    return canvas


def _with_grid(picture: Picture, grid: Grid) -> Image.Image:
    """The grid, and the groups (if any) below it, on one panel."""
    parts = [draw_grid(grid)]
    if picture.groups:
        below = _draw_groups(picture)
        parts.append(below.crop((0, PAD, below.width, below.height)))  # one pad between
    canvas = blank((max(part.width for part in parts), sum(part.height for part in parts)))
    top = 0
    for part in parts:
        canvas.paste(part, (0, top))
        top += part.height
    _round_corners(canvas)
    return canvas


def encode(image: Image.Image) -> bytes:
    """PNG bytes of a palette image, with the clear felt of its corners."""
    return palette_png(image, TRANSPARENCY)


@dataclass(frozen=True, slots=True)
class _Keyed:
    """A picture known by its JSON, which stands in for it in the cache: the model's lists make
    it unhashable. The picture itself is drawn on a miss, not read back from the JSON."""

    json: str
    picture: Picture = field(compare=False, hash=False)


@lru_cache(maxsize=256)
def _rendered(keyed: _Keyed) -> bytes:
    return encode(draw(keyed.picture))


def render(picture: Picture) -> bytes:
    """The picture as PNG bytes, the same bytes for the same picture.

    Cached: a table redrawn for a click that changed nothing, or shared by several messages,
    is encoded once.
    """
    return _rendered(_Keyed(picture.model_dump_json(), picture))


def warm_up() -> None:
    """Draw every card face, dim or not, and the card back ahead of need (about a second, best
    on a worker thread at start-up): the first tables after a restart then render as fast as
    any other."""
    for card in standard_deck(jokers=1):
        for dim in (False, True):
            card_image(card.code, dim)
    card_image(None)
    card_image(None, dim=True)
    _warm.set()


def is_warm() -> bool:
    """Whether every card face is drawn: a table then renders in a millisecond or two, while
    one that must draw its faces first takes a tenth of a second."""
    return _warm.is_set()


_warm = threading.Event()


def clear_caches(drawings: bool = True) -> None:
    """Forget rendered pictures and, unless drawings is False, every drawn card and label: for
    measuring a render from nothing, or from cards already drawn."""
    _rendered.cache_clear()
    if drawings:
        _warm.clear()
        card_faces.clear_caches()
        grid_picture.tile.cache_clear()
