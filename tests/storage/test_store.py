"""Every store, on a real database: versions, the action log, challenges, concurrency and crashes.

Each test runs on SQLite and on PostgreSQL (the `url` fixture)."""

import asyncio
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from storage import (
    ChannelBusy,
    DailyTaken,
    GameNotFound,
    GameStatus,
    PlayerSeat,
    ResultRow,
    StaleVersion,
    open_store,
)
from tests.clock import Clock
from tests.storage.stores import CONSTRAINT_ERRORS, query

ALICE = PlayerSeat(seat=0, user_id=42, display_name="alice")


async def new_game(store, channel_id: int = 3000, state: str = '{"n":0}', **more):
    more.setdefault("players", [ALICE])
    return await store.create_game(
        game="scoundrel",
        variant="classic",
        guild_id=2000,
        channel_id=channel_id,
        owner_id=ALICE.user_id,
        seed=7,
        state=state,
        narration="[]",
        **more,
    )


async def test_create_load_and_one_active_game_per_channel(url: str) -> None:
    store = await open_store(url)
    game = await new_game(store)
    assert game.version == 0 and game.status == GameStatus.ACTIVE
    assert game.players == [ALICE] and game.seat_of(42) == 0 and game.seat_of(7) is None
    assert (await store.active_game_in_channel(3000)).id == game.id
    with pytest.raises(ChannelBusy):
        await new_game(store)
    other = await new_game(store, channel_id=3001)
    assert other.id == game.id + 1, "a refused game used up no id"
    assert await store.get_game(other.id + 1) is None
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
    assert after.updated_at >= after.created_at and after.players == [ALICE]
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
    with pytest.raises(GameNotFound):
        await store.commit_action(
            game.id + 1,
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


async def test_simultaneous_commits_apply_exactly_once(url: str) -> None:
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

    outcomes = await asyncio.gather(*(commit(n) for n in range(1, 9)), return_exceptions=True)
    assert sum(isinstance(o, StaleVersion) for o in outcomes) == 7, outcomes
    [applied] = [o for o in outcomes if not isinstance(o, BaseException)]
    winner = int(applied.state.removeprefix('{"n":').removesuffix("}"))
    assert [a.user_id for a in await store.actions(game.id)] == [winner]
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


async def test_two_stores_starting_a_game_in_one_channel_at_once_start_one(url: str) -> None:
    first, second = await open_store(url), await open_store(url)
    outcomes = await asyncio.gather(
        *(new_game(store, channel_id=77) for store in (first, second, first, second)),
        return_exceptions=True,
    )
    assert sum(isinstance(o, ChannelBusy) for o in outcomes) == 3, outcomes
    daily = await asyncio.gather(
        *(new_game(store, channel_id=78, daily="2026-11-21") for store in (first, second)),
        return_exceptions=True,
    )
    assert sum(isinstance(o, DailyTaken) for o in daily) == 1, daily
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
    assert await query(url, "SELECT duration_s, seed, variant FROM results") == [
        (90.0, 7, "classic")
    ]
    with pytest.raises(StaleVersion):  # a finished game takes no more actions
        await store.close_game(game.id, 1, GameStatus.ABANDONED)
    await store.close()


async def test_a_failed_finish_leaves_no_trace(url: str) -> None:
    """Results, summaries and ratings are written with the finishing commit or not at all."""
    from storage import RatingChange

    def broken(before):
        raise RuntimeError("the rating model failed")

    store = await open_store(url)
    game = await new_game(store)
    with pytest.raises(RuntimeError):
        await store.commit_action(
            game.id,
            0,
            user_id=42,
            action='"x"',
            state="{}",
            narration="[]",
            status=GameStatus.FINISHED,
            results=[ResultRow(user_id=42, display_name="alice", outcome="won", score=3, turns=1)],
            ratings=RatingChange(pool="scoundrel", user_ids=[42], rate=broken),
        )
    record = await store.get_game(game.id)
    assert (record.version, record.status) == (0, GameStatus.ACTIVE)
    assert await store.actions(game.id) == [] and await store.results(game.id) == []
    assert await store.player_stats(2000, 42) == []
    await store.close()


async def test_inactive_games_are_found_by_idle_time(url: str) -> None:
    clock = Clock()
    store = await open_store(url, clock)
    old = await new_game(store, channel_id=1)
    clock.now += 100
    fresh = await new_game(store, channel_id=2)
    assert [g.id for g in await store.inactive_games(idle_since=clock.now - 50)] == [old.id]
    assert await store.inactive_games(idle_since=clock.now - 50, games=["dragons"]) == []
    assert len(await store.inactive_games(clock.now + 1, games=["dragons", "scoundrel"])) == 2
    await store.close_game(old.id, 0, GameStatus.EXPIRED)
    assert await store.inactive_games(idle_since=clock.now + 1) == [await store.get_game(fresh.id)]
    assert [g.id for g in await store.active_games_of(ALICE.user_id)] == [fresh.id]
    await store.close()


async def test_messages_and_hints_are_kept_on_the_game(url: str) -> None:
    store = await open_store(url)
    game = await new_game(store)
    await store.set_message(game.id, 3005, 999)
    assert [await store.count_hint(game.id) for _ in range(2)] == [1, 2]
    record = await store.get_game(game.id)
    assert (record.channel_id, record.message_id, record.hints, record.version) == (
        3005,
        999,
        2,
        0,
    )
    with pytest.raises(GameNotFound):
        await store.count_hint(game.id + 1)
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
    with pytest.raises(CONSTRAINT_ERRORS):
        await query(url, f"UPDATE games SET status = 'paused' WHERE id = {game.id}")
    await store.close()


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
    accepted = await store.accept_challenge(challenge.id, 0, channel_id=6, state='{"dealt":1}')
    assert (accepted.status, accepted.channel_id, accepted.version) == (GameStatus.ACTIVE, 6, 1)
    assert accepted.state == '{"dealt":1}' and accepted.players == [ALICE, bob]
    with pytest.raises(StaleVersion):  # accepting twice applies once
        await store.accept_challenge(challenge.id, 0, channel_id=6)
    await store.close()


async def test_a_lobby_changes_its_seats_one_version_at_a_time(url: str) -> None:
    store = await open_store(url)
    lobby = await new_challenge(store, [ALICE])
    bob = PlayerSeat(seat=1, user_id=7, display_name="bob")
    seated = await store.update_pending(lobby.id, 0, [ALICE, bob], '{"seats":2}')
    assert (seated.version, seated.players, seated.state) == (1, [ALICE, bob], '{"seats":2}')
    with pytest.raises(StaleVersion):
        await store.update_pending(lobby.id, 0, [ALICE], "{}")
    assert (await store.get_game(lobby.id)).players == [ALICE, bob]
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
