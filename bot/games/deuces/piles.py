"""Moving cards between decks, hands and discard piles, with the rules that ride on every move.

Players draw from their own deck. When it runs out the player has gone through it: the discard
pile becomes the new deck at once (shuffled from the seed), a new Threat Card is flipped, and the
party will level up when the encounter ends. Enemies draw from the GM's deck, which is simply
rebuilt from the GM's discard. A player's hand above 10 cards sheds its lowest cards (deuces last,
as they count for loot). Cards discarded together go face up lowest first, so the highest of them
becomes the Threat Card.
"""

from __future__ import annotations

import random
from operator import attrgetter
from typing import TypeVar

from bot.games.cards import Card
from bot.games.contract import seeded_rng, shuffle
from bot.games.crawl.plain import built
from bot.games.deuces.events import (
    CardsDiscarded,
    DeckRanOut,
    DeucesEvent,
    Reason,
    ThreatFlipped,
    cards_drawn,
)
from bot.games.deuces.poker import Face, face, natural_face, natural_faces
from bot.games.deuces.state import (
    FIGHT_PHASE,
    GM_SIDE,
    HAND_LIMIT,
    PETS_SIDE,
    DeucesTable,
    Fighter,
    PlayerState,
    Ref,
    Tier,
    pet,
    player,
)

DEUCE = 2
T = TypeVar("T")


def roll(state: DeucesTable) -> random.Random:
    """The next independent random source of this game: roll k is `seeded_rng(seed, k)`."""
    state.rolls += 1
    return seeded_rng(state.seed, state.rolls)


def take(fighter: Fighter, cards: list[Card]) -> None:
    """Remove cards from a hand; their raises and wildness go with them."""
    marked = fighter.raised or fighter.wilds
    for card in cards:
        fighter.hand.remove(card)
        if marked and card not in fighter.hand:
            fighter.raised.pop(card, None)
            if card in fighter.wilds:
                fighter.wilds.remove(card)


def face_up_order(cards: list[Card]) -> list[Card]:
    """Lowest first, so the highest lands on top of the pile (a single card or none, as most
    plays and hands left behind are, needs no sorting)."""
    if len(cards) < 2:
        return list(cards)
    return sorted(cards, key=attrgetter("rank"))


def discard(state: DeucesTable, ref: Ref, cards: list[Card], reason: Reason) -> list[DeucesEvent]:
    """Cards from a hand to their owner's discard pile (enemies share the GM's)."""
    if not cards:
        return []
    take(state.fighter(ref), cards)
    bury(state, ref, cards)
    return [built(CardsDiscarded, who=ref, cards=face_up_order(cards), reason=reason)]


def discard_pile(state: DeucesTable, ref: Ref) -> list[Card]:
    """A combatant's discard pile: a player's own (a pet uses its master's), or the GM's shared
    one for an enemy."""
    if ref.side == GM_SIDE:
        return state.gm_discard
    return state.players[state.master_of(ref)].discard


def recoverable(state: DeucesTable, ref: Ref) -> int:
    """Cards that may be taken back from the top of that pile: a player's keeps its last."""
    pile = discard_pile(state, ref)
    return len(pile) - (1 if ref.side != GM_SIDE else 0)


def bury(state: DeucesTable, ref: Ref, cards: list[Card]) -> None:
    """Cards no longer in any hand onto their owner's discard pile (none, as an enemy's empty
    hand at the end or an answer never made, go nowhere)."""
    if cards:
        discard_pile(state, ref).extend(face_up_order(cards))


def draw(state: DeucesTable, ref: Ref, count: int) -> list[DeucesEvent]:
    """Draw up to `count` cards (fewer only when every pile is empty)."""
    if ref.side == GM_SIDE:
        drawn = _draw_gm(state, count)
        state.enemies[ref.index].hand.extend(drawn)
        return [cards_drawn(ref, len(drawn))] if drawn else []
    if ref.side == PETS_SIDE:
        return draw_pet(state, ref.index, count)
    return draw_player(state, ref.index, count)


def _draw_gm(state: DeucesTable, count: int) -> list[Card]:
    deck = state.gm_deck
    if len(deck) >= count:  # the deck holds the draw, as it mostly does: no rebuild to check
        drawn = deck[:count]
        del deck[:count]
        return drawn
    drawn: list[Card] = []
    for _ in range(count):
        if not state.gm_deck:
            state.gm_deck, state.gm_discard = state.gm_discard, []
            shuffle(state.gm_deck, roll(state))
        if not state.gm_deck:
            break
        drawn.append(state.gm_deck.pop(0))
    return drawn


def gm_top(state: DeucesTable) -> Card | None:
    """The GM deck's top card, rebuilding the deck first if it is empty."""
    if not state.gm_deck:
        state.gm_deck, state.gm_discard = state.gm_discard, []
        shuffle(state.gm_deck, roll(state))
    return state.gm_deck[0] if state.gm_deck else None


def draw_player(state: DeucesTable, seat: int, count: int) -> list[DeucesEvent]:
    events = _from_deck(state, seat, state.players[seat].hand, count, player(seat))
    if state.phase == FIGHT_PHASE:  # the player chooses what to shed (see flow.ask_to_shed)
        return events
    return events + trim_hand(state, seat)


def draw_pet(state: DeucesTable, index: int, count: int) -> list[DeucesEvent]:
    """A pet draws from its master's deck (a pet has no hand limit: only players do)."""
    companion = state.pets[index]
    return _from_deck(state, companion.master, companion.hand, count, pet(index))


def _from_deck(
    state: DeucesTable, seat: int, hand: list[Card], count: int, who: Ref
) -> list[DeucesEvent]:
    """Cards from a player's deck into a hand (theirs or their pet's); a deck that runs out
    is rebuilt from the discard pile at once."""
    deck_of = state.players[seat]
    deck = deck_of.deck
    if len(deck) > count:  # the deck outlasts the draw, as it mostly does: no run-out to check
        hand.extend(deck[:count])
        del deck[:count]
        return [cards_drawn(who, count)]
    events: list[DeucesEvent] = []
    drawn = 0
    for _ in range(count):
        if not deck_of.deck:
            events += run_out(state, seat)
        if not deck_of.deck:
            break
        hand.append(deck_of.deck.pop(0))
        drawn += 1
        if not deck_of.deck:
            events += run_out(state, seat)
    events.insert(0, cards_drawn(who, drawn))
    return events


def run_out(state: DeucesTable, seat: int) -> list[DeucesEvent]:
    """The deck is gone: the party will level; the discard pile is the new deck, threat flipped.
    A duel has no Threat Cards and levels after every encounter anyway: its hero only
    shuffles the discard pile into a new deck."""
    who = state.players[seat]
    if state.mode.threat_cards:
        state.level_up = True
    events: list[DeucesEvent] = [built(DeckRanOut, seat=seat)]
    if who.discard:
        who.deck, who.discard = who.discard, []
        shuffle(who.deck, roll(state))
        if state.mode.threat_cards:
            events += flip_threat(state, seat)
    return events


def flip_threat(state: DeucesTable, seat: int) -> list[DeucesEvent]:
    """Turn the deck's top card face up onto the empty discard pile: the new Threat Card."""
    who = state.players[seat]
    if who.discard or not who.deck:
        return []
    card = who.deck.pop(0)
    who.discard.append(card)
    return [built(ThreatFlipped, seat=seat, card=card)]


def trim_hand(state: DeucesTable, seat: int) -> list[DeucesEvent]:
    """The default shed down to the limit, made without asking (outside a fight)."""
    shed = default_shed(state, seat)
    return discard(state, player(seat), shed, "hand_limit") if shed else []


def default_shed(state: DeucesTable, seat: int) -> list[Card]:
    """The cards a hand above the limit sheds when its player does not choose: the lowest,
    deuces last (they count for loot)."""
    who = state.players[seat]
    excess = len(who.hand) - HAND_LIMIT
    if excess <= 0:
        return []
    return sorted(who.hand, key=lambda c: (c.value == DEUCE, c.value))[:excess]


# ---- how cards read in a play -------------------------------------------------------------------

_LOOT_FACES = {
    Tier.COMMON: {"plus_one": True},
    Tier.RARE: {"double": True},
    Tier.EPIC: {"wild": True},
}


def card_face(state: DeucesTable, ref: Ref, card: Card) -> Face:
    """A card with what its holder's raises, wild marks and loot make of it."""
    return _marked_face(state.fighter(ref), card)


def _marked_face(fighter: Fighter, card: Card) -> Face:
    tier = fighter.loot_tier(card) if isinstance(fighter, PlayerState) and fighter.loot else None
    bonus = fighter.raised.get(card, 0) if fighter.raised else 0
    wild = bool(fighter.wilds) and card in fighter.wilds
    return _face_marked(card, tier, bonus, wild)


def _face_marked(card: Card, tier: Tier | None, bonus: int, wild: bool) -> Face:
    """The face of a card with these marks, made once for each card and marks."""
    if tier is None and not bonus and not wild:
        return natural_face(card)
    key = (card.text, tier, bonus, wild)
    found = _MARKED_FACES.get(key)
    if found is None:
        marks = dict(_LOOT_FACES[tier]) if tier else {}
        if wild:
            marks["wild"] = True
        found = _MARKED_FACES[key] = face(card, bonus=bonus, **marks)
    return found


_MARKED_FACES: dict[tuple[str, Tier | None, int, bool], Face] = {}
"""Faces of marked cards by the card's text and its marks: a raised or looted hand is read
move after move, and a face, like a natural one, never changes once made."""


def faces_of(state: DeucesTable, ref: Ref, cards: list[Card] | tuple[Card, ...]) -> list[Face]:
    """`card_face` of each of these cards, as held by this fighter."""
    return held_faces(state.fighter(ref), cards)


def held_faces(fighter: Fighter, cards: list[Card] | tuple[Card, ...]) -> list[Face]:
    """`faces_of` for a fighter already looked up: the tactics read its edge and hand too."""
    looted = isinstance(fighter, PlayerState) and fighter.loot
    if fighter.wilds or looted:
        return [_marked_face(fighter, card) for card in cards]
    if fighter.raised:
        return _raised_faces(fighter.raised, cards)
    return natural_faces(cards)


def _raised_faces(raised: dict[Card, int], cards: list[Card] | tuple[Card, ...]) -> list[Face]:
    """`held_faces` of a hand whose only marks are raises, each card's found by its text: a
    card hashes in Python, a text's hash is kept, and an ability's raises last a whole turn."""
    bonuses = {card.text: bonus for card, bonus in raised.items()}
    return [
        _face_marked(card, None, bonuses[card.text], False)
        if card.text in bonuses
        else natural_face(card)
        for card in cards
    ]


def hand_capacity(state: DeucesTable, ref: Ref) -> int:
    """The most cards a fighter's hand can count as: `poker.capacity` of its faces, counted
    without reading them (only Rare loot counts twice)."""
    fighter = state.fighter(ref)
    held = len(fighter.hand)
    if not (isinstance(fighter, PlayerState) and fighter.loot):
        return held
    return held + sum(1 for card in fighter.hand if fighter.loot_tier(card) == Tier.RARE)


def hand_faces(state: DeucesTable, ref: Ref) -> list[Face]:
    fighter = state.fighter(ref)
    return held_faces(fighter, fighter.hand)
