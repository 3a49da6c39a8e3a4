"""Traditional Quest: the party's own moves. On the map, a path to walk (any player's choice
moves everyone) and the shop's wares; in a fight, quest loot used by sacrificing a Joker.

Shops take their price in cards from the buyer's discard pile, shuffled and paid face down into
the shopkeeper's till, out of play for the rest of the quest. A Joker sacrificed goes back into
its holder's deck, shuffled; the loot's effects are an ability's, and count as neither the
turn's attack nor its ability (unless the loot is used instead of attacking).
"""

from __future__ import annotations

from bot.games.cards import JOKER
from bot.games.contract import IllegalAction, shuffle
from bot.games.deuces import combat, piles
from bot.games.deuces.actions import Buy, DeucesAction, Go, UseItem
from bot.games.deuces.effects import cast, targets, usable
from bot.games.deuces.events import DeucesEvent, ItemUsed
from bot.games.deuces.modes.quest.flow import enter, gain, progress
from bot.games.deuces.modes.quest.maps import MAX_ITEMS, QuestItem
from bot.games.deuces.state import DeucesTable, TurnPrompt, player


def buyable(state: DeucesTable, seat: int) -> list[QuestItem]:
    """What this player may buy here now: unsold, room for it, enough cards to pay."""
    quest = progress(state)
    if len(quest.items[seat]) >= MAX_ITEMS:
        return []
    pile = len(state.players[seat].discard)
    return [
        item
        for item in (quest.item(item_id) for item_id in quest.here().shop)
        if item.id not in quest.sold and item.price <= pile
    ]


def legal(state: DeucesTable, seat: int) -> list[DeucesAction]:
    """On the map: each path out of this room, and the shop's wares this player can buy."""
    quest = progress(state)
    moves: list[DeucesAction] = [Go(room=room) for room in quest.here().exits]
    return moves + [Buy(item=item.id) for item in buyable(state, seat)]


def check(state: DeucesTable, seat: int, action: Go | Buy) -> None:
    quest = progress(state)
    if isinstance(action, Go):
        if action.room not in quest.here().exits:
            raise IllegalAction("no path leads there from this room")
        return
    here = quest.here()
    if action.item not in here.shop:
        raise IllegalAction("nothing of that name is sold here")
    if action.item in quest.sold:
        raise IllegalAction("that has been sold")
    if len(quest.items[seat]) >= MAX_ITEMS:
        raise IllegalAction(f"you already carry {MAX_ITEMS} pieces of quest loot")
    price = quest.item(action.item).price
    if len(state.players[seat].discard) < price:
        raise IllegalAction(f"it costs {price} cards from your discard pile")


def go(state: DeucesTable, seat: int, action: Go) -> list[DeucesEvent]:
    quest = progress(state)
    quest.came_from = quest.room
    state.prompt = None
    return enter(state, action.room)


def buy(state: DeucesTable, seat: int, action: Buy) -> list[DeucesEvent]:
    """Pay: the discard pile is shuffled and the price taken from it face down, into the till;
    the pile's new top is the player's Threat Card. The party stays on the map."""
    quest = progress(state)
    item = quest.item(action.item)
    pile = state.players[seat].discard
    shuffle(pile, piles.roll(state))
    quest.till[seat] += pile[len(pile) - item.price :]
    del pile[len(pile) - item.price :]
    quest.sold.append(item.id)
    return gain(state, seat, item, item.price)


def item_actions(state: DeucesTable, seat: int, turn: TurnPrompt) -> list[UseItem]:
    """The quest loot a player may use now: a Joker in hand, and the loot usable this turn
    (it is not the turn's ability; loot used instead of attacking spends the attack)."""
    if state.quest is None or JOKER not in state.players[seat].hand:
        return []
    me = player(seat)
    return [
        UseItem(item=item.id, target=aim)
        for item in state.quest.items_of(seat)
        if usable(state, me, item.ability, "turn", turn.attacks, False)
        for aim in targets(state, me, item.ability)
    ]


def check_item(state: DeucesTable, seat: int, action: UseItem) -> None:
    quest = state.quest
    turn = state.turn_of(seat)
    if quest is None or turn is None:
        raise IllegalAction("quest loot is used on your turn in a quest")
    if state.players[seat].defeated:
        raise IllegalAction("you are out of this fight")
    if action.item not in quest.items[seat]:
        raise IllegalAction("that is not your quest loot")
    if JOKER not in state.players[seat].hand:
        raise IllegalAction("sacrifice a Joker to use quest loot: you hold none")
    ability = quest.item(action.item).ability
    me = player(seat)
    if not usable(state, me, ability, "turn", turn.attacks, False):
        raise IllegalAction(f"{ability.name} cannot be used now")
    if action.target not in targets(state, me, ability):
        raise IllegalAction(f"{ability.name} cannot aim there")


def use_item(state: DeucesTable, seat: int, turn: TurnPrompt, action: UseItem) -> list[DeucesEvent]:
    """The Joker goes back into the deck, shuffled; then the loot's effects."""
    item = progress(state).item(action.item)
    turn.fresh = False
    if item.ability.timing == "instead_of_attack":
        turn.attacks -= 1
    who = state.players[seat]
    piles.take(who, [JOKER])
    who.deck.append(JOKER)
    shuffle(who.deck, piles.roll(state))
    events: list[DeucesEvent] = [ItemUsed(seat=seat, item=item.id, name=item.name)]
    events += cast(state, player(seat), item.ability, action.target, [])
    return events + combat.mark_defeats(state)
