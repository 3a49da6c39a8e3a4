"""The GM: how the bot plays the enemies, legally, deterministically and with some bite.

The engine calls these functions when it is the GM's move, so the Discord layer only ever asks
players. Each enemy, in table order: uses its best available ability on its turn (aimed at the
player it must attack), then attacks with the play that scores best against what the target is
likely to hold, judged from public counts only (see `tactics`). Targeting follows the rules: the
player with the highest Threat Card, unless someone taunted or the enemy hunts; ties go to the
player with the fewest cards, then to the seed. An attacked enemy answers with its cheapest
winning hand and uses a Disrupt when its answer would not win. The GM folds a lost cause, and
always folds past the round limit, which keeps every encounter finite.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.cards import Card
from bot.games.contract import seeded_rng
from bot.games.deuces import tactics
from bot.games.deuces.content import Ability, Hunt
from bot.games.deuces.effects import targets, usable
from bot.games.deuces.poker import MAX_PLAY, Play
from bot.games.deuces.state import DeucesTable, Fighter, Ref, Side, enemy, pet, player

MAX_ROUNDS = 30
"""Past this many rounds the GM folds: no encounter can go on forever."""
SET_LIMIT = 3
"""Basic and Elite enemies attack with singles, pairs and triples only; Bosses with anything."""
FOLD_SHARE = 5
"""The GM folds when the players hold this many times the enemies' last cards (2 or fewer)."""
OUTCLASSED_SHARE = 3
"""With this many times its cards against it, the GM folds if no attack is worth making."""
HOPELESS_SCORE = -0.5
"""An attack scoring below this (in expected cards, `tactics.attack_score`) is not worth it."""

Choice = tuple[Ability, int | None, list[Card]]


def should_fold(state: DeucesTable) -> bool:
    """Whether the GM concedes now (asked before each of its moves, so at any point of its
    turn): past the round limit; when its last one or two cards face five times as many; or
    when the party holds three times its cards and no enemy has an attack worth making."""
    if state.round > MAX_ROUNDS:
        return True
    left = _standing_cards(state.enemies)
    if left == 0:
        return False
    held = _standing_cards(state.players) + (_standing_cards(state.pets) if state.pets else 0)
    if left <= 2 and held >= FOLD_SHARE * left:
        return True
    return held >= OUTCLASSED_SHARE * left and _no_attack_worth_making(state)


def _standing_cards(fighters: Sequence[Fighter]) -> int:
    """The cards held by these fighters still standing, counted in a loop: the GM counts
    before every one of its moves, and summing over generators cost more than the rest."""
    held = 0
    for fighter in fighters:
        if not fighter.defeated:
            held += len(fighter.hand)
    return held


def _no_attack_worth_making(state: DeucesTable) -> bool:
    """Every standing enemy's best attack on whom it may attack is expected to cost it more
    than it takes (judged, as always, from the party's public counts)."""
    for index in state.active(Side.GM):
        if state.enemies[index].hand:
            best = tactics.best_attack(
                state, enemy(index), [pick_victim(state, index)], max_attack(state, index)
            )
            if best is not None and best[0] > HOPELESS_SCORE:
                return False
    return True


def max_attack(state: DeucesTable, index: int) -> int:
    rank = state.enemy_def(index).rank_at(state.foe_level)
    return MAX_PLAY if rank == "boss" else SET_LIMIT


def must_target(state: DeucesTable, index: int) -> list[int]:
    """The seats this enemy may attack now, by the targeting rules."""
    standing = state.prey(index)
    if state.taunt is not None and state.taunt in standing:
        return [state.taunt]
    hunts = state.hunting and (state.gm_actor == index or not state.mode.enemies_hunt_alone)
    # a hunt is its enemy's own (at a GM table, the GM's turn's); a lone seat needs no weighing
    if hunts or len(standing) < 2:
        return standing
    top = max(state.threat_value(seat) for seat in standing)
    return [seat for seat in standing if state.threat_value(seat) == top]


def pick_target(state: DeucesTable, index: int) -> int:
    """The GM's choice among the allowed seats: the one with the fewest cards, then the seed's."""
    return _fewest_cards(state, must_target(state, index))


def _fewest_cards(state: DeucesTable, allowed: list[int]) -> int:
    if len(allowed) == 1:  # nothing to weigh: the GM asks this before most of its moves
        return allowed[0]
    fewest = min(len(state.players[seat].hand) for seat in allowed)
    tied = [seat for seat in allowed if len(state.players[seat].hand) == fewest]
    if len(tied) == 1:  # the seed's choice of one (a fresh generator: nothing else moves)
        return tied[0]
    return seeded_rng(state.seed, f"gm:{state.turn}:{state.rolls}").choice(tied)


def pick_victim(state: DeucesTable, index: int) -> Ref:
    """Whom this enemy attacks: a player it must attack, or rather one of that player's pets
    (the rules let the GM choose a pet), or a pet whose master has fallen. The GM goes for
    the fewest cards, a player before a pet on a tie."""
    must = must_target(state, index)
    seats = [_fewest_cards(state, must)] if must else []
    candidates = [player(seat) for seat in seats] + _pets_open(state, index, must)
    if len(candidates) == 1:  # as in most fights, where no pet stands
        return candidates[0]
    return min(candidates, key=lambda ref: (len(state.fighter(ref).hand), ref.side != Side.PLAYERS))


def victims(state: DeucesTable, index: int) -> list[Ref]:
    """Every fighter this enemy may attack now: the players the targeting rules name, their
    pets, and the pets of fallen players (never its own master's, in Masters & Monsters)."""
    must = must_target(state, index)
    return [player(seat) for seat in must] + _pets_open(state, index, must)


def _pets_open(state: DeucesTable, index: int, must: list[int]) -> list[Ref]:
    if not state.pets:  # most fights
        return []
    master = state.enemies[index].master
    allowed = set(must)
    return [
        pet(i)
        for i in state.active(Side.PETS)
        if state.pets[i].master != master
        and (state.pets[i].master in allowed or state.players[state.pets[i].master].defeated)
    ]


def pick_attack(state: DeucesTable, index: int, target: Ref) -> list[Card]:
    return list(attack_play(state, index, target).cards)


def attack_play(state: DeucesTable, index: int, target: Ref) -> Play:
    """The enemy's attack on the target, as read when it was chosen: it is declared from
    this without reading the cards again."""
    best = tactics.best_attack(state, enemy(index), [target], max_attack(state, index))
    assert best is not None, "an enemy still in the fight holds cards"
    return best[2]


def pick_ability(state: DeucesTable, index: int) -> Choice | None:
    """The enemy's turn ability worth using now, if any, with its target and cards."""
    user = enemy(index)
    for ability in state.abilities(user):
        if not usable(state, user, ability, "turn", state.gm_attacks, False):
            continue
        if ability.timing == "instead_of_attack" and _attack_is_good(state, index):
            continue
        if not tactics.worth_using(state, user, ability) or _hunts_in_vain(state, index, ability):
            continue
        aims = targets(state, user, ability)
        if not aims:
            continue
        return (
            ability,
            _aim(state, index, ability, aims),
            tactics.chosen_cards(state, user, ability),
        )
    return None


def _hunts_in_vain(state: DeucesTable, index: int, ability: Ability) -> bool:
    """A hunt (attack anyone) that would not change whom this enemy attacks: a taunt holds,
    or a player it may attack already has the fewest cards. Such an ability does nothing."""
    if not ability.effects or not all(isinstance(e, Hunt) for e in ability.effects):
        return False
    if state.taunt is not None and state.taunt in state.prey(index):
        return True
    fewest = min((len(state.players[seat].hand) for seat in state.prey(index)), default=0)
    return any(len(state.players[seat].hand) == fewest for seat in must_target(state, index))


def _attack_is_good(state: DeucesTable, index: int) -> bool:
    if not victims(state, index):
        return False  # Masters & Monsters: only its own master is left to attack
    victim = pick_victim(state, index)
    best = tactics.best_attack(state, enemy(index), [victim], max_attack(state, index))
    return best is not None and best[0] > 0


def _aim(state: DeucesTable, index: int, ability: Ability, aims: list[int | None]) -> int | None:
    if aims == [None]:
        return None
    if ability.target == "foe":
        return pick_target(state, index)
    allies = [i for i in aims if i is not None]
    return min(allies, key=lambda i: (len(state.enemies[i].hand), i))


def pick_defence(state: DeucesTable, index: int) -> list[Card]:
    return tactics.cheapest_answer(state, enemy(index))


def pick_disrupt(state: DeucesTable, index: int) -> Choice | None:
    """A Disrupt when the enemy's best answer would not win (or it cannot answer at all)."""
    user = enemy(index)
    disrupt = next((a for a in state.abilities(user) if usable(state, user, a, "defend")), None)
    if disrupt is None or tactics.winning_answer(state, user) is not None:
        return None
    return disrupt, None, tactics.chosen_cards(state, user, disrupt)
