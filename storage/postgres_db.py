"""The little of asyncpg the PostgreSQL store uses, typed (asyncpg ships no type hints for it).

A pooled connection and a plain one both answer to `Connection`; rows answer to `Record`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Protocol


class Record(Protocol):
    """A row: by column name or position, and `dict(row)` for all of it."""

    def __getitem__(self, key: str | int, /) -> Any: ...

    def keys(self) -> Iterator[str]: ...


class Connection(Protocol):
    async def execute(self, query: str, *args: Any, timeout: float | None = None) -> str: ...

    async def executemany(
        self, command: str, args: Iterable[Sequence[Any]], *, timeout: float | None = None
    ) -> None: ...

    async def fetch(self, query: str, *args: Any, timeout: float | None = None) -> list[Record]: ...

    async def fetchrow(
        self, query: str, *args: Any, timeout: float | None = None
    ) -> Record | None: ...

    async def fetchval(
        self, query: str, *args: Any, column: int = 0, timeout: float | None = None
    ) -> Any: ...

    async def copy_records_to_table(
        self,
        table_name: str,
        *,
        records: Iterable[Sequence[Any]],
        columns: Sequence[str] | None = None,
        timeout: float | None = None,
    ) -> str: ...
