"""The SQLite store on real files: versions, the action log, concurrency and crashes."""

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from contextlib import closing
from pathlib import Path

import pytest

from storage import ChannelBusy, GameStatus, PlayerSeat, ResultRow, StaleVersion, open_store
from storage.migrations import SCHEMA_VERSION
from tests.clock import Clock

ALICE = PlayerSeat(seat=0, user_id=42, display_name="alice")


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path}/data/bot.sqlite3"


def outside(url: str) -> sqlite3.Connection:
    """A connection of another program to the store's file, to look at what it wrote."""
    return sqlite3.connect(url.removeprefix("sqlite:///"), isolation_level=None)


async def new_game(store, channel_id: int = 3000, state: str = '{"n":0}'):
    return await store.create_game(
        game="scoundrel",
        variant="classic",
        guild_id=2000,
        channel_id=channel_id,
        owner_id=ALICE.user_id,
        players=[ALICE],
        seed=7,
        state=state,
        narration="[]",
    )


async def test_a_new_file_is_created_migrated_and_in_wal_mode(url: str, tmp_path: Path) -> None:
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


async def test_create_load_and_one_active_game_per_channel(url: str) -> None:
    store = await open_store(url)
    game = await new_game(store)
    assert game.version == 0 and game.status == GameStatus.ACTIVE
    assert game.players == [ALICE] and game.seat_of(42) == 0 and game.seat_of(7) is None
    assert (await store.active_game_in_channel(3000)).id == game.id
    with pytest.raises(ChannelBusy):
        await new_game(store)
    other = await new_game(store, channel_id=3001)
    assert other.id != game.id
    await store.close()


async def test_commit_bumps_the_version_logs_the_action_and_refuses_a_stale_one(url: str) -> None:
    store = await open_store(url)
    game = await new_game(store)
    after = await store.commit_action(
        game.id,
        0,
        user_id=42,
        action='"run"',
        state='{"n":1}',
        narration="[1]",
        status=GameStatus.ACTIVE,
    )
    assert (after.version, after.state, after.narration) == (1, '{"n":1}', "[1]")
    with pytest.raises(StaleVersion):
        await store.commit_action(
            game.id,
            0,
            user_id=42,
            action='"x"',
            state="{}",
            narration="[]",
            status=GameStatus.ACTIVE,
        )
    assert [a.action for a in await store.actions(game.id)] == ['"run"']
    assert (await store.get_game(game.id)).state == '{"n":1}'
    await store.close()


async def test_two_simultaneous_commits_apply_exactly_once(url: str) -> None:
    store = await open_store(url)
    game = await new_game(store)

    async def commit(n: int):
        return await store.commit_action(
            game.id,
            0,
            user_id=n,
            action=f'"{n}"',
            state=f'{{"n":{n}}}',
            narration="[]",
            status=GameStatus.ACTIVE,
        )

    outcomes = await asyncio.gather(commit(1), commit(2), return_exceptions=True)
    assert sum(isinstance(o, StaleVersion) for o in outcomes) == 1
    assert len(await store.actions(game.id)) == 1
    assert (await store.get_game(game.id)).version == 1
    await store.close()


async def test_two_processes_writing_the_same_game_apply_once(url: str) -> None:
    first, second = await open_store(url), await open_store(url)
    game = await new_game(first)
    await first.commit_action(
        game.id, 0, user_id=1, action='"a"', state="{}", narration="[]", status=GameStatus.ACTIVE
    )
    with pytest.raises(StaleVersion):
        await second.commit_action(
            game.id,
            0,
            user_id=2,
            action='"b"',
            state="{}",
            narration="[]",
            status=GameStatus.ACTIVE,
        )
    await first.close()
    await second.close()


async def test_finishing_writes_results_and_frees_the_channel(url: str) -> None:
    clock = Clock()
    store = await open_store(url, clock)
    game = await new_game(store)
    clock.now += 90
    done = await store.commit_action(
        game.id,
        0,
        user_id=42,
        action='"x"',
        state="{}",
        narration="[]",
        status=GameStatus.FINISHED,
        results=[ResultRow(user_id=42, display_name="alice", outcome="won", score=17, turns=30)],
    )
    assert done.status == GameStatus.FINISHED
    assert await store.active_game_in_channel(3000) is None
    assert [r.score for r in await store.results(game.id)] == [17]
    with closing(outside(url)) as db:
        row = db.execute("SELECT duration_s, seed, variant FROM results").fetchone()
    assert row == (90.0, 7, "classic")
    with pytest.raises(StaleVersion):  # a finished game takes no more actions
        await store.close_game(game.id, 1, GameStatus.ABANDONED)
    await store.close()


async def test_inactive_games_are_found_by_idle_time(url: str) -> None:
    clock = Clock()
    store = await open_store(url, clock)
    old = await new_game(store, channel_id=1)
    clock.now += 100
    fresh = await new_game(store, channel_id=2)
    assert [g.id for g in await store.inactive_games(idle_since=clock.now - 50)] == [old.id]
    await store.close_game(old.id, 0, GameStatus.EXPIRED)
    assert await store.inactive_games(idle_since=clock.now + 1) == [await store.get_game(fresh.id)]
    await store.close()


KILLED_WRITER = textwrap.dedent(
    """
    import asyncio, os, signal, sys
    from storage import GameStatus, PlayerSeat, open_store

    async def main():
        store = await open_store(sys.argv[1])
        game = await store.create_game(game="scoundrel", variant=None, guild_id=1, channel_id=9,
            owner_id=1, players=[PlayerSeat(seat=0, user_id=1, display_name="a")], seed=1,
            state="{}", narration="[]")
        for version in range(5):
            await store.commit_action(game.id, version, user_id=1, action=f'"{version}"',
                state=f'{{"v":{version + 1}}}', narration="[]", status=GameStatus.ACTIVE)
            print(version + 1, flush=True)
        os.kill(os.getpid(), signal.SIGKILL)  # no close, no checkpoint: a crash

    asyncio.run(main())
    """
)


async def test_a_killed_process_loses_no_committed_action(url: str) -> None:
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.run(
        [sys.executable, "-c", KILLED_WRITER, url],
        capture_output=True,
        text=True,
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        timeout=60,
    )
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    committed = int(proc.stdout.split()[-1])
    store = await open_store(url)
    game = await store.active_game_in_channel(9)
    assert game.version == committed == 5
    assert game.state == '{"v":5}'
    assert [a.seq for a in await store.actions(game.id)] == [1, 2, 3, 4, 5]
    await store.close()


async def test_the_schema_refuses_an_unknown_status(url: str) -> None:
    store = await open_store(url)
    game = await new_game(store)
    with closing(outside(url)) as db, pytest.raises(sqlite3.IntegrityError):
        db.execute("UPDATE games SET status = 'paused' WHERE id = ?", (game.id,))
    await store.close()


def test_only_sqlite_urls_are_accepted() -> None:
    from storage.sqlite import sqlite_path

    assert sqlite_path("sqlite:///data/bot.sqlite3") == "data/bot.sqlite3"
    assert sqlite_path("sqlite:////var/lib/bot.sqlite3") == "/var/lib/bot.sqlite3"
    with pytest.raises(ValueError):
        sqlite_path("postgres://x")


async def new_challenge(store, players: list[PlayerSeat]):
    return await store.create_game(
        game="dragons",
        variant="duel",
        guild_id=2000,
        channel_id=5,
        owner_id=42,
        players=players,
        seed=3,
        state="{}",
        narration="[]",
        status=GameStatus.PENDING,
    )


async def test_a_challenge_is_pending_until_accepted_into_a_free_channel(url: str) -> None:
    clock = Clock()
    store = await open_store(url, clock)
    busy = await new_game(store, channel_id=5)
    bob = PlayerSeat(seat=1, user_id=7, display_name="bob")
    challenge = await new_challenge(store, [ALICE, bob])
    assert (await store.active_game_in_channel(5)).id == busy.id  # pending does not occupy it
    with pytest.raises(ChannelBusy):
        await store.accept_challenge(challenge.id, 0, channel_id=5)
    accepted = await store.accept_challenge(challenge.id, 0, channel_id=6)
    assert (accepted.status, accepted.channel_id, accepted.version) == (GameStatus.ACTIVE, 6, 1)
    with pytest.raises(StaleVersion):  # accepting twice applies once
        await store.accept_challenge(challenge.id, 0, channel_id=6)
    await store.close()


async def test_stale_challenges_are_found_and_declined_ones_are_closed(url: str) -> None:
    clock = Clock()
    store = await open_store(url, clock)
    challenge = await new_challenge(store, [ALICE])
    clock.now += 600
    stale = await store.inactive_games(clock.now - 300, GameStatus.PENDING)
    assert [g.id for g in stale] == [challenge.id]
    assert await store.inactive_games(clock.now - 300) == []  # active games only, by default
    closed = await store.close_game(challenge.id, 0, GameStatus.DECLINED, was=GameStatus.PENDING)
    assert closed.status == GameStatus.DECLINED
    await store.close()


async def test_loads_and_boards_go_on_while_a_commit_waits_for_the_write_lock(
    url: str, tmp_path: Path
) -> None:
    """Reads use their own connection: a commit stuck behind another process's write lock
    holds up neither other games' loads nor the boards."""
    from storage import BoardQuery
    from tests.discord.test_slow_store import hold_write_lock

    store = await open_store(url)
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
    url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Commits made on the event loop never checkpoint there; the writer thread does it every
    few of them, so the main file keeps up and the write-ahead log stays small."""
    monkeypatch.setattr("storage.sqlite.CHECKPOINT_EVERY", 5)
    store = await open_store(url)
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
    main_file_only.write_bytes(Path(url.removeprefix("sqlite:///")).read_bytes())
    with closing(sqlite3.connect(main_file_only)) as copy:
        (actions,) = copy.execute("SELECT COUNT(*) FROM actions").fetchone()
    assert actions == 9
    await store.close()
