"""The store's tables, their layout version, and the one migration (layout 1 to 2).

Layout 2 seals every game with a hash chain (:mod:`taverna_rules.store.seal`): each event
row keeps its hash, each record its head, each snapshot the chain's hash at its version
and its digest, and the store the kind of seal (keyed or not). A database of layout 1 (no
hashes) is refused unless opened with ``migrate=True``, which hashes the rows as they are
then, once, in one transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from taverna_rules.errors import StoreError
from taverna_rules.store.rows import GAME_COLUMNS, read_record
from taverna_rules.store.seal import Seal

__all__ = ["SCHEMA_VERSION", "prepare"]

#: The layout of the tables; a store refuses a database of another layout.
SCHEMA_VERSION = 2

Run = Callable[[str, Sequence[Any]], Any]

_TABLES = (
    """CREATE TABLE IF NOT EXISTS taverna_store (
        schema_version INTEGER NOT NULL,
        seal TEXT NOT NULL DEFAULT ''
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
        meta TEXT NOT NULL,
        head TEXT NOT NULL DEFAULT ''
    )""",
    """CREATE TABLE IF NOT EXISTS taverna_events (
        game_id TEXT NOT NULL REFERENCES taverna_games (id),
        seq INTEGER NOT NULL,
        event TEXT NOT NULL,
        hash TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (game_id, seq)
    )""",
    """CREATE TABLE IF NOT EXISTS taverna_snapshots (
        game_id TEXT PRIMARY KEY REFERENCES taverna_games (id),
        version INTEGER NOT NULL,
        rules TEXT NOT NULL,
        engine TEXT NOT NULL,
        state TEXT NOT NULL,
        chain TEXT NOT NULL DEFAULT '',
        digest TEXT NOT NULL DEFAULT ''
    )""",
)

#: The columns layout 2 adds to layout 1's tables.
_ADDED = (
    ("taverna_store", "seal"),
    ("taverna_games", "head"),
    ("taverna_events", "hash"),
    ("taverna_snapshots", "chain"),
    ("taverna_snapshots", "digest"),
)


def prepare(run: Run, seal: Seal, *, migrate: bool) -> None:
    """Create the tables where missing and check the database's layout and seal (inside
    the caller's write transaction); migrate layout 1 when ``migrate``."""
    for statement in _TABLES:
        run(statement, ())
    found = run("SELECT schema_version FROM taverna_store", ()).fetchall()
    if not found:
        run("INSERT INTO taverna_store (schema_version, seal) VALUES (?, ?)", (SCHEMA_VERSION, seal.check()))
        return
    layout = found[0][0]
    if layout == 1 and migrate:
        _migrate(run, seal)
    elif layout == 1:
        raise StoreError(
            "the database holds a store of layout 1, whose logs are not sealed by a hash chain; "
            f"this engine reads layout {SCHEMA_VERSION}: open it once with migrate=True "
            "(open_store(..., migrate=True)) to seal the logs as they are now"
        )
    elif layout != SCHEMA_VERSION:
        raise StoreError(f"the database holds a store of layout {layout}; this engine reads {SCHEMA_VERSION}")
    ((kept,),) = run("SELECT seal FROM taverna_store", ()).fetchall()
    if kept != seal.check():
        raise StoreError(_wrong_seal(kept, seal))


def _wrong_seal(kept: object, seal: Seal) -> str:
    if not seal.keyed:
        return "the store's logs are sealed under a key: open it with that key"
    if kept == "sha256":
        return "the store's logs are sealed without a key: open it without one"
    return "the store's logs are sealed under another key: this key does not open it"


def _migrate(run: Run, seal: Seal) -> None:
    """Layout 1 to 2: add the columns, hash every game's rows as they are now, and drop the
    snapshots (caches, written again by the next saves). A game whose record does not
    read is left unsealed: its verified load then says so. A record at version 0 with no
    event is what a create killed between its two transactions left (layout 1 created a
    game in two): it never loads, so it is removed, freeing its id."""
    for table, column in _ADDED:
        run(f"ALTER TABLE {table} ADD COLUMN {column} TEXT NOT NULL DEFAULT ''", ())
    run("DELETE FROM taverna_snapshots", ())
    run(
        "DELETE FROM taverna_games WHERE version = 0 "
        "AND NOT EXISTS (SELECT 1 FROM taverna_events WHERE game_id = taverna_games.id)",
        (),
    )
    for row in run(f"SELECT {GAME_COLUMNS} FROM taverna_games", ()).fetchall():
        record = read_record(row)
        if record.broken:
            continue
        texts = run(
            "SELECT seq, event FROM taverna_events WHERE game_id = ? ORDER BY seq", (record.id,)
        ).fetchall()
        head = seal.origin(record)
        for seq, text in texts:
            head = seal.link(head, text if isinstance(text, str) else repr(text))
            run("UPDATE taverna_events SET hash = ? WHERE game_id = ? AND seq = ?", (head, record.id, seq))
        run("UPDATE taverna_games SET head = ? WHERE id = ?", (head, record.id))
    run("UPDATE taverna_store SET schema_version = ?, seal = ?", (SCHEMA_VERSION, seal.check()))
