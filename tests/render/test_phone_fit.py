"""Every table the gallery shows (each variant at its start, midway and end) measured as a phone
shows it: the tables of the card-room games fit one screen, every picture's text reads, and no
row of buttons is too wide for the phone (which would cut its labels short)."""

import io
from dataclasses import dataclass

import pytest
from PIL import Image

from bot.gallery import moments
from bot.games.views import Picture
from bot.render.card_faces import label
from bot.render.layout import Row, TableLayout
from bot.render.palette import CAPTION
from bot.render.phone import phone_height, smallest_text
from bot.render.phone_metrics import SMALLEST_TEXT, fits_one_line
from bot.render.pictures import (
    CAPTION_ROOM,
    caption_size,
    least_size,
    picture_width,
    render,
    text_sizes,
)
from cogs.messages import laid_out

PHONE_SCREEN = 700
"""The tallest a table may stand on a phone 400 px wide (bot/render/phone.py's estimate)."""
FITTED = {"scoundrel", "dragons", "deuces"}
"""The games held to one screen here."""


@dataclass(frozen=True)
class Shown:
    name: str
    game: str
    layout: TableLayout
    height: int
    pictures: list[tuple[str, Picture]]
    """The table's picture and each private hand's, by name."""


def _size(picture: Picture) -> tuple[int, int]:
    return Image.open(io.BytesIO(render(picture))).size


@pytest.fixture(scope="module")
def gallery() -> list[Shown]:
    shown: list[Shown] = []
    for moment in moments():
        layout, picture = laid_out(moment.record, moment.match)
        size = _size(picture) if picture is not None and layout.picture else None
        pictures = [(moment.name, picture)] if picture is not None else []
        names = [p.display_name for p in moment.record.players]
        if moment.match.info.private_hands and not moment.match.is_over:
            for seat in range(len(names)):
                hand = moment.match.hand(seat, [], names)
                if hand is not None and hand.picture is not None:
                    pictures.append((f"{moment.name}-hand{seat + 1}", hand.picture))
        shown.append(Shown(moment.name, moment.key, layout, phone_height(layout, size), pictures))
    return shown


def test_every_table_of_the_card_room_games_fits_one_phone_screen(gallery: list[Shown]) -> None:
    measured = {s.name: s.height for s in gallery if s.game in FITTED}
    assert {s.game for s in gallery} >= FITTED and len(measured) >= 30
    too_tall = {name: px for name, px in measured.items() if px > PHONE_SCREEN}
    assert not too_tall, f"taller than {PHONE_SCREEN} px on a phone: {too_tall}"


def test_every_pictures_text_is_at_least_10_px_on_a_phone(gallery: list[Shown]) -> None:
    smallest: dict[str, float] = {}
    for shown in gallery:
        for name, picture in shown.pictures:
            least = smallest_text(text_sizes(picture), _size(picture)[0])
            if least is not None:
                smallest[name] = least
    assert len(smallest) >= 30, "the gallery's pictures carry titles and captions"
    small = {name: px for name, px in smallest.items() if px < SMALLEST_TEXT}
    assert not small, f"text under {SMALLEST_TEXT} px on a phone: {small}"


def test_no_row_of_buttons_is_wider_than_a_phone(gallery: list[Shown]) -> None:
    rows = [
        (shown.name, [placed.control.label for placed in block.buttons])
        for shown in gallery
        for block in shown.layout.blocks
        if isinstance(block, Row)
    ]
    assert any(len(labels) > 1 for _, labels in rows), "buttons still share rows"
    wide = [
        (name, labels) for name, labels in rows if len(labels) > 1 and not fits_one_line(labels)
    ]
    assert not wide, f"rows a phone would cut short: {wide}"


def test_every_caption_in_the_gallery_fits_under_its_card_uncut(gallery: list[Shown]) -> None:
    cut: list[tuple[str, str]] = []
    for shown in gallery:
        for name, picture in shown.pictures:
            least = least_size(picture_width(picture))
            for group in picture.groups:
                for card in group.cards:
                    size = caption_size(card.caption, least) if card.caption else 0
                    if card.caption and label(card.caption, size, CAPTION, 10_000).width > (
                        CAPTION_ROOM
                    ):
                        cut.append((name, card.caption))
    assert not cut, f"captions cut short with '…': {cut}"
