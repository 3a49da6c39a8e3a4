"""Moves made for a player: what a timeout does, and a sensible move (hints and simulations).

Each prompt's kind says which of these it uses (`prompt_kinds`, and each mode's own kinds). A
timeout does the least a player would want done for them: a defence is answered with the
cheapest hand that wins (else ties, else the lowest cards), a turn Guards the lowest card or
passes (the game's `timeout` option), a vote Stays, and the loot step only sheds what is over the
limit. `suggest` plays a whole turn sensibly; the benchmark's players use it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeGuard

from bot.games.cards import Card
from bot.games.deuces import combat, piles, tactics
from bot.games.deuces.actions import (
    Attack,
    Defend,
    DeucesAction,
    DropLoot,
    EndTurn,
    Guard,
    LootDone,
    PetAttack,
    Shed,
    TradeUp,
    UseAbility,
)
from bot.games.deuces.content import Ability, Cancel, Draw
from bot.games.deuces.effects import targets, usable
from bot.games.deuces.refs import fighter_ref
from bot.games.deuces.state import (
    LOOT_LIMIT,
    PLAYERS_SIDE,
    TIERS,
    DeucesTable,
    Ref,
    Tier,
    pet,
    player,
)

ATTACK_BAR = 0.0
"""Attacks scoring below this are not worth the cards; the player guards or passes instead."""
GUARD_BELOW = 7
"""A hand whose lowest card is below this value is worth a Guard."""
DEUCE = 2


def auto_defence(state: DeucesTable, seat: int) -> Defend:
    """The best legal answer the engine finds: the cheapest win, else tie, else the lowest cards
    (a yield when too few cards are held)."""
    if not combat.can_answer(state):
        return Defend(cards=())
    assert state.clash is not None
    return Defend(cards=tuple(tactics.cheapest_answer(state, state.clash.defender)))


def guard_card(state: DeucesTable, seat: int) -> Card:
    """The card to Guard away: the lowest that is not a deuce (deuces count for loot)."""
    hand = state.players[seat].hand
    return min(hand, key=lambda card: (card.value == DEUCE, card.value))


def timeout_turn(state: DeucesTable, seat: int) -> DeucesAction:
    """Guard the lowest card or pass, as the table's `timeout` option says."""
    prompt = state.turn_of(seat)
    assert prompt is not None
    if state.options.timeout == "guard" and prompt.fresh and state.players[seat].hand:
        return Guard(card=guard_card(state, seat))
    return EndTurn()


def timeout_loot(state: DeucesTable, seat: int) -> DeucesAction:
    loot = state.players[seat].loot
    if len(loot) <= LOOT_LIMIT:
        return LootDone()
    trade = _trade(state, seat)
    if trade:
        return trade
    weakest = min(loot, key=lambda item: (TIERS.index(item.tier), item.card.value))
    return DropLoot(card=weakest.card)


def _trade(state: DeucesTable, seat: int) -> TradeUp | None:
    """Trade the two lowest loot cards of the lowest tier that has two; keep the higher card."""
    loot = state.players[seat].loot
    for tier in (Tier.COMMON, Tier.RARE):
        same = sorted((item.card for item in loot if item.tier == tier), key=lambda c: c.value)
        if len(same) >= 2:
            return TradeUp(keep=same[1], give=same[0])
    return None


def default_shed(state: DeucesTable, seat: int) -> DeucesAction:
    return Shed(cards=tuple(sorted(piles.default_shed(state, seat))))


def default_action(state: DeucesTable, seat: int) -> DeucesAction:
    """What the game does for a seat that let its prompt time out."""
    prompt = state.prompt
    assert prompt is not None and seat in state.waiting_for
    return state.mode.kind(prompt).timeout(state, seat, prompt)


# ---- a sensible player ----------------------------------------------------------------------


def suggest_turn(state: DeucesTable, seat: int) -> DeucesAction:
    prompt = state.turn_of(seat)
    assert prompt is not None
    me = player(seat)
    standing = not state.players[seat].defeated
    best = _BestAttack(state, seat, allowed=bool(prompt.attacks) and standing)
    abilities: Sequence[Ability] = state.abilities(me) if standing else ()
    for ability in abilities:
        if not usable(state, me, ability, "turn", prompt.attacks, prompt.ability_used):
            continue
        if ability.timing == "instead_of_attack" and not ability.summons and _worth_making(best()):
            continue  # a pet is worth more than one attack: it attacks every turn
        aims = targets(state, me, ability)
        if aims and tactics.worth_using(state, me, ability):
            aimed = best() if ability.target == "foe" else None
            aim = _aim(state, seat, ability.target, aims, aimed[1].index if aimed else None)
            cards = tuple(tactics.chosen_cards(state, me, ability))
            return UseAbility(ability=ability.id, target=aim, cards=cards)
    attack = best()
    if _worth_making(attack):
        return Attack(target=attack[1].index, cards=attack[2].cards)
    for index in state.pets_of(seat):
        if index in prompt.pets_done:
            continue
        bite = tactics.best_attack(state, pet(index), best.foes())
        if _worth_making(bite):
            return PetAttack(pet=index, target=bite[1].index, cards=bite[2].cards)
    if prompt.fresh and state.players[seat].hand:
        card = guard_card(state, seat)
        if card.value < GUARD_BELOW:
            return Guard(card=card)
    return EndTurn()


def _worth_making(attack: tactics.Scored | None) -> TypeGuard[tactics.Scored]:
    return attack is not None and attack[0] > ATTACK_BAR


class _BestAttack:
    """A player's best attack (None when it may not attack), weighed the first time a choice
    needs it: a turn spent on an ability aimed at no foe (about a quarter of the hint's turns)
    never does. The foes it may attack are listed as late, for the same turns and for those
    with no attack left."""

    def __init__(self, state: DeucesTable, seat: int, allowed: bool) -> None:
        self.state, self.seat = state, seat
        self.weighed = not allowed
        self.best: tactics.Scored | None = None
        self.listed: list[Ref] | None = None

    def __call__(self) -> tactics.Scored | None:
        if not self.weighed:
            self.best = tactics.best_attack(self.state, player(self.seat), self.foes())
            self.weighed = True
        return self.best

    def foes(self) -> list[Ref]:
        """Whom the player may attack: rival heroes in a duel, else the enemies it hunts."""
        if self.listed is None:
            state, seat = self.state, self.seat
            mode = state.mode
            side = mode.foe_side
            self.listed = [fighter_ref(side, i) for i in mode.foes(state, player(seat))]
        return self.listed


def _aim(
    state: DeucesTable, seat: int, kind: str, aims: list[int | None], foe: int | None
) -> int | None:
    if kind == "none":
        return None
    if kind == "foe":
        return foe if foe in aims else aims[0]
    allies = [i for i in aims if i is not None]
    return min(allies, key=lambda s: (len(state.players[s].hand), s))


def suggest_defence(state: DeucesTable, seat: int) -> DeucesAction:
    """The cheapest winning answer; else a Disrupt worth using; else `auto_defence`'s answer
    (the cheapest answer is worked out once for all three)."""
    assert state.clash is not None
    defender = state.clash.defender
    short = not combat.can_answer(state)
    answer = None if short else tactics.judged_answer(state, defender)
    if answer is not None and answer.wins:
        return Defend(cards=tuple(answer.cards))
    me = player(seat)
    # The seat itself, not its pet (which has no abilities to fall back on), told by the ref's
    # fields: comparing whole refs runs the models' own equality.
    if defender.side == PLAYERS_SIDE and defender.index == seat:
        for ability in state.abilities(me):
            if usable(state, me, ability, "defend") and not (short and not _may_save(ability)):
                cards = tuple(tactics.chosen_cards(state, me, ability))
                return UseAbility(ability=ability.id, cards=cards)
    return Defend(cards=tuple(answer.cards) if answer is not None else ())


def _may_save(ability: Ability) -> bool:
    """Whether a Disrupt can help a defender too short to answer: only calling the attack off
    or drawing cards can (a blunted attack or a better next play still finds them short)."""
    return any(isinstance(effect, Cancel | Draw) for effect in ability.effects)


def suggest_loot(state: DeucesTable, seat: int) -> DeucesAction:
    return _trade(state, seat) or timeout_loot(state, seat)


def suggest(state: DeucesTable, seat: int) -> DeucesAction:
    """A sensible legal move for a seat the game is waiting on."""
    prompt = state.prompt
    assert prompt is not None and seat in state.waiting_for
    return state.mode.kind(prompt).suggest(state, seat, prompt)
