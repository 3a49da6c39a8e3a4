"""The small rules of English every message keeps: counts agree with their nouns, narration
starts each sentence with a capital, and a result names the winner's score first."""

from hypothesis import given
from hypothesis import strategies as st

from bot.games.cards import Card
from bot.games.contract import Outcome
from bot.games.crawl.dealer import HERO_FELL, Dealer
from bot.games.crawl.events import HeroFell
from bot.games.dragons.engine import DragonsState
from bot.games.dragons.view import duel_result
from bot.games.dungeon.engine import Phase
from bot.games.dungeon.events import DuelOver, OutOfSight
from bot.games.dungeon.table import status_field
from bot.games.dungeon.voice import narrate
from bot.games.scoundrel.engine import ScoundrelState
from bot.games.scoundrel.view import scoundrel_table
from bot.words import agree, plural, score_line, sentence
from tests.games.dungeon.helpers import board

CARDS = [Card.parse(text) for text in ("2C", "3C", "4C", "5C", "6C")]


@given(st.integers(min_value=0, max_value=10_000))
def test_a_count_agrees_with_its_noun(count: int) -> None:
    said = plural(count, "card")
    assert said == ("1 card" if count == 1 else f"{count} cards")
    assert plural(count, "enemy", "enemies").endswith("enemy" if count == 1 else "enemies")
    assert agree(count, "fades", "fade") == ("fades" if count == 1 else "fade")


def test_a_deck_of_one_is_one_card_left() -> None:
    state, _ = ScoundrelState.scripted(CARDS)  # four dealt to the room, one left
    deck = next(f.value for f in scoundrel_table(state).fields if "Deck" in f.name)
    assert deck == "1 card left"


def test_one_card_out_of_sight_fades_away_in_the_singular() -> None:
    state = board({(0, 0): "+3D"})
    lone = OutOfSight(cards=[Card.parse("5S")], cells=[(3, 3)])
    pair = OutOfSight(cards=[Card.parse("5S"), Card.parse("6S")], cells=[(3, 3), (4, 4)])
    assert "1 card fades away: 5♠" in narrate([lone], state, ["Ana", "Bo"])[0]
    assert "2 cards fade away: 5♠ 6♠" in narrate([pair], state, ["Ana", "Bo"])[0]


@given(st.text(alphabet="ab🌫️*( 7", max_size=6), st.sampled_from(["the king", "a potion"]))
def test_a_sentence_starts_with_a_capital_whatever_leads_it(lead: str, words: str) -> None:
    said = sentence(lead + words)
    first = next(c for c in said if c.isalpha() or c.isdigit())
    assert first.isdigit() or first.isupper()
    assert said.lower() == (lead + words).lower()


@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=5))
def test_the_dealer_starts_every_hero_line_with_a_capital(seed: int, turn: int) -> None:
    for hero in ("KH", "QD", "JD"):
        (line,) = Dealer(seed).narrate([HeroFell(hero=Card.parse(hero))], turn)
        assert line[0].isupper(), line
    assert any(template.startswith("{hero}") for template in HERO_FELL), "the case it covers"


def test_the_winners_score_comes_first_whichever_seat_won() -> None:
    assert score_line(102, 62) == "102 to 62"
    state = board({(0, 0): "+3D"})
    for winner, scores in ((1, [62, 102]), (0, [102, 62])):
        event = DuelOver(winner=winner, scores=scores, reason="hundred")
        (line,) = narrate([event], state, ["Ana", "Bo"])
        assert "wins (102 to 62)" in line and "reaches 102 points" in line, line


def test_the_finished_table_says_the_winners_score_first() -> None:
    state = board({(0, 0): "+3D"}, scores=(40, 95))
    state.phase, state.winner, state.end_reason = Phase.OVER, 1, "cards"
    field = status_field(state, ["Ana", "Bo"])
    assert field.value.endswith("wins, 95 to 40"), field.value


def test_a_dragons_duel_ends_on_one_line_naming_each_player_once_winner_first() -> None:
    deck = [Card.parse(text) for text in ("2S", "3S", "4S", "2C", "3C", "4C", "5C", "2H")] * 2
    state, _ = DragonsState.scripted(deck, players=2, first=0, seed=0)
    ada, bo = state.parties
    ada.outcome, ada.score, bo.outcome, bo.score = Outcome.LOST, -40, Outcome.WON, 12
    verdict = duel_result(state, ["Ada", "Bo"])
    assert verdict == "**Bo** wins the duel against **Ada**, 12 to -40"
    bo.outcome, bo.score = Outcome.LOST, -45
    verdict = duel_result(state, ["Ada", "Bo"])
    assert verdict == "**Ada** and **Bo** both fall: a draw, -40 to -45"
    assert verdict.count("Ada") == verdict.count("Bo") == 1
