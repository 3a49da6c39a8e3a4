"""Pets (the rules' controlled entities): summoned by a class ability, they draw from their
master's deck, attack on their master's turn, may be attacked instead of their master, and are
not defeated with their master."""

from collections import Counter

import pytest

from bot.games.cards import Card, cards, standard_deck
from bot.games.contract import IllegalAction
from bot.games.deuces import GAME
from bot.games.deuces.actions import Attack, Defend, EndTurn, Guard, PetAttack, UseAbility
from bot.games.deuces.content import load_content
from bot.games.deuces.state import Side, pet

from .tables import PLAIN, of, table

pytestmark = pytest.mark.usefixtures("quiet_gm")

TINKER = load_content().klass("tinker")
HAND = "9♠ 9♦ 4♣ 5♣ 6♣ 7♣ 8♦ K♣ Q♣ J♣ 3♦"
"""Hand 9♠ 9♦ 4♣ 5♣ 6♣ 7♣, Threat Card 8♦, then K♣ Q♣ J♣ for the hound and 3♦."""
OTHER = "2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 3♠"


def summoned(players: list[str], gm_deck: str = "10♠ 3♥ 4♥", enemies: list[str] | None = None):
    """The tinker (seat 0) summons the Brass Hound on the party's first turn."""
    classes = [TINKER, *[PLAIN] * (len(players) - 1)]
    state, _ = table(players, enemies or ["three"], gm_deck=gm_deck, classes=classes, stay=True)
    return state, state.apply(0, UseAbility(ability="wind_up_hound"))


def test_a_pet_is_summoned_with_cards_from_its_masters_deck_and_attacks_that_turn() -> None:
    state, events = summoned([HAND])
    arrival = of(events, "pet_summoned")[0]
    assert (arrival.master, arrival.index, arrival.name) == (0, 0, "Brass Hound")
    assert state.pets[0].hand == cards("K♣ Q♣ J♣")
    assert state.prompt.kind == "turn" and state.prompt.attacks == 0, "instead of attacking"
    legal = state.legal_actions(0)
    assert not any(isinstance(a, Attack) for a in legal)
    assert PetAttack(pet=0, target=0, cards=(Card.parse("K♣"),)) in legal
    assert GAME.label(state, 0, legal[0], ["ann"]).startswith("Brass Hound attacks")
    with pytest.raises(IllegalAction):
        state.apply(0, PetAttack(pet=0, target=0, cards=(Card.parse("9♠"),)))  # the master's
    events = state.apply(0, PetAttack(pet=0, target=0, cards=(Card.parse("K♣"),)))
    assert of(events, "attacked")[0].attacker == pet(0)
    clash = of(events, "clashed")[0]
    assert clash.result == "attacker" and clash.attacker_draws == 1
    assert Card.parse("3♦") in state.pets[0].hand, "the pet draws from its master's deck"
    assert state.players[0].threat == Card.parse("K♣"), "its played cards go to its master's pile"


def test_the_gm_may_attack_a_pet_instead_of_its_master_who_answers_for_it() -> None:
    state, _ = summoned([HAND])
    state.apply(0, PetAttack(pet=0, target=0, cards=(Card.parse("J♣"),)))
    # The GM's turn: its only enemy goes for the fewest cards, the hound's three against six.
    assert state.prompt.kind == "defend" and state.waiting_for == [0]
    assert state.clash is not None and state.clash.defender == pet(0)
    legal = state.legal_actions(0)
    assert legal and all(isinstance(a, Defend) for a in legal), "a pet has no Disrupt"
    assert all(set(a.cards) <= set(state.pets[0].hand) for a in legal)
    with pytest.raises(IllegalAction):
        state.apply(0, Defend(cards=(Card.parse("9♠"),)))  # the master's card
    answer = state.timeout_action(0)
    assert isinstance(answer, Defend) and set(answer.cards) <= set(state.pets[0].hand)


def test_a_pet_is_not_defeated_with_its_master_and_fights_on_its_turns() -> None:
    state, _ = summoned([HAND, OTHER], gm_deck="10♠ 3♥ 4♥ 10♥ 3♣ 4♣", enemies=["three", "three"])
    master = state.players[0]
    fallen = list(master.hand)
    master.hand.clear()
    master.discard.extend(fallen)
    master.defeated = True  # as if the GM had overwhelmed the tinker
    state.apply(0, EndTurn())
    assert not state.pets[0].defeated, "not defeated with its master"
    state.apply(1, EndTurn())
    for _ in range(20):  # the GM's turn, until the party's next turn
        if state.prompt is not None and state.prompt.kind in ("open", "turn"):
            break
        seat = state.waiting_for[0]
        state.apply(seat, state.timeout_action(seat))
    assert 0 in state.waiting_for, "the fallen tinker still plays the hound's turn"
    legal = state.legal_actions(0)
    assert legal and all(isinstance(a, PetAttack | EndTurn) for a in legal)
    with pytest.raises(IllegalAction):
        state.apply(0, Guard(card=Card.parse("9♠")))
    assert state.active(Side.PETS) == [0]


def test_pets_leave_with_the_encounter_and_every_card_goes_home() -> None:
    state, _ = summoned([HAND])
    for _ in range(200):
        if state.is_over:
            break
        seat = state.waiting_for[0]
        state.apply(seat, state.timeout_action(seat))
    assert state.is_over and state.pets == []
    assert Counter(state.cards_by_owner()["P0"]) == Counter(standard_deck())


def test_the_table_the_hand_and_the_gm_show_the_pet() -> None:
    before, _ = table([HAND], ["three"], gm_deck="10♠ 3♥ 4♥", classes=[TINKER], stay=True)
    state = before.model_copy(deep=True)
    events = state.apply(0, UseAbility(ability="wind_up_hound"))
    lines = GAME.narrate(events, before, state, ["ann"])
    assert any("Brass Hound" in line and "ann" in line for line in lines)
    assert "ann's Brass Hound draws 3 cards." in lines, "names stay as typed"
    party = GAME.table(state, ["ann"]).fields[1].value
    assert "↳ 🐾 Brass Hound: 3 cards" in party
    hand = GAME.hand(state, 0, [], ["ann"])
    assert hand is not None
    pets = [card for card in hand.cards if "(Brass Hound)" in card.label]
    assert [card.label for card in pets] == [
        "K♣ (Brass Hound)",
        "Q♣ (Brass Hound)",
        "J♣ (Brass Hound)",
    ]
    picked = GAME.hand(state, 0, [pets[0].value], ["ann"])
    assert picked is not None
    offered = [control.label for control in picked.controls]
    assert any("Brass Hound attacks" in label and "K♣" in label for label in offered)
    forged = GAME.hand(state, 0, ["p7.0.KC"], ["ann"])  # a pet that is not there
    assert forged is not None and not any(c.picked for c in forged.cards)
