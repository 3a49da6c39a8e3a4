"""Scripted decks, one per ruling of Scoundrel (the deck's top card is listed first)."""

import pytest

from bot.games.cards import Card, cards
from bot.games.contract import GameEnded, GameOver, IllegalAction, NotYourTurn, Outcome
from bot.games.crawl.actions import DungeonAction, parse_action
from bot.games.crawl.events import MonsterFought, PotionDrunk, Ran, RoomDealt
from bot.games.scoundrel.engine import (
    MAX_HP,
    ScoundrelState,
    Variant,
    new_game,
    scoundrel_deck,
)


def spoken(action: DungeonAction) -> str:
    """An action as the tests write it ("weapon 9♠"); its text form is `weapon.9S`."""
    return action.kind.value if action.card is None else f"{action.kind.value} {action.card}"


FILLER = "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠"


def scripted(deck: str, variant: Variant = Variant.CLASSIC) -> ScoundrelState:
    state, _ = ScoundrelState.scripted(cards(deck), variant)
    return state


def play(state: ScoundrelState, *moves: str) -> list:
    events: list = []
    for move in moves:
        events += state.apply(0, parse_action(move))
    return events


def legal(state: ScoundrelState) -> set[str]:
    return {spoken(action) for action in state.legal_actions(0)}


def test_the_deck_is_44_cards_without_red_faces_and_aces() -> None:
    deck = scoundrel_deck()
    assert len(deck) == 44 == len(set(deck))
    reds = [c for c in deck if c.suit.is_red]
    assert max(c.value for c in reds) == 10
    assert sum(1 for c in deck if not c.suit.is_red) == 26


def test_first_room_is_four_cards_from_the_top() -> None:
    state, events = ScoundrelState.scripted(cards("9♠ 5♦ 7♥ 2♣ K♠ " + FILLER))
    assert state.room == cards("9♠ 5♦ 7♥ 2♣")
    assert events == [
        RoomDealt(room=cards("9♠ 5♦ 7♥ 2♣"), deck_left=9, room_number=1, carried=None)
    ]


def test_a_fresh_weapon_fights_anything_and_damage_is_the_difference() -> None:
    state = scripted("5♦ A♠ 3♥ 2♣ " + FILLER)
    play(state, "equip 5♦")
    events = play(state, "weapon A♠")
    assert events[0] == MonsterFought(
        card=Card.parse("A♠"), weapon=Card.parse("5♦"), damage=9, hp=11
    )
    assert state.last_kill == Card.parse("A♠")


def test_a_weapon_stronger_than_the_monster_takes_no_damage() -> None:
    state = scripted("9♦ 4♠ 3♥ 2♣ " + FILLER)
    play(state, "equip 9♦", "weapon 4♠")
    assert state.hp == MAX_HP


def test_after_a_kill_the_weapon_only_fights_strictly_weaker_monsters() -> None:
    state = scripted("5♦ 9♠ 9♣ 8♣ " + FILLER)
    play(state, "equip 5♦", "weapon 9♠")
    assert "weapon 9♣" not in legal(state)
    assert "bare 9♣" in legal(state)
    assert "weapon 8♣" in legal(state)
    with pytest.raises(IllegalAction):
        play(state, "weapon 9♣")


def test_a_barehanded_fight_keeps_the_weapon_and_its_last_kill() -> None:
    state = scripted("5♦ 9♠ 3♣ 8♣ 10♠ 2♥ 2♦ " + FILLER)
    play(state, "equip 5♦", "weapon 9♠")
    events = play(state, "bare 3♣")
    assert events[0] == MonsterFought(card=Card.parse("3♣"), weapon=None, damage=3, hp=13)
    assert state.weapon == Card.parse("5♦")
    assert state.last_kill == Card.parse("9♠")
    assert "weapon 8♣" in legal(state)


def test_equipping_always_replaces_even_a_weaker_weapon_and_resets_it() -> None:
    state = scripted("9♦ 8♠ 2♦ 2♥ 10♠ " + FILLER)
    play(state, "equip 9♦", "weapon 8♠", "equip 2♦")
    assert state.weapon == Card.parse("2♦")
    assert state.slain == []
    assert cards("9♦ 8♠") == state.discard
    assert "weapon 10♠" in legal(state)


def test_only_the_first_potion_in_a_room_heals() -> None:
    state = scripted("K♠ 5♥ 6♥ 2♣ " + FILLER)
    play(state, "bare K♠")
    first = play(state, "drink 5♥")
    second = play(state, "drink 6♥")
    assert first[0] == PotionDrunk(card=Card.parse("5♥"), healed=5, wasted=False, hp=12)
    assert second[0] == PotionDrunk(card=Card.parse("6♥"), healed=0, wasted=True, hp=12)
    assert isinstance(second[1], RoomDealt), "the wasted potion still counted as a play"


def test_a_potion_heals_in_each_new_room_again() -> None:
    state = scripted("K♠ 5♥ 6♥ 2♣ 3♥ 4♣ 5♣ " + FILLER)
    play(state, "bare K♠", "drink 5♥", "drink 6♥")
    play(state, "drink 3♥")
    assert state.hp == 15


def test_healing_is_capped_at_20() -> None:
    state = scripted("3♠ 10♥ 2♣ 4♣ " + FILLER)
    play(state, "bare 3♠")
    events = play(state, "drink 10♥")
    assert events[0] == PotionDrunk(card=Card.parse("10♥"), healed=3, wasted=False, hp=20)


def test_running_sends_the_room_to_the_bottom_in_room_order() -> None:
    state = scripted("A♠ K♠ Q♠ J♠ 2♥ 3♥ 4♥ 5♥ 6♦")
    events = play(state, "run")
    assert events[0] == Ran(cards=cards("A♠ K♠ Q♠ J♠"))
    assert state.room == cards("2♥ 3♥ 4♥ 5♥")
    assert state.deck == cards("6♦ A♠ K♠ Q♠ J♠")


def test_the_cards_fled_from_are_the_seen_bottom_of_the_deck_until_dealt_again() -> None:
    state = scripted("A♠ K♠ Q♠ J♠ 2♥ 3♥ 4♥ 5♥ 6♦", Variant.EASY)
    assert state.seen_below == 0
    play(state, "run")
    assert state.seen_below == 4 and state.deck[-4:] == cards("A♠ K♠ Q♠ J♠")
    play(state, "run")  # the 6♦ (unseen) and three fled cards are dealt; one fled card is left
    assert state.deck == cards("J♠ 2♥ 3♥ 4♥ 5♥") and state.seen_below == 5


def test_classic_forbids_running_twice_in_a_row() -> None:
    state = scripted("A♠ K♠ Q♠ J♠ 2♥ 3♥ 4♥ 5♥ 6♦ " + FILLER)
    play(state, "run")
    assert "run" not in legal(state)
    with pytest.raises(IllegalAction):
        play(state, "run")


def test_classic_allows_running_again_after_facing_a_room() -> None:
    state = scripted("A♠ K♠ Q♠ J♠ 2♥ 3♥ 4♥ 5♥ 6♦ 7♦ 8♦ " + FILLER)
    play(state, "run", "drink 2♥", "drink 3♥", "drink 4♥")
    assert "run" in legal(state)


def test_running_is_only_allowed_before_the_first_play_of_a_room() -> None:
    state = scripted("2♥ K♠ Q♠ J♠ " + FILLER)
    play(state, "drink 2♥")
    assert "run" not in legal(state)


def test_easy_may_run_every_room() -> None:
    state = scripted("A♠ K♠ Q♠ J♠ 2♥ 3♥ 4♥ 5♥ 6♦", Variant.EASY)
    play(state, "run", "run")
    assert state.room == cards("6♦ A♠ K♠ Q♠")


def test_hard_never_runs() -> None:
    state = scripted("A♠ K♠ Q♠ J♠ 2♥ 3♥ 4♥ 5♥ 6♦", Variant.HARD)
    assert "run" not in legal(state)
    with pytest.raises(IllegalAction):
        play(state, "run")


def test_no_run_when_the_deck_is_empty() -> None:
    state = scripted("2♥ 3♥ 4♥ 5♥", Variant.EASY)
    assert state.deck == []
    assert "run" not in legal(state)


def test_the_fourth_card_carries_into_the_next_room() -> None:
    state = scripted("2♥ 3♥ 4♥ 5♠ 6♦ 7♦ 8♦ " + FILLER)
    events = play(state, "drink 2♥", "drink 3♥", "drink 4♥")
    assert events[-1] == RoomDealt(
        room=cards("5♠ 6♦ 7♦ 8♦"), carried=Card.parse("5♠"), deck_left=8, room_number=2
    )


def test_the_final_partial_room_is_played_out() -> None:
    # 5 cards: a room of 4, then the carried card and the last card make a room of 2.
    state = scripted("2♥ 3♥ 4♥ 5♠ 6♦")
    play(state, "drink 2♥", "drink 3♥", "drink 4♥")
    assert state.room == cards("5♠ 6♦")
    assert state.deck == []
    play(state, "equip 6♦")
    assert not state.is_over, "every card left in the room must be played"
    play(state, "weapon 5♠")
    assert state.outcome == Outcome.WON


def test_win_score_is_the_final_hp() -> None:
    state = scripted("5♠ 2♥ 3♦ 4♦")
    events = play(state, "bare 5♠", "drink 2♥", "equip 3♦", "equip 4♦")
    assert events[-1] == GameEnded(outcome=Outcome.WON, score=17)


def test_win_at_full_health_with_a_potion_last_adds_the_potion() -> None:
    state = scripted("2♠ 3♦ 9♥ 5♥")
    events = play(state, "bare 2♠", "drink 9♥", "equip 3♦", "drink 5♥")
    # 9♥ healed back to 20; 5♥ is the room's second potion (wasted) but it is the last card played.
    assert events[-1] == GameEnded(outcome=Outcome.WON, score=25)


def test_win_not_at_full_health_gets_no_potion_bonus() -> None:
    state = scripted("9♠ 3♦ 4♥ 5♦")
    events = play(state, "bare 9♠", "equip 3♦", "equip 5♦", "drink 4♥")
    assert events[-1] == GameEnded(outcome=Outcome.WON, score=15)


def test_loss_score_subtracts_monsters_in_the_deck_and_the_room() -> None:
    state = scripted("A♠ K♠ Q♠ 2♥ 10♣ 3♦")
    play(state, "bare A♠")
    events = play(state, "bare K♠")
    # HP 20 - 14 - 13 = -7; left: Q♠ in the room and 10♣ in the deck (no potions or weapons).
    assert events[-1] == GameEnded(outcome=Outcome.LOST, score=-7 - 12 - 10)
    assert state.is_over and state.legal_actions(0) == []


def test_the_game_is_lost_the_moment_hp_reaches_zero() -> None:
    state = scripted("K♠ 7♣ 2♥ 3♥ " + FILLER)
    play(state, "bare K♠")
    events = play(state, "bare 7♣")
    assert state.hp == 0 and state.outcome == Outcome.LOST
    assert isinstance(events[-1], GameEnded)
    with pytest.raises(GameOver):
        play(state, "drink 2♥")


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    state = scripted("5♦ 9♠ 9♣ 8♣ " + FILLER)
    play(state, "equip 5♦", "weapon 9♠")
    before = state.model_dump_json()
    for bad in ["weapon 9♣", "drink 5♥", "equip A♦", "bare K♠"]:
        with pytest.raises(IllegalAction):
            play(state, bad)
    with pytest.raises(NotYourTurn):
        state.apply(1, parse_action("bare 9♣"))
    assert state.model_dump_json() == before


def test_same_seed_same_deal_and_different_seeds_differ() -> None:
    assert new_game(42)[0] == new_game(42)[0]
    assert new_game(42)[0].deck != new_game(43)[0].deck


def test_a_forfeit_scores_as_a_death_at_zero_hp() -> None:
    state = scripted("9♠ 5♦ 7♥ 2♣ K♠ 3♥")
    play(state, "bare 9♠")
    # Left: 2♣ in the room and K♠ in the deck; HP does not count in a forfeit.
    assert state.forfeit_score() == -(2 + 13)


def test_the_daily_seed_is_fixed_per_day_and_differs_between_days() -> None:
    from datetime import date

    from bot.games.daily import daily_seed

    assert daily_seed(date(2026, 11, 21)) == daily_seed(date(2026, 11, 21))
    assert daily_seed(date(2026, 11, 21)) != daily_seed(date(2026, 11, 22))
    assert 0 <= daily_seed(date(2026, 11, 21)) < 2**31


# ---- what a move would do, said before it is chosen ------------------------------------------


def test_each_move_says_what_it_would_do_and_then_does_it() -> None:
    state = scripted("5♦ 9♠ 7♥ 4♥ 3♣ " + FILLER)
    preview = {spoken(action): state.preview(action) for action in state.legal_actions(0)}
    assert preview["equip 5♦"] is None and preview["run"] is None
    assert preview["bare 9♠"] == "−9 HP"
    assert preview["drink 7♥"] == "no healing: health is full"
    play(state, "equip 5♦")
    assert state.preview(parse_action("weapon 9♠")) == "−4 HP"
    assert play(state, "weapon 9♠")[0].damage == 4  # 16 HP
    assert state.preview(parse_action("drink 4♥")) == "+4 HP"
    assert play(state, "drink 4♥")[0].healed == 4  # ends the room: 7♥ carries over


def test_a_second_potion_in_a_room_is_said_to_be_wasted_before_it_is_drunk() -> None:
    state = scripted("K♠ 7♥ 4♥ 2♣ " + FILLER)
    play(state, "bare K♠", "drink 7♥")
    assert state.preview(parse_action("drink 4♥")) == "wasted: one potion a room"
    assert play(state, "drink 4♥")[0].wasted


def test_a_deadly_fight_says_so() -> None:
    state = scripted("K♠ Q♠ 2♣ 3♣ " + FILLER)
    play(state, "bare K♠")  # 7 HP
    assert state.preview(parse_action("bare Q♠")) == "−12 HP (deadly)"
