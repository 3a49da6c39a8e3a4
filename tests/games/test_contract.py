"""Every registered game keeps the one contract the bot relies on, checked the same way for all:
one text form per action that reads back, fits a button and never shadows the table's own
buttons; states that round-trip through JSON mid-game; results once over; facts that agree."""

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.cli import HINT_WORDS, QUIT_WORDS
from bot.games.contract import GameError, Setup
from bot.games.definition import GameEntry, Match
from bot.games.registry import GAMES
from cogs.custom_ids import CustomId, decode
from cogs.router import TABLE_WORDS

MOVES = 150


def played(game: GameEntry, seed: int, moves: int) -> list[Match]:
    """A game started from `seed` and played by random legal moves, every position kept."""
    variant = game.info.variants[seed % len(game.info.variants)]
    match, _ = game.start(seed, Setup(variant=variant.key, seats=variant.seats.min))
    chooser = random.Random(seed)
    positions = [match.snapshot()]
    for _ in range(moves):
        if match.is_over:
            break
        seat = chooser.choice(match.acting())
        match.play(seat, chooser.choice(match.legal(seat)))
        positions.append(match.snapshot())
    return positions


@pytest.mark.parametrize("key", sorted(GAMES))
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1))
def test_every_legal_action_has_one_text_form_that_fits_a_button(key: str, seed: int) -> None:
    game = GAMES[key]
    for match in played(game, seed, MOVES):
        for seat in match.acting():
            texts = match.legal(seat)
            assert texts, "a seat the game waits on has something to do"
            for text in texts:
                assert text.isascii() and " " not in text, text
                assert text.split(".")[0] not in TABLE_WORDS, f"{text} shadows a table button"
                custom = CustomId.for_action(2**40, 10**6, text)
                assert decode(custom.encode()) == custom and custom.action_text == text
            moves, hint = match.labelled(seat)
            assert [text for text, _ in moves] == texts and all(label for _, label in moves)
            assert hint is None or hint in texts, "a hint is a legal move"
        reloaded = game.resume(match.dump())
        assert reloaded.dump() == match.dump(), "a state reads back exactly"


KEY = re.compile(r"^[a-z]+!?$")


@pytest.mark.parametrize("key", sorted(GAMES))
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1))
def test_the_keys_of_moves_are_unique_and_never_a_word_of_the_terminal(key: str, seed: int) -> None:
    for match in played(GAMES[key], seed, MOVES):
        for seat in match.acting():
            keys = match.keys(seat)
            assert set(keys) <= set(match.legal(seat))
            assert len(set(keys.values())) == len(keys), keys
            for typed in keys.values():
                assert KEY.match(typed) and typed not in QUIT_WORDS | HINT_WORDS, typed


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_finished_game_has_a_result_for_every_seat(key: str) -> None:
    game = GAMES[key]
    for seed in range(3):
        last = played(game, seed, 5000)[-1]
        if last.is_over:
            assert sorted(r.seat for r in last.results()) == list(range(len(last.results())))
            assert all(r.outcome in ("won", "lost", "draw") for r in last.results())
            assert last.acting() == []


@pytest.mark.parametrize("key", sorted(GAMES))
def test_an_unreadable_or_foreign_action_is_refused_and_changes_nothing(key: str) -> None:
    info = GAMES[key].info
    seats = info.variant(None).seats.min
    match, _ = GAMES[key].start(1, Setup(variant=info.default_variant, seats=seats))
    before = match.dump()
    seat = match.acting()[0]
    for text in ("", "fly", "take.99", "attack.9.ZZ", "weapon.AS.AS", "🃏"):
        with pytest.raises(GameError):
            match.play(seat, text)
    with pytest.raises(GameError):
        match.play(seat + 7, match.legal(seat)[0])
    assert match.dump() == before


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_facts_of_a_game_agree(key: str) -> None:
    info = GAMES[key].info
    keys = [v.key for v in info.variants]
    assert info.key == key and info.default_variant in keys and info.new_variants
    assert all(
        info.seats.min <= v.seats.min <= v.seats.max <= info.seats.max for v in info.variants
    )
    for board in info.boards:
        assert set(board.variants) <= set(keys)
    if info.challenge is not None:
        heroes = info.challenge.heroes  # two people, each holding that many seats
        assert info.variant(info.challenge.variant).seats.min == 2 * heroes
    if info.daily is not None:
        assert info.variant(info.daily.variant).seats.min == 1
    if info.lobby is not None:
        for choice in info.lobby.choices:
            assert choice.placeholder and choice.options, "a menu says what is chosen"
            assert len(choice.options) <= 25, "Discord lists 25 options at most"
        assert len({c.key for c in info.lobby.choices}) == len(info.lobby.choices)
    assert GAMES[key].rules.title == info.title


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_match_answers_for_its_game_and_is_told_from_its_own_tables_only(key: str) -> None:
    game = GAMES[key]
    variant = game.info.variant(None)
    match, _ = game.start(7, Setup(variant=variant.key, seats=variant.seats.min))
    assert match.info is game.info and match.rules is game.rules
    assert match.reads_before == game.reads_before
    before = match.before_move()
    assert (before is not None) == match.reads_before
    assert before is None or before.dump() == match.dump()
    names = [f"player {n}" for n in range(match.info.seats.max)]
    assert match.narrate([], match.snapshot(), names) == []
    stranger = next(GAMES[k] for k in sorted(GAMES) if k != key)
    theirs = stranger.info.variant(None)
    other, _ = stranger.start(7, Setup(variant=theirs.key, seats=theirs.seats.min))
    with pytest.raises(TypeError, match="its own game"):
        match.narrate([], other, names)


def test_a_setup_the_game_does_not_offer_is_refused() -> None:
    dragons = GAMES["dragons"]
    with pytest.raises(GameError, match=r"\(duel\) is for 2 players"):
        dragons.start(1, Setup(variant="duel", seats=1))
    with pytest.raises(GameError, match="has no variant 'trio'"):
        dragons.start(1, Setup(variant="trio"))
    with pytest.raises(GameError, match=r"is for 1 to 5 players"):
        GAMES["deuces"].start(1, Setup(variant="encounter", seats=6))
    with pytest.raises(GameError):
        GAMES["deuces"].start(1, Setup(variant="encounter", settings={"level": 9}))


@pytest.mark.parametrize("key", sorted(k for k in GAMES if not GAMES[k].reads_before))
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1))
def test_a_game_said_not_to_read_the_table_before_a_move_tells_it_the_same_without(
    key: str, seed: int
) -> None:
    """Clicks skip the copy for such a game, so its voice must not depend on it."""
    game = GAMES[key]
    chooser = random.Random(seed)
    seats = game.info.variant(None).seats.min
    match, _ = game.start(seed, Setup(variant=game.info.default_variant, seats=seats))
    names = [f"player {n}" for n in range(match.info.seats.max)]
    while not match.is_over:
        before = match.snapshot()
        seat = chooser.choice(match.acting())
        events = match.play(seat, chooser.choice(match.legal(seat)))
        assert match.narrate(events, None, names) == match.narrate(events, before, names)
