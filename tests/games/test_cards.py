import pytest
from pydantic import BaseModel

from bot.games.cards import JOKER, Card, CardParseError, Rank, Suit, cards, standard_deck


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("10♠", Rank.TEN, Suit.SPADES),
        ("TS", Rank.TEN, Suit.SPADES),
        ("ts", Rank.TEN, Suit.SPADES),
        ("A♦", Rank.ACE, Suit.DIAMONDS),
        ("2h", Rank.TWO, Suit.HEARTS),
        ("Q♣", Rank.QUEEN, Suit.CLUBS),
        (" K♥️ ", Rank.KING, Suit.HEARTS),
    ],
)
def test_parse_accepts_symbols_letters_and_case(text: str, rank: Rank, suit: Suit) -> None:
    assert Card.parse(text) == Card(rank, suit)


@pytest.mark.parametrize("text", ["JK", "jk", "🃏", "Joker"])
def test_parse_jokers(text: str) -> None:
    assert Card.parse(text) is JOKER or Card.parse(text) == JOKER
    assert Card.parse(text).value == 15


@pytest.mark.parametrize("text", ["", "1♠", "11♠", "X♠", "10", "♠", "10X", "JKK"])
def test_parse_rejects_non_cards(text: str) -> None:
    with pytest.raises(CardParseError):
        Card.parse(text)


def test_text_and_code_round_trip_for_every_card() -> None:
    for card in standard_deck(jokers=2):
        assert Card.parse(str(card)) == card
        assert Card.parse(card.code) == card
        assert len(card.code) == 2 and card.code.isascii()


def test_printing() -> None:
    assert str(Card.parse("TS")) == "10♠"
    assert str(JOKER) == "🃏"
    assert Card.parse("JK").code == "JK"


def test_a_joker_has_no_suit_and_others_need_one() -> None:
    with pytest.raises(CardParseError):
        Card(Rank.JOKER, Suit.SPADES)
    with pytest.raises(CardParseError):
        Card(Rank.TWO)


def test_standard_deck() -> None:
    deck = standard_deck(jokers=2)
    assert len(deck) == 54 and len(set(deck)) == 53
    assert deck.count(JOKER) == 2


class _Holder(BaseModel):
    card: Card
    pile: list[Card]


def test_cards_serialise_as_their_text_in_models() -> None:
    held = _Holder(card=Card.parse("10♠"), pile=cards("AD JK 2c"))
    assert held.model_dump_json() == '{"card":"10♠","pile":["A♦","🃏","2♣"]}'
    assert _Holder.model_validate_json(held.model_dump_json()) == held
