"""What a player types at the terminal: every legal move of every game is on the screen and
answers to what the screen shows for it; a move answers to its cards (and its words) in any order,
with any separator; flags that do not fit the game are refused with the range they take; the
help is the game's own and is not repeated after a mistake."""

import io
import random
from itertools import pairwise

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.__main__ import main
from bot.cli import chosen, help_text, listed_moves, move_lines, play
from bot.games.contract import Setup
from bot.games.definition import Match
from bot.games.registry import GAMES
from bot.typed import move_parts

SEPARATORS = [" ", ",", ", ", "-", "/", "+", ";", " . ", "", "  "]
"""Between two cards any of these; between a word and what follows, any but nothing."""
TYPED_GAMES = ["scoundrel", "dragons", "deuces"]


def played_to(game: str, variant: str, seed: int, moves: int) -> Match:
    """A match `moves` moves in (or at its end), each the seat's first legal move."""
    entry = GAMES[game]
    seats = entry.info.variant(variant).seats.min
    match, _ = entry.start(seed, Setup(variant=variant, seats=seats))
    for _ in range(moves):
        if match.is_over:
            break
        seat = match.acting()[0]
        listed, _ = match.labelled(seat, hints=False)
        match.play(seat, listed[0][0])
    return match


def variants(games: list[str]) -> list[tuple[str, str]]:
    return [(key, v.key) for key in games for v in GAMES[key].info.variants]


def typed_as(text: str, rng: random.Random) -> str:
    """The move typed by its cards and words, shuffled, with random separators and cases."""
    cards, words = move_parts(text)
    shown = [rng.choice([code, code.lower(), code.replace("T", "10")]) for code in cards]
    tokens = [*words, *shown]
    rng.shuffle(tokens)
    typed = tokens[0]
    for previous, token in pairwise(tokens):
        glued = previous in shown and token in shown
        typed += rng.choice(SEPARATORS if glued else [s for s in SEPARATORS if s])
        typed += token
    return typed


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(variants(TYPED_GAMES)),
    st.integers(min_value=0, max_value=2**16),
    st.integers(min_value=0, max_value=30),
    st.randoms(use_true_random=False),
)
def test_every_move_with_cards_answers_to_its_cards_and_words_in_any_order(
    variant: tuple[str, str], seed: int, moves: int, rng: random.Random
) -> None:
    match = played_to(*variant, seed, moves)
    if match.is_over:
        return
    seat = match.acting()[0]
    legal, hint = match.labelled(seat)
    listed = listed_moves(legal, match.keys(seat))
    for text, _ in legal:
        if not move_parts(text)[0]:
            continue  # no cards: typed by its key, number or words
        typed = typed_as(text, rng)
        out = io.StringIO()
        assert chosen(typed, listed, legal, hint, out) == text, (typed, out.getvalue())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(variants(list(GAMES))),
    st.integers(min_value=0, max_value=2**16),
    st.integers(min_value=0, max_value=40),
)
def test_every_legal_move_of_every_game_is_listed_and_answers_to_its_tag(
    variant: tuple[str, str], seed: int, moves: int
) -> None:
    match = played_to(*variant, seed, moves)
    if match.is_over:
        return
    seat = match.acting()[0]
    legal, hint = match.labelled(seat)
    listed = listed_moves(legal, match.keys(seat))
    screen = "\n".join(move_lines(listed, hint))
    assert sorted(move.text for move in listed) == sorted(text for text, _ in legal)
    for move in listed:
        tag = f"[{move.typed}]" if move.keyed else f"{move.typed})"
        assert tag in screen, (tag, screen)
        assert chosen(move.typed.upper(), listed, legal, hint, io.StringIO()) == move.text


def test_cards_that_name_several_moves_list_them_and_play_nothing() -> None:
    match = played_to("deuces", "encounter", 3, 0)
    legal, hint = match.labelled(0)
    listed = listed_moves(legal, match.keys(0))
    out = io.StringIO()
    assert chosen("6D", listed, legal, hint, out) is None
    assert "6D can be played several ways" in out.getvalue()
    assert chosen("kindle/6d", listed, legal, hint, out) == "ability.kindle.6D"


@pytest.mark.parametrize(
    ("flags", "said"),
    [
        (["scoundrel", "--players", "9"], "--players 9: Scoundrel (classic) seats 1 player"),
        (["deuces", "--players", "0"], "--players 0: Dungeons & Deuces (encounter) seats 1 to 5"),
        (["deuces", "--variant", "duel", "--players", "2"], "(duel) seats 4 players"),
        (["dragons", "--variant", "duel", "--players", "3"], "(duel) seats 2 players"),
        (["scoundrel", "--humans", "3"], "its one seat plays at this keyboard"),
        (["deuces", "--players", "3", "--humans", "5"], "all 3 seats play at this keyboard"),
        (["rpg", "--humans", "7"], "--humans 7: from 1 to 2"),
        (["dungeon", "--humans", "0"], "--humans 0: from 1 to 2"),
        (["deuces", "--level", "9"], "--level 9: Dungeons & Deuces takes 1 to 5"),
        (["deuces", "--difficulty", "-4"], "takes -3 to 3"),
        (["scoundrel", "--level", "3"], "Scoundrel has no such setting (its settings: none)"),
        (["dragons", "--variant", "nope"], "has no variant 'nope': solo, duel"),
    ],
)
def test_a_flag_out_of_range_is_refused_in_one_line_naming_the_range(
    flags: list[str], said: str, capsys
) -> None:
    assert main(["play", *flags]) == 2
    printed = capsys.readouterr().out
    assert said in printed and printed.count("\n") == 1, printed


def test_flags_within_range_start_the_game() -> None:
    out = io.StringIO()
    assert play("rpg", seed=1, players=3, humans=3, stdin=io.StringIO("q\n"), stdout=out) == 0
    assert "Player 3" in out.getvalue()


@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_has_its_own_help_naming_only_what_its_moves_take(game: str) -> None:
    entry = GAMES[game]
    variant = entry.info.variant(entry.info.default_variant)
    match, _ = entry.start(2, Setup(variant=variant.key, seats=variant.seats.min))
    told = help_text(match)
    keys = set(match.keys(match.acting()[0]).values())
    assert ("a move's key" in told) == bool(keys)
    assert all(f"[{key}]" in told for key in keys if len(keys) <= 2)
    assert ("??" in told) == bool(entry.rules.pages)


def test_a_mistake_is_answered_briefly_not_with_the_whole_help_again() -> None:
    out = io.StringIO()
    play("deuces", seed=5, stdin=io.StringIO("vote maybe\nattack 9 AS\nhelp\nq\n"), stdout=out)
    text = out.getvalue()
    help_line = text.splitlines()[1]
    assert help_line.startswith("Type a move's number")
    assert text.count("Not now:") == 2 and text.count("(Type help for how to answer.)") == 2
    assert text.count(help_line) == 2, "once at the start, once when asked"
