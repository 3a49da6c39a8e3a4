"""A table laid out for one message: what stands beside its line, what shares a row, and the
limits Discord sets."""

from bot.games.views import Control, Field, Menu, MenuOption, TableView
from bot.render.layout import (
    COMPONENT_LIMIT,
    TEXT_LIMIT,
    MenuRow,
    Row,
    Section,
    layout_text,
    table_layout,
)
from bot.render.phone_metrics import fits_one_line

HINT = Control(label="Hint", action="hint", row=4)


def lay_out(table: TableView, **options):
    defaults = dict(
        narration=["one", "two", "three"],
        colour=0x8B5CF6,
        lead=[],
        trail=[HINT],
        byline="ann's table · Game #1",
        picture=True,
    )
    return table_layout(table, **{**defaults, **options})


def test_a_move_alone_on_its_line_stands_beside_it_and_shared_lines_share_a_row() -> None:
    table = TableView(
        title="T",
        controls=[
            Control(label="Drink 7♥", action="drink.7H", row=0, line="**7♥** potion"),
            Control(label="Weapon 9♣", action="weapon.9C", row=1, line="**9♣** monster"),
            Control(label="Fists 9♣", action="bare.9C", row=1, line="**9♣** monster"),
            Control(label="Run", action="run", row=4),
        ],
    )
    blocks = lay_out(table).blocks
    assert isinstance(blocks[0], Section) and blocks[0].text == "**7♥** potion"
    assert isinstance(blocks[1], Row) and len(blocks[1].buttons) == 2
    assert isinstance(blocks[2], Row)
    assert [(p.control.label, p.own) for p in blocks[2].buttons] == [
        ("Run", False),
        ("Hint", True),
    ], "the hint ends the last row of moves"


def test_buttons_too_wide_to_stand_side_by_side_on_a_phone_take_rows_of_their_own() -> None:
    wide = ["Equip 6♦", "Fight J♣ barehanded · −11 HP", "Run", "Drink 7♥"]
    table = TableView(
        title="T",
        controls=[Control(label=label, action=f"a.{n}", row=0) for n, label in enumerate(wide)],
    )
    rows = [[p.control.label for p in b.buttons] for b in lay_out(table, trail=[]).blocks]
    assert rows == [wide[:1], wide[1:2], wide[2:]], "in order, each row as wide as a phone shows"
    assert all(fits_one_line(row) for row in rows)


def test_a_fact_the_picture_shows_is_left_out_where_the_picture_is() -> None:
    room = Field(name="🚪 Room 2", value="9♣ 7♥", pictured=True)
    table = TableView(title="T", fields=[Field(name="❤️ Health", value="20/20"), room])
    assert lay_out(table).body[-1] == "❤️ Health 20/20"
    assert lay_out(table, picture=False).body[-1] == "❤️ Health 20/20 · 🚪 Room 2 9♣ 7♥"


def test_the_voice_keeps_two_lines_and_short_facts_share_one() -> None:
    table = TableView(
        title="T",
        fields=[
            Field(name="❤️ Health", value="20/20"),
            Field(name="🂠 Deck", value="40 cards left"),
            Field(name="🛡️ Party", value="Ann\nBo", inline=False),
            Field(name="⏳ Waiting for", value="Ann", prompt=True),
        ],
        footer="Classic",
    )
    layout = lay_out(table, pinned="timed out", notice="Abandoned")
    assert layout.body == [
        "timed out",
        "two",
        "three",
        "Abandoned",
        "❤️ Health 20/20 · 🂠 Deck 40 cards left · ⏳ Waiting for Ann",
    ]
    assert layout.facts == ["**🛡️ Party**\nAnn\nBo"]
    assert layout.footnote == "-# ann's table · Game #1 · Classic"
    closed = lay_out(table, active=False, trail=[])
    assert "Waiting for" not in closed.body[-1] and closed.blocks == []


def test_past_the_component_budget_moves_go_in_rows_not_sections() -> None:
    moves = [
        Control(label=f"Move {n}", action=f"m.{n}", row=n // 5, line=f"line {n}") for n in range(20)
    ]
    menu = Menu(placeholder="More", options=[MenuOption(label="x", action="x")])
    layout = lay_out(TableView(title="T", controls=moves, menus=[menu, menu]))
    assert not any(isinstance(b, Section) for b in layout.blocks)
    assert isinstance(layout.blocks[-1], MenuRow) and layout.components <= COMPONENT_LIMIT


def test_the_text_is_cut_to_discords_limit() -> None:
    table = TableView(title="T", fields=[Field(name="Grid", value="x" * 5000, inline=False)])
    layout = lay_out(table)
    assert sum(len(text) for text in layout.texts) <= TEXT_LIMIT
    assert layout.facts[0].endswith("…")


def test_the_text_rendering_names_every_part_and_its_measures() -> None:
    table = TableView(title="T", controls=[Control(label="Go", action="go", disabled=True)])
    text = layout_text(lay_out(table))
    assert "accent #8B5CF6" in text and "[picture: attachment://table.png]" in text
    assert "(Go)" in text and "1 row of buttons" in text
