"""`open_store` picks the store by the DATABASE_URL's scheme, and says which ones it knows."""

import pytest

from storage import SqliteStore, open_store
from storage.postgres import PostgresStore


async def test_a_sqlite_url_opens_the_sqlite_store(tmp_path) -> None:
    store = await open_store(f"sqlite:///{tmp_path}/games.sqlite3")
    try:
        assert isinstance(store, SqliteStore)
        assert await store.get_game(1) is None
    finally:
        await store.close()


@pytest.mark.parametrize("scheme", ["postgresql", "postgres"])
async def test_a_postgresql_url_opens_the_postgresql_store(postgres_url: str, scheme: str) -> None:
    store = await open_store(postgres_url.replace("postgresql", scheme, 1))
    try:
        assert isinstance(store, PostgresStore)
        assert await store.get_game(1) is None
    finally:
        await store.close()


async def test_an_unknown_scheme_is_refused_with_the_known_ones() -> None:
    with pytest.raises(
        ValueError,
        match=r"mysql:// is not supported here \(use sqlite://, postgresql://, postgres://\)",
    ):
        await open_store("mysql://localhost/games")
