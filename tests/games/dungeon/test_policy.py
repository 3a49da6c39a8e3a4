"""The bot's sense: treasure it can reach, monsters it would lose to, traps for its rival."""

from bot.games.cards import Card
from bot.games.dungeon.actions import parse_action
from bot.games.dungeon.grid import distance
from bot.games.dungeon.policy import choose, ranked
from tests.games.dungeon.helpers import board, play


def test_it_takes_treasure_in_reach() -> None:
    state = board({(2, 2): "+3D", (3, 2): "+9H", (1, 2): "+2H"}, pawns=((2, 2), None))
    assert str(choose(state, 0)) == "step.e"


def test_it_keeps_away_from_a_giant_it_would_likely_lose_to() -> None:
    cells = {(2, 2): "+3D", (3, 2): "+9H", (5, 2): "+TH", (1, 2): "+6D"}
    state = board(cells, pawns=((2, 2), None), monsters=[("KH", (4, 2), "n")])
    assert str(choose(state, 0)) == "step.w"


def test_it_fights_a_goblin_it_should_beat_for_treasure() -> None:
    cells = {(2, 2): "+3D", (3, 2): "+9H", (3, 1): "+8D", (1, 2): "+6D"}
    state = board(cells, pawns=((2, 2), None), monsters=[("JH", (4, 2), "n")])
    assert str(choose(state, 0)) == "step.e"


def test_it_plays_a_monster_next_to_its_rival_and_treasure_next_to_itself() -> None:
    cells = {(2, 2): "+3D", (3, 2): "+4H", (4, 2): "5S", (5, 2): "6S", (6, 2): "+2D"}
    for hand, near_me in (("KH", False), ("9H", True)):
        state = board(cells, pawns=((2, 2), (6, 2)), hands=(hand, ""))
        play(state, "step.e")
        move = choose(state, 0)
        assert move.kind.value == "place" and move.at is not None
        mine, theirs = distance(move.at, (3, 2)), distance(move.at, (6, 2))
        assert (mine < theirs) == near_me, str(move)


def test_it_picks_the_best_card_for_its_side_of_a_battle() -> None:
    cells = {(2, 2): "+3D", (3, 2): "QH", (1, 2): "+2H", (2, 1): "+9D", (4, 2): "+5H"}
    state = board(cells, pawns=((2, 2), (9, 9)))
    play(state, "flip.3.2")
    assert str(choose(state, 0)) == "pick.2.1"
    play(state, "pick.2.1")
    assert str(choose(state, 1)) == "pick.4.2", "for the monster, against its rival"


def test_it_sends_monsters_at_its_rival() -> None:
    cells = {
        (0, 0): "+3D",
        (3, 0): "5D",
        (2, 1): "+4D",
        (4, 1): "+2H",
        (5, 1): "6D",
        (6, 1): "+2D",
    }
    state = board(cells, pawns=((0, 0), (6, 1)), monsters=[("QH", (3, 1), None)])
    assert {str(m) for m in state.legal_actions(0)} == {"mon.n", "mon.e", "mon.w"}
    assert str(choose(state, 0)) == "mon.e"
    play(state, "mon.e")
    monster = state.board.monster(Card.parse("QH"))
    assert monster is not None and monster.facing == "e", "the facing offered is the bot's"
    assert not str(choose(state, 0)).startswith("face."), "it accepts its own offer"


def test_ranked_puts_the_bots_choice_first() -> None:
    state = board({(2, 2): "+3D", (3, 2): "+9H", (1, 2): "+2H"}, pawns=((2, 2), None))
    moves = state.legal_actions(0)
    assert ranked(state, 0, moves)[0] == choose(state, 0)
    assert sorted(map(str, ranked(state, 0, moves))) == sorted(map(str, moves))
    assert parse_action("step.e") in moves


def test_it_turns_over_a_card_away_from_its_rival_not_the_first_beside_it() -> None:
    walls = {(1, 2): "+5S", (3, 2): "+6S", (2, 1): "+7S", (2, 3): "+8S"}
    cells = {(2, 2): "+3D", **walls, (6, 0): "+2H", (5, 0): "9H", (0, 6): "9D"}
    state = board(cells, pawns=((2, 2), (6, 0)))
    flips = [str(m) for m in state.legal_actions(0) if m.kind.value == "flip"]
    assert flips[0] == "flip.5.0", "reading order would turn up the card beside the rival"
    assert str(choose(state, 0)) == "flip.0.6"
