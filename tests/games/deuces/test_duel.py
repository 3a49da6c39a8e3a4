"""Duel of the Duos on scripted decks: the sealed draft, initiative drawn or conceded, the extra
card, side turns, attacks answered by the rival hero named, abilities aimed at rival heroes,
encounters won and the best of five, each ruling of the rules page as a behaviour."""

from collections import Counter

import pytest

from bot.games.cards import standard_deck
from bot.games.contract import IllegalAction
from bot.games.deuces import (
    Attack,
    DeucesState,
    EndTurn,
    UseAbility,
    default_action,
    new_game,
    parse_action,
    suggest,
)
from bot.games.deuces.actions import Defend, Extra, Guard, Initiative, Keep
from bot.games.deuces.content import Ability, load_content
from bot.games.deuces.game import GAME
from bot.games.deuces.modes.duel.flow import MAX_ROUNDS, deal_offers, duel_classes
from bot.games.deuces.modes.duel.rules import DUEL_RULINGS
from bot.games.deuces.state import DeucesOptions, Mode, Offer, Phase
from tests.games.deuces.tables import PLAIN, ability, deck, give, kinds, of

HECKLE = ability(
    "heckle", {"op": "discard", "count": 1, "pick": "random", "who": "target"}, target="foe"
)
RALLY = ability("rally", {"op": "draw", "count": 1, "who": "target"}, target="ally")
TAUNTING = ability("jeer", {"op": "taunt"})
STEADY = ability("steady", {"op": "edge", "amount": 1})
KNIGHT = PLAIN.model_copy(update={"id": "knight", "name": "Knight"})
ROGUE = PLAIN.model_copy(update={"id": "rogue", "name": "Rogue"})
OFFER = Offer(classes=[PLAIN, KNIGHT, ROGUE], customs=[HECKLE, RALLY, TAUNTING])
LOW = "2C 3D 4H 5S 6C 7D 8H 9S 2D 3H"
HIGH = "AS KS QS JS 9H 8C 7H 6D 5H 4C"


def duel_table(hands: list[str] | None = None) -> DeucesState:
    """A duel before its draft, each hero's deck topped with its hand (then the extra card)."""
    hands = hands or [HIGH, HIGH, LOW, LOW]
    state, _ = DeucesState.scripted(
        decks=[deck(text) for text in hands],
        enemy_deck=[],
        gm_deck=[],
        loot_deck=[],
        options=DeucesOptions(mode=Mode.DUEL),
        offers=[OFFER, OFFER],
    )
    return state


def drafted(hands: list[str] | None = None) -> DeucesState:
    state = duel_table(hands)
    state.apply(0, Keep(classes=(0, 1), customs=(0, 1)))
    state.apply(2, Keep(classes=(1, 2), customs=(2, 0)))
    return state


def fighting(first: int = 0, hands: list[str] | None = None) -> DeucesState:
    """Drafted, side `first` given initiative (the other concedes), the extra card taken."""
    state = drafted(hands)
    state.apply(0, Initiative(concede=first == 1))
    state.apply(2, Initiative(concede=first == 0))
    state.apply(2 * (1 - first), Extra(hero=2 * (1 - first)))
    return state


def test_the_draft_is_sealed_until_both_have_kept_two_of_each() -> None:
    state = duel_table()
    assert state.phase == Phase.DRAFT and state.waiting_for == [0, 2]
    assert len(state.legal_actions(0)) == 18 and not state.legal_actions(1)
    events = state.apply(0, Keep(classes=(0, 2), customs=(1, 0)))
    assert kinds(events) == ["heroes_kept"] and state.waiting_for == [2]
    with pytest.raises(IllegalAction):
        state.apply(2, Keep(classes=(0, 0), customs=(1, 1)))
    events = state.apply(2, Keep(classes=(1, 2), customs=(2, 0)))
    (shown,) = of(events, "heroes_shown")
    assert shown.classes == ["Plain", "Rogue", "Knight", "Rogue"]
    assert shown.customs == ["Rally", "Heckle", "Jeer", "Heckle"]
    assert state.players[1].custom == HECKLE and state.players[2].klass == KNIGHT
    assert state.prompt is not None and state.prompt.kind == "initiative"


def test_the_draw_leaves_out_classes_that_summon_pets_and_follows_the_seed() -> None:
    content = load_content()
    pool = {klass.id for klass in duel_classes(content)}
    assert pool and not pool & {"tinker", "herbalist"}
    offers = deal_offers(7, content)
    assert offers == deal_offers(7, content)
    for offer in offers:
        assert len({k.id for k in offer.classes}) == 3 and {k.id for k in offer.classes} <= pool
        assert len({a.id for a in offer.customs}) == 3


def test_a_lone_concession_gives_the_rival_initiative_and_the_extra_card() -> None:
    state = drafted()
    assert all(len(who.hand) == 6 for who in state.players)
    state.apply(0, Initiative(concede=True))
    events = state.apply(2, Initiative(concede=False))
    (told,) = of(events, "duel_initiative")
    assert (told.first, told.conceded_by, told.cards) == (1, 0, [])
    assert state.waiting_for == [0], "the side without initiative takes the extra card"
    assert state.legal_actions(0) == [Extra(hero=0), Extra(hero=1)]
    state.apply(0, Extra(hero=1))
    assert [len(who.hand) for who in state.players] == [6, 7, 6, 6]
    assert state.phase == Phase.FIGHT and state.turn_side == 1
    assert sorted(state.waiting_for) == [2, 3]


def test_drawn_initiative_goes_to_the_higher_card_and_equal_cards_flip_again() -> None:
    # the hand is 6 cards, so each first hero's seventh card is its first flip
    state = drafted(["AS KS QS JS 9H 8C 5C 9D", HIGH, "2C 3D 4H 5S 6C 7D 5D KD", LOW])
    state.apply(0, Initiative(concede=False))
    events = state.apply(2, Initiative(concede=False))
    (told,) = of(events, "duel_initiative")
    assert [str(card) for card in told.cards] == ["9♦", "K♦"] and told.first == 1
    assert told.conceded_by is None
    assert str(state.players[0].deck[-1]) == "9♦", "flipped cards go to the bottom"


def test_both_concessions_draw_as_well() -> None:
    state = drafted(["AS KS QS JS 9H 8C QC", HIGH, "2C 3D 4H 5S 6C 7D 3C", LOW])
    state.apply(0, Initiative(concede=True))
    (told,) = of(state.apply(2, Initiative(concede=True)), "duel_initiative")
    assert told.first == 0 and told.cards


def test_both_heroes_of_a_side_act_before_the_rival_side() -> None:
    state = fighting(first=0)
    assert sorted(state.waiting_for) == [0, 1] and state.prompt.kind == "open"
    state.apply(1, EndTurn())
    assert state.waiting_for == [0]
    events = state.apply(0, EndTurn())
    assert of(events, "duel_turn")[0].side == 1
    assert sorted(state.waiting_for) == [2, 3]


def test_an_attack_names_a_rival_hero_who_answers_from_its_own_hand() -> None:
    state = fighting(first=0)
    give(state, 0, "AS KS")
    give(state, 2, "5C 9D 3H")
    assert {a.target for a in state.legal_actions(0) if isinstance(a, Attack)} == {2, 3}
    with pytest.raises(IllegalAction):
        state.apply(0, Attack(target=1, cards=(parse_action("attack.1.AS").cards)))
    state.apply(0, parse_action("attack.2.KS"))
    assert state.waiting_for == [2] and state.prompt.kind == "defend"
    assert state.paused is not None and state.paused.seat == 0
    with pytest.raises(IllegalAction):
        state.apply(2, Defend(cards=parse_action("defend.2S").cards))
    events = state.apply(2, parse_action("defend.9D"))
    (clash,) = of(events, "clashed")
    assert clash.result == "attacker" and clash.attacker_draws == 1
    assert state.paused is None
    assert state.waiting_for == [0], "the attacker's turn goes on: its ability is still unused"


def test_a_rival_too_short_to_answer_falls_at_once() -> None:
    state = fighting(first=0)
    give(state, 0, "AS AH KS")
    give(state, 2, "5C")
    events = state.apply(0, parse_action("attack.2.AS.AH"))
    assert "overwhelmed" in kinds(events) and state.players[2].defeated
    assert {a.target for a in state.legal_actions(0) if isinstance(a, Attack)} <= {3}


def test_abilities_aim_at_rival_heroes_and_at_allies_of_the_own_side() -> None:
    state = fighting(first=0)
    heckle = [a for a in state.legal_actions(0) if isinstance(a, UseAbility)]
    assert {a.target for a in heckle if a.ability == "heckle"} == {2, 3}
    assert {a.target for a in state.legal_actions(1) if getattr(a, "ability", "") == "rally"} == {
        0,
        1,
    }
    before = len(state.players[3].hand)
    state.apply(0, UseAbility(ability="heckle", target=3))
    assert len(state.players[3].hand) == before - 1


def test_a_taunt_binds_the_rival_heroes_until_their_turn_ends() -> None:
    state = fighting(first=1)
    state.apply(2, UseAbility(ability="jeer"))
    state.apply(2, EndTurn())
    state.apply(3, EndTurn())
    assert {a.target for a in state.legal_actions(0) if isinstance(a, Attack)} == {2}
    state.apply(0, EndTurn())
    state.apply(1, EndTurn())
    state.apply(2, EndTurn())
    state.apply(3, EndTurn())
    assert {a.target for a in state.legal_actions(0) if isinstance(a, Attack)} == {2, 3}


def defeat_side(state: DeucesState, side: int) -> list:
    """Both heroes of a side lose their cards in play (the fight is tested above)."""
    for seat in state.heroes_of(side):
        who = state.players[seat]
        who.discard += who.hand
        who.hand, who.defeated = [], True
    state.prompt = None
    return state._advance()


def test_an_encounter_is_won_by_defeating_both_rivals_then_both_sides_level_up() -> None:
    state = fighting(first=0)
    events = defeat_side(state, 1)
    (ended,) = of(events, "duel_encounter_ended")
    assert (ended.winner, ended.wins, ended.by_count) == (0, [1, 0], False)
    assert of(events, "levelled_up")[0].level == 2 and state.level == 2
    assert state.encounter == 2 and state.prompt.kind == "initiative"
    for who in state.players:
        assert len(who.hand) == 6 and len(who.deck) == 46 and not who.discard
        assert not who.defeated


def test_the_first_to_win_three_encounters_wins_the_duel() -> None:
    state = fighting(first=0)
    for winner in (0, 1, 0, 1):
        defeat_side(state, 1 - winner)
        state.apply(0, Initiative(concede=False))
        state.apply(2, Initiative(concede=True))
        state.apply(2, Extra(hero=3))
    assert state.wins == [2, 2] and state.level == 5
    events = defeat_side(state, 0)
    assert state.is_over and state.wins == [2, 3] and kinds(events)[-1] == "game_ended"
    assert [(r.outcome, r.score) for r in state.results()] == [
        ("lost", 2),
        ("lost", 2),
        ("won", 3),
        ("won", 3),
    ]


def test_when_both_sides_fall_together_the_side_on_turn_wins() -> None:
    state = fighting(first=1)
    for who in state.players:
        who.discard += who.hand
        who.hand, who.defeated = [], True
    state.prompt = None
    (ended,) = of(state._advance(), "duel_encounter_ended")
    assert ended.winner == 1 == state.turn_side


def test_an_encounter_past_the_round_limit_goes_to_the_side_with_more_cards() -> None:
    state = fighting(first=0)
    state.round = MAX_ROUNDS + 1
    give(state, 2, "2C 3C 4C 5C 6C 7C 8C 9C")
    state.prompt = None
    events = state._advance()
    (ended,) = of(events, "duel_encounter_ended")
    assert ended.by_count and ended.winner == 1


def test_timeouts_and_hints_make_every_duel_choice() -> None:
    state = duel_table()
    keep = default_action(state, 0)
    assert isinstance(keep, Keep) and keep in state.legal_actions(0)
    state.apply(0, keep)
    state.apply(2, suggest(state, 2))
    assert default_action(state, 0) == Initiative(concede=True)
    state.apply(0, Initiative(concede=True))
    state.apply(2, suggest(state, 2))
    state.players[1].hand.pop()
    assert suggest(state, 0) == Extra(hero=1), "the extra card goes to the hero holding fewer"


def test_duel_actions_read_back_from_their_text() -> None:
    for action in (
        Keep(classes=(0, 2), customs=(2, 1)),
        Initiative(concede=True),
        Initiative(concede=False),
        Extra(hero=3),
    ):
        assert parse_action(str(action)) == action
    with pytest.raises(IllegalAction):
        parse_action("keep.0.1.2")


def test_a_forfeit_loses_the_duel_for_the_side_that_left() -> None:
    state = fighting(first=0)
    outcomes = [r.outcome for r in state.forfeits({2, 3}, "abandoned")]
    assert outcomes == ["won", "won", "abandoned", "abandoned"]


def test_the_rules_page_records_every_duel_ruling_and_the_duel_is_a_rated_challenge() -> None:
    page = str(GAME.rules.page("duel"))
    assert all(ruling in page for ruling in DUEL_RULINGS) and len(DUEL_RULINGS) >= 8
    info = GAME.info
    assert info.challenge is not None and info.challenge.command == "duel"
    assert info.rating_pool("duel") == "deuces-duel"
    assert any(board.key == "deuces-duel" and board.rated for board in info.boards)


def test_the_voice_tells_the_draft_only_once_both_are_shown_and_names_the_sides() -> None:
    names = ["ann", "ann", "bo", "bo"]
    state = duel_table()
    lines = GAME.narrate(state.apply(0, Keep(classes=(0, 1), customs=(0, 1))), None, state, names)
    assert lines == ["A sealed choice of two heroes from ann."]
    lines = GAME.narrate(state.apply(2, Keep(classes=(1, 2), customs=(2, 0))), None, state, names)
    assert "ann fields Plain with Heckle and Knight with Rally" in lines[-1]
    state.apply(0, Initiative(concede=True))
    lines = GAME.narrate(state.apply(2, Initiative(concede=False)), None, state, names)
    assert lines[-1] == "Initiative conceded by ann: bo goes first."
    state.apply(0, Extra(hero=0))
    events = defeat_side(state, 0)
    lines = GAME.narrate(events, None, state, names)
    assert "Encounter 1 goes to bo with both rivals down: 1 to 0." in lines
    assert "Both sides reach level 2." in lines


def opened_with(
    customs: list[Ability], first: tuple[int, int], second: tuple[int, int], extra_for: int
) -> DeucesState:
    """A duel past its draft on these custom abilities (each side's two kept), the first side
    holding initiative and the second's extra card on the hero `extra_for`."""
    offer = Offer(classes=[PLAIN, KNIGHT, ROGUE], customs=customs)
    state, _ = DeucesState.scripted(
        decks=[deck(text) for text in [HIGH, HIGH, LOW, LOW]],
        enemy_deck=[],
        gm_deck=[],
        loot_deck=[],
        options=DeucesOptions(mode=Mode.DUEL),
        offers=[offer, offer],
    )
    state.apply(0, Keep(classes=(0, 1), customs=first))
    state.apply(2, Keep(classes=(0, 1), customs=second))
    state.apply(0, Initiative(concede=False))
    state.apply(2, Initiative(concede=True))
    state.apply(2, Extra(hero=extra_for))
    return state


PARRY = ability("parry", {"op": "cancel"}, timing="disrupt")


def test_a_disrupt_answers_an_attack_on_its_hero_and_the_attackers_turn_goes_on() -> None:
    state = opened_with([PARRY, RALLY, HECKLE], (1, 2), (0, 1), extra_for=2)
    give(state, 0, "AS AH KS")
    give(state, 2, "5C")
    state.apply(0, parse_action("attack.2.AS.AH"))
    assert state.waiting_for == [2], "too short to answer, but holding a Disrupt: asked"
    assert UseAbility(ability="parry") in state.legal_actions(2)
    events = state.apply(2, UseAbility(ability="parry"))
    assert "attack_cancelled" in kinds(events) and not state.players[2].defeated
    assert sorted(str(c) for c in state.players[0].hand) == ["A♠", "A♥", "K♠"]
    assert state.waiting_for == [0] and state.prompt.kind == "turn" and state.paused is None


def test_an_encounter_past_the_round_limit_with_equal_cards_goes_to_the_side_without_initiative():
    for first in (0, 1):
        state = fighting(first=first)
        for seat in range(4):
            state.players[seat].hand = state.players[seat].hand[:5]
        state.round = MAX_ROUNDS + 1
        state.prompt = None
        (ended,) = of(state._advance(), "duel_encounter_ended")
        assert ended.by_count and ended.winner == 1 - first


def test_hands_are_seven_cards_from_level_three_and_every_duel_starts_at_level_one() -> None:
    state, _ = DeucesState.scripted(
        decks=[deck(text) for text in [HIGH, HIGH, LOW, LOW]],
        enemy_deck=[],
        gm_deck=[],
        loot_deck=[],
        options=DeucesOptions(mode=Mode.DUEL, level=4),
        offers=[OFFER, OFFER],
    )
    assert state.level == 4, "a scripted table keeps the level it is given"
    duel, _ = new_game(3, DeucesOptions(mode=Mode.DUEL, level=4), 4)
    assert duel.level == 1, "a duel begins at level 1 whatever the options say"
    state = fighting(first=0)
    for winner in (0, 1):
        defeat_side(state, 1 - winner)
        if state.level < 3:
            state.apply(0, Initiative(concede=True))
            state.apply(2, Initiative(concede=False))
            state.apply(0, Extra(hero=0))
    assert state.level == 3 and [len(who.hand) for who in state.players] == [7, 7, 7, 7]


def test_a_hero_whose_deck_runs_out_reshuffles_its_discards_with_no_threat_card_or_level() -> None:
    state = fighting(first=0)
    hero = state.players[0]
    hero.discard += hero.deck
    hero.deck = []
    card = hero.hand[0]
    events = state.apply(0, Guard(card=card))
    assert "deck_ran_out" in kinds(events) and "threat_flipped" not in kinds(events)
    assert not hero.discard and len(hero.deck) == 52 - len(hero.hand)
    assert not state.level_up, "a duel levels after every encounter, never for a deck"
    assert Counter(state.cards_by_owner()["P0"]) == Counter(standard_deck())
    lines = GAME.narrate(events, None, state, ["ann", "ann", "bo", "bo"])
    assert any("shuffles the discards into a new one" in line for line in lines)
    assert not any("party will level" in line for line in lines)


BLAST = ability("blast", {"op": "discard", "count": 1, "pick": "lowest", "who": "foes"})
MUSTER = ability("muster", {"op": "draw", "count": 1, "who": "allies"})


def test_all_enemies_are_both_rival_heroes_and_allies_the_own_side() -> None:
    state = opened_with([BLAST, MUSTER, HECKLE], (0, 1), (2, 1), extra_for=3)
    before = [len(who.hand) for who in state.players]
    state.apply(0, UseAbility(ability="blast"))
    assert [len(who.hand) for who in state.players] == [
        before[0],
        before[1],
        before[2] - 1,
        before[3] - 1,
    ]
    state.apply(0, EndTurn())
    state.apply(1, UseAbility(ability="muster"))
    assert [len(who.hand) for who in state.players][:2] == [before[0] + 1, before[1] + 1]


def test_the_draft_and_initiative_are_sealed_choices_and_the_rest_is_not() -> None:
    state = duel_table()
    assert GAME.sealed(state, 0) and GAME.sealed(state, 2) and not GAME.sealed(state, 1)
    state.apply(0, Keep(classes=(0, 1), customs=(0, 1)))
    assert not GAME.sealed(state, 0), "answered: nothing left to seal"
    assert GAME.sealed(state, 2)
    state.apply(2, Keep(classes=(0, 1), customs=(0, 1)))
    assert GAME.sealed(state, 0) and GAME.sealed(state, 2), "initiative"
    state.apply(0, Initiative(concede=True))
    state.apply(2, Initiative(concede=False))
    assert not GAME.sealed(state, 0), "the extra card is one player's open choice"
    state.apply(0, Extra(hero=0))
    assert not any(GAME.sealed(state, seat) for seat in range(4)), "the fight is open"
    loot, _ = new_game(5, DeucesOptions(mode=Mode.LOOT, level=3), 2)
    assert loot.prompt is not None and loot.prompt.kind == "wager"
    assert GAME.sealed(loot, 0) and GAME.sealed(loot, 1)
