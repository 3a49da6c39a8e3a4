"""The words and bars of a dungeon crawl's table, shared by Scoundrel and Diamonds & Dragons."""

from __future__ import annotations

from bot.games.cards import Card
from bot.games.crawl.actions import ActionKind, DungeonAction, DungeonState, role_of
from bot.games.views import Control, Style

HP_BAR_CELLS = 10
FIGHTS = {ActionKind.FIGHT_WITH_WEAPON, ActionKind.FIGHT_BAREHANDED, ActionKind.FIGHT}
RUN_ROW = 4
"""Run and face sit on the last row, under the room's cards."""

ACTION_LABELS: dict[ActionKind, str] = {
    ActionKind.FIGHT_WITH_WEAPON: "Fight {card} (weapon)",
    ActionKind.FIGHT_BAREHANDED: "Fight {card} barehanded",
    ActionKind.FIGHT: "Fight {card}",
    ActionKind.DRINK: "Drink {card}",
    ActionKind.EQUIP: "Equip {card}",
    ActionKind.RUN: "Run",
    ActionKind.FACE: "Face the room",
}
LINE_LABELS: dict[ActionKind, str] = {
    ActionKind.FIGHT_WITH_WEAPON: "fight {card}",
    ActionKind.FIGHT_BAREHANDED: "fight {card} barehanded",
    ActionKind.FIGHT: "fight {card}",
    ActionKind.DRINK: "drink {card}",
    ActionKind.EQUIP: "equip {card}",
    ActionKind.RUN: "run",
    ActionKind.FACE: "face the room",
}
"""A move inside a whole line of play, told room by room ("equip 8♦, fight 7♣, drink 3♥"): a
fight with the weapon is the usual one, so only a barehanded fight says how."""
STYLES: dict[ActionKind, Style] = {
    ActionKind.FIGHT_WITH_WEAPON: "primary",
    ActionKind.FIGHT_BAREHANDED: "danger",
    ActionKind.FIGHT: "danger",
    ActionKind.DRINK: "success",
    ActionKind.EQUIP: "primary",
    ActionKind.RUN: "secondary",
    ActionKind.FACE: "primary",
}


BUTTON_PREVIEWS = (
    (" (deadly)", " 💀"),
    ("no damage", "no harm"),
    ("no healing: health is full", "no healing"),
    ("wasted: one potion a room", "wasted"),
    ("wasted: a potion right after a potion", "wasted"),
)
"""A preview as a button says it, short enough for two buttons side by side on a phone (the
picture's caption and the terminal say it in full)."""


def action_label(action: DungeonAction, preview: str | None = None) -> str:
    """ "Fight 9♣ (weapon)", and what it would do where that is worth saying ("· −4 HP")."""
    label = ACTION_LABELS[action.kind].format(card=action.card)
    return f"{label} · {preview}" if preview else label


def line_label(action: DungeonAction) -> str:
    """ "fight 7♣", "fight 3♠ barehanded": a move among the many of a line."""
    return LINE_LABELS[action.kind].format(card=action.card)


def button_preview(preview: str | None) -> str | None:
    """The preview in a button's few words: "−14 HP 💀" for "−14 HP (deadly)"."""
    for long, short in BUTTON_PREVIEWS:
        preview = preview.replace(long, short) if preview else preview
    return preview


def terminal_label(state: DungeonState, action: DungeonAction) -> str:
    """A move as the terminal lists it, with room for more than a button: a fight names the
    weapon it strikes with, or says it is barehanded ("Fight 9♣ with your 7♦ · −2 HP")."""
    preview = state.preview(action)
    if action.kind not in FIGHTS:
        return action_label(action, preview)
    weapon = state.striking_weapon(action)
    how = f"with your {weapon}" if weapon is not None else "barehanded"
    label = f"Fight {action.card} {how}"
    return f"{label} · {preview}" if preview else label


def control(
    state: DungeonState,
    action: DungeonAction,
    row: int,
    legal: set[DungeonAction],
    line: str = "",
) -> Control:
    """A button for a move, its outcome said on it; shown disabled when not legal now. `line`
    is the room card's own line, where the button may stand beside it."""
    allowed = action in legal
    return Control(
        label=action_label(action, button_preview(state.preview(action)) if allowed else None),
        action=str(action),
        style=STYLES[action.kind],
        row=row,
        disabled=not allowed,
        line=line,
    )


def card_line(card: Card) -> str:
    """A room card's line beside its button: the card and what it is ("**9♣** monster")."""
    return f"**{card}** {role_of(card).value}"


def hp_bar(hp: int, max_hp: int) -> str:
    filled = max(0, min(HP_BAR_CELLS, round(HP_BAR_CELLS * hp / max_hp)))
    return "▰" * filled + "▱" * (HP_BAR_CELLS - filled) + f" {hp}/{max_hp}"


def weapon_text(weapon: Card | None, last_kill: Card | None) -> str:
    if weapon is None:
        return "none (barehanded)"
    if last_kill is None:
        return f"{weapon}, fresh: fights any monster"
    return f"{weapon}, last kill {last_kill}: fights monsters below {last_kill.value}"


def room_text(room: list[Card]) -> str:
    return " ".join(str(card) for card in room)
