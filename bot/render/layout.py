"""A table laid out as one compact message: what goes where, and nothing of Discord's objects.

The Discord layer turns a layout into a Components V2 message (a container with text, the
picture and the buttons) and the gallery prints it, so both show the same thing. The table is
cut to what a phone screen holds: the voice's last lines, not its whole log; the short facts
on one line; each room card's button beside its line where it has one button.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from bot.games.views import Control, Field, Menu, TableView
from bot.render.phone_metrics import fits_one_line
from bot.words import plural

NARRATION_SHOWN = 2
"""The voice's lines shown: the move just made and what it led to."""
STAT_SEPARATOR = " · "
ROW_WIDTH = 5
"""Buttons in one row, as Discord allows."""
COMPONENT_LIMIT = 40
"""Components in one message, every nested one counted."""
TEXT_LIMIT = 4000
"""Characters of text in one message, all its text displays together."""


@dataclass(frozen=True)
class Placed:
    """A button and whose it is: the table's own (New game, My hand, Hint) or a game's move."""

    control: Control
    own: bool = False


@dataclass(frozen=True)
class Section:
    """A line of text with its one button beside it."""

    text: str
    button: Placed


@dataclass(frozen=True)
class Row:
    buttons: list[Placed]


@dataclass(frozen=True)
class MenuRow:
    number: int
    """Its place among the table's menus, which its id carries."""
    menu: Menu


Block = Section | Row | MenuRow


@dataclass(frozen=True)
class TableLayout:
    heading: str
    colour: int
    picture: bool
    body: list[str]
    """The voice's last lines, then the stats line."""
    facts: list[str]
    """The long facts (a party, a grid), each shown apart: "**name** value"."""
    footnote: str
    blocks: list[Block] = field(default_factory=list)
    pictured: str = ""
    """The facts the picture shows, left out of the text ("🚪 Room 2 9♣ 7♥"): the picture's
    description, and its stand-in where a channel takes no picture."""

    @property
    def head_texts(self) -> list[str]:
        """The text displays above the buttons, in order (an empty part shows nothing)."""
        parts = [self.heading, "\n".join(self.body), *self.facts, self.footnote]
        return [part for part in parts if part]

    @property
    def texts(self) -> list[str]:
        """Every text display, a section's line included."""
        return self.head_texts + [b.text for b in self.blocks if isinstance(b, Section)]

    @property
    def button_rows(self) -> int:
        """What a thumb scrolls past: a section or a row of buttons or a menu, one each."""
        return len(self.blocks)

    @property
    def components(self) -> int:
        """Every component of the message as Discord counts them (rows and sections too)."""
        head = 1 + len(self.head_texts) + int(self.picture)
        return head + sum(_cost(block) for block in self.blocks)


def _cost(block: Block) -> int:
    if isinstance(block, Section):
        return 3  # the section, its text and its button
    if isinstance(block, Row):
        return 1 + len(block.buttons)
    return 2


def table_layout(
    table: TableView,
    *,
    narration: list[str],
    colour: int,
    lead: list[Control],
    trail: list[Control],
    byline: str,
    picture: bool,
    notice: str = "",
    pinned: str = "",
    active: bool = True,
) -> TableLayout:
    """Lay a table out: `lead` are the table's own buttons before the moves (My hand, New
    game), `trail` those after them (Hint), `byline` opens the footnote ("alice's table ·
    Game #3"). `pinned` is an earlier line kept in sight above the voice's last ones (a turn
    that timed out), `notice` a line under them. A closed table shows no moves and waits on
    nobody; a fact the picture shows is left out where the picture is."""
    current = [f for f in table.fields if active or not f.prompt]
    shown = [f for f in current if not (picture and f.pictured)]
    pictured = STAT_SEPARATOR.join(_stat(f) for f in current if picture and f.pictured)
    if picture and table.picture is not None and table.picture.alt:
        pictured = "\n".join(part for part in (table.picture.alt, pictured) if part)
    last = narration[-NARRATION_SHOWN:]
    lines = [*([pinned] if pinned and pinned not in last else []), *last]
    lines += [notice] if notice else []
    stats = STAT_SEPARATOR.join(_stat(f) for f in shown if _short(f))
    body = [*lines, *([stats] if stats else [])]
    footnote = STAT_SEPARATOR.join(part for part in (byline, table.footer) if part)
    # Small print is marked line by line: Discord reads "-#" only at a line's start.
    head = TableLayout(
        heading=f"### {table.title}",
        colour=colour,
        picture=picture,
        body=body,
        facts=[_long(f) for f in shown if not _short(f)],
        footnote="\n".join(f"-# {line}" for line in footnote.splitlines()),
        pictured=pictured,
    )
    moves = table.controls if active else []
    budget = COMPONENT_LIMIT - head.components
    blocks = _blocks(lead, moves, trail, table.menus if active else [], budget)
    return _within_text_limit(replace(head, blocks=blocks))


def _short(field: Field) -> bool:
    """A fact that fits on the stats line: an inline field of one line."""
    return field.inline and "\n" not in field.value


def _stat(field: Field) -> str:
    return f"{field.name} {field.value}"


def _long(field: Field) -> str:
    joiner = "\n" if "\n" in field.value else " "
    return f"**{field.name}**{joiner}{field.value}"


def _blocks(
    lead: list[Control], moves: list[Control], trail: list[Control], menus: list[Menu], budget: int
) -> list[Block]:
    """The table's own buttons in a row, then the moves by the game's rows: a move that alone
    acts on its line stands beside it, the others share rows; the trailing buttons end the last
    row, then come the menus. Sections cost three components a button: past the budget, rows
    are used instead."""
    alone = _alone_on_line(moves)
    if not _with_sections(lead, moves, trail, menus, alone, budget):
        alone = set()
    groups: dict[int, list[Section | Placed]] = {}
    for control in moves:
        group = groups.setdefault(-1 if control.row is None else control.row, [])
        group.append(
            Section(control.line, Placed(control)) if control.line in alone else Placed(control)
        )
    if trail:
        last = max(groups, default=None)
        plain = (
            [item for item in groups.get(last, []) if isinstance(item, Placed)]
            if last is not None
            else []
        )
        if last is None or len(plain) + len(trail) > ROW_WIDTH:
            last = max(groups, default=-1) + 1
        groups.setdefault(last, []).extend(Placed(control, own=True) for control in trail)
    blocks: list[Block] = [Row(chunk) for chunk in _chunks([Placed(c, True) for c in lead])]
    for key in sorted(groups):
        items = groups[key]
        blocks += [item for item in items if isinstance(item, Section)]
        plain = [item for item in items if isinstance(item, Placed)]
        blocks += [Row(chunk) for chunk in _chunks(plain)]
    blocks += [MenuRow(number, menu) for number, menu in enumerate(menus)]
    return blocks


def _alone_on_line(moves: list[Control]) -> set[str]:
    counts: dict[str, int] = {}
    for control in moves:
        if control.line:
            counts[control.line] = counts.get(control.line, 0) + 1
    return {line for line, count in counts.items() if count == 1}


def _with_sections(
    lead: list[Control],
    moves: list[Control],
    trail: list[Control],
    menus: list[Menu],
    alone: set[str],
    budget: int,
) -> bool:
    """Whether the buttons fit the budget with sections (rows are counted generously, one
    per five buttons plus one per game row)."""
    rowed = [c for c in moves if c.line not in alone]
    game_rows = len({c.row for c in rowed}) + 1
    cost = 3 * len(alone) + len(lead) + len(rowed) + len(trail) + game_rows + 1 + 2 * len(menus)
    return cost <= budget


def _chunks(placed: list[Placed]) -> list[list[Placed]]:
    """The buttons in rows, in order: at most ROW_WIDTH a row, and no more than a phone shows
    side by side (where a row is too wide, Discord's mobile client cuts every label short)."""
    rows: list[list[Placed]] = []
    for item in placed:
        row = rows[-1] if rows else None
        labels = [p.control.label for p in row or []] + [item.control.label]
        if row is not None and len(row) < ROW_WIDTH and fits_one_line(labels):
            row.append(item)
        else:
            rows.append([item])
    return rows


def _within_text_limit(layout: TableLayout) -> TableLayout:
    """Cut the longest text (a fact or a line of the voice) short until the whole fits
    Discord's limit: a table that long is rare, and its buttons matter more."""
    layout = replace(layout, heading=layout.heading[:256], footnote=layout.footnote[:512])
    while (excess := sum(len(text) for text in layout.texts) - TEXT_LIMIT) > 0:
        parts = [*layout.body, *layout.facts]
        longest = max(range(len(parts)), key=lambda i: len(parts[i]))
        cut = parts[longest][: max(0, len(parts[longest]) - excess - 1)] + "…"
        parts[longest] = cut
        layout = replace(layout, body=parts[: len(layout.body)], facts=parts[len(layout.body) :])
    return layout


def layout_text(layout: TableLayout) -> str:
    """The layout as text, for review: the container's parts top to bottom, each button as
    [label] (greyed: (label)), a section's button after its line, then what it costs."""
    out = [f"┏━ container, accent #{layout.colour:06X}"]
    out += [f"┃ {line}" for line in layout.heading.splitlines()]
    if layout.picture:
        out.append("┃ [picture: attachment://table.png]")
    for text in layout.head_texts[1:]:
        out += [f"┃ {line}" for line in text.splitlines()]
    for block in layout.blocks:
        if isinstance(block, Section):
            out.append(f"┃ {block.text}  ⟶ {_button(block.button)}")
        elif isinstance(block, Row):
            out.append("┃ " + " ".join(_button(p) for p in block.buttons))
        else:
            options = plural(len(block.menu.options), "option")
            out.append(f"┃ <menu: {block.menu.placeholder}, {options}>")
    out.append("┗━")
    chars = sum(len(text) for text in layout.texts)
    out.append(
        f"{plural(chars, 'character')} of text · {plural(layout.button_rows, 'row')} of buttons"
        f" · {layout.components} components"
    )
    return "\n".join(out) + "\n"


def _button(placed: Placed) -> str:
    label = placed.control.label
    return f"({label})" if placed.control.disabled else f"[{label}]"
