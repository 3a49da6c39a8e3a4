"""One sqlite3 connection and the one thread allowed to use it.

The store hands this thread whole units of work (a load, or a transaction from BEGIN to COMMIT),
so each store call costs the event loop a single hop to the thread and back. A hop is the
expensive part of a query from asyncio: the statements themselves take microseconds, while
waking a thread and getting the answer back onto a busy loop can take milliseconds. A
statement-at-a-time bridge pays that for every statement of a transaction.

Work items run one after another, so a transaction on one connection never interleaves with
another on the same connection, without any lock on the event loop's side.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")
Work = Callable[[sqlite3.Connection], T]


class SqliteThread:
    """Runs functions of a connection on the connection's own thread."""

    def __init__(self, pool: ThreadPoolExecutor, connection: sqlite3.Connection) -> None:
        self._pool = pool
        self._connection = connection

    @classmethod
    async def open(cls, path: str, pragmas: tuple[str, ...] = ()) -> SqliteThread:
        """Connect on a fresh thread (sqlite3 ties a connection to the thread that made it)."""
        pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite")
        try:
            connection = await asyncio.get_running_loop().run_in_executor(
                pool, connect, path, pragmas
            )
        except BaseException:
            pool.shutdown(wait=False)
            raise
        return cls(pool, connection)

    async def run(self, work: Work[T]) -> T:
        """`work(connection)` on the thread; its result or its exception comes back."""
        return await asyncio.get_running_loop().run_in_executor(self._pool, work, self._connection)

    async def transaction(self, work: Work[T]) -> T:
        """`work` inside BEGIN IMMEDIATE ... COMMIT, rolled back if it raises."""
        return await self.run(lambda db: in_transaction(db, work))

    async def close(self) -> None:
        await self.run(lambda db: db.close())
        self._pool.shutdown(wait=True)


def connect(path: str, pragmas: tuple[str, ...] = ()) -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are explicit), rows by column name, set
    up by `pragmas`, for the thread that calls this."""
    connection = sqlite3.connect(path, isolation_level=None)
    connection.row_factory = sqlite3.Row
    for pragma in pragmas:
        connection.execute(pragma)
    return connection


def in_transaction(db: sqlite3.Connection, work: Work[T]) -> T:
    """Take the write lock first (IMMEDIATE), so a busy database is waited out at BEGIN
    rather than failing half way through."""
    db.execute("BEGIN IMMEDIATE")
    try:
        result = work(db)
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    return result
