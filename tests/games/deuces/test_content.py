"""The shipped content validates, the schema rejects what the engine could not run, and every
ability in the files executes its primitives at a real table."""

from collections import Counter
from typing import get_args

import pytest
from pydantic import ValidationError

from bot.games.cards import standard_deck
from bot.games.deuces import (
    combat,
    effects,
    flow,
    tactics,
)
from bot.games.deuces.content import (
    PRIMITIVES,
    Ability,
    ClassDef,
    Effect,
    EnemyDef,
    EnemySet,
    describe,
    load_content,
)
from bot.games.deuces.engine import DeucesState
from bot.games.deuces.state import DeucesOptions, TurnPrompt, enemy, player

from .tables import DULL, TEST_SET, deck

CONTENT = load_content()
EVENT_OF = {
    "draw": "cards_drawn",
    "discard": "cards_discarded",
    "recover": "cards_recovered",
    "guard": "cards_drawn",
    "raise": "cards_marked",
    "wild": "cards_marked",
    "edge": "edge_changed",
    "extra_attack": "extra_attacks",
    "taunt": "targeting_changed",
    "hunt": "targeting_changed",
    "summon": "pet_summoned",
    "cancel": "attack_cancelled",
    "blunt": "attack_blunted",
}


def test_the_shipped_content_is_complete() -> None:
    assert len(CONTENT.sets) >= 3 and all(len(s.enemies) >= 6 for s in CONTENT.sets)
    assert len(CONTENT.classes) >= 6 and CONTENT.customs
    assert [s.tier for s in CONTENT.sets] == sorted(s.tier for s in CONTENT.sets)
    for klass in CONTENT.classes:
        assert {entry.level for entry in klass.abilities} == {1, 2, 3, 4, 5}
    used = {e.op for a in all_abilities() for e in a.effects}
    assert used == set(PRIMITIVES), "every primitive is used by some shipped ability"
    members = set(get_args(get_args(Effect)[0]))
    assert set(effects.EFFECTS) == members, "every effect's model has its handler"
    assert {get_args(m.model_fields["op"].annotation)[0] for m in members} == set(PRIMITIVES)


def all_abilities() -> list[Ability]:
    found = [a for s in CONTENT.sets for e in s.enemies for a in (e.basic, e.elite)]
    found += [a for c in CONTENT.classes for a in c.abilities_at(5)]
    return found + list(CONTENT.customs)


def test_every_ability_reads_as_words() -> None:
    for ability in all_abilities():
        text = describe(ability)
        assert text.endswith(")") and "  " not in text and "{" not in text


BASE = {"id": "probe", "name": "Probe"}


@pytest.mark.parametrize(
    "bad",
    [
        {"effects": []},
        {"effects": [{"op": "fireball", "count": 1}]},
        {"effects": [{"op": "draw", "count": 0}]},
        {"effects": [{"op": "draw", "count": 9}]},
        {"effects": [{"op": "draw", "count": 1, "power": 3}]},
        {"effects": [{"op": "edge", "amount": 0}]},
        {"effects": [{"op": "discard", "count": 1, "who": "target", "pick": "chosen"}]},
        {"effects": [{"op": "discard", "count": 1, "who": "target"}]},
        {"target": "foe", "effects": [{"op": "draw", "count": 1}]},
        {"effects": [{"op": "cancel"}]},
        {"timing": "disrupt", "effects": [{"op": "extra_attack", "count": 1}]},
        {"timing": "disrupt", "effects": [{"op": "edge", "amount": -1, "who": "foes"}]},
        {"effects": [{"op": "raise", "amount": 1, "count": 1}, {"op": "wild", "count": 1}]},
        {"timing": "whenever", "effects": [{"op": "draw", "count": 1}]},
        {"id": "Bad Id", "effects": [{"op": "draw", "count": 1}]},
    ],
)
def test_the_schema_rejects_what_the_engine_could_not_run(bad: dict) -> None:
    with pytest.raises(ValidationError):
        Ability.model_validate(BASE | bad)


def test_enemy_and_class_rules_are_checked() -> None:
    taunt = Ability.model_validate(BASE | {"effects": [{"op": "taunt"}]})
    hunt = Ability.model_validate(BASE | {"effects": [{"op": "hunt"}]})
    fields = {"id": "x", "name": "Xx", "difficulty": 2, "hand": (2, 2, 2, 2, 2)}
    with pytest.raises(ValidationError):
        EnemyDef(**fields, elite_at=3, boss_at=2, basic=DULL, elite=DULL)
    with pytest.raises(ValidationError):
        EnemyDef(**fields, elite_at=3, boss_at=4, basic=taunt, elite=DULL)
    with pytest.raises(ValidationError):
        ClassDef(id="c", name="Cc", abilities=[{"level": 1, "ability": hunt}])
    with pytest.raises(ValidationError):
        ClassDef(id="c", name="Cc", abilities=[{"level": 2, "ability": DULL}])
    with pytest.raises(ValidationError):
        EnemySet(id="s", name="Ss", tier=1, enemies=TEST_SET.enemies[:5])


# ---- every ability runs -------------------------------------------------------------------


HANDS = ["9♠ 9♦ 9♣ 4♣ 5♣ 6♣ 7♣ 8♦", "2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 3♦"]


def conserved(state: DeucesState) -> None:
    owners = state.cards_by_owner()
    for seat in range(len(state.players)):
        assert Counter(owners[f"P{seat}"]) == Counter(standard_deck())
    assert Counter(owners["GM"]) == Counter(standard_deck())


def seasoned(state: DeucesState) -> None:
    """Give every discard pile a few cards, so taking cards back has something to take."""
    for who in state.players:
        who.discard[:0] = who.deck[-3:]
        del who.deck[-3:]
    state.gm_discard.extend(state.gm_deck[-3:])
    del state.gm_deck[-3:]


def player_table(klass: ClassDef, custom: Ability | None) -> DeucesState:
    state, _ = DeucesState.scripted(
        decks=[deck(hand) for hand in HANDS],
        enemy_deck=["four", "three"],
        gm_deck=standard_deck(),
        enemy_set=TEST_SET,
        classes=[klass, klass],
        customs=[custom, custom],
        options=DeucesOptions(level=5),
    )
    seasoned(state)
    return state


def run(state: DeucesState, user, ability: Ability) -> list:
    aim = effects.targets(state, user, ability)[0]
    chosen = tactics.chosen_cards(state, user, ability)
    events = effects.cast(state, user, ability, aim, chosen)
    for effect in ability.effects:
        assert EVENT_OF[effect.op] in [e.kind for e in events], (ability.id, effect.op)
    conserved(state)
    return events


def seat_zero_goes_first(state: DeucesState) -> None:
    """The party's order is open: the first player takes the turn."""
    assert state.prompt.kind == "open" and 0 in state.waiting_for
    flow.begin_turn(state, TurnPrompt(seat=0))
    assert state.prompt.kind == "turn" and state.to_move == 0


@pytest.mark.usefixtures("quiet_gm")
@pytest.mark.parametrize(
    "ability",
    [a for c in CONTENT.classes for a in c.abilities_at(5)] + list(CONTENT.customs),
    ids=lambda a: a.id,
)
def test_every_player_ability_executes(ability: Ability) -> None:
    klass = next((c for c in CONTENT.classes if ability in c.abilities_at(5)), CONTENT.classes[0])
    custom = ability if ability in CONTENT.customs else None
    state = player_table(klass, custom)
    seat_zero_goes_first(state)
    if ability.timing == "disrupt":
        combat.declare(state, enemy(0), player(0), [state.enemies[0].hand[0]])
        assert effects.usable(state, player(0), ability, "defend")
    else:
        assert effects.usable(state, player(0), ability, "turn", 1, False)
    run(state, player(0), ability)


@pytest.mark.usefixtures("quiet_gm")
@pytest.mark.parametrize(
    ("enemy_set", "foe", "ability"),
    [(s, e, a) for s in CONTENT.sets for e in s.enemies for a in (e.basic, e.elite)],
    ids=lambda v: getattr(v, "id", None),
)
def test_every_enemy_ability_executes(enemy_set: EnemySet, foe: EnemyDef, ability: Ability) -> None:
    state, _ = DeucesState.scripted(
        decks=[deck(hand) for hand in HANDS],
        enemy_deck=[foe.id],
        gm_deck=standard_deck(),
        enemy_set=enemy_set,
        options=DeucesOptions(level=5, modifier=3),
    )
    seasoned(state)
    seat_zero_goes_first(state)
    assert ability in state.abilities(enemy(0))
    if ability.timing == "disrupt":
        combat.declare(state, player(0), enemy(0), [state.players[0].hand[0]])
    else:
        state.gm_actor = 0
    run(state, enemy(0), ability)
