"""The embedded event store: one SQLite file, from the standard library."""

from __future__ import annotations

import os
import sqlite3
from typing import Any

from taverna_rules._shown import shown
from taverna_rules.errors import OptionError
from taverna_rules.store._sql import SQLStore
from taverna_rules.store.registry import RulesRegistry

__all__ = ["SQLiteStore"]

#: The names SQLite opens as a new private database for each connection.
_PRIVATE = ("", ":memory:")


def _text(data: bytes) -> str:
    # Bytes that are not UTF-8 (a damaged file) read as text that no row written has, so
    # the row is refused by its game's checks rather than by the driver, for the whole store.
    return data.decode("utf-8", "surrogateescape")


class SQLiteStore(SQLStore):
    """An event store in the SQLite file ``path`` (created when missing).

    The file is in write-ahead-log mode, so readers never wait for the writer; writers
    take turns (a writer waits up to ``timeout`` seconds for another to finish). Several
    processes may share the file on one machine; for servers across machines, use
    :class:`~taverna_rules.store.postgres.PostgresStore`. ``key`` and ``migrate``: see
    :class:`~taverna_rules.store._sql.SQLStore`.

    The store is a file: ``":memory:"`` and ``""`` (which SQLite gives each connection
    as a database of its own, so another thread would find no tables) are refused.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        registry: RulesRegistry | None = None,
        snapshot_every: int = 200,
        timeout: float = 30.0,
        key: bytes | str | None = None,
        migrate: bool = False,
    ) -> None:
        self.path = os.fspath(path)
        if not isinstance(self.path, str) or self.path in _PRIVATE:
            raise OptionError(
                f"a SQLite store is a file, not {shown(self.path)}: SQLite gives each connection "
                "its own database there, so the store's other threads would find it empty; "
                "use a file (a temporary one for tests)"
            )
        self.timeout = timeout
        super().__init__(registry=registry, snapshot_every=snapshot_every, key=key, migrate=migrate)

    _DB_ERRORS = (sqlite3.Error,)
    _TAKEN = (sqlite3.IntegrityError,)

    def _connect(self) -> Any:
        # Autocommit mode: the store says where each transaction begins and ends.
        db = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None, check_same_thread=False)
        db.text_factory = _text
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA foreign_keys = ON")
        return db

    def _begin(self, db: Any, write: bool) -> None:
        # IMMEDIATE takes the write lock at once, so two writers never both read then fail.
        db.execute("BEGIN IMMEDIATE" if write else "BEGIN")

    def __repr__(self) -> str:
        return f"SQLiteStore({self.path!r})"
