"""Writing a row as an upgrade or damage might leave it, past the store's own methods, on
either store (the tests that need it run on both)."""

from __future__ import annotations

from typing import Any

from storage import SqliteStore, Store


async def run_sql(store: Store, sqlite: str, postgres: str, *params: Any) -> None:
    """One statement on the store's own database: `?` placeholders for SQLite, `$n` for
    PostgreSQL."""
    if isinstance(store, SqliteStore):
        await store._db.transaction(lambda db: db.execute(sqlite, params))
        return
    async with store._connection() as connection:  # type: ignore[attr-defined]
        await connection.execute(postgres, *params)


async def set_column(store: Store, game_id: int, column: str, value: str) -> None:
    await run_sql(
        store,
        f"UPDATE games SET {column} = ? WHERE id = ?",
        f"UPDATE games SET {column} = $1 WHERE id = $2",
        value,
        game_id,
    )


async def drop_players(store: Store, game_id: int) -> None:
    await run_sql(
        store,
        "DELETE FROM game_players WHERE game_id = ?",
        "DELETE FROM game_players WHERE game_id = $1",
        game_id,
    )
