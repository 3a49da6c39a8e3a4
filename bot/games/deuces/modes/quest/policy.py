"""Traditional Quest: moves made for players. A timeout on the map walks on as the hint does
(it never spends cards); the hint also shops, and uses quest loot when a Joker is in hand."""

from __future__ import annotations

from bot.games.deuces import tactics
from bot.games.deuces.actions import Buy, DeucesAction, Go, UseItem
from bot.games.deuces.effects import targets
from bot.games.deuces.modes.quest.flow import progress
from bot.games.deuces.modes.quest.maps import path_to
from bot.games.deuces.modes.quest.moves import buyable, item_actions
from bot.games.deuces.state import DeucesTable, player


def next_room(state: DeucesTable) -> str:
    """Where the hint leads: the nearest room never seen, else the nearest not yet safe (an
    encounter the party fell to), by the shortest walk; rooms in map order break ties."""
    quest = progress(state)
    exits = {room.id: room.exits for room in quest.quest.rooms}
    unseen = {room.id for room in quest.quest.rooms if room.id not in quest.visited}
    unsafe = {room.id for room in quest.quest.rooms if room.id not in quest.cleared}
    walk = path_to(quest.room, unseen, exits) or path_to(quest.room, unsafe, exits)
    return walk[0] if walk else quest.here().exits[0]


def timeout_route(state: DeucesTable, seat: int) -> DeucesAction:
    """A party that lets the map wait walks on as the hint would (it never spends cards)."""
    return Go(room=next_room(state))


def suggest_route(state: DeucesTable, seat: int) -> DeucesAction:
    """Buy the dearest piece this player can afford (quest loot is worth a few cards, and a
    thinner deck levels the party sooner), else walk on."""
    wares = buyable(state, seat)
    if wares:
        return Buy(item=max(wares, key=lambda item: (item.price, item.id)).id)
    return timeout_route(state, seat)


def suggest_item(state: DeucesTable, seat: int) -> DeucesAction | None:
    """Quest loot worth using now, with a Joker in hand: its effects judged as an ability's,
    aimed at the enemy with the fewest cards (an ally: the one holding fewest)."""
    turn = state.turn_of(seat)
    if turn is None or state.quest is None or state.players[seat].defeated:
        return None
    me = player(seat)
    for action in item_actions(state, seat, turn):
        ability = state.quest.item(action.item).ability
        if not tactics.worth_using(state, me, ability):
            continue
        aims = [a for a in targets(state, me, ability) if a is not None]
        if not aims:
            return UseItem(item=action.item)
        fewest = min(aims, key=lambda i: (_cards_of(state, ability.target, i), i))
        return UseItem(item=action.item, target=fewest)
    return None


def _cards_of(state: DeucesTable, kind: str, index: int) -> int:
    if kind == "foe":
        return len(state.enemies[index].hand)
    return len(state.players[index].hand)
