"""The crawl states, parties and events assign and build themselves their own, cheaper way:
the result must be what pydantic would make."""

import random

import pytest
from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, field_validator

from bot.games.contract import Setup
from bot.games.crawl.plain import PlainAssignment, built
from bot.games.dragons import new_game as new_dragons
from bot.games.dragons.engine import Party
from bot.games.scoundrel import new_game


def test_an_assignment_stores_the_value_as_pydantic_does() -> None:
    ours, theirs = new_game(3)[0], new_game(3)[0]
    ours.hp, ours.weapon = 7, ours.room[0]
    BaseModel.__setattr__(theirs, "hp", 7)
    BaseModel.__setattr__(theirs, "weapon", theirs.room[0])
    assert ours == theirs
    assert ours.model_dump_json() == theirs.model_dump_json()
    assert type(ours).model_validate_json(ours.model_dump_json()) == theirs


def test_a_party_assigns_as_pydantic_does() -> None:
    ours, theirs = new_dragons(3)[0].parties[0], new_dragons(3)[0].parties[0]
    ours.hp = 5
    BaseModel.__setattr__(theirs, "hp", 5)
    assert ours == theirs
    assert ours.model_dump_json() == theirs.model_dump_json()


def test_assignment_skips_pydantics_dispatch() -> None:
    state = new_game(3)[0]
    assert type(state).__setattr__ is object.__setattr__
    assert type(new_dragons(3)[0].parties[0]).__setattr__ is object.__setattr__


def test_events_built_unvalidated_are_what_validation_would_build() -> None:
    chooser = random.Random(5)
    for new in (new_game, new_dragons):
        for seed in range(40):
            state, events = new(seed)
            seen = list(events)
            while not state.is_over:
                seat = state.acting()[0]
                seen += state.apply(seat, chooser.choice(state.legal_actions(seat)))
            for event in seen:
                assert set(vars(event)) == set(type(event).model_fields)
                validated = type(event).model_validate(event.model_dump())
                assert validated == event


def test_states_and_parties_hold_their_fields_and_nothing_else() -> None:
    """An assignment to a misspelt field would be stored beside the fields, unsaved."""
    chooser = random.Random(6)
    games = [lambda seed: new_game(seed), lambda seed: new_dragons(seed, players=1 + seed % 2)]
    for new in games:
        for seed in range(40):
            state, _ = new(seed)
            while not state.is_over:
                seat = state.acting()[0]
                state.apply(seat, chooser.choice(state.legal_actions(seat)))
                held = [state, *getattr(state, "parties", [])]
                for model in held:
                    assert set(vars(model)) == set(type(model).model_fields)


def test_built_takes_defaults_and_makes_fresh_lists() -> None:
    first, second = built(Party), built(Party, seat=1)
    assert first == Party() and second == Party(seat=1)
    assert first.slain is not second.slain and first.heroes is not second.heroes
    assert second.model_fields_set == {"seat"}


def test_built_refuses_a_model_that_assigns_through_pydantic() -> None:
    with pytest.raises(TypeError):
        built(Setup, variant="classic")


def test_built_takes_fields_by_name_only() -> None:
    with pytest.raises(TypeError):
        built(Party, 1)  # pyright: ignore[reportCallIssue]


def test_a_model_with_more_to_do_than_storing_cannot_assign_plainly() -> None:
    with pytest.raises(TypeError, match="field validator"):

        class Checked(PlainAssignment, BaseModel):  # pyright: ignore[reportUnusedClass]
            hp: int = 0

            @field_validator("hp")
            @classmethod
            def positive(cls, hp: int) -> int:
                return hp

    with pytest.raises(TypeError, match="private attributes"):

        class Hidden(PlainAssignment, BaseModel):  # pyright: ignore[reportUnusedClass]
            _cache: int = PrivateAttr(0)

    with pytest.raises(TypeError, match="validated assignment"):

        class Validated(PlainAssignment, BaseModel):  # pyright: ignore[reportUnusedClass]
            model_config = ConfigDict(validate_assignment=True)

    with pytest.raises(TypeError, match="made from the other fields"):

        class Derived(PlainAssignment, BaseModel):  # pyright: ignore[reportUnusedClass]
            hp: int = 0
            start: int = Field(default_factory=lambda fields: fields["hp"])
