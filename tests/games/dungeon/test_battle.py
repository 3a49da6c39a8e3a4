"""Monster battles: 12 against the monster's health, two picks each, alternately, the fighter
first; a tie goes to the monster; monsters turned up by picks are fought next."""

from bot.games.cards import Card
from bot.games.dungeon.battle import Battle
from bot.games.dungeon.engine import Phase
from tests.games.dungeon.helpers import board, card_at, kinds, legal, of, play, up

START = {(2, 2): "+3D"}


def test_picks_alternate_the_fighter_first_and_the_higher_total_wins() -> None:
    cells = {
        **START,
        (3, 2): "QH",
        (1, 2): "+7H",
        (2, 1): "5D",
        (4, 2): "9S",
        (3, 1): "+AH",
        (3, 3): "6D",
    }
    state = board(cells, pawns=((2, 2), (9, 9)), hands=("", ""))
    events = play(state, "flip.3.2")
    assert kinds(events)[-1] == "battle_began"
    assert state.acting() == [0] and legal(state) == {"pick.1.2", "pick.2.1"}
    play(state, "pick.1.2")
    assert state.acting() == [1], "the opponent picks for the monster"
    assert legal(state) == {"pick.4.2", "pick.3.1", "pick.3.3"}
    events = play(state, "pick.3.3")
    picked = of(events, "picked")[0]
    assert (picked.player_total, picked.monster_total) == (19, 18)  # type: ignore[attr-defined]
    assert up(state, (3, 3)), "a face-down card picked is turned up"
    play(state, "pick.2.1")
    events = play(state, "pick.3.1")
    won = of(events, "battle_won")
    assert won and (won[0].player_total, won[0].monster_total) == (24, 13 + 6)  # type: ignore[attr-defined]
    assert state.score(0) == 5
    assert state.board.monster(Card.parse("QH")) is None
    assert Card.parse("QH") in state.discards
    assert card_at(state, (3, 1)) == Card.parse("AH"), "picked cards stay where they lie"
    assert state.phase == Phase.PLAY


def test_a_tie_goes_to_the_monster_and_a_loss_never_takes_the_score_below_zero() -> None:
    state = board({**START, (3, 2): "QH"}, pawns=((2, 2), (9, 9)), scores=(3, 0))
    events = play(state, "flip.3.2")
    lost = of(events, "battle_lost")
    assert lost and lost[0].lost == 3  # type: ignore[attr-defined]
    assert state.score(0) == 0
    assert state.pawn(0) is None, "the pawn goes back to its owner's hand"
    assert state.board.monster(Card.parse("QH")) is not None, "the monster stays"
    assert state.phase == Phase.PLAY, "a card is still played after losing on your own turn"


def test_a_loss_costs_five() -> None:
    state = board({**START, (3, 2): "KH"}, pawns=((2, 2), (9, 9)), scores=(20, 0))
    play(state, "flip.3.2")
    assert state.score(0) == 15


def test_walls_add_nothing_and_a_side_with_nothing_to_pick_is_passed_over() -> None:
    state = board({**START, (3, 2): "JH", (1, 2): "5S", (2, 1): "+4H"}, pawns=((2, 2), (9, 9)))
    play(state, "flip.3.2")
    assert state.acting() == [0]
    events = play(state, "pick.1.2")
    assert of(events, "picked")[0].adds == 0  # type: ignore[attr-defined]
    assert state.acting() == [0], "the monster has nothing to pick: the fighter picks on"
    events = play(state, "pick.2.1")
    assert of(events, "battle_won"), "16 against 11"


def test_a_monster_turned_up_by_a_pick_is_fought_next_wherever_it_is() -> None:
    state = board({**START, (3, 2): "JH", (2, 1): "+9H", (4, 2): "KD"}, pawns=((2, 2), (9, 9)))
    play(state, "flip.3.2", "pick.2.1")
    events = play(state, "pick.4.2")
    assert of(events, "picked")[0].adds == 0  # type: ignore[attr-defined]
    assert kinds(events)[-2:] == ["battle_won", "battle_began"]
    assert state.battle is not None and state.battle.monster == Card.parse("KD")
    assert legal(state) == {"pick.2.1"}, "picks are counted per battle"
    events = play(state, "pick.2.1")
    assert of(events, "battle_won") and state.score(0) == 10


def test_every_monster_next_to_the_pawn_is_fought_north_east_south_west() -> None:
    state = board(
        {**START, (6, 6): "2S"},
        pawns=((2, 2), (9, 9)),
        monsters=[("QH", (3, 2), "e"), ("JH", (2, 1), "n")],
    )
    events = play(state, "flip.6.6")
    fought = [str(e.monster) for e in of(events, "battle_began")]  # type: ignore[attr-defined]
    assert fought == ["J♥", "Q♥"]
    assert of(events, "battle_won") and of(events, "battle_lost"), "11 < 12, then 12 = 12"
    assert state.pawn(0) is None


def test_a_cell_counts_once_per_battle() -> None:
    cells = {**START, (4, 2): "+9H"}
    state = board(cells, pawns=((2, 2), (9, 9)), monsters=[("JH", (5, 2), "n")])
    battle = Battle(fighter=0, monster=Card.parse("JH"), monster_total=11, picked=[(4, 2)])
    assert (4, 2) not in battle.options(state.board, "monster")
    assert (4, 2) in Battle(fighter=0, monster=Card.parse("JH"), monster_total=11).options(
        state.board, "monster"
    )
