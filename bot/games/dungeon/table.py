"""Dungeon of Cards as players see it: the public table, and each player's own hand.

The table fits one phone screen: the dungeon as a picture (the part in sight when it is too big
to read whole), a line of facts, and the acting seat's moves: buttons for those that fit buttons
(a direction pad, battle picks, hops, a new monster's way) and menus for the moves with many
targets (Knight's moves and cards to turn over, a monster's facing changed before the pawn
moves, where to enter or to play blind). The whole map as a text grid (one short token a cell,
for screen readers and the terminal) is in each player's hand, shown privately. A card is
played from the hand: pick it there, then choose its cell from the hand's menus.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.cards import Card
from bot.games.dungeon.actions import Kind, Move, directed
from bot.games.dungeon.board import Cell
from bot.games.dungeon.engine import MAX_TURNS, WINNING_SCORE, DungeonState, Phase
from bot.games.dungeon.grid import ARROWS, Dir, Layout, Point, distance, knight_path, step, unkey
from bot.games.dungeon.naming import card_called, label, layout_of, monster_called
from bot.games.dungeon.picture import grid_picture
from bot.games.dungeon.policy import choose
from bot.games.dungeon.text_grid import LEGEND, grid_fields, text_grid
from bot.games.dungeon.window import Window
from bot.games.views import (
    CardGroup,
    Control,
    Field,
    HandCard,
    HandView,
    Menu,
    MenuOption,
    Picture,
    PictureCard,
    Style,
    TableView,
)
from bot.words import plural, score_line

MENU_OPTIONS = 25
PAD_ROW = 1
"""The direction pad's row: row 0 is left to the table's own buttons (My hand)."""
EXTRA_ROW = 2
MAX_MENUS = 2
"""Beside two rows of buttons (and the table's own row), two selects fill Discord's five rows."""
HAND_MENUS = 3
"""A hand's selects of cells, under its picker and its row of buttons: 75 cells, more than
any dungeon has had room for one card (the most seen is about 50)."""
PAD_ARROWS: dict[Dir, str] = {"n": "⬆️", "w": "⬅️", "s": "⬇️", "e": "➡️"}
PAD_ORDER: tuple[Dir, ...] = ("w", "n", "s", "e")
SEAT_MARKS = ("🟣", "🔵")
"""Each seat's colour, as its pawn is drawn."""
PHASE_TEXT = {
    Phase.START: "places their Joker on a starting card",
    Phase.MONSTERS: "moves the monsters",
    Phase.PAWN: "moves their pawn",
    Phase.ENTER: "re-enters the dungeon at an empty cell",
    Phase.HOP: "may hop on to a matching card",
    Phase.BATTLE: "picks a card in the battle",
    Phase.PLAY: "plays a card (from My hand, or blind from the pile)",
}


def names_or_default(names: Sequence[str]) -> list[str]:
    return list(names) if len(names) >= 2 else ["Player 1", "Player 2"]


# ---- the table -------------------------------------------------------------------------------


def dungeon_table(state: DungeonState, names: Sequence[str]) -> TableView:
    names = names_or_default(names)
    layout = layout_of(state)
    fields = [player_field(state, seat, names, layout) for seat in (0, 1)]
    discards = f" · {len(state.discards)} discarded" if state.discards else ""
    fields.append(Field(name="🂠 Pile", value=f"{plural(len(state.pile), 'card')}{discards}"))
    facings = facings_field(state, layout)
    if facings is not None:
        fields.append(facings)
    fields.append(status_field(state, names))
    battle = battle_field(state, names)
    if battle is not None:
        fields.append(battle)
    focus = [] if state.is_over else state.acting()
    # A battle's cards are outlined on the grid and summed in its line: no card row below.
    grid = grid_picture(state, in_sight(state, layout, focus))
    picture = Picture(groups=[], grid=grid, alt=map_in_words(state, layout))
    controls, menus = ([], []) if state.is_over else table_moves(state, layout)
    return TableView(
        title="Dungeon of Cards · Duel",
        fields=fields,
        footer="The map as text: the picture's ALT, or My hand",
        controls=controls,
        menus=menus,
        picture=picture,
    )


def map_in_words(state: DungeonState, layout: Layout) -> str:
    """The whole dungeon as the text grid, for the picture's alt text (at most 1024
    characters: the rows past them are left out), so anyone at the channel can read the map
    without the picture, players and onlookers alike."""
    lines = ["Dungeon map (" + LEGEND_SHORT + "):", *text_grid(state, layout)]
    kept: list[str] = []
    for line in lines:
        if len("\n".join([*kept, line])) > ALT_LIMIT:
            break
        kept.append(line)
    return "\n".join(kept)


ALT_LIMIT = 1024
LEGEND_SHORT = "## face down, W5 wall, P1 P2 pawns, J↑ monster facing, .. empty"


def in_sight(state: DungeonState, layout: Layout, seats: Sequence[int]) -> Window:
    """The part of the dungeon a picture shows: around the pawn of the first of `seats` on
    the board (then the other pawns), all of it when it fits."""
    order = [*seats, *(seat for seat in (0, 1) if seat not in seats)]
    pawns = [pawn for seat in order if (pawn := state.pawn(seat)) is not None]
    return Window(layout, pawns)


def player_field(state: DungeonState, seat: int, names: list[str], layout: Layout) -> Field:
    """One line a player: it joins the table's line of facts."""
    pawn = state.pawn(seat)
    where = f"at {layout.name(pawn)}" if pawn is not None else "pawn in hand"
    value = (
        f"**{state.score(seat)}**/{WINNING_SCORE} · "
        f"{plural(len(state.hand(seat)), 'card')} · {where}"
    )
    return Field(name=f"{SEAT_MARKS[seat]} P{seat + 1} {names[seat]}", value=value)


def facings_field(state: DungeonState, layout: Layout) -> Field | None:
    """The facings the monsters moved this turn were offered, which the pawn's move accepts."""
    turn = state.monster_turn
    if turn is None or state.phase not in (Phase.PAWN, Phase.ENTER):
        return None
    shown = [
        f"{monster.card} {layout.name(monster.at)} {ARROWS[monster.facing]}"
        for card in turn.turned
        if (monster := state.board.monster(card)) is not None and monster.facing is not None
    ]
    if not shown:
        return None
    return Field(name="👹 Facing", value=" · ".join(shown))


def status_field(state: DungeonState, names: list[str]) -> Field:
    if state.is_over:
        if state.winner is None:
            scores = score_line(state.score(0), state.score(1))
            return Field(name="🏁 Game over", value=f"A draw, {scores}", inline=False)
        scores = score_line(state.score(state.winner), state.score(1 - state.winner))
        why = {"hundred": "reaches 100", "turns": "leads after 200 turns", "cards": "leads"}
        reason = why.get(state.end_reason or "", "wins")
        value = f"**{names[state.winner]}** {reason} and wins, {scores}"
        return Field(name="🏁 Game over", value=value, inline=False)
    seat = state.acting()[0]
    number = min(state.turns + 1, MAX_TURNS)
    doing = PHASE_TEXT[state.phase]
    if state.phase == Phase.BATTLE and state.battle is not None:
        side = "their own side" if state.battle.side == "player" else "the monster"
        doing = f"picks a card for {side}"
    if state.phase == Phase.MONSTERS:
        monster = state.current_monster()
        if monster is not None:
            doing = f"moves the monsters: {monster_called(monster.card)}"
    name = f"⏳ Turn {number} of {MAX_TURNS}"
    return Field(name=name, value=f"**{names[seat]}** {doing}", inline=False, prompt=True)


def battle_field(state: DungeonState, names: list[str]) -> Field | None:
    battle = state.battle
    if state.phase != Phase.BATTLE or battle is None:
        return None
    fighter = names[battle.fighter]
    rival = names[1 - battle.fighter]
    value = (
        f"**{fighter}** {battle.player_total} ({battle.player_picks}/2 picks) vs "
        f"{monster_called(battle.monster)} {battle.monster_total} ({battle.monster_picks}/2, "
        f"{rival} picks) · a tie goes to the monster"
    )
    return Field(name="⚔️", value=value, inline=False)


def table_moves(state: DungeonState, layout: Layout) -> tuple[list[Control], list[Menu]]:
    """The acting seat's moves as buttons and menus."""
    seat = state.acting()[0]
    legal = state.legal_actions(seat)
    phase = state.phase
    if phase == Phase.PAWN:
        return pawn_controls(state, seat, legal, layout)
    if phase == Phase.START:
        return [], menus("Place your Joker on…", state, seat, legal, layout, MAX_MENUS)
    if phase == Phase.ENTER:
        entries = [m for m in legal if m.kind == Kind.ENTER]
        found = menus("Re-enter the dungeon at…", state, seat, entries, layout, 3)
        return [], found + facing_menus(state, seat, legal, layout)
    if phase == Phase.PLAY:
        blind = [m for m in legal if m.kind == Kind.BLIND]
        skip = [m for m in legal if m.kind == Kind.SKIP]
        controls = [button(state, seat, m, layout, EXTRA_ROW, "danger") for m in skip]
        placeholder = "Play the pile's top card blind at…"
        return controls, menus(placeholder, state, seat, blind, layout, 3)
    style = "danger" if phase == Phase.BATTLE else "primary"
    return [button(state, seat, m, layout, PAD_ROW, style) for m in legal[:5]], []


def button(
    state: DungeonState, seat: int, move: Move, layout: Layout, row: int, style: Style = "primary"
) -> Control:
    return Control(label=label(state, seat, move, layout), action=str(move), style=style, row=row)


def pawn_controls(
    state: DungeonState, seat: int, legal: list[Move], layout: Layout
) -> tuple[list[Control], list[Menu]]:
    """A direction pad (the illegal steps shown disabled; no pad when none is open), Take when
    it is the only way out, a menu of Knight's moves then cards to turn over (nearest first),
    and one of the other ways the monsters moved this turn may face."""
    pawn = state.pawn(seat)
    assert pawn is not None
    allowed = set(legal)
    controls: list[Control] = []
    if not any(m.kind == Kind.STEP for m in legal):
        return pawn_rest(state, seat, legal, layout, controls)
    for direction in PAD_ORDER:
        move = directed(Kind.STEP, direction)
        target = step(pawn, direction)
        ok = move in allowed
        controls.append(
            Control(
                label=f"{PAD_ARROWS[direction]} {layout.name(target)}"
                if ok
                else PAD_ARROWS[direction],
                action=str(move),
                style="primary" if ok else "secondary",
                row=PAD_ROW,
                disabled=not ok,
            )
        )
    return pawn_rest(state, seat, legal, layout, controls)


def pawn_rest(
    state: DungeonState, seat: int, legal: list[Move], layout: Layout, controls: list[Control]
) -> tuple[list[Control], list[Menu]]:
    """After the pad (none when no step is open): Take, and the menus."""
    pawn = state.pawn(seat)
    assert pawn is not None
    controls = controls + [
        button(state, seat, m, layout, EXTRA_ROW, "danger") for m in legal if m.kind == Kind.TAKE
    ]
    knights = [m for m in legal if m.kind == Kind.KNIGHT]
    flips = sorted(
        (m for m in legal if m.kind == Kind.FLIP),
        key=lambda m: distance(pawn, m.at) if m.at is not None else 0,
    )
    title = "Knight's move, or turn a card over…" if knights else "Turn a card over…"
    found = menus(title, state, seat, knights + flips, layout, 3)
    return controls, found + facing_menus(state, seat, legal, layout)


def facing_menus(state: DungeonState, seat: int, legal: list[Move], layout: Layout) -> list[Menu]:
    """A select of the other ways the monsters moved this turn may face: choosing one turns
    that monster and still waits for the pawn's move, which accepts every facing."""
    turns = [m for m in legal if m.kind == Kind.FACE and m.card is not None]
    return menus("Turn a monster another way first…", state, seat, turns, layout, 2)


def menus(
    placeholder: str,
    state: DungeonState,
    seat: int,
    moves: list[Move],
    layout: Layout,
    most: int,
) -> list[Menu]:
    """Moves as selects of at most 25 options each, at most `most` of them: callers pass
    enough for every move the phase has (a dungeon leaves fewer than 75 cells to name)."""
    found: list[Menu] = []
    chunks = [moves[i : i + MENU_OPTIONS] for i in range(0, len(moves), MENU_OPTIONS)][:most]
    for index, chunk in enumerate(chunks):
        title = placeholder if len(chunks) == 1 else f"{placeholder} ({index + 1}/{len(chunks)})"
        options = [
            MenuOption(
                label=label(state, seat, move, layout),
                action=str(move),
                description=describe(state, seat, move, layout),
            )
            for move in chunk
        ]
        found.append(Menu(placeholder=title, options=options))
    return found


def describe(state: DungeonState, seat: int, move: Move, layout: Layout) -> str:
    """A menu option's second line: what everyone can see lies there (the table is public, so
    never what only the acting seat knows)."""
    board = state.board
    target: Point | None = move.at
    if move.kind == Kind.FACE and move.card is not None and move.direction is not None:
        monster = board.monster(move.card)
        if monster is None:
            return ""
        ahead = step(monster.at, move.direction)
        offered = ARROWS[monster.facing] if monster.facing is not None else "none"
        goes = f"goes to {layout.name(ahead)}" if board.enterable(ahead) else "stays put"
        return f"Next turn it {goes} (offered: {offered})"
    if move.kind == Kind.KNIGHT:
        pawn = state.pawn(seat)
        target = knight_path(pawn, move.offset)[2] if pawn is not None else None
    if target is None:
        return ""
    cell = board.cell(target)
    if cell is None:
        monsters = [m for m in board.monsters if distance(m.at, target) == 1]
        return "next to " + ", ".join(monster_called(m.card) for m in monsters) if monsters else ""
    return card_called(cell.card) if cell.up else "face down"


# ---- a player's hand -------------------------------------------------------------------------


def dungeon_hand(state: DungeonState, seat: int, picked: list[str]) -> HandView:
    """A seat's cards, what lies under the face-down cards it played, the whole map as text,
    and (on its play) every cell the picked card may go to, and the hint."""
    hand = state.hand(seat)
    chosen = picked_cards(state, seat, picked)
    layout = layout_of(state)
    known = [
        f"{layout.name(p)} {cell.card}"
        for p, cell in sorted(_known_cells(state, seat), key=lambda pc: (pc[0][1], pc[0][0]))
    ]
    fields = [
        Field(
            name="🂠 Under your face-down cards",
            value=" · ".join(known) if known else "nothing you played is still face down",
            inline=False,
        ),
        *grid_fields(state, layout),
        Field(name="Reading the map", value=LEGEND, inline=False),
    ]
    acting = seat in state.acting()
    playing = acting and state.phase == Phase.PLAY and len(chosen) == 1
    plays = card_plays(state, seat, chosen[0]) if playing else []
    if acting and state.phase == Phase.PLAY:
        footer = "Pick a card, then choose its cell below (or play blind from the table)."
    elif acting:
        footer = "Your move is on the table."
    else:
        footer = "The table is not waiting for you right now."
    description = " ".join(str(card) for card in hand) or "No cards."
    group = CardGroup(
        title="Your hand",
        cards=[
            PictureCard(card=card.code, dim=bool(chosen) and card not in chosen) for card in hand
        ],
    )
    breaks = [m for m in plays if m.kind == Kind.BREAK][: 5 - 1]
    places = [m for m in plays if m.kind == Kind.PLACE]
    grid = grid_picture(state, in_sight(state, layout, [seat]), seat)
    return HandView(
        title=f"{SEAT_MARKS[seat]} Your hand (P{seat + 1}) · {plural(state.score(seat), 'point')}",
        description=description,
        fields=fields,
        footer=footer,
        cards=[
            HandCard(label=hand_label(card), value=f"{i}.{card.code}", picked=card in chosen)
            for i, card in enumerate(hand)
        ],
        max_picks=1,
        controls=[button(state, seat, m, layout, row=1, style="danger") for m in breaks],
        menus=place_menus(state, seat, places, layout),
        hint=hint_control(state, seat, layout) if acting else None,
        picture=Picture(groups=[group] if hand else [], grid=grid),
    )


def hand_label(card: Card) -> str:
    return card_called(card)


def _known_cells(state: DungeonState, seat: int) -> list[tuple[Point, Cell]]:
    """The face-down cards a seat played from its hand, which only it knows."""
    return [
        (unkey(text), cell)
        for text, cell in state.board.cells.items()
        if not cell.up and seat in cell.known_by
    ]


def card_plays(state: DungeonState, seat: int, card: Card) -> list[Move]:
    """Every play of one card: onto each empty cell next to the dungeon, or onto a wall."""
    return [
        m
        for m in state.legal_actions(seat)
        if m.card == card and m.kind in (Kind.PLACE, Kind.BREAK)
    ]


def place_menus(state: DungeonState, seat: int, places: list[Move], layout: Layout) -> list[Menu]:
    """A picked card's cells as selects, in reading order (north to south, west to east) so a
    cell read off the map is found at once; each says how far it lies from both pawns. The
    hint, where the table gives one, is the button above them."""
    if not places:
        return []
    card = places[0].card
    found: list[Menu] = []
    chunks = [places[i : i + MENU_OPTIONS] for i in range(0, len(places), MENU_OPTIONS)]
    for chunk in chunks[:HAND_MENUS]:
        first, last = (layout.name(m.at) for m in (chunk[0], chunk[-1]) if m.at is not None)
        options = [
            MenuOption(
                label=layout.name(move.at),
                action=str(move),
                description=reach(state, seat, move.at),
            )
            for move in chunk
            if move.at is not None
        ]
        found.append(Menu(placeholder=f"Place {card} at… ({first} to {last})", options=options))
    return found


def reach(state: DungeonState, seat: int, point: Point) -> str:
    """How many steps a cell lies from your pawn and your rival's: who will get there first."""
    parts: list[str] = []
    for whose, pawn in (("you", state.pawn(seat)), ("your rival", state.pawn(1 - seat))):
        if pawn is not None:
            parts.append(f"{plural(distance(point, pawn), 'step')} from {whose}")
    return " · ".join(parts).capitalize()


def hint_control(state: DungeonState, seat: int, layout: Layout) -> Control:
    """The bot's move for the seat, as the hint's button, first in the hand's buttons."""
    hint = choose(state, seat)
    return Control(label=f"💡 {label(state, seat, hint, layout)}"[:80], action=str(hint), row=1)


def picked_cards(state: DungeonState, seat: int, values: list[str]) -> list[Card]:
    """The cards a picker's values name ("3.9C": the fourth card, 9♣), if still held."""
    hand = state.hand(seat)
    found: list[Card] = []
    for value in values:
        index, _, code = value.partition(".")
        if index.isdigit() and int(index) < len(hand) and hand[int(index)].code == code:
            found.append(hand[int(index)])
    return found
