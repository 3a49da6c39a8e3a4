"""The crawl states assign fields their own, cheaper way: the result must be pydantic's."""

from pydantic import BaseModel

from bot.games.dragons import new_game as new_dragons
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
