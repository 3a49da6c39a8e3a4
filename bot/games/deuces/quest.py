"""Traditional Quest: the party explores a quest's map, room by room, with the bot as its GM.

The party starts in the quest's safe first room. Between encounters it stands on the map: any
player may choose the next room along a path (the first choice moves everyone, as the first to
act takes the party's open turn) or buy quest loot at the room's shop. Walking into a room not
yet made safe meets its encounter: a fixed one ("Boss, LVL 5, -2": the Special Encounter's
entities are set out first, their difficulty counts, and the GM draws enemies at that level
until the modified target is met, without a vote) or a random one (the standard draw, with
Hit or Stay). A won encounter makes its room safe and picks up its quest loot; a fallen party
wakes in the room it came from, the encounter waiting, and a third fall ends the quest. The
quest is won when the goal room's encounter is beaten.

A Special Encounter's secret is turned face up as soon as the condition its card states is met
(checked between every two moves of the table), and stays face up for the rest of the quest.

Quest loot brings one of its holder's two Jokers into their deck; a Joker drawn may be played as
a wild card or sacrificed (shuffled back into the deck) to use a piece of that loot on its
holder's turn. Shops take their price in cards from the buyer's discard pile, shuffled and paid
face down; those cards stay out of play for the rest of the quest.

This module runs the quest's own steps and checks and applies its moves; encounters are fought
by the engine and `flow.py` as at any table.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.games.cards import JOKER
from bot.games.contract import GameEnded, IllegalAction, Outcome
from bot.games.deuces import combat, flow, piles, tactics
from bot.games.deuces.actions import Buy, DeucesAction, Go, UseItem
from bot.games.deuces.effects import cast, targets, usable
from bot.games.deuces.events import (
    DeucesEvent,
    EncounterEnded,
    EncounterStarted,
    EnemyDrawn,
    ItemGained,
    ItemUsed,
    LootLeft,
    PartyRetreated,
    QuestBegun,
    RoomEntered,
    SecretRevealed,
    SpecialSetUp,
)
from bot.games.deuces.quest_progress import MAX_FALLS, ROOM_SCORE, QuestProgress
from bot.games.deuces.quests import (
    MAX_ITEMS,
    Fixed,
    Quest,
    QuestItem,
    Room,
    SpecialEncounter,
    path_to,
)
from bot.games.deuces.state import (
    TARGET_PER_PLAYER,
    WITHIN,
    DeucesTable,
    EnemyState,
    LootPrompt,
    Phase,
    RoutePrompt,
    Side,
    TurnPrompt,
    enemy,
    player,
)

JOKERS = 2
"""A deck's Jokers: each player's, boxed until quest loot brings one into play."""


def begin(quest: Quest, players: int) -> QuestProgress:
    """A quest not yet begun: the party at its start, every Joker still in its box."""
    return QuestProgress(
        quest=quest,
        room=quest.start,
        items=[[] for _ in range(players)],
        box=[[JOKER] * JOKERS for _ in range(players)],
        till=[[] for _ in range(players)],
    )


def progress(state: DeucesTable) -> QuestProgress:
    assert state.quest is not None
    return state.quest


# ---- the table's own progress ------------------------------------------------------------------


def advance(state: DeucesTable) -> list[DeucesEvent]:
    """Run the table until a player must answer or the quest is over; a secret whose condition
    is met is revealed between any two steps, and a hand above ten sheds first."""
    events: list[DeucesEvent] = []
    while True:
        events += reveal_due(state)
        if flow.ask_to_shed(state) or state.prompt is not None or state.phase == Phase.OVER:
            return events
        step = STEPS.get(state.phase) or flow.STEPS[state.phase]
        events += step(state)


def _map(state: DeucesTable) -> list[DeucesEvent]:
    """The party on the map: the quest's first step reads its opening and enters the start;
    after that, every player may choose where to go (or shop)."""
    quest = progress(state)
    if not quest.visited:
        begun = QuestBegun(title=quest.quest.title, intro=quest.quest.intro)
        return [begun, *enter(state, quest.room)]
    state.prompt = RoutePrompt(seats=[who.seat for who in state.players])
    return []


def danger(quest: QuestProgress, room: Room) -> str:
    """What waits in a room now: its fixed or random encounter, or nothing once it is safe."""
    if room.id in quest.cleared or room.encounter is None:
        return "none"
    return "fixed" if isinstance(room.encounter, Fixed) else "random"


def enter(state: DeucesTable, room_id: str) -> list[DeucesEvent]:
    """The party walks in: a first visit scores and reads the room; its encounter starts, or
    the room is safe and its loot is picked up."""
    quest = progress(state)
    room = quest.quest.room(room_id)
    first = room_id not in quest.visited
    if first:
        quest.visited.append(room_id)
        state.score += ROOM_SCORE
    quest.room = room_id
    waits = danger(quest, room)
    events: list[DeucesEvent] = [
        RoomEntered(
            room=room.id,
            name=room.name,
            text=room.text,
            first=first,
            danger="fixed" if waits == "fixed" else "random" if waits == "random" else "none",
        )
    ]
    if waits != "none":
        quest.fighting = True
        state.phase = Phase.SETUP
        return events
    if room_id not in quest.cleared:
        quest.cleared.append(room_id)
    state.phase = Phase.MAP
    return events + find_loot(state, room)


def _setup(state: DeucesTable) -> list[DeucesEvent]:
    """The room's encounter: fresh hands and Threat Cards; a fixed encounter sets out its
    Special Encounter and draws to its modified target at its level, a random one draws as
    usual and asks Hit or Stay."""
    quest = progress(state)
    fixed = quest.here().encounter if isinstance(quest.here().encounter, Fixed) else None
    assert fixed is None or isinstance(fixed, Fixed)
    modifier = state.options.modifier + (fixed.modifier if fixed else 0)
    state.encounter += 1
    state.target = max(1, TARGET_PER_PLAYER + modifier) * len(state.players)
    state.encounter_level = fixed.level if fixed else None
    state.difficulty, state.treasure, state.won, state.folded = 0, False, None, False
    state.taunt, state.hunting, state.gm_actor = None, False, None
    quest.struck = False
    events: list[DeucesEvent] = [
        EncounterStarted(encounter=state.encounter, level=state.foe_level, target=state.target)
    ]
    for who in state.players:
        who.defeated, who.edge, who.used, who.raised, who.wilds = False, 0, {}, {}, []
        events += piles.draw_player(state, who.seat, flow.HAND_SIZES[state.level])
        events += piles.flip_threat(state, who.seat)
    if fixed is not None and fixed.special:
        events += _set_out(state, quest.quest.special(fixed.special))
    state.phase = Phase.START
    if fixed is not None:  # a barrier of passage: drawn to the target, no vote
        while state.difficulty < state.target and _enemy_left(state):
            events += flow.draw_enemy(state)
        return events
    while state.difficulty < state.target - WITHIN and _enemy_left(state):
        events += flow.draw_enemy(state)
    flow.open_vote(state)
    return events


def _enemy_left(state: DeucesTable) -> bool:
    return bool(state.enemy_deck or state.enemy_discard)


def _set_out(state: DeucesTable, special: SpecialEncounter) -> list[DeucesEvent]:
    """The Special Encounter card: its setup read, each entity its own hand on the table."""
    quest = progress(state)
    events: list[DeucesEvent] = [
        SpecialSetUp(
            special=special.id,
            name=special.name,
            setup=special.setup,
            secret_known=special.id in quest.revealed,
        )
    ]
    for entity in special.entities:
        state.enemies.append(EnemyState(enemy_id=entity.id, special=True))
        state.difficulty += entity.difficulty
        events.append(
            EnemyDrawn(
                index=len(state.enemies) - 1,
                enemy_id=entity.id,
                name=entity.name,
                difficulty=entity.difficulty,
                total=state.difficulty,
            )
        )
    return events


def special_in_play(state: DeucesTable) -> SpecialEncounter | None:
    """The Special Encounter of the fight going on, if any."""
    quest = state.quest
    if quest is None or not quest.fighting:
        return None
    fixed = quest.here().encounter
    if not isinstance(fixed, Fixed) or fixed.special is None:
        return None
    return quest.quest.special(fixed.special)


def owner_index(state: DeucesTable, special: SpecialEncounter) -> int:
    return next(
        i
        for i, foe in enumerate(state.enemies)
        if foe.special and foe.enemy_id == special.secret.owner
    )


def secret_met(state: DeucesTable, special: SpecialEncounter) -> bool:
    """Whether the condition the card states holds now."""
    secret = special.secret
    owner = owner_index(state, special)
    if secret.reveal == "round":
        return state.round >= secret.at
    if secret.reveal == "hand":
        return len(state.enemies[owner].hand) <= secret.at
    return any(foe.special and foe.defeated for i, foe in enumerate(state.enemies) if i != owner)


def reveal_due(state: DeucesTable) -> list[DeucesEvent]:
    """Turn the secret face up once its condition is met, during the fight and between
    attacks; a weakness known (now or from an earlier attempt) strikes its owner once."""
    special = special_in_play(state)
    if special is None or state.phase != Phase.FIGHT or state.clash is not None:
        return []
    quest = progress(state)
    secret = special.secret
    events: list[DeucesEvent] = []
    if special.id not in quest.revealed:
        if not secret_met(state, special):
            return []
        quest.revealed.append(special.id)
        events.append(
            SecretRevealed(
                special=special.id,
                name=secret.name,
                text=secret.text,
                weakness=secret.kind == "weakness",
            )
        )
    owner = owner_index(state, special)
    if secret.kind == "weakness" and not quest.struck and not state.enemies[owner].defeated:
        quest.struck = True
        events += cast(state, enemy(owner), secret.ability, None, [])
        events += combat.mark_defeats(state)
    return events


def _end(state: DeucesTable) -> list[DeucesEvent]:
    """As at any table (loot, hands away, levels; no level beyond 5), then the quest's own
    end of an encounter."""
    events: list[DeucesEvent] = []
    for who in state.players:
        events += piles.trim_hand(state, who.seat)
    if state.won:
        state.encounters_won += 1
        state.score += state.difficulty
        for seat in state.active(Side.PLAYERS):
            events += flow.award_loot(state, seat)
    events += flow.clear_table(state)
    events.append(EncounterEnded(encounter=state.encounter, won=bool(state.won)))
    events += flow.level_up(state)
    state.encounter_level = None
    return events + _after(state)


def _after(state: DeucesTable) -> list[DeucesEvent]:
    """The room is made safe (the goal's: the quest is won), or the party wakes where it
    came from; then the loot step, or the map."""
    quest = progress(state)
    room = quest.here()
    quest.fighting = False
    events: list[DeucesEvent] = []
    if state.won:
        quest.cleared.append(room.id)
        if room.id == quest.quest.goal:
            return _over(state, Outcome.WON)
        events += find_loot(state, room)
    else:
        quest.falls += 1
        if quest.falls >= MAX_FALLS:
            return _over(state, Outcome.LOST)
        quest.room = quest.came_from or quest.quest.start
        events.append(
            PartyRetreated(
                room=quest.room,
                name=quest.here().name,
                falls=quest.falls,
                left=MAX_FALLS - quest.falls,
            )
        )
    if state.encounter >= state.options.max_encounters:
        return events + _over(state, Outcome.LOST)
    seats = [who.seat for who in state.players if flow.has_loot_choice(state, who)]
    if seats:
        state.phase, state.prompt = Phase.LOOT, LootPrompt(seats=seats)
    else:
        state.phase = Phase.MAP
    return events


def _over(state: DeucesTable, outcome: Outcome) -> list[DeucesEvent]:
    state.outcome, state.phase = outcome, Phase.OVER
    return [GameEnded(outcome=outcome, score=state.score, seat=None)]


STEPS: dict[Phase, Callable[[DeucesTable], list[DeucesEvent]]] = {
    Phase.MAP: _map,
    Phase.SETUP: _setup,
    Phase.END: _end,
}


# ---- quest loot ----------------------------------------------------------------------------


def find_loot(state: DeucesTable, room: Room) -> list[DeucesEvent]:
    """A safe room's quest loot goes to the player holding the fewest pieces (the first seat
    of them); when all hold two, it stays where it lies, for later."""
    quest = progress(state)
    if room.loot is None or room.id in quest.found:
        return []
    item = quest.item(room.loot)
    room_for = [who.seat for who in state.players if len(quest.items[who.seat]) < MAX_ITEMS]
    if not room_for:
        return [LootLeft(item=item.id, name=item.name)]
    quest.found.append(room.id)
    seat = min(room_for, key=lambda s: (len(quest.items[s]), s))
    return gain(state, seat, item, 0)


def gain(state: DeucesTable, seat: int, item: QuestItem, price: int) -> list[DeucesEvent]:
    """Quest loot for a player: one of their Jokers leaves the box for their deck, shuffled."""
    quest = progress(state)
    quest.items[seat].append(item.id)
    joker = bool(quest.box[seat])
    if joker:
        deck = state.players[seat].deck
        deck.append(quest.box[seat].pop())
        piles.shuffle(piles.roll(state), deck)
    return [ItemGained(seat=seat, item=item.id, name=item.name, price=price, joker=joker)]


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
    piles.shuffle(piles.roll(state), pile)
    quest.till[seat] += pile[len(pile) - item.price :]
    del pile[len(pile) - item.price :]
    quest.sold.append(item.id)
    return gain(state, seat, item, item.price)


def item_actions(state: DeucesTable, seat: int, turn: TurnPrompt) -> list[DeucesAction]:
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


def use_item(state: DeucesTable, seat: int, action: UseItem) -> list[DeucesEvent]:
    """The Joker goes back into the deck, shuffled; then the loot's effects."""
    item = progress(state).item(action.item)
    turn = state.prompt
    assert isinstance(turn, TurnPrompt)
    turn.fresh = False
    if item.ability.timing == "instead_of_attack":
        turn.attacks -= 1
    who = state.players[seat]
    piles.take(who, [JOKER])
    who.deck.append(JOKER)
    piles.shuffle(piles.roll(state), who.deck)
    events: list[DeucesEvent] = [ItemUsed(seat=seat, item=item.id, name=item.name)]
    events += cast(state, player(seat), item.ability, action.target, [])
    return events + combat.mark_defeats(state)


# ---- moves made for players -----------------------------------------------------------------


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
        assert isinstance(action, UseItem)
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
