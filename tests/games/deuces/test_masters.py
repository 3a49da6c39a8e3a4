"""Masters & Monsters on scripted decks: enemies drawn per player, the turn order and its ties,
hero and enemy turns, targeting that spares one's own, the GM's policy on a timeout, the deuce
bonuses, the end of an encounter, the first to the Epic loot, and the rated finishing order and
forfeits, each ruling as a behaviour."""

import pytest

from bot.games.cards import Card, cards
from bot.games.contract import IllegalAction
from bot.games.deuces import (
    DeucesOptions,
    EndTurn,
    Mode,
    new_game,
    parse_action,
)
from bot.games.deuces.actions import Attack, Autopilot, Defend, Spell, Strike
from bot.games.deuces.content import ClassDef
from bot.games.deuces.engine import DeucesState
from bot.games.deuces.events import MastersTally, TargetingChanged
from bot.games.deuces.game import GAME
from bot.games.deuces.modes.masters.flow import epics
from bot.games.deuces.modes.masters.mode import MastersAndMonsters
from bot.games.deuces.modes.masters.rules import MASTERS_RULINGS
from bot.games.deuces.rules import DEUCES_RULINGS
from bot.games.deuces.state import Loot, Phase, Tier, pet, player
from bot.ratings import finishing_order
from tests.games.deuces.tables import ability, give, kinds, of, table

LOW = "3C 4D 5H 6S 7C 8D"
HIGH = "9C TD JH QS KC AD"


def masters(
    players: list[str], enemies: list[str], gm_deck: str = "", **options: object
) -> DeucesState:
    state, _ = table(players, enemies, gm_deck, mode=Mode.MASTERS, **options)
    return state


def test_each_player_draws_enemies_to_five_and_the_lowest_goes_first(quiet_gm) -> None:
    state = masters([LOW + " 2S", LOW + " 2S", LOW + " 2S"], ["six", "three", "two", "five"])
    assert [(e.enemy_id, e.master) for e in state.enemies] == [
        ("six", 0),
        ("three", 1),
        ("two", 1),
        ("five", 2),
    ]
    # 6 against 5 and 5: the fives go first, more enemies first among them
    assert state.order == [1, 2, 0]
    assert state.prompt is not None and state.prompt.kind == "turn" and state.waiting_for == [1]
    assert [len(e.hand) for e in state.enemies] == [2, 3, 2, 5], "hands from the one GM deck"


def test_a_tie_is_broken_by_the_top_cards_of_the_tied_decks(quiet_gm) -> None:
    state, events = table([LOW + " 2S 3H", LOW + " 2S KH"], ["five", "five"], mode=Mode.MASTERS)
    told = of(events, "order_set")[0]
    assert state.order == [1, 0] and told.flips == [cards("3H"), cards("KH")]
    assert state.players[0].deck[-1] == Card.parse("3H"), "the flipped card goes to the bottom"


def test_heroes_never_attack_their_own_enemies(quiet_gm) -> None:
    state = masters([HIGH + " 2S", HIGH + " 2S"], ["five", "five"])
    seat = state.order[0]
    targets = {a.target for a in state.legal_actions(seat) if isinstance(a, Attack)}
    assert targets == {1 - seat}
    with pytest.raises(IllegalAction):
        state.apply(seat, Attack(target=seat, cards=(Card.parse("AD"),)))


def test_enemies_attack_the_highest_threat_but_never_their_master(quiet_gm) -> None:
    # threats: P0 2S, P1 KS, P2 AS; P2's enemy must attack P1, not its own master
    state = masters(
        [LOW + " 2S", LOW + " KS", LOW + " AS"], ["five", "five", "four", "one"], "9H 9D 8C"
    )
    mine = state.owned(2)
    assert mine == [2, 3]
    state.stage, state.at = "enemies", state.order.index(2)
    state.prompt = None
    events = state._advance()
    assert "enemy_turn" in kinds(events) and state.waiting_for == [2]
    strikes = [a for a in state.legal_actions(2) if isinstance(a, Strike)]
    assert strikes and {a.target for a in strikes} == {player(1)}
    with pytest.raises(IllegalAction):
        state.apply(2, Strike(enemy=2, target=player(2), cards=strikes[0].cards))
    with pytest.raises(IllegalAction):
        state.apply(2, Strike(enemy=0, target=player(1), cards=strikes[0].cards))


def enemy_turn_of(state: DeucesState, seat: int) -> list:
    """Skip to the start of a seat's enemy turn (its hero's turn taken as passed)."""
    state.prompt, state.stage, state.at = None, "enemies", state.order.index(seat)
    return state._advance()


def test_an_enemy_turn_played_by_its_master_waits_for_the_defence(quiet_gm) -> None:
    state = masters([LOW + " 2S", LOW + " 2S"], ["five", "five"])
    enemy_turn_of(state, 1)
    strike = next(a for a in state.legal_actions(1) if isinstance(a, Strike) and len(a.cards) == 1)
    events = state.apply(1, strike)
    assert kinds(events)[:2] == ["turn_started", "attacked"]
    assert state.prompt is not None and state.prompt.kind == "defend" and state.waiting_for == [0]
    answer = state.legal_actions(0)[0]
    assert isinstance(answer, Defend)
    state.apply(0, answer)
    assert state.prompt is not None and state.prompt.kind in ("enemies", "turn")
    if state.prompt.kind == "enemies":  # the enemy attacked once: only End or the GM remain
        left = state.legal_actions(1)
        assert not [a for a in left if isinstance(a, Strike) and a.enemy == strike.enemy]


def test_a_timed_out_enemy_turn_is_played_by_the_gm_policy(quiet_gm) -> None:
    state = masters([LOW + " 2S", LOW + " 2S"], ["five", "five"])
    enemy_turn_of(state, 1)
    assert state.timeout_action(1) == Autopilot()
    events = state.apply(1, Autopilot())
    assert kinds(events)[:3] == ["autopilot", "turn_started", "attacked"]
    assert state.prompt is not None and state.prompt.kind == "defend" and state.waiting_for == [0]


def test_a_player_with_no_enemies_left_skips_their_enemy_turn(quiet_gm) -> None:
    state = masters([HIGH + " 2S", LOW + " 2S", LOW + " 3S"], ["five", "five", "five"])
    seat = state.order[0]
    for index in state.owned(seat):
        foe = state.enemies[index]
        state.gm_discard += foe.hand
        foe.hand, foe.defeated = [], True
    events = state.apply(seat, EndTurn())
    assert "enemy_turn" not in kinds(events)
    assert state.prompt is not None and state.prompt.kind == "turn"
    assert state.waiting_for == [state.order[1]]


def test_the_encounter_ends_when_only_a_heros_own_enemies_are_left(quiet_gm) -> None:
    state = masters([HIGH + " 2S", LOW + " 2S"], ["five", "five"], max_encounters=1)
    fallen = state.players[1]
    fallen.discard += fallen.hand
    fallen.hand, fallen.defeated, fallen.felled_by = [], True, 0
    for index in state.owned(1):
        foe = state.enemies[index]
        state.gm_discard += foe.hand
        foe.hand, foe.defeated = [], True
    assert not state.contested()
    events = state.apply(state.waiting_for[0], EndTurn())
    tally = of(events, "masters_tally")[0]
    assert tally.survivors == [0] and tally.felled_by == [None, 0]
    # P0: one survivor (1) and one player defeated by their enemies (2)
    assert tally.deuces == [3, 0]


def ended(state: DeucesState) -> list:
    state.prompt, state.phase = None, Phase.END
    return state._advance()


def test_deuce_bonuses_buy_loot_for_defeats_and_for_surviving(quiet_gm) -> None:
    state = masters([LOW + " 2S", LOW + " 2S", LOW + " 2S"], ["five", "five", "five"])
    give(state, 2, "2C 2D 9S")
    fallen = state.players[0]
    fallen.discard += fallen.hand
    fallen.hand, fallen.defeated, fallen.felled_by = [], True, 1
    events = ended(state)
    assert of(events, "masters_tally")[0].deuces == [0, 4, 4]
    gained = {event.seat: event.tier for event in of(events, "loot_gained")}
    # two survivors: 2 each; P1 defeated P0: +2 (Epic); P2 holds two printed 2s (Epic)
    assert gained == {1: Tier.EPIC, 2: Tier.EPIC}


def test_a_fallen_player_keeps_their_bonus_for_defeats(quiet_gm) -> None:
    state = masters(
        [LOW + " 2S", LOW + " 2S", LOW + " 2S"], ["five", "five", "five"], max_encounters=1
    )
    for seat, by in ((0, 1), (1, 2), (2, None)):
        who = state.players[seat]
        who.discard += who.hand
        who.hand, who.defeated, who.felled_by = [], True, by
    events = ended(state)
    tally = of(events, "masters_tally")[0]
    assert tally.survivors == [] and tally.deuces == [0, 2, 2]
    assert {e.seat: e.tier for e in of(events, "loot_gained")} == {1: Tier.COMMON, 2: Tier.COMMON}
    reshuffled = [e for e in events if e.kind == "cards_discarded" and e.reason == "cleared"]
    assert not reshuffled, "no hands left to clear"
    assert state.is_over and all(not who.discard for who in state.players), "all reshuffled"


def test_an_enemy_that_defeats_a_player_credits_its_master(quiet_gm) -> None:
    state = masters([LOW + " 2S", LOW + " 2S"], ["five", "five"], "2C 3C 4C 5C 6C 9H 9D 7D 8D JD")
    enemy_turn_of(state, 1)
    victim = state.players[0]
    victim.deck += victim.hand[1:]
    victim.hand = victim.hand[:1]
    pair = next(a for a in state.legal_actions(1) if isinstance(a, Strike) and len(a.cards) == 2)
    state.apply(1, pair)  # one card cannot answer a pair: overwhelmed at once
    assert victim.defeated and victim.felled_by == 1


def test_the_first_to_the_epic_loot_wins_and_a_tie_goes_to_the_better_loot(quiet_gm) -> None:
    state = masters([LOW + " 2S", LOW + " 2S"], ["five", "five"], epics=2)
    state.players[0].loot = [Loot(card=Card.parse(c), tier=Tier.EPIC) for c in ("AS", "KS")]
    state.players[1].loot = [Loot(card=Card.parse(c), tier=Tier.EPIC) for c in ("AH", "KH")]
    state.players[1].loot.append(Loot(card=Card.parse("QH"), tier=Tier.RARE))
    state.prompt, state.phase = None, Phase.TALLY
    events = state._advance()
    assert of(events, "masters_won")[0].winners == [1] and state.champions == [1]
    assert [(r.outcome, r.score) for r in state.results()] == [("lost", 0), ("won", 1)]


def test_a_dead_heat_on_the_epic_loot_is_shared(quiet_gm) -> None:
    state = masters([LOW + " 2S", LOW + " 2S"], ["five", "five"], epics=1)
    state.players[0].loot = [Loot(card=Card.parse("AS"), tier=Tier.EPIC)]
    state.players[1].loot = [Loot(card=Card.parse("AH"), tier=Tier.EPIC)]
    state.prompt, state.phase = None, Phase.TALLY
    state._advance()
    assert state.champions == [0, 1] and {r.outcome for r in state.results()} == {"won"}
    assert epics(state, 0) == 1


def test_levels_rise_as_usual_but_stop_at_five(quiet_gm) -> None:
    state = masters([LOW + " 2S", LOW + " 2S"], ["five", "five"], max_encounters=1)
    state.level, state.level_up = 5, True
    events = ended(state)
    assert "levelled_up" not in kinds(events) and state.level == 5
    assert all(len(who.deck) == 52 for who in state.players), "every deck rebuilt whole"


def test_no_loot_is_given_to_a_rival() -> None:
    state = masters([LOW + " 2S", LOW + " 2S"], ["five", "five"])
    state.players[0].loot = [Loot(card=Card.parse(c), tier=Tier.COMMON) for c in ("AS", "KS")]
    ended(state)
    assert state.prompt is not None and state.prompt.kind == "loot", "two Commons trade up"
    moves = {a.kind for a in state.legal_actions(0)}
    assert "trade" in moves and "give" not in moves


def test_a_table_needs_two_and_begins_at_level_one() -> None:
    with pytest.raises(IllegalAction):
        new_game(1, DeucesOptions(mode=Mode.MASTERS), players=1)
    state, _ = new_game(1, DeucesOptions(mode=Mode.MASTERS, level=4), players=2)
    assert state.level == 1 and isinstance(state.mode, MastersAndMonsters)


def test_enemy_moves_round_trip_through_their_text() -> None:
    moves = [
        Strike(enemy=2, target=player(1), cards=tuple(cards("9H 9D"))),
        Strike(enemy=0, target=pet(1), cards=tuple(cards("KC"))),
        Spell(enemy=1, ability="gnaw", target=0),
        Spell(enemy=1, ability="shell", cards=tuple(cards("2C"))),
        Autopilot(),
    ]
    for move in moves:
        assert parse_action(str(move)) == move
    assert str(moves[0]) == "strike.2.P1.9H.9D"


def test_the_mode_is_offered_in_new_and_its_rulings_are_on_its_rules_page() -> None:
    variant = GAME.info.variant("masters")
    assert variant.seats.min == 2 and variant in GAME.info.new_variants
    page = GAME.rules.page("masters")
    assert page is not None
    text = str(page.sections)
    assert all(ruling in text for ruling in MASTERS_RULINGS)
    assert not [ruling for ruling in DEUCES_RULINGS if "Masters & Monsters" in ruling]


def test_the_tally_says_a_lone_survivor_survives_and_a_taunt_lasts_to_the_next_turn() -> None:
    state = masters([LOW + " 2S", LOW + " 2S", LOW + " 2S"], ["five", "five", "five"])
    names = ["Ann", "Bo", "Cy"]
    tally = MastersTally(
        encounter=1, survivors=[2], felled_by=[2, 2, None], deuces=[0, 0, 5], timed_out=False
    )
    taunt = TargetingChanged(who=player(1), rule="taunt")
    told, taunted = GAME.narrate([tally, taunt], None, state, names)
    assert told.startswith("Encounter 1 is over. Cy survives. Ann fell to Cy's enemies")
    assert (
        taunted == "Bo taunts the other players' enemies: they must attack Bo until Bo's next turn."
    )
    gm_table, _ = table([LOW + " 2S"], ["five"])
    assert "until their turn is over" in GAME.narrate([taunt], None, gm_table, ["Bo"])[0]
    pair = MastersTally(encounter=2, survivors=[0, 2], felled_by=[None, 0, None], deuces=[3, 0, 2])
    assert "Ann and Cy survive." in GAME.narrate([pair], None, state, names)[0]


def test_a_heros_attack_on_a_rivals_enemy_is_answered_at_once_by_the_gm_policy(quiet_gm) -> None:
    state = masters([HIGH + " 2S", HIGH + " 2S"], ["five", "five"])
    seat = state.order[0]
    attack = next(a for a in state.legal_actions(seat) if isinstance(a, Attack))
    events = state.apply(seat, attack)
    assert kinds(events)[:3] == ["attacked", "defended", "clashed"], "its master is not asked"
    assert state.waiting_for == [seat]


def test_a_fallen_hero_skips_their_turn_but_still_plays_their_enemies(quiet_gm) -> None:
    state = masters([HIGH + " 2S", LOW + " 2S", LOW + " 3S"], ["five", "five", "five"])
    first, fallen = state.order[0], state.order[1]
    who = state.players[fallen]
    who.discard += who.hand
    who.hand, who.defeated = [], True
    state.apply(first, EndTurn())  # the hero's turn ends: their enemies' turn
    assert state.prompt is not None and state.prompt.kind == "enemies"
    events = state.apply(first, EndTurn())
    assert [e for e in of(events, "turn_started") if e.who == player(fallen)] == []
    assert of(events, "enemy_turn")[0].seat == fallen
    assert state.prompt.kind == "enemies" and state.waiting_for == [fallen]


def test_once_per_turn_abilities_are_fresh_at_every_turn_of_the_round(quiet_gm) -> None:
    parry = ability("parry", {"op": "blunt", "amount": 1}, timing="disrupt", uses={"per": "turn"})
    focus = ability("focus", {"op": "edge", "amount": 1})
    klass = ClassDef(
        id="parrier",
        name="Parrier",
        abilities=[{"level": 1, "ability": parry}, {"level": 1, "ability": focus}],
    )
    state = masters([LOW + " 2S", LOW + " 2S"], ["five", "five"], classes=[klass, klass])
    seat = state.order[0]
    rival = state.players[1 - seat]
    rival.used = {"parry": 1, "focus": 1}
    state.apply(seat, EndTurn())  # the enemy turn that follows is a new turn
    assert state.prompt is not None and state.prompt.kind == "enemies"
    assert rival.used == {"focus": 1}, "a per-encounter use is kept"


def holding(state: DeucesState, seat: int, tiers: str) -> None:
    """Give a seat loot by tier letters ("ER": one Epic, one Rare), each a distinct card."""
    named = {"E": Tier.EPIC, "R": Tier.RARE, "C": Tier.COMMON}
    faces = iter(cards("AS KS QS JS TS 9S 8S"))
    state.players[seat].loot = [Loot(card=next(faces), tier=named[t]) for t in tiers]


def tallied(loot: list[str], epics: int = 1) -> DeucesState:
    state = masters([LOW + " 2S"] * len(loot), ["five"] * len(loot), epics=epics)
    for seat, tiers in enumerate(loot):
        holding(state, seat, tiers)
    state.prompt, state.phase = None, Phase.TALLY
    state._advance()
    return state


def test_the_finishing_order_ranks_losers_by_epic_then_rare_then_common_loot() -> None:
    state = tallied(["E", "RC", "R", "", "RC"])
    assert state.champions == [0]
    results = state.results()
    assert [r.outcome for r in results] == ["won", "lost", "lost", "lost", "lost"]
    assert [r.score for r in results] == [4, 2, 1, 0, 2], "seats finishing below each"
    standings = [(r.outcome == "won", r.score) for r in results]
    assert finishing_order(standings) == [1, 2, 3, 4, 2], "level loot shares a place"


def test_shared_winners_share_the_top_place() -> None:
    state = tallied(["E", "E", "RR"])
    assert state.champions == [0, 1]
    assert [(r.outcome, r.score) for r in state.results()] == [
        ("won", 1),
        ("won", 1),
        ("lost", 0),
    ]


def test_a_forfeit_is_lost_by_whoever_gave_up_and_the_others_have_no_result() -> None:
    state = masters([LOW + " 2S"] * 3, ["five"] * 3)
    holding(state, 1, "EE")  # the best loot at the table does not save a forfeit
    assert state.outcome is None
    gave_up = state.forfeits({1}, "abandoned")
    assert [(r.seat, r.outcome, r.score) for r in gave_up] == [(1, "abandoned", 0)]


def test_everyone_giving_up_loses_scored_by_the_loot_they_hold() -> None:
    state = masters([LOW + " 2S"] * 3, ["five"] * 3)
    holding(state, 0, "R")
    holding(state, 2, "E")
    expired = state.forfeits({0, 1, 2}, "expired")
    assert [(r.seat, r.outcome, r.score) for r in expired] == [
        (0, "expired", 1),
        (1, "expired", 0),
        (2, "expired", 2),
    ]


def test_a_decided_game_keeps_its_results_when_closed() -> None:
    state = tallied(["E", ""])
    assert state.forfeits({0}, "abandoned") == state.results()


def test_the_mode_is_rated_on_its_own_board() -> None:
    info = GAME.info
    assert info.rating_pool("masters") == "deuces-masters"
    board = next(b for b in info.boards if b.game == "deuces-masters")
    assert board.rated and board.unit == "rating" and board.title == "Masters & Monsters ratings"
    assert any("rated with openskill" in ruling for ruling in MASTERS_RULINGS)
