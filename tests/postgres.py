"""A throwaway PostgreSQL server for tests and benchmarks: its own cluster in a temporary
folder, listening on a free loopback port, gone when stopped.

The binaries are those of the `pgserver` package (the `test` extra ships them), else a `pg_ctl`
on this machine. Every test gets a database of its own, copied from a template the store has
migrated once (`CREATE DATABASE ... TEMPLATE`: tens of milliseconds with the data in memory,
and made while the test before runs), so tests never see each other's rows.

    with TemporaryPostgres.start() as server:
        url = server.create_database()   # postgresql://postgres@127.0.0.1:PORT/test_1
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import itertools
import os
import shutil
import socket
import stat
import subprocess
import tempfile
import threading
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

import asyncpg

T = TypeVar("T")

TEMPLATE = "store_template"
UNPRIVILEGED_USER = "nobody"
"""PostgreSQL refuses to run as root: as root, the server runs as this user instead."""
FAST = ("fsync=off", "synchronous_commit=off", "full_page_writes=off")
"""Settings for a server whose data only has to outlive the test, not a power cut."""


class NoServer(Exception):
    """No PostgreSQL server can be started here (the reason is the message)."""


def binaries() -> Path:
    """The folder with initdb, pg_ctl and postgres: pgserver's, or this machine's."""
    spec = importlib.util.find_spec("pgserver")
    if spec is not None and spec.submodule_search_locations:
        folder = Path(next(iter(spec.submodule_search_locations))) / "pginstall" / "bin"
        if (folder / "pg_ctl").exists():
            return folder
    candidates = [shutil.which("pg_ctl")]
    candidates += sorted(str(p) for p in Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"))
    for candidate in candidates:
        if candidate and (Path(candidate).parent / "initdb").exists():
            return Path(candidate).resolve().parent
    raise NoServer("no PostgreSQL binaries: install the test extra (pgserver) or PostgreSQL")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def run_async(make: Callable[[], Awaitable[T]]) -> T:
    """Run a coroutine to completion on a loop of its own thread, whatever loop this thread
    may be running."""
    answer: list[T] = []
    failure: list[BaseException] = []

    def main() -> None:
        try:
            answer.append(asyncio.run(_awaited(make)))
        except BaseException as error:
            failure.append(error)

    thread = threading.Thread(target=main)
    thread.start()
    thread.join()
    if failure:
        raise failure[0]
    return answer[0]


async def _awaited(make: Callable[[], Awaitable[T]]) -> T:
    return await make()


class TemporaryPostgres:
    def __init__(
        self, folder: Path, data: Path, bin_dir: Path, port: int, user: str | None
    ) -> None:
        self.folder = folder
        self.data = data
        self.bin_dir = bin_dir
        self.port = port
        self._user = user
        self._names = itertools.count(1)
        self._copy = ""
        self._admin = ThreadPoolExecutor(max_workers=1, thread_name_prefix="postgres-admin")
        self._spare: Future[str] | None = None
        self.started_in = 0.0
        """Seconds from nothing to a server taking connections."""

    @classmethod
    def start(cls, durable: bool = False) -> TemporaryPostgres:
        """initdb and start a server in a new temporary folder (about a second). `durable`
        keeps PostgreSQL's default of syncing every commit to disk, on disk; tests need not,
        and their data goes to memory (/dev/shm) where there is room."""
        started = time.perf_counter()
        bin_dir = binaries()
        user = UNPRIVILEGED_USER if os.geteuid() == 0 else None
        folder = Path(tempfile.mkdtemp(prefix="store-postgres-"))
        in_memory = None if durable else _memory_folder()
        data = (in_memory or folder) / "data"
        if user is not None:
            for owned in {folder, data.parent}:
                shutil.chown(owned, user)
            if not _others_may_run(bin_dir):  # e.g. a virtualenv under /root
                shutil.copytree(bin_dir.parent, folder / "install", symlinks=True)
                bin_dir = folder / "install" / bin_dir.name
        server = cls(folder, data, bin_dir, free_port(), user)
        try:
            server._run(
                "initdb",
                "-D",
                str(data),
                "-U",
                "postgres",
                "--auth=trust",
                "--encoding=UTF8",
                "--no-locale",
                "--no-sync",
            )
            settings = [
                "listen_addresses=127.0.0.1",
                "unix_socket_directories=",
                "max_connections=200",
            ]
            if not durable:
                settings += FAST
            server._start_postmaster(" ".join(f"-c {setting}" for setting in settings))
        except BaseException as error:
            log = folder / "server.log"
            told = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            server._remove()
            if isinstance(error, NoServer):
                raise NoServer(f"{error}\n{told}") from error
            raise
        server.started_in = time.perf_counter() - started
        return server

    def _start_postmaster(self, options: str) -> None:
        log = self.folder / "server.log"
        for attempt in range(3):
            try:
                self._run(
                    "pg_ctl",
                    *("-D", str(self.data), "-l", str(log), "-w", "-t", "60"),
                    *("-o", f"-p {self.port} {options}", "start"),
                )
                return
            except NoServer:
                taken = log.exists() and "could not bind" in log.read_text(errors="replace")
                if attempt == 2 or not taken:
                    raise
                self.port = free_port()  # another program took the port in the meantime

    def _run(self, program: str, *args: str) -> None:
        try:
            done = subprocess.run(
                [str(self.bin_dir / program), *args],
                capture_output=True,
                text=True,
                timeout=120,
                cwd=self.folder,
                user=self._user,
                group=self._user and _group_of(self._user),
                extra_groups=[] if self._user else None,
            )
        except (OSError, subprocess.SubprocessError) as error:
            raise NoServer(f"{program} could not run: {error}") from error
        if done.returncode != 0:
            raise NoServer(f"{program} failed ({done.returncode}): {done.stderr or done.stdout}")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    async def admin(self, *statements: str) -> None:
        """Run statements on the server's maintenance database."""
        connection = await asyncpg.connect(self.url())
        try:
            for statement in statements:
                await connection.execute(statement)
        finally:
            await connection.close()

    def create_database(self, empty: bool = False) -> str:
        """A new database: a copy of the migrated template, or `empty` (no schema at all);
        its URL.

        Copies are made one ahead, on a thread of their own, while the test before runs: on
        a busy machine a copy can take a few tenths of a second."""
        if empty:
            name = f"test_{next(self._names)}"
            run_async(lambda: self.admin(f"CREATE DATABASE {name} TEMPLATE template0"))
            return self.url(name)
        if self._spare is None:
            run_async(self._make_template)
            self._spare = self._admin.submit(self._copy_template)
        name = self._spare.result()
        self._spare = self._admin.submit(self._copy_template)
        return self.url(name)

    def drop_database(self, url: str) -> None:
        """Drop a database, on the admin thread: the caller does not wait for it."""
        name = url.rsplit("/", 1)[1]
        statement = f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"
        self._admin.submit(run_async, lambda: self.admin(statement))

    def _copy_template(self) -> str:
        name = f"test_{next(self._names)}"
        run_async(lambda: self.admin(f"CREATE DATABASE {name} TEMPLATE {TEMPLATE}{self._copy}"))
        return name

    async def _make_template(self) -> None:
        from storage.postgres import open_postgres

        connection = await asyncpg.connect(self.url())
        try:
            if connection.get_server_version().major >= 15:
                self._copy = " STRATEGY FILE_COPY"  # copies the files: faster for small ones
        finally:
            await connection.close()
        await self.admin(f"CREATE DATABASE {TEMPLATE} TEMPLATE template0")
        store = await open_postgres(self.url(TEMPLATE))
        await store.close()

    def stop(self) -> None:
        self._admin.shutdown(wait=True, cancel_futures=True)
        with contextlib.suppress(NoServer):  # already gone
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        self._remove()

    def _remove(self) -> None:
        shutil.rmtree(self.data.parent, ignore_errors=True)
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> TemporaryPostgres:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _group_of(user: str) -> int:
    import pwd

    return pwd.getpwnam(user).pw_gid


MEMORY = Path("/dev/shm")
MEMORY_NEEDED = 1 << 30
"""Room a test server's data may take: a template and a few databases of a few MiB each."""


def _memory_folder() -> Path | None:
    """A new folder in memory, if this machine has room there; None otherwise."""
    try:
        room = os.statvfs(MEMORY)
        if room.f_bavail * room.f_frsize < MEMORY_NEEDED or not os.access(MEMORY, os.W_OK):
            return None
        return Path(tempfile.mkdtemp(prefix="store-postgres-", dir=MEMORY))
    except OSError:
        return None


def _others_may_run(folder: Path) -> bool:
    """Whether a user other than the owner can reach and run the programs in `folder`."""
    return all(part.stat().st_mode & stat.S_IXOTH for part in [folder, *folder.parents])
