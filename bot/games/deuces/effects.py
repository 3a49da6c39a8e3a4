"""Running abilities: one handler per effect primitive, and when an ability may be used.

An ability is used on its owner's turn (at most one per turn, beside one attack), instead of an
attack (it spends the attack), or as a Disrupt while its owner is being attacked, before the
answer. Its uses are counted per turn or per encounter. The handlers below are the whole meaning
of every ability in the content files.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from bot.games.cards import Card
from bot.games.crawl.plain import built
from bot.games.deuces import piles
from bot.games.deuces.content import (
    Ability,
    Blunt,
    Cancel,
    Discard,
    Draw,
    Edge,
    ExtraAttack,
    Guard,
    Hunt,
    Raise,
    Recover,
    Summon,
    Taunt,
    Wild,
)
from bot.games.deuces.events import (
    AttackBlunted,
    AttackCancelled,
    CardsMarked,
    CardsRecovered,
    DeucesEvent,
    EdgeChanged,
    ExtraAttacks,
    PetSummoned,
    TargetingChanged,
    ability_used,
)
from bot.games.deuces.state import (
    GM_SIDE,
    PLAYERS_SIDE,
    DeucesTable,
    PetState,
    Ref,
    Side,
    TurnPrompt,
)

Moment = Literal["turn", "defend"]


def other(side: Side) -> Side:
    return GM_SIDE if side == PLAYERS_SIDE else PLAYERS_SIDE


@dataclass
class Cast:
    user: Ref
    target: Ref | None
    cards: list[Card] = field(default_factory=list[Card])


# ---- may it be used now? ------------------------------------------------------------------------


def usable(
    state: DeucesTable,
    user: Ref,
    ability: Ability,
    moment: Moment,
    attacks: int = 0,
    ability_used: bool = False,
) -> bool:
    """Timing, uses left and enough cards in hand (targets are checked apart). The timing
    comes first: it needs nothing looked up, and half the abilities asked about fail it. Asked
    many times a move by the GM and the hints, so it answers yes or no; `unusable_because`
    says why, in step with it."""
    timing = ability.timing
    if moment == "defend" or timing == "disrupt":
        in_time = moment == "defend" and timing == "disrupt"
    elif timing == "instead_of_attack":
        in_time = attacks > 0
    else:
        in_time = not ability_used
    if not in_time:
        return False
    fighter = state.fighter(user)
    used = fighter.used  # mostly empty: nothing used yet this turn or encounter
    if used and used.get(ability.id, 0) >= ability.uses.times:
        return False
    return ability.cards_needed <= len(fighter.hand)


def unusable_because(
    state: DeucesTable,
    user: Ref,
    ability: Ability,
    moment: Moment | None,
    attacks: int = 0,
    ability_used: bool = False,
) -> str | None:
    """Why the ability cannot be used now, in a few words a player reads beside it ("used
    this encounter", "needs 2 cards in hand"); None when it can. `moment` is None when the
    fighter neither takes a turn nor defends (a vote, a GM's turn). Uses run out first, as the
    reason that lasts; then the timing; then the cards it needs."""
    fighter = state.fighter(user)
    times = ability.uses.times
    if fighter.used.get(ability.id, 0) >= times:
        return f"used {'' if times == 1 else f'{times}× '}this {ability.uses.per}"
    timing = ability.timing
    if moment is None:
        return "when you are attacked" if timing == "disrupt" else "on your turn"
    if moment == "defend" or timing == "disrupt":
        if moment != "defend":
            return "when you are attacked"
        if timing != "disrupt":
            return "on your turn"
    elif timing == "instead_of_attack":
        if attacks <= 0:
            return "instead of attacking: no attack left this turn"
    elif ability_used:
        return "one ability a turn, and one was used"
    if ability.cards_needed > len(fighter.hand):
        return f"needs {ability.cards_needed} cards in hand"
    return None


def side_refs(state: DeucesTable, user: Ref, friendly: bool) -> list[Ref]:
    """The standing fighters on the user's own side or the foe's. In a duel both sides are
    heroes: a hero's allies are its side's heroes and its foes the rival heroes."""
    return state.mode.side_refs(state, user, friendly)


def targets(state: DeucesTable, user: Ref, ability: Ability) -> list[int | None]:
    """What the ability may aim at: None, or indexes on the foe's or the user's own side."""
    if ability.target == "none" or ability.timing == "disrupt":
        return [None]
    return [ref.index for ref in side_refs(state, user, ability.target == "ally")]


def aim(state: DeucesTable, user: Ref, ability: Ability, target: int | None) -> Ref | None:
    """The fighter an ability's `target` effects reach (a Disrupt reaches the attacker)."""
    if ability.target == "none":
        return None
    if ability.timing == "disrupt":
        return state.clash.attacker if state.clash else None
    if target is None:
        return None
    return state.mode.aimed(user, ability.target == "ally", target)


def reset_turn_uses(state: DeucesTable, user: Ref) -> None:
    """A new turn of this fighter: its per-turn abilities are fresh (with no use counted yet,
    as at most turns, there is nothing to look up)."""
    fighter = state.fighter(user)
    if not fighter.used:
        return
    for ability in state.abilities(user):
        if ability.uses.per == "turn":
            fighter.used.pop(ability.id, None)


# ---- using it -----------------------------------------------------------------------------------


def cast(
    state: DeucesTable, user: Ref, ability: Ability, target: int | None, cards: list[Card]
) -> list[DeucesEvent]:
    """Spend a use and run every effect in order; the caller checked it is legal."""
    fighter = state.fighter(user)
    fighter.used[ability.id] = fighter.used.get(ability.id, 0) + 1
    if user.side == GM_SIDE:
        state.blame = state.enemies[user.index].master
    elif state.clash is None:  # a player's own ability, outside any attack: nobody's doing
        state.blame = None
    spell = Cast(user=user, target=aim(state, user, ability, target), cards=list(cards))
    events: list[DeucesEvent] = [ability_used(user, ability.id, ability.name, spell.target)]
    for effect in ability.effects:
        events += EFFECTS[type(effect)](state, spell, effect)
    return events


def _reach(state: DeucesTable, spell: Cast, who: str) -> list[Ref]:
    if who == "self":
        refs = [spell.user]
    elif who == "target":
        refs = [spell.target] if spell.target else []
    else:
        refs = side_refs(state, spell.user, who == "allies")
    return [ref for ref in refs if not state.fighter(ref).defeated]


def _draw(state: DeucesTable, spell: Cast, effect: Draw) -> list[DeucesEvent]:
    events: list[DeucesEvent] = []
    for ref in _reach(state, spell, effect.who):
        events += piles.draw(state, ref, effect.count)
    return events


_PICKS: dict[str, Callable[[list[Card], int, Cast, DeucesTable], list[Card]]] = {
    "chosen": lambda hand, n, spell, state: list(spell.cards),
    "random": lambda hand, n, spell, state: piles.roll(state).sample(hand, min(n, len(hand))),
    "lowest": lambda hand, n, spell, state: sorted(hand, key=lambda c: c.value)[:n],
    "highest": lambda hand, n, spell, state: sorted(hand, key=lambda c: -c.value)[:n],
}


def _discard(state: DeucesTable, spell: Cast, effect: Discard) -> list[DeucesEvent]:
    events: list[DeucesEvent] = []
    for ref in _reach(state, spell, effect.who):
        hand = state.fighter(ref).hand
        chosen = _PICKS[effect.pick](hand, effect.count, spell, state)
        events += piles.discard(state, ref, chosen, "ability")
    return events


def _recover(state: DeucesTable, spell: Cast, effect: Recover) -> list[DeucesEvent]:
    events: list[DeucesEvent] = []
    for ref in _reach(state, spell, effect.who):
        count = min(effect.count, piles.recoverable(state, ref))
        if count <= 0:
            continue
        pile = piles.discard_pile(state, ref)
        back = pile[-count:]
        del pile[-count:]
        state.fighter(ref).hand.extend(back)
        events.append(built(CardsRecovered, who=ref, cards=back))
        if ref.side == Side.PLAYERS:
            events += piles.trim_hand(state, ref.index)
    return events


def _guard(state: DeucesTable, spell: Cast, effect: Guard) -> list[DeucesEvent]:
    events = piles.discard(state, spell.user, list(spell.cards), "ability")
    return events + piles.draw(state, spell.user, len(spell.cards))


def _raise(state: DeucesTable, spell: Cast, effect: Raise) -> list[DeucesEvent]:
    fighter = state.fighter(spell.user)
    for card in spell.cards:
        fighter.raised[card] = fighter.raised.get(card, 0) + effect.amount
    amount = effect.amount
    return [built(CardsMarked, who=spell.user, count=len(spell.cards), mark="raise", amount=amount)]


def _wild(state: DeucesTable, spell: Cast, effect: Wild) -> list[DeucesEvent]:
    fighter = state.fighter(spell.user)
    fighter.wilds.extend(card for card in spell.cards if card not in fighter.wilds)
    return [built(CardsMarked, who=spell.user, count=len(spell.cards), mark="wild")]


def _edge(state: DeucesTable, spell: Cast, effect: Edge) -> list[DeucesEvent]:
    events: list[DeucesEvent] = []
    for ref in _reach(state, spell, effect.who):
        fighter = state.fighter(ref)
        fighter.edge += effect.amount
        events.append(built(EdgeChanged, who=ref, amount=effect.amount, edge=fighter.edge))
    return events


def _extra_attack(state: DeucesTable, spell: Cast, effect: ExtraAttack) -> list[DeucesEvent]:
    if spell.user.side == Side.PLAYERS and isinstance(state.prompt, TurnPrompt):
        state.prompt.attacks += effect.count
    else:
        state.gm_attacks += effect.count
    return [built(ExtraAttacks, who=spell.user, count=effect.count)]


def _taunt(state: DeucesTable, spell: Cast, effect: Taunt) -> list[DeucesEvent]:
    state.taunt = spell.user.index
    return [built(TargetingChanged, who=spell.user, rule="taunt")]


def _hunt(state: DeucesTable, spell: Cast, effect: Hunt) -> list[DeucesEvent]:
    state.hunting = True
    return [built(TargetingChanged, who=spell.user, rule="hunt")]


def _summon(state: DeucesTable, spell: Cast, effect: Summon) -> list[DeucesEvent]:
    """A pet joins the party with a hand drawn from its master's deck."""
    master = spell.user.index
    state.pets.append(built(PetState, master=master, name=effect.name))
    index = len(state.pets) - 1
    events: list[DeucesEvent] = [built(PetSummoned, master=master, index=index, name=effect.name)]
    return events + piles.draw_pet(state, index, effect.hand)


def _cancel(state: DeucesTable, spell: Cast, effect: Cancel) -> list[DeucesEvent]:
    if state.clash is None:
        return []
    state.clash.cancelled = True
    return [built(AttackCancelled, by=spell.user)]


def _blunt(state: DeucesTable, spell: Cast, effect: Blunt) -> list[DeucesEvent]:
    if state.clash is None:
        return []
    state.clash.edge -= effect.amount
    return [built(AttackBlunted, by=spell.user, amount=effect.amount)]


EFFECTS: dict[type[Any], Callable[[DeucesTable, Cast, Any], list[DeucesEvent]]] = {
    # one handler per primitive in content.PRIMITIVES; each takes its own effect model
    Draw: _draw,
    Discard: _discard,
    Recover: _recover,
    Guard: _guard,
    Raise: _raise,
    Wild: _wild,
    Edge: _edge,
    ExtraAttack: _extra_attack,
    Taunt: _taunt,
    Hunt: _hunt,
    Summon: _summon,
    Cancel: _cancel,
    Blunt: _blunt,
}
