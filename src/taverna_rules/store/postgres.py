"""The event store for servers: PostgreSQL, through psycopg 3 (``pip install
taverna-rules[postgres]``)."""

from __future__ import annotations

from typing import Any

try:
    import psycopg
except ImportError as exc:  # pragma: no cover - shown by tests/test_extras.py
    raise ImportError("the PostgreSQL store needs psycopg 3: pip install 'taverna-rules[postgres]'") from exc

from taverna_rules.store._sql import SQLStore
from taverna_rules.store.registry import RulesRegistry

__all__ = ["PostgresStore"]


class PostgresStore(SQLStore):
    """An event store in the PostgreSQL database at ``url`` (a libpq connection string
    such as ``postgresql://user@host/db``); its tables are created when missing.

    Many server processes may share one database: appends are optimistic (a stale
    expected version is refused), and each thread of each process has its own connection.
    ``key`` and ``migrate``: see :class:`~taverna_rules.store._sql.SQLStore`.
    """

    _MARK = "%s"
    _DB_ERRORS = (psycopg.Error,)
    _TAKEN = (psycopg.errors.UniqueViolation,)

    def __init__(
        self,
        url: str,
        *,
        registry: RulesRegistry | None = None,
        snapshot_every: int = 200,
        key: bytes | str | None = None,
        migrate: bool = False,
    ) -> None:
        self.url = url
        super().__init__(registry=registry, snapshot_every=snapshot_every, key=key, migrate=migrate)

    def _connect(self) -> Any:
        # Autocommit: the store says where each transaction begins and ends.
        return psycopg.connect(self.url, autocommit=True)

    def _begin(self, db: Any, write: bool) -> None:
        db.execute("BEGIN")

    def _lock_schema(self, db: Any) -> None:
        # CREATE TABLE IF NOT EXISTS races in PostgreSQL: take a lock for the transaction.
        db.execute("SELECT pg_advisory_xact_lock(%s)", (0x7A7E2A,))

    def __repr__(self) -> str:
        # The URL may hold a password: show only where it points.
        return f"PostgresStore(<{self.url.rsplit('@', 1)[-1]}>)"
