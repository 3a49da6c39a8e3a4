"""Scripted tables for Dungeons & Deuces tests: tiny enemy sets, plain classes, decks in order."""

from __future__ import annotations

from typing import Any

from bot.games.cards import Card, cards, standard_deck
from bot.games.deuces.actions import Vote
from bot.games.deuces.content import Ability, ClassDef, EnemyDef, EnemySet
from bot.games.deuces.engine import DeucesState
from bot.games.deuces.events import DeucesEvent
from bot.games.deuces.state import DeucesOptions


def ability(ability_id: str, *effects: dict[str, Any], **fields: Any) -> Ability:
    return Ability.model_validate(
        {"id": ability_id, "name": ability_id.replace("_", " ").title(), "effects": effects}
        | fields
    )


DULL = ability("dull", {"op": "draw", "count": 1})
"""A harmless ability for enemies whose abilities a test does not want (the GM is kept quiet)."""


def foe(enemy_id: str, difficulty: int, hand: int, elite_at: int = 6, boss_at: int = 6) -> EnemyDef:
    return EnemyDef(
        id=enemy_id,
        name=enemy_id.title(),
        difficulty=difficulty,
        hand=(hand,) * 5,
        elite_at=elite_at,
        boss_at=boss_at,
        basic=DULL,
        elite=ability("dull_elite", {"op": "edge", "amount": 1}),
    )


TEST_SET = EnemySet(
    id="test_pit",
    name="Test Pit",
    tier=1,
    enemies=[
        foe("one", 1, 1),
        foe("two", 2, 2),
        foe("three", 3, 3),
        foe("four", 4, 4),
        foe("five", 5, 5),
        foe("six", 6, 2),
        foe("seven", 7, 4),
        foe("chest", 5, 1),
        foe("boss", 3, 5, elite_at=1, boss_at=1),
    ],
)
PLAIN = ClassDef(
    id="plain",
    name="Plain",
    abilities=[{"level": 1, "ability": ability("focus", {"op": "edge", "amount": 1})}],
)
"""A class whose one ability (+1 to the next play) is easy to leave unused."""


def deck(text: str, fill: bool = True) -> list[Card]:
    """A player's deck, top first; `fill` appends the rest of a 52-card deck (for conservation)."""
    top = cards(text)
    rest = [card for card in standard_deck() if card not in top] if fill else []
    return top + rest


def table(
    players: list[str],
    enemies: list[str],
    gm_deck: str = "",
    classes: list[ClassDef] | None = None,
    customs: list[Ability | None] | None = None,
    loot: str = "",
    enemy_set: EnemySet = TEST_SET,
    stay: bool = False,
    **options: Any,
) -> tuple[DeucesState, list[DeucesEvent]]:
    """A game over scripted decks: each player's hand then Threat Card first, the GM's top first.

    With `stay`, a Hit-or-Stay vote is answered Stay by everyone, to get straight to the fight.
    """
    top = cards(gm_deck)
    gm_cards = top + [card for card in standard_deck() if card not in top]
    loot_top = cards(loot)
    state, events = DeucesState.scripted(
        decks=[deck(text) for text in players],
        enemy_deck=enemies,
        gm_deck=gm_cards,
        enemy_set=enemy_set,
        classes=classes or [PLAIN] * len(players),
        customs=customs,
        loot_deck=loot_top + [card for card in standard_deck() if card not in loot_top],
        options=DeucesOptions(**options),
    )
    while stay and state.prompt is not None and state.prompt.kind == "vote":
        events += state.apply(state.waiting_for[0], Vote(hit=False))
    return state, events


def kinds(events: list) -> list[str]:
    return [event.kind for event in events]


def of(events: list, kind: str) -> list:
    return [event for event in events if event.kind == kind]


def give(state: DeucesState, seat: int, text: str) -> None:
    """Set a player's hand, keeping every card in one place: the old hand goes under the deck."""
    who = state.players[seat]
    wanted = cards(text)
    for card in wanted:
        for pile in (who.hand, who.deck, who.discard):
            if card in pile:
                pile.remove(card)
                break
    who.deck.extend(who.hand)
    who.hand = wanted
