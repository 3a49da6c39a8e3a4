"""The crawl states assign fields their own, cheaper way: the result must be pydantic's."""

from pydantic import BaseModel

from bot.games.scoundrel import new_game


def test_an_assignment_stores_the_value_and_marks_the_field_set_as_pydantic_does() -> None:
    ours, theirs = new_game(3)[0], new_game(3)[0]
    ours.hp, ours.weapon = 7, ours.room[0]
    BaseModel.__setattr__(theirs, "hp", 7)
    BaseModel.__setattr__(theirs, "weapon", theirs.room[0])
    assert ours == theirs
    assert ours.model_fields_set == theirs.model_fields_set
    assert ours.model_dump_json() == theirs.model_dump_json()
