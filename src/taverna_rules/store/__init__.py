"""Event stores: games kept by id, as their logs, for hosts (servers, bots, archives).

A store keeps each game's record (:class:`StoredGame`: its id, game, rules fingerprint,
packs, options and engine version) and its log of events. Appends are optimistic: a
writer says how many events it read (``expected_version``), and one that another writer
overtook gets :class:`~taverna_rules.errors.ConflictError` with nothing written. Loading
replays the log under the rules of its fingerprint, from the store's
:class:`RulesRegistry`, starting from a snapshot when a valid one is kept. Every game's
record, events and snapshot are sealed by a hash chain (:mod:`taverna_rules.store.seal`,
an HMAC when the store has a key) that a verified load checks, so a row changed after it
was written is :class:`~taverna_rules.errors.StoreError` naming the game and the row.

Two implementations share one SQL core: :class:`SQLiteStore` (one file, the standard
library; the default) and :class:`~taverna_rules.store.postgres.PostgresStore`
(``pip install 'taverna-rules[postgres]'``) for servers of many processes.
:func:`open_store` picks one from a URL.

    >>> import taverna_rules as tr
    >>> from taverna_rules.store import open_store
    >>> store = open_store(tmp / "games.db")             # doctest: +SKIP
    >>> game = tr.new_game(tr.load_rules(), ["Ann", "Bob"], seed=7)
    >>> record = store.create(game, game_id="first")      # doctest: +SKIP
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from taverna_rules._shown import shown
from taverna_rules.core.records import Event
from taverna_rules.errors import ConflictError, OptionError, RulesMismatchError, StoreError, UnknownGameError
from taverna_rules.game import Game
from taverna_rules.store.records import GAME_ID, StoredGame, check_game_id
from taverna_rules.store.registry import RulesRegistry, Upcast, UpcastEvents, rename_rules
from taverna_rules.store.sqlite import SQLiteStore

__all__ = [
    "GAME_ID",
    "ConflictError",
    "EventStore",
    "RulesMismatchError",
    "RulesRegistry",
    "SQLiteStore",
    "StoreError",
    "StoredGame",
    "UnknownGameError",
    "Upcast",
    "UpcastEvents",
    "check_game_id",
    "open_store",
    "rename_rules",
]


@runtime_checkable
class EventStore(Protocol):
    """What a host asks of a store; :class:`SQLiteStore` and
    :class:`~taverna_rules.store.postgres.PostgresStore` are the two the library has."""

    registry: RulesRegistry

    def create(
        self, game: Game, *, game_id: str | None = None, meta: Mapping[str, Any] | None = None
    ) -> StoredGame:
        """Store a new game; return its record."""
        ...

    def append(
        self, game_id: str, events: Sequence[Event], *, expected_version: int, over: bool | None = None
    ) -> int:
        """Append events if the game still has ``expected_version`` events; the new version."""
        ...

    def save(self, game_id: str, game: Game, *, expected_version: int) -> int:
        """Append what ``game`` has beyond ``expected_version``; the new version."""
        ...

    def load(self, game_id: str, *, verify: bool = True, snapshot: bool = True) -> Game:
        """The game, replayed under its rules; ``verify`` checks the hash chain, the
        snapshot's seal and the rules (StoreError or ReplayError naming the game and the
        row), ``verify=False`` trusts the database."""
        ...

    def events(self, game_id: str, since: int = 0) -> list[Event]:
        """The stored events from ``since`` on."""
        ...

    def record(self, game_id: str) -> StoredGame:
        """The game's record."""
        ...

    def list(self, *, game: str | None = None, archived: bool = False) -> list[StoredGame]:
        """The records of the games stored."""
        ...

    def archive(self, game_id: str) -> None:
        """Close the game's log."""
        ...

    def close(self) -> None:
        """Release the store's connections."""
        ...


def open_store(
    where: str | os.PathLike[str],
    *,
    registry: RulesRegistry | None = None,
    snapshot_every: int = 200,
    key: bytes | str | None = None,
    migrate: bool = False,
) -> EventStore:
    """The store at ``where``: a ``postgresql://`` (or ``postgres://``) URL opens a
    :class:`~taverna_rules.store.postgres.PostgresStore`; ``sqlite:///games.db`` (relative),
    ``sqlite:////srv/games.db`` (absolute) or a plain path opens a :class:`SQLiteStore`
    (the file is created when missing; ``:memory:`` is refused, see :class:`SQLiteStore`).
    ``key`` seals the logs with an HMAC under it; ``migrate`` seals a store of layout 1
    (see :class:`~taverna_rules.store._sql.SQLStore`)."""
    options: dict[str, Any] = {
        "registry": registry,
        "snapshot_every": snapshot_every,
        "key": key,
        "migrate": migrate,
    }
    if isinstance(where, os.PathLike):
        return SQLiteStore(where, **options)
    if not isinstance(where, str) or not where:
        raise OptionError(f"a store is a file path or a database URL, not {shown(where)}")
    if where.startswith(("postgresql://", "postgres://")):
        from taverna_rules.store.postgres import PostgresStore

        return PostgresStore(where, **options)
    if where.startswith("sqlite:///") and len(where) > len("sqlite:///"):
        return SQLiteStore(where.removeprefix("sqlite:///"), **options)
    if "://" in where:
        raise OptionError(f"a store URL starts with postgresql:// or sqlite:///, not {shown(where)}")
    return SQLiteStore(where, **options)
