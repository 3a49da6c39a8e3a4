"""Play-outs by random players and by the bot, many seeds: the invariants hold after every move.

The bound: a game ends within MAX_TURNS (200) turns, and a turn is at most a few dozen
decisions (each new monster's move, one pawn move, hops that each discard a card, battles
of at most four picks that each remove a monster or the pawn, one card played), so a game is at
most ACTION_BOUND decisions.
"""

import random
from collections import Counter
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.cards import standard_deck
from bot.games.dungeon.actions import Kind, Move, parse_action
from bot.games.dungeon.board import SEATS
from bot.games.dungeon.engine import MAX_TURNS, DungeonState, Phase, new_game
from bot.games.dungeon.grid import distance
from bot.games.dungeon.policy import choose
from bot.games.dungeon.roles import Role, role_of

EVERYTHING = Counter(standard_deck(jokers=2))
ACTION_BOUND = 2 + MAX_TURNS * 90
seeds = st.integers(min_value=0, max_value=2**31)


def check(state: DungeonState) -> None:
    """What must hold between any two moves."""
    assert Counter(state.all_cards()) == EVERYTHING, "each of the 54 cards in exactly one place"
    board = state.board
    places = [p.at for p in board.players if p.at is not None] + [m.at for m in board.monsters]
    assert len(places) == len(set(places)), "one pawn or monster a cell"
    for point in places:
        assert board.wall_at(point) is None
    assert all(state.score(seat) >= 0 for seat in SEATS)
    assert state.turns <= MAX_TURNS
    if state.is_over:
        assert state.acting() == []
        assert all(not state.legal_actions(seat) for seat in SEATS)
        assert len(state.results()) == 2
        return
    acting = state.acting()
    assert len(acting) == 1
    assert state.legal_actions(acting[0]), "the seat the game waits on always has a move"
    assert not state.legal_actions(1 - acting[0])
    if state.phase in (Phase.PAWN, Phase.HOP):
        assert state.pawn(state.mover) is not None
    if state.phase == Phase.ENTER:
        assert state.pawn(state.mover) is None


def play_out(state: DungeonState, pick: Callable[[DungeonState, int], Move]) -> int:
    actions = 0
    check(state)
    while not state.is_over:
        seat = state.acting()[0]
        move = pick(state, seat)
        assert parse_action(str(move)) == move and len(str(move)) <= 60
        state.apply(seat, move)
        actions += 1
        check(state)
        assert actions <= ACTION_BOUND
    copy = DungeonState.model_validate_json(state.model_dump_json())
    assert copy == state
    return actions


@settings(max_examples=6, deadline=None)
@given(seed=seeds, moves=seeds)
def test_random_players_always_have_a_move_lose_no_card_and_finish(seed: int, moves: int) -> None:
    state, _ = new_game(seed)
    rng = random.Random(moves)
    play_out(state, lambda s, seat: rng.choice(s.legal_actions(seat)))


@settings(max_examples=6, deadline=None)
@given(seed=seeds, moves=seeds)
def test_the_bot_against_a_random_player_finishes_within_the_bound(seed: int, moves: int) -> None:
    state, _ = new_game(seed)
    rng = random.Random(moves)
    bot = moves % 2

    def pick(s: DungeonState, seat: int) -> Move:
        return choose(s, seat) if seat == bot else rng.choice(s.legal_actions(seat))

    play_out(state, pick)


@settings(max_examples=4, deadline=None)
@given(seed=seeds)
def test_two_bots_finish_and_play_the_same_game_from_the_same_seed(seed: int) -> None:
    first, _ = new_game(seed)
    second, _ = new_game(seed)
    play_out(first, choose)
    play_out(second, choose)
    assert first.model_dump_json() == second.model_dump_json()


def shuffle_hidden(state: DungeonState, seat: int, rng: random.Random) -> DungeonState:
    """The same table as `seat` sees it, with every card it cannot see dealt anew: face-down
    cards it did not play, the pile, and its rival's hand."""
    other = DungeonState.model_validate_json(state.model_dump_json())
    hidden = [cell for cell in other.board.cells.values() if not cell.known_to(seat)]
    rival = other.board.players[1 - seat]
    pool = [cell.card for cell in hidden] + other.pile + rival.hand
    rng.shuffle(pool)
    for cell in hidden:
        cell.card = pool.pop()
    rival.hand = [pool.pop() for _ in rival.hand]
    other.pile = pool
    assert Counter(other.all_cards()) == EVERYTHING
    return other


@settings(max_examples=4, deadline=None)
@given(seed=seeds, moves=seeds)
def test_the_bot_decides_from_what_its_seat_can_see(seed: int, moves: int) -> None:
    state, _ = new_game(seed)
    rng = random.Random(moves)
    for _ in range(150):
        if state.is_over:
            break
        seat = state.acting()[0]
        move = choose(state, seat)
        assert move in state.legal_actions(seat)
        assert choose(shuffle_hidden(state, seat, rng), seat) == move
        state.apply(seat, rng.choice(state.legal_actions(seat)) if rng.random() < 0.3 else move)


@settings(max_examples=3, deadline=None)
@given(seed=seeds, moves=seeds)
def test_a_move_is_allowed_exactly_when_it_is_listed(seed: int, moves: int) -> None:
    """`apply` checks a move without listing every placement: it must agree with the list."""
    state, _ = new_game(seed)
    rng = random.Random(moves)
    for _ in range(300):
        if state.is_over:
            break
        seat = state.acting()[0]
        listed = set(state.legal_actions(seat))
        hand = state.hand(seat)
        points = [(x, y) for x in range(-6, 10) for y in range(-6, 10)]
        candidates = {rng.choice(sorted(listed, key=str))}
        for point in rng.sample(points, 12):
            candidates.add(parse_action(f"blind.{point[0]}.{point[1]}"))
            candidates.add(parse_action(f"flip.{point[0]}.{point[1]}"))
            if hand:
                card = rng.choice(hand).code
                candidates.add(parse_action(f"place.{card}.{point[0]}.{point[1]}"))
                candidates.add(parse_action(f"break.{card}.{point[0]}.{point[1]}"))
        for move in candidates:
            assert state._allows(move) == (move in listed), str(move)  # pyright: ignore[reportPrivateUsage]
        state.apply(seat, rng.choice(sorted(listed, key=str)))


def beside_rival(state: DungeonState, seat: int, move: Move) -> bool:
    """A move that turns up a card next to the rival's pawn, hands it what lies there: any
    card the mover does not know to be a wall or a monster."""
    rival = state.pawn(1 - seat)
    if move.kind != Kind.FLIP or move.at is None or rival is None:
        return False
    cell = state.board.cell(move.at)
    assert cell is not None
    known_harmless = cell.known_to(seat) and role_of(cell.card) in (Role.WALL, Role.MONSTER)
    return distance(move.at, rival) == 1 and not known_harmless


@settings(max_examples=6, deadline=None)
@given(seed=seeds, moves=seeds)
def test_the_bot_never_turns_up_a_card_beside_its_rival_while_another_move_is_left(
    seed: int, moves: int
) -> None:
    """The bot's move is also the hint's and the turn timer's, so none of them gifts the rival
    the card beside it, in games the bot plays both seats of (now and then a random move)."""
    state, _ = new_game(seed)
    rng = random.Random(moves)
    gifts_possible = 0
    while not state.is_over:
        seat = state.acting()[0]
        move = choose(state, seat)
        legal = [m for m in state.legal_actions(seat) if m.kind != Kind.FACE]
        if state.phase == Phase.PAWN and any(beside_rival(state, seat, m) for m in legal):
            gifts_possible += 1
            if beside_rival(state, seat, move):
                assert all(beside_rival(state, seat, m) for m in legal), str(move)
        state.apply(seat, rng.choice(legal) if rng.random() < 0.1 else move)
    assert gifts_possible or state.turns < 40, "the play-out met the choice"
