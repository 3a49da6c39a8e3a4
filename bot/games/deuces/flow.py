"""The table's own progress between player moves: the encounter draw, the GM's turns, the end.

The mode's `advance` runs these steps (every GM move included) until a player must answer or
the game is over. Each phase has one step function; each GM step is one small move (fold, start
an enemy's turn, its ability, or one attack; an enemy's turn ending, or its ability not used,
runs on into the next), so a defence prompt can pause the GM mid-turn and the state stays
storable between any two moves.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from bot.games.contract import GameEnded, Outcome, shuffle
from bot.games.crawl.plain import built
from bot.games.deuces import combat, gm, piles
from bot.games.deuces.effects import cast, reset_turn_uses, usable
from bot.games.deuces.events import (
    DeucesEvent,
    EncounterEnded,
    EncounterSet,
    EncounterStarted,
    EnemiesDealt,
    EnemyDrawn,
    Folded,
    InitiativeDrawn,
    LevelledUp,
    LootGained,
    MonsterDrawn,
    side_turn,
    turn_started,
)
from bot.games.deuces.state import (
    GM_SIDE,
    HAND_LIMIT,
    LOOT_LIMIT,
    LOOT_NEEDS,
    MAX_LEVEL,
    PLAYERS_SIDE,
    TARGET_PER_PLAYER,
    WITHIN,
    DefendPrompt,
    DeucesTable,
    EnemyState,
    Loot,
    LootPrompt,
    OpenTurnPrompt,
    Phase,
    PlayerState,
    ShedPrompt,
    Side,
    Tier,
    TurnPrompt,
    VotePrompt,
    enemy,
    pet,
    player,
)

HAND_SIZES = {1: 6, 2: 6, 3: 7, 4: 7, 5: 7}
"""A player's hand at the start of an encounter, by level."""


def ask_to_shed(state: DeucesTable) -> bool:
    """Open a shed prompt for the first player above the hand limit during a fight (True when
    one is open). Once the encounter is decided the hands are discarded anyway, so the
    default shed is made there without asking."""
    if isinstance(state.prompt, ShedPrompt):
        return True
    for who in state.players:  # a plain loop: asked before every step of the table
        if len(who.hand) > HAND_LIMIT:
            return _open_shed(state, who)
    return False


def _open_shed(state: DeucesTable, who: PlayerState) -> bool:
    """`ask_to_shed` for the first player above the limit: asked during a fight only."""
    if not (state.phase == Phase.FIGHT and state.contested()):
        return False
    state.held = state.prompt
    state.prompt = built(ShedPrompt, seat=who.seat, count=len(who.hand) - HAND_LIMIT)
    return True


def _setup(state: DeucesTable) -> list[DeucesEvent]:
    """A new encounter: fresh hands and Threat Cards, then enemies to within 3 of the target."""
    events = begin_encounter(state) + deal_hands(state)
    while state.difficulty < state.target - WITHIN and _enemy_left(state):
        events += draw_enemy(state)
    state.phase = Phase.START
    open_vote(state)
    return events


def begin_encounter(state: DeucesTable) -> list[DeucesEvent]:
    """The next encounter's number and target, and nothing of the last one left standing."""
    state.encounter += 1
    state.target = (TARGET_PER_PLAYER + state.options.modifier) * len(state.players)
    state.difficulty, state.treasure, state.won, state.folded = 0, False, None, False
    state.taunt, state.hunting, state.gm_actor = None, False, None
    return [
        built(EncounterStarted, encounter=state.encounter, level=state.level, target=state.target)
    ]


def deal_hands(state: DeucesTable) -> list[DeucesEvent]:
    """Every player's fresh hand for the encounter, and a Threat Card flipped."""
    events: list[DeucesEvent] = []
    for who in state.players:
        who.defeated, who.edge, who.used, who.raised, who.wilds = False, 0, {}, {}, []
        events += piles.draw_player(state, who.seat, HAND_SIZES[state.level])
        events += piles.flip_threat(state, who.seat)
    return events


def draw_to_target(state: DeucesTable) -> list[DeucesEvent]:
    """The GM draws enemies until the target is met (or the enemies run out)."""
    events: list[DeucesEvent] = []
    while state.difficulty < state.target and _enemy_left(state):
        events += draw_enemy(state)
    return events


def _enemy_left(state: DeucesTable) -> bool:
    return bool(state.enemy_deck or state.enemy_discard)


def open_vote(state: DeucesTable) -> None:
    """Within 3 and not above the target, the players choose Hit or Stay."""
    if state.difficulty <= state.target and _enemy_left(state):
        state.phase = Phase.VOTE
        state.prompt = built(VotePrompt, seats=state.active(Side.PLAYERS))


def draw_enemy(state: DeucesTable, master: int | None = None) -> list[DeucesEvent]:
    """One enemy card onto the table (the enemy discard is reshuffled when the deck is out);
    in Masters & Monsters it is `master`'s, and its event tells that player's own total."""
    if not state.enemy_deck:
        state.enemy_deck, state.enemy_discard = state.enemy_discard, []
        shuffle(state.enemy_deck, piles.roll(state))
    enemy_id = state.enemy_deck.pop(0)
    found = state.enemy_set.enemy(enemy_id)
    state.enemies.append(built(EnemyState, enemy_id=enemy_id, master=master))
    state.difficulty += found.difficulty
    index = len(state.enemies) - 1
    if master is not None:
        total = own_difficulty(state, master)
        return [
            built(
                MonsterDrawn,
                index=index,
                enemy_id=enemy_id,
                name=found.name,
                difficulty=found.difficulty,
                total=total,
                master=master,
            )
        ]
    return [
        built(
            EnemyDrawn,
            index=index,
            enemy_id=enemy_id,
            name=found.name,
            difficulty=found.difficulty,
            total=state.difficulty,
        )
    ]


def own_difficulty(state: DeucesTable, seat: int) -> int:
    """Masters & Monsters: the difficulty of the enemies a seat drew."""
    return sum(
        state.enemy_def(i).difficulty for i, e in enumerate(state.enemies) if e.master == seat
    )


def _start(state: DeucesTable) -> list[DeucesEvent]:
    """Compare with the target, draw initiative if above it, deal the enemies' hands."""
    gap = state.difficulty - state.target
    comparison = "less" if gap < 0 else "equal" if gap == 0 else "greater"
    state.treasure = gap >= 0
    first, drawn = _initiative(state) if gap > 0 else (Side.PLAYERS, [])
    for index in range(len(state.enemies)):
        piles.draw(state, enemy(index), state.enemy_hand(index))
    state.first = state.side = first
    state.round, state.acted, state.phase = 1, [], Phase.FIGHT
    return [
        built(
            EncounterSet,
            difficulty=state.difficulty,
            target=state.target,
            comparison=comparison,
            treasure=state.treasure,
            first=first,
        ),
        *drawn,
        built(EnemiesDealt, hands=[len(e.hand) for e in state.enemies]),
        *combat.mark_defeats(state),
        side_turn(first, 1),
    ]


def _initiative(state: DeucesTable) -> tuple[Side, list[DeucesEvent]]:
    """The first player with a deck and the GM flip their top cards; players win ties."""
    seat = next((who.seat for who in state.players if who.deck and not who.sat_out), None)
    gm_card = piles.gm_top(state)
    if seat is None or gm_card is None:
        return Side.PLAYERS, []
    deck = state.players[seat].deck
    mine = deck.pop(0)
    deck.append(mine)
    state.gm_deck.append(state.gm_deck.pop(0))
    first = Side.PLAYERS if mine.value >= gm_card.value else Side.GM
    return first, [
        built(InitiativeDrawn, seat=seat, player_card=mine, gm_card=gm_card, first=first)
    ]


def _fight(state: DeucesTable) -> list[DeucesEvent]:
    """Decide the encounter once a side is out of fighters (enemies first: a double KO is won)."""
    if not state.stands(GM_SIDE):
        state.won, state.phase = True, Phase.END
        return []
    if not state.stands(PLAYERS_SIDE):
        state.won, state.phase = False, Phase.END
        return []
    if state.side == PLAYERS_SIDE:
        return _players_step(state)
    return _gm_step(state)


def _players_step(state: DeucesTable) -> list[DeucesEvent]:
    """The party's next turn: the last player yet to act is prompted; while several are, any
    of them may go (the players choose their order); none left hands the turn to the GM."""
    if not state.acted:
        for seat in state.active(PLAYERS_SIDE):
            reset_turn_uses(state, player(seat))
    acted = state.acted
    left = [
        who.seat
        for who in state.players
        if who.seat not in acted and (not who.defeated or state.pets_of(who.seat))
    ]  # a fallen player's pet fights on, on its master's turn
    if not left:
        return _switch_side(state)
    if len(left) > 1:
        state.prompt = built(OpenTurnPrompt, seats=left)
        return []
    return begin_turn(state, built(TurnPrompt, seat=left[0]))


def begin_turn(state: DeucesTable, turn: TurnPrompt) -> list[DeucesEvent]:
    """A player's turn starts: they are the one the party's turn waits on until it ends."""
    state.acted.append(turn.seat)
    state.prompt = turn
    return [turn_started(player(turn.seat))]


def _gm_step(state: DeucesTable) -> list[DeucesEvent]:
    """One move of the GM: fold, start an enemy's turn, its ability, an attack, or its end.
    The GM may fold before any of them.

    A move that changes nothing the fold, the hands or the fighters' standing depend on (an
    enemy's turn ending, no ability worth using) runs on into the next one: asked again,
    the fold and every check of the table would answer as they just did."""
    if gm.should_fold(state):
        return _fold(state)
    index = state.gm_actor
    if index is not None and (state.enemies[index].defeated or _done_attacking(state)):
        state.gm_actor = index = None  # its turn is over: it fell, or has no move left
    if index is None:
        return _next_turn(state)
    if not state.gm_ability_done:
        used = gm_ability(state, index)
        if used or state.gm_attacks <= 0:
            return used
    state.gm_attacks -= 1
    victim = gm.pick_victim(state, index)
    play = gm.attack_play(state, index, victim)
    events = combat.declare(state, enemy(index), victim, list(play.cards), play)
    seat = state.master_of(victim)  # a pet's master answers for it
    if not combat.can_answer(state) and not (
        victim.side == PLAYERS_SIDE and may_disrupt_now(state, seat)
    ):  # a Disrupt is looked for only when it is the one way to answer
        return events + combat.overwhelm(state)
    state.prompt = built(DefendPrompt, seat=seat)
    return events


def _done_attacking(state: DeucesTable) -> bool:
    """The enemy whose turn it is has used its ability's chance and every attack."""
    return state.gm_ability_done and state.gm_attacks <= 0


def _next_turn(state: DeucesTable) -> list[DeucesEvent]:
    """The next standing enemy's turn starts, or the GM's turn ends when all have acted."""
    index = _next_enemy(state)
    if index is None:
        return _switch_side(state)
    state.acted.append(index)
    state.gm_actor, state.gm_attacks, state.gm_ability_done = index, 1, False
    state.hunting = False
    reset_turn_uses(state, enemy(index))
    return [turn_started(enemy(index))]


def _next_enemy(state: DeucesTable) -> int | None:
    """The first standing enemy yet to act in this GM turn."""
    acted = state.acted
    for index, foe in enumerate(state.enemies):
        if not foe.defeated and index not in acted:
            return index
    return None


def may_disrupt_now(state: DeucesTable, seat: int) -> bool:
    """Whether the attacked player holds a Disrupt they may use now: then they are asked even
    when they hold too few cards to answer (a Disrupt can be used at any time)."""
    me = player(seat)
    return any(usable(state, me, ability, "defend") for ability in state.abilities(me))


def _switch_side(state: DeucesTable) -> list[DeucesEvent]:
    """The other side's turn; a taunt lasts until the end of the GM's turn after it."""
    if state.side == GM_SIDE:
        state.taunt = None
    state.side = GM_SIDE if state.side == PLAYERS_SIDE else PLAYERS_SIDE
    state.acted, state.gm_actor, state.hunting = [], None, False
    if state.side == state.first:
        state.round += 1
    return [side_turn(state.side, state.round)]


def _fold(state: DeucesTable) -> list[DeucesEvent]:
    """The GM concedes: every standing player draws the enemies' remaining card count."""
    left = sum(len(state.enemies[i].hand) for i in state.active(Side.GM))
    events: list[DeucesEvent] = [built(Folded, cards_left=left)]
    state.won, state.folded, state.phase = True, True, Phase.END
    for seat in state.active(Side.PLAYERS):
        events += piles.draw_player(state, seat, left)
    return events


def _end(state: DeucesTable) -> list[DeucesEvent]:
    """Loot, clear the table, level up, then the loot step, the next encounter or the end."""
    events: list[DeucesEvent] = []
    for who in state.players:  # a hand left above the limit by the last blow sheds as usual
        events += piles.trim_hand(state, who.seat)
    if state.won:
        state.encounters_won += 1
        state.score += state.difficulty
        for seat in state.active(Side.PLAYERS):
            events += award_loot(state, seat)
    events += state.mode.settle(state)
    events += clear_table(state)
    events.append(built(EncounterEnded, encounter=state.encounter, won=bool(state.won)))
    events += level_up(state)
    return events + _next(state)


def award_loot(state: DeucesTable, seat: int, bonus: int = 0) -> list[DeucesEvent]:
    """Deuces in hand buy loot: 2 Common, 3 Rare, 4 Epic, each one fewer with treasure
    (`bonus`: deuces counted beside those in hand, in Masters & Monsters)."""
    holder = state.players[seat]
    deuces = bonus + sum(1 for card in holder.hand if card.value == piles.DEUCE)
    relief = 1 if state.treasure else 0
    tier = next((t for t, need in LOOT_NEEDS.items() if deuces >= need - relief), None)
    if tier is None or not state.loot_deck:
        return []
    card = state.loot_deck.pop(0)
    holder.loot.append(built(Loot, card=card, tier=tier))
    return [built(LootGained, seat=seat, card=card, tier=tier, deuces=deuces)]


def clear_table(state: DeucesTable) -> list[DeucesEvent]:
    """Hands to the discard piles, enemies away; a defeated party reshuffles its discards."""
    events: list[DeucesEvent] = []
    for who in state.players:
        if who.hand:
            events += piles.discard(state, player(who.seat), list(who.hand), "cleared")
        who.edge, who.used, who.raised, who.wilds = 0, {}, {}, []
        if not state.won:
            who.deck += who.discard
            who.discard = []
            shuffle(who.deck, piles.roll(state))
    for index, foe in enumerate(state.enemies):
        piles.bury(state, enemy(index), foe.hand)
        if not foe.special:  # a Special Encounter's entities are no enemy deck's cards
            state.enemy_discard.append(foe.enemy_id)
    for index, companion in enumerate(state.pets):  # pets leave with the encounter
        piles.bury(state, pet(index), companion.hand)
    state.enemies, state.pets = [], []
    return events


def level_up(state: DeucesTable) -> list[DeucesEvent]:
    """After a deck ran out (or every encounter, by option): one level up, every deck whole."""
    if not (state.level_up or state.options.level_every_encounter):
        return []
    state.level_up = False
    for who in state.players:
        who.deck += who.discard
        who.discard = []
        shuffle(who.deck, piles.roll(state))
    if state.mode.caps_level and state.level >= MAX_LEVEL:
        return []  # only Quest for Power has a level 6 to reach: the decks are rebuilt anyway
    state.level += 1
    return [LevelledUp(level=state.level)]


def _next(state: DeucesTable) -> list[DeucesEvent]:
    """The game's end, the loot step, or the next encounter of a quest."""
    ended = state.mode.game_end(state)
    if ended is not None:
        return ended
    seats = [who.seat for who in state.players if has_loot_choice(state, who)]
    if seats:
        state.phase = Phase.LOOT
        state.prompt = built(LootPrompt, seats=seats)
    else:
        state.phase = state.mode.after_loot()
    return []


def has_loot_choice(state: DeucesTable, who: PlayerState) -> bool:
    """Only players who are over the limit, could trade up, or could give loot to someone
    with room for it are asked at the loot step."""
    tiers = Counter(item.tier for item in who.loot if item.tier != Tier.EPIC)
    room = state.mode.shares_loot and any(
        len(other.loot) < LOOT_LIMIT for other in state.players if other is not who
    )
    return (
        len(who.loot) > LOOT_LIMIT or any(n >= 2 for n in tiers.values()) or bool(who.loot and room)
    )


def game_over(state: DeucesTable, outcome: Outcome) -> list[DeucesEvent]:
    """The table ends for everyone (a quest's end too): the outcome and score are the party's."""
    state.outcome, state.phase = outcome, Phase.OVER
    return [GameEnded(outcome=outcome, score=state.score, seat=None)]


STEPS: dict[Phase, Callable[[DeucesTable], list[DeucesEvent]]] = {
    Phase.SETUP: _setup,
    Phase.START: _start,
    Phase.FIGHT: _fight,
    Phase.END: _end,
}


def gm_ability(state: DeucesTable, index: int) -> list[DeucesEvent]:
    """The GM's one ability for the enemy whose turn it is, if its policy picks one: an ability
    used instead of attacking costs that enemy's attack. Enemies a player commands in Masters
    & Monsters use it too, when the GM plays their turn."""
    state.gm_ability_done = True
    choice = gm.pick_ability(state, index)
    if choice is None:
        return []
    ability, aim, cards = choice
    if ability.timing == "instead_of_attack":
        state.gm_attacks -= 1
    return cast(state, enemy(index), ability, aim, cards) + combat.mark_defeats(state)
