"""A player's abilities, worked out once per class, custom ability and level."""

import pytest

from bot.games.deuces import load_content
from bot.games.deuces import state as table
from bot.games.deuces.state import held_abilities


def test_the_class_abilities_of_the_level_then_the_custom_one() -> None:
    content = load_content()
    klass, custom = content.classes[0], content.customs[0]
    for level in range(1, 6):
        assert held_abilities(klass, custom, level) == (*klass.abilities_at(level), custom)
        assert held_abilities(klass, None, level) == tuple(klass.abilities_at(level))


def test_the_same_inputs_give_the_same_tuple_and_a_retuned_class_its_own() -> None:
    content = load_content()
    klass, custom = content.classes[1], content.customs[0]
    assert held_abilities(klass, custom, 3) is held_abilities(klass, custom, 3)
    data = klass.model_dump()
    retuned = type(klass).model_validate({**data, "abilities": data["abilities"][:1]})
    first = klass.abilities[0].ability
    assert held_abilities(klass, custom, 5) != held_abilities(retuned, custom, 5)
    assert held_abilities(retuned, custom, 5) == (first, custom)


def test_the_memo_is_emptied_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    content = load_content()
    monkeypatch.setattr(table, "HELD_KEPT", 2)
    table._HELD.clear()
    for level in (1, 2, 3):
        held_abilities(content.classes[0], None, level)
    assert len(table._HELD) == 1
    assert held_abilities(content.classes[0], None, 2) == tuple(content.classes[0].abilities_at(2))
