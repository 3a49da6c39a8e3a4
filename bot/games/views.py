"""What a player sees, as plain data: the table, a private hand, a rules page.

Every game builds these from its state; the Discord layer turns them into embeds and buttons, the
terminal prints them, and neither knows which game drew them. A control carries an action's text
form, so pressing it plays exactly that action.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

Style = Literal["primary", "secondary", "success", "danger"]


class Field(BaseModel, frozen=True):
    name: str
    value: str
    inline: bool = True
    prompt: bool = False
    """Says whom the table waits on: left out once the game is closed (abandoned, expired),
    which the game's state alone does not know."""
    pictured: bool = False
    """The table's picture shows this fact whole (the room's cards): a message showing the
    picture leaves it out, a view without the picture (the terminal) keeps it."""


class NumberAsk(BaseModel, frozen=True):
    """A move that takes a number from a range too wide to list as buttons (a wager of any of
    the chips held): its button asks for the number, and plays the control's action with the
    number as its last word (`bid` and 7 play `bid.7`)."""

    question: str
    """What is asked, as the box's label says it ("Chips to bid")."""
    least: int
    most: int


class Control(BaseModel, frozen=True):
    """A button: the action it plays (its text form), how it looks, and where."""

    label: str
    action: str
    style: Style = "secondary"
    row: int | None = None
    disabled: bool = False
    line: str = ""
    """The table line this button acts on (a room card: "**9♣** monster"), where it acts on
    one: a message with room for it shows the line with the button beside it. Buttons sharing
    a line stay together in a row, the line then said by their labels."""
    ask: NumberAsk | None = None
    """The button asks for a number first (`action` is then the move's first word)."""
    hint: bool = False
    """The button is the game's hint (`HandView.hint`, placed by `Match.hand`): playing it
    counts as taking a hint, which keeps the game off the boards."""


class MenuOption(BaseModel, frozen=True):
    label: str
    action: str
    """The action's text form, played when this option is chosen."""
    description: str = ""


class Menu(BaseModel, frozen=True):
    """A select of moves, for a kind of move with too many targets for buttons (a Knight's
    move to one of eight cells, say). Choosing an option plays its action."""

    placeholder: str
    options: list[MenuOption]


class PictureCard(BaseModel, frozen=True):
    card: str | None
    """A card's text as Card.parse reads it ("9S", "10♥", "JK"); None is a face-down card."""
    caption: str = ""
    """A short line under the card ("-4 HP", "fresh", "3/4"), cut short if wider than it."""
    dim: bool = False
    """Greyed: a fallen hero, a card that can't be played."""


class CardGroup(BaseModel, frozen=True):
    title: str
    """Above the cards: "Room 3", "Weapon", "Party"."""
    cards: list[PictureCard]


class GridCell(BaseModel, frozen=True):
    """One cell of a grid of cards (a dungeon laid out on the table), by its place in the grid.

    Most cells show one thing: a face-up card, a face-down card, a wall, a monster, a pawn, or
    an empty place where a card may go. A pawn is drawn over whatever it stands on."""

    col: int
    """Index into Grid.columns."""
    row: int
    """Index into Grid.rows."""
    card: str | None = None
    """The card shown face up, as Card.parse reads it ("7H", "10♥"); None for no face."""
    face_down: bool = False
    wall: bool = False
    """The card is a wall: drawn as a dark tile with its rank."""
    facing: Literal["n", "e", "s", "w"] | None = None
    """The card is a monster facing that way (an arrow on its edge)."""
    new: bool = False
    """A monster just turned up, that may go any way first (drawn with a star)."""
    pawn: int | None = None
    """The seat (from 0) whose pawn stands here, drawn as a token "P1", "P2"."""
    slot: bool = False
    """An empty cell where a card may be played: a faint outline."""
    note: str = ""
    """A few characters on a small label at the tile's foot ("7♥": what the viewer knows
    lies under a face-down card)."""
    dim: bool = False
    """Out of sight: greyed."""
    mark: bool = False
    """Outlined brightly: the monster being moved, a battle's cells."""


class Grid(BaseModel, frozen=True):
    """Cards on a grid, with named columns and rows (A, B, C... and 1, 2, 3...) as the text of
    the table and the buttons name cells. Cells not listed are bare felt."""

    columns: list[str]
    rows: list[str]
    cells: list[GridCell]
    title: str = ""


class Picture(BaseModel, frozen=True):
    groups: list[CardGroup]
    """Drawn left to right, in rows a phone shows whole; a group too long for one row goes on
    over several."""
    grid: Grid | None = None
    """A grid of cards, drawn above the groups (bot/render/grid_picture.py)."""
    row_cards: int = 0
    """The most cards a row holds (0: as many as fit): a narrower picture is shown less
    scaled down on a phone, so its captions stay readable."""
    alt: str = ""
    """What the picture shows, in words, for whoever cannot see it (a screen reader, a phone's
    ALT badge): a grid's map as text. The terminal, which prints the table, never needs it."""
    rows: int | None = None
    """At most this many rows of groups, the groups past them left out: a picture whose every
    card is in the table's text too stays short on a phone."""


class TableView(BaseModel):
    """The public table: what every player in the channel may see."""

    title: str
    fields: list[Field] = []
    footer: str = ""
    legend: str = ""
    """What the table's words and marks mean, a line each: a message offers it behind a
    button (a private answer), so the table itself stays short; the terminal prints it."""
    controls: list[Control] = []
    menus: list[Menu] = []
    """Selects under the buttons, each a row of its own (at most 25 options each)."""
    picture: Picture | None = None
    """The cards on the table as a picture, where the game draws one (bot/render/pictures.py)."""


class HandCard(BaseModel, frozen=True):
    """A card in a private hand, as the picker offers it."""

    label: str
    value: str
    """What the picker sends back: the card's place and code ("3.9C"), so a stale pick is seen."""
    picked: bool = False


class HandView(BaseModel):
    """One seat's private view (its hand), built only for that seat."""

    title: str
    description: str
    fields: list[Field] = []
    footer: str = ""
    cards: list[HandCard] = []
    max_picks: int = 5
    """How many cards the picker takes at once (at most 25): the most one play uses."""
    controls: list[Control] = []
    """The plays made of the picked cards (a play equal to the hint among them)."""
    hint: Control | None = None
    """The move the game suggests, kept apart from the plays: `Match.hand` leads with it where
    the table offers hints, and leaves it out where it does not (a game rated between people)."""
    menus: list[Menu] = []
    """Selects of plays under the buttons, each a row of its own (at most 25 options each):
    for a picked card with more places than buttons hold (a cell of a grid, say). Choosing
    an option plays its action, as a table's menu does."""
    picture: Picture | None = None
    """The hand's cards as a picture, where the game draws one."""


class RulesPage(BaseModel):
    """A game's rules: one page, or (with `pages`) a core page and one page per mode.

    A game of several modes teaches each on its own page, short enough to read before playing
    it; the core page holds what every mode shares, and each mode's page points back to it."""

    title: str
    summary: str
    sections: list[tuple[str, str]]
    key: str = ""
    """What `/rules mode:` and the terminal's `--mode` call this page, as one of a game's
    `pages` (a short name: "loot")."""
    pages: list[RulesPage] = []
    """The game's pages of its own, one per mode, in the order a newcomer meets them; this page
    is then the core every one of them links to."""

    def page(self, key: str) -> RulesPage | None:
        """One of the game's pages by its key or its title (any case), this core page too where
        it has a key; None for no such page."""
        wanted = key.strip().lower()
        pages = [self, *self.pages] if self.key else self.pages
        return next((page for page in pages if wanted in (page.key, page.title.lower())), None)


def boards_section(abandoning: str) -> tuple[str, str]:
    """What the boards count, and what giving up costs in this game (`abandoning`, a sentence:
    each game scores a forfeit its own way)."""
    return (
        "Boards",
        "Finished games count on this server's boards (`/leaderboard`, `/stats`); a game "
        "abandoned, or left idle until it expires, counts as a **loss**, so giving up never "
        f"protects a record. {abandoning}",
    )


BOARDS_SECTION = boards_section(
    "It is scored as a death at 0 HP (minus every monster still in the dungeon)."
)
"""The boards of a game scored in HP (Scoundrel, Diamonds & Dragons)."""


HELP_SECTION = (
    "Hints and hindsight",
    "Playing alone, **💡 Hint** suggests a move and why, from what you can see (never the "
    "deck's order); a game with any hint counts in your `/stats` but not on the boards. When "
    "the game is over, **🔍 Could I have won?** solves the deal with every card known: whether "
    "it could be won, the best score it allowed and a line that reaches it, and the move where "
    "your line let the win (or the best score) go. "
    "`/stats` counts how many of your lost deals could have been won.",
)
"""For the solo games that have a hint and a solver."""


def rulings_section(rulings: list[str]) -> tuple[str, str]:
    return ("Rulings", "\n".join(f"• {ruling}" for ruling in rulings))
