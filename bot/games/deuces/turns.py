"""A turn's attacks and their answers, shared by every mode's turn prompt.

An attack on the GM's enemy is answered at once by the GM (with a Disrupt first when it wants
one); an attack on a duel's hero waits for that hero's player, with the attacker's turn paused
meanwhile. Either way the turn ends by itself once nothing is left to do in it.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.cards import Card
from bot.games.crawl.plain import built
from bot.games.deuces import combat, flow, gm
from bot.games.deuces.effects import cast, usable
from bot.games.deuces.events import DeucesEvent
from bot.games.deuces.state import DefendPrompt, DeucesTable, Ref, TurnPrompt, enemy, player


def strike_enemy(
    state: DeucesTable,
    turn: TurnPrompt,
    attacker: Ref,
    target: int,
    cards: Sequence[Card],
) -> list[DeucesEvent]:
    """An attack on one of the GM's enemies: declared, answered, and the turn ends if nothing
    is left to do in it."""
    events = combat.declare(state, attacker, enemy(target), list(cards))
    events += enemy_answers(state, target)
    return events + after_turn_move(state, turn.seat, turn)


def strike_hero(
    state: DeucesTable,
    turn: TurnPrompt,
    attacker: Ref,
    target: int,
    cards: Sequence[Card],
) -> list[DeucesEvent]:
    """A duel's attack waits for the attacked hero's player to answer it: the attacker's turn
    is paused meanwhile (a hero too short to answer, with no Disrupt, falls at once)."""
    events = combat.declare(state, attacker, player(target), list(cards))
    if not combat.can_answer(state) and not flow.may_disrupt_now(state, target):
        return events + combat.overwhelm(state) + after_turn_move(state, turn.seat, turn)
    state.paused, state.prompt = turn, built(DefendPrompt, seat=target)
    return events


def resume_attacker(state: DeucesTable) -> list[DeucesEvent]:
    """A duel's attack is settled: the attacker's paused turn goes on (or ends)."""
    paused, state.paused = state.paused, None
    if paused is None:
        return []
    state.prompt = paused
    return after_turn_move(state, paused.seat, paused)


def enemy_answers(state: DeucesTable, index: int) -> list[DeucesEvent]:
    """The attacked enemy answers, with a Disrupt first when the GM wants one."""
    events: list[DeucesEvent] = []
    choice = gm.pick_disrupt(state, index)
    if choice is not None:
        ability, aim, cards = choice
        events += cast(state, enemy(index), ability, aim, cards)
    assert state.clash is not None
    if state.clash.cancelled:
        return events + combat.call_off(state)
    if not combat.can_answer(state):
        return events + combat.overwhelm(state)
    return events + combat.answer(state, gm.pick_defence(state, index))


def after_disrupt(state: DeucesTable) -> list[DeucesEvent]:
    """A Disrupt was used against the attack in play: it may be off, or unanswerable now."""
    assert state.clash is not None
    if state.clash.cancelled:
        state.prompt = None
        return combat.call_off(state) + resume_attacker(state)
    if not combat.can_answer(state):
        state.prompt = None
        return combat.overwhelm(state) + resume_attacker(state)
    return combat.mark_defeats(state)


def after_turn_move(state: DeucesTable, seat: int, prompt: TurnPrompt) -> list[DeucesEvent]:
    """The turn ends by itself when nothing is left to do in it."""
    if not state.contested() or not more_to_do(state, seat, prompt):
        state.prompt = None
    return []


def more_to_do(state: DeucesTable, seat: int, prompt: TurnPrompt) -> bool:
    """An attack, an ability or a pet's attack left: asked in that order, as an attack left
    (the usual case) needs no ability looked up."""
    if not state.players[seat].defeated:
        if prompt.attacks > 0:
            return True
        me = player(seat)
        for ability in state.abilities(me):  # a plain loop: no generator to make
            if usable(state, me, ability, "turn", prompt.attacks, prompt.ability_used):
                return True
    if not state.pets:  # most fights
        return False
    return any(i not in prompt.pets_done for i in state.pets_of(seat))
