"""Out of sight: at the end of every turn, cards more than four steps (across plus down, through
any cells) from both pawns on the board are discarded."""

from bot.games.cards import Card
from bot.games.contract import Event
from bot.games.dungeon.actions import Kind, directed, with_card
from bot.games.dungeon.engine import DungeonState
from bot.games.dungeon.voice import narrate
from tests.games.dungeon.helpers import board, card_at, legal, of, play


def end_turn_with_a_flip(state: DungeonState, flip: str) -> list[Event]:
    events = play(state, flip)
    place = sorted(m for m in legal(state) if m.startswith("place."))[0]
    return events + play(state, place)


def test_cards_and_monsters_more_than_four_steps_from_every_pawn_go_at_the_end_of_the_turn() -> (
    None
):
    cells = {(0, 0): "+3D", (4, 0): "5S", (2, 2): "+7H", (5, 0): "8S", (3, 3): "+AH"}
    state = board(cells, pawns=((0, 0), None), monsters=[("JH", (0, 5), "n")])
    events = end_turn_with_a_flip(state, "flip.4.0")
    gone = of(events, "out_of_sight")[0]
    assert set(gone.cards) == {Card.parse(c) for c in ("8S", "AH", "JH")}  # type: ignore[attr-defined]
    assert card_at(state, (4, 0)) is not None, "four steps away, across blanks, stays"
    assert card_at(state, (2, 2)) is not None
    assert state.board.monster(Card.parse("JH")) is None
    assert {Card.parse(c) for c in ("8S", "AH", "JH")} <= set(state.discards)


def test_either_pawn_keeps_a_card_in_sight() -> None:
    cells = {(0, 0): "+3D", (9, 0): "+2H", (8, 0): "5S", (3, 0): "6S"}
    state = board(cells, pawns=((0, 0), (9, 0)))
    events = end_turn_with_a_flip(state, "flip.3.0")
    assert not of(events, "out_of_sight")
    assert card_at(state, (8, 0)) is not None


def test_a_pawn_in_hand_sees_nothing_and_with_both_in_hand_nothing_goes() -> None:
    cells = {(0, 0): "+3D", (7, 7): "5S"}
    state = board(cells, pawns=((0, 0), None))
    assert legal(state) == {"flip.7.7", "take"}
    events = play(state, "take")
    assert not of(events, "out_of_sight")
    assert card_at(state, (7, 7)) is not None


def test_a_card_played_where_it_falls_out_of_sight_is_told_without_a_cell_name() -> None:
    cells = {(0, -5): "3C", (0, -4): "4C", (0, -3): "5C", (0, -2): "6C", (0, 0): "+2H"}
    state, _ = DungeonState.scripted(cells, hands=("9H", ""), pawns=((0, -1), None))
    events = state.apply(0, directed(Kind.STEP, "s"))
    events += state.apply(0, with_card(Kind.PLACE, Card.parse("9H"), (0, -6)))
    lines = narrate(events, state, ["Ana", "Bo"])
    assert any("a cell now out of sight" in line for line in lines)
    assert not any(" at B0" in line or " at A0" in line or "?" in line for line in lines)
