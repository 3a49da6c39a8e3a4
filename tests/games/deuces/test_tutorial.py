"""The tutorial: one fixed deal, each move coached, held to its plan, and by its end the player
has used an ability, attacked, defended, guarded and looted."""

import re

import pytest

from bot.games.contract import IllegalAction, Outcome, Setup
from bot.games.deuces import DeucesOptions, Mode, default_action, new_game, parse_action, suggest
from bot.games.deuces.actions import Attack, Defend, Guard, UseAbility
from bot.games.deuces.game import GAME, INFO
from bot.games.deuces.modes.tutorial import script
from bot.games.deuces.modes.tutorial.mode import COACH, coaching

TUTORIAL = DeucesOptions(mode=Mode.TUTORIAL)


def coached_play(seed: int = 1):
    """The tutorial played by its coached moves: the state, and each move with its events."""
    state, _ = new_game(seed, TUTORIAL, 1)
    moves = []
    while not state.is_over:
        [only] = state.legal_actions(0)
        moves.append((only, state.apply(0, only)))
    return state, moves


def test_the_plan_plays_to_a_won_encounter_with_every_lesson() -> None:
    state, moves = coached_play()
    assert [str(move) for move, _ in moves] == [step.action for step in script.STEPS]
    assert state.outcome == Outcome.WON and len(state.players[0].loot) == 1
    kinds = {type(move) for move, _ in moves}
    assert {UseAbility, Attack, Defend, Guard} <= kinds
    events = [event.kind for _, happened in moves for event in happened]
    assert "loot_gained" in events and "guarded" in events
    taught = [step.lesson for step in script.STEPS if step.lesson] + ["loot"]
    assert taught == list(script.LESSONS)


def test_the_deal_is_the_same_whatever_the_seed_and_settings() -> None:
    first, _ = new_game(1, TUTORIAL, 1)
    other, _ = new_game(99, TUTORIAL.model_copy(update={"level": 4, "modifier": 2}), 1)
    assert first.players[0].hand == other.players[0].hand and other.level == script.LEVEL
    assert [e.enemy_id for e in first.enemies] == [e.enemy_id for e in other.enemies]
    assert first.players[0].klass.id == script.CLASS_ID
    with pytest.raises(IllegalAction):
        new_game(1, TUTORIAL, 2)


def test_a_move_off_the_plan_is_refused_and_changes_nothing() -> None:
    state, _ = new_game(1, TUTORIAL, 1)
    before = state.model_dump_json()
    with pytest.raises(IllegalAction, match="follow the coach"):
        state.apply(0, parse_action("attack.0.AH"))  # right card, but the plan uses Challenge
    assert state.model_dump_json() == before


def test_a_timeout_and_the_hint_play_the_coached_move() -> None:
    state, _ = new_game(1, TUTORIAL, 1)
    for step in script.STEPS:
        assert str(default_action(state, 0)) == str(suggest(state, 0)) == step.action
        state.apply(0, default_action(state, 0))
    assert state.is_over


def test_each_line_names_the_cards_of_its_move() -> None:
    """What the coach says matches the move it coaches: every card the move plays is named."""
    for step in script.STEPS:
        move = parse_action(step.action)
        played = [move.card] if isinstance(move, Guard) else list(getattr(move, "cards", ()))
        named = re.findall(r"\*\*([^*]+)\*\*", step.line)
        assert named, step.line
        for card in played:
            assert str(card) in step.line, (step.action, step.line)
        assert len(step.line) <= 200, "one or two lines"


def test_the_table_shows_the_coach_first_and_the_hand_says_it_too() -> None:
    state, _ = new_game(1, TUTORIAL, 1)
    table = GAME.table(state, ["ann"])
    assert table.fields[0].name == f"{COACH} · move 1 of {len(script.STEPS)}"
    assert table.fields[0].value == script.STEPS[0].line
    hand = GAME.hand(state, 0, [])
    assert hand is not None and hand.footer == script.STEPS[0].line
    state, _ = coached_play()
    done = GAME.table(state, ["ann"]).fields[0]
    assert done.name == f"{COACH} · done" and done.value == coaching(state)
    assert "**Epic** loot (3♣)" in done.value, "the loot the player's 2s bought"


def test_the_tutorial_is_its_own_command_not_a_mode_of_new() -> None:
    assert INFO.tutorial is not None and INFO.tutorial.variant == Mode.TUTORIAL.value
    assert Mode.TUTORIAL.value not in [v.key for v in INFO.new_variants]
    match, _ = GAME.start(7, Setup(variant=Mode.TUTORIAL.value))
    assert not match.is_over
