"""The SQL event store: one implementation over SQLite and PostgreSQL.

Three tables, prefixed ``taverna_`` so they can share a database: the games (one row
each, with its version), their events (one row each, keyed by game and sequence number)
and one snapshot per game. An append is one transaction that moves the game's version
from the expected one to the new one (``UPDATE ... WHERE version = expected``) and
inserts the events under their sequence numbers: a second writer with the same expected
version updates no row and gets :class:`~taverna_rules.errors.ConflictError`, and the
primary key would refuse its events anyway.
"""

from __future__ import annotations

import abc
import builtins
import datetime as dt
import json
import secrets
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from taverna_rules._shown import shown
from taverna_rules._version import VERSION
from taverna_rules.core.records import Event
from taverna_rules.core.replay import verify_tail
from taverna_rules.core.serialize import event_from_dict, event_to_dict, state_from_json, state_to_json
from taverna_rules.errors import (
    ConflictError,
    OptionError,
    ReplayError,
    StoreError,
    TavernaError,
    UnknownGameError,
)
from taverna_rules.game import Game, replay
from taverna_rules.game_modules import game_module
from taverna_rules.store.records import StoredGame, check_game_id
from taverna_rules.store.registry import RulesRegistry

__all__ = ["SQLStore"]

#: The layout of the tables; a store refuses a database of another layout.
SCHEMA_VERSION = 1

_TABLES = (
    """CREATE TABLE IF NOT EXISTS taverna_store (
        schema_version INTEGER NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS taverna_games (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        rules TEXT NOT NULL,
        packs TEXT NOT NULL,
        options TEXT NOT NULL,
        players TEXT NOT NULL,
        engine TEXT NOT NULL,
        version INTEGER NOT NULL,
        over INTEGER NOT NULL,
        archived INTEGER NOT NULL,
        created TEXT NOT NULL,
        updated TEXT NOT NULL,
        meta TEXT NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS taverna_events (
        game_id TEXT NOT NULL REFERENCES taverna_games (id),
        seq INTEGER NOT NULL,
        event TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    )""",
    """CREATE TABLE IF NOT EXISTS taverna_snapshots (
        game_id TEXT PRIMARY KEY REFERENCES taverna_games (id),
        version INTEGER NOT NULL,
        rules TEXT NOT NULL,
        engine TEXT NOT NULL,
        state TEXT NOT NULL
    )""",
)
_GAME_COLUMNS = (
    "id, game, rules, packs, options, players, engine, version, over, archived, created, updated, meta"
)

#: What a row that does not read back raises while decoding (a database edited by hand).
_UNREADABLE = (ValueError, TypeError, KeyError, IndexError, AttributeError)
#: What a fold raises on an event out of place (as verified replay reads it).
_DOES_NOT_APPLY = (*_UNREADABLE, AssertionError)


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds")


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


class SQLStore(abc.ABC):
    """An event store over a SQL database (see :class:`~taverna_rules.store.EventStore`).

    Each thread gets its own connection, so one store may serve a thread pool; several
    processes may open the same database (optimistic concurrency keeps them apart).
    ``registry`` resolves rules fingerprints when loading (default: the bundled rules of
    every installed game); a snapshot of the state is written every ``snapshot_every``
    events by :meth:`save` (0: never).
    """

    #: The placeholder of a query parameter in this database's SQL.
    _MARK = "?"
    #: The driver's errors (a file that is no database, a server gone): StoreError.
    _DB_ERRORS: tuple[type[Exception], ...] = ()
    #: The driver's error for a key taken (two creates of one id at once).
    _TAKEN: tuple[type[Exception], ...] = ()

    def __init__(self, *, registry: RulesRegistry | None = None, snapshot_every: int = 200) -> None:
        if isinstance(snapshot_every, bool) or not isinstance(snapshot_every, int) or snapshot_every < 0:
            raise OptionError(f"snapshot_every is a count of events (0: never), not {shown(snapshot_every)}")
        self.registry = registry if registry is not None else RulesRegistry.bundled()
        self.snapshot_every = snapshot_every
        self._local = threading.local()
        self._connections: list[Any] = []
        self._lock = threading.Lock()
        self._closed = False
        with self._transaction() as db:
            self._lock_schema(db)
            for statement in _TABLES:
                self._run(db, statement)
            found = self._run(db, "SELECT schema_version FROM taverna_store").fetchall()
            if not found:
                self._run(db, "INSERT INTO taverna_store (schema_version) VALUES (?)", (SCHEMA_VERSION,))
            elif found[0][0] != SCHEMA_VERSION:
                layout = found[0][0]
                raise StoreError(
                    f"the database holds a store of layout {layout}; this engine reads {SCHEMA_VERSION}"
                )

    # ------------------------------------------------------------------ the database
    @abc.abstractmethod
    def _connect(self) -> Any:
        """A new connection to the database."""

    @abc.abstractmethod
    def _begin(self, db: Any, write: bool) -> None:
        """Start a transaction (``write``: one that will write)."""

    def _lock_schema(self, db: Any) -> None:  # noqa: B027 - most databases need no lock
        """Keep two processes from creating the tables at once (the write lock does it
        where a write transaction locks the whole database)."""

    def _connection(self) -> Any:
        if self._closed:
            raise StoreError("the store is closed")
        db = getattr(self._local, "db", None)
        if db is None:
            try:
                db = self._connect()
            except self._DB_ERRORS as exc:
                raise StoreError(f"{self!r} does not open: {exc}") from None
            self._local.db = db
            with self._lock:
                self._connections.append(db)
        return db

    @contextmanager
    def _transaction(self, write: bool = True) -> Iterator[Any]:
        db = self._connection()
        try:
            self._begin(db, write)
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
        except self._DB_ERRORS as exc:
            raise StoreError(f"{self!r}: {exc}") from None

    def _run(self, db: Any, sql: str, params: Sequence[Any] = ()) -> Any:
        return db.execute(sql.replace("?", self._MARK), tuple(params))

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        with self._transaction(write=False) as db:
            return list(self._run(db, sql, params).fetchall())

    def close(self) -> None:
        """Close every connection; the store refuses work from then on."""
        with self._lock:
            self._closed = True
            for db in self._connections:
                db.close()
            self._connections.clear()

    def __enter__(self) -> SQLStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ games
    def create(
        self, game: Game, *, game_id: str | None = None, meta: Mapping[str, Any] | None = None
    ) -> StoredGame:
        """Store a new game with its log so far; return its record. ``game_id`` (default:
        a random one) must be new; ``meta`` is the host's own JSON data, kept with it."""
        if not isinstance(game, Game):
            raise OptionError(f"a store keeps a Game (from new_game()), not {shown(game)}")
        game_id = check_game_id(game_id) if game_id is not None else secrets.token_hex(8)
        first = game.events[0]
        now = _now()
        record = StoredGame(
            id=game_id,
            game=game.rules.game,
            rules=game.rules.fingerprint,
            packs=tuple((str(p), str(v)) for p, v in getattr(first, "packs", ())),
            options=tuple(game.state.options),
            players=tuple(p.name for p in game.state.players),
            engine=getattr(first, "engine", "") or VERSION,
            version=0,
            over=game.over,
            archived=False,
            created=now,
            updated=now,
            meta=dict(meta or {}),
        )
        try:
            meta_text = _dumps(record.meta)
        except (TypeError, ValueError) as exc:
            raise OptionError(f"meta must be JSON data: {exc}") from None
        try:
            self._insert_game(record, meta_text)
        except self._TAKEN:
            raise StoreError(f"game id {game_id!r} is taken") from None
        self.append(game_id, game.events, expected_version=0, over=game.over)
        return self.record(game_id)

    def _insert_game(self, record: StoredGame, meta_text: str) -> None:
        now = record.created
        with self._transaction() as db:
            if self._run(db, "SELECT 1 FROM taverna_games WHERE id = ?", (record.id,)).fetchall():
                raise StoreError(f"game id {record.id!r} is taken")
            self._run(
                db,
                f"INSERT INTO taverna_games ({_GAME_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    record.id,
                    record.game,
                    record.rules,
                    _dumps(record.packs),
                    _dumps(record.options),
                    _dumps(record.players),
                    record.engine,
                    0,
                    0,
                    0,
                    now,
                    now,
                    meta_text,
                ),
            )

    def append(
        self, game_id: str, events: Sequence[Event], *, expected_version: int, over: bool | None = None
    ) -> int:
        """Add ``events`` to the game's log, if it still holds ``expected_version`` events;
        return the new version. Another writer first:
        :class:`~taverna_rules.errors.ConflictError`, nothing written. ``over`` records
        that the game has ended (``None``: unchanged)."""
        record = self.record(game_id)
        module = game_module(record.game)
        rows = [_dumps(event_to_dict(event, game=module)) for event in events]
        new = expected_version + len(rows)
        with self._transaction() as db:
            moved = self._run(
                db,
                "UPDATE taverna_games SET version = ?, updated = ?, "
                "over = CASE WHEN ? < 0 THEN over ELSE ? END "
                "WHERE id = ? AND version = ? AND archived = 0",
                (new, _now(), -1 if over is None else 0, int(bool(over)), game_id, expected_version),
            )
            if moved.rowcount != 1:
                raise self._refusal(db, game_id, expected_version)
            for offset, row in enumerate(rows):
                self._run(
                    db,
                    "INSERT INTO taverna_events (game_id, seq, event) VALUES (?, ?, ?)",
                    (game_id, expected_version + offset, row),
                )
        return new

    def _refusal(self, db: Any, game_id: str, expected: int) -> TavernaError:
        found = self._run(
            db, "SELECT version, archived FROM taverna_games WHERE id = ?", (game_id,)
        ).fetchall()
        if not found:
            return UnknownGameError(f"no game {game_id!r} in the store")
        version, archived = found[0]
        if archived:
            return StoreError(f"game {game_id!r} is archived: its log is closed")
        return ConflictError(
            f"game {game_id!r} is at version {version}, not {expected}: another writer appended "
            "first; reload the game and decide again",
            game_id,
            expected,
            version,
        )

    def save(self, game_id: str, game: Game, *, expected_version: int) -> int:
        """Append the events ``game`` has beyond ``expected_version`` (what was loaded), and
        write a snapshot when one is due; return the new version."""
        new = self.append(
            game_id, game.events[expected_version:], expected_version=expected_version, over=game.over
        )
        if self.snapshot_every and new // self.snapshot_every > expected_version // self.snapshot_every:
            self.snapshot(game_id, game, version=new)
        return new

    def snapshot(self, game_id: str, game: Game, *, version: int | None = None) -> None:
        """Keep ``game``'s state as the snapshot of ``game_id`` at ``version`` (default: its
        event count), replacing the one before. A snapshot is a cache: it is used only
        under the same rules fingerprint and engine version."""
        count = len(game.events) if version is None else version
        with self._transaction() as db:
            self._run(
                db,
                "INSERT INTO taverna_snapshots (game_id, version, rules, engine, state) "
                "VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, rules = excluded.rules, "
                "engine = excluded.engine, state = excluded.state",
                (game_id, count, game.rules.fingerprint, VERSION, state_to_json(game.state)),
            )

    def record(self, game_id: str) -> StoredGame:
        """The record of ``game_id``: :class:`~taverna_rules.errors.UnknownGameError` if none."""
        if not isinstance(game_id, str):
            raise UnknownGameError(f"a game id is a string, not {shown(game_id)}")
        rows = self._read(f"SELECT {_GAME_COLUMNS} FROM taverna_games WHERE id = ?", (game_id,))
        if not rows:
            raise UnknownGameError(f"no game {game_id!r} in the store")
        return _record(rows[0])

    def list(self, *, game: str | None = None, archived: bool = False) -> list[StoredGame]:
        """The records of the games stored, oldest first: those of ``game`` only when given;
        archived games only with ``archived=True`` (then all of them)."""
        where = [] if archived else ["archived = 0"]
        params: list[Any] = []
        if game is not None:
            where.append("game = ?")
            params.append(game)
        clause = f" WHERE {' AND '.join(where)}" if where else ""
        rows = self._read(f"SELECT {_GAME_COLUMNS} FROM taverna_games{clause} ORDER BY created, id", params)
        return [_record(row) for row in rows]

    def archive(self, game_id: str) -> None:
        """Close the game's log: it still loads and lists with ``archived=True``, and
        refuses appends."""
        self.record(game_id)
        with self._transaction() as db:
            self._run(
                db, "UPDATE taverna_games SET archived = 1, updated = ? WHERE id = ?", (_now(), game_id)
            )

    # ------------------------------------------------------------------ logs
    def events(self, game_id: str, since: int = 0) -> builtins.list[Event]:
        """The game's events from number ``since`` on, as stored (no upcasting)."""
        record = self.record(game_id)
        return _decode(record, self._rows(game_id, since, record.version), since)

    def _rows(self, game_id: str, since: int, version: int) -> builtins.list[dict[str, Any]]:
        """The events ``since`` to ``version`` (the record's, read before: events another
        writer appends meanwhile are left for the next read), decoded from JSON."""
        rows = self._read(
            "SELECT seq, event FROM taverna_events WHERE game_id = ? AND seq >= ? AND seq < ? ORDER BY seq",
            (game_id, since, version),
        )
        out = []
        for expected, (seq, text) in enumerate(rows, since):
            if seq != expected:
                raise StoreError(f"game {game_id!r}: event {expected} is missing from the store")
            try:
                out.append(json.loads(text))
            except ValueError:
                raise StoreError(f"game {game_id!r}: event {seq} is not JSON") from None
        if since + len(out) != version:
            raise StoreError(f"game {game_id!r} holds {since + len(out)} events, its record says {version}")
        return out

    def load(self, game_id: str, *, verify: bool = True, snapshot: bool = True) -> Game:
        """The game ``game_id``, under the rules its log was played with (from the
        registry, upcast where declared). With ``snapshot`` (the default) a valid
        snapshot spares replaying the log up to it; with ``verify`` (the default) every
        event after it is checked as :func:`~taverna_rules.replay` does. A log of rules the
        registry lacks: :class:`~taverna_rules.errors.RulesMismatchError`."""
        record = self.record(game_id)
        rules, upcast = self.registry.rules_for(record.rules, record.game, f"game {game_id!r}")
        rows = self._rows(game_id, 0, record.version)
        if upcast is not None:
            rows = upcast(rows)
        events = _decode(record, rows)
        start = self._snapshot(game_id, rules, len(events)) if snapshot and upcast is None else None
        if start is None:
            try:
                return replay(rules, events, verify=verify)
            except ReplayError as exc:
                raise ReplayError(f"game {game_id!r}: {exc}") from None
        count, state = start
        module = game_module(record.game)
        try:
            if verify:
                marks = verify_tail(module, rules, state, events, count)
            else:
                marks = [(len(events), _fold_from(module, state, events[count:], count))]
        except ReplayError as exc:
            raise ReplayError(f"game {game_id!r}: {exc}") from None
        return Game(rules, events, marks=marks)

    def _snapshot(self, game_id: str, rules: Any, count: int) -> tuple[int, Any] | None:
        """(version, state) of the game's snapshot, when it is of these rules, of this
        engine and within the log; ``None`` otherwise."""
        rows = self._read(
            "SELECT version, rules, engine, state FROM taverna_snapshots WHERE game_id = ?", (game_id,)
        )
        if not rows:
            return None
        version, fingerprint, engine, text = rows[0]
        if fingerprint != rules.fingerprint or engine != VERSION or not 0 < version <= count:
            return None
        try:
            return version, state_from_json(text, game=rules.game)
        except TavernaError:
            return None  # a snapshot is a cache: one that does not read is not used


def _fold_from(module: Any, state: Any, events: Sequence[Event], start: int) -> Any:
    """``state`` with ``events`` (numbered from ``start``) folded in; ReplayError for one
    that does not apply."""
    for index, event in enumerate(events, start):
        try:
            state = module.evolve(state, event)
        except _DOES_NOT_APPLY as exc:
            raise ReplayError(f"event {index} ({event.TYPE}) does not apply: {exc}") from None
    return state


def _decode(record: StoredGame, rows: Sequence[dict[str, Any]], since: int = 0) -> list[Event]:
    module = game_module(record.game)
    events = []
    for index, data in enumerate(rows, since):
        try:
            events.append(event_from_dict(data, game=module))
        except ReplayError as exc:
            raise ReplayError(f"game {record.id!r}: event {index}: {exc}") from None
    return events


def _record(row: Sequence[Any]) -> StoredGame:
    game_id, game, rules, packs, options, players, engine, version, over, archived, created, updated, meta = (
        row
    )
    try:
        return StoredGame(
            id=game_id,
            game=game,
            rules=rules,
            packs=tuple((str(p), str(v)) for p, v in json.loads(packs)),
            options=tuple((str(name), value) for name, value in json.loads(options)),
            players=tuple(str(p) for p in json.loads(players)),
            engine=engine,
            version=int(version),
            over=bool(over),
            archived=bool(archived),
            created=str(created),
            updated=str(updated),
            meta=json.loads(meta),
        )
    except _UNREADABLE:
        raise StoreError(f"the record of game {game_id!r} does not read back") from None
