"""Diamonds & Dragons' table: every party with its heroes, the shared room, and whose move it is."""

from __future__ import annotations

from bot.games.contract import Outcome
from bot.games.crawl.actions import ActionKind, DungeonAction, dungeon_action, role_of
from bot.games.crawl.picture import room_group, weapon_groups
from bot.games.crawl.text import RUN_ROW, control, room_text, weapon_text
from bot.games.dragons.engine import HERO_HP, MAX_HP, PLAY_KINDS, DragonsState, Party
from bot.games.views import CardGroup, Control, Field, Picture, PictureCard, TableView
from bot.words import plural, score_line

HERO_DOWN = "✖"
KEEP_TOGETHER = "\u00a0"
"""A no-break space between a hero and their bar: on a narrow screen the line wraps between
heroes, never inside one."""
CARDS_PER_ROW = 4


def party_text(party: Party) -> str:
    """Each hero with their HP, then the party's total, weapon and result."""
    heroes = " · ".join(
        f"{hero.card}{KEEP_TOGETHER}{'▰' * hero.hp}{'▱' * (HERO_HP - hero.hp)}"
        if hero.hp
        else f"{hero.card}{KEEP_TOGETHER}{HERO_DOWN}"
        for hero in party.heroes
    )
    lines = [
        heroes,
        f"HP {party.hp}/{MAX_HP} · weapon {weapon_text(party.weapon, party.last_kill)}",
    ]
    if party.outcome is not None:
        lines.append(f"**{party.outcome.value.upper()}**, score {party.score}")
    return "\n".join(lines)


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
            name=f"🛡️ {names[party.seat]}" if duel else "🛡️ Your party",
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
            Field(name=f"🚪 Room {state.rooms_dealt}", value=room_text(state.room) or "empty")
        )
        if duel:
            mover = names[state.to_move]
            doing = "decides for both: run or face the room" if state.deciding else "picks a card"
            fields.append(
                Field(name="⏳ Turn", value=f"{mover} {doing}", inline=False, prompt=True)
            )
    return TableView(
        title="Diamonds & Dragons" + (" · Duel" if duel else ""),
        fields=fields,
        footer="Dragons are jokers, worth 15",
        controls=[] if state.is_over else controls(state),
        picture=picture(state, names) if state.to_move is not None else None,
    )


def picture(state: DragonsState, names: list[str]) -> Picture:
    """Alone: the party, the room and the weapon. In a duel: the room and the weapon of the
    player to move (both parties' heroes are in the fields)."""
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
    groups = [room, *weapon_groups(mover.weapon, mover.last_kill, owner)]
    if len(state.parties) == 1:
        heroes = [
            PictureCard(card=hero.card.code, caption=f"{hero.hp}/{HERO_HP}", dim=not hero.hp)
            for hero in mover.heroes
        ]
        groups.insert(0, CardGroup(title="Your party", cards=heroes))
    return Picture(groups=groups)


def controls(state: DragonsState) -> list[Control]:
    """One button per distinct room card (two decks hold twins), then run or face."""
    legal: set[DungeonAction] = set()
    if state.to_move is not None:
        legal = set(state.legal_actions(state.to_move))
    room = list(dict.fromkeys(state.room))
    plays = [
        control(
            state,
            dungeon_action(PLAY_KINDS[role_of(card)], card),
            index // CARDS_PER_ROW,
            legal,
        )
        for index, card in enumerate(room)
    ]
    run, face = dungeon_action(ActionKind.RUN), dungeon_action(ActionKind.FACE)
    choices = [
        control(state, action, RUN_ROW, legal)
        for action in (run, face)
        if action in legal or action == run
    ]
    return plays + choices
