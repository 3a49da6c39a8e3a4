"""Scoundrel's table as a player needs it to decide: health, weapon, the room and what is left."""

from __future__ import annotations

from bot.games.cards import Card
from bot.games.crawl.actions import ActionKind, DungeonAction, Role, dungeon_action, role_of
from bot.games.crawl.picture import room_group, weapon_groups
from bot.games.crawl.text import (
    RUN_ROW,
    action_label,
    card_line,
    control,
    hp_bar,
    room_text,
    weapon_text,
)
from bot.games.scoundrel.engine import MAX_HP, RUN_RULES, SOLO, ScoundrelState
from bot.games.views import Control, Field, Menu, MenuOption, Picture, TableView
from bot.words import plural


def scoundrel_table(state: ScoundrelState) -> TableView:
    fields = [
        Field(name="❤️ Health", value=hp_bar(state.hp, MAX_HP)),
        Field(
            name="⚔️ Weapon",
            value=weapon_text(state.weapon, state.last_kill),
            pictured=state.weapon is not None and not state.is_over,
        ),
        Field(name="🂠 Deck", value=f"{plural(len(state.deck), 'card')} left"),
    ]
    if not state.is_over:
        fields.append(
            Field(
                name=f"🚪 Room {state.rooms_dealt}",
                value=f"{room_text(state.room)} ({plays_left(state)})",
                inline=False,
                pictured=True,
            )
        )
    footer = f"{state.variant.value.title()} · running: {RUN_RULES[state.variant].value}"
    if state.outcome is not None:
        footer = f"{state.outcome.value.upper()} · score {state.score} · " + footer
    return TableView(
        title=f"Scoundrel · {state.variant.value.title()}",
        fields=fields,
        footer=footer,
        controls=[] if state.is_over else controls(state),
        menus=[] if state.is_over else barehanded_menus(state),
        picture=None if state.is_over else picture(state),
    )


def picture(state: ScoundrelState) -> Picture:
    legal = set(state.legal_actions(SOLO))

    def move_of(card: Card) -> DungeonAction:
        """The cheaper fight where the weapon may strike, else the card's one move."""
        kinds = kinds_shown(state, card)
        with_weapon = dungeon_action(kinds[0], card)
        return with_weapon if with_weapon in legal else dungeon_action(kinds[-1], card)

    room = room_group(state, state.room, legal, move_of, plays_left(state))
    return Picture(groups=[room, *weapon_groups(state.weapon, state.last_kill)])


def plays_left(state: ScoundrelState) -> str:
    return f"play {state.plays_left} more"


def controls(state: ScoundrelState) -> list[Control]:
    """Each room card's play, on the card's own row and line: a monster's fight with the
    weapon where it may strike, else barehanded (the other fight is in the menu under them);
    then Run, greyed out when not allowed."""
    legal = set(state.legal_actions(SOLO))
    plays = [
        control(state, button_action(state, card, legal), row, legal, card_line(card))
        for row, card in enumerate(state.room)
    ]
    return [*plays, control(state, dungeon_action(ActionKind.RUN), RUN_ROW, legal)]


def button_action(state: ScoundrelState, card: Card, legal: set[DungeonAction]) -> DungeonAction:
    """A card's play on its button: the fight with the weapon where it may strike."""
    kinds = kinds_shown(state, card)
    first = dungeon_action(kinds[0], card)
    return first if first in legal or len(kinds) == 1 else dungeon_action(kinds[-1], card)


def barehanded_menus(state: ScoundrelState) -> list[Menu]:
    """Fighting barehanded a monster the weapon may strike (to keep the weapon for a bigger
    one): rarely wise, so offered in one menu rather than a second button per monster."""
    legal = set(state.legal_actions(SOLO))
    options = [
        MenuOption(
            label=action_label(action),
            action=str(action),
            description=state.preview(action) or "",
        )
        for card in state.room
        if (action := dungeon_action(ActionKind.FIGHT_BAREHANDED, card)) in legal
        and button_action(state, card, legal) != action
    ]
    return [Menu(placeholder="Fight barehanded instead…", options=options)] if options else []


def kinds_shown(state: ScoundrelState, card: Card) -> list[ActionKind]:
    """A monster gets both fights once a weapon is held, even when the weapon may not strike
    it: the greyed-out button tells the player why."""
    role = role_of(card)
    if role == Role.POTION:
        return [ActionKind.DRINK]
    if role == Role.WEAPON:
        return [ActionKind.EQUIP]
    if state.weapon is None:
        return [ActionKind.FIGHT_BAREHANDED]
    return [ActionKind.FIGHT_WITH_WEAPON, ActionKind.FIGHT_BAREHANDED]
