"""The cards of a dungeon crawl's table as a picture: the room, each card captioned with what
playing it would do, and the weapon with its last kill."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.cards import Card
from bot.games.crawl.actions import ActionKind, DungeonAction, DungeonState
from bot.games.views import CardGroup, PictureCard


def caption(state: DungeonState, action: DungeonAction, legal: set[DungeonAction]) -> str:
    """A few characters under a card: the move's cost or gain, or its warning."""
    if action not in legal:
        return ""
    if action.kind == ActionKind.EQUIP:
        return "equip"
    preview = state.preview(action) or ""
    if "deadly" in preview:
        return "deadly"
    if "breaks" in preview:
        return "breaks"
    if preview.startswith("wasted"):
        return "wasted"
    if preview.startswith("no healing"):
        return "full HP"
    if preview == "no damage":
        return "no harm"
    return preview.split(" (")[0]


def room_group(
    state: DungeonState,
    room: list[Card],
    legal: set[DungeonAction],
    move_of: Callable[[Card], DungeonAction],
    aside: str = "",
) -> CardGroup:
    """The room, each card captioned by the move a player would most likely make with it;
    `aside` follows its title ("play 3 more")."""
    cards = [
        PictureCard(card=card.code, caption=caption(state, move_of(card), legal)) for card in room
    ]
    title = f"Room {state.rooms_dealt}" + (f" · {aside}" if aside else "")
    return CardGroup(title=title, cards=cards)


def weapon_groups(weapon: Card | None, last_kill: Card | None, owner: str = "") -> list[CardGroup]:
    """The weapon (fresh, or what it may still strike) and its last kill, when one is held."""
    if weapon is None:
        return []
    reach = "fresh" if last_kill is None else f"below {last_kill.value}"
    groups = [
        CardGroup(title=f"{owner}Weapon", cards=[PictureCard(card=weapon.code, caption=reach)])
    ]
    if last_kill is not None:
        groups.append(CardGroup(title="Last kill", cards=[PictureCard(card=last_kill.code)]))
    return groups
