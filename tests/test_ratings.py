from bot.ratings import Skill, finishing_order, rate


def test_a_win_beats_a_loss_whatever_the_scores() -> None:
    assert finishing_order([(True, 3), (False, 40)]) == [1, 2]
    assert finishing_order([(False, -10), (False, -50)]) == [1, 2]
    assert finishing_order([(True, 12), (True, 12)]) == [1, 1]


def test_the_winner_gains_what_the_loser_gives_up() -> None:
    winner, loser = rate([Skill(), Skill()], [(True, 5), (False, -30)])
    assert winner.mu > Skill().mu > loser.mu
    assert winner.sigma < Skill().sigma and loser.sigma < Skill().sigma
    assert winner.ordinal > loser.ordinal


def test_a_draw_between_equals_moves_no_one() -> None:
    first, second = rate([Skill(), Skill()], [(True, 9), (True, 9)])
    assert first.mu == second.mu == Skill().mu


def test_beating_a_stronger_player_is_worth_more() -> None:
    strong = Skill(mu=32, sigma=3)
    upset, _ = rate([Skill(), strong], [(True, 1), (False, -5)])
    expected, _ = rate([Skill(), Skill()], [(True, 1), (False, -5)])
    assert upset.mu - Skill().mu > expected.mu - Skill().mu
