"""Drawing an encounter: to within 3 of the target, the Hit or Stay vote, and what less, equal and
greater give (who goes first, treasure, the initiative draw)."""

import pytest

from bot.games.cards import Card, cards
from bot.games.contract import NotYourTurn
from bot.games.deuces.actions import EndTurn, UseAbility, Vote
from bot.games.deuces.flow import HAND_SIZES
from bot.games.deuces.state import Phase, Side, VotePrompt, player

from .tables import kinds, of, table

SOLO = "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♦ K♣"
"""A hand of six spades, the 8♦ Threat Card, then K♣ on top of the deck (the initiative card)."""
DUO = "2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 9♦ 5♣"


def test_setup_draws_hands_then_flips_a_threat_card() -> None:
    state, events = table([SOLO], ["three"])
    who = state.players[0]
    assert who.hand == cards("2♠ 3♠ 4♠ 5♠ 6♠ 7♠")
    assert who.threat == Card.parse("8♦")
    assert of(events, "threat_flipped")[0].card == Card.parse("8♦")
    assert state.target == 5 and state.difficulty == 3


def test_hands_are_six_cards_then_seven_from_level_3() -> None:
    assert [HAND_SIZES[level] for level in range(1, 6)] == [6, 6, 7, 7, 7]
    state, _ = table([SOLO], ["three"], level=3)
    assert len(state.players[0].hand) == 7


def test_the_gm_draws_until_within_3_of_the_target() -> None:
    state, events = table([SOLO, DUO], ["one", "two", "three", "four", "five"])
    assert state.target == 10
    assert [e.total for e in of(events, "enemy_drawn")] == [1, 3, 6, 10]
    assert isinstance(state.prompt, VotePrompt)


def test_the_modifier_changes_the_target_per_player() -> None:
    state, _ = table([SOLO, DUO], ["five", "five"], modifier=-1)
    assert state.target == 8


def test_less_stay_players_go_first_without_treasure() -> None:
    state, _ = table([SOLO], ["three", "two"])
    assert state.phase == Phase.VOTE and state.waiting_for == [0]
    events = state.apply(0, Vote(hit=False))
    settled = of(events, "encounter_set")[0]
    assert (settled.comparison, settled.treasure, settled.first) == ("less", False, Side.PLAYERS)
    assert state.prompt.kind == "turn" and state.to_move == 0
    assert len(state.enemies) == 1 and len(state.enemies[0].hand) == 3


def test_hit_draws_one_more_and_equal_gives_treasure() -> None:
    state, _ = table([SOLO], ["three", "two", "four"])
    events = state.apply(0, Vote(hit=True))
    assert [e.total for e in of(events, "enemy_drawn")] == [5]
    assert state.phase == Phase.VOTE, "still not above the target: the party votes again"
    events = state.apply(0, Vote(hit=False))
    settled = of(events, "encounter_set")[0]
    assert (settled.comparison, settled.treasure, settled.first) == ("equal", True, Side.PLAYERS)
    assert "initiative_drawn" not in kinds(events)


def test_greater_gives_treasure_and_an_initiative_draw_the_gm_can_win() -> None:
    state, events = table([SOLO], ["six"], gm_deck="A♥ 9♠ 9♥")
    assert "vote_taken" not in kinds(events), "above the target: no vote"
    settled = of(events, "encounter_set")[0]
    assert (settled.comparison, settled.treasure, settled.first) == ("greater", True, Side.GM)
    drawn = of(events, "initiative_drawn")[0]
    assert (drawn.player_card, drawn.gm_card) == (Card.parse("K♣"), Card.parse("A♥"))
    assert state.players[0].deck[-1] == Card.parse("K♣"), "initiative cards go to the bottom"
    assert state.gm_deck[-1] == Card.parse("A♥")
    assert state.enemies[0].hand == [] or state.prompt.kind == "defend"


@pytest.mark.parametrize(("gm_top", "first"), [("K♦", Side.PLAYERS), ("Q♦", Side.PLAYERS)])
def test_players_win_initiative_ties_and_higher_cards(gm_top: str, first: Side) -> None:
    state, events = table([SOLO], ["six"], gm_deck=f"{gm_top} 9♠ 9♥")
    assert of(events, "encounter_set")[0].first == first
    assert state.prompt.kind == "turn"


def test_hitting_above_the_target_ends_the_vote_with_an_initiative_draw() -> None:
    state, _ = table([SOLO], ["three", "three"], gm_deck="2♦ 9♠ 9♥ 9♣")
    events = state.apply(0, Vote(hit=True))
    settled = of(events, "encounter_set")[0]
    assert (settled.difficulty, settled.comparison, settled.first) == (6, "greater", Side.PLAYERS)


def test_the_party_votes_by_majority_and_a_tie_stays() -> None:
    state, _ = table([SOLO, DUO], ["four", "four", "two"])
    assert state.difficulty == 8 and sorted(state.waiting_for) == [0, 1]
    state.apply(0, Vote(hit=True))
    with pytest.raises(NotYourTurn):
        state.apply(0, Vote(hit=False))
    assert state.waiting_for == [1]
    events = state.apply(1, Vote(hit=False))
    taken = of(events, "vote_taken")[0]
    assert (taken.hit, taken.hits, taken.stays) == (False, 1, 1)
    assert state.difficulty == 8


def test_a_vote_that_times_out_stays() -> None:
    state, _ = table([SOLO], ["three", "two"])
    events = state.time_out(0)
    assert of(events, "vote_cast")[0].hit is False


def test_no_vote_when_no_enemy_is_left_to_draw() -> None:
    state, events = table([SOLO], ["three"])
    assert state.phase == Phase.FIGHT
    assert "vote_cast" not in kinds(events)


def test_the_party_chooses_its_order_and_a_turn_belongs_to_who_moved_first() -> None:
    state, _ = table([SOLO, DUO], ["five", "four", "two"])
    state.apply(0, Vote(hit=False))
    state.apply(1, Vote(hit=False))
    assert state.prompt.kind == "open" and state.waiting_for == [0, 1]
    events = state.apply(1, UseAbility(ability="focus"))
    assert of(events, "turn_started")[0].who == player(1), "seat 1 chose to go first"
    assert state.prompt.kind == "turn" and state.waiting_for == [1]
    with pytest.raises(NotYourTurn):
        state.apply(0, EndTurn())
    events = state.apply(1, EndTurn())
    assert of(events, "turn_started")[0].who == player(0), "the last one left is asked"
    assert state.prompt.kind == "turn" and state.waiting_for == [0]
