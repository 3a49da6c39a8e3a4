"""The panel's colour rules, for every mix of seats and results a game can end with."""

from bot.games.contract import SeatResult
from cogs.panel_colour import COLOURS, panel_colour
from storage import GameStatus, PlayerSeat

ALICE, BOB = (
    PlayerSeat(seat=0, user_id=1, display_name="alice"),
    PlayerSeat(seat=1, user_id=2, display_name="bob"),
)
ROBOT = PlayerSeat(seat=1, user_id=-1, display_name="Dealer")


def ended(*outcomes: str) -> list[SeatResult]:
    return [SeatResult(seat=s, outcome=o, score=0) for s, o in enumerate(outcomes)]


def test_a_game_being_played_is_active_whatever_its_seats() -> None:
    assert panel_colour(GameStatus.ACTIVE, [ALICE, BOB], ended("lost")) == "active"


def test_a_solo_game_is_won_or_lost_for_its_player() -> None:
    assert panel_colour(GameStatus.FINISHED, [ALICE], ended("won")) == "won"
    assert panel_colour(GameStatus.FINISHED, [ALICE], ended("lost")) == "lost"


def test_against_the_bot_the_one_person_seated_decides() -> None:
    assert panel_colour(GameStatus.FINISHED, [ALICE, ROBOT], ended("lost", "won")) == "lost"
    assert panel_colour(GameStatus.FINISHED, [ALICE, ROBOT], ended("won", "lost")) == "won"
    assert panel_colour(GameStatus.FINISHED, [ALICE, ROBOT], ended("draw", "draw")) == "finished"


def test_a_game_of_several_people_shows_the_winners_colour_whoever_won() -> None:
    for outcomes in (("lost", "won"), ("won", "lost"), ("won", "won")):
        assert panel_colour(GameStatus.FINISHED, [ALICE, BOB], ended(*outcomes)) == "winner"


def test_a_game_of_several_people_nobody_won_is_neutral_not_lost() -> None:
    for outcomes in (("lost", "lost"), ("draw", "draw")):
        assert panel_colour(GameStatus.FINISHED, [ALICE, BOB], ended(*outcomes)) == "finished"


def test_a_game_closed_early_is_grey() -> None:
    for status in (GameStatus.ABANDONED, GameStatus.EXPIRED):
        assert panel_colour(status, [ALICE, BOB], ended("won", "lost")) == "closed"


def test_every_state_has_its_own_colour() -> None:
    assert len(set(COLOURS.values())) == len(COLOURS)
