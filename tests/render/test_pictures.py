"""Table pictures: real PNGs of the right size, every card drawn in its colours, the same bytes
for the same picture, and text the built-in font lacks drawn without failing."""

import io
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image, ImageStat

from bot.games.cards import CardParseError, standard_deck
from bot.games.views import CardGroup, Picture, PictureCard
from bot.render import card_faces
from bot.render.card_faces import CARD_W, MARGIN, SYMBOL_MIDDLE, card_image, label, printable
from bot.render.palette import CAPTION, FIRST_CLEAR
from bot.render.pictures import (
    MAX_WIDTH,
    PAD,
    TITLE_H,
    _rendered,
    clear_caches,
    layout,
    render,
    warm_up,
)


def group(title: str, codes: str, caption: str = "") -> CardGroup:
    return CardGroup(
        title=title, cards=[PictureCard(card=code, caption=caption) for code in codes.split()]
    )


SCOUNDREL = Picture(
    groups=[
        group("Room 3", "9S QC 5H 7D", "−4 HP"),
        group("Weapon", "7D", "fresh"),
        group("Last kill", "JS", "below 11"),
    ]
)


def opened(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def rgb(image: Image.Image) -> Image.Image:
    """Colours as shown (a picture's palette carries opacity, so it goes by way of RGBA)."""
    return image.convert("RGBA").convert("RGB")


def patch_mean(image: Image.Image, centre: tuple[int, int], radius: int = 3) -> list[float]:
    x, y = centre
    box = (x - radius, y - radius, x + radius + 1, y + radius + 1)
    return ImageStat.Stat(rgb(image).crop(box)).mean


SYMBOL_CENTRE = (MARGIN + CARD_W // 2, MARGIN + SYMBOL_MIDDLE)


def test_a_table_is_a_png_of_one_row_no_wider_than_a_phone_allows() -> None:
    image = opened(render(SCOUNDREL))
    assert image.format == "PNG"
    assert 600 <= image.width <= MAX_WIDTH
    assert 190 <= image.height <= 280, "one row: title, cards, captions"


def test_the_panel_has_clear_round_corners_and_an_opaque_middle() -> None:
    alpha = opened(render(SCOUNDREL)).convert("RGBA").getchannel("A")
    assert alpha.getpixel((0, 0)) == 0
    assert alpha.getpixel((alpha.width - 1, alpha.height - 1)) == 0
    assert alpha.getpixel((alpha.width // 2, alpha.height // 2)) == 255


def test_more_groups_wrap_to_more_rows_within_the_width() -> None:
    one = opened(render(Picture(groups=[group("Room", "2S 3S 4S 5S")])))
    three = opened(render(Picture(groups=[group(f"Room {n}", "2S 3S 4S 5S") for n in range(1, 4)])))
    assert three.width <= MAX_WIDTH
    assert three.height >= 2.5 * one.height


def test_a_group_longer_than_a_row_goes_on_over_several() -> None:
    long_hand = Picture(groups=[group("Deck", " ".join(c.code for c in standard_deck()[:20]))])
    image = opened(render(long_hand))
    assert image.width <= MAX_WIDTH
    assert image.height > 2 * opened(render(Picture(groups=[group("Deck", "2S")]))).height


def test_nothing_to_show_still_makes_a_picture() -> None:
    assert opened(render(Picture(groups=[])))
    assert opened(render(Picture(groups=[CardGroup(title="Room", cards=[])])))


def test_every_card_of_a_deck_with_jokers_and_a_face_down_card_draws() -> None:
    deck = [card.code for card in standard_deck(jokers=2)]
    cards = [PictureCard(card=code) for code in deck] + [PictureCard(card=None)]
    image = opened(render(Picture(groups=[CardGroup(title="Deck", cards=cards)])))
    assert image.width <= MAX_WIDTH
    for code in [*deck, None]:
        face = card_image(code)
        assert face.mode == "P"
        assert max(face.tobytes()) < FIRST_CLEAR, "no card shows the clear corner felt"


@pytest.mark.parametrize("code", ["9H", "AD", "2H", "QH", "JD"])
def test_red_suits_come_out_red(code: str) -> None:
    red, green, blue = patch_mean(card_image(code), SYMBOL_CENTRE)
    assert red > 150 and green < 80 and blue < 80


@pytest.mark.parametrize("code", ["9S", "AC", "2C", "KS", "10S"])
def test_black_suits_come_out_dark(code: str) -> None:
    assert max(patch_mean(card_image(code), SYMBOL_CENTRE)) < 60


def test_a_joker_is_purple_and_a_card_back_is_neither_red_nor_black() -> None:
    red, green, blue = patch_mean(card_image("JK"), SYMBOL_CENTRE)
    assert blue > green + 60 and red > green + 30
    back = rgb(card_image(None))
    colours = back.getcolors(maxcolors=100_000) or []
    assert len(colours) > 10, "a patterned back, not a blank card"


def card_area(image: Image.Image) -> Image.Image:
    return rgb(image).crop((MARGIN + 4, MARGIN + 4, MARGIN + CARD_W - 4, MARGIN + CARD_W))


@pytest.mark.parametrize("code", ["KH", "QD", "9S", "JK", None])
def test_a_dim_card_is_greyer_and_a_dim_face_darker(code: str | None) -> None:
    plain, dim = card_area(card_image(code)), card_area(card_image(code, dim=True))
    saturation = [ImageStat.Stat(image.convert("HSV")).mean[1] for image in (plain, dim)]
    assert saturation[1] < min(10, saturation[0]), "grey"
    if code is not None:
        brightness = [ImageStat.Stat(image.convert("L")).mean[0] for image in (plain, dim)]
        assert brightness[1] < 0.65 * brightness[0]


def test_a_card_in_a_picture_looks_as_drawn() -> None:
    """The picture is the cached drawings pasted in place: the first card lies under its title
    at the panel's padding."""
    image = rgb(opened(render(Picture(groups=[group("Room", "5H")]))))
    face = rgb(card_image("5H"))
    placed = image.crop((PAD, PAD + TITLE_H, PAD + face.width, PAD + TITLE_H + face.height))
    assert placed.tobytes() == face.tobytes()


def test_the_same_picture_gives_the_same_bytes_and_is_drawn_once() -> None:
    clear_caches()
    first = render(SCOUNDREL)
    hits = _rendered.cache_info().hits
    second = render(SCOUNDREL.model_copy(deep=True))
    assert second is first
    assert _rendered.cache_info().hits == hits + 1
    clear_caches()
    assert render(SCOUNDREL) == first, "drawn again from nothing, byte for byte the same"


def test_pictures_drawn_on_several_threads_match_those_drawn_on_one() -> None:
    pictures = [
        SCOUNDREL,
        Picture(groups=[group("Party", "KH QH KD QD JD", "3/4"), group("Room", "JK 8C AS")]),
        Picture(groups=[group("Hand", "2H 2S 7C 10D QS KH AD")]),
    ]
    clear_caches()
    alone = [render(picture) for picture in pictures]
    clear_caches()
    with ThreadPoolExecutor(max_workers=3) as pool:
        together = list(pool.map(render, pictures * 3))
    assert together == alone * 3


@pytest.mark.parametrize(
    "text",
    ["−4 HP", "Room 3", "Héroïne ♥ 9♠ ❤️ 🐉", "last kill 10♦ — fights below 10", "", "   "],
)
def test_text_the_font_lacks_is_drawn_without_failing(text: str) -> None:
    picture = Picture(
        groups=[CardGroup(title=text, cards=[PictureCard(card="10H", caption=text, dim=True)])]
    )
    assert opened(render(picture)).width <= MAX_WIDTH


def test_text_is_made_drawable_and_cut_to_fit() -> None:
    assert printable("−4 HP") == "-4 HP"
    assert printable("Héros ♡ ❤️") == "Heros ♥ ♥"
    wide = label("a caption far too long to fit under one card", 19, CAPTION, 100)
    assert wide.width <= 100


def test_warming_up_leaves_a_table_no_card_to_draw() -> None:
    clear_caches()
    warm_up()
    drawn = card_faces._laid.cache_info().misses
    render(Picture(groups=[group("Room", "10H TS JK 2C", "x"), group("Down", "QD")]))
    render(Picture(groups=[CardGroup(title="Deck", cards=[PictureCard(card=None, dim=True)])]))
    assert card_faces._laid.cache_info().misses == drawn


def test_a_text_that_names_no_card_is_refused() -> None:
    with pytest.raises(CardParseError):
        render(Picture(groups=[group("Room", "XX")]))


def test_a_picture_may_hold_fewer_cards_a_row_to_stay_narrow() -> None:
    six = group("Your hand", "2H 3H 4H 5H 6H 7H", "12")
    wide = opened(render(Picture(groups=[six])))
    narrow = opened(render(Picture(groups=[six], row_cards=5)))
    assert narrow.width == 2 * PAD + 5 * (CARD_W + 8) - 8 + 2 * MARGIN < wide.width
    assert narrow.height > wide.height, "the sixth card goes on a second row"


def test_a_picture_of_one_row_leaves_out_the_groups_past_it() -> None:
    groups = [group(f"Enemy {n}", "9S", "4 cards") for n in range(9)]
    whole = opened(render(Picture(groups=groups)))
    one_row = opened(render(Picture(groups=groups, rows=1)))
    assert one_row.width == whole.width and one_row.height < whole.height / 1.5
    assert len(layout(Picture(groups=groups, rows=1))) == 1 < len(layout(Picture(groups=groups)))
