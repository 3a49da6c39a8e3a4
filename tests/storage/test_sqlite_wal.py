"""SQLite's write-ahead log stays small under a steady stream of moves: each checkpoint
catches up with the log (writes wait behind it), so the log starts again from its beginning
instead of growing for ever beside a small file."""

from __future__ import annotations

import os

from storage import GameStatus, PlayerSeat, open_store
from storage.sqlite import CHECKPOINT_EVERY

GAMES = 20
MOVES = 6 * CHECKPOINT_EVERY


async def test_the_log_stays_within_a_bound_over_many_moves(tmp_path) -> None:
    path = tmp_path / "games.sqlite3"
    store = await open_store(f"sqlite:///{path}")
    try:
        versions = {}
        for n in range(GAMES):
            record = await store.create_game(
                game="scoundrel",
                variant=None,
                guild_id=1,
                channel_id=n,
                owner_id=n,
                players=[PlayerSeat(seat=0, user_id=n, display_name="p")],
                seed=1,
                state="x" * 3000,
                narration="[]",
            )
            versions[record.id] = record.version
        largest = [0, 0]  # in the first half of the moves, and in the second
        for move in range(MOVES):
            game_id = 1 + move % GAMES
            record = await store.commit_action(
                game_id,
                versions[game_id],
                user_id=game_id,
                action="a",
                state="yz"[move % 2] * 3000,  # a state of its size, changed by every move
                narration="[]",
                status=GameStatus.ACTIVE,
            )
            versions[game_id] = record.version
            half = 2 * move // MOVES
            largest[half] = max(largest[half], os.path.getsize(f"{path}-wal"))
        first, second = largest
        assert second <= first * 1.25, f"the log grew from {first:,} to {second:,} bytes"
        assert second <= 16 * 2**20, "a log about the pages of one checkpoint's writes"
    finally:
        await store.close()
