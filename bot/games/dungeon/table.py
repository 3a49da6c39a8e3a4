"""Dungeon of Cards as players see it: the public table, and each player's own hand.

The table shows the dungeon twice: as a picture, and as a text grid in a code block (one short
token a cell) for screen readers and the terminal. Its buttons are the acting seat's moves that
fit buttons (a direction pad, battle picks, hops, a monster's turn) and its menus the moves with
many targets (Knight's moves, cards to turn over, where to enter or to play blind). A card from
the hand is played from the hand's own view: pick it there, then press where it goes.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.cards import Card
from bot.games.dungeon.actions import Kind, Move, directed
from bot.games.dungeon.board import Cell
from bot.games.dungeon.engine import MAX_TURNS, WINNING_SCORE, DungeonState, Phase
from bot.games.dungeon.grid import Dir, Layout, Point, distance, knight_path, step, unkey
from bot.games.dungeon.naming import card_called, label, layout_of, monster_called
from bot.games.dungeon.picture import battle_group, grid_picture
from bot.games.dungeon.policy import choose, ranked
from bot.games.dungeon.text_grid import LEGEND, grid_fields
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
HAND_PLAYS = 19
"""Placements offered beside the hint: four rows of five buttons under the hand's picker."""
PAD_ARROWS: dict[Dir, str] = {"n": "⬆️", "w": "⬅️", "s": "⬇️", "e": "➡️"}
PAD_ORDER: tuple[Dir, ...] = ("w", "n", "s", "e")
SEAT_MARKS = ("🟣", "🔵")
"""Each seat's colour, as its pawn is drawn."""
PHASE_TEXT = {
    Phase.START: "places their Joker on a starting card",
    Phase.MONSTERS: "moves the monsters",
    Phase.PAWN: "moves their pawn (a step, a Knight's move, or turns a card over)",
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
    fields.append(status_field(state, names))
    battle = battle_field(state, names)
    if battle is not None:
        fields.append(battle)
    fields += grid_fields(state, layout)
    group = battle_group(state, names)
    picture = Picture(groups=[group] if group else [], grid=grid_picture(state, layout))
    controls, menus = ([], []) if state.is_over else table_moves(state, layout)
    return TableView(
        title="Dungeon of Cards · Duel",
        fields=fields,
        footer=LEGEND,
        controls=controls,
        menus=menus,
        picture=picture,
    )


def player_field(state: DungeonState, seat: int, names: list[str], layout: Layout) -> Field:
    pawn = state.pawn(seat)
    where = f"pawn at {layout.name(pawn)}" if pawn is not None else "pawn in hand"
    value = (
        f"**{state.score(seat)}** / {WINNING_SCORE} points\n"
        f"{plural(len(state.hand(seat)), 'card')} in hand · {where}"
    )
    return Field(name=f"{SEAT_MARKS[seat]} P{seat + 1} · {names[seat]}", value=value)


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
        f"**{fighter}** {battle.player_total} ({battle.player_picks}/2 picks) against the "
        f"{monster_called(battle.monster)} {battle.monster_total} ({battle.monster_picks}/2 "
        f"picks, chosen by {rival}). Higher total wins; a tie goes to the monster."
    )
    return Field(name="⚔️ Battle", value=value, inline=False)


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
        return [], menus("Re-enter the dungeon at…", state, seat, legal, layout, 4)
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
    """A direction pad (the illegal steps shown disabled), Take when it is the only way out,
    and menus for Knight's moves and for the cards to turn over (nearest first)."""
    pawn = state.pawn(seat)
    assert pawn is not None
    allowed = set(legal)
    controls: list[Control] = []
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
    controls += [
        button(state, seat, m, layout, EXTRA_ROW, "danger") for m in legal if m.kind == Kind.TAKE
    ]
    knights = [m for m in legal if m.kind == Kind.KNIGHT]
    flips = sorted(
        (m for m in legal if m.kind == Kind.FLIP),
        key=lambda m: distance(pawn, m.at) if m.at is not None else 0,
    )
    found = menus("Knight's move to…", state, seat, knights, layout, 1)
    found += menus("Turn a card over (nearest first)…", state, seat, flips, layout, 1)
    return controls, found


def menus(
    placeholder: str,
    state: DungeonState,
    seat: int,
    moves: list[Move],
    layout: Layout,
    most: int,
) -> list[Menu]:
    """Moves as selects of at most 25 options each, at most `most` of them (the rest, if any,
    are left to the text form)."""
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
    """A seat's cards, what lies under the face-down cards it played, and (on its play) where
    the picked card may go, and the hint."""
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
        )
    ]
    acting = seat in state.acting()
    controls = hand_controls(state, seat, chosen, layout) if acting else []
    if acting and state.phase == Phase.PLAY:
        footer = "Pick a card, then press where it goes (or play blind from the table)."
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
        controls=controls,
        hint=hint_control(state, seat, layout) if acting else None,
        picture=Picture(groups=[group] if hand else [], grid=grid_picture(state, layout, seat)),
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


def hand_controls(
    state: DungeonState, seat: int, chosen: list[Card], layout: Layout
) -> list[Control]:
    """In the play phase, with a card picked, that card's placements and wall breaks, best
    first by the bot's reckoning, laid out in rows of five after the hint's place."""
    if state.phase != Phase.PLAY or len(chosen) != 1:
        return []
    card = chosen[0]
    plays = [
        m
        for m in state.legal_actions(seat)
        if m.card == card and m.kind in (Kind.PLACE, Kind.BREAK)
    ]
    offered: list[Control] = []
    for move in ranked(state, seat, plays)[:HAND_PLAYS]:
        style = "danger" if move.kind == Kind.BREAK else "primary"
        row = 1 + (len(offered) + 1) // 5
        offered.append(button(state, seat, move, layout, row=row, style=style))
    return offered


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
