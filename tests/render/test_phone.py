"""The phone height estimate: what makes a table taller on a 400 px wide screen."""

from hypothesis import given
from hypothesis import strategies as st

from bot.games.views import Control, Field, TableView
from bot.render.layout import TableLayout, table_layout
from bot.render.phone import BUTTON_LINE, MEDIA_WIDTH, phone_height, row_height, text_height


def laid(table: TableView, narration: list[str] | None = None) -> TableLayout:
    return table_layout(
        table,
        narration=narration or [],
        colour=0,
        lead=[],
        trail=[],
        byline="Ann's table · Game #1",
        picture=True,
    )


def test_the_picture_is_scaled_to_the_media_width_never_enlarged() -> None:
    layout = laid(TableView(title="T"))
    bare = phone_height(layout)
    assert phone_height(layout, (MEDIA_WIDTH * 2, 300)) == bare + 150 + 8
    assert phone_height(layout, (100, 50)) == bare + 50 + 8


@given(st.integers(min_value=0, max_value=400))
def test_longer_narration_never_makes_a_table_shorter(extra: int) -> None:
    short = laid(TableView(title="T"), ["The door opens."])
    long = laid(TableView(title="T"), ["The door opens." + " and on" * extra])
    assert phone_height(long) >= phone_height(short)


def test_a_line_too_long_for_the_screen_wraps() -> None:
    assert text_height("word " * 12) == 40  # 60 characters, ~450 px: two lines
    assert text_height("-# " + "small " * 8) == 16 and text_height("-# " + "small " * 10) == 32
    assert text_height("```\nA B\n```") == 8 + 18 + 8


def test_buttons_too_wide_for_one_line_wrap_onto_more() -> None:
    assert row_height(["Run"]) == BUTTON_LINE - 8
    wide = ["Fight J♣ (weapon) · −1 HP", "Fight J♣ barehanded · −11 HP"]
    assert row_height(wide) == 2 * BUTTON_LINE - 8


def test_a_section_beside_its_button_is_at_least_a_button_tall() -> None:
    move = Control(label="Drink 7♥", action="drink", line="**7♥** potion")
    table = TableView(title="T", controls=[move], fields=[Field(name="Room", value="7♥")])
    with_move = phone_height(laid(table))
    without = phone_height(laid(TableView(title="T", fields=[Field(name="Room", value="7♥")])))
    assert with_move - without == 32 + 8
