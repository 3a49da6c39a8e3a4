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

This module runs the quest's own steps between moves; `quest_secrets` keeps the secrets,
`quest_moves` checks and applies the party's own moves, `quest_policy` makes moves for players;
encounters are fought by the engine and `flow.py` as at any table.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from bot.games.cards import JOKER
from bot.games.contract import Outcome, shuffle
from bot.games.deuces import flow, piles
from bot.games.deuces.events import (
    DeucesEvent,
    EncounterEnded,
    EncounterStarted,
    EnemyDrawn,
    ItemGained,
    LootLeft,
    PartyRetreated,
    QuestBegun,
    RoomEntered,
    SpecialSetUp,
)
from bot.games.deuces.modes.quest.maps import (
    MAX_ITEMS,
    Fixed,
    Quest,
    QuestItem,
    Room,
    SpecialEncounter,
)
from bot.games.deuces.modes.quest.progress import MAX_FALLS, ROOM_SCORE, QuestProgress
from bot.games.deuces.state import (
    TARGET_PER_PLAYER,
    WITHIN,
    DeucesTable,
    EnemyState,
    LootPrompt,
    Phase,
    RoutePrompt,
    Side,
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
    if fixed is not None:  # a barrier of passage: chosen to the target, no vote
        return events + _choose_enemies(state)
    while state.difficulty < state.target - WITHIN and _enemy_left(state):
        events += flow.draw_enemy(state)
    flow.open_vote(state)
    return events


def _enemy_left(state: DeucesTable) -> bool:
    return bool(state.enemy_deck or state.enemy_discard)


def _choose_enemies(state: DeucesTable) -> list[DeucesEvent]:
    """A fixed encounter's enemies: the rule lets the GM choose which, so long as they equal
    the modified target; drawn blind, one card too many could set a 7 before a lone player
    whose target is 4. So the GM takes from the enemy deck the cards that meet what the
    target still lacks with the least to spare (then the fewest cards, then the first in the
    deck); the others keep their order. With too little in the deck, its discard is shuffled
    in first, and with too little in both, every card comes out."""
    gap = state.target - state.difficulty
    if gap <= 0:
        return []
    worth = state.enemy_set.enemy
    if sum(worth(e).difficulty for e in state.enemy_deck) < gap and state.enemy_discard:
        state.enemy_deck += state.enemy_discard
        state.enemy_discard = []
        shuffle(state.enemy_deck, piles.roll(state))
    deck = state.enemy_deck
    values = [worth(enemy_id).difficulty for enemy_id in deck]
    meets = [
        picks
        for size in range(1, len(deck) + 1)
        for picks in combinations(range(len(deck)), size)
        if sum(values[i] for i in picks) >= gap
    ]
    best = min(
        meets, key=lambda picks: (sum(values[i] for i in picks), len(picks), picks), default=()
    ) or tuple(range(len(deck)))
    state.enemy_deck = [deck[i] for i in best] + [e for i, e in enumerate(deck) if i not in best]
    return [event for _ in best for event in flow.draw_enemy(state)]


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
            return flow.game_over(state, Outcome.WON)
        events += find_loot(state, room)
    else:
        quest.falls += 1
        if quest.falls >= MAX_FALLS:
            return flow.game_over(state, Outcome.LOST)
        quest.room = quest.came_from or quest.quest.start
        for who in state.players:  # the party wakes: nobody is down on the map
            who.defeated = False
        events.append(
            PartyRetreated(
                room=quest.room,
                name=quest.here().name,
                falls=quest.falls,
                left=MAX_FALLS - quest.falls,
            )
        )
    if state.encounter >= state.options.max_encounters:
        return events + flow.game_over(state, Outcome.LOST)
    seats = [who.seat for who in state.players if flow.has_loot_choice(state, who)]
    if seats:
        state.phase, state.prompt = Phase.LOOT, LootPrompt(seats=seats)
    else:
        state.phase = Phase.MAP
    return events


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
        shuffle(deck, piles.roll(state))
    return [ItemGained(seat=seat, item=item.id, name=item.name, price=price, joker=joker)]
