"""The crawls' hints: legal, blind to the deck's order, steady, and right where it is plain."""

import random

import pytest

from bot.games.cards import Card, cards
from bot.games.crawl.actions import ActionKind, DungeonAction, dungeon_action
from bot.games.crawl.solving import Advice
from bot.games.dragons import hint as dragons_hint
from bot.games.dragons.engine import DragonsState, dragons_dungeon
from bot.games.dragons.engine import new_game as new_dragons
from bot.games.scoundrel import hint as scoundrel_hint
from bot.games.scoundrel.engine import (
    ScoundrelOptions,
    ScoundrelState,
    Variant,
    scoundrel_deck,
)
from bot.games.scoundrel.engine import new_game as new_scoundrel

RUN = dungeon_action(ActionKind.RUN)


def scoundrel_walk(seed: int, variant: Variant = Variant.CLASSIC) -> list[ScoundrelState]:
    """Positions of one deal played at random (running often, so cards lie under the deck)."""
    state, _ = new_scoundrel(seed, ScoundrelOptions(variant=variant))
    chooser = random.Random(seed)
    positions = []
    while not state.is_over and state.turn < 40:
        positions.append(state.model_copy(deep=True))
        state.apply(0, chooser.choice(state.legal_actions(0)))
    return positions


def dragons_walk(seed: int) -> list[DragonsState]:
    state, _ = new_dragons(seed, players=1)
    chooser = random.Random(seed)
    positions = []
    while not state.is_over and state.turn < 40:
        positions.append(state.model_copy(deep=True))
        state.apply(0, chooser.choice(state.legal_actions(0)))
    return positions


def scoundrel_position(
    room: str, hp: int, weapon: str | None = None, variant: Variant = Variant.CLASSIC
) -> ScoundrelState:
    """A room at a given health and weapon, the rest of the deck under it."""
    held = [Card.parse(weapon)] if weapon else []
    rest = [card for card in scoundrel_deck() if card not in cards(room) + held]
    state, _ = ScoundrelState.scripted(cards(room) + rest, variant)
    state.hp = hp
    state.weapon = held[0] if held else None
    return state


def dragons_position(room: str, hp: int) -> DragonsState:
    rest = list(dragons_dungeon())
    for card in cards(room):
        rest.remove(card)
    state, _ = DragonsState.scripted(cards(room) + rest, players=1)
    state.parties[0].hp = hp
    return state


def names_its_card(advice: Advice) -> bool:
    return advice.action.card is None or str(advice.action.card) in advice.reason


# ---- legal, and blind to the deck's order --------------------------------------------------


@pytest.mark.parametrize("variant", list(Variant))
def test_scoundrel_advice_is_legal_names_its_card_and_is_one_line(variant: Variant) -> None:
    for seed in range(4):
        for state in scoundrel_walk(seed, variant)[::3]:
            advice = scoundrel_hint.advise(state)
            assert advice.action in state.legal_actions(0)
            assert names_its_card(advice)
            assert advice.reason and "\n" not in advice.reason


def test_dragons_advice_is_legal_names_its_card_and_is_one_line() -> None:
    for seed in range(10):
        for state in dragons_walk(seed)[::3]:
            advice = dragons_hint.advise(state)
            assert advice.action in state.legal_actions(0)
            assert names_its_card(advice)
            assert advice.reason and "\n" not in advice.reason


def test_the_hint_never_changes_the_position() -> None:
    positions = scoundrel_walk(1)
    state = positions[len(positions) // 2]
    before = state.model_copy(deep=True)
    scoundrel_hint.advise(state)
    assert state == before


def shuffled_unseen(state: ScoundrelState, seed: int) -> ScoundrelState:
    """The same position with the unseen part of the deck in another order."""
    other = state.model_copy(deep=True)
    unseen = len(other.deck) - other.seen_below
    top = other.deck[:unseen]
    random.Random(seed).shuffle(top)
    other.deck[:unseen] = top
    return other


def test_scoundrel_advice_ignores_the_order_of_the_unseen_cards() -> None:
    checked_below = 0
    for seed in range(6):
        for state in scoundrel_walk(seed)[::2]:
            advice = scoundrel_hint.advise(state)
            for reorder in range(2):
                assert scoundrel_hint.advise(shuffled_unseen(state, reorder)) == advice
            checked_below += state.seen_below > 0
    assert checked_below, "some positions have seen cards under the deck"


def test_dragons_advice_ignores_the_order_of_the_deck() -> None:
    for seed in range(6):
        for state in dragons_walk(seed)[::2]:
            advice = dragons_hint.advise(state)
            other = state.model_copy(deep=True)
            random.Random(seed).shuffle(other.deck)
            assert dragons_hint.advise(other) == advice


def test_the_same_position_always_gets_the_same_advice() -> None:
    state = scoundrel_walk(3)[0]
    assert scoundrel_hint.advise(state) == scoundrel_hint.advise(state.model_copy(deep=True))


# ---- plain positions -----------------------------------------------------------------------


def played(action: DungeonAction) -> str:
    return action.kind.value if action.card is None else f"{action.kind.value} {action.card}"


def test_scoundrel_drinks_first_when_any_fight_would_kill() -> None:
    state = scoundrel_position("6♠ 8♥ 5♣ 9♥", hp=5, variant=Variant.HARD)
    advice = scoundrel_hint.advise(state)
    assert played(advice.action) in {"drink 8♥", "drink 9♥"}
    assert names_its_card(advice)


def test_scoundrel_keeps_a_strong_fresh_weapon_for_the_big_monster() -> None:
    state = scoundrel_position("Q♠ 3♦ 2♥ 4♣", hp=20, weapon="10♦", variant=Variant.HARD)
    advice = scoundrel_hint.advise(state)
    assert played(advice.action) == "weapon Q♠"
    assert "Q♠" in advice.reason


def test_scoundrel_runs_from_a_deadly_room() -> None:
    state = scoundrel_position("K♠ Q♣ J♠ A♣", hp=8)
    advice = scoundrel_hint.advise(state)
    assert advice.action == RUN
    assert advice.reason.startswith("Run")


def test_scoundrel_does_not_run_when_it_may_not() -> None:
    state = scoundrel_position("K♠ Q♣ J♠ A♣", hp=8, variant=Variant.HARD)
    assert scoundrel_hint.advise(state).action != RUN


def test_dragons_drinks_first_when_any_fight_would_kill() -> None:
    state = dragons_position("6♠ 8♥ 5♣ 9♥", hp=5)
    state.ran_last_room = True
    assert played(dragons_hint.advise(state).action) in {"drink 8♥", "drink 9♥"}


def test_dragons_runs_from_a_deadly_room() -> None:
    state = dragons_position("K♠ Q♣ 🃏 A♣", hp=9)
    assert dragons_hint.advise(state).action == RUN


def test_dragons_fights_the_big_enemy_before_the_small_one() -> None:
    """With a fresh weapon, the strong enemy first: after the small one it would break. (The
    small one may be met before the weapon is taken up, the strong one left for the next room,
    to keep the weapon's reach high.)"""
    state = dragons_position("Q♠ 9♦ 3♣ 4♥", hp=20)
    state.ran_last_room = True
    advice = dragons_hint.advise(state)
    assert played(advice.action) in {"equip 9♦", "fight Q♠", "fight 3♣"}
    for _ in range(3):
        state.apply(0, dragons_hint.advise(state).action)
    slain = state.parties[0].slain
    big, small = Card.parse("Q♠"), Card.parse("3♣")
    assert small not in slain or (big in slain and slain.index(big) < slain.index(small))
