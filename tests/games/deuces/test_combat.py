"""Scripted combats: wins, ties, defeat, failed answers, targeting, Guard, the GM's limits and
folding, abilities with Disrupt timing, wild and Rare loot in play."""

from collections import Counter

import pytest

from bot.games.cards import Card, cards, standard_deck
from bot.games.contract import IllegalAction, Outcome
from bot.games.deuces import gm, piles, suggest
from bot.games.deuces.actions import Attack, Defend, EndTurn, Guard, Shed, UseAbility
from bot.games.deuces.content import ClassDef
from bot.games.deuces.state import Loot, Phase, Side, Tier, player

from .tables import PLAIN, ability, give, kinds, of, table

HAND = "9♠ 9♦ 4♣ 5♣ 6♣ 7♣ 8♦ K♣ Q♣ J♣"
"""Hand 9♠ 9♦ 4♣ 5♣ 6♣ 7♣, Threat Card 8♦, then K♣ Q♣ J♣ to draw."""
LOW = "2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 3♦ 10♥ J♥"
"""Hand 2♥-7♥, Threat Card 3♦."""

pytestmark = pytest.mark.usefixtures("quiet_gm")


def one_enemy(hand: str, enemy: str = "two", players: list[str] | None = None, **kw):
    """Players first against one enemy whose hand is given (its cards top the GM's deck)."""
    state, _ = table(players or [HAND], [enemy], gm_deck=hand, **kw)
    assert state.prompt.kind == "turn" and state.side == Side.PLAYERS
    return state


def gm_first(hand: str, players: list[str] | None = None, enemies: list[str] | None = None):
    """The GM wins the initiative (A♥ against the first player's K♣ or 10♥) and attacks first."""
    state, events = table(players or [HAND], enemies or ["six"], gm_deck=f"A♥ {hand}")
    assert of(events, "encounter_set")[0].first == Side.GM
    return state, events


def test_a_higher_answer_wins_and_only_the_winner_draws() -> None:
    state = one_enemy("10♠ 3♥")
    events = state.apply(0, Attack(target=0, cards=tuple(cards("7♣"))))
    clash = of(events, "clashed")[0]
    assert (clash.result, clash.attacker_draws, clash.defender_draws) == ("defender", 0, 1)
    assert of(events, "defended")[0].cards == cards("10♠")
    assert Card.parse("7♣") not in state.players[0].hand
    assert state.players[0].threat == Card.parse("7♣")
    assert len(state.players[0].hand) == 5 and len(state.enemies[0].hand) == 2


def test_a_tie_lets_both_draw() -> None:
    state = one_enemy("9♥ 3♥")
    events = state.apply(0, Attack(target=0, cards=tuple(cards("9♠"))))
    clash = of(events, "clashed")[0]
    assert (clash.result, clash.attacker_draws, clash.defender_draws) == ("tie", 1, 1)
    assert len(state.players[0].hand) == 6 and state.players[0].hand[-1] == Card.parse("K♣")


def test_an_unanswered_attack_wins_and_the_attacker_draws() -> None:
    state = one_enemy("5♥ 3♥")
    events = state.apply(0, Attack(target=0, cards=tuple(cards("9♠ 9♦"))))
    clash = of(events, "clashed")[0]
    assert (clash.result, clash.attacker_draws) == ("attacker", 2)
    assert of(events, "defended")[0].category is None, "no pair: a failed answer"
    assert of(events, "defeated")[0].who.side == Side.GM
    assert state.is_over and state.outcome == Outcome.WON


def test_an_enemy_with_too_few_cards_is_overwhelmed() -> None:
    state = one_enemy("5♥", enemy="one")
    events = state.apply(0, Attack(target=0, cards=tuple(cards("9♠ 9♦"))))
    assert kinds(events)[:3] == ["attacked", "overwhelmed", "cards_discarded"]
    assert of(events, "clashed")[0].attacker_draws == 2
    assert state.is_over and state.outcome == Outcome.WON


def test_a_failed_answer_must_still_match_the_count_and_cannot_tie() -> None:
    state, events = gm_first("Q♠ Q♥")
    attack = of(events, "attacked")[0]
    assert attack.cards == cards("Q♠ Q♥") and attack.defender == player(0)
    assert state.prompt.kind == "defend" and state.waiting_for == [0]
    before = state.model_dump_json()
    for wrong in ("4♣", "4♣ 5♣ 6♣"):
        with pytest.raises(IllegalAction):
            state.apply(0, Defend(cards=tuple(cards(wrong))))
        assert state.model_dump_json() == before
    events = state.apply(0, Defend(cards=tuple(cards("4♣ 5♣"))))
    assert of(events, "clashed")[0].result == "attacker"
    assert state.players[0].threat == Card.parse("5♣"), "the highest card played lands on top"


def test_the_gm_attacks_the_highest_threat_card() -> None:
    _, events = gm_first("Q♠ Q♥ 2♣ 3♣", players=[LOW, HAND], enemies=["six", "six"])
    assert of(events, "attacked")[0].defender == player(1), "8♦ beats 3♦"


def test_threat_ties_go_to_the_player_with_fewest_cards() -> None:
    state, _ = table([HAND, HAND.replace("8♦", "8♣")], ["four", "three"])
    assert gm.must_target(state, 0) == [0, 1]
    give(state, 1, "9♠ 9♦ 4♣")
    assert gm.pick_target(state, 0) == 1


def test_a_player_left_with_no_cards_is_defeated_and_the_encounter_lost() -> None:
    state, _ = table(["4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 2♦ 2♣"], ["six"], gm_deck="A♥ K♠ K♥")
    assert state.prompt.kind == "defend"
    give(state, 0, "4♣ 5♣")
    events = state.apply(0, Defend(cards=tuple(cards("4♣ 5♣"))))
    assert of(events, "defeated")[0].who == player(0)
    assert of(events, "encounter_ended")[0].won is False
    assert state.outcome == Outcome.LOST
    who = state.players[0]
    assert not who.hand and not who.discard and Counter(who.deck) == Counter(standard_deck())


def test_the_last_player_and_last_enemy_falling_together_is_a_win() -> None:
    gasp = ability(
        "last_gasp",
        {"op": "discard", "count": 1, "who": "self", "pick": "chosen"},
        {"op": "discard", "count": 1, "who": "target", "pick": "random"},
        target="foe",
    )
    klass = ClassDef(id="gasper", name="Gasper", abilities=[{"level": 1, "ability": gasp}])
    state = one_enemy("5♥", enemy="one", classes=[klass])
    give(state, 0, "3♣")
    events = state.apply(0, UseAbility(ability="last_gasp", target=0, cards=tuple(cards("3♣"))))
    assert {e.who.side for e in of(events, "defeated")} == {Side.PLAYERS, Side.GM}
    assert state.outcome == Outcome.WON


def test_guard_swaps_one_card_and_ends_the_turn() -> None:
    state = one_enemy("10♠ 3♥ 4♥ 5♥", enemy="four")
    events = state.apply(0, Guard(card=Card.parse("4♣")))
    assert kinds(events)[:3] == ["guarded", "cards_discarded", "cards_drawn"]
    assert Card.parse("K♣") in state.players[0].hand and state.players[0].threat == Card.parse("4♣")
    assert state.side == Side.GM or state.prompt.kind == "defend"


def test_guard_is_only_instead_of_acting() -> None:
    state = one_enemy("10♠ 3♥ 4♥ 5♥", enemy="four")
    state.apply(0, Attack(target=0, cards=tuple(cards("4♣"))))
    assert state.prompt.kind == "turn", "the turn goes on: its ability is still unused"
    with pytest.raises(IllegalAction):
        state.apply(0, Guard(card=Card.parse("5♣")))
    with pytest.raises(IllegalAction):
        state.apply(0, Attack(target=0, cards=tuple(cards("5♣"))))
    state.apply(0, EndTurn())
    assert state.side == Side.GM or state.prompt.kind == "defend"


def test_a_turn_ends_by_itself_when_nothing_is_left_to_do() -> None:
    state = one_enemy("10♠ 3♥ 4♥ 5♥", enemy="four")
    state.apply(0, UseAbility(ability="focus"))
    assert state.prompt.kind == "turn"
    events = state.apply(0, Attack(target=0, cards=tuple(cards("4♣"))))
    assert of(events, "turn_started")[0].who.side == Side.GM


def test_basic_enemies_attack_with_three_cards_at_most_and_bosses_with_five() -> None:
    state, events = gm_first("9♠ 9♥ 9♣ 9♦", enemies=["seven"])
    assert of(events, "attacked")[0].cards == cards("9♠ 9♥ 9♣")
    state, events = table([HAND], ["boss"], gm_deck="5♠ 6♠ 7♠ 8♠ 9♠")
    state.apply(0, EndTurn())
    assert state.clash is not None
    assert state.clash.cards == cards("5♠ 6♠ 7♠ 8♠ 9♠")


def test_the_gm_folds_a_lost_cause_and_the_players_draw_what_was_left() -> None:
    state = one_enemy("5♥", enemy="one")
    events = state.apply(0, EndTurn())
    folded = of(events, "folded")[0]
    assert folded.cards_left == 1
    assert state.outcome == Outcome.WON
    assert of(events, "cards_drawn")[-1].count == 1


def test_a_hand_above_ten_sheds_its_lowest_cards_deuces_last_outside_a_fight() -> None:
    state = one_enemy("10♠ 3♥ 4♥ 5♥", enemy="four")
    give(state, 0, "2♠ 2♦ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠")
    state.players[0].deck[:2] = cards("A♠ K♠")
    state.phase = Phase.END  # the encounter is decided: nobody is asked
    events = piles.draw_player(state, 0, 2)
    shed = of(events, "cards_discarded")[0]
    assert shed.cards == cards("3♠ 4♠") and shed.reason == "hand_limit"
    assert len(state.players[0].hand) == 10


def drawing_class() -> ClassDef:
    return klass_with(ability("deep_breath", {"op": "draw", "count": 2}))


def test_a_player_above_ten_in_a_fight_chooses_what_to_shed_and_the_turn_goes_on() -> None:
    state, _ = table([HAND], ["four"], gm_deck="10♠ 3♥ 4♥ 5♥", classes=[drawing_class()])
    give(state, 0, "2♠ 2♦ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠")
    state.players[0].deck[:2] = cards("A♠ K♠")
    state.apply(0, UseAbility(ability="deep_breath"))
    assert state.prompt.kind == "shed" and state.prompt.count == 2
    assert state.waiting_for == [0] and len(state.players[0].hand) == 12
    assert state.timeout_action(0) == Shed(cards=tuple(cards("3♠ 4♠"))), "lowest, deuces last"
    with pytest.raises(IllegalAction):
        state.apply(0, Shed(cards=tuple(cards("A♠"))))
    events = state.apply(0, Shed(cards=tuple(cards("2♠ 2♦"))))
    assert of(events, "cards_discarded")[0].cards == cards("2♠ 2♦")
    assert len(state.players[0].hand) == 10
    assert state.prompt.kind == "turn" and state.prompt.seat == 0, "the turn comes back"
    assert state.prompt.attacks == 1 and state.prompt.ability_used


def test_a_long_shed_lists_the_default_and_its_swaps_but_takes_any_choice() -> None:
    state, _ = table([HAND], ["four"], gm_deck="10♠ 3♥ 4♥ 5♥", classes=[drawing_class()])
    give(state, 0, "2♠ 2♦ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ 3♦ 4♦")
    state.players[0].deck[:2] = cards("A♠ K♠")
    state.apply(0, UseAbility(ability="deep_breath"))
    assert state.prompt.count == 4
    listed = state.legal_actions(0)
    assert Shed(cards=tuple(sorted(cards("3♠ 3♦ 4♠ 4♦")))) in listed
    assert len(listed) == 1 + 4 * 10
    state.apply(0, Shed(cards=tuple(cards("A♠ K♠ 10♠ 9♠"))))
    assert state.prompt.kind == "turn"


# ---- abilities at the table ---------------------------------------------------------------------


def klass_with(*abilities) -> ClassDef:
    return ClassDef(
        id="tester",
        name="Tester",
        abilities=[{"level": 1, "ability": a} for a in abilities],
    )


def test_a_disrupt_cancel_calls_off_the_attack() -> None:
    hush = ability("hush", {"op": "cancel"}, timing="disrupt")
    state, _ = table([HAND], ["six"], gm_deck="A♥ Q♠ Q♥", classes=[klass_with(hush)])
    assert state.prompt.kind == "defend"
    assert UseAbility(ability="hush") in state.legal_actions(0)
    events = state.apply(0, UseAbility(ability="hush"))
    assert "attack_cancelled" in kinds(events)
    assert Counter(state.enemies[0].hand) >= Counter(cards("Q♠ Q♥"))
    assert state.clash is None
    assert state.prompt.kind == "turn", "the GM's turn went on and ended"


def test_a_disrupt_blunt_lowers_the_attack_before_the_answer() -> None:
    parry = ability("parry", {"op": "blunt", "amount": 3}, timing="disrupt")
    state, _ = table([HAND], ["six"], gm_deck="A♥ Q♠ Q♥", classes=[klass_with(parry)])
    state.apply(0, UseAbility(ability="parry"))
    assert state.clash.edge == -3
    events = state.apply(0, Defend(cards=tuple(cards("9♠ 9♦"))))
    assert of(events, "clashed")[0].result == "tie"


def test_disrupt_abilities_wait_for_an_attack_and_turn_abilities_for_a_turn() -> None:
    parry = ability("parry", {"op": "blunt", "amount": 3}, timing="disrupt")
    state = one_enemy("10♠ 3♥", classes=[klass_with(parry)])
    with pytest.raises(IllegalAction):
        state.apply(0, UseAbility(ability="parry"))
    state, _ = table([HAND], ["six"], gm_deck="A♥ Q♠ Q♥", classes=[PLAIN])
    with pytest.raises(IllegalAction):
        state.apply(0, UseAbility(ability="focus"))


def test_taunt_draws_every_attack() -> None:
    taunt = ability("challenge", {"op": "taunt"})
    state, _ = table(
        [HAND, LOW],
        ["four", "three"],
        gm_deck="Q♠ Q♥ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ J♠",
        classes=[PLAIN, klass_with(taunt)],
    )
    assert gm.must_target(state, 0) == [0]
    state.apply(0, EndTurn())
    state.apply(1, UseAbility(ability="challenge"))
    assert state.taunt == 1
    assert gm.must_target(state, 0) == [1]


def test_a_hunting_enemy_may_attack_anyone() -> None:
    state, _ = table([HAND, LOW], ["four", "three"])
    give(state, 1, "2♥ 3♥")
    state.hunting = True
    assert gm.must_target(state, 0) == [0, 1]
    assert gm.pick_target(state, 0) == 1


def test_extra_attacks_and_instead_of_attacking() -> None:
    double = ability("double", {"op": "extra_attack", "count": 1})
    rest = ability("rest", {"op": "draw", "count": 2}, timing="instead_of_attack")
    state = one_enemy("2♦ 3♥ K♥ A♥", enemy="four", classes=[klass_with(double, rest)])
    state.apply(0, UseAbility(ability="double"))
    assert state.prompt.attacks == 2
    state.apply(0, UseAbility(ability="rest"))
    assert state.prompt.attacks == 1 and len(state.players[0].hand) == 8
    events = state.apply(0, Attack(target=0, cards=tuple(cards("9♠ 9♦"))))
    assert of(events, "turn_started")[0].who.side == Side.GM


# ---- loot in play ---------------------------------------------------------------------------


def test_an_epic_card_is_wild_in_an_attack() -> None:
    state = one_enemy("10♠ 3♥ 4♥ 5♥", enemy="four")
    state.players[0].loot = [Loot(card=Card.parse("4♣"), tier=Tier.EPIC)]
    events = state.apply(0, Attack(target=0, cards=tuple(cards("9♠ 9♦ 4♣"))))
    assert of(events, "attacked")[0].category == "triple"


def test_a_rare_card_alone_attacks_as_a_pair() -> None:
    state = one_enemy("10♠ 3♥ 4♥ 5♥", enemy="four")
    state.players[0].loot = [Loot(card=Card.parse("7♣"), tier=Tier.RARE)]
    events = state.apply(0, Attack(target=0, cards=tuple(cards("7♣"))))
    attack = of(events, "attacked")[0]
    assert (attack.category, attack.size) == ("pair", 2)
    assert of(events, "defended")[0].cards and len(of(events, "defended")[0].cards) == 2


def test_a_common_card_may_answer_one_higher() -> None:
    state, events = gm_first("K♠ 2♦")
    assert of(events, "attacked")[0].cards == cards("K♠")
    give(state, 0, "Q♣ 9♦ 4♣ 5♣ 6♣ 7♣")
    state.players[0].loot = [Loot(card=Card.parse("Q♣"), tier=Tier.COMMON)]
    events = state.apply(0, Defend(cards=tuple(cards("Q♣"))))
    assert of(events, "clashed")[0].result == "tie"


def test_a_player_too_short_to_answer_may_still_disrupt_before_falling() -> None:
    """Disrupt can be used at any time: a player holding fewer cards than the attack is asked
    first when they hold one, and may cancel the attack or yield."""
    hush = ability("hush", {"op": "cancel"}, timing="disrupt")
    state = one_enemy("Q♠ Q♥", classes=[klass_with(hush)])
    give(state, 0, "9♠")
    events = state.apply(0, EndTurn())
    assert of(events, "attacked")[0].size == 2 and "overwhelmed" not in kinds(events)
    assert state.prompt.kind == "defend" and state.waiting_for == [0]
    assert state.legal_actions(0) == [Defend(cards=()), UseAbility(ability="hush")]
    assert state.timeout_action(0) == Defend(cards=()), "a timeout yields, as before"
    with pytest.raises(IllegalAction):
        state.apply(0, Defend(cards=tuple(cards("9♠"))))
    events = state.apply(0, UseAbility(ability="hush"))
    assert "attack_cancelled" in kinds(events) and not state.players[0].defeated
    assert state.prompt.kind == "turn" and state.waiting_for == [0]


def test_a_player_too_short_to_answer_who_yields_is_overwhelmed() -> None:
    hush = ability("hush", {"op": "cancel"}, timing="disrupt")
    state = one_enemy("Q♠ Q♥", classes=[klass_with(hush)])
    give(state, 0, "9♠")
    state.apply(0, EndTurn())
    events = state.apply(0, Defend(cards=()))
    assert kinds(events)[:2] == ["overwhelmed", "cards_discarded"]
    assert state.players[0].defeated and state.is_over and state.outcome == Outcome.LOST


def test_a_player_too_short_to_answer_without_a_disrupt_falls_at_once() -> None:
    state = one_enemy("Q♠ Q♥")
    give(state, 0, "9♠")
    events = state.apply(0, EndTurn())
    assert "overwhelmed" in kinds(events) and state.is_over
    with pytest.raises(IllegalAction):  # a yield is only for a defender too short to answer
        gm_first("Q♠ Q♥")[0].apply(0, Defend(cards=()))


def test_the_hint_for_a_player_too_short_to_answer_uses_only_a_disrupt_that_can_save() -> None:
    hush = ability("hush", {"op": "cancel"}, timing="disrupt")
    parry = ability("parry", {"op": "blunt", "amount": 3}, timing="disrupt")
    for kit, hint in ((hush, UseAbility(ability="hush")), (parry, Defend(cards=()))):
        state = one_enemy("Q♠ Q♥", classes=[klass_with(kit)])
        give(state, 0, "9♠")
        state.apply(0, EndTurn())
        assert state.prompt.kind == "defend" and suggest(state, 0) == hint
