"""Which tables offer hints, from the games' own facts: none where the game is rated between
people, and a hand that leaves its hint out keeps every play."""

import pytest

from bot.games.contract import Setup
from bot.games.registry import GAMES


@pytest.mark.parametrize(
    ("game", "variant", "people", "offered"),
    [
        ("scoundrel", "classic", 1, True),
        ("dragons", "solo", 1, True),
        ("dragons", "duel", 2, False),
        ("deuces", "encounter", 3, True),
        ("deuces", "duel", 2, False),
        ("deuces", "masters", 3, False),
        ("rpg", "classic", 1, True),
        ("rpg", "classic", 2, False),
        ("dungeon", "duel", 1, True),
        ("dungeon", "duel", 2, False),
    ],
)
def test_a_table_rated_between_people_offers_no_hint(
    game: str, variant: str, people: int, offered: bool
) -> None:
    assert GAMES[game].info.offers_hints(variant, people) is offered


def test_every_rated_variant_of_every_game_offers_none_to_two_people() -> None:
    for entry in GAMES.values():
        for variant in entry.info.variants:
            assert entry.info.offers_hints(variant.key, 2) is not variant.rated
            assert entry.info.offers_hints(variant.key, 1)


def test_a_hand_without_hints_keeps_every_play_and_marks_none() -> None:
    match, _ = GAMES["rpg"].start(3, Setup(variant="classic", seats=2))
    seat = match.acting()[0]
    offered = match.hand(seat, [], hints=True)
    withheld = match.hand(seat, [], hints=False)
    assert offered is not None and withheld is not None
    hint, *plays = offered.controls
    assert hint.hint and hint.style == "success"
    assert not any(control.hint for control in withheld.controls)
    assert not any(control.label.startswith("💡") for control in withheld.controls)
    assert {c.action for c in plays} <= {c.action for c in withheld.controls}
    assert offered.hint is None and withheld.hint is None, "the hint is placed, not passed on"
