"""A room card's key in the terminal keeps naming that card while it stays in the room, over
random games of both dungeon crawls: a player who types what they just read plays that card."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.cards import Card, cards
from bot.games.contract import Setup
from bot.games.crawl.actions import ActionKind, laid_out, laid_out_by_place, parse_action
from bot.games.definition import Match
from bot.games.registry import GAMES


def cards_by_letter(match: Match) -> dict[str, Card]:
    """The card each key's letter plays now, over every seat the game waits on."""
    letters: dict[str, Card] = {}
    for seat in match.acting():
        for text, key in match.keys(seat).items():
            action = parse_action(text)
            if action.card is not None:
                letters[key.rstrip("!")] = action.card
    return letters


@pytest.mark.parametrize(("key", "variant"), [("scoundrel", "easy"), ("dragons", "duel")])
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1))
def test_a_letter_names_the_same_card_while_it_stays_in_the_room(
    key: str, variant: str, seed: int
) -> None:
    info = GAMES[key].info
    match, _ = GAMES[key].start(seed, Setup(variant=variant, seats=info.variant(variant).seats.min))
    chooser = random.Random(seed)
    while not match.is_over:
        before = cards_by_letter(match)
        seat = match.acting()[0]
        text = chooser.choice(match.legal(seat))
        match.play(seat, text)
        played = parse_action(text)
        if played.kind == ActionKind.RUN:
            continue  # the whole room left: new cards, new letters
        stayed = set(match.state.room) - {played.card}  # a twin of the played card is another
        for letter, card in cards_by_letter(match).items():
            was = before.get(letter)
            assert was is None or was == card or was not in stayed, (letter, was, card)


def test_barehanded_is_marked_and_the_weapon_fight_is_the_plain_letter() -> None:
    match, _ = GAMES["scoundrel"].start(3, Setup(variant="classic"))
    match.play(0, "run")
    match.play(0, "equip.3D")
    keys = match.keys(0)
    assert keys["weapon.AC"] == "a" and keys["bare.AC"] == "a!"
    assert all(key.endswith("!") == text.startswith("bare") for text, key in keys.items())


def test_a_carried_card_keeps_its_place_and_new_cards_fill_the_others() -> None:
    before = cards("A♣ 3♦ 7♣ 5♥")
    layout = laid_out(list(before), kept=cards("7♣"), dealt=cards("J♣ K♣ 10♠"))
    assert layout == cards("J♣ K♣ 7♣ 10♠")
    assert laid_out([], kept=[], dealt=cards("2♣ 3♣")) == cards("2♣ 3♣")


def test_the_direct_layouts_match_the_general_one() -> None:
    """Rooms keeping one card or none, twins and equal cards that are other objects among
    them (a scripted deck parses its own), and kept cards with no place."""
    rng = random.Random(5)
    deck = cards("2♣ 3♣ 7♣ A♦ 5♥ 🃏 10♠ J♣ K♣ Q♠")
    for _ in range(3_000):
        pool = rng.sample(deck, 5) * 2
        places = [rng.choice([*pool, None]) for _ in range(rng.randrange(8))]
        kept = [
            Card.parse(card.text) if rng.random() < 0.5 else card
            for card in rng.sample(pool, rng.choice([0, 1, 1, 2]))
        ]
        dealt = rng.sample(deck, rng.randrange(8))
        layout = laid_out(places, kept, dealt)
        general = laid_out_by_place(places, kept, dealt)
        assert layout == general
        assert all(ours is theirs for ours, theirs in zip(layout, general, strict=True))


def test_a_game_saved_without_places_keys_its_room_by_order() -> None:
    match, _ = GAMES["scoundrel"].start(3, Setup(variant="classic"))
    old = match.state.model_copy(update={"places": []})
    assert [GAMES["scoundrel"].key(old, 0, a) for a in old.legal_actions(0)] == [
        "r",
        "a!",
        "b",
        "c!",
        "d!",
    ]
