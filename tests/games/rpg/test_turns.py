"""Scripted decks for the deal and the turn: the draw, buying, attacks, defences, deaths and the
deck running out. Each test names the rule or ruling it checks (bot/games/rpg/rules.py)."""

import pytest

from bot.games.cards import cards, standard_deck
from bot.games.contract import IllegalAction, seeded_rng
from bot.games.rpg.actions import Attack, Buy, Defend, EndTurn
from bot.games.rpg.engine import RpgState, deal_hands, new_game
from bot.games.rpg.events import (
    Attacked,
    Bought,
    Dealt,
    Defended,
    Fell,
    GameWon,
    Reshuffled,
    RpgEvent,
    TurnEnded,
    TurnStarted,
)
from bot.games.rpg.state import Phase
from bot.games.rpg.values import bid_rank, hearts, power, tier

from .scripts import build, c, cs, kinds, play


def test_values_ace_low_in_fights_and_high_in_bids() -> None:
    assert [power(card) for card in cards("AS 2C 10H JS QC KH")] == [1, 2, 10, 11, 12, 13]
    assert bid_rank(c("AD")) > bid_rank(c("KD")) > bid_rank(c("QD")) > bid_rank(c("2D"))
    assert [tier(card) for card in cards("2S 10S JS QS KS AS")] == [1, 1, 2, 2, 2, 3]


# ---- the deal --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_seven_each_and_every_hand_holds_a_heart(players: int) -> None:
    for seed in range(20):
        hands, deck, _ = deal_hands(seed, players)
        assert all(len(hand) == 7 and hearts(hand) for hand in hands)
        assert sorted(deck + [card for hand in hands for card in hand]) == sorted(standard_deck())


def test_a_deal_with_a_heartless_hand_is_gathered_and_dealt_again() -> None:
    redealt = []
    for seed in range(30):
        _, _, redeals = deal_hands(seed, 6)
        for attempt in range(redeals):  # each earlier shuffle left some hand without a heart
            deck = standard_deck()
            seeded_rng(seed, f"deal:{attempt}").shuffle(deck)
            assert any(not hearts(deck[seat::6][:7]) for seat in range(6))
        redealt.append(redeals)
    assert max(redealt) >= 1, "some seed of these needs a redeal"
    seed = redealt.index(max(redealt))
    _, events = new_game(seed, 6)
    assert isinstance(events[0], Dealt) and events[0].redeals == max(redealt)


def test_the_seed_chooses_the_first_player_and_play_goes_clockwise() -> None:
    firsts = set()
    for seed in range(30):
        state, events = new_game(seed, 4)
        first = seeded_rng(seed, "first").randrange(4)
        assert state.current == first and isinstance(events[0], Dealt)
        started = events[1]
        assert events[0].first == first and isinstance(started, TurnStarted)
        assert started.seat == first and len(started.cards) == 1
        events = state.apply(first, EndTurn())
        assert state.current == (first + 1) % 4 and state.direction == 1
        firsts.add(first)
    assert len(firsts) > 1


# ---- the compulsory draw ---------------------------------------------------------------------


def test_a_turn_begins_with_its_compulsory_draw() -> None:
    state, events = build(["9S 3H", "5S 4H"], deck="QC 2C")
    assert events == [TurnStarted(seat=0, cards=cards("QC"))]
    assert state.hands[0] == cards("3H 9S QC")
    play(state, 0, EndTurn())
    assert state.hands[1] == cards("4H 5S 2C")


def test_an_empty_deck_is_refilled_from_the_discard_pile() -> None:
    state, events = build(["9S 3H", "5S 4H"], rest="discard", seed=5)
    assert isinstance(events[0], Reshuffled) and events[0].cards == 48
    assert isinstance(events[1], TurnStarted) and len(events[1].cards) == 1
    assert len(state.deck) == 47 and state.discard == [] and len(state.hands[0]) == 3
    state.check_cards()


def test_with_deck_and_discard_both_empty_the_draw_is_skipped() -> None:
    state, events = build(["9S 3H 5D", "5S 4H"], rest=1)
    assert events == [TurnStarted(seat=0, cards=[])]
    assert state.hands[0] == cards("3H 9S 5D")
    assert play(state, 0, Buy(card=c("5D"))) == [Bought(seat=0, diamond=c("5D"), cards=[])]


# ---- buying ----------------------------------------------------------------------------------


def test_a_diamond_buys_one_two_or_three_cards_and_leaves_the_game() -> None:
    state, _ = build(["3H 5D KD AD", "4H"], deck="2C 3C 4C 5C 6C 7C 8C")
    assert play(state, 0, Buy(card=c("5D"))) == [Bought(seat=0, diamond=c("5D"), cards=cards("3C"))]
    assert play(state, 0, Buy(card=c("KD")))[0] == Bought(
        seat=0, diamond=c("KD"), cards=cards("4C 5C")
    )
    assert play(state, 0, Buy(card=c("AD")))[0] == Bought(
        seat=0, diamond=c("AD"), cards=cards("6C 7C 8C")
    )
    assert state.removed == cards("5D KD AD")
    assert not {c("5D"), c("KD"), c("AD")} & set(state.discard + state.deck)
    state.check_cards()


def test_bought_diamonds_stay_out_when_the_round_reshuffles() -> None:
    state, _ = build(["3H KD", "4H"], deck="2C 3C 4C 5C")
    play(state, 0, Buy(card=c("KD")), EndTurn())
    play(state, 1, EndTurn())
    play(state, 0, *state.legal_actions(0)[-1:])  # nobid
    play(state, 1, *state.legal_actions(1)[-1:])
    assert state.round == 2 and state.removed == cards("KD") and c("KD") not in state.deck


def test_only_a_diamond_buys() -> None:
    state, _ = build(["3H 9S KD", "4H"], deck="2C")
    with pytest.raises(IllegalAction):
        state.apply(0, Buy(card=c("9S")))


def test_no_buying_after_the_turns_first_attack() -> None:
    state, _ = build(["3H 9S 5C KD", "4H 8H 6S"], deck="2C 3C")
    play(state, 0, Attack(spade=c("9S"), clubs=cs("5C"), target=1))
    play(state, 1, Defend(cards=cs("6S")))
    assert Buy(card=c("KD")) not in state.legal_actions(0)
    before = state.model_dump_json()
    with pytest.raises(IllegalAction, match="before attacking"):
        state.apply(0, Buy(card=c("KD")))
    assert state.model_dump_json() == before


# ---- attacks ---------------------------------------------------------------------------------


def attacker() -> tuple[RpgState, list[RpgEvent]]:
    return build(["3H AS 9S 10S JS 2C 3C 4C KC QC AC", "4H 8H 6S KS QS JH"], deck="2H")


@pytest.mark.parametrize(
    ("spade", "clubs", "ok"),
    [
        ("9S", "2C", True),
        ("9S", "2C 3C", False),
        ("JS", "2C 3C", True),
        ("JS", "2C 3C 4C", False),
        ("AS", "2C 3C 4C", True),
        ("AS", "2C 3C 4C KC", False),
        ("9S", "", False),
    ],
)
def test_a_spade_allows_one_two_or_three_clubs(spade: str, clubs: str, ok: bool) -> None:
    state, _ = attacker()
    action = Attack(spade=c(spade), clubs=cs(clubs), target=1)
    assert state.allows(0, action) == ok
    if not ok:
        with pytest.raises(IllegalAction):
            state.apply(0, action)


def test_damage_is_the_clubs_sum_with_the_ace_one() -> None:
    state, _ = attacker()
    events = play(state, 0, Attack(spade=c("AS"), clubs=cs("KC QC AC"), target=1))
    assert events == [Attacked(seat=0, target=1, spade=c("AS"), clubs=cards("AC QC KC"), damage=26)]
    assert state.phase == Phase.DEFEND and state.acting() == [1]
    assert state.attack is not None and state.attack.damage == 26


def test_an_attack_needs_a_spade_clubs_and_a_living_opponent() -> None:
    state, _ = build(["3H 9S 2C", "4H 8H", "5H"], deck="2H")
    for action in (
        Attack(spade=c("9S"), clubs=cs("2C"), target=0),
        Attack(spade=c("9S"), clubs=cs("2C"), target=3),
        Attack(spade=c("2C"), clubs=cs("9S"), target=1),
        Attack(spade=c("9S"), clubs=cs("3H"), target=1),
        Attack(spade=c("10S"), clubs=cs("2C"), target=1),
    ):
        with pytest.raises(IllegalAction):
            state.apply(0, action)
    state.fallen.append(2)  # seat 2 is dead: no longer a target
    assert not state.allows(0, Attack(spade=c("9S"), clubs=cs("2C"), target=2))


def test_any_spade_of_an_allowance_is_accepted_but_the_lowest_is_listed() -> None:
    state, _ = attacker()
    listed = [a for a in state.legal_actions(0) if isinstance(a, Attack)]
    assert {a.spade for a in listed} == {c("9S"), c("JS"), c("AS")}
    assert state.allows(0, Attack(spade=c("10S"), clubs=cs("KC"), target=1))


# ---- defences --------------------------------------------------------------------------------


def defending(defender: str) -> RpgState:
    state, _ = build(["3H 9S 7C", defender, "2H"], deck="QC")
    play(state, 0, Attack(spade=c("9S"), clubs=cs("7C"), target=1))
    return state


def test_a_defence_must_reach_at_least_the_damage() -> None:
    state = defending("5S 2C 4H 9H 2D")
    for short in ("5S", "2C 4H", "5S 2D"):
        with pytest.raises(IllegalAction):
            state.apply(1, Defend(cards=cs(short)))
    events = play(state, 1, Defend(cards=cs("5S 2C")))
    assert events == [Defended(seat=1, cards=cards("5S 2C"), total=7)]
    assert state.discard == cards("9S 7C 5S 2C") and state.attack is None
    assert state.phase == Phase.TURN and state.acting() == [0]


def test_a_defence_worth_more_than_needed_is_accepted() -> None:
    state = defending("5S 2C 4H 9H")
    play(state, 1, Defend(cards=cs("5S 2C 4H")))
    assert state.hands[1] == cards("9H") and 1 not in state.fallen


def test_diamonds_never_defend() -> None:
    state = defending("5S 4H 9H 9D")
    with pytest.raises(IllegalAction, match="diamonds"):
        state.apply(1, Defend(cards=cs("5S 9D")))


def test_a_defender_who_cannot_reach_the_damage_falls_at_once() -> None:
    state, _ = build(["3H 9S 7C", "2S 4H 9D", "2H"], deck="QC")
    events = play(state, 0, Attack(spade=c("9S"), clubs=cs("7C"), target=1))
    assert kinds(events) == ["attacked", "fell"]
    assert events[1] == Fell(seat=1, reason="overwhelmed", cards=3, damage=7)
    assert state.hands[1] == [] and set(cards("2S 4H 9D 9S 7C")) <= set(state.discard)
    assert state.fallen == [1] and state.acting() == [0] and state.phase == Phase.TURN


def test_a_defender_with_no_heart_after_defending_falls() -> None:
    state = defending("5S 4H 9C")
    events = play(state, 1, Defend(cards=cs("5S 4H")))
    assert kinds(events) == ["defended", "fell"]
    assert events[1] == Fell(seat=1, reason="heartless", cards=1)
    assert c("9C") in state.discard and state.fallen == [1]


def test_a_defender_whose_every_answer_spends_the_last_heart_falls_at_once() -> None:
    state, _ = build(["3H 9S 7C", "5S 4H", "2H"], deck="QC")
    events = play(state, 0, Attack(spade=c("9S"), clubs=cs("7C"), target=1))
    assert events[1] == Fell(seat=1, reason="doomed", cards=2, damage=7)
    assert state.phase == Phase.TURN


def test_the_dead_hand_goes_to_the_discard_pile_and_the_last_one_standing_wins() -> None:
    state, _ = build(["3H 9S 7C", "2S 4H 9D"], deck="QC")
    events = play(state, 0, Attack(spade=c("9S"), clubs=cs("7C"), target=1))
    assert events[-1] == GameWon(winners=[0])
    assert state.is_over and state.acting() == [] and state.legal_actions(0) == []
    assert sorted(cards("2S 4H 9D 9S 7C")) == sorted(state.discard)
    state.check_cards()


def test_the_attacker_may_attack_again_after_an_answer() -> None:
    state, _ = build(["3H 9S 8S 7C 6C", "5S 2C 4H 9H KS", "2H"], deck="QC")
    play(state, 0, Attack(spade=c("8S"), clubs=cs("6C"), target=1))
    play(state, 1, Defend(cards=cs("KS")))
    play(state, 0, Attack(spade=c("9S"), clubs=cs("7C"), target=1))
    assert state.acting() == [1]


def test_ending_the_turn_passes_it_on() -> None:
    state, _ = build(["3H", "4H", "5H"], deck="2C 3C 4C")
    events = play(state, 0, EndTurn())
    assert events == [TurnEnded(seat=0), TurnStarted(seat=1, cards=cards("3C"))]


def test_a_card_is_never_played_twice_in_one_action() -> None:
    state, _ = build(["3H AS 2C 3C", "4H 8H 6S"], deck="2H")
    with pytest.raises(IllegalAction):
        state.apply(0, Attack(spade=c("AS"), clubs=cs("2C 2C"), target=1))
    state, _ = build(["3H 9S 7C", "5S 4H 9H", "2H"], deck="2C")
    play(state, 0, Attack(spade=c("9S"), clubs=cs("7C"), target=1))
    with pytest.raises(IllegalAction):
        state.apply(1, Defend(cards=cs("5S 5S")))


def test_a_card_not_held_cannot_be_played() -> None:
    state, _ = build(["3H 9S 7C", "5S 4H 9H"], deck="2C")
    with pytest.raises(IllegalAction, match="do not hold"):
        state.apply(0, Attack(spade=c("9S"), clubs=cs("8C"), target=1))
