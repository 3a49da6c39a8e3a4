"""Masters & Monsters: no GM; every player draws enemies, and plays them against the others.

Each encounter every player draws a hand and flips a Threat Card, then draws enemies from the
shared enemy deck until their own difficulty reaches 5 (with the table's modifier). The lowest
difficulty goes first (more enemies first on a tie, then the higher card flipped from the tied
players' decks). In turn order each player takes their hero's turn, then their enemies' turn:
the enemies attack by the GM's targeting rule, never their own master. An enemy attacked by a
hero answers by the GM's policy, so a hero's attack never waits on another player. A player
may play their enemies one move at a time or let the GM's policy play them (a timeout does
that). The encounter ends when no one may attack anyone: every enemy down, every hero down, or
only a hero's own enemies left against them. Deuces (bonuses included) then buy loot; the first
to hold the Epic loot the table asked for wins.

This module runs that table between moves and checks and applies the enemy turn's moves; the
hero's moves are the engine's own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from itertools import combinations

from bot.games.cards import Card
from bot.games.contract import GameEnded, IllegalAction, Outcome, SeatResult
from bot.games.deuces import (
    combat,
    flow,
    gm,
    piles,
)
from bot.games.deuces.actions import Autopilot, DeucesAction, EndTurn, Spell, Strike
from bot.games.deuces.effects import cast, reset_turn_uses, targets, usable
from bot.games.deuces.events import (
    AutopilotOn,
    DeucesEvent,
    EncounterStarted,
    EnemiesDealt,
    EnemyTurn,
    MastersTally,
    MastersWon,
    OrderSet,
    TurnStarted,
)
from bot.games.deuces.poker import no_play, plays, read
from bot.games.deuces.state import (
    TARGET_PER_PLAYER,
    DefendPrompt,
    DeucesTable,
    EnemyTurnPrompt,
    LootPrompt,
    Phase,
    Ref,
    Side,
    Tier,
    TurnPrompt,
    enemy,
    player,
)

MIN_SEATS = 2
"""Nobody may attack their own enemies: a table of one would have no fight."""
KILL_DEUCES = 2
"""Deuces for each player defeated by one's enemies."""
MAX_ROUNDS = 30
"""An encounter still going after this many rounds ends: time is called."""
TIE_FLIPS = 10
"""Flips for turn order among tied players before seat order decides."""
RANKS = {Tier.EPIC: 0, Tier.RARE: 1, Tier.COMMON: 2}


def own_target(state: DeucesTable) -> int:
    """The difficulty each player draws enemies to: 5, with the table's modifier."""
    return max(1, TARGET_PER_PLAYER + state.options.modifier)


# ---- the table's own progress ------------------------------------------------------------------


def _setup(state: DeucesTable) -> list[DeucesEvent]:
    """Fresh hands and Threat Cards; each player's enemies, dealt; the turn order."""
    state.encounter += 1
    state.target = own_target(state) * len(state.players)
    state.difficulty, state.treasure, state.won, state.folded = 0, False, None, False
    state.taunt, state.hunting, state.gm_actor, state.blame = None, False, None, None
    events: list[DeucesEvent] = [
        EncounterStarted(encounter=state.encounter, level=state.level, target=state.target)
    ]
    for who in state.players:
        who.defeated, who.edge, who.used, who.raised, who.wilds = False, 0, {}, {}, []
        who.felled_by = None
        events += piles.draw_player(state, who.seat, flow.HAND_SIZES[state.level])
        events += piles.flip_threat(state, who.seat)
    for who in state.players:
        while flow.own_difficulty(state, who.seat) < own_target(state) and _enemy_left(state):
            events += flow.draw_enemy(state, who.seat)
    for index in range(len(state.enemies)):
        piles.draw(state, enemy(index), state.enemy_def(index).hand_at(state.level))
    events.append(EnemiesDealt(hands=[len(e.hand) for e in state.enemies]))
    events += _order(state)
    state.phase, state.round, state.at, state.stage = Phase.FIGHT, 1, 0, "hero"
    return events + combat.mark_defeats(state)


def _enemy_left(state: DeucesTable) -> bool:
    return bool(state.enemy_deck or state.enemy_discard)


def _order(state: DeucesTable) -> list[DeucesEvent]:
    """Lowest difficulty first; more enemies first on a tie; still tied, each flips their
    deck's top card (back to the bottom) and the higher goes first, again while tied."""
    seats = range(len(state.players))
    difficulty = [flow.own_difficulty(state, seat) for seat in seats]
    count = [sum(1 for e in state.enemies if e.master == seat) for seat in seats]
    flips: list[list[Card]] = [[] for _ in seats]
    groups: dict[tuple[int, int], list[int]] = {}
    for seat in seats:
        groups.setdefault((difficulty[seat], -count[seat]), []).append(seat)
    order: list[int] = []
    for key in sorted(groups):
        order += _break_tie(state, groups[key], flips)
    state.order = order
    return [OrderSet(order=order, difficulties=difficulty, enemies=count, flips=flips)]


def _break_tie(state: DeucesTable, tied: list[int], flips: list[list[Card]]) -> list[int]:
    if len(tied) == 1:
        return tied
    for _ in range(TIE_FLIPS):
        drawn: dict[int, int] = {}
        for seat in tied:
            deck = state.players[seat].deck
            card = deck.pop(0) if deck else None
            if card is not None:
                deck.append(card)
                flips[seat].append(card)
            drawn[seat] = card.value if card else 0
        values = sorted(set(drawn.values()), reverse=True)
        if len(values) > 1:
            return [
                s for value in values for s in _break_tie_among(state, tied, drawn, value, flips)
            ]
    return sorted(tied)


def _break_tie_among(
    state: DeucesTable,
    tied: list[int],
    drawn: dict[int, int],
    value: int,
    flips: list[list[Card]],
) -> list[int]:
    """Those who flipped `value` among a tie, in their own order (they flip again if several)."""
    return _break_tie(state, [seat for seat in tied if drawn[seat] == value], flips)


def _fight(state: DeucesTable) -> list[DeucesEvent]:
    """The next move of the round: a hero's turn, then that player's enemies' turn, then the
    next player; the encounter ends once nobody may attack anyone, or time is called."""
    if not state.contested() or state.round > MAX_ROUNDS:
        state.won, state.phase = bool(state.active(Side.PLAYERS)), Phase.END
        return []
    seat = state.order[state.at]
    return STAGES[state.stage](state, seat)


def _hero(state: DeucesTable, seat: int) -> list[DeucesEvent]:
    """A hero's turn starts, if the hero (or a pet of theirs) still fights; a Taunt of theirs
    ends as their turn comes round again."""
    if state.taunt == seat:
        state.taunt = None
    if state.players[seat].defeated and not state.pets_of(seat):
        state.stage = "enemies"
        return []
    fresh_turn_uses(state)
    state.stage = "hero_on"
    state.prompt = TurnPrompt(seat=seat)
    return [TurnStarted(who=player(seat))]


def _hero_done(state: DeucesTable, seat: int) -> list[DeucesEvent]:
    state.stage = "enemies"
    return []


def _enemies(state: DeucesTable, seat: int) -> list[DeucesEvent]:
    """The player's enemies' turn starts, if any of theirs stand (else it is skipped)."""
    if not state.owned(seat):
        state.stage = "next"
        return []
    fresh_turn_uses(state)
    state.acted, state.gm_actor, state.hunting, state.autopilot = [], None, False, False
    state.stage = "enemies_on"
    return [EnemyTurn(seat=seat, round=state.round)]


def _enemies_on(state: DeucesTable, seat: int) -> list[DeucesEvent]:
    """The enemy turn goes on: the GM's policy's next move, or the player is asked."""
    if state.autopilot:
        return _auto_step(state, seat)
    if not any(_can_act(state, index) for index in _ready(state, seat)):
        state.stage = "next"
        return []
    state.prompt = EnemyTurnPrompt(seat=seat)
    return []


def _next(state: DeucesTable, seat: int) -> list[DeucesEvent]:
    """The turn passes to the next player in order; after the last, a new round."""
    state.gm_actor, state.autopilot, state.stage = None, False, "hero"
    state.at += 1
    if state.at >= len(state.order):
        state.at, state.round = 0, state.round + 1
    return []


STAGES: dict[str, Callable[[DeucesTable, int], list[DeucesEvent]]] = {
    "hero": _hero,
    "hero_on": _hero_done,
    "enemies": _enemies,
    "enemies_on": _enemies_on,
    "next": _next,
}


def fresh_turn_uses(state: DeucesTable) -> None:
    """Every turn, a hero's or an enemy turn, opens a new window for once-per-turn abilities
    (the rules: once during an enemy's turn and once during a hero's turn every round)."""
    refs = [player(i) for i in range(len(state.players))]
    for ref in refs + [enemy(i) for i in range(len(state.enemies))]:
        reset_turn_uses(state, ref)


# ---- an enemy's turn, by its master or by the GM's policy --------------------------------------


def _ready(state: DeucesTable, seat: int) -> list[int]:
    """The seat's standing enemies that may still act this turn: the one acting now, and those
    that have not acted (once another acts, the one before has finished)."""
    return [i for i in state.owned(seat) if i == state.gm_actor or i not in state.acted]


def _budget(state: DeucesTable, index: int) -> tuple[int, bool]:
    """The attacks left and whether the ability is spent, for an enemy about to act."""
    if index == state.gm_actor:
        return state.gm_attacks, state.gm_ability_done
    return 1, False


def _can_act(state: DeucesTable, index: int) -> bool:
    attacks, spent = _budget(state, index)
    if not state.enemies[index].hand:
        return False
    if attacks > 0 and gm.victims(state, index):
        return True
    user = enemy(index)
    return any(
        usable(state, user, ability, "turn", attacks, spent) and targets(state, user, ability)
        for ability in state.abilities(user)
    )


def _take_turn(state: DeucesTable, index: int) -> list[DeucesEvent]:
    """This enemy acts now; the one that acted before has finished its turn."""
    if state.gm_actor == index:
        return []
    state.acted.append(index)
    state.gm_actor, state.gm_attacks, state.gm_ability_done = index, 1, False
    state.hunting = False
    return [TurnStarted(who=enemy(index))]


def _auto_step(state: DeucesTable, seat: int) -> list[DeucesEvent]:
    """One move of the GM's policy for the seat's enemies: start the next one's turn, its
    ability, an attack, or its end (as the GM plays its own, but never folding)."""
    index = state.gm_actor
    if index is None or index not in state.owned(seat) or not _can_act(state, index):
        state.gm_actor = None
        following = next((i for i in _ready(state, seat) if _can_act(state, i)), None)
        if following is None:
            state.stage, state.autopilot = "next", False
            return []
        return _take_turn(state, following)
    if not state.gm_ability_done:
        return flow.gm_ability(state, index)
    if state.gm_attacks <= 0 or not gm.victims(state, index):
        state.gm_actor = None
        return []
    state.gm_attacks -= 1
    victim = gm.pick_victim(state, index)
    return _attack(state, index, victim, gm.pick_attack(state, index, victim))


def _attack(state: DeucesTable, index: int, victim: Ref, cards: list[Card]) -> list[DeucesEvent]:
    """An enemy's attack: its victim's player answers it (or falls at once, too short to
    answer and with no Disrupt to use)."""
    events = combat.declare(state, enemy(index), victim, cards)
    seat = state.master_of(victim)
    may_disrupt = victim.side == Side.PLAYERS and flow.may_disrupt_now(state, seat)
    if not combat.can_answer(state) and not may_disrupt:
        return events + combat.overwhelm(state)
    state.prompt = DefendPrompt(seat=seat)
    return events


def legal(state: DeucesTable, seat: int) -> list[DeucesAction]:
    """Each ready enemy's attacks (on whom the targeting rules allow) and abilities; the end
    of the enemy turn; and handing it to the GM's policy."""
    actions: list[DeucesAction] = []
    for index in _ready(state, seat):
        attacks, spent = _budget(state, index)
        user = enemy(index)
        if attacks > 0:
            sizes = range(1, gm.max_attack(state, index) + 1)
            sets = {play.cards for play in plays(piles.hand_faces(state, user), sizes)}
            actions += [
                Strike(enemy=index, target=victim, cards=cards)
                for cards in sorted(sets, key=lambda c: [card.code for card in c])
                for victim in gm.victims(state, index)
            ]
        hand = state.enemies[index].hand
        for ability in state.abilities(user):
            if not usable(state, user, ability, "turn", attacks, spent):
                continue
            picks = sorted({tuple(sorted(g)) for g in combinations(hand, ability.cards_needed)})
            actions += [
                Spell(enemy=index, ability=ability.id, target=aim, cards=cards)
                for aim in targets(state, user, ability)
                for cards in picks
            ]
    return [*actions, EndTurn(), Autopilot()]


def check(state: DeucesTable, seat: int, action: Strike | Spell) -> None:
    """A move of one of the seat's own enemies that may act, allowed by the rules."""
    index = action.enemy
    if index not in _ready(state, seat):
        raise IllegalAction("none of your enemies that may still act stands there")
    if isinstance(action, Strike):
        _check_strike(state, index, action)
    elif action not in legal(state, seat):
        raise IllegalAction("that enemy cannot use that ability so now")


def _check_strike(state: DeucesTable, index: int, action: Strike) -> None:
    attacks, _ = _budget(state, index)
    if attacks <= 0:
        raise IllegalAction("that enemy has no attack left this turn")
    if action.target not in gm.victims(state, index):
        raise IllegalAction(
            "an enemy attacks the player with the highest Threat Card (never its master)"
        )
    hand = [card.text for card in state.enemies[index].hand]
    for card in action.cards:
        if card.text not in hand:
            raise IllegalAction("those cards are not in that enemy's hand")
        hand.remove(card.text)
    play = read(piles.faces_of(state, enemy(index), action.cards)) if action.cards else None
    if play is None:
        raise IllegalAction(no_play(len(action.cards)))
    if play.size > gm.max_attack(state, index):
        raise IllegalAction("only a Boss attacks with four or five cards")


def strike(state: DeucesTable, seat: int, action: Strike) -> list[DeucesEvent]:
    events = _take_turn(state, action.enemy)
    state.gm_attacks -= 1
    state.prompt = None
    return events + _attack(state, action.enemy, action.target, list(action.cards))


def spell(state: DeucesTable, seat: int, action: Spell) -> list[DeucesEvent]:
    events = _take_turn(state, action.enemy)
    user = enemy(action.enemy)
    ability = state.ability(user, action.ability)
    assert ability is not None
    if ability.timing == "instead_of_attack":
        state.gm_attacks -= 1
    else:
        state.gm_ability_done = True
    state.prompt = None
    events += cast(state, user, ability, action.target, list(action.cards))
    return events + combat.mark_defeats(state)


def autopilot(state: DeucesTable, seat: int, action: Autopilot) -> list[DeucesEvent]:
    state.autopilot, state.prompt = True, None
    return [AutopilotOn(seat=seat)]


def end_enemies(state: DeucesTable) -> list[DeucesEvent]:
    """The player ends their enemies' turn (those that have not acted pass)."""
    state.prompt, state.gm_actor, state.stage = None, None, "next"
    return []


# ---- the end of an encounter, and of the game --------------------------------------------------


def _end(state: DeucesTable) -> list[DeucesEvent]:
    """Deuces and their bonuses buy loot; the table is cleared (a party all fallen reshuffles
    its discards); the party levels as usual (up to 5); then the loot step or the tally."""
    events: list[DeucesEvent] = []
    for who in state.players:
        events += piles.trim_hand(state, who.seat)
    survivors = state.active(Side.PLAYERS)
    felled = [who.felled_by if who.defeated else None for who in state.players]
    kills = Counter(seat for seat in felled if seat is not None)
    bonus = [
        KILL_DEUCES * kills[who.seat] + (len(survivors) if who.seat in survivors else 0)
        for who in state.players
    ]
    held = [sum(1 for card in who.hand if card.value == piles.DEUCE) for who in state.players]
    events.append(
        MastersTally(
            encounter=state.encounter,
            survivors=survivors,
            felled_by=felled,
            deuces=[h + b for h, b in zip(held, bonus, strict=True)],
            timed_out=state.round > MAX_ROUNDS and state.contested(),
        )
    )
    for who in state.players:
        events += flow.award_loot(state, who.seat, bonus[who.seat])
    state.won = bool(survivors)
    events += flow.clear_table(state)
    events += flow.level_up(state)
    seats = [who.seat for who in state.players if flow.has_loot_choice(state, who)]
    if seats:
        state.phase, state.prompt = Phase.LOOT, LootPrompt(seats=seats)
    else:
        state.phase = Phase.TALLY
    return events


def epics(state: DeucesTable, seat: int) -> int:
    return sum(1 for item in state.players[seat].loot if item.tier == Tier.EPIC)


def _standing(state: DeucesTable, seat: int) -> tuple[int, int, int]:
    """How a seat's loot ranks: Epic, then Rare, then Common cards held."""
    tiers = Counter(item.tier for item in state.players[seat].loot)
    return tiers[Tier.EPIC], tiers[Tier.RARE], tiers[Tier.COMMON]


def _tally(state: DeucesTable) -> list[DeucesEvent]:
    """Whoever holds the Epic loot needed wins (several at once: the most Epic, then Rare,
    then Common loot; still level, they share the win). Past the encounter limit the best
    loot wins the same way. Otherwise the next encounter."""
    seats = range(len(state.players))
    reached = [seat for seat in seats if epics(state, seat) >= state.options.epics]
    limit = not reached and state.encounter >= state.options.max_encounters
    if not reached and not limit:
        state.phase = Phase.SETUP
        return []
    contenders = reached or list(seats)
    best = max(_standing(state, seat) for seat in contenders)
    state.champions = [seat for seat in contenders if _standing(state, seat) == best]
    state.outcome, state.phase = Outcome.WON, Phase.OVER
    state.score = best[0]
    told = [epics(state, seat) for seat in seats]
    return [
        MastersWon(winners=list(state.champions), epics=told, limit=limit),
        GameEnded(outcome=Outcome.WON, score=best[0], seat=None),
    ]


STEPS: dict[Phase, Callable[[DeucesTable], list[DeucesEvent]]] = {
    Phase.SETUP: _setup,
    Phase.FIGHT: _fight,
    Phase.END: _end,
    Phase.TALLY: _tally,
}


def results(state: DeucesTable) -> list[SeatResult]:
    """The winners won and the others lost. A score is the number of seats that finished
    below the seat, as the game ranks them (the winners first, then by Epic, Rare and Common
    loot held), so the ratings follow the whole finishing order and a board reads it plainly."""
    if state.outcome is None:
        return []
    return [
        SeatResult(
            seat=who.seat,
            outcome=(Outcome.WON if who.seat in state.champions else Outcome.LOST).value,
            score=_below(state, who.seat, range(len(state.players))),
        )
        for who in state.players
    ]


def _place(state: DeucesTable, seat: int) -> tuple[bool, int, int, int]:
    """Where a seat finishes: a winner above everyone, then the better loot."""
    return (seat in state.champions, *_standing(state, seat))


def _below(state: DeucesTable, seat: int, among: Iterable[int]) -> int:
    """How many of the seats `among` finish below `seat` (a level one shares its place)."""
    mine = _place(state, seat)
    return sum(1 for other in among if _place(state, other) < mine)


def forfeits(state: DeucesTable, forfeiters: set[int], outcome: str) -> list[SeatResult]:
    """A table closed early: each seat that gave up takes the outcome, below everyone who
    played on (scored among those who gave up by the loot they hold); a seat that played on
    has no result, and where players are rated it counts as a winner, so giving up never
    protects a rating. A game already decided keeps its results."""
    if state.outcome is not None:
        return results(state)
    gave_up = sorted(forfeiters & set(range(len(state.players))))
    return [
        SeatResult(seat=seat, outcome=outcome, score=_below(state, seat, gave_up))
        for seat in gave_up
    ]
