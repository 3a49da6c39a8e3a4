"""Card faces, card backs and text labels drawn from code, each drawn once and kept.

Nothing here reads an image or a font file: the bot runs in slim containers and on machines with
no fonts, so text uses Pillow's built-in scalable font and the suit symbols (which that font does
not have) are vector shapes. Every drawing is cached and never changed after it is made, so a
picture is a paste of ready images, safe to build from several threads at once.

Faces and labels come out already laid on the table's felt, in the shared palette (see palette):
a picture then pastes plain rectangles of palette indices, many times cheaper than blending.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter, ImageFont

from bot.games.cards import Card, Rank, Suit
from bot.render.palette import (
    BACK_BORDER,
    BACK_FILL,
    BACK_LINES,
    BLACK,
    CARD_EDGE,
    CARD_PAPER,
    FACE_PANEL,
    FELT,
    JOKER_PURPLE,
    RED,
    RGB,
    TEXT_RED,
    dim_level,
    to_palette,
)

Font = ImageFont.FreeTypeFont
Point = tuple[float, float]

CARD_W, CARD_H = 100, 140
CARD_RADIUS = 9
MARGIN = 4
"""Room around a card for its shadow: a face image is the card plus this margin on every side."""
SUPERSAMPLE = 3
"""Faces are drawn this many times larger and shrunk, which smooths every curve and slant."""

RANK_SIZE = 36
RANK_LEFT = 8
"""Where the rank's ink starts: every rank, "10" or "J", reads from the same place."""
CORNER_SUIT = 26
BAND_MIDDLE = 23
SYMBOL_MIDDLE = 88
CENTRE_SUIT = 58
ACE_SUIT = 72
COURT_SUIT = 46
PANEL_BOX = (14, 50, CARD_W - 14, CARD_H - 12)


@lru_cache(maxsize=16)
def font(size: int) -> Font:
    """Pillow's own font at that size: present wherever Pillow is, with no font files needed."""
    loaded = ImageFont.load_default(size=size)
    if not isinstance(loaded, ImageFont.FreeTypeFont):
        raise RuntimeError("Pillow was built without FreeType, so it cannot draw text")
    return loaded


# Suit shapes, on a unit square (0..1 both ways), filled in one colour.


def _unit_circle(draw: ImageDraw.ImageDraw, scale: float, cx: float, cy: float, r: float) -> None:
    draw.ellipse([(cx - r) * scale, (cy - r) * scale, (cx + r) * scale, (cy + r) * scale], fill=255)


def _unit_polygon(draw: ImageDraw.ImageDraw, scale: float, points: list[Point]) -> None:
    draw.polygon([(x * scale, y * scale) for x, y in points], fill=255)


def _heart(draw: ImageDraw.ImageDraw, s: float) -> None:
    _unit_circle(draw, s, 0.275, 0.29, 0.255)
    _unit_circle(draw, s, 0.725, 0.29, 0.255)
    _unit_polygon(draw, s, [(0.03, 0.36), (0.5, 0.97), (0.97, 0.36), (0.5, 0.22)])


def _diamond(draw: ImageDraw.ImageDraw, s: float) -> None:
    _unit_polygon(draw, s, [(0.5, 0.0), (0.88, 0.5), (0.5, 1.0), (0.12, 0.5)])


def _stem(draw: ImageDraw.ImageDraw, s: float) -> None:
    _unit_polygon(draw, s, [(0.46, 0.55), (0.54, 0.55), (0.7, 1.0), (0.3, 1.0)])


def _spade(draw: ImageDraw.ImageDraw, s: float) -> None:
    _unit_circle(draw, s, 0.275, 0.56, 0.235)
    _unit_circle(draw, s, 0.725, 0.56, 0.235)
    _unit_polygon(draw, s, [(0.045, 0.5), (0.5, 0.0), (0.955, 0.5), (0.5, 0.66)])
    _stem(draw, s)


def _club(draw: ImageDraw.ImageDraw, s: float) -> None:
    _unit_circle(draw, s, 0.5, 0.25, 0.22)
    _unit_circle(draw, s, 0.25, 0.6, 0.22)
    _unit_circle(draw, s, 0.75, 0.6, 0.22)
    _unit_circle(draw, s, 0.5, 0.52, 0.14)
    _stem(draw, s)


def _star(draw: ImageDraw.ImageDraw, s: float) -> None:
    points = [
        (
            0.5 + (0.5 if i % 2 == 0 else 0.2) * math.sin(i * math.pi / 5),
            0.54 - (0.5 if i % 2 == 0 else 0.2) * math.cos(i * math.pi / 5),
        )
        for i in range(10)
    ]
    _unit_polygon(draw, s, points)


SHAPES: dict[str, Callable[[ImageDraw.ImageDraw, float], None]] = {
    Suit.HEARTS.value: _heart,
    Suit.DIAMONDS.value: _diamond,
    Suit.SPADES.value: _spade,
    Suit.CLUBS.value: _club,
    "joker": _star,
}
"""Each symbol by the suit's character; "joker" is the joker's star."""


@lru_cache(maxsize=64)
def symbol(shape: str, size: int, colour: RGB) -> Image.Image:
    """A suit symbol (or the joker's star), size x size pixels, smooth-edged, on transparency."""
    big = size * 4
    mask = Image.new("L", (big, big), 0)
    SHAPES[shape](ImageDraw.Draw(mask), big)
    out = Image.new("RGBA", (size, size), colour)
    out.putalpha(mask.reduce(4))
    return out


# Card faces.


@lru_cache(maxsize=4)
def _blank(fill: RGB) -> Image.Image:
    """A blank card at supersampled size, with its shadow, on transparency (copy it to draw)."""
    s = SUPERSAMPLE
    w, h, m = (CARD_W + 2 * MARGIN) * s, (CARD_H + 2 * MARGIN) * s, MARGIN * s
    shadow = Image.new("L", (w, h), 0)
    ImageDraw.Draw(shadow).rounded_rectangle(
        [m + s, m + 2 * s, w - m + s, h - m + 2 * s], radius=CARD_RADIUS * s, fill=120
    )
    shadow = shadow.filter(ImageFilter.GaussianBlur(2 * s))
    card = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    card.putalpha(shadow)
    ImageDraw.Draw(card).rounded_rectangle(
        [m, m, w - m - 1, h - m - 1], radius=CARD_RADIUS * s, fill=fill, outline=CARD_EDGE, width=s
    )
    return card


def _paste_symbol(card: Image.Image, shape: str, size: int, colour: RGB, centre: Point) -> None:
    """A symbol onto a supersampled card, placed by its centre in card (1x) coordinates."""
    s = SUPERSAMPLE
    mark = symbol(shape, size * s, colour)
    x = round((MARGIN + centre[0]) * s - mark.width / 2)
    y = round((MARGIN + centre[1]) * s - mark.height / 2)
    card.alpha_composite(mark, (x, y))


def _bold_text(
    card: Image.Image, text: str, size: int, colour: RGB, middle_y: float, left_x: float | None
) -> None:
    """Text onto a supersampled card (card coordinates at 1x), its ink starting at left_x or
    centred across the card; a thin stroke in the same colour makes the font read as bold."""
    s = SUPERSAMPLE
    draw = ImageDraw.Draw(card)
    text_font = font(size * s)
    left, top, right, bottom = draw.textbbox((0, 0), text, font=text_font, stroke_width=s)
    if left_x is None:
        x = (MARGIN + CARD_W / 2) * s - (left + right) / 2
    else:
        x = (MARGIN + left_x) * s - left
    y = (MARGIN + middle_y) * s - (top + bottom) / 2
    draw.text((x, y), text, font=text_font, fill=colour, stroke_width=s, stroke_fill=colour)


def _top_band(face: Image.Image, card: Card, colour: RGB) -> None:
    """The rank large in the top-left corner and the suit in the top-right: on a phone the
    top of a card is what is read, so it holds nothing else."""
    if card.is_joker:
        _bold_text(face, "JOKER", 22, colour, BAND_MIDDLE, None)
        return
    _bold_text(face, card.rank.label, RANK_SIZE, colour, BAND_MIDDLE, RANK_LEFT)
    assert card.suit is not None
    _paste_symbol(face, card.suit.value, CORNER_SUIT, colour, (CARD_W - 20, BAND_MIDDLE))


def _court_panel(face: Image.Image, colour: RGB) -> None:
    """A tinted frame around the big suit that tells a court card (J, Q, K) at a glance."""
    s = SUPERSAMPLE
    left, top, right, bottom = PANEL_BOX
    box = [(MARGIN + left) * s, (MARGIN + top) * s, (MARGIN + right) * s, (MARGIN + bottom) * s]
    ImageDraw.Draw(face).rounded_rectangle(
        box, radius=6 * s, fill=FACE_PANEL, outline=colour, width=2 * s
    )


def _front(card: Card) -> Image.Image:
    """A card's face at supersampled size: the index along the top, the suit large below."""
    colour = JOKER_PURPLE if card.is_joker else RED if card.suit and card.suit.is_red else BLACK
    face = _blank(CARD_PAPER).copy()
    _top_band(face, card, colour)
    centre = (CARD_W / 2, SYMBOL_MIDDLE)
    if card.suit is None:
        _paste_symbol(face, "joker", ACE_SUIT, colour, centre)
    elif card.rank in (Rank.JACK, Rank.QUEEN, Rank.KING):
        _court_panel(face, colour)
        _paste_symbol(face, card.suit.value, COURT_SUIT, colour, centre)
    else:
        size = ACE_SUIT if card.rank == Rank.ACE else CENTRE_SUIT
        _paste_symbol(face, card.suit.value, size, colour, centre)
    return face


def _back() -> Image.Image:
    """A face-down card: a lattice inside a light border, the same for every card."""
    s = SUPERSAMPLE
    face = _blank(BACK_BORDER).copy()
    inset = 7
    left, top = (MARGIN + inset) * s, (MARGIN + inset) * s
    right, bottom = (MARGIN + CARD_W - inset) * s, (MARGIN + CARD_H - inset) * s
    pattern = Image.new("RGBA", (right - left, bottom - top), BACK_FILL)
    draw = ImageDraw.Draw(pattern)
    step = 12 * s
    for offset in range(-pattern.height, pattern.width + pattern.height, step):
        draw.line([(offset, 0), (offset + pattern.height, pattern.height)], BACK_LINES, 2 * s)
        draw.line([(offset, pattern.height), (offset + pattern.height, 0)], BACK_LINES, 2 * s)
    mask = Image.new("L", pattern.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        [0, 0, pattern.width - 1, pattern.height - 1], radius=(CARD_RADIUS - 4) * s, fill=255
    )
    face.paste(pattern, (left, top), mask)
    mark = symbol("joker", 30 * s, BACK_BORDER)
    face.alpha_composite(
        mark, ((face.width - mark.width) // 2, (face.height - mark.height) // 2 - 2 * s)
    )
    return face


def _dimmed(face: Image.Image) -> Image.Image:
    """Greyed and darkened, keeping the shadow: a card that is out of play."""
    alpha = face.getchannel("A")
    grey = face.convert("L").point([dim_level(v) for v in range(256)])
    out = Image.merge("RGBA", (grey, grey, grey, alpha))
    return out


def _on_felt(image: Image.Image) -> Image.Image:
    """A translucent drawing laid on the table's felt, as an opaque image ready to paste."""
    felt = Image.new("RGBA", image.size, FELT)
    felt.alpha_composite(image)
    return felt.convert("RGB")


@lru_cache(maxsize=64)
def _drawn(code: str | None) -> Image.Image:
    """A card's face (or back, for None) at its final size, on transparency, shared by the card
    and its dim twin."""
    face = _back() if code is None else _front(Card.parse(code))
    return face.resize((CARD_W + 2 * MARGIN, CARD_H + 2 * MARGIN), Image.Resampling.LANCZOS)


@lru_cache(maxsize=128)
def _laid(code: str | None, dim: bool) -> Image.Image:
    face = _drawn(code)
    return to_palette(_on_felt(_dimmed(face) if dim else face))


def card_image(text: str | None, dim: bool = False) -> Image.Image:
    """One card as it lies on the table (shadow included), CARD_W + 2 * MARGIN wide, in the
    shared palette; never to be changed, as it is cached.

    `text` is anything Card.parse reads ("10H", "TH", "10♥" are one card, drawn once); None is
    a face-down card. Raises CardParseError for a text that names no card.
    """
    return _laid(None if text is None else Card.parse(text).code, dim)


@lru_cache(maxsize=1)
def empty_slot() -> Image.Image:
    """Where a card would lie, outlined on the felt: an empty room or an empty hand."""
    s = SUPERSAMPLE
    slot = Image.new("RGBA", ((CARD_W + 2 * MARGIN) * s, (CARD_H + 2 * MARGIN) * s), (0,) * 4)
    m = MARGIN * s
    ImageDraw.Draw(slot).rounded_rectangle(
        [m, m, slot.width - m - 1, slot.height - m - 1],
        radius=CARD_RADIUS * s,
        outline=(255, 255, 255, 70),
        width=2 * s,
    )
    small = slot.resize((CARD_W + 2 * MARGIN, CARD_H + 2 * MARGIN), Image.Resampling.BOX)
    return to_palette(_on_felt(small))


# Text on the felt.

_PLAIN = {"−": "-", "–": "-", "—": "-", "×": "x", "→": "->", "\u00a0": " ", "\ufe0f": ""}
_GLYPHS = set("©«°±·»‘’“”…")
"""What the built-in font has beyond ASCII."""
_SUIT_TEXT = {"♤": "♠", "♡": "♥", "♢": "♦", "♧": "♣", "❤": "♥"}


def printable(text: str) -> str:
    """The text as the built-in font can draw it (ASCII and a few signs): dashes made plain,
    accents dropped, suit symbols kept (they are drawn as shapes), anything else left
    out rather than shown as empty boxes."""
    out = []
    for char in text:
        char = _SUIT_TEXT.get(char, _PLAIN.get(char, char))
        if char in SHAPES or char in _GLYPHS or char.isascii():
            out.append(char)
        else:
            out.append(unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode())
    return "".join(out)


def _runs(text: str) -> list[str]:
    """The text cut into plain runs and single suit symbols."""
    runs: list[str] = []
    for char in text:
        if char in SHAPES or not runs or runs[-1] in SHAPES:
            runs.append(char)
        else:
            runs[-1] += char
    return runs


def _symbol_colour(shape: str, colour: RGB) -> RGB:
    return TEXT_RED if shape in (Suit.HEARTS.value, Suit.DIAMONDS.value) else colour


@lru_cache(maxsize=1024)
def label(text: str, size: int, colour: RGB, max_width: int) -> Image.Image:
    """A line of text on the felt, cut short with "…" if wider than max_width.

    Suit symbols in it are drawn as shapes, red ones in a light red that reads on the felt.
    """
    text_font = font(size)
    text = printable(text).strip()
    while text and _width(text, text_font, size) > max_width:
        text = text[:-2].rstrip() + "…" if len(text) > 2 else ""
    ascent, descent = text_font.getmetrics()
    line = Image.new("RGBA", (max(1, _width(text, text_font, size)), ascent + descent), (0,) * 4)
    draw = ImageDraw.Draw(line)
    x = 0
    for run in _runs(text):
        if run in SHAPES:
            mark = symbol(run, round(size * 0.7), _symbol_colour(run, colour))
            line.alpha_composite(mark, (x + 1, ascent - mark.height))
            x += mark.width + 2
        else:
            draw.text((x, 0), run, font=text_font, fill=colour)
            x += round(draw.textlength(run, font=text_font))
    return to_palette(_on_felt(line))


def _width(text: str, text_font: Font, size: int) -> int:
    width = 0
    for run in _runs(text):
        width += round(size * 0.7) + 2 if run in SHAPES else round(text_font.getlength(run))
    return width


def clear_caches() -> None:
    """Forget every drawing, so the next picture draws its cards from nothing."""
    for cached in (symbol, _blank, _drawn, _laid, empty_slot, label):
        cached.cache_clear()
