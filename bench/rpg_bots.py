"""Role Playing Card Game: the bot (`bot_action`) against uniformly random players.

For each table size N, one seat plays the bot and the other N-1 pick uniformly among their
legal actions; the bot's seat turns round the table from game to game (game g seats it at
g mod N), so the seed's first player favours nobody. It prints the bot's win rate (tied winners
at the round cap count as a share of a win) beside the 1/N a random player would get, then
games per second and actions per game. Run it small first:

    .venv/bin/python -m bench.rpg_bots --games 100
    .venv/bin/python -m bench.rpg_bots --games 500
"""

from __future__ import annotations

import argparse
import random
import time

from bot.games.rpg.actions import RpgAction
from bot.games.rpg.engine import RpgState, new_game
from bot.games.rpg.policy import bot_action

ACTION_LIMIT = 20_000
"""Well above the engine's bound on a game's length (see tests/games/rpg/test_properties.py)."""


def play(seed: int, players: int, bot_seat: int) -> tuple[float, int, bool]:
    """One game to its end: the bot's share of the win, the actions played, and whether the
    round cap decided it."""
    state, _ = new_game(seed, players)
    chooser = random.Random(f"rpg-bench:{seed}:{players}")
    for actions in range(ACTION_LIMIT):
        if state.is_over:
            share = 1 / len(state.winners) if bot_seat in state.winners else 0.0
            return share, actions, bool(state.final_hearts)
        seat = chooser.choice(state.acting())
        state.apply(seat, move(state, seat, seat == bot_seat, chooser))
    raise RuntimeError(f"game {seed} with {players} players did not end")


def move(state: RpgState, seat: int, bot: bool, chooser: random.Random) -> RpgAction:
    """The bot's move, or a uniformly random legal one."""
    if bot:
        action = bot_action(state, seat)
        assert action is not None
        return action
    return chooser.choice(state.legal_actions(seat))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="games per table size")
    parser.add_argument("--sizes", default="2,3,4,5,6", help="table sizes, comma-separated")
    args = parser.parse_args()
    print(f"Bot vs uniformly random players, {args.games} games per table size")
    print(f"{'players':>7} {'bot wins':>9} {'1/N':>6} {'capped':>7} {'actions':>8} {'games/s':>8}")
    for players in (int(size) for size in args.sizes.split(",")):
        started = time.perf_counter()
        wins = actions = capped = 0.0
        for seed in range(args.games):
            share, played, cap = play(seed, players, seed % players)
            wins, actions, capped = wins + share, actions + played, capped + cap
        elapsed = time.perf_counter() - started
        print(
            f"{players:>7} {wins / args.games:>9.1%} {1 / players:>6.1%}"
            f" {capped / args.games:>7.1%} {actions / args.games:>8.1f}"
            f" {args.games / elapsed:>8.1f}"
        )


if __name__ == "__main__":
    main()
