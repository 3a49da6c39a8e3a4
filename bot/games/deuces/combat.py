"""One attack from declaration to its end: the answer, the clash, the draws and the defeated.

An attack's cards leave the attacker's hand when it is declared and wait in play (in the
`Clash`) until it is answered, so a Disrupt can still change or cancel it. The winner draws as
many cards as they played (physical cards: a Rare card played as a pair draws one), both draw on a
tie, and anyone left with no cards is defeated. A defender with fewer cards than the attack is
defeated at once and the attacker counts as the winner.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

from bot.games.cards import Card
from bot.games.crawl.plain import built
from bot.games.deuces import piles
from bot.games.deuces.events import (
    Attacked,
    Defeated,
    Defended,
    DeucesEvent,
    Overwhelmed,
    clashed,
)
from bot.games.deuces.poker import Category, Play, Result, clash, read
from bot.games.deuces.state import (
    GM_SIDE,
    Clash,
    DeucesTable,
    Fighter,
    PlayerState,
    Ref,
    enemy,
    pet,
    player,
)


def declare(
    state: DeucesTable, attacker: Ref, defender: Ref, cards: list[Card], play: Play | None = None
) -> list[DeucesEvent]:
    """Put an attack in play; the caller checked the cards make a valid play, and passes it
    when it has read them already (as the GM's choice of attack has)."""
    fighter = state.fighter(attacker)
    state.blame = _master_in(state, attacker, defender)
    if play is None:
        play = read(piles.held_faces(fighter, cards))
    assert play is not None, "declare takes valid plays only"
    piles.take(fighter, cards)
    state.clash = built(
        Clash,
        attacker=attacker,
        defender=defender,
        cards=list(cards),
        category=int(play.category),
        key=list(play.key),
        size=play.size,
        edge=fighter.edge,
    )
    fighter.edge = 0
    return [
        built(
            Attacked,
            attacker=attacker,
            defender=defender,
            cards=list(cards),
            category=LABELS[play.category],
            size=play.size,
        )
    ]


def _master_in(state: DeucesTable, attacker: Ref, defender: Ref) -> int | None:
    """Masters & Monsters: the player whose enemy is in this attack (None at a GM's table)."""
    foe = attacker if attacker.side == GM_SIDE else defender
    return state.enemies[foe.index].master if foe.side == GM_SIDE else None


CATEGORIES = {int(category): category for category in Category}
"""Each category by its number, as a `Clash` stores it (a lookup is cheaper than the enum's
own constructor, and every answer weighed rebuilds the attack)."""
LABELS = {category: category.label for category in Category}
"""Each category's label, as the events of every attack and answer tell it: worked out once,
as the enum's own property spells it out anew at each reading."""
RESULTS: dict[Result, Literal["attacker", "tie", "defender"]] = {
    Result.ATTACKER: "attacker",
    Result.TIE: "tie",
    Result.DEFENDER: "defender",
}
"""Each result's text, as the event of every clash stores it (an enum's `value` is a property,
read at a price on every clash)."""
ATTACKER_WON, DEFENDER_WON = Result.ATTACKER, Result.DEFENDER
"""The results every clash compares with (a module name is read ten times faster than a
member off its enum class)."""


def attack_play(pending: Clash) -> Play:
    category = CATEGORIES[pending.category]
    return Play(category, tuple(pending.key), tuple(pending.cards), pending.size)


def can_answer(state: DeucesTable) -> bool:
    """Whether the defender holds enough cards to answer the attack in play."""
    assert state.clash is not None
    return piles.hand_capacity(state, state.clash.defender) >= state.clash.size


def answer(state: DeucesTable, cards: list[Card]) -> list[DeucesEvent]:
    """Resolve the attack in play with the defender's cards (a failed hand loses)."""
    pending = state.clash
    assert pending is not None
    defender = state.fighter(pending.defender)
    play = read(piles.held_faces(defender, cards), pending.size)
    result = clash(attack_play(pending), play, pending.edge, defender.edge)
    defender.edge = 0
    piles.take(defender, cards)
    events: list[DeucesEvent] = [
        built(
            Defended,
            defender=pending.defender,
            cards=list(cards),
            category=LABELS[play.category] if play else None,
        )
    ]
    return events + _settle(state, result, list(cards))


def overwhelm(state: DeucesTable) -> list[DeucesEvent]:
    """The defender cannot answer for lack of cards: their hand is discarded and they fall."""
    pending = state.clash
    assert pending is not None
    hand = list(state.fighter(pending.defender).hand)
    events: list[DeucesEvent] = [built(Overwhelmed, defender=pending.defender)]
    events += piles.discard(state, pending.defender, hand, "defeat")
    return events + _settle(state, Result.ATTACKER, [])


def call_off(state: DeucesTable) -> list[DeucesEvent]:
    """A cancelled attack: its cards go back to the attacker's hand (their marks are gone)."""
    pending = state.clash
    assert pending is not None
    state.fighter(pending.attacker).hand.extend(pending.cards)
    state.clash = None
    return mark_defeats(state)


def _settle(state: DeucesTable, result: Result, defended: list[Card]) -> list[DeucesEvent]:
    """Both plays to their discard piles, then the draws for a win or a tie, then defeats."""
    pending = state.clash
    assert pending is not None
    state.clash = None
    piles.bury(state, pending.attacker, pending.cards)
    piles.bury(state, pending.defender, defended)
    attacker_draws = len(pending.cards) if result != DEFENDER_WON else 0
    defender_draws = len(defended) if result != ATTACKER_WON else 0
    events: list[DeucesEvent] = [
        clashed(pending.attacker, pending.defender, RESULTS[result], attacker_draws, defender_draws)
    ]
    events += piles.draw(state, pending.attacker, attacker_draws) if attacker_draws else []
    events += piles.draw(state, pending.defender, defender_draws) if defender_draws else []
    return events + mark_defeats(state)


def mark_defeats(state: DeucesTable) -> list[DeucesEvent]:
    """Everyone in the fight with no cards left is defeated. Asked after every clash and
    ability, it mostly finds no one: the fighters are looked over without their places,
    which are found only for one who falls."""
    events: list[DeucesEvent] = []
    sides: tuple[tuple[Sequence[Fighter], Callable[[int], Ref]], ...] = (
        (state.players, player),
        (state.enemies, enemy),
        (state.pets, pet),
    )
    for group, make in sides:
        for fighter in group:
            if not fighter.hand and not fighter.defeated:
                events.append(_defeat(state, fighter, make(_place(group, fighter))))
    return events


def _place(group: Sequence[Fighter], fighter: Fighter) -> int:
    """The index of this very fighter in its group (an equal one elsewhere is not it)."""
    return next(index for index, other in enumerate(group) if other is fighter)


def _defeat(state: DeucesTable, fighter: Fighter, who: Ref) -> DeucesEvent:
    """The fighter falls; in Masters & Monsters a player is credited to whoever felled them."""
    fighter.defeated = True
    if isinstance(fighter, PlayerState) and state.blame != who.index:
        fighter.felled_by = state.blame
    return built(Defeated, who=who)
