"""Dungeon of Cards: how many decisions a person is asked in a game against the bot, and the
bot (bot.games.dungeon.policy) against a uniformly random player.

With no options it plays a person who accepts every default (each choice the bot would make,
the monsters' offered facings included) against the bot, each seed once in either seat, and
prints how many times the person was asked:

    .venv/bin/python -m bench.dungeon_bot
    .venv/bin/python -m bench.dungeon_bot --asked 3     one game, the person in seat 1

With --strength, the bot against a random player. Each seed is played twice, the bot in seat 1
and then in seat 2 (who moves first is drawn from the seed), so both seat orders meet the same
deals. Prints the bot's win rate, draws, the mean game length in turns and in decisions, how
games ended, and games per second; then the same for the bot against itself. Run it small first:

    .venv/bin/python -m bench.dungeon_bot --strength --seeds 20
    .venv/bin/python -m bench.dungeon_bot --strength --seeds 150 --workers 2
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from dataclasses import dataclass

from bench.figures import percentile, run_all
from bot.games.dungeon import choose, new_game
from bot.games.dungeon.engine import MAX_TURNS

ACTION_LIMIT = 2 + MAX_TURNS * 90


@dataclass(frozen=True, slots=True)
class Game:
    winner: int | None
    bot: int | None
    turns: int
    actions: int
    reason: str


def play(seed: int, bot: int | None) -> Game:
    """One game to its end: `bot` is the bot's seat against a random player (None: the bot in
    both seats)."""
    state, _ = new_game(seed)
    rng = random.Random(f"random player {seed}")
    actions = 0
    while not state.is_over:
        seat = state.acting()[0]
        if bot is None or seat == bot:
            move = choose(state, seat)
        else:
            move = rng.choice(state.legal_actions(seat))
        state.apply(seat, move)
        actions += 1
        if actions > ACTION_LIMIT:
            raise RuntimeError(f"seed {seed} did not end")
    return Game(state.winner, bot, state.turns, actions, state.end_reason or "?")


@dataclass(frozen=True, slots=True)
class Asked:
    decisions: int
    turns: int
    gifts: int
    """Points a seat claimed from treasure its rival had turned over (a flip's gift)."""


def asked(job: tuple[int, int]) -> Asked:
    """The decisions a person in seat `person` is asked, accepting every default, against the
    bot; and the game's length in turns. A decision is every move the game waits on from that
    seat, as the table and the hand ask for it (a facing offered is not one)."""
    seed, person = job
    state, _ = new_game(seed)
    count = gifts = 0
    flipped: dict[object, int] = {}
    while not state.is_over:
        seat = state.acting()[0]
        count += seat == person
        for event in state.apply(seat, choose(state, seat)):
            kind = getattr(event, "kind", "")
            if kind == "card_turned" and getattr(event, "how", "") == "flip":
                flipped[getattr(event, "at", None)] = seat
            elif kind == "claimed":
                by = flipped.pop(getattr(event, "at", None), None)
                gifts += getattr(event, "points", 0) if by not in (None, seat) else 0
    return Asked(count, state.turns, gifts)


def decisions(seeds: int, workers: int) -> None:
    jobs = [(seed, person) for seed in range(seeds) for person in (0, 1)]
    games = run_all(asked, jobs, workers, chunksize=4)
    counts = [float(game.decisions) for game in games]
    turns = sum(game.turns for game in games) / len(games)
    print(f"{len(games)} games against the bot, accepting every default ({turns:.0f} turns each)")
    median, p90 = percentile(counts, 0.5), percentile(counts, 0.9)
    print(f"decisions per game: median {median:.0f}, p90 {p90:.0f}")
    gifts = sum(game.gifts for game in games) / len(games)
    print(f"points claimed from treasure the rival turned over: {gifts:.1f} a game")


def play_job(job: tuple[int, int | None]) -> Game:
    return play(*job)


def run(jobs: list[tuple[int, int | None]], workers: int) -> tuple[list[Game], float]:
    started = time.perf_counter()
    games = run_all(play_job, jobs, workers, chunksize=4)
    return games, time.perf_counter() - started


def report(title: str, games: list[Game], elapsed: float, versus_random: bool) -> None:
    count = len(games)
    turns = sum(g.turns for g in games) / count
    actions = sum(g.actions for g in games) / count
    reasons = Counter(g.reason for g in games)
    draws = sum(g.winner is None for g in games)
    print(f"{title}: {count} games")
    if versus_random:
        wins = sum(g.winner == g.bot for g in games)
        losses = count - wins - draws
        print(
            f"  bot wins {wins / count:.1%}, draws {draws / count:.1%}, losses {losses / count:.1%}"
        )
        for seat in (0, 1):
            mine = [g for g in games if g.bot == seat]
            won = sum(g.winner == seat for g in mine)
            print(f"  as seat {seat + 1}: {won}/{len(mine)} won")
    else:
        firsts = sum(g.winner == 0 for g in games)
        print(f"  seat 1 wins {firsts / count:.1%}, draws {draws / count:.1%}")
    print(f"  mean length {turns:.1f} turns, {actions:.1f} decisions")
    print("  ended by " + ", ".join(f"{reason} {n}" for reason, n in reasons.most_common()))
    print(f"  {count / elapsed:.2f} games/s ({elapsed:.1f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seeds", type=int, default=None, help="seeds (two games each)")
    parser.add_argument("--workers", type=int, default=1, help="processes to use")
    parser.add_argument("--mirror", type=int, default=40, help="bot-against-bot games (0: none)")
    parser.add_argument("--strength", action="store_true", help="the bot against random play")
    parser.add_argument("--asked", type=int, default=None, help="one seed: decisions asked")
    args = parser.parse_args()
    if args.asked is not None:
        game = asked((args.asked, 0))
        print(
            f"seed {args.asked}: {game.decisions} decisions asked of seat 1 in {game.turns} turns"
        )
        return
    if not args.strength:
        decisions(args.seeds or 30, args.workers)
        return
    args.seeds = args.seeds or 150
    jobs: list[tuple[int, int | None]] = [
        (seed, bot) for seed in range(args.seeds) for bot in (0, 1)
    ]
    games, elapsed = run(jobs, args.workers)
    report("Bot against a random player", games, elapsed, versus_random=True)
    if args.mirror:
        mirrored, elapsed = run([(seed, None) for seed in range(args.mirror)], args.workers)
        report("Bot against itself", mirrored, elapsed, versus_random=False)


if __name__ == "__main__":
    main()
