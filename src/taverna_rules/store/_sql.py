"""The SQL event store: one implementation over SQLite and PostgreSQL.

Four tables, prefixed ``taverna_`` so they can share a database (their layout:
:mod:`taverna_rules.store.schema`): the store's layout and seal, the games (one row each,
with its version and the head of its hash chain), their events (one row each, keyed by
game and sequence number, with its hash) and one snapshot per game. An append is one
transaction that moves the game's version from the expected one to the new one
(``UPDATE ... WHERE version = expected``) and inserts the events under their sequence
numbers: a second writer with the same expected version updates no row and gets
:class:`~taverna_rules.errors.ConflictError`, and the primary key would refuse its events
anyway. Creating a game is one transaction too: its record and its first events.
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
from taverna_rules.core.arguments import state_options
from taverna_rules.core.game_modules import game_module
from taverna_rules.core.records import Event
from taverna_rules.core.replay import verify_tail
from taverna_rules.core.serialize import event_from_dict, event_to_dict, state_from_json, state_to_json
from taverna_rules.errors import (
    ConflictError,
    GameModuleError,
    OptionError,
    ReplayError,
    StoreError,
    TavernaError,
    UnknownGameError,
)
from taverna_rules.game import Game, replay
from taverna_rules.store.records import StoredGame, check_game_id
from taverna_rules.store.registry import RulesRegistry
from taverna_rules.store.rows import GAME_COLUMNS, json_row, read_record, record_or_error
from taverna_rules.store.schema import prepare
from taverna_rules.store.seal import Seal

__all__ = ["SQLStore"]

#: What a fold raises on an event out of place (as verified replay reads it).
_DOES_NOT_APPLY = (ValueError, TypeError, KeyError, IndexError, AttributeError, AssertionError)


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

    Every game is sealed by a hash chain (:mod:`taverna_rules.store.seal`) that a verified
    load checks; with ``key`` (bytes or text, kept by the host) the chain is an HMAC under
    it, which a writer without the key cannot forge. A store sealed under a key opens only
    with it. A database of layout 1 (before the chain) is refused unless ``migrate`` is
    true: then its logs are sealed as they are, once.
    """

    #: The placeholder of a query parameter in this database's SQL.
    _MARK = "?"
    #: The driver's errors (a file that is no database, a server gone): StoreError.
    _DB_ERRORS: tuple[type[Exception], ...] = ()
    #: The driver's error for a key taken (two creates of one id at once).
    _TAKEN: tuple[type[Exception], ...] = ()

    def __init__(
        self,
        *,
        registry: RulesRegistry | None = None,
        snapshot_every: int = 200,
        key: bytes | str | None = None,
        migrate: bool = False,
    ) -> None:
        if isinstance(snapshot_every, bool) or not isinstance(snapshot_every, int) or snapshot_every < 0:
            raise OptionError(f"snapshot_every is a count of events (0: never), not {shown(snapshot_every)}")
        self.registry = registry if registry is not None else RulesRegistry.bundled()
        self.snapshot_every = snapshot_every
        self._seal = Seal(key)
        self._local = threading.local()
        self._connections: list[Any] = []
        self._lock = threading.Lock()
        self._closed = False
        with self._transaction() as db:
            self._lock_schema(db)
            prepare(lambda sql, params: self._run(db, sql, params), self._seal, migrate=migrate)

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
        """Store a new game with its log so far, in one transaction (a process killed
        meanwhile leaves nothing); return its record. ``game_id`` (default: a random one)
        must be new; ``meta`` is the host's own JSON data, kept with it."""
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
            options=state_options(game.state),
            players=tuple(p.name for p in game.state.players),
            engine=getattr(first, "engine", "") or VERSION,
            version=len(game.events),
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
        rows = _event_rows(record, game.events)
        hashes = self._seal.chain(self._seal.origin(record), rows)
        with self._transaction() as db:
            if self._run(db, "SELECT 1 FROM taverna_games WHERE id = ?", (game_id,)).fetchall():
                raise StoreError(f"game id {game_id!r} is taken")
            try:
                self._insert_game(db, record, meta_text, hashes[-1])
            except self._TAKEN:  # another create of this id committed meanwhile
                raise StoreError(f"game id {game_id!r} is taken") from None
            self._insert_events(db, game_id, 0, rows, hashes)
        return self.record(game_id)

    def _insert_game(self, db: Any, record: StoredGame, meta_text: str, head: str) -> None:
        values = (
            record.id,
            record.game,
            record.rules,
            _dumps(record.packs),
            _dumps(record.options),
            _dumps(record.players),
            record.engine,
            record.version,
            int(record.over),
            0,
            record.created,
            record.updated,
            meta_text,
            head,
        )
        marks = ", ".join("?" * len(values))
        self._run(db, f"INSERT INTO taverna_games ({GAME_COLUMNS}) VALUES ({marks})", values)

    def _insert_events(
        self, db: Any, game_id: str, start: int, rows: Sequence[str], hashes: Sequence[str]
    ) -> None:
        for seq, (row, hashed) in enumerate(zip(rows, hashes, strict=True), start):
            self._run(
                db,
                "INSERT INTO taverna_events (game_id, seq, event, hash) VALUES (?, ?, ?, ?)",
                (game_id, seq, row, hashed),
            )

    def append(
        self, game_id: str, events: Sequence[Event], *, expected_version: int, over: bool | None = None
    ) -> int:
        """Add ``events`` to the game's log, if it still holds ``expected_version`` events;
        return the new version. Another writer first:
        :class:`~taverna_rules.errors.ConflictError`, nothing written. ``over`` records
        that the game has ended (``None``: unchanged)."""
        record = self.record(game_id)
        rows = _event_rows(record, events)
        new = expected_version + len(rows)
        with self._transaction() as db:
            found = self._run(
                db, "SELECT version, archived, head FROM taverna_games WHERE id = ?", (game_id,)
            ).fetchall()
            head = found[0][2] if found else ""
            hashes = self._seal.chain(head, rows)
            moved = self._run(
                db,
                "UPDATE taverna_games SET version = ?, head = ?, updated = ?, "
                "over = CASE WHEN ? < 0 THEN over ELSE ? END "
                "WHERE id = ? AND version = ? AND archived = 0",
                (
                    new,
                    hashes[-1] if hashes else head,
                    _now(),
                    -1 if over is None else 0,
                    int(bool(over)),
                    game_id,
                    expected_version,
                ),
            )
            if moved.rowcount != 1:
                raise self._refusal(db, game_id, expected_version)
            self._insert_events(db, game_id, expected_version, rows, hashes)
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
        event count), replacing the one before, sealed to the stored log at that version.
        A snapshot is a cache: it is used only under the same rules fingerprint and engine
        version. The store seals what it is given: ``game`` must be the stored game."""
        count = len(game.events) if version is None else version
        state = state_to_json(game.state)
        with self._transaction() as db:
            found = self._run(
                db, "SELECT hash FROM taverna_events WHERE game_id = ? AND seq = ?", (game_id, count - 1)
            ).fetchall()
            if count < 1 or not found:
                raise StoreError(f"game {game_id!r} has no event {count - 1}: no snapshot at version {count}")
            chain = found[0][0]
            digest = self._seal.snapshot(chain, state)
            self._run(
                db,
                "INSERT INTO taverna_snapshots (game_id, version, rules, engine, state, chain, digest) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, rules = excluded.rules, "
                "engine = excluded.engine, state = excluded.state, chain = excluded.chain, "
                "digest = excluded.digest",
                (game_id, count, game.rules.fingerprint, VERSION, state, chain, digest),
            )

    def record(self, game_id: str) -> StoredGame:
        """The record of ``game_id``: :class:`~taverna_rules.errors.UnknownGameError` if
        none, :class:`~taverna_rules.errors.StoreError` if its row does not read. It reads
        only the record's row: a damaged log does not stop it."""
        if not isinstance(game_id, str):
            raise UnknownGameError(f"a game id is a string, not {shown(game_id)}")
        rows = self._read(f"SELECT {GAME_COLUMNS} FROM taverna_games WHERE id = ?", (game_id,))
        if not rows:
            raise UnknownGameError(f"no game {game_id!r} in the store")
        return record_or_error(read_record(rows[0]))

    def list(self, *, game: str | None = None, archived: bool = False) -> list[StoredGame]:
        """The records of the games stored, oldest first: those of ``game`` only when given;
        archived games only with ``archived=True`` (then all of them). It reads only the
        records' rows, and never fails for one game: a record row that does not read is
        listed with :attr:`~taverna_rules.store.StoredGame.broken` saying why (a damaged
        log is found by :meth:`load`)."""
        where = [] if archived else ["archived = 0"]
        params: list[Any] = []
        if game is not None:
            where.append("game = ?")
            params.append(game)
        clause = f" WHERE {' AND '.join(where)}" if where else ""
        rows = self._read(f"SELECT {GAME_COLUMNS} FROM taverna_games{clause} ORDER BY created, id", params)
        return [read_record(row) for row in rows]

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
        """The game's events from number ``since`` on, as stored (no upcasting, no check of
        the hash chain: :meth:`load` verifies)."""
        record = self.record(game_id)
        rows = self._rows(game_id, since, record.version)
        return _decode(record, _data(record, rows), since)

    def _rows(self, game_id: str, since: int, version: int) -> builtins.list[tuple[int, Any, Any]]:
        """The event rows (seq, text, hash) ``since`` to ``version`` (the record's, read
        before: events another writer appends meanwhile are left for the next read)."""
        rows = self._read(
            "SELECT seq, event, hash FROM taverna_events WHERE game_id = ? AND seq >= ? AND seq < ? "
            "ORDER BY seq",
            (game_id, since, version),
        )
        for expected, (seq, _, _) in enumerate(rows, since):
            if seq != expected:
                raise StoreError(f"game {game_id!r}: event {expected} is missing from the store")
        if since + len(rows) != version:
            raise StoreError(f"game {game_id!r} holds {since + len(rows)} events, its record says {version}")
        return [tuple(row) for row in rows]

    def load(self, game_id: str, *, verify: bool = True, snapshot: bool = True) -> Game:
        """The game ``game_id``, under the rules its log was played with (from the
        registry, upcast where declared), starting from its snapshot when ``snapshot`` and
        a usable one is kept (same rules fingerprint and engine version).

        ``verify`` (the default) trusts nothing in the database: the hash chain is checked
        over every row of the log, from the record to its head, and the snapshot against
        it; every event after the snapshot is checked against the rules as
        :func:`~taverna_rules.replay` does. A row, record or snapshot changed after it was
        written is :class:`~taverna_rules.errors.StoreError` naming the game and the row.
        ``verify=False`` is the trusted fast path: it skips the chain, the snapshot's
        digest and the rules check, and only folds the events after the snapshot (still
        decoding every row, with the same errors for rows that do not read).
        A log of rules the registry lacks: :class:`~taverna_rules.errors.RulesMismatchError`."""
        record = self.record(game_id)
        rules, upcast = self.registry.rules_for(record.rules, record.game, f"game {game_id!r}")
        rows = self._rows(game_id, 0, record.version)
        hashes = self._check_chain(record, rows) if verify else None
        data = _data(record, rows)
        if upcast is not None:
            data = upcast(data)
        events = _decode(record, data)
        start = self._snapshot(record, rules, hashes, len(events)) if snapshot and upcast is None else None
        if start is None:
            try:
                return replay(rules, events, verify=verify)
            except ReplayError as exc:
                raise ReplayError(f"game {game_id!r}: {exc}") from None
        count, state = start
        module = _module(record)
        try:
            if verify:
                marks = verify_tail(module, rules, state, events, count)
            else:
                marks = [(len(events), _fold_from(module, state, events[count:], count))]
        except ReplayError as exc:
            raise ReplayError(f"game {game_id!r}: {exc}") from None
        return Game(rules, events, marks=marks)

    def _check_chain(self, record: StoredGame, rows: Sequence[tuple[int, Any, Any]]) -> builtins.list[str]:
        """The chain's hash after each row; StoreError at the first row whose stored hash
        is not the chain's (its text, its hash, or the record it starts from changed), or
        when the record's head is not the last."""
        hashes = []
        head = self._seal.origin(record)
        for seq, text, kept in rows:
            head = self._seal.link(head, text if isinstance(text, str) else repr(text))
            if kept != head:
                also = " or the game's record" if seq == 0 else ""
                raise StoreError(
                    f"game {record.id!r}: event {seq} does not match the hash chain: the row{also} "
                    "was changed after it was written"
                )
            hashes.append(head)
        if record.head != head:
            raise StoreError(
                f"game {record.id!r}: its record's head is not the hash of event {len(rows) - 1}: "
                "the record or the end of the log was changed after it was written"
            )
        return hashes

    def _snapshot(
        self, record: StoredGame, rules: Any, hashes: Sequence[str] | None, count: int
    ) -> tuple[int, Any] | None:
        """(version, state) of the game's snapshot, when it is of these rules, of this
        engine and within the log; ``None`` otherwise. With the chain's ``hashes`` (a
        verified load), a snapshot not sealed to them is StoreError."""
        rows = self._read(
            "SELECT version, rules, engine, state, chain, digest FROM taverna_snapshots WHERE game_id = ?",
            (record.id,),
        )
        if not rows:
            return None
        version, fingerprint, engine, text, chain, digest = rows[0]
        if type(version) is not int or fingerprint != rules.fingerprint or engine != VERSION:
            return None
        if not 0 < version <= count:
            return None
        if hashes is not None:
            where = f"game {record.id!r}: its snapshot at version {version}"
            if chain != hashes[version - 1]:
                raise StoreError(f"{where} is not sealed to event {version - 1} of the log")
            if not isinstance(text, str) or digest != self._seal.snapshot(chain, text):
                raise StoreError(f"{where} was changed after it was written")
        try:
            return version, state_from_json(text, game=rules.game)
        except TavernaError:
            return None  # a snapshot is a cache: one that does not read is not used


def _module(record: StoredGame) -> Any:
    """The game module of ``record``'s game; GameModuleError naming the stored game when
    it is not installed."""
    try:
        return game_module(record.game)
    except GameModuleError as exc:
        raise GameModuleError(f"game {record.id!r}: {exc}") from None


def _event_rows(record: StoredGame, events: Sequence[Event]) -> list[str]:
    module = _module(record)
    return [_dumps(event_to_dict(event, game=module)) for event in events]


def _fold_from(module: Any, state: Any, events: Sequence[Event], start: int) -> Any:
    """``state`` with ``events`` (numbered from ``start``) folded in; ReplayError for one
    that does not apply."""
    for index, event in enumerate(events, start):
        try:
            state = module.evolve(state, event)
        except _DOES_NOT_APPLY as exc:
            raise ReplayError(f"event {index} ({event.TYPE}) does not apply: {exc}") from None
    return state


def _data(record: StoredGame, rows: Sequence[tuple[int, Any, Any]]) -> list[Any]:
    """The JSON data of each event row; StoreError naming the game and the row for one
    that does not read."""
    return [json_row(text, f"game {record.id!r}: event {seq}") for seq, text, _ in rows]


def _decode(record: StoredGame, rows: Sequence[Any], since: int = 0) -> list[Event]:
    module = _module(record)
    events = []
    for index, data in enumerate(rows, since):
        try:
            events.append(event_from_dict(data, game=module))
        except ReplayError as exc:
            raise ReplayError(f"game {record.id!r}: event {index}: {exc}") from None
    return events
