"""The GM's words where the count of voters or enemies changes what makes sense to say."""

from bot.games.cards import cards
from bot.games.deuces import GAME, DeucesOptions, new_game, suggest
from bot.games.deuces.events import Attacked, EncounterStarted, VoteTaken
from bot.games.deuces.state import Ref, Side
from bot.games.deuces.table import enemy_called

from .tables import table


def test_a_lone_player_is_told_their_choice_not_a_one_to_nothing_count() -> None:
    state, _ = table(["4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 2♦ 2♣"], ["six"])
    (alone,) = GAME.narrate([VoteTaken(hit=False, hits=0, stays=1)], None, state, ["Ann"])
    assert alone == "You face what is there."
    (party,) = GAME.narrate([VoteTaken(hit=True, hits=2, stays=1)], None, state, ["A", "B", "C"])
    assert party.startswith("The party votes 2–1")


def test_an_encounter_over_with_no_enemy_on_the_table_says_none_left() -> None:
    seen = 0
    for seed in range(40):
        state, _ = new_game(seed, DeucesOptions(level=1), 1)
        while not state.is_over:
            seat = state.waiting_for[0]
            state.apply(seat, suggest(state, seat))
        enemies = GAME.table(state, ["Ann"]).fields[0]
        if "cards, edge" not in enemies.value and "defeated" not in enemies.value:
            assert enemies.value == "none left"
            seen += 1
    assert seen, "some encounter among these ends with its table cleared"


def test_two_enemies_of_one_name_get_buttons_that_tell_them_apart() -> None:
    state, _ = table(["4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 2♦ 2♣"], ["one", "one"], stay=True)
    assert len(state.enemies) == 2 and enemy_called(state, 0) != enemy_called(state, 1)
    assert enemy_called(state, 1).endswith("(1)")
    alone, _ = table(["4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 2♦ 2♣"], ["six"])
    assert "(" not in enemy_called(alone, 0)


def test_a_new_encounters_enemies_are_named_as_the_new_table_holds_them() -> None:
    """A move that ends one encounter and starts the next: before the new encounter, its
    words name the old enemies; from it on, the new ones at the same places."""
    before, _ = table(["4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 2♦ 2♣"], ["six"])
    after, _ = table(["4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 2♦ 2♣"], ["five"])
    old, new = before.enemy_def(0).name, after.enemy_def(0).name
    assert old != new
    enemy, ann = Ref(side=Side.GM, index=0), Ref(side=Side.PLAYERS, index=0)
    hit = Attacked(attacker=enemy, defender=ann, cards=cards("9♠"), category="high", size=1)
    events = [hit, EncounterStarted(encounter=2, level=1, target=20), hit]
    first, *_, last = GAME.narrate(events, before, after, ["Ann"])
    assert old in first and new not in first
    assert new in last and old not in last
