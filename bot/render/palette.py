"""The one colour palette every picture shares, so pictures are built and saved as palette PNGs.

Reducing a finished picture to a palette costs more than drawing it, and a full-colour PNG is
four times larger. Every colour a picture can hold is known in advance, though: a few inks, the
paper, the felt, and the smooth edges between them. So each cached card and label is mapped to
this palette once, pictures are pasted together as palette images, and saving is plain
compression.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

RGB = tuple[int, int, int]

FELT: RGB = (27, 77, 58)
SHADOW: RGB = (14, 41, 31)
"""The felt under the darkest part of a card's shadow."""
CARD_PAPER: RGB = (251, 249, 243)
CARD_EDGE: RGB = (176, 170, 156)
RED: RGB = (206, 32, 41)
BLACK: RGB = (28, 28, 34)
JOKER_PURPLE: RGB = (118, 52, 176)
FACE_PANEL: RGB = (246, 234, 200)
BACK_FILL: RGB = (36, 58, 122)
BACK_LINES: RGB = (70, 101, 180)
BACK_BORDER: RGB = (232, 227, 211)
TITLE: RGB = (226, 240, 230)
CAPTION: RGB = (250, 250, 245)
DIM_CAPTION: RGB = (150, 168, 158)
TEXT_RED: RGB = (255, 128, 128)
"""Red suit symbols inside light text on the felt, where the cards' red would be too dark."""
SLOT: RGB = (89, 128, 114)
"""An empty card place's outline: white, faint, on the felt."""

DIM_DARKEST, DIM_LIGHTEST = 40, 155
"""A dim card is grey, its paper no lighter than this."""


def dim_level(value: int) -> int:
    """The grey a dim card shows for a grey `value` (0-255) of the card undimmed."""
    return DIM_DARKEST + value * (DIM_LIGHTEST - DIM_DARKEST) // 255


def _grey(value: int) -> RGB:
    return (value, value, value)


def _ramp(a: RGB, b: RGB, steps: int) -> list[RGB]:
    """The colours between a and b (not a or b), as smooth edges between them come out."""
    return [
        (
            round(a[0] + (b[0] - a[0]) * k / (steps + 1)),
            round(a[1] + (b[1] - a[1]) * k / (steps + 1)),
            round(a[2] + (b[2] - a[2]) * k / (steps + 1)),
        )
        for k in range(1, steps + 1)
    ]


_DIM_PAPER = _grey(dim_level(250))
_DIM_EDGE = _grey(dim_level(170))
_EDGES = [
    (CARD_PAPER, RED),
    (CARD_PAPER, BLACK),
    (CARD_PAPER, JOKER_PURPLE),
    (FACE_PANEL, RED),
    (FACE_PANEL, BLACK),
    (CARD_PAPER, CARD_EDGE),
    (CARD_EDGE, FELT),
    (CARD_EDGE, SHADOW),
    (FELT, SHADOW),
    (BACK_FILL, BACK_LINES),
    (BACK_BORDER, BACK_FILL),
    (BACK_BORDER, BACK_LINES),
    (FELT, TITLE),
    (FELT, CAPTION),
    (FELT, DIM_CAPTION),
    (FELT, TEXT_RED),
    (_DIM_EDGE, FELT),
    (_DIM_EDGE, SHADOW),
]
_OPAQUE: list[RGB] = list(
    dict.fromkeys(
        [
            FELT,
            *[colour for pair in _EDGES for colour in pair],
            *[colour for a, b in _EDGES for colour in _ramp(a, b, 10)],
            *_ramp(_grey(DIM_DARKEST), _DIM_PAPER, 30),
            _DIM_PAPER,
            SLOT,
        ]
    )
)
FELT_INDEX = 0
ALPHA_LEVELS = 8
"""Entries of the felt at growing opacity, for the smooth edge of the panel's round corners."""
FIRST_CLEAR = len(_OPAQUE)
assert FIRST_CLEAR + ALPHA_LEVELS <= 256, "the palette holds at most 256 colours"

PALETTE: list[RGB] = _OPAQUE + [FELT] * ALPHA_LEVELS
TRANSPARENCY = bytes([255] * FIRST_CLEAR + [k * 255 // ALPHA_LEVELS for k in range(ALPHA_LEVELS)])
"""Each entry's opacity, as PNG stores it (tRNS): the last entries are the clear felt."""
FLAT_PALETTE = [channel for colour in PALETTE for channel in colour]


@lru_cache(maxsize=1)
def _opaque_palette() -> Image.Image:
    """The opaque colours as a palette image to map drawings onto. Padded with the felt, which
    an index search meets first at index 0, so no drawing lands on a clear entry."""
    image = Image.new("P", (1, 1))
    padded = _OPAQUE + [FELT] * (256 - len(_OPAQUE))
    image.putpalette([channel for colour in padded for channel in colour])
    return image


def to_palette(image: Image.Image) -> Image.Image:
    """An opaque RGB drawing mapped to the shared palette (nearest colour, no dithering: the
    drawings are flat inks and smooth edges, which dithering would only speckle)."""
    mapped = image.convert("RGB").quantize(palette=_opaque_palette(), dither=Image.Dither.NONE)
    mapped.putpalette(FLAT_PALETTE)
    return mapped


def alpha_to_indices(alpha: Image.Image) -> Image.Image:
    """A mask of the felt's opacity (L) as palette indices: opaque felt, or a clear level."""
    levels = [FELT_INDEX if a == 255 else FIRST_CLEAR + a * ALPHA_LEVELS // 256 for a in range(256)]
    return Image.frombytes("P", alpha.size, alpha.point(levels).tobytes())


def blank(size: tuple[int, int]) -> Image.Image:
    """A felt-coloured palette image to paste cards and labels onto."""
    image = Image.new("P", size, FELT_INDEX)
    image.putpalette(FLAT_PALETTE)
    return image
