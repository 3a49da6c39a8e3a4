"""A grid of cards (a dungeon laid out on the table) as a palette image, for pictures.render.

A dungeon can be a dozen cells wide, so its cards are drawn as square tiles, not as whole card
faces: the rank large and the suit below it, which is what a phone can read at a glance. Face-down
cards show the card back's lattice, walls are dark bricks with their rank (a matching black card
destroys them), monsters are framed in red with an arrow on the side they face, pawns are round
tokens. Columns and rows carry the names the table's text and buttons use ("C3").

Like the card faces, each tile is drawn once per look and size, in the shared palette, and the
picture is a paste of tiles and labels onto the felt.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.games.cards import Card, CardParseError
from bot.games.views import Grid, GridCell
from bot.render.card_faces import SHAPES, font, label, symbol
from bot.render.palette import (
    BACK_BORDER,
    BACK_FILL,
    BACK_LINES,
    BLACK,
    CAPTION,
    CARD_EDGE,
    CARD_PAPER,
    FACE_PANEL,
    FELT,
    JOKER_PURPLE,
    RED,
    RGB,
    SLOT,
    TITLE,
    blank,
    dim_level,
    to_palette,
)
from bot.render.phone_metrics import MEDIA_WIDTH, SMALLEST_TEXT

MAX_WIDTH = 800
"""As wide as the card pictures at most, so a phone shows the grid about 400 px wide."""
PAD = 14
TILE_MAX = 84
TILE_MIN = 40
"""The smallest tile still shows a rank a phone can read; a wider dungeon makes a wider picture."""
LABEL_SIZE = math.ceil(SMALLEST_TEXT * MAX_WIDTH / MEDIA_WIDTH)
"""Column and row names, and the title: still SMALLEST_TEXT px once the widest grid is shrunk
to the phone's media width."""
LABEL_W = LABEL_SIZE + 16
LABEL_H = LABEL_SIZE + 8
TITLE_SIZE = LABEL_SIZE
TITLE_H = TITLE_SIZE + 10
SUPERSAMPLE = 3
BRICK: RGB = (74, 74, 80)
WALL_INK: RGB = (196, 190, 176)
PAWN_COLOURS: tuple[RGB, ...] = (JOKER_PURPLE, BACK_FILL)
"""Player 1's token, player 2's token."""


@dataclass(frozen=True, slots=True)
class Look:
    """What a tile shows, without where: tiles are cached by look and size."""

    card: str | None
    face_down: bool
    wall: bool
    facing: str | None
    new: bool
    pawn: int | None
    slot: bool
    note: str
    dim: bool
    mark: bool

    @classmethod
    def of(cls, cell: GridCell) -> Look:
        return cls(
            card=cell.card,
            face_down=cell.face_down,
            wall=cell.wall,
            facing=cell.facing,
            new=cell.new,
            pawn=cell.pawn,
            slot=cell.slot,
            note=cell.note,
            dim=cell.dim,
            mark=cell.mark,
        )


def tile_size(columns: int) -> int:
    """The largest tile that fits the columns in MAX_WIDTH, within TILE_MIN..TILE_MAX."""
    room = MAX_WIDTH - 2 * PAD - LABEL_W
    return max(TILE_MIN, min(TILE_MAX, room // max(1, columns) - gap(TILE_MAX)))


def gap(size: int) -> int:
    return max(3, size // 14)


def grid_width(grid: Grid) -> int:
    size = tile_size(len(grid.columns))
    return 2 * PAD + LABEL_W + max(1, len(grid.columns)) * (size + gap(size))


def draw_grid(grid: Grid) -> Image.Image:
    """The grid as a palette image on the felt (square corners: the caller rounds the panel)."""
    size = tile_size(len(grid.columns))
    step = size + gap(size)
    title_h = TITLE_H if grid.title else 0
    width = grid_width(grid)
    height = 2 * PAD + title_h + LABEL_H + max(1, len(grid.rows)) * step
    canvas = blank((width, height))
    if grid.title:
        canvas.paste(label(grid.title, TITLE_SIZE, TITLE, width - 2 * PAD), (PAD, PAD))
    left, top = PAD + LABEL_W, PAD + title_h + LABEL_H
    for index, name in enumerate(grid.columns):
        text = label(name, LABEL_SIZE, TITLE, step)
        x = left + index * step + (size - text.width) // 2
        canvas.paste(text, (x, top - LABEL_H + (LABEL_H - text.height) // 2))
    for index, name in enumerate(grid.rows):
        text = label(name, LABEL_SIZE, TITLE, LABEL_W)
        y = top + index * step + (size - text.height) // 2
        canvas.paste(text, (PAD + (LABEL_W - 6 - text.width) // 2, y))
    for cell in grid.cells:
        if 0 <= cell.col < len(grid.columns) and 0 <= cell.row < len(grid.rows):
            canvas.paste(tile(Look.of(cell), size), (left + cell.col * step, top + cell.row * step))
    return canvas


# ---- tiles ------------------------------------------------------------------------------------


@lru_cache(maxsize=512)
def tile(look: Look, size: int) -> Image.Image:
    """One cell's tile, size x size, laid on the felt in the shared palette; never changed."""
    s = size * SUPERSAMPLE
    image = Image.new("RGBA", (s, s), (*FELT, 255))
    if look.slot:
        _slot(image)
    elif look.face_down:
        _back(image)
    elif look.card is not None and look.wall:
        _wall(image, look.card)
    elif look.card is not None and (look.facing is not None or look.new):
        _monster(image, look.card, look.facing, look.new)
    elif look.card is not None:
        _face(image, look.card)
    if look.pawn is not None:
        _pawn(image, look.pawn, over=look.face_down or look.card is not None)
    if look.note:
        _note(image, look.note)
    if look.mark:
        _ring(image)
    small = image.resize((size, size), Image.Resampling.LANCZOS).convert("RGB")
    if look.dim:
        grey = small.convert("L").point([dim_level(v) for v in range(256)])
        small = Image.merge("RGB", (grey, grey, grey))
    return to_palette(small)


def _box(image: Image.Image, inset: float = 0) -> list[float]:
    s = image.width
    margin = s * 0.03 + inset
    return [margin, margin, s - 1 - margin, s - 1 - margin]


def _radius(image: Image.Image) -> int:
    return image.width // 9


def _card(image: Image.Image, fill: RGB, outline: RGB, width: int | None = None) -> None:
    ImageDraw.Draw(image).rounded_rectangle(
        _box(image),
        radius=_radius(image),
        fill=fill,
        outline=outline,
        width=width or max(SUPERSAMPLE, image.width // 40),
    )


def _outline(image: Image.Image, colour: RGB, width: int) -> None:
    ImageDraw.Draw(image).rounded_rectangle(
        _box(image), radius=_radius(image), outline=colour, width=width
    )


def _ring(image: Image.Image) -> None:
    """A bright ring around the whole tile: the cell the table is busy with."""
    s = image.width
    ImageDraw.Draw(image).rounded_rectangle(
        [0, 0, s - 1, s - 1], radius=_radius(image) + s // 30, outline=CAPTION, width=s // 14
    )


def _slot(image: Image.Image) -> None:
    _outline(image, SLOT, max(2, image.width // 45))


def _back(image: Image.Image) -> None:
    """The card back: a lattice inside a light border."""
    s = image.width
    _card(image, BACK_BORDER, BACK_BORDER)
    inner = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(inner)
    step = max(6, s // 6)
    for offset in range(-s, 2 * s, step):
        draw.line([(offset, 0), (offset + s, s)], BACK_LINES, max(2, s // 40))
        draw.line([(offset, s), (offset + s, 0)], BACK_LINES, max(2, s // 40))
    fill = Image.new("RGBA", (s, s), (*BACK_FILL, 255))
    fill.alpha_composite(inner)
    mask = Image.new("L", (s, s), 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        _box(image, s * 0.07), radius=max(1, _radius(image) - s // 20), fill=255
    )
    image.paste(fill, (0, 0), mask)


def _rank_and_suit(card: Card) -> tuple[str, str | None]:
    rank = "10" if card.value == 10 else card.rank.label
    return rank, card.suit.value if card.suit is not None else None


def _text(
    image: Image.Image, text: str, size: int, colour: RGB, centre: tuple[float, float]
) -> None:
    """Bold text centred on a point of the (supersampled) tile."""
    draw = ImageDraw.Draw(image)
    text_font = font(size)
    stroke = max(1, size // 14)
    left, top, right, bottom = draw.textbbox((0, 0), text, font=text_font, stroke_width=stroke)
    x = centre[0] - (left + right) / 2
    y = centre[1] - (top + bottom) / 2
    draw.text((x, y), text, font=text_font, fill=colour, stroke_width=stroke, stroke_fill=colour)


def _suit(image: Image.Image, suit: str, size: int, colour: RGB, centre: tuple[float, float]):
    mark = symbol(suit, size, colour)
    image.alpha_composite(mark, (round(centre[0] - size / 2), round(centre[1] - size / 2)))


def _parse(code: str) -> Card | None:
    try:
        return Card.parse(code)
    except CardParseError:
        return None


def _face(image: Image.Image, code: str) -> None:
    """A face-up card: its rank large, its suit below."""
    s = image.width
    card = _parse(code)
    _card(image, CARD_PAPER, CARD_EDGE)
    if card is None:
        return
    colour = RED if card.suit is not None and card.suit.is_red else BLACK
    rank, suit = _rank_and_suit(card)
    _text(image, rank, round(s * (0.40 if len(rank) > 1 else 0.46)), colour, (s / 2, s * 0.36))
    if suit is not None:
        _suit(image, suit, round(s * 0.30), colour, (s / 2, s * 0.73))


def _wall(image: Image.Image, code: str) -> None:
    """A wall: dark bricks, with the card's rank and suit small, for matching black cards."""
    s = image.width
    _card(image, BLACK, BLACK)
    draw = ImageDraw.Draw(image)
    lines = max(2, s // 50)
    course = s / 4
    for row in range(1, 4):
        y = row * course
        draw.line([(s * 0.06, y), (s * 0.94, y)], BRICK, lines)
    for row in range(4):
        shift = 0.5 if row % 2 else 0.0
        for joint in (0.25 + shift / 2, 0.75 + shift / 2):
            x = s * joint
            if s * 0.08 < x < s * 0.92:
                draw.line([(x, row * course + 2), (x, (row + 1) * course - 2)], BRICK, lines)
    card = _parse(code)
    if card is None:
        return
    rank, suit = _rank_and_suit(card)
    plate = [s * 0.2, s * 0.22, s * 0.8, s * 0.78]
    draw.rounded_rectangle(plate, radius=s // 12, fill=BLACK)
    _text(image, rank, round(s * 0.30), WALL_INK, (s / 2, s * 0.38))
    if suit is not None:
        _suit(image, suit, round(s * 0.2), WALL_INK, (s / 2, s * 0.64))


ARROW_TIPS = {
    "n": ((0.5, 0.0), (0.3, 0.2), (0.7, 0.2)),
    "s": ((0.5, 1.0), (0.3, 0.8), (0.7, 0.8)),
    "e": ((1.0, 0.5), (0.8, 0.3), (0.8, 0.7)),
    "w": ((0.0, 0.5), (0.2, 0.3), (0.2, 0.7)),
}
"""A monster's arrow, a red wedge on the side it faces (tile fractions)."""


def _monster(image: Image.Image, code: str, facing: str | None, new: bool) -> None:
    """A monster: a red frame, its rank large, and a red arrow on the side it faces (a new one,
    which may go any way, has a star instead)."""
    s = image.width
    _card(image, FACE_PANEL, RED, max(SUPERSAMPLE, s // 16))
    card = _parse(code)
    if card is not None:
        rank, suit = _rank_and_suit(card)
        _text(image, rank, round(s * 0.40), RED, (s / 2, s * 0.40))
        if suit is not None:
            _suit(image, suit, round(s * 0.2), RED, (s / 2, s * 0.68))
    draw = ImageDraw.Draw(image)
    if facing in ARROW_TIPS:
        draw.polygon([(x * s, y * s) for x, y in ARROW_TIPS[facing]], fill=RED)
    if new:
        star = symbol("joker", round(s * 0.26), JOKER_PURPLE)
        image.alpha_composite(star, (round(s * 0.70), round(s * 0.06)))


def _pawn(image: Image.Image, seat: int, over: bool) -> None:
    """A round token with the player's number, over the card it stands on (if any)."""
    s = image.width
    if not over:
        _card(image, CARD_PAPER, CARD_EDGE)
    colour = PAWN_COLOURS[seat % len(PAWN_COLOURS)]
    radius = s * (0.36 if not over else 0.33)
    draw = ImageDraw.Draw(image)
    ring = max(SUPERSAMPLE, s // 28)
    draw.ellipse(
        [
            s / 2 - radius - ring,
            s / 2 - radius - ring,
            s / 2 + radius + ring,
            s / 2 + radius + ring,
        ],
        fill=CARD_PAPER,
    )
    draw.ellipse([s / 2 - radius, s / 2 - radius, s / 2 + radius, s / 2 + radius], fill=colour)
    _text(image, f"P{seat + 1}", round(s * 0.28), CARD_PAPER, (s / 2, s / 2))


NOTE_HEIGHT = 0.46
"""A note's label, as a share of its tile's height: the widest grid a phone shrinks to less
than half, and its letters must still read there."""


def note_size(tile_width: int) -> int:
    """A note's letters on a tile that wide (tiles are drawn SUPERSAMPLE times larger)."""
    return round(tile_width * NOTE_HEIGHT * 0.78)


def text_sizes(grid: Grid) -> list[int]:
    """Each size of text the grid is drawn with, in pixels at 1x: its labels, its title, its
    tiles' notes."""
    sizes = [LABEL_SIZE, *([TITLE_SIZE] if grid.title else [])]
    if any(cell.note for cell in grid.cells):
        sizes.append(note_size(tile_size(len(grid.columns))))
    return sizes


def _note(image: Image.Image, note: str) -> None:
    """A small paper label at the tile's foot: text, with suit symbols drawn as shapes."""
    s = image.width
    height = s * NOTE_HEIGHT
    box = [s * 0.06, s - height - s * 0.05, s * 0.94, s - s * 0.05]
    ImageDraw.Draw(image).rounded_rectangle(box, radius=s // 14, fill=CARD_PAPER, outline=CARD_EDGE)
    red = any(char in "♥♦" for char in note)
    colour = RED if red else BLACK
    size = note_size(s)
    text = "".join(char for char in note if char not in SHAPES)
    suits = [char for char in note if char in SHAPES]
    centre_y = (box[1] + box[3]) / 2
    if not suits:
        _text(image, text, size, colour, (s / 2, centre_y))
        return
    text_width = ImageDraw.Draw(image).textlength(text, font=font(size))
    total = text_width + size * 0.85
    start = s / 2 - total / 2
    _text(image, text, size, colour, (start + text_width / 2, centre_y))
    _suit(image, suits[0], round(size * 0.8), colour, (start + text_width + size * 0.5, centre_y))
