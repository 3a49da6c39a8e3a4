"""Which stores a bench runs on: `--store sqlite` (a file in a temporary folder, the default),
`--store postgres` (a throwaway PostgreSQL server started as the tests start theirs, with
PostgreSQL's default durability: every commit synced to disk), or `--store postgresql://...`
(an existing database, which should be a scratch one: the bench writes into it). `--store` may
be given several times; each store's figures are printed in turn."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.postgres import TemporaryPostgres


def add_store_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--store",
        action="append",
        metavar="STORE",
        help="sqlite (default), postgres (a temporary server), or a postgresql:// URL;"
        " repeat to run on several",
    )


def chosen(stores: list[str] | None) -> list[str]:
    for store in stores or []:
        if store not in ("sqlite", "postgres") and not store.startswith("postgresql://"):
            raise SystemExit(f"--store {store}: use sqlite, postgres or a postgresql:// URL")
    return stores or ["sqlite"]


def store_label(store: str) -> str:
    """A store's name in the figures (a URL's password left out)."""
    if store.startswith("postgresql://"):
        return "postgresql (" + store.rsplit("@", 1)[-1] + ")"
    return {"postgres": "postgresql (temporary server)"}.get(store, store)


class Servers:
    """The temporary PostgreSQL server, started the first time a bench asks for it."""

    def __init__(self) -> None:
        self.server: TemporaryPostgres | None = None

    def url(self, store: str, folder: Path, name: str) -> str:
        """A fresh database of `store` for one run; a SQLite file is `name` in `folder`."""
        if store == "sqlite":
            return f"sqlite:///{folder / name}.sqlite3"
        if store != "postgres":
            return store
        if self.server is None:
            self.server = TemporaryPostgres.start(durable=True)
            print(f"(a temporary PostgreSQL server started in {self.server.started_in:.1f} s)")
        return self.server.create_database(empty=True)


@contextmanager
def servers() -> Iterator[Servers]:
    started = Servers()
    try:
        yield started
    finally:
        if started.server is not None:
            started.server.stop()
