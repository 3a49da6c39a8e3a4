"""Text views of a dungeon crawl, shared by the Discord embeds and the terminal.

A view is plain data (title, lines, fields); the Discord layer turns it into an embed and the
terminal prints it, so both always show the same facts.
"""

from __future__ import annotations

from pydantic import BaseModel

from bot.games.cards import Card
from bot.games.dragons import HERO_HP, DragonsState, Party
from bot.games.dragons import MAX_HP as DRAGONS_MAX_HP
from bot.games.dungeon import ActionKind, DungeonAction
from bot.games.scoundrel import MAX_HP, RUN_RULES, ScoundrelState

HP_BAR_CELLS = 10


class Field(BaseModel):
    name: str
    value: str
    inline: bool = True


class GameView(BaseModel):
    title: str
    narration: list[str] = []
    fields: list[Field] = []
    footer: str = ""
    over: bool = False


ACTION_LABELS: dict[ActionKind, str] = {
    ActionKind.FIGHT_WITH_WEAPON: "Fight {card} (weapon)",
    ActionKind.FIGHT_BAREHANDED: "Fight {card} barehanded",
    ActionKind.FIGHT: "Fight {card}",
    ActionKind.DRINK: "Drink {card}",
    ActionKind.EQUIP: "Equip {card}",
    ActionKind.RUN: "Run",
    ActionKind.FACE: "Face the room",
}


def action_label(action: DungeonAction) -> str:
    return ACTION_LABELS[action.kind].format(card=action.card)


def hp_bar(hp: int, max_hp: int = MAX_HP) -> str:
    filled = max(0, min(HP_BAR_CELLS, round(HP_BAR_CELLS * hp / max_hp)))
    return "▰" * filled + "▱" * (HP_BAR_CELLS - filled) + f" {hp}/{max_hp}"


def weapon_text(weapon: Card | None, last_kill: Card | None) -> str:
    if weapon is None:
        return "none (barehanded)"
    if last_kill is None:
        return f"{weapon}, fresh: fights any monster"
    return f"{weapon}, last kill {last_kill}: fights monsters below {last_kill.value}"


def scoundrel_view(
    state: ScoundrelState, narration: list[str] | None = None, names: list[str] = ()
) -> GameView:
    """The table as the player needs it to decide: HP, weapon, the room and what is left."""
    fields = [
        Field(name="❤️ Health", value=hp_bar(state.hp)),
        Field(name="⚔️ Weapon", value=weapon_text(state.weapon, state.last_kill)),
        Field(name="🂠 Deck", value=f"{len(state.deck)} cards left"),
    ]
    if not state.is_over:
        room = " ".join(str(card) for card in state.room)
        plays_left = len(state.room) if not state.deck else max(0, 3 - state.played_in_room)
        fields.append(
            Field(
                name=f"🚪 Room {state.rooms_dealt}",
                value=f"{room} (play {plays_left} more)",
                inline=False,
            )
        )
    footer = f"{state.variant.value.title()} · running: {RUN_RULES[state.variant].value}"
    if state.is_over:
        footer = f"{state.outcome.value.upper()} · score {state.score} · " + footer
    return GameView(
        title=f"Scoundrel · {state.variant.value.title()}",
        narration=narration or [],
        fields=fields,
        footer=footer,
        over=state.is_over,
    )


HERO_DOWN = "✖"


def party_text(party: Party) -> str:
    """Each hero with their HP, then the party's total, weapon and result."""
    heroes = " · ".join(
        f"{hero.card} {'▰' * hero.hp}{'▱' * (HERO_HP - hero.hp)}"
        if hero.hp
        else f"{hero.card} {HERO_DOWN}"
        for hero in party.heroes
    )
    lines = [
        heroes,
        f"HP {party.hp}/{DRAGONS_MAX_HP} · weapon {weapon_text(party.weapon, party.last_kill)}",
    ]
    if party.outcome is not None:
        lines.append(f"**{party.outcome.value.upper()}**, score {party.score}")
    return "\n".join(lines)


def dragons_view(
    state: DragonsState, narration: list[str] | None = None, names: list[str] = ()
) -> GameView:
    """Every party with its heroes, the shared room and deck, and whose move it is."""
    names = list(names) or [f"Player {seat + 1}" for seat in range(len(state.parties))]
    duel = len(state.parties) > 1
    fields = [
        Field(
            name=f"🛡️ {names[party.seat]}" if duel else "🛡️ Your party",
            value=party_text(party),
            inline=False,
        )
        for party in state.parties
    ]
    fields.append(Field(name="🂠 Deck", value=f"{len(state.deck)} cards left"))
    if not state.is_over:
        room = " ".join(str(card) for card in state.room)
        fields.append(Field(name=f"🚪 Room {state.rooms_dealt}", value=room or "empty"))
        if duel:
            mover = names[state.to_move]
            doing = "decides for both: run or face the room" if state.deciding else "picks a card"
            fields.append(Field(name="⏳ Turn", value=f"{mover} {doing}", inline=False))
    title = "Diamonds & Dragons" + (" · Duel" if duel else "")
    return GameView(
        title=title,
        narration=narration or [],
        fields=fields,
        footer="Dragons are jokers, worth 15",
        over=state.is_over,
    )
