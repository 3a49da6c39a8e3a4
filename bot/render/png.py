"""Palette images as PNG files, written here rather than by Pillow.

A new table's picture is encoded on the event loop for every click that changes it, so its
cost is part of every answer. A palette PNG is four small chunks around one compressed block
of pixels; Pillow's writer adds a few tenths of a millisecond of its own around that block, and
zlib-ng compresses it two to three times faster than the standard zlib at the same setting,
for files about a sixth larger (still a few kilobytes). Any PNG reader reads the result.
"""

from __future__ import annotations

import struct

from PIL import Image
from zlib_ng import zlib_ng

SIGNATURE = b"\x89PNG\r\n\x1a\n"
LEVEL = 1
"""zlib-ng's quickest setting that still finds repeats: pictures are mostly flat felt and paper,
which it packs tenfold."""
_PALETTE_DEPTH = struct.pack(">BBBBB", 8, 3, 0, 0, 0)
"""IHDR's tail: 8 bits per pixel, palette colour, deflate, no row filters, not interlaced."""


def _chunk(kind: bytes, data: bytes) -> bytes:
    checksum = zlib_ng.crc32(data, zlib_ng.crc32(kind))
    return b"".join((struct.pack(">I", len(data)), kind, data, struct.pack(">I", checksum)))


def _rows(image: Image.Image) -> bytes:
    """The pixels as PNG scanlines: each row after a 0 byte (the filter "none"). Pasting the
    image one column in on a canvas of zeros makes that column in one step."""
    width, height = image.size
    framed = Image.new("P", (width + 1, height), 0)
    framed.paste(image, (1, 0))
    return framed.tobytes()


def palette_png(image: Image.Image, alpha: bytes = b"") -> bytes:
    """The bytes of a PNG file showing a palette ("P") image, its palette entries opaque, or as
    clear as `alpha` says (an opacity per entry, in order; entries past its end are opaque)."""
    if image.mode != "P":
        raise ValueError(f"a palette image is needed, not mode {image.mode}")
    palette = image.getpalette() or []
    if len(alpha) * 3 > len(palette):
        raise ValueError("more opacities than palette entries")
    header = struct.pack(">II", *image.size) + _PALETTE_DEPTH
    chunks = [
        _chunk(b"IHDR", header),
        _chunk(b"PLTE", bytes(palette)),
        _chunk(b"tRNS", alpha) if alpha else b"",
        _chunk(b"IDAT", zlib_ng.compress(_rows(image), LEVEL)),
        _chunk(b"IEND", b""),
    ]
    return SIGNATURE + b"".join(chunks)
