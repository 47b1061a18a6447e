"""The event store: games kept by id as their logs, in SQLite and in PostgreSQL.

Most tests run on both backends: a SQLite file in the test's folder, and a new database
on a real PostgreSQL server started once for the session (skipped, saying why, where the
machine has no PostgreSQL or no psycopg). Hostile rows are planted with the database's own
client, as a host's administrator (or a disk) would leave them.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, cast

import pytest

import taverna_rules as tr
from postgres_server import PostgresServer, find_binaries, running_server
from taverna_rules._records import evolve
from taverna_rules._version import VERSION
from taverna_rules.bots import RandomBot
from taverna_rules.core.game_modules import game_module
from taverna_rules.core.replay import find_divergence
from taverna_rules.core.serialize import state_to_json
from taverna_rules.errors import (
    ConflictError,
    OptionError,
    ReplayError,
    RulesMismatchError,
    StoreError,
    UnknownGameError,
)
from taverna_rules.store import GAME_ID, EventStore, RulesRegistry, SQLiteStore, open_store, rename_rules
from taverna_rules.store.rows import GAME_COLUMNS, read_record
from taverna_rules.store.seal import Seal

GAMES = ("taverna", "cavern_tavern")
RULES = {name: tr.load_rules(game=name) for name in GAMES}
#: A rules fingerprint no rule set has.
UNKNOWN = "0" * 64
PACK_NAME = "{en: X, fr: X, nl: X}"


# ---------------------------------------------------------------------- backends
class Backend:
    """One new, empty database of one kind: the stores opened on it (closed at teardown),
    and raw SQL on it through the database's own client (``?`` marks parameters)."""

    def __init__(self, kind: str, where: str) -> None:
        self.kind = kind
        self.where = where
        self.stores: list[EventStore] = []

    def open(
        self, *, registry: RulesRegistry | None = None, snapshot_every: int = 200, **options: Any
    ) -> EventStore:
        store = open_store(self.where, registry=registry, snapshot_every=snapshot_every, **options)
        self.stores.append(store)
        return store

    def sql(self, statement: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return self.sql_many(statement, [params])

    def sql_many(self, statement: str, many: Sequence[Sequence[Any]]) -> list[tuple[Any, ...]]:
        """Run ``statement`` once for each parameters of ``many``, on one connection; the
        rows of the last run."""
        rows: list[tuple[Any, ...]] = []
        if self.kind == "sqlite":
            with contextlib.closing(sqlite3.connect(self.where)) as lite:
                for params in many:
                    rows = lite.execute(statement, tuple(params)).fetchall()
                lite.commit()
                return rows
        import psycopg

        db: Any = psycopg.connect(self.where, autocommit=True)
        with db:
            for params in many:
                cursor = db.execute(statement.replace("?", "%s"), tuple(params))
                rows = list(cursor.fetchall()) if cursor.description else []
            return rows

    def reseal(self, game_id: str, key: bytes | None = None) -> None:
        """Seal the game's rows again as they are now (as a writer without a key can):
        what its writer would have written, had it written them so."""
        seal = Seal(key)
        ((*columns,),) = self.sql(f"SELECT {GAME_COLUMNS} FROM taverna_games WHERE id = ?", (game_id,))
        head = seal.origin(read_record(columns))
        updates = []
        for seq, text in self.sql(
            "SELECT seq, event FROM taverna_events WHERE game_id = ? ORDER BY seq", (game_id,)
        ):
            head = seal.link(head, text)
            updates.append((head, game_id, seq))
        self.sql_many("UPDATE taverna_events SET hash = ? WHERE game_id = ? AND seq = ?", updates)
        self.sql("UPDATE taverna_games SET head = ? WHERE id = ?", (head, game_id))

    def event_row(self, game_id: str, seq: int) -> str:
        ((text,),) = self.sql(
            "SELECT event FROM taverna_events WHERE game_id = ? AND seq = ?", (game_id, seq)
        )
        return str(text)

    def set_event_row(self, game_id: str, seq: int, text: str) -> None:
        self.sql("UPDATE taverna_events SET event = ? WHERE game_id = ? AND seq = ?", (text, game_id, seq))

    def close(self) -> None:
        for store in self.stores:
            store.close()


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """A real PostgreSQL server for the whole session, from the machine's binaries."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.skip("psycopg is not installed (pip install 'taverna-rules[postgres]'): no PostgreSQL tests")
    binaries = find_binaries()
    if binaries is None:
        pytest.skip("no PostgreSQL binaries (initdb, pg_ctl) on this machine: no PostgreSQL tests")
    with running_server(binaries) as server:
        yield server


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Backend]:
    """An empty database: a SQLite file, or a new database on the session's server."""
    if request.param == "sqlite":
        found = Backend("sqlite", str(tmp_path / "games.db"))
    else:
        server: PostgresServer = request.getfixturevalue("postgres")
        found = Backend("postgres", server.database())
    yield found
    found.close()


@pytest.fixture
def store(backend: Backend) -> EventStore:
    """A store with the default registry and snapshots, on an empty database."""
    return backend.open()


# ---------------------------------------------------------------------- games
def new(name: str = "taverna", seed: int = 3, rules: Any = None) -> tr.Game:
    return tr.new_game(rules if rules is not None else RULES[name], ["Ann", "Bob"], seed=seed)


def step(game: tr.Game, bot: RandomBot) -> None:
    """One decision, made by ``bot`` for whoever decides."""
    decision = game.decision
    assert decision is not None
    game.apply(bot.choose(game.seat(decision.player)))


def played(name: str = "taverna", seed: int = 3, rules: Any = None) -> tr.Game:
    """A game played to its end by random bots."""
    game = new(name, seed, rules)
    bot = RandomBot(seed)
    while not game.over:
        step(game, bot)
    return game


def saved(store: EventStore, game_id: str, game: tr.Game, actions: int, seed: int = 1) -> int:
    """Create ``game`` in ``store``, then make ``actions`` decisions saving after each;
    return the version."""
    version = store.create(game, game_id=game_id).version
    bot = RandomBot(seed)
    for _ in range(actions):
        step(game, bot)
        version = store.save(game_id, game, expected_version=version)
    return version


def same_game(loaded: tr.Game, live: tr.Game) -> None:
    assert loaded.events == live.events
    assert loaded.state == live.state
    assert loaded.decision == live.decision
    assert loaded.over == live.over


LOADS: tuple[dict[str, bool], ...] = (
    {},
    {"snapshot": False},
    {"verify": False},
    {"verify": False, "snapshot": False},
)


def pack(root: Path, ident: str, changes: str = "") -> Path:
    """A Taverna pack on top of the base game, with a ``changes`` file."""
    folder = root / ident
    folder.mkdir(parents=True)
    (folder / "pack.yaml").write_text(
        f"format: 1\nkind: pack\nid: {ident}\nname: {PACK_NAME}\nversion: '1.0'\nextends: [base]\n",
        encoding="utf-8",
    )
    (folder / "changes.yaml").write_text(f"format: 1\nkind: changes\n{changes}", encoding="utf-8")
    return folder


# ---------------------------------------------------------------------- round trip
@pytest.mark.parametrize("name", GAMES)
def test_a_game_saved_after_every_action_loads_back_as_it_was_played(backend: Backend, name: str) -> None:
    """A game saved after each action loads back equal (state, events, decision), verified
    or not, from a snapshot or not, mid-game and at its end; its record says what it is."""
    store = backend.open(snapshot_every=64)
    game = new(name, seed=11)
    record = store.create(game, game_id=f"round-{name}", meta={"table": 7, "seats": ["s1", "s2"]})
    assert record.version == len(game.events) and not record.over
    version = record.version
    bot = RandomBot(11)
    checked_mid_game = False
    while not game.over:
        step(game, bot)
        version = store.save(record.id, game, expected_version=version)
        assert version == len(game.events)
        if not checked_mid_game and version > 150:
            checked_mid_game = True
            for kwargs in LOADS:
                same_game(store.load(record.id, **kwargs), game)
            assert not store.record(record.id).over
    assert checked_mid_game
    for kwargs in LOADS:
        same_game(store.load(record.id, **kwargs), game)
    assert store.events(record.id) == list(game.events)
    assert store.events(record.id, since=10) == list(game.events[10:])
    rules = RULES[name]
    stored = store.record(record.id)
    assert stored.id == record.id
    assert stored.game == name
    assert stored.rules == rules.fingerprint
    assert stored.packs == tuple((p.id, p.version) for p in rules.packs)
    assert stored.options == tuple(game.state.options)
    assert stored.players == ("Ann", "Bob")
    assert stored.engine == VERSION
    assert stored.version == len(game.events)
    assert stored.over and not stored.archived
    assert stored.meta == {"table": 7, "seats": ["s1", "s2"]}


def test_a_new_id_is_given_when_none_is_asked(store: EventStore) -> None:
    """Without ``game_id`` a store picks a valid id of its own, a different one each time."""
    first = store.create(new()).id
    second = store.create(new()).id
    assert GAME_ID.fullmatch(first) and GAME_ID.fullmatch(second) and first != second
    assert store.load(first).state == new().state


# ---------------------------------------------------------------------- concurrency
def test_a_stale_append_is_refused_and_writes_nothing(store: EventStore) -> None:
    """An append whose expected version is not the stored one raises ConflictError saying
    both versions, and the log is left as it was."""
    game = new()
    start = len(game.events)
    store.create(game, game_id="g")
    rival = game.copy()
    step(game, RandomBot(1))
    version = store.save("g", game, expected_version=start)
    assert version == len(game.events) > start
    step(rival, RandomBot(2))
    with pytest.raises(ConflictError) as caught:
        store.save("g", rival, expected_version=start)
    assert (caught.value.game_id, caught.value.expected, caught.value.actual) == ("g", start, version)
    assert isinstance(caught.value, StoreError)
    with pytest.raises(ConflictError) as ahead:
        store.append("g", rival.events[start:], expected_version=version + 3)
    assert (ahead.value.expected, ahead.value.actual) == (version + 3, version)
    assert store.record("g").version == version
    assert store.events("g") == list(game.events)
    same_game(store.load("g"), game)


WRITERS = 6
ROUNDS = 5


def test_concurrent_writers_one_wins_each_round_and_nothing_is_lost(backend: Backend) -> None:
    """Six writers, each with its own store (its own connections), load the same version,
    meet at a barrier, each decide and save: each round exactly one save succeeds and the
    others get ConflictError; the stored log is the winners' events in order, and it
    verifies."""
    setup = backend.open()
    game = new(seed=21)
    setup.create(game, game_id="table")
    opening = list(game.events)
    stores = [backend.open() for _ in range(WRITERS)]
    loaded = threading.Barrier(WRITERS, timeout=60)
    finished = threading.Barrier(WRITERS, timeout=60)
    outcomes: list[list[tuple[str, int, int, int, tuple[Any, ...]]]] = [[] for _ in range(ROUNDS)]
    errors: list[BaseException] = []

    def writer(index: int) -> None:
        mine, bot = stores[index], RandomBot(100 + index)
        try:
            for turn in range(ROUNDS):
                table = mine.load("table")
                version = len(table.events)
                loaded.wait()
                step(table, bot)
                try:
                    new_version = mine.save("table", table, expected_version=version)
                except ConflictError as exc:
                    outcomes[turn].append(("lost", index, exc.expected, exc.actual, ()))
                else:
                    added = tuple(table.events[version:])
                    outcomes[turn].append(("won", index, version, new_version, added))
                finished.wait()
        except BaseException as exc:
            errors.append(exc)
            loaded.abort()
            finished.abort()

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(WRITERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads)
    assert not errors, errors
    expected_log = list(opening)
    for turn in outcomes:
        won = [o for o in turn if o[0] == "won"]
        lost = [o for o in turn if o[0] == "lost"]
        assert len(won) == 1 and len(lost) == WRITERS - 1, turn
        _, _, version, new_version, added = won[0]
        assert version == len(expected_log) and new_version == version + len(added) and added
        assert all((o[2], o[3]) == (version, new_version) for o in lost)
        expected_log += added
    assert setup.events("table") == expected_log
    assert setup.record("table").version == len(expected_log)
    assert list(setup.load("table", snapshot=False).events) == expected_log


def test_a_duplicate_id_is_refused_while_the_other_create_is_in_flight(
    backend: Backend, request: pytest.FixtureRequest
) -> None:
    """Two hosts creating the same game id: the one that commits second gets StoreError,
    even when it checked the id before the first committed."""
    store = backend.open()
    row = (
        "INSERT INTO taverna_games (id, game, rules, packs, options, players, engine, version, over, "
        "archived, created, updated, meta) VALUES ('dup', 'taverna', ?, '[]', '[]', '[]', ?, 0, 0, 0, "
        "'t', 't', '{}')"
    )
    params = (RULES["taverna"].fingerprint, VERSION)
    result: list[object] = []

    def create() -> None:
        try:
            result.append(store.create(new(), game_id="dup"))
        except BaseException as exc:
            result.append(exc)

    if backend.kind == "sqlite":
        other: Any = sqlite3.connect(backend.where, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        other.execute(row, params)
    else:
        import psycopg

        other = psycopg.connect(backend.where, autocommit=True)
        other.execute("BEGIN")
        other.execute(row.replace("?", "%s"), params)
    try:
        thread = threading.Thread(target=create)
        thread.start()
        _wait_until_blocked(backend, thread)
        other.execute("COMMIT")
        thread.join(timeout=60)
    finally:
        other.close()
    (outcome,) = result
    assert isinstance(outcome, StoreError) and "dup" in str(outcome), repr(outcome)


def _wait_until_blocked(backend: Backend, thread: threading.Thread) -> None:
    """Wait until ``thread`` waits on the other transaction's lock."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and thread.is_alive():
        if backend.kind == "sqlite":
            time.sleep(0.3)  # it waits for the write lock, whenever it gets there
            return
        waiting = backend.sql(
            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
            "AND datname = current_database()"
        )
        if waiting[0][0]:
            return
        time.sleep(0.01)
    raise AssertionError("the create never waited for the other transaction")


# ---------------------------------------------------------------------- snapshots
def test_a_snapshot_is_used_only_under_the_same_engine_and_rules(backend: Backend) -> None:
    """Loading starts from the stored snapshot: a wrong one (an earlier state under a later
    version) kept under today's engine and rules is refused by a verified load (StoreError
    naming the game and the snapshot) and changes a trusted one (refused or different),
    so snapshots are used; the same wrong snapshot under another engine version or
    another rules fingerprint is ignored and the game loads right."""
    store = backend.open(snapshot_every=16)
    game = new(seed=5)
    version = store.create(game, game_id="snap").version
    bot = RandomBot(5)
    states: dict[int, str] = {}
    while version < 120:
        step(game, bot)
        version = store.save("snap", game, expected_version=version)
        states[version] = state_to_json(game.state)
    ((kept,),) = backend.sql("SELECT version FROM taverna_snapshots WHERE game_id = ?", ("snap",))
    assert 0 < kept <= version and kept in states
    for kwargs in LOADS:
        same_game(store.load("snap", **kwargs), game)

    points = sorted(states)
    earlier, later = points[len(points) // 4], points[-3]
    assert states[earlier] != states[later]
    fingerprint = RULES["taverna"].fingerprint

    def plant(engine: str, rules: str) -> None:
        backend.sql(
            "UPDATE taverna_snapshots SET version = ?, state = ?, engine = ?, rules = ? WHERE game_id = ?",
            (later, states[earlier], engine, rules, "snap"),
        )

    plant(VERSION, fingerprint)
    with pytest.raises(StoreError, match=rf"'snap': its snapshot at version {later} "):
        store.load("snap")
    try:
        wrong = store.load("snap", verify=False)
    except ReplayError as exc:
        assert "snap" in str(exc)
    else:
        assert wrong.state != game.state
    same_game(store.load("snap", snapshot=False), game)
    for engine, rules in ((VERSION + "+older", fingerprint), (VERSION, UNKNOWN), ("0.0.1", "f" * 64)):
        plant(engine, rules)
        for kwargs in LOADS:
            same_game(store.load("snap", **kwargs), game)


def test_a_snapshot_beyond_the_log_or_unreadable_is_ignored(backend: Backend) -> None:
    """A snapshot is a cache: one numbered beyond the stored log (another writer's, newer
    than the record read) is not used; one whose state was changed to what does not read
    is refused by a verified load (it no longer matches its digest) and not used by a
    trusted one."""
    store = backend.open(snapshot_every=8)
    game = new(seed=6)
    saved(store, "snap", game, actions=12)
    backend.sql("UPDATE taverna_snapshots SET version = ? WHERE game_id = ?", (len(game.events) + 5, "snap"))
    for kwargs in LOADS:
        same_game(store.load("snap", **kwargs), game)
    cast(Any, store).snapshot("snap", game)  # the SQL stores' own method
    backend.sql("UPDATE taverna_snapshots SET state = ? WHERE game_id = ?", ('{"not": "a state"}', "snap"))
    with pytest.raises(StoreError, match=r"'snap': its snapshot at version .* was changed"):
        store.load("snap")
    for kwargs in LOADS[1:]:
        same_game(store.load("snap", **kwargs), game)


# ---------------------------------------------------------------------- rules registry
def test_a_game_of_rules_the_registry_lacks_is_refused_until_they_are_added(
    backend: Backend, tmp_path: Path
) -> None:
    """A game played with a pack, in a store whose registry has only the bundled rules,
    is refused naming both fingerprints; registering the pack's rules makes it load."""
    rules = tr.load_rules(pack(tmp_path, "short", "constants: {turns: {2: 7}}\n"))
    assert rules.fingerprint != RULES["taverna"].fingerprint
    store = backend.open()
    game = new(rules=rules, seed=8)
    saved(store, "packed", game, actions=15)
    record = store.record("packed")
    assert record.rules == rules.fingerprint
    assert record.packs == (("base", "1.0.0"), ("short", "1.0"))
    for kwargs in LOADS:
        with pytest.raises(RulesMismatchError) as caught:
            store.load("packed", **kwargs)
        message = str(caught.value)
        assert (
            rules.fingerprint in message and RULES["taverna"].fingerprint in message and "packed" in message
        )
        assert caught.value.logged == rules.fingerprint
        assert caught.value.current == RULES["taverna"].fingerprint
    assert store.registry.add(rules) == rules.fingerprint
    assert rules.fingerprint in store.registry
    for kwargs in LOADS:
        same_game(store.load("packed", **kwargs), game)


def _relabel(backend: Backend, game_id: str, fingerprint: str) -> None:
    """Make the stored game say it was played under ``fingerprint``: its record and its
    opening event."""
    backend.sql("UPDATE taverna_games SET rules = ? WHERE id = ?", (fingerprint, game_id))
    opening = json.loads(backend.event_row(game_id, 0))
    assert opening["rules"] == RULES["taverna"].fingerprint
    opening["rules"] = fingerprint
    backend.set_event_row(game_id, 0, json.dumps(opening))
    backend.reseal(game_id)


def test_a_renamed_only_log_loads_through_the_default_upcaster(backend: Backend) -> None:
    """A log of a fingerprint nobody holds is refused naming both fingerprints; declaring
    ``upcast(old, current rules)`` (default: rename_rules) makes it load, equal to the game
    played, and the upcast game plays on and saves."""
    store = backend.open(snapshot_every=16)
    game = new(seed=9)
    version = saved(store, "old", game, actions=20)
    _relabel(backend, "old", UNKNOWN)
    with pytest.raises(RulesMismatchError) as caught:
        store.load("old")
    assert UNKNOWN in str(caught.value) and RULES["taverna"].fingerprint in str(caught.value)
    assert (caught.value.logged, caught.value.current) == (UNKNOWN, RULES["taverna"].fingerprint)
    store.registry.upcast(UNKNOWN, RULES["taverna"])
    for kwargs in LOADS:
        same_game(store.load("old", **kwargs), game)
    again = store.load("old")
    step(again, RandomBot(4))
    store.save("old", again, expected_version=version)
    same_game(store.load("old"), again)


def test_rename_rules_rewrites_only_the_fingerprint_of_the_opening() -> None:
    """rename_rules changes the opening's fingerprint (and a state's) and nothing else."""
    upcast = rename_rules("new")
    log: list[dict[str, Any]] = [
        {"type": "GameStarted", "rules": "old", "seed": 3},
        {"type": "X", "rules": "old"},
    ]
    assert upcast(log) == [{"type": "GameStarted", "rules": "new", "seed": 3}, {"type": "X", "rules": "old"}]
    assert log[0]["rules"] == "old"
    assert upcast([]) == []
    resumed: list[dict[str, Any]] = [{"type": "Resumed", "state": {"rules": "old", "x": 1}}]
    assert upcast(resumed) == [{"type": "Resumed", "state": {"rules": "new", "x": 1}}]


def test_an_upcaster_that_changes_play_is_refused_by_verified_replay(
    backend: Backend, tmp_path: Path
) -> None:
    """An upcaster whose events no longer follow from the rules is refused by verified
    replay (ReplayError naming the game, not a rules mismatch): one that alters an event,
    and rename_rules declared for a content change that does alter play."""
    store = backend.open()
    game = new(seed=10)
    saved(store, "old", game, actions=30)
    _relabel(backend, "old", UNKNOWN)
    rename = rename_rules(RULES["taverna"].fingerprint)

    def richer(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        out = rename(events)
        at = next(i for i, e in enumerate(out) if i > 20 and e["type"].endswith("CoinsGained"))
        out[at] = {**out[at], "amount": out[at]["amount"] + 1}
        return out

    store.registry.upcast(UNKNOWN, RULES["taverna"], richer)
    with pytest.raises(ReplayError) as caught:
        store.load("old")
    assert not isinstance(caught.value, RulesMismatchError) and "old" in str(caught.value)

    # A pack that shortens the game, declared as a mere rename of the base game.
    short = tr.load_rules(pack(tmp_path, "short", "constants: {turns: {2: 7}}\n"))
    registry = RulesRegistry([short])
    other = backend.open(registry=registry)
    other.create(played(seed=4), game_id="full")
    with pytest.raises(RulesMismatchError):
        other.load("full")
    registry.upcast(RULES["taverna"].fingerprint, short)
    with pytest.raises(ReplayError) as refused:
        other.load("full")
    assert not isinstance(refused.value, RulesMismatchError) and "full" in str(refused.value)


def test_the_registry_refuses_what_is_not_rules() -> None:
    """The bundled registry holds every installed game's rules; it refuses what is not a rule
    set, and an unknown fingerprint is a RulesMismatchError carrying it."""
    registry = RulesRegistry.bundled()
    assert set(registry.games) >= set(GAMES)
    for rules in RULES.values():
        assert rules.fingerprint in registry and registry.get(rules.fingerprint) is rules
    with pytest.raises(OptionError):
        registry.add("taverna")
    with pytest.raises(RulesMismatchError) as caught:
        registry.get(UNKNOWN)
    assert caught.value.logged == UNKNOWN
    with pytest.raises(RulesMismatchError):
        registry.current("chess")


# ---------------------------------------------------------------------- list, archive, ids
def test_list_filters_by_game_and_leaves_archived_games_out(store: EventStore) -> None:
    """``list`` gives the games oldest first, those of one game when asked, archived ones
    only with ``archived=True``; an archived game still loads and refuses appends."""
    games = {"c": new(), "b": new("cavern_tavern"), "a": new(seed=4)}
    for game_id, game in games.items():
        store.create(game, game_id=game_id)
        time.sleep(0.005)
    assert [r.id for r in store.list()] == ["c", "b", "a"]
    assert [r.id for r in store.list(game="taverna")] == ["c", "a"]
    assert [r.id for r in store.list(game="cavern_tavern")] == ["b"]
    assert store.list(game="chess") == []
    store.archive("c")
    assert [r.id for r in store.list()] == ["b", "a"]
    assert [r.id for r in store.list(game="taverna")] == ["a"]
    assert [r.id for r in store.list(archived=True)] == ["c", "b", "a"]
    assert [r.id for r in store.list(game="taverna", archived=True)] == ["c", "a"]
    assert store.record("c").archived
    same_game(store.load("c"), games["c"])
    version = len(games["c"].events)
    step(games["c"], RandomBot(1))
    with pytest.raises(StoreError, match="archived") as caught:
        store.save("c", games["c"], expected_version=version)
    assert not isinstance(caught.value, ConflictError)
    with pytest.raises(StoreError, match="archived"):
        store.append("c", games["c"].events[version:], expected_version=version)
    assert store.record("c").version == version and len(store.events("c")) == version


def test_an_unknown_game_is_refused_by_every_operation(store: EventStore) -> None:
    """Every operation on an id the store does not hold raises UnknownGameError and stores
    nothing."""
    game = new()
    store.create(game, game_id="known")
    calls: list[Callable[[], object]] = [
        lambda: store.load("unknown"),
        lambda: store.record("unknown"),
        lambda: store.events("unknown"),
        lambda: store.append("unknown", game.events, expected_version=0),
        lambda: store.save("unknown", game, expected_version=0),
        lambda: store.archive("unknown"),
        lambda: store.load(42),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(UnknownGameError):
            call()
    assert [r.id for r in store.list()] == ["known"]


BAD_IDS: tuple[object, ...] = ("", "a b", "x" * 65, "é", "a/b", "a\n", 42, b"ab")


def test_a_bad_game_id_is_refused(store: EventStore) -> None:
    """A game id is 1 to 64 letters, digits, '-' or '_': anything else is an OptionError
    and nothing is stored."""
    for bad in BAD_IDS:
        with pytest.raises(OptionError):
            store.create(new(), game_id=bad)  # type: ignore[arg-type]
    assert store.list(archived=True) == []
    assert store.create(new(), game_id="x" * 64).id == "x" * 64


def test_a_taken_id_is_refused_and_the_game_is_kept(store: EventStore) -> None:
    """Creating a game under an id already taken is a StoreError; the game stored under it is
    untouched."""
    game = new()
    saved(store, "taken", game, actions=5)
    with pytest.raises(StoreError, match="taken"):
        store.create(new("cavern_tavern"), game_id="taken")
    assert store.record("taken").game == "taverna"
    same_game(store.load("taken"), game)


def test_create_refuses_what_is_not_a_game_or_meta_that_is_not_json(store: EventStore) -> None:
    """create takes a Game and JSON meta: anything else is an OptionError and nothing is
    stored."""
    with pytest.raises(OptionError):
        store.create("game", game_id="g")  # type: ignore[arg-type]
    with pytest.raises(OptionError):
        store.create(new(), game_id="g", meta={"when": object()})
    assert store.list(archived=True) == []


def test_a_reopened_store_loads_the_same_games(backend: Backend) -> None:
    """A store closed and opened again on the same database (a restart) holds the same
    games; a closed store refuses work."""
    first = backend.open(snapshot_every=10)
    games = {"t": new(seed=2), "c": new("cavern_tavern", seed=2)}
    for game_id, game in games.items():
        saved(first, game_id, game, actions=25)
    first.archive("c")
    first.close()
    with pytest.raises(StoreError, match="closed"):
        first.load("t")
    second = backend.open()
    assert {r.id for r in second.list(archived=True)} == {"t", "c"}
    assert second.record("c").archived
    for game_id, game in games.items():
        for kwargs in LOADS:
            same_game(second.load(game_id, **kwargs), game)


def test_a_database_of_another_layout_is_refused(backend: Backend) -> None:
    """A database whose store tables are of another layout is refused with StoreError when
    opened."""
    backend.open().close()
    backend.sql("UPDATE taverna_store SET schema_version = 99")
    with pytest.raises(StoreError, match="layout 99"):
        backend.open()


@pytest.mark.parametrize("every", [-1, 1.5, True, "10"])
def test_snapshot_every_is_a_count(tmp_path: Path, every: object) -> None:
    """snapshot_every is a count of events (0: never): anything else is an OptionError."""
    with pytest.raises(OptionError):
        open_store(tmp_path / "g.db", snapshot_every=every)  # type: ignore[arg-type]


# ---------------------------------------------------------------------- hostile rows
def every_read(store: EventStore, game_id: str) -> list[Callable[[], object]]:
    """Each way of reading a stored log: the four loads and ``events``."""

    def load(kwargs: dict[str, bool]) -> Callable[[], object]:
        return lambda: store.load(game_id, **kwargs)

    return [*(load(kwargs) for kwargs in LOADS), lambda: store.events(game_id)]


def test_an_event_row_that_is_not_json_is_a_store_error_naming_it(backend: Backend) -> None:
    """An event row that is not JSON is a StoreError naming the game and the event, however
    the log is read."""
    store = backend.open()
    saved(store, "g", new(), actions=10)
    backend.set_event_row("g", 7, "{not json")
    for call in every_read(store, "g"):
        with pytest.raises(StoreError) as caught:
            call()
        assert "'g'" in str(caught.value) and "event 7" in str(caught.value)


NOT_EVENTS = (
    "42",
    "null",
    "[]",
    '"CoinsGained"',
    "{}",
    '{"type": "nope"}',
    '{"type": ["taverna.CoinsGained"]}',
    '{"type": "taverna.CoinsGained"}',
    '{"type": "taverna.CoinsGained", "v": 1, "player": "Ann", "amount": 2, "reason": "x"}',
    '{"type": "taverna.CoinsGained", "v": 9, "player": 0, "amount": 2, "reason": "x"}',
    '{"type": "cavern_tavern.VPScored", "v": 1, "player": 0, "amount": 2, "category": "x"}',
)


def test_an_event_row_that_is_not_an_event_is_refused_naming_the_game(backend: Backend) -> None:
    """JSON that is no event of the game is refused (ReplayError or StoreError) naming the
    game and the event: never KeyError or TypeError."""
    store = backend.open()
    saved(store, "g", new(), actions=10)
    for text in NOT_EVENTS:
        backend.set_event_row("g", 7, text)
        for call in every_read(store, "g"):
            with pytest.raises((ReplayError, StoreError)) as caught:
                call()
            assert "'g'" in str(caught.value) and "event 7" in str(caught.value), text


def test_an_event_row_edited_to_another_event_is_refused_by_verified_load(backend: Backend) -> None:
    """A valid event put in another's place: verified loading refuses it, naming the game."""
    store = backend.open()
    game = new()
    saved(store, "g", game, actions=20)
    rows = [backend.event_row("g", seq) for seq in range(len(game.events))]
    at = next(i for i in range(30, len(rows)) if rows[i] != rows[i + 3])
    backend.set_event_row("g", at, rows[at + 3])
    for kwargs in ({}, {"snapshot": False}):
        with pytest.raises(StoreError, match=f"'g': event {at} does not match the hash chain"):
            store.load("g", **kwargs)
    backend.reseal("g")  # the rules still see it
    for kwargs in ({}, {"snapshot": False}):
        with pytest.raises(ReplayError, match="'g'"):
            store.load("g", **kwargs)


@pytest.mark.parametrize(
    "snapshot",
    [
        False,
        True,
    ],
)
@pytest.mark.parametrize("name", GAMES)
def test_a_second_opening_after_a_snapshot_is_a_replay_error(
    backend: Backend, name: str, snapshot: bool
) -> None:
    """The opening event copied over an event after the snapshot: loading without
    verification refuses it with ReplayError naming the game, from a snapshot or not."""
    store = backend.open(snapshot_every=16)
    game = new(name)
    saved(store, "g", game, actions=30)
    ((kept,),) = backend.sql("SELECT version FROM taverna_snapshots WHERE game_id = ?", ("g",))
    assert kept < len(game.events)
    backend.set_event_row("g", kept, backend.event_row("g", 0))
    with pytest.raises(ReplayError, match="'g'"):
        store.load("g", verify=False, snapshot=snapshot)


def test_a_missing_event_row_is_a_store_error(backend: Backend) -> None:
    """An event row deleted from the middle of a log is a StoreError naming the game and the
    missing event."""
    store = backend.open()
    saved(store, "g", new(), actions=10)
    backend.sql("DELETE FROM taverna_events WHERE game_id = ? AND seq = ?", ("g", 12))
    for call in every_read(store, "g"):
        with pytest.raises(StoreError) as caught:
            call()
        assert "'g'" in str(caught.value) and "event 12" in str(caught.value)


def test_a_log_shorter_than_its_version_is_a_store_error(backend: Backend) -> None:
    """The rows of the last action deleted: the record says more events than the store
    holds, which is refused as a store error (the game is not silently shorter)."""
    store = backend.open(snapshot_every=0)
    game = new()
    before = saved(store, "g", game, actions=10)
    step(game, RandomBot(9))
    after = store.save("g", game, expected_version=before)
    backend.sql("DELETE FROM taverna_events WHERE game_id = ? AND seq >= ?", ("g", before))
    assert store.record("g").version == after
    for call in every_read(store, "g"):
        with pytest.raises(StoreError):
            call()


def test_a_read_overtaken_by_another_writer_gives_the_game_it_began_with(
    backend: Backend, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another writer appends between the moment a reader reads the game's record and the
    moment it reads the events: the reader gets the game at the record's version (not a
    refusal, not a mix), and the next read gets the new events."""
    store, writer = backend.open(snapshot_every=0), backend.open(snapshot_every=0)
    game = new()
    before = saved(store, "g", game, actions=4)
    ahead = game.copy()
    step(ahead, RandomBot(3))
    read_record = type(store).record
    pending = [ahead]

    def overtaken(self: Any, game_id: str) -> Any:
        record = read_record(self, game_id)
        if self is store and pending:
            # Lands once, after the reader has read the record.
            writer.save(game_id, pending.pop(), expected_version=before)
        return record

    monkeypatch.setattr(type(store), "record", overtaken)
    assert store.load("g").events == game.events
    monkeypatch.undo()
    assert store.events("g", since=before) == list(ahead.events[before:])
    assert store.load("g").events == ahead.events


def test_a_record_that_does_not_read_back_is_a_store_error(backend: Backend) -> None:
    """Record columns edited to what does not decode: record() and load() are StoreError
    naming the game and the column; list() still lists it, broken, with the other games."""
    store = backend.open()
    store.create(new(), game_id="g")
    store.create(new(), game_id="h")
    good = backend.sql("SELECT players, packs, options, meta FROM taverna_games WHERE id = 'g'")[0]
    edits = [("players", "Ann, Bob"), ("packs", "[1]"), ("packs", "{"), ("options", "[[1]]"), ("meta", "{")]
    for column, value in edits:
        backend.sql(f"UPDATE taverna_games SET {column} = ? WHERE id = ?", (value, "g"))
        for call in (lambda: store.record("g"), lambda: store.load("g")):
            with pytest.raises(StoreError, match=f"'g' does not read back: its {column}"):
                call()
        listed = {record.id: record for record in store.list()}
        assert column in listed["g"].broken and not listed["h"].broken
        backend.sql(
            "UPDATE taverna_games SET players = ?, packs = ?, options = ?, meta = ? WHERE id = ?",
            (*good, "g"),
        )
        assert store.record("g").players == ("Ann", "Bob")


# ---------------------------------------------------------------------- open_store
def _holds_a_game(store: EventStore) -> None:
    game = new()
    store.create(game, game_id="here")
    same_game(store.load("here"), game)


def test_open_store_opens_sqlite_from_paths_and_urls(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A path (str or PathLike), ``sqlite:///relative.db`` (from the working folder) and
    ``sqlite:////abs/path.db`` all open a SQLite file there."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "abs").mkdir()
    absolute = f"sqlite:///{tmp_path / 'abs' / 'path.db'}"
    assert absolute.startswith("sqlite:////")
    cases: list[tuple[str | Path, Path]] = [
        (tmp_path / "pathlike.db", tmp_path / "pathlike.db"),
        (str(tmp_path / "plain.db"), tmp_path / "plain.db"),
        ("relative.db", tmp_path / "relative.db"),
        ("sqlite:///relative_url.db", tmp_path / "relative_url.db"),
        (absolute, tmp_path / "abs" / "path.db"),
    ]
    for where, file in cases:
        with contextlib.closing(open_store(where)) as store:
            assert isinstance(store, SQLiteStore) and isinstance(store, EventStore)
            _holds_a_game(store)
        assert file.is_file()
        with contextlib.closing(open_store(file)) as again:
            assert [r.id for r in again.list()] == ["here"]


def test_open_store_opens_postgresql_urls(postgres: PostgresServer) -> None:
    """``postgresql://`` and ``postgres://`` URLs open a PostgresStore on that database."""
    from taverna_rules.store.postgres import PostgresStore

    for url in (postgres.database(), postgres.database().replace("postgresql://", "postgres://", 1)):
        with contextlib.closing(open_store(url)) as store:
            assert isinstance(store, PostgresStore) and isinstance(store, EventStore)
            _holds_a_game(store)


@pytest.mark.parametrize("where", ["mysql://x", "", 42, None, "sqlite:///", "sqlite://rel.db", b"g.db"])
def test_open_store_refuses_what_is_no_store(where: object) -> None:
    """Another scheme, an empty path, or what is not a path is an OptionError."""
    with pytest.raises(OptionError):
        open_store(where)  # type: ignore[arg-type]


# ---------------------------------------------------------------------- find_divergence
_LOGS: dict[str, list[Any]] = {}


def log_of(name: str) -> list[Any]:
    """A whole game's log, played once per session."""
    if name not in _LOGS:
        _LOGS[name] = list(played(name, seed=4).events)
    return _LOGS[name]


#: An event type with an amount, for each game: changing it is a lie the engine sees.
AMOUNTS = {"taverna": "CoinsGained", "cavern_tavern": "VPScored"}


def _middle(name: str, kind: str) -> int:
    log = log_of(name)
    found = [i for i, e in enumerate(log) if type(e).__name__ == kind]
    return found[len(found) // 2]


@pytest.mark.parametrize("name", GAMES)
def test_find_divergence_of_a_clean_log_is_none(name: str) -> None:
    """A log the engine plays exactly has no divergence."""
    assert find_divergence(game_module(name), RULES[name], log_of(name)) is None


@pytest.mark.parametrize("name", GAMES)
def test_find_divergence_names_an_altered_event_and_the_true_one(name: str) -> None:
    """An amount altered mid-game: the divergence is at that event, with the altered event as
    logged and the true one as the engine's."""
    log = log_of(name)
    at = _middle(name, AMOUNTS[name])
    true = log[at]
    altered = evolve(true, amount=true.amount + 1)
    found = find_divergence(game_module(name), RULES[name], [*log[:at], altered, *log[at + 1 :]])
    assert found is not None
    assert (found.index, found.logged, found.engine) == (at, altered, true)
    assert found.action is not None and found.player in ("Ann", "Bob") and found.decision
    assert f"event {at}" in found.message


@pytest.mark.parametrize("name", GAMES)
def test_find_divergence_of_a_log_with_an_event_removed(name: str) -> None:
    """An event removed: the divergence is at its place, where the log has the next event and
    the engine another."""
    log = log_of(name)
    at = _middle(name, AMOUNTS[name])
    found = find_divergence(game_module(name), RULES[name], [*log[:at], *log[at + 1 :]])
    assert found is not None
    assert found.index == at and found.logged == log[at + 1]
    assert found.engine is not None and found.engine != found.logged


@pytest.mark.parametrize("name", GAMES)
def test_find_divergence_of_a_log_cut_in_the_middle_of_an_action(name: str) -> None:
    """A log cut inside an action diverges where it stops: the log has nothing, the engine an
    event."""
    log = log_of(name)
    at = _middle(name, AMOUNTS[name]) + 1  # the action's events go on after the amount
    found = find_divergence(game_module(name), RULES[name], log[:at])
    assert found is not None
    assert found.index == at and found.logged is None and found.engine is not None
    assert "end of the log" in found.message


@pytest.mark.parametrize("name", GAMES)
def test_find_divergence_of_an_event_after_the_end(name: str) -> None:
    """An event after the game's end diverges there: the engine gives nothing more."""
    log = log_of(name)
    extra = log[len(log) // 2]
    found = find_divergence(game_module(name), RULES[name], [*log, extra])
    assert found is not None
    assert (found.index, found.logged, found.engine, found.action) == (len(log), extra, None, None)


@pytest.mark.parametrize("name", GAMES)
def test_find_divergence_in_the_setup(name: str) -> None:
    """A log whose setup is not what its seed gives diverges in the setup."""
    log = log_of(name)
    reseeded = evolve(log[0], seed=log[0].seed + 1)
    found = find_divergence(game_module(name), RULES[name], [reseeded, *log[1:]])
    assert found is not None and found.decision == "setup" and 0 < found.index < 10
    assert found.logged == log[found.index] and found.engine is not None and found.engine != found.logged
    with pytest.raises(ReplayError):
        find_divergence(game_module(name), RULES[name], [])
