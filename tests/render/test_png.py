"""The PNG writer: what Pillow (standing in for any PNG reader) reads back is the image that
was written, pixel for pixel, colour for colour and opacity for opacity."""

import io

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from bot.render.png import SIGNATURE, palette_png


def palette_image(width: int, height: int, pixels: bytes, colours: int) -> Image.Image:
    image = Image.frombytes("P", (width, height), pixels)
    image.putpalette(
        [(index * 37 + channel * 91) % 256 for index in range(colours) for channel in range(3)]
    )
    return image


def read(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


@st.composite
def images(draw: st.DrawFn) -> tuple[Image.Image, bytes]:
    width, height = draw(st.integers(1, 40)), draw(st.integers(1, 40))
    colours = draw(st.integers(1, 256))
    indices = st.integers(0, colours - 1)
    pixels = bytes(draw(st.lists(indices, min_size=width * height, max_size=width * height)))
    alpha = bytes(draw(st.lists(st.integers(0, 255), max_size=colours)))
    return palette_image(width, height, pixels, colours), alpha


@given(images())
def test_what_is_read_back_is_what_was_written(case: tuple[Image.Image, bytes]) -> None:
    image, alpha = case
    data = palette_png(image, alpha)
    back = read(data)
    assert data.startswith(SIGNATURE)
    assert back.format == "PNG" and back.mode == "P" and back.size == image.size
    assert back.tobytes() == image.tobytes()
    assert back.getpalette() == image.getpalette()
    opacities = alpha + bytes([255] * (len(image.getpalette() or []) // 3 - len(alpha)))
    seen = back.convert("RGBA").getchannel("A").tobytes()
    assert seen == bytes(opacities[index] for index in image.tobytes())


def test_a_picture_without_clear_entries_is_opaque() -> None:
    image = palette_image(3, 2, bytes([0, 1, 2, 2, 1, 0]), 3)
    back = read(palette_png(image))
    assert "transparency" not in back.info
    assert back.convert("RGB").tobytes() == image.convert("RGB").tobytes()


def test_only_palette_images_with_fitting_opacities_are_written() -> None:
    with pytest.raises(ValueError, match="palette image"):
        palette_png(Image.new("RGB", (2, 2)))
    with pytest.raises(ValueError, match="opacities"):
        palette_png(palette_image(1, 1, b"\0", 2), bytes(3))
