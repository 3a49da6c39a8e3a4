"""What only the SQLite store does: one file in WAL mode, versioned by PRAGMA user_version,
read beside a commit that waits for the file's write lock, and checkpointed as it goes. What
every store does is in test_store.py."""

import asyncio
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from storage import GameStatus, open_store
from storage.migrations import SCHEMA_VERSION
from tests.storage.test_store import new_game


def outside(url: str) -> sqlite3.Connection:
    """A connection of another program to the store's file, to look at what it wrote."""
    return sqlite3.connect(url.removeprefix("sqlite:///"), isolation_level=None)


async def test_a_new_file_is_created_migrated_and_in_wal_mode(
    sqlite_url: str, tmp_path: Path
) -> None:
    url = sqlite_url
    store = await open_store(url)
    try:
        with closing(outside(url)) as db:
            assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
            assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    finally:
        await store.close()
    assert (tmp_path / "data" / "bot.sqlite3").exists()
    reopened = await open_store(url)  # migrating an up-to-date file is a no-op
    assert await reopened.migrate() == SCHEMA_VERSION
    await reopened.close()


def test_only_sqlite_urls_are_accepted() -> None:
    from storage.sqlite import sqlite_path

    assert sqlite_path("sqlite:///data/bot.sqlite3") == "data/bot.sqlite3"
    assert sqlite_path("sqlite:////var/lib/bot.sqlite3") == "/var/lib/bot.sqlite3"
    with pytest.raises(ValueError):
        sqlite_path("postgres://x")


async def test_loads_and_boards_go_on_while_a_commit_waits_for_the_write_lock(
    sqlite_url: str, tmp_path: Path
) -> None:
    """Reads use their own connection: a commit stuck behind another process's write lock
    holds up neither other games' loads nor the boards."""
    from storage import BoardQuery
    from tests.discord.test_slow_store import hold_write_lock

    store = await open_store(sqlite_url)
    try:
        first, other = await new_game(store), await new_game(store, channel_id=3001)
        holder = hold_write_lock(tmp_path / "data" / "bot.sqlite3", 1.5)
        commit = asyncio.create_task(
            store.commit_action(
                first.id,
                0,
                user_id=42,
                action="run",
                state="{}",
                narration="[]",
                status=GameStatus.ACTIVE,
            )
        )
        await asyncio.sleep(0.2)
        started = asyncio.get_running_loop().time()
        loaded = await store.get_game(other.id)
        board = await store.leaderboard(BoardQuery(guild_id=2000, game="scoundrel"), 42)
        read_in = asyncio.get_running_loop().time() - started
        assert loaded is not None and loaded.version == 0 and board.players == 0
        assert not commit.done(), "the commit still waits for the lock"
        assert read_in < 0.5, f"reads took {read_in:.2f} s behind a waiting commit"
        assert (await commit).version == 1
        holder.join()
    finally:
        await store.close()


async def test_commits_reach_the_database_file_itself_not_only_its_log(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Commits made on the event loop never checkpoint there; the writer thread does it every
    few of them, so the main file keeps up and the write-ahead log stays small."""
    monkeypatch.setattr("storage.sqlite.CHECKPOINT_EVERY", 5)
    store = await open_store(sqlite_url)
    game = await new_game(store)  # commit 1
    for version in range(9):  # commits 2 to 10
        await store.commit_action(
            game.id,
            version,
            user_id=42,
            action="run",
            state="{}",
            narration="[]",
            status=GameStatus.ACTIVE,
        )
    await store.idle()
    main_file_only = tmp_path / "copy.sqlite3"
    main_file_only.write_bytes(Path(sqlite_url.removeprefix("sqlite:///")).read_bytes())
    with closing(sqlite3.connect(main_file_only)) as copy:
        (actions,) = copy.execute("SELECT COUNT(*) FROM actions").fetchone()
    assert actions == 9
    await store.close()
