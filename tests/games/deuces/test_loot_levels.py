"""Loot from deuces (three tiers, treasure, the limit of five, trading up), levelling when a deck
runs out, and the Quest for Power: level 6 wins; defeat reshuffles (beginner) or ends (hardcore)."""

from collections import Counter

import pytest

from bot.games.cards import Card, cards, standard_deck
from bot.games.contract import IllegalAction, NotYourTurn, Outcome
from bot.games.deuces import GAME
from bot.games.deuces.actions import Attack, Defend, DropLoot, GiveLoot, LootDone, TradeUp
from bot.games.deuces.state import Loot, Mode, Phase, Tier

from .tables import give, of, table

pytestmark = pytest.mark.usefixtures("quiet_gm")

PAIR_UP = "9♠ 9♦ 2♣ 2♦ 6♣ 7♣ 8♦ K♣ Q♣ J♣"
"""Nines to overwhelm a one-card enemy with, two deuces kept in hand."""


def win_with(hand: str, enemy: str = "one", loot: str = "A♠ K♥", **options):
    """Overwhelm a one-card enemy with the nines: the encounter is won, then loot is counted."""
    state, _ = table([PAIR_UP], [enemy], gm_deck="5♥", loot=loot, **options)
    give(state, 0, hand)
    return state, state.apply(0, Attack(target=0, cards=tuple(cards("9♠ 9♦"))))


@pytest.mark.parametrize(
    ("hand", "tier"),
    [
        ("9♠ 9♦ 2♣ 5♣ 6♣ 7♣", None),
        ("9♠ 9♦ 2♣ 2♦ 6♣ 7♣", Tier.COMMON),
        ("9♠ 9♦ 2♣ 2♦ 2♥ 7♣", Tier.RARE),
        ("9♠ 9♦ 2♣ 2♦ 2♥ 2♠", Tier.EPIC),
    ],
)
def test_deuces_in_hand_buy_loot_by_tier(hand: str, tier: Tier | None) -> None:
    state, events = win_with(hand)
    gained = of(events, "loot_gained")
    assert [g.tier for g in gained] == ([tier] if tier else [])
    assert state.players[0].loot == ([Loot(card=Card.parse("A♠"), tier=tier)] if tier else [])
    assert not state.players[0].hand, "hands are discarded after the encounter"


def test_treasure_makes_loot_one_deuce_cheaper() -> None:
    state, events = win_with("9♠ 9♦ 2♣ 5♣ 6♣ 7♣", enemy="chest")
    assert state.treasure
    assert [g.tier for g in of(events, "loot_gained")] == [Tier.COMMON]
    state, events = win_with("9♠ 9♦ 2♣ 2♦ 2♥ 7♣", enemy="chest")
    assert [g.tier for g in of(events, "loot_gained")] == [Tier.EPIC]


def test_a_sixth_loot_must_be_traded_up_or_given_back() -> None:
    state, _ = table([PAIR_UP], ["one"], gm_deck="5♥", loot="A♠", mode=Mode.QUEST_BEGINNER)
    held = [Loot(card=Card.parse(c), tier=Tier.COMMON) for c in ("3♥", "4♥", "5♦", "6♦", "7♦")]
    state.players[0].loot = list(held)
    for item in held:
        state.loot_deck.remove(item.card)
    events = state.apply(0, Attack(target=0, cards=tuple(cards("9♠ 9♦"))))
    assert of(events, "loot_gained")[0].card == Card.parse("A♠")
    assert state.phase == Phase.LOOT and state.waiting_for == [0]
    with pytest.raises(IllegalAction):
        state.apply(0, LootDone())
    with pytest.raises(IllegalAction):
        state.apply(0, TradeUp(keep=Card.parse("3♥"), give=Card.parse("3♥")))
    events = state.apply(0, TradeUp(keep=Card.parse("7♦"), give=Card.parse("3♥")))
    assert of(events, "loot_traded")[0].tier == Tier.RARE
    assert state.loot_deck[-1] == Card.parse("3♥"), "the traded card returns to the loot deck"
    assert len(state.players[0].loot) == 5
    with pytest.raises(IllegalAction):
        state.apply(0, DropLoot(card=Card.parse("4♥")))
    state.apply(0, TradeUp(keep=Card.parse("4♥"), give=Card.parse("5♦")))
    state.apply(0, TradeUp(keep=Card.parse("7♦"), give=Card.parse("4♥")))
    tiers = {item.card: item.tier for item in state.players[0].loot}
    assert tiers[Card.parse("7♦")] == Tier.EPIC
    with pytest.raises(IllegalAction):
        state.apply(0, TradeUp(keep=Card.parse("7♦"), give=Card.parse("6♦")))
    events = state.apply(0, LootDone())
    assert of(events, "encounter_started")[0].encounter == 2
    owned = state.loot_deck + [item.card for item in state.players[0].loot]
    assert Counter(owned) == Counter(standard_deck())


def test_over_the_limit_a_loot_card_may_be_given_back() -> None:
    state, _ = table([PAIR_UP], ["one"], gm_deck="5♥", loot="A♠", mode=Mode.QUEST_BEGINNER)
    tiers = [Tier.COMMON, Tier.RARE, Tier.EPIC, Tier.RARE, Tier.EPIC]
    picks = ("3♥", "4♥", "5♦", "6♦", "7♦")
    state.players[0].loot = [
        Loot(card=Card.parse(c), tier=t) for c, t in zip(picks, tiers, strict=True)
    ]
    for card in picks:
        state.loot_deck.remove(Card.parse(card))
    state.apply(0, Attack(target=0, cards=tuple(cards("9♠ 9♦"))))
    state.apply(0, DropLoot(card=Card.parse("A♠")))
    assert len(state.players[0].loot) == 5
    state.apply(0, LootDone())
    assert state.encounter == 2


def test_a_loot_step_that_times_out_gives_back_the_weakest() -> None:
    state, _ = table([PAIR_UP], ["one"], gm_deck="5♥", loot="A♠", mode=Mode.QUEST_BEGINNER)
    picks = ("3♥", "4♥", "5♦", "6♦", "7♦")
    state.players[0].loot = [Loot(card=Card.parse(c), tier=Tier.RARE) for c in picks]
    for card in picks:
        state.loot_deck.remove(Card.parse(card))
    state.apply(0, Attack(target=0, cards=tuple(cards("9♠ 9♦"))))
    events = state.time_out(0)
    assert of(events, "loot_traded") and len(state.players[0].loot) == 5


def test_running_out_of_deck_levels_the_party_after_the_encounter() -> None:
    state, _ = table([PAIR_UP], ["one"], gm_deck="5♥")
    who = state.players[0]
    who.discard = who.deck[1:] + who.discard
    who.deck = who.deck[:1]
    events = state.apply(0, Attack(target=0, cards=tuple(cards("9♠ 9♦"))))
    order = [e.kind for e in events]
    assert "deck_ran_out" in order and "threat_flipped" in order
    assert order.index("deck_ran_out") < order.index("encounter_ended") < order.index("levelled_up")
    assert of(events, "levelled_up")[0].level == 2 and state.level == 2
    assert len(who.deck) == 52 and not who.discard and not who.hand


def test_a_quest_is_won_at_level_6() -> None:
    state, events = win_with("9♠ 9♦ 3♣ 3♦ 6♣ 7♣", mode=Mode.QUEST_HARDCORE, level=5)
    assert state.level == 5 and not state.is_over
    state, events = win_with(
        "9♠ 9♦ 3♣ 3♦ 6♣ 7♣", mode=Mode.QUEST_HARDCORE, level=5, level_every_encounter=True
    )
    assert state.level == 6 and state.outcome == Outcome.WON
    assert of(events, "game_ended")[0].seat is None, "the party wins together"
    (line,) = GAME.narrate(of(events, "game_ended"), None, state, ["Ann"])
    assert "(level 6)" in line


def lose_first_encounter(mode: Mode, **options):
    state, _ = table(["4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 2♦ 2♣"], ["six"], gm_deck="A♥ K♠ K♥", mode=mode, **options)
    give(state, 0, "4♣ 5♣")
    return state, state.apply(0, Defend(cards=tuple(cards("4♣ 5♣"))))


def test_hardcore_ends_at_the_first_defeat() -> None:
    state, _ = lose_first_encounter(Mode.QUEST_HARDCORE)
    assert state.outcome == Outcome.LOST


def test_beginner_goes_on_after_a_defeat_with_reshuffled_decks() -> None:
    state, events = lose_first_encounter(Mode.QUEST_BEGINNER)
    assert not state.is_over
    assert of(events, "encounter_ended")[0].won is False
    assert of(events, "encounter_started")[0].encounter == 2
    who = state.players[0]
    assert Counter(who.deck + who.hand + who.discard) == Counter(standard_deck())


def test_a_quest_past_its_encounter_limit_is_lost() -> None:
    state, _ = lose_first_encounter(Mode.QUEST_BEGINNER, max_encounters=1)
    assert state.outcome == Outcome.LOST


def test_loot_may_be_given_to_a_partner_with_room_at_the_loot_step() -> None:
    state, _ = table(
        [PAIR_UP, PAIR_UP], ["one"], gm_deck="5♥ 6♥", loot="A♠ K♥", mode=Mode.QUEST_BEGINNER
    )
    epic = Loot(card=Card.parse("3♥"), tier=Tier.EPIC)
    state.players[1].loot = [epic]
    state.loot_deck.remove(epic.card)
    state.players[0].loot = [Loot(card=Card.parse(c), tier=Tier.RARE) for c in ("4♥", "5♦")]
    state.players[0].loot += [Loot(card=Card.parse(c), tier=Tier.EPIC) for c in ["6♦", "7♦", "8♦"]]
    for item in state.players[0].loot:
        state.loot_deck.remove(item.card)
    state.apply(0, Attack(target=0, cards=tuple(cards("9♠ 9♦"))))
    assert state.phase == Phase.LOOT
    assert state.waiting_for == [0], "seat 1 has nothing to trade up and nobody with room"
    with pytest.raises(NotYourTurn):
        state.apply(1, GiveLoot(card=epic.card, to=0))
    with pytest.raises(IllegalAction):
        state.apply(0, GiveLoot(card=epic.card, to=1))  # not theirs
    with pytest.raises(IllegalAction):
        state.apply(0, GiveLoot(card=Card.parse("6♦"), to=0))  # to themselves
    assert GiveLoot(card=Card.parse("6♦"), to=1) in state.legal_actions(0)
    events = state.apply(0, GiveLoot(card=Card.parse("6♦"), to=1))
    given = of(events, "loot_given")[0]
    assert (given.seat, given.to, given.card, given.tier) == (0, 1, Card.parse("6♦"), Tier.EPIC)
    assert Loot(card=Card.parse("6♦"), tier=Tier.EPIC) in state.players[1].loot
    assert len(state.players[0].loot) == 5, "six with the loot just won, one given"
    assert GAME.label(state, 0, GiveLoot(card=Card.parse("7♦"), to=1), ["ann", "bob"]) == (
        "Give loot 7♦ (epic) to bob"
    )


def test_a_lone_player_with_nothing_to_trade_is_not_asked_at_the_loot_step() -> None:
    state, _ = table([PAIR_UP], ["one"], gm_deck="5♥", loot="A♠", mode=Mode.QUEST_BEGINNER)
    state.players[0].loot = [Loot(card=Card.parse("3♥"), tier=Tier.RARE)]
    state.loot_deck.remove(Card.parse("3♥"))
    state.apply(0, Attack(target=0, cards=tuple(cards("9♠ 9♦"))))
    assert state.phase != Phase.LOOT, "nobody to give to, nothing to trade up"


def test_the_quest_for_power_is_ranked_by_level_reached_then_falls() -> None:
    state, _ = win_with(
        "9♠ 9♦ 3♣ 3♦ 6♣ 7♣", mode=Mode.QUEST_BEGINNER, level=5, level_every_encounter=True
    )
    assert [(r.outcome, r.score, r.tiebreak) for r in state.results()] == [("won", 6, 0)]
    state, _ = lose_first_encounter(Mode.QUEST_BEGINNER, max_encounters=1, level=3)
    assert [(r.outcome, r.score, r.tiebreak) for r in state.results()] == [("lost", 3, 1)]


def test_a_fall_is_a_lost_encounter_and_giving_up_is_one_more() -> None:
    state, _ = lose_first_encounter(Mode.QUEST_BEGINNER, level=2)
    assert not state.is_over and state.results() == [], "a setback: the quest goes on"
    [forfeit] = state.forfeits({0}, "abandoned")
    assert (forfeit.outcome, forfeit.score, forfeit.tiebreak) == ("abandoned", 2, 2), (
        "the encounter lost, and the one given up"
    )


def test_a_single_encounter_credits_every_player_with_its_level() -> None:
    state, _ = table(
        [PAIR_UP, PAIR_UP], ["one"], gm_deck="5♥ 6♥", loot="A♠ K♥", mode=Mode.ENCOUNTER, level=4
    )
    state.apply(0, Attack(target=0, cards=tuple(cards("9♠ 9♦"))))
    assert state.outcome == Outcome.WON
    assert [(r.seat, r.score, r.tiebreak) for r in state.results()] == [(0, 4, 0), (1, 4, 0)]
    assert state.score > 0, "the difficulty beaten is still told, but the board ranks the level"
