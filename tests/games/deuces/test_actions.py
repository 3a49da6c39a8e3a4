"""Actions as text (for select menus, custom_ids and logs), timeouts, views, and new games."""

import pytest

from bot.games.cards import Card, cards
from bot.games.contract import IllegalAction, Setup
from bot.games.deuces import (
    DEUCES_RULINGS,
    GAME,
    Attack,
    Defend,
    DeucesOptions,
    DropLoot,
    EndTurn,
    Guard,
    LootDone,
    SeatChoice,
    TradeUp,
    UseAbility,
    Vote,
    auto_defence,
    default_action,
    hand_view,
    load_content,
    new_game,
    parse_action,
    suggest,
    table_view,
)
from bot.games.deuces.state import Loot, Mode, Tier

from .tables import give, of, table

EXAMPLES = [
    Vote(hit=True),
    Vote(hit=False),
    Attack(target=1, cards=tuple(cards("10♠ 10♥"))),
    Defend(cards=tuple(cards("9♣ 9♦ 9♠"))),
    UseAbility(ability="kindle", cards=tuple(cards("7♥"))),
    UseAbility(ability="glare", target=0),
    UseAbility(ability="focus"),
    Guard(card=Card.parse("2♣")),
    EndTurn(),
    TradeUp(keep=Card.parse("A♠"), give=Card.parse("3♦")),
    DropLoot(card=Card.parse("4♥")),
    LootDone(),
]


@pytest.mark.parametrize("action", EXAMPLES, ids=str)
def test_every_action_round_trips_through_its_text(action) -> None:
    text = str(action)
    assert parse_action(text) == action
    assert text.isascii() and len(text) <= 60


@pytest.mark.parametrize("text", ["", "fly", "vote maybe", "attack x 2S", "guard", "defend ZZ"])
def test_unreadable_text_is_an_illegal_action(text: str) -> None:
    with pytest.raises(IllegalAction):
        parse_action(text)


def test_a_select_menu_of_cards_builds_an_attack() -> None:
    values = ["TS", "TH"]  # a multi-select's values: card codes
    action = Attack(target=int("1"), cards=tuple(Card.parse(v) for v in values))
    assert str(action) == "attack.1.TS.TH"
    assert parse_action("attack 1 TS TH") == action, "typed with spaces, as in the terminal"


def test_a_timed_out_defence_answers_with_the_cheapest_win() -> None:
    state, _ = table(["9♠ 9♦ Q♣ Q♦ 6♣ 7♣ 8♦ K♣"], ["six"], gm_deck="A♥ 10♠ 10♥")
    assert state.prompt.kind == "defend"
    assert auto_defence(state, 0) == Defend(cards=tuple(cards("Q♣ Q♦")))
    events = state.time_out(0)
    assert of(events, "clashed")[0].result == "defender"


def test_a_timed_out_defence_without_an_answer_throws_the_lowest_cards() -> None:
    state, _ = table(["2♠ 5♦ 9♣ J♦ 6♣ 7♣ 8♦ K♣"], ["six"], gm_deck="A♥ 10♠ 10♥")
    assert default_action(state, 0) == Defend(cards=tuple(cards("2♠ 5♦")))


def test_in_a_quest_a_timed_out_defence_keeps_the_deuces_for_loot() -> None:
    """Deuces in hand are loot at the end of a won encounter (here one is enough: treasure)."""
    quest = Mode.QUEST_BEGINNER
    state, _ = table(["2♠ 5♦ 9♣ J♦ 6♣ 7♣ 8♦ K♣"], ["six"], gm_deck="A♥ 10♠ 10♥", mode=quest)
    assert default_action(state, 0) == Defend(cards=tuple(cards("5♦ 6♣")))


def test_a_hinted_or_timed_out_defence_is_the_listed_one_whatever_the_hands_order() -> None:
    """The same cards make one defence with one text form, so the terminal marks the hint and
    Enter plays it, and the hint's button is not offered twice."""
    state, _ = table(["J♣ J♠ 5♦ 9♣ 6♣ 7♣ 8♦ K♣"], ["six"], gm_deck="A♥ 10♠ 10♥")
    assert state.prompt.kind == "defend"
    listed = [str(action) for action in state.legal_actions(0)]
    for move in (suggest(state, 0), default_action(state, 0)):
        assert str(move) == "defend.JS.JC" and str(move) in listed
    assert Defend(cards=tuple(cards("J♣ J♠"))) == Defend(cards=tuple(cards("J♠ J♣")))
    assert parse_action("defend JC JS") == parse_action("defend.JS.JC")


@pytest.mark.parametrize(("policy", "kind"), [("guard", "guard"), ("skip", "end")])
def test_a_timed_out_turn_guards_or_passes(policy: str, kind: str) -> None:
    state, _ = table(["2♠ 2♦ 3♣ 9♦ 6♣ 7♣ 8♦ K♣"], ["two"], gm_deck="5♥ 6♥", timeout=policy)
    assert state.prompt.kind == "turn"
    action = default_action(state, 0)
    assert action.kind == kind
    if kind == "guard":
        assert action == Guard(card=Card.parse("3♣")), "the lowest card that is not a deuce"


def test_views_show_the_table_to_all_and_a_hand_to_its_owner() -> None:
    state, _ = table(["9♠ 9♦ Q♣ Q♦ 6♣ 7♣ 8♦ K♣"], ["two"], gm_deck="5♥ 6♥")
    state.players[0].loot = [Loot(card=Card.parse("Q♣"), tier=Tier.RARE)]
    view = table_view(state)
    assert view.prompt == "turn" and view.waiting_for == [0]
    assert view.enemies[0].cards == 2 and view.enemies[0].name == "Two"
    assert view.seats[0].threat == Card.parse("8♦") and view.seats[0].cards == 6
    hand = hand_view(state, 0)
    assert [c.card for c in hand.cards] == cards("9♠ 9♦ Q♣ Q♦ 6♣ 7♣")
    assert hand.cards[2].loot == "rare"
    assert hand.abilities[0].usable_now and hand.abilities[0].text.startswith("On your turn")
    give(state, 0, "9♠")
    assert hand_view(state, 0).cards[0].card == Card.parse("9♠")


def test_new_game_seats_the_chosen_classes() -> None:
    content = load_content()
    party = [
        SeatChoice(class_id=c.id, custom_id=content.customs[0].id) for c in content.classes[:2]
    ]
    state, events = new_game(3, DeucesOptions(party=party, enemy_set="salt_marsh"), 2)
    assert [p.klass.id for p in state.players] == [c.id for c in content.classes[:2]]
    assert state.players[0].custom == content.customs[0]
    assert state.enemy_set.id == "salt_marsh"
    assert events[0].kind == "encounter_started" and state.waiting_for


def test_new_game_refuses_bad_setups() -> None:
    with pytest.raises(IllegalAction):
        new_game(1, DeucesOptions(), 0)
    with pytest.raises(IllegalAction):
        new_game(1, DeucesOptions(party=[SeatChoice(class_id="tinker")]), 2)
    with pytest.raises(IllegalAction, match="no class"):
        new_game(1, DeucesOptions(party=[SeatChoice(class_id="wizard")]), 1)
    with pytest.raises(IllegalAction, match="no enemy set"):
        new_game(1, DeucesOptions(enemy_set="moon"), 1)


def test_the_rulings_are_listed_for_rules() -> None:
    assert len(DEUCES_RULINGS) >= 10 and all(line.endswith(".") for line in DEUCES_RULINGS)


def test_a_lobbys_choices_seat_each_players_class_and_custom_ability() -> None:
    setup = Setup(
        variant="encounter",
        seats=2,
        picks=[{"class": "tinker", "custom": "heckle"}, {"class": "herbalist"}],
    )
    state, _ = GAME.new_game(7, setup)
    assert [p.klass.id for p in state.players] == ["tinker", "herbalist"]
    assert state.players[0].custom is not None and state.players[0].custom.id == "heckle"
    assert state.players[1].custom is not None, "a custom ability left unchosen is drawn"
    again, _ = GAME.new_game(7, setup)
    assert again.players[1].custom == state.players[1].custom, "drawn from the seed"
    custom = state.players[0].custom
    assert custom in state.players[0].abilities(1), "it is usable from level 1"


def test_the_settings_of_deuces_new_reach_the_engine_and_come_back_for_a_new_game() -> None:
    settings = {
        "level": 2,
        "difficulty": -2,
        "enemies": 2,
        "levelling": 1,
        "chips": 7,
        "epics": 4,
    }
    state, _ = GAME.new_game(3, Setup(variant="quest-beginner", seats=2, settings=settings))
    options = state.options
    assert (options.level, options.modifier, options.enemy_set) == (2, -2, "salt_marsh")
    assert options.level_every_encounter and state.enemy_set.id == "salt_marsh"
    assert state.target == (5 - 2) * 2
    assert GAME.settings_of(state) == settings
    plain, _ = GAME.new_game(3, Setup(variant="encounter", seats=1))
    assert GAME.settings_of(plain) == {
        "level": 1,
        "difficulty": 0,
        "enemies": 0,
        "levelling": 0,
        "chips": 10,
        "epics": 3,
    }
