"""A duel's own choices made for a player: the heroes to keep, initiative, the extra card.

Used both for a timeout and as the hint, so they are sensible rather than clever: keep the two
classes the duel's measured order ranks highest with the custom abilities that bring cards,
concede initiative (the side that moves second, with the extra card, wins more encounters: see
`bench/deuces_duel.py`), and give the extra card to the hero holding fewer.
"""

from __future__ import annotations

from bot.games.deuces.actions import Extra, Keep
from bot.games.deuces.content import Ability, ClassDef, Draw, Guard, Recover
from bot.games.deuces.state import DeucesTable

CLASS_ORDER = ["cutpurse", "hedge_knight", "bellringer", "lamplighter"]
"""The duel's classes, best first: encounters won by the side holding each, over 1,500 duels
with random drafts (53%, 51%, 50%, 46%)."""
CARD_EFFECTS = (Draw, Recover, Guard)
"""Custom abilities that bring or renew cards: in a fight won by outlasting, worth the most."""


def extra_hero(state: DeucesTable, seat: int) -> Extra:
    """The extra card to the side's hero holding fewest cards."""
    heroes = state.heroes_of(state.side_of(seat))
    return Extra(hero=min(heroes, key=lambda hero: (len(state.players[hero].hand), hero)))


def keep(state: DeucesTable, seat: int) -> Keep:
    offer = state.offers[state.side_of(seat)]
    classes = sorted(range(len(offer.classes)), key=lambda n: _class_rank(offer.classes[n]))[:2]
    customs = sorted(range(len(offer.customs)), key=lambda n: _custom_rank(offer.customs[n]))[:2]
    first, second = sorted(classes)
    return Keep(classes=(first, second), customs=(customs[0], customs[1]))


def _class_rank(klass: ClassDef) -> int:
    return CLASS_ORDER.index(klass.id) if klass.id in CLASS_ORDER else len(CLASS_ORDER)


def _custom_rank(ability: Ability) -> int:
    return 0 if any(isinstance(e, CARD_EFFECTS) for e in ability.effects) else 1
