"""Quest for Loot on scripted tables: chips, sealed bids, match or fold, the raise after the
draw, the pay-out and the end of the table, each ruling of the rules page as a behaviour."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.games.contract import IllegalAction
from bot.games.deuces import (
    LOOT_RULINGS,
    Attack,
    Bid,
    Call,
    DeucesState,
    Onward,
    Raise,
    default_action,
    parse_action,
    suggest,
)
from bot.games.deuces.game import GAME
from bot.games.deuces.modes.loot.wagers import payouts
from bot.games.deuces.state import Mode, Phase, Side
from bot.games.deuces.table import deuces_hand
from bot.games.deuces.voice import narrate
from tests.games.deuces.tables import kinds, of, table

LOOT = {"mode": Mode.LOOT}
STRONG = "AS KS QS JS 9S 8S 7S"
"""A level-1 hand of six and its Threat Card."""


def loot_table(players: int, enemies: list[str], gm_deck: str = "", **options):
    return table([STRONG] * players, enemies, gm_deck, **(LOOT | options))


def bid_all(state: DeucesState, *bids: int) -> list:
    events = []
    for seat, chips in enumerate(bids):
        events += state.apply(seat, Bid(chips=chips))
    return events


def chips_on_table(state: DeucesState) -> int:
    return sum(who.chips for who in state.players) + state.gm_chips


def finish(state: DeucesState, won: bool, fallen: tuple[int, ...] = (), bets=None) -> list:
    """End the encounter in play as decided (the fight itself is tested elsewhere): the
    fallen are down, and the table settles and moves on by its own rules."""
    for seat, bet in enumerate(bets or []):
        state.players[seat].bet = bet
    for seat in fallen:
        state.players[seat].defeated = True
    state.prompt, state.phase, state.won = None, Phase.END, won
    return state.mode.advance(state)


def test_equal_stacks_and_the_gm_holds_their_sum() -> None:
    state, events = loot_table(3, ["five"] * 3, chips=7)
    assert [who.chips for who in state.players] == [7, 7, 7] and state.gm_chips == 21
    assert of(events, "chips_dealt")[0].gm_chips == 21
    assert state.prompt is not None and state.prompt.kind == "wager"
    assert state.enemies == [], "the bets make the target before any enemy is drawn"


def test_bids_are_sealed_until_every_one_is_in() -> None:
    state, _ = loot_table(2, ["five"] * 3)
    first = state.apply(0, Bid(chips=3))
    assert kinds(first) == ["wager_placed"] and state.players[0].bet == 0
    assert state.waiting_for == [1]
    table_text = str(GAME.table(state, ["ann", "bob"]).fields)
    assert "ann 10 (wager in)" in table_text and "3" not in table_text.split("ann 10")[1][:12]
    told = narrate(first, None, state, ["ann", "bob"])
    assert told and all("3" not in line for line in told)
    shown = of(state.apply(1, Bid(chips=1)), "bids_shown")[0]
    assert (shown.bids, shown.highest) == ([3, 1], 3)


def test_the_rules_example_two_bid_three_one_folds_target_fourteen() -> None:
    state, _ = loot_table(3, ["five"] * 4)
    events = bid_all(state, 3, 3, 1)
    assert state.prompt is not None and state.prompt.kind == "call"
    assert state.waiting_for == [2], "only the one below the highest is asked"
    events = state.apply(2, Call(match=False))
    assert of(events, "bid_folded")[0].blind == 1
    assert state.players[2].chips == 9 and state.gm_chips == 31, "the GM takes the blind"
    assert state.target == 14 and of(events, "stakes_set")[0].bets == [3, 3, 0]
    assert state.difficulty == 15, "drawn until the target is met or exceeded"
    assert state.players[2].sat_out and 2 not in state.active(Side.PLAYERS)
    assert state.waiting_for == [0, 1], "only those in may raise"
    assert chips_on_table(state) == 60


def test_the_gm_draws_to_the_target_with_no_vote_then_the_raise_is_asked() -> None:
    state, events = loot_table(1, ["three", "three", "four"])
    events = bid_all(state, 1)
    assert [e.total for e in of(events, "enemy_drawn")] == [3, 6]
    assert "vote" not in {e.kind for e in events}
    assert state.prompt is not None and state.prompt.kind == "raise"
    listed = [str(a) for a in state.legal_actions(0)]
    assert listed == ["raise.0", "raise.1", "raise.2", "raise.3", "raise.5", "raise.9"], (
        "the common raises, and all in: every chip not yet bet"
    )


def test_a_raise_within_the_encounter_adds_no_enemy() -> None:
    state, _ = loot_table(1, ["three", "three", "four"])
    bid_all(state, 1)
    events = state.apply(0, Raise(chips=1))
    shown = of(events, "raises_shown")[0]
    assert (shown.target, shown.difficulty) == (6, 6) and not of(events, "enemy_drawn")
    encounter = of(events, "encounter_set")[0]
    assert (encounter.comparison, encounter.treasure, encounter.first) == ("equal", True, "players")
    assert state.players[0].bet == 2


def test_a_raise_past_the_encounter_has_the_gm_draw_again() -> None:
    state, _ = loot_table(1, ["three", "three", "four"])
    bid_all(state, 1)
    events = state.apply(0, Raise(chips=2))
    assert [e.name for e in of(events, "enemy_drawn")] == ["Four"]
    assert (state.target, state.difficulty) == (7, 10)


def test_short_of_the_highest_bid_a_player_goes_all_in() -> None:
    state, _ = loot_table(2, ["five"] * 4)
    state.players[0].chips, state.players[1].chips = 18, 2
    assert [str(a) for a in state.legal_actions(1)] == ["bid.1", "bid.2"], "no more than held"
    bid_all(state, 5, 1)
    assert state.waiting_for == [1]
    events = state.apply(1, Call(match=True))
    matched = of(events, "bid_matched")[0]
    assert (matched.bet, matched.all_in) == (2, True)
    assert state.target == (5 + 4) + (5 + 1), "their target is what they put in"


def test_a_bid_may_be_any_number_of_the_chips_held() -> None:
    state, _ = loot_table(2, ["five"] * 8)
    state.players[0].chips, state.players[1].chips, state.gm_chips = 30, 10, 4
    listed = [a.chips for a in state.legal_actions(0) if isinstance(a, Bid)]
    assert listed == [1, 2, 3, 5, 10, 20, 30], "the common bids and all in, whatever the GM's"
    before = state.model_dump_json()
    with pytest.raises(IllegalAction):
        state.apply(0, Bid(chips=31))
    with pytest.raises(IllegalAction):
        state.apply(0, Bid(chips=0))
    assert state.model_dump_json() == before
    events = bid_all(state, 17, 10)
    assert of(events, "bids_shown")[0].bids == [17, 10], "an amount not listed is taken too"
    state.apply(1, Call(match=True))  # all in: the 10 held
    assert state.target == (5 + 16) + (5 + 9)


def test_a_raise_may_be_every_chip_not_yet_bet() -> None:
    state, _ = loot_table(1, ["three", "three", "four", "five", "five", "five"])
    state.players[0].chips = 25
    bid_all(state, 4)
    assert [str(a) for a in state.legal_actions(0)][-1] == "raise.21"
    with pytest.raises(IllegalAction):
        state.apply(0, Raise(chips=22))
    state.apply(0, Raise(chips=7))
    assert state.players[0].bet == 11 and state.target == 5 + 10


def test_a_gm_short_of_the_bets_pays_what_it_holds_in_proportion() -> None:
    state, _ = loot_table(3, ["five"] * 4)
    state.players[0].chips, state.players[1].chips, state.players[2].chips = 20, 10, 5
    state.gm_chips = 4
    bid_all(state, 1, 1, 1)
    events = finish(state, won=True, fallen=(2,), bets=[12, 6, 5])
    settled = of(events, "chips_settled")[0]
    assert settled.changes == [6, 3, -5], "the fallen's 5 first: 9 shared 12 to 6"
    assert state.gm_chips == 0 and chips_on_table(state) == 39
    assert of(events, "table_closed")[0].reason == "broke"


def test_the_house_is_broken_by_a_bet_it_cannot_pay() -> None:
    state, _ = loot_table(2, ["five"] * 4)
    state.players[0].chips, state.players[1].chips, state.gm_chips = 25, 5, 10
    bid_all(state, 1, 1)
    events = finish(state, won=True, bets=[25, 5])
    assert of(events, "chips_settled")[0].changes == [9, 1]
    assert [who.chips for who in state.players] == [34, 6] and state.gm_chips == 0
    assert of(events, "table_closed")[0].reason == "house_broken"


@given(
    stack=st.integers(min_value=0, max_value=200),
    bets=st.lists(st.integers(min_value=1, max_value=60), min_size=1, max_size=5),
)
def test_a_payout_never_exceeds_the_stack_nor_a_bet(stack: int, bets: list[int]) -> None:
    owed = dict(enumerate(bets))
    paid = payouts(stack, owed)
    assert set(paid) == set(owed)
    assert all(0 <= paid[seat] <= owed[seat] for seat in owed)
    assert sum(paid.values()) == min(stack, sum(bets)), "all it owes, or all it holds"


def test_a_survivor_is_paid_and_the_table_stops_when_the_players_say(quiet_gm) -> None:
    state, _ = table(["AS KS QS JS 9S 8S 7S"], ["chest"], "2C", mode=Mode.LOOT)
    bid_all(state, 2)
    state.apply(0, Raise(chips=0))
    assert state.waiting_for == [0] and state.prompt is not None and state.prompt.kind == "turn"
    events = state.apply(0, Attack(target=0, cards=(state.players[0].hand[0],)))
    settled = of(events, "chips_settled")[0]
    assert settled.changes == [2] and (state.players[0].chips, state.gm_chips) == (12, 8)
    assert state.prompt is not None and state.prompt.kind == "onward"
    events = state.apply(0, Onward(go=False))
    assert of(events, "table_closed")[0].reason == "stopped" and state.is_over
    [result] = state.results()
    assert (result.outcome, result.score) == ("won", 12)


def test_the_fallen_pay_even_when_the_blow_that_felled_them_won_it() -> None:
    state, _ = loot_table(3, ["five"] * 4)
    bid_all(state, 2, 2, 2)
    events = finish(state, won=True, fallen=(1,), bets=[2, 3, 2])
    assert of(events, "chips_settled")[0].changes == [2, -3, 2]
    assert [who.chips for who in state.players] == [12, 7, 12] and state.gm_chips == 29
    assert chips_on_table(state) == 60


def test_a_broke_player_ends_the_table() -> None:
    state, _ = loot_table(2, ["five"] * 4)
    state.players[0].chips, state.gm_chips = 3, 27
    bid_all(state, 3, 3)
    events = finish(state, won=False, fallen=(0, 1), bets=[3, 3])
    closed = of(events, "table_closed")[0]
    assert (closed.reason, closed.broke) == ("broke", [0]) and state.is_over
    assert [(r.outcome, r.score) for r in state.results()] == [("lost", 0), ("lost", 7)]


def test_a_gm_that_cannot_cover_the_blinds_is_broken() -> None:
    state, _ = loot_table(3, ["five"] * 4)
    state.gm_chips = 9
    bid_all(state, 3, 3, 3)
    events = finish(state, won=True, bets=[3, 3, 3])
    assert state.gm_chips == 0 and of(events, "table_closed")[0].reason == "house_broken"
    assert all(r.outcome == "won" for r in state.results())


def test_more_than_half_must_stop_a_tie_plays_on() -> None:
    state, _ = loot_table(2, ["five"] * 4)
    bid_all(state, 1, 1)
    finish(state, won=True, bets=[1, 1])
    state.apply(0, Onward(go=False))
    events = state.apply(1, Onward(go=True))
    assert not state.is_over and state.encounter == 2
    assert state.prompt is not None and state.prompt.kind == "wager"
    assert of(events, "encounter_started")


def test_timeouts_bet_the_blind_fold_raise_nothing_and_stop() -> None:
    state, _ = loot_table(2, ["five"] * 4)
    assert default_action(state, 0) == Bid(chips=1)
    bid_all(state, 3, 1)
    assert default_action(state, 1) == Call(match=False)
    state.apply(1, default_action(state, 1))
    assert default_action(state, 0) == Raise(chips=0)
    finish(state, won=True, bets=[3, 0])
    assert default_action(state, 0) == Onward(go=False)


def test_the_hint_plays_every_wager() -> None:
    state, _ = loot_table(2, ["five"] * 4)
    assert suggest(state, 0) == Bid(chips=1)
    bid_all(state, 2, 1)
    assert suggest(state, 1) == Call(match=True), "one chip more is worth matching"
    state.apply(1, suggest(state, 1))
    assert suggest(state, 0) == Raise(chips=0)
    finish(state, won=True, bets=[2, 2])
    assert suggest(state, 0) == Onward(go=False), "ahead: take the chips home"


def test_levels_stop_at_five() -> None:
    state, _ = loot_table(1, ["five"] * 4, level=5, level_every_encounter=True)
    bid_all(state, 1)
    events = finish(state, won=True, bets=[1])
    assert state.level == 5 and not state.is_over and not of(events, "levelled_up")


def test_wagers_and_chips_survive_a_restart() -> None:
    state, _ = loot_table(3, ["five"] * 4)
    state.apply(0, Bid(chips=4))
    stored = DeucesState.model_validate_json(state.model_dump_json())
    assert stored == state and stored.prompt is not None
    assert stored.apply(1, Bid(chips=1)) == state.apply(1, Bid(chips=1))
    assert stored.gm_chips == 30 and stored == state


def test_each_wager_has_one_text_form() -> None:
    for action in (Bid(chips=1), Bid(chips=5), Call(match=True), Call(match=False)):
        assert parse_action(str(action)) == action
    for action in (Raise(chips=0), Raise(chips=3), Onward(go=True), Onward(go=False)):
        assert parse_action(str(action)) == action
    assert str(Call(match=False)) == "call.fold" and str(Onward(go=False)) == "onward.stop"


def test_a_closed_early_table_scores_the_chips_as_they_stand() -> None:
    state, _ = loot_table(2, ["five"] * 4)
    state.players[0].chips, state.gm_chips = 13, 17
    assert [(r.outcome, r.score) for r in state.forfeits({0}, "expired")] == [
        ("expired", 13),
        ("expired", 10),
    ]


def test_the_rules_page_records_every_loot_ruling() -> None:
    page = str(GAME.rules.page("loot"))
    assert all(ruling in page for ruling in LOOT_RULINGS) and len(LOOT_RULINGS) >= 8
    assert "Quest for Loot" in str([v.label for v in GAME.info.variants])
    assert any(board.unit == "chips" for board in GAME.info.boards)


def test_a_player_who_folds_sits_the_encounter_out() -> None:
    state, _ = loot_table(3, ["five"] * 4)
    bid_all(state, 2, 2, 1)
    state.apply(2, Call(match=False))
    events: list = []
    while not of(events, "encounter_ended"):
        assert 2 not in state.waiting_for, "no turns, no raise, no defence for the folded"
        seat = state.waiting_for[0]
        events += state.apply(seat, suggest(state, seat))
    attacked = {(e.defender.side, e.defender.index) for e in of(events, "attacked")}
    assert ("players", 2) not in attacked
    assert of(events, "chips_settled")[0].changes[2] == 0, "the blind was all they paid"
    assert not [e for e in of(events, "loot_gained") if e.seat == 2]


def test_the_hand_asks_for_an_amount_only_where_the_list_leaves_one_out() -> None:
    state, _ = loot_table(2, ["five"] * 8)
    state.players[0].chips, state.players[1].chips = 30, 4
    others = [c for c in deuces_hand(state, 0, []).controls if c.ask is not None]
    assert [(c.action, c.ask.least, c.ask.most) for c in others if c.ask] == [("bid", 1, 30)]
    assert not [c for c in deuces_hand(state, 1, []).controls if c.ask], "1 to 4: all listed"
    bid_all(state, 4, 4)
    state.players[0].chips = 25
    asked = [c.ask for c in deuces_hand(state, 0, []).controls if c.ask is not None]
    assert [(a.question, a.least, a.most) for a in asked] == [("Chips to raise", 1, 21)]
