"""The bot player: legal, the same for the same table, blind to hidden cards, and sensible."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.cards import Suit
from bot.games.rpg import GAME
from bot.games.rpg.actions import Attack, Bid, Buy, Defend, EndTurn, NoBid
from bot.games.rpg.engine import RpgState, new_game
from bot.games.rpg.policy import bot_action
from bot.games.rpg.state import Phase
from bot.games.rpg.values import sorted_hand

from .scripts import build, c, cs, play

BIG = "2H 3H 4H 2S 3S 4S 5S 6S"
"""Filler for a hand of ten or more, when the bot starts keeping a diamond for the bids."""


def test_it_buys_with_its_diamonds_but_keeps_one_likely_to_win_the_bids() -> None:
    state, _ = build([BIG + " 5D AD KD", "6H 8H 7S"], deck="2C 3C 4C 5C 6C")
    assert len(state.hands[0]) == 12
    assert bot_action(state, 0) == Buy(card=c("KD")), "the most cards first; A♦ is kept"
    play(state, 0, Buy(card=c("KD")))
    assert bot_action(state, 0) == Buy(card=c("5D"))
    play(state, 0, Buy(card=c("5D")))
    assert not isinstance(bot_action(state, 0), Buy)


def test_a_diamond_is_kept_while_at_most_one_higher_is_in_play() -> None:
    state, _ = build([BIG + " KD", "6H"], deck="2C 3C")
    assert bot_action(state, 0) != Buy(card=c("KD")), "only A♦ can beat it"
    state, _ = build([BIG + " QD", "6H"], deck="2C 3C")
    assert bot_action(state, 0) == Buy(card=c("QD")), "A♦ and K♦ could beat it"
    state, _ = build([BIG + " QD", "6H"], deck="2C 3C", removed="AD")
    assert bot_action(state, 0) != Buy(card=c("QD"))


def test_with_a_small_hand_every_diamond_buys() -> None:
    state, _ = build(["3H AD", "4H"], deck="2C")
    assert bot_action(state, 0) == Buy(card=c("AD"))


def test_it_bids_only_a_diamond_likely_to_win() -> None:
    state, _ = build(["3H AD", "4H QD", "5H KD"], deck="2C 3C 4C")
    for seat in range(3):
        state.apply(seat, EndTurn())
    assert bot_action(state, 0) == Bid(card=c("AD"))
    assert bot_action(state, 1) == NoBid()
    assert bot_action(state, 2) == Bid(card=c("KD"))


def test_it_defends_with_the_cheapest_answer_that_keeps_a_heart() -> None:
    state, _ = build(["3H 10S 7C", "5S 2C 4H 9H 6S", "5H"], deck="QC")
    play(state, 0, Attack(spade=c("10S"), clubs=cs("7C"), target=1))
    assert bot_action(state, 1) == Defend(cards=cs("5S 2C"))
    state, _ = build(["3H 10S 9C", "9S 4H", "5H"], deck="QC")
    play(state, 0, Attack(spade=c("10S"), clubs=cs("9C"), target=1))
    assert bot_action(state, 1) == Defend(cards=cs("9S")), "never the heart-spending 4♥ 9♠"


def test_it_would_rather_spend_a_spade_than_a_heart_of_nearly_its_value() -> None:
    state, _ = build(["3H 10S 4C", "5S 4H 9H", "5H"], deck="QC")
    play(state, 0, Attack(spade=c("10S"), clubs=cs("4C"), target=1))
    assert state.timeout_action(1) == Defend(cards=cs("4H")), "the timeout spends least"
    assert bot_action(state, 1) == Defend(cards=cs("5S")), "the bot keeps its hearts"


def test_it_strikes_the_weakest_opponent_when_the_blow_can_kill() -> None:
    strong = "5H 6H 7H 2S 3S 4S 5S 6S 7S 8S"
    state, _ = build(["3H JS KC QC", strong, "4H 2C"], deck="10H")
    action = bot_action(state, 0)
    assert isinstance(action, Attack) and action.target == 2
    assert action.spade == c("JS") and len(action.clubs) == 1, "no more than it takes"


def test_it_keeps_its_defence_rather_than_make_a_small_blow() -> None:
    strong = "5H 6H 7H 2S 3S 4S 5S 6S 7S 8S"
    state, _ = build(["3H 9S 3C", strong], deck="10H")
    assert bot_action(state, 0) == EndTurn()


def test_it_has_no_move_for_a_seat_the_game_does_not_wait_on() -> None:
    state, _ = build(["3H", "4H"], deck="2C")
    assert bot_action(state, 1) is None
    assert GAME.suggest(state, 0) == GAME.bot_action(state, 0) == EndTurn()


def hide_again(state: RpgState, seat: int, rng: random.Random) -> RpgState:
    """The same table as `seat` sees it, with every card it cannot see dealt otherwise: the
    opponents' hands (hearts and all: hands are secret), their sealed bids and the deck are
    gathered and dealt again at random, each hand keeping its size and each sealed bid a
    diamond. The seat's own hand, the discard pile and the cards out of the game stay."""
    other = state.model_copy(deep=True)
    opponents = [opponent for opponent in range(other.players) if opponent != seat]
    sealed = [o for o in opponents if other.phase == Phase.BID and other.bids[o] is not None]
    pool = list(other.deck)
    for opponent in opponents:
        pool += other.hands[opponent]
    pool += [bid for bid in (other.bids[o] for o in sealed) if bid is not None]
    rng.shuffle(pool)
    for opponent in sealed:
        diamond = next(card for card in pool if card.suit == Suit.DIAMONDS)
        pool.remove(diamond)
        other.bids[opponent] = diamond
    for opponent in opponents:
        size = len(other.hands[opponent])
        other.hands[opponent], pool = sorted_hand(pool[:size]), pool[size:]
    other.deck = pool
    other.check_cards()
    return other


def randomly_played(seed: int, players: int, steps: int) -> RpgState | None:
    """A table after `steps` random legal moves, or None once the game is over."""
    state, _ = new_game(seed, players)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            return None
        seat = rng.choice(state.acting())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return None if state.is_over else state


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 6), steps=st.integers(0, 400))
def test_the_bot_is_legal_the_same_each_time_and_blind_to_hidden_cards(
    seed: int, players: int, steps: int
) -> None:
    state = randomly_played(seed, players, steps)
    if state is None:
        return
    for seat in state.acting():
        action = bot_action(state, seat)
        assert action is not None and state.allows(seat, action)
        assert action in state.legal_actions(seat), "the hint is one of the listed moves"
        assert bot_action(state.model_copy(deep=True), seat) == action
        for attempt in range(3):
            twin = hide_again(state, seat, random.Random(f"{seed}:{attempt}"))
            assert bot_action(twin, seat) == action, "the bot decides from what it can see"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 6), steps=st.integers(0, 400))
def test_the_table_shows_nothing_of_the_hidden_cards(seed: int, players: int, steps: int) -> None:
    """Hands are secret: dealing every hand, sealed bid and the deck otherwise (sizes kept)
    leaves the public table exactly as it was, hearts included."""
    state = randomly_played(seed, players, steps)
    if state is None:
        return
    names = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo"][:players]
    nobody = -1
    for attempt in range(3):
        twin = hide_again(state, nobody, random.Random(f"{seed}:{attempt}"))
        assert GAME.table(twin, names) == GAME.table(state, names)
