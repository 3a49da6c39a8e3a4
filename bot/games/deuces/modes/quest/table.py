"""A Traditional Quest as the table shows it: the map so far, the Special Encounter card, the
party's choice of path and the shop as buttons, and each player's quest loot in their hand.

The map lists only what the party has seen: the rooms it walked into, and the doors out of them
to rooms not yet explored. One short line a room, marked by what it is now, so it reads at a
glance on a phone.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.cards import JOKER
from bot.games.deuces.actions import Buy, DeucesAction, Go, UseItem
from bot.games.deuces.content import describe
from bot.games.deuces.modes.quest.flow import danger
from bot.games.deuces.modes.quest.maps import MAX_ITEMS
from bot.games.deuces.modes.quest.moves import buyable
from bot.games.deuces.modes.quest.progress import MAX_FALLS, QuestProgress
from bot.games.deuces.modes.quest.secrets import special_in_play
from bot.games.deuces.state import DeucesTable, Phase, RoutePrompt
from bot.games.views import Control, Field

HERE, SAFE, SHOP, FELL, UNSEEN, GOAL = "📍", "✅", "🛒", "⚠️", "❔", "🏁"
MAP_LEGEND = (
    f"map: {HERE} the party · {SAFE} safe · {SHOP} shop · {FELL} a fight still waits · "
    f"{UNSEEN} not yet explored"
)


ROUTE_FOOTER = "Choose a path or buy below."
"""My hand's last line on the map: nothing there is played with cards."""
PARTY_ROUTE_FOOTER = "Choose a path or buy below: the first choice moves the whole party."
"""The same line for a party of two or more, whose first choice moves them all."""


def route_footer(state: DeucesTable) -> str:
    """My hand's last line on the map; the first choice moving the party is worth saying only
    when there is more than one player to move."""
    return PARTY_ROUTE_FOOTER if len(state.players) > 1 else ROUTE_FOOTER


def route_prompt(state: DeucesTable) -> str:
    """What the table waits for on the map, told the same way by the party's size."""
    told = "choose where the party goes, or shop"
    return f"{told} (the first choice moves everyone)" if len(state.players) > 1 else told


def quiet_words(state: DeucesTable) -> frozenset[str]:
    """The legend's words a quest table does not show now: the difficulty is counted only
    while a room's encounter is fought (as the title shows it), and an encounter's treasure
    is spent by the time the party is back on the map."""
    quest = state.quest
    if quest is None or quest.fighting:
        return frozenset()
    return frozenset({"difficulty", "treasure"} if state.phase == Phase.MAP else {"difficulty"})


def quest_title(state: DeucesTable) -> str:
    """On the map, the quest and the level (the room is the map's 📍); in a fight, the room
    fought in, the level and how the difficulty stands (the map is not shown then)."""
    quest = _progress(state)
    if quest.fighting:
        return (
            f"{quest.here().name} · level {state.level}"
            f" · difficulty {state.difficulty}/{state.target}"
        )
    return f"{quest.quest.title} · level {state.level}"


def map_lines(quest: QuestProgress) -> list[str]:
    """Each room seen, in the map's order: visited rooms by what they are now, then the doors
    seen from them to rooms never entered."""
    seen = set(quest.visited)
    doors = {exit_id for room_id in quest.visited for exit_id in quest.quest.room(room_id).exits}
    lines: list[str] = []
    for room in quest.quest.rooms:
        if room.id in seen:
            mark = (
                HERE
                if room.id == quest.room
                else FELL
                if danger(quest, room) != "none"
                else SHOP
                if room.shop
                else SAFE
            )
            extra = f" {SHOP}" if room.shop and mark == HERE else ""
            extra += f" {GOAL}" if room.id == quest.quest.goal else ""
            lines.append(f"{mark} {room.name}{extra}")
    unseen = [room.name for room in quest.quest.rooms if room.id in doors - seen]
    if unseen:
        lines.append(" · ".join(f"{UNSEEN} {name}" for name in unseen))
    exits = ", ".join(quest.quest.room(e).name for e in quest.here().exits)
    lines.append(f"Paths from here: {exits}")
    return lines


def quest_fields(state: DeucesTable) -> list[Field]:
    """The map (with the falls the quest still allows) and, in a special fight, its card. In a
    fight the map, which offers no move then, gives way to the fight: the falls stay, on the
    stats line (the title names the room)."""
    quest = _progress(state)
    if quest.fighting:
        fields = [Field(name="Falls", value=f"{quest.falls} of {MAX_FALLS}")] if quest.falls else []
    else:
        falls = f"\nFalls: {quest.falls} of {MAX_FALLS}" if quest.falls else ""
        fields = [Field(name="🗺️ Map", value="\n".join(map_lines(quest)) + falls, inline=False)]
    special = special_in_play(state)
    if special is not None:
        secret = special.secret
        owner = quest.quest.entity(secret.owner).name
        hidden = special.id not in quest.revealed
        told = (
            f"🔒 Secret: hidden, {secret.condition(owner)}"
            if hidden
            else f"🔓 Secret, **{secret.name}**: {secret.text}"
            + (f" ({describe(secret.ability)})" if secret.kind == "ability" else "")
        )  # a weakness has struck its owner already: "on your turn" would read as the player's
        abilities = [  # one line an ability, what it does in the words used everywhere
            f"{entity.name} · **{ability.name}**: {describe(ability)}"
            for entity in special.entities
            for ability in entity.abilities_at(state.foe_level)
        ]
        value = "\n".join([special.setup, *abilities, told])
        fields.append(Field(name=f"📜 {special.name}", value=value, inline=False))
    return fields


def route_controls(state: DeucesTable) -> list[Control]:
    """Where to go is the whole party's open choice, so its buttons sit on the table (the first
    press moves everyone); the shop's wares too, bought by whoever presses."""
    if state.is_over or not isinstance(state.prompt, RoutePrompt):
        return []
    quest = _progress(state)
    goes = [
        Control(label=quest_label(state, 0, Go(room=room)), action=str(Go(room=room)))
        for room in quest.here().exits
    ]
    sold = {
        item.id: item for seat in state.prompt.waiting for item in buyable(state, seat)
    }  # anything at least one player can buy
    buys = [
        Control(label=quest_label(state, 0, Buy(item=i)), action=str(Buy(item=i)), style="success")
        for i in sold
    ]
    return goes + buys


def quest_label(
    state: DeucesTable, seat: int, action: DeucesAction, names: Sequence[str] = ()
) -> str:
    """A quest move's button: where a path leads, what a ware costs, which loot is used."""
    quest = _progress(state)
    match action:
        case Go(room=room_id):
            room = quest.quest.room(room_id)
            mark = UNSEEN if room_id not in quest.visited else ""
            return f"Go to {room.name} {mark}".strip()
        case Buy(item=item_id):
            item = quest.item(item_id)
            return f"Buy {item.name} ({item.price} cards)"
        case UseItem(item=item_id, target=target):
            item = quest.item(item_id)
            aim = ""
            if target is not None and item.ability.target == "foe":
                aim = f" on {state.enemy_def(target).name} ({target})"
            elif target is not None:
                aim = f" on {names[target] if target < len(names) else f'player {target + 1}'}"
            return f"Sacrifice a Joker: {item.name}{aim}"
        case _:
            return str(action)


def item_fields(state: DeucesTable, seat: int) -> list[Field]:
    """A player's quest loot, what each does, and how to use it (a Joker from the hand)."""
    quest = state.quest
    if quest is None:
        return []
    jokers = state.players[seat].hand.count(JOKER)
    held = [f"**{item.name}**: {item.text()}" for item in quest.items_of(seat)]
    if not held:
        return []
    how = (
        f"You hold {jokers} Joker{'s' if jokers > 1 else ''}: sacrifice one to use a piece."
        if jokers
        else "Draw a Joker to use a piece (or play a Joker as a wild card)."
    )
    value = "\n".join([*held, how])
    return [Field(name=f"🎒 Quest loot ({len(held)} of {MAX_ITEMS})", value=value, inline=False)]


def shop_field(state: DeucesTable, seat: int) -> list[Field]:
    """In a shop room on the map: the wares, their prices and the player's discard pile."""
    quest = state.quest
    if quest is None or not isinstance(state.prompt, RoutePrompt):
        return []
    here = quest.here()
    if not here.shop:
        return []
    wares = [
        f"{quest.item(i).name}, {quest.item(i).price} cards: {quest.item(i).text()}"
        + (" (sold)" if i in quest.sold else "")
        for i in here.shop
    ]
    pile = len(state.players[seat].discard)
    wares.append(f"You have {pile} cards in your discard pile to pay with (paid face down).")
    return [Field(name=f"{SHOP} {here.name}", value="\n".join(wares), inline=False)]


def _progress(state: DeucesTable) -> QuestProgress:
    assert state.quest is not None
    return state.quest
