"""The GM policy: legal, deterministic, and with some bite (attack choice, abilities, folding)."""

from bot.games.cards import Card, cards
from bot.games.deuces import (
    gm,
    suggest,
    tactics,
)
from bot.games.deuces.actions import Attack, EndTurn
from bot.games.deuces.content import ClassDef, EnemyDef, EnemySet
from bot.games.deuces.state import Mode, Side, player

from .tables import TEST_SET, ability, give, kinds, of, table

HAND = "9♠ 9♦ 4♣ 5♣ 6♣ 7♣ 8♦ K♣ Q♣ J♣"

HEXER = EnemyDef(
    id="hexer",
    name="Hexer",
    difficulty=3,
    hand=(4, 4, 4, 4, 4),
    elite_at=1,
    boss_at=6,
    basic=ability("hex", {"op": "edge", "amount": -2, "who": "target"}, target="foe"),
    elite=ability("blink", {"op": "cancel"}, timing="disrupt"),
)
HEX_SET = EnemySet(id="hex_set", name="Hex Set", tier=1, enemies=[HEXER, *TEST_SET.enemies[1:]])


def test_the_gm_overwhelms_a_player_with_too_few_cards() -> None:
    state, _ = table([HAND], ["four"], gm_deck="5♠ 5♥ 5♣ K♦", enemy_set=HEX_SET)
    give(state, 0, "9♠ 9♦")
    assert gm.pick_attack(state, 0, player(0)) == cards("5♠ 5♥ 5♣")


def test_an_enemy_aims_its_ability_at_the_player_it_attacks() -> None:
    state, _ = table([HAND], ["hexer"], gm_deck="A♠ A♥ 2♦ 3♦", enemy_set=HEX_SET)
    events = state.apply(0, EndTurn())
    order = kinds(events)
    assert order.index("ability_used") < order.index("attacked")
    edge = of(events, "edge_changed")[0]
    assert (edge.who, edge.amount) == (player(0), -2)
    assert of(events, "attacked")[0].defender == player(0)


def test_an_enemy_disrupts_only_an_attack_it_would_lose() -> None:
    state, _ = table([HAND], ["hexer"], gm_deck="A♠ A♥ 2♦ 3♦", enemy_set=HEX_SET)
    events = state.apply(0, Attack(target=0, cards=tuple(cards("4♣"))))
    assert "attack_cancelled" not in kinds(events), "an ace answers a four"
    state, _ = table([HAND], ["hexer"], gm_deck="2♠ 3♥ 2♦ 3♦", enemy_set=HEX_SET)
    events = state.apply(0, Attack(target=0, cards=tuple(cards("9♠ 9♦"))))
    assert "attack_cancelled" in kinds(events)
    assert len(state.enemies[0].hand) == 4 and cards("9♠ 9♦")[0] in state.players[0].hand


def test_the_gm_folds_past_the_round_limit() -> None:
    state, _ = table([HAND], ["four"], gm_deck="A♠ A♥ K♦ K♠", enemy_set=HEX_SET)
    state.round = gm.MAX_ROUNDS + 1
    events = state.apply(0, EndTurn())
    assert "folded" in kinds(events) and state.outcome == "won"


def test_the_gm_is_the_same_for_the_same_table() -> None:
    def first_attack() -> list:
        state, events = table([HAND, HAND], ["four", "three"], enemy_set=HEX_SET)
        state.apply(0, EndTurn())
        events = state.apply(1, EndTurn())
        return [repr(e) for e in events]

    assert first_attack() == first_attack()


REWINDER = EnemyDef(
    id="rewinder",
    name="Rewinder",
    difficulty=3,
    hand=(4, 4, 4, 4, 4),
    elite_at=1,
    boss_at=6,
    basic=ability("rewind", {"op": "recover", "count": 1}),
    elite=ability("blink", {"op": "cancel"}, timing="disrupt"),
)
REWIND_SET = EnemySet(
    id="rewind_set", name="Rewind Set", tier=1, enemies=[REWINDER, *TEST_SET.enemies[1:]]
)


def test_an_enemy_does_not_spend_an_ability_that_would_do_nothing() -> None:
    state, _ = table([HAND], ["rewinder"], gm_deck="A♠ A♥ 2♦ 3♦", enemy_set=REWIND_SET)
    assert state.gm_discard == [], "nothing for Rewind to take back"
    assert gm.pick_ability(state, 0) is None
    state.gm_discard.extend(cards("7♠ 8♠"))
    chosen = gm.pick_ability(state, 0)
    assert chosen is not None and chosen[0].id == "rewind"


def test_cards_thrown_away_are_the_lowest_but_never_the_deuces() -> None:
    state, _ = table([HAND], ["four"], gm_deck="5♠ 5♥ 5♣ K♦")
    shed = ability("shed", {"op": "guard", "count": 2})
    give(state, 0, "2♠ 2♦ 6♣ 9♥ K♣")
    assert tactics.chosen_cards(state, player(0), shed) == cards("6♣ 9♥")
    give(state, 0, "2♠ 2♦ Q♣ K♣")
    assert not tactics.worth_using(state, player(0), shed), "only deuces are low: keep them"


HUNTER = EnemyDef(
    id="hunter",
    name="Hunter",
    difficulty=3,
    hand=(4, 4, 4, 4, 4),
    elite_at=6,
    boss_at=6,
    basic=ability("track", {"op": "hunt"}),
    elite=ability("blink", {"op": "cancel"}, timing="disrupt"),
)
HUNT_SET = EnemySet(id="hunt_set", name="Hunt Set", tier=1, enemies=[HUNTER, *TEST_SET.enemies[1:]])
LOW = "2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 3♦ 10♥ J♥"
"""Hand 2♥-7♥, Threat Card 3♦."""


def test_an_enemy_hunts_only_when_it_changes_whom_it_attacks() -> None:
    state, _ = table([HAND], ["hunter"], gm_deck="A♠ A♥ 2♦ 3♦", enemy_set=HUNT_SET)
    assert gm.pick_ability(state, 0) is None, "alone, the player is attacked anyway"
    state, _ = table([HAND, LOW], ["hunter"], gm_deck="A♠ A♥ 2♦ 3♦", enemy_set=HUNT_SET)
    assert gm.must_target(state, 0) == [0], "8♦ beats 3♦"
    assert gm.pick_ability(state, 0) is None, "the player it must attack holds the fewest"
    give(state, 1, "4♥ 5♥")
    chosen = gm.pick_ability(state, 0)
    assert chosen is not None and chosen[0].id == "track", "the hunt reaches a weaker player"
    state.taunt = 0
    assert gm.pick_ability(state, 0) is None, "a taunt holds whatever the hunt"


def test_a_hint_keeps_the_deuces_that_make_loot_when_another_play_will_do() -> None:
    hush = ability("hush", {"op": "cancel"}, timing="disrupt")  # nothing to use on a turn
    steady = ClassDef(id="steady", name="Steady", abilities=[{"level": 1, "ability": hush}])
    one, _ = table([HAND], ["four"], gm_deck="5♠ 5♥ 5♣ K♦", classes=[steady])
    give(one, 0, "2♠ 2♦ 4♣ 7♦ 9♣ J♦")
    assert tactics.loot_lost(one, player(0), cards("2♠ 2♦")) == 0, "no loot after one encounter"
    quest = Mode.QUEST_BEGINNER
    state, _ = table([HAND], ["four"], gm_deck="5♠ 5♥ 5♣ K♦", classes=[steady], mode=quest)
    give(state, 0, "2♠ 2♦ 4♣ 7♦ 9♣ J♦")
    hint = suggest(state, 0)
    assert not isinstance(hint, Attack) or Card.parse("2♠") not in hint.cards
    assert tactics.loot_lost(state, player(0), cards("2♠ 2♦")) == 1
    give(state, 0, "2♠ 2♦ 3♣ 3♦ 9♣ J♦")
    assert suggest(state, 0) == Attack(target=0, cards=tuple(cards("3♣ 3♦")))


def test_the_gm_folds_when_outclassed_and_fights_on_with_a_card_worth_playing() -> None:
    # Three enemy cards against nine: a fold only when no attack is worth making.
    low, _ = table([HAND], ["four"], gm_deck="2♠ 3♥ 4♦ 5♦")
    give(low, 0, "9♠ 9♦ 4♣ 5♣ 6♣ 7♣ 8♣ 10♣ J♣")
    low.enemies[0].hand = cards("2♠ 3♥ 4♦")
    assert gm.should_fold(low)
    high, _ = table([HAND], ["four"], gm_deck="2♠ 3♥ 4♦ 5♦")
    give(high, 0, "9♠ 9♦ 4♣ 5♣ 6♣ 7♣ 8♣ 10♣ J♣")
    high.enemies[0].hand = cards("A♠ A♥ 4♦")
    assert not gm.should_fold(high), "a pair of aces is worth playing"


def test_the_gm_may_fold_in_the_middle_of_its_turn() -> None:
    state, _ = table([HAND, HAND], ["four", "four"], gm_deck="A♠ A♥ A♦ A♣ 2♠ 3♥ 4♦ 5♦")
    state.prompt, state.side = None, Side.GM
    state.gm_actor, state.gm_attacks, state.gm_ability_done = 1, 1, True
    state.enemies[0].defeated, state.enemies[0].hand = True, []
    state.enemies[1].hand = cards("2♠ 3♥")
    events = state.mode.advance(state)
    assert kinds(events)[0] == "folded", "before the acting enemy's attack"
    assert state.won and state.folded
