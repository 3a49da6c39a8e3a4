"""Diamonds & Dragons' table: every party with its heroes, the shared room, and whose move it is."""

from __future__ import annotations

from bot.games.cards import Card
from bot.games.contract import Outcome
from bot.games.crawl.actions import ActionKind, DungeonAction, dungeon_action, role_of
from bot.games.crawl.picture import room_group, weapon_groups
from bot.games.crawl.text import control, room_text
from bot.games.dragons.engine import HERO_HP, MAX_HP, PLAY_KINDS, DragonsState, Party
from bot.games.views import Control, Field, Picture, TableView
from bot.words import plural, score_line

HERO_DOWN = "✖"
ROOM_ROW = 0
ONE_ROW = 6
"""The most cards the picture shows in one row, the groups' gaps included."""
KEEP_TOGETHER = "\u00a0"
"""A no-break space between a hero and their bar: on a narrow screen the line wraps between
heroes, never inside one."""


def party_heading(party: Party, name: str) -> str:
    """The party's name with its HP and weapon: what a player weighs first, on one line (a
    party whose game is over: its name alone, its result beside it)."""
    if party.outcome is not None:
        return f"🛡️ {name}"
    return f"🛡️ {name} · HP {party.hp}/{MAX_HP} · {weapon_short(party.weapon, party.last_kill)}"


def weapon_short(weapon: Card | None, last_kill: Card | None) -> str:
    """The weapon in a few words ("weapon 10♦ (below 6)"); the picture shows it whole."""
    if weapon is None:
        return "barehanded"
    return f"weapon {weapon} ({'fresh' if last_kill is None else f'below {last_kill.value}'})"


def party_text(party: Party) -> str:
    """Each hero with their HP (one line: heroes are kept whole by a no-break space); once
    the party's game is over, its result instead."""
    if party.outcome is not None:
        return f"**{party.outcome.value.upper()}**, score {party.score}"
    heroes = " ".join(
        f"{hero.card}{KEEP_TOGETHER}{'▰' * hero.hp}{'▱' * (HERO_HP - hero.hp)}"
        if hero.hp
        else f"{hero.card}{KEEP_TOGETHER}{HERO_DOWN}"
        for hero in party.heroes
    )
    return heroes


def duel_result(state: DragonsState, names: list[str]) -> str:
    """Who won the duel: the one who escaped while the other fell; both alike is a draw. One
    line naming each player once, the winner first with their score first."""
    first, second = sorted(state.parties, key=lambda p: (p.outcome != Outcome.WON, p.seat))
    scores = score_line(first.score or 0, second.score or 0)
    one, other = f"**{names[first.seat]}**", f"**{names[second.seat]}**"
    if (first.outcome == Outcome.WON) != (second.outcome == Outcome.WON):
        return f"{one} wins the duel against {other}, {scores}"
    how = "both escape" if first.outcome == Outcome.WON else "both fall"
    return f"{one} and {other} {how}: a draw, {scores}"


def dragons_table(state: DragonsState, names: list[str]) -> TableView:
    names = names or [f"Player {seat + 1}" for seat in range(len(state.parties))]
    duel = len(state.parties) > 1
    fields = [
        Field(
            name=party_heading(party, names[party.seat] if duel else "Your party"),
            value=party_text(party),
            inline=False,
        )
        for party in state.parties
    ]
    fields.append(Field(name="🂠 Deck", value=f"{plural(len(state.deck), 'card')} left"))
    if duel and state.is_over:
        fields.append(Field(name="🏆 Duel", value=duel_result(state, names), inline=False))
    if state.to_move is not None:
        fields.append(
            Field(
                name=f"🚪 Room {state.rooms_dealt}",
                value=room_text(state.room) or "empty",
                pictured=True,
            )
        )
        if duel:
            mover = names[state.to_move]
            doing = "decides for both: run or face the room" if state.deciding else "picks a card"
            fields.append(Field(name="⏳ Turn", value=f"{mover} {doing}", prompt=True))
    return TableView(
        title="Diamonds & Dragons" + (" · Duel" if duel else ""),
        fields=fields,
        footer="Dragons (jokers) are 15",
        controls=[] if state.is_over else controls(state),
        picture=picture(state, names) if state.to_move is not None else None,
    )


def picture(state: DragonsState, names: list[str]) -> Picture:
    """The room and the weapon of the player to move, in one wide row, short on a phone: a
    room too big to share it is drawn alone (the weapon and what it may strike are in the
    party's heading; the parties' heroes are in the fields too)."""
    assert state.to_move is not None
    mover = state.parties[state.to_move]
    legal = set(state.legal_actions(state.to_move))
    room = room_group(
        state,
        list(dict.fromkeys(state.room)),
        legal,
        lambda card: dungeon_action(PLAY_KINDS[role_of(card)], card),
    )
    owner = f"{names[mover.seat]}'s " if len(state.parties) > 1 else ""
    weapon = weapon_groups(mover.weapon, mover.last_kill, owner)
    held = sum(len(group.cards) for group in weapon)
    return Picture(groups=[room, *weapon] if len(room.cards) + held <= ONE_ROW else [room])


def controls(state: DragonsState) -> list[Control]:
    """One button per distinct room card (two decks hold twins), then run or face, all on one
    row of the game's: the layout cuts it into as many as the phone's width needs."""
    legal: set[DungeonAction] = set()
    if state.to_move is not None:
        legal = set(state.legal_actions(state.to_move))
    room = list(dict.fromkeys(state.room))
    plays = [
        control(
            state,
            dungeon_action(PLAY_KINDS[role_of(card)], card),
            ROOM_ROW,
            legal,
        )
        for card in room
    ]
    run, face = dungeon_action(ActionKind.RUN), dungeon_action(ActionKind.FACE)
    choices = [
        control(state, action, ROOM_ROW, legal)
        for action in (run, face)
        if action in legal or action == run
    ]
    return plays + choices
