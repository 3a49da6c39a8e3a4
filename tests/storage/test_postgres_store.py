"""What only the PostgreSQL store does: migrations recorded in a table, a pool of connections
that reads beside a commit waiting for a row lock, and a clear error for a server it cannot
reach. What every store does is in test_store.py."""

import asyncio

import asyncpg
import pytest

from storage import BoardQuery, ChannelBusy, GameStatus, StoreError, open_store
from storage.postgres import StoreUnavailable
from storage.postgres_schema import SCHEMA_VERSION
from tests.postgres import TemporaryPostgres, free_port
from tests.storage.test_store import new_game


@pytest.fixture
def empty_url(postgres_server: TemporaryPostgres):
    """A database with no schema at all, as a new server's would be."""
    url = postgres_server.create_database(empty=True)
    yield url
    postgres_server.drop_database(url)


async def migrations_of(url: str) -> list[int]:
    connection = await asyncpg.connect(url)
    try:
        rows = await connection.fetch("SELECT version FROM schema_migrations ORDER BY version")
    finally:
        await connection.close()
    return [row["version"] for row in rows]


async def test_an_empty_database_is_migrated_once_and_the_migrations_recorded(
    empty_url: str,
) -> None:
    stores = await asyncio.gather(*(open_store(empty_url) for _ in range(3)))  # bots starting
    assert await migrations_of(empty_url) == list(range(1, SCHEMA_VERSION + 1))
    assert await stores[0].migrate() == SCHEMA_VERSION  # up to date: nothing to do
    assert await migrations_of(empty_url) == list(range(1, SCHEMA_VERSION + 1))
    for store in stores:
        await store.close()


async def test_a_database_migrated_by_a_newer_bot_is_refused(postgres_url: str) -> None:
    connection = await asyncpg.connect(postgres_url)
    await connection.execute(
        "INSERT INTO schema_migrations (version) VALUES ($1)", SCHEMA_VERSION + 1
    )
    await connection.close()
    with pytest.raises(StoreError, match="newer than this bot"):
        await open_store(postgres_url)


async def test_loads_and_boards_go_on_while_a_commit_waits_for_a_row_lock(
    postgres_url: str,
) -> None:
    """Another program holds the game's row (a long transaction): the commit waits for it,
    while other games load and the boards answer from other connections of the pool."""
    store = await open_store(postgres_url)
    holder = await asyncpg.connect(postgres_url)
    try:
        first, other = await new_game(store), await new_game(store, channel_id=3001)
        lock = holder.transaction()
        await lock.start()
        await holder.execute("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", first.id)
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
        await asyncio.sleep(0.3)
        started = asyncio.get_running_loop().time()
        loaded = await store.get_game(other.id)
        board = await store.leaderboard(BoardQuery(guild_id=2000, game="scoundrel"), 42)
        read_in = asyncio.get_running_loop().time() - started
        assert loaded is not None and loaded.version == 0 and board.players == 0
        assert not commit.done(), "the commit still waits for the lock"
        assert read_in < 0.5, f"reads took {read_in:.2f} s behind a waiting commit"
        await lock.rollback()
        assert (await commit).version == 1
    finally:
        await holder.close()
        await store.close()


async def test_a_lock_held_longer_than_the_store_waits_fails_the_commit_and_changes_nothing(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("storage.postgres.LOCK_TIMEOUT_MS", 200)
    store = await open_store(postgres_url)
    holder = await asyncpg.connect(postgres_url)
    try:
        game = await new_game(store)
        async with holder.transaction():
            await holder.execute("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", game.id)
            with pytest.raises(asyncpg.LockNotAvailableError):
                await store.commit_action(
                    game.id,
                    0,
                    user_id=42,
                    action="run",
                    state="{}",
                    narration="[]",
                    status=GameStatus.ACTIVE,
                )
        record = await store.get_game(game.id)
        assert record is not None and record.version == 0
        assert await store.actions(game.id) == []
    finally:
        await holder.close()
        await store.close()


async def test_a_server_that_cannot_be_reached_is_told_as_a_connection_error() -> None:
    with pytest.raises(StoreUnavailable) as raised:
        await open_store(f"postgresql://bot@127.0.0.1:{free_port()}/games")
    assert isinstance(raised.value, OSError), "the bot reports it as a store it cannot open"


async def test_a_database_that_does_not_exist_is_told_as_a_connection_error(
    postgres_server: TemporaryPostgres,
) -> None:
    with pytest.raises(StoreUnavailable, match="does not exist"):
        await open_store(postgres_server.url("no_such_database"))


async def test_a_game_started_in_a_channel_another_process_is_filling_meets_channel_busy(
    postgres_url: str,
) -> None:
    """The check before the insert cannot see another process's game not yet committed; the
    unique index makes the insert wait for it, then refuses it."""
    store = await open_store(postgres_url)
    other = await asyncpg.connect(postgres_url)
    try:
        async with other.transaction():
            await other.execute(
                "INSERT INTO games (game, channel_id, owner_id, status, seed, state, created_at,"
                " updated_at) VALUES ('scoundrel', 3000, 7, 'active', 1, '{}', 0, 0)"
            )
            racing = asyncio.create_task(new_game(store))
            await asyncio.sleep(0.3)
            assert not racing.done(), "the insert waits for the other transaction"
        with pytest.raises(ChannelBusy):
            await racing
    finally:
        await other.close()
        await store.close()
