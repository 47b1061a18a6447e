"""Reading the store's rows back: whatever a row holds (a database edited by hand, a disk
that failed), it reads or gives :class:`~taverna_rules.errors.StoreError` naming the game
and the row, never a decoder's own error (``RecursionError`` from JSON nested 100,000
deep, ``KeyError``, ``ValueError``). JSON is read by the bounded reader
(:func:`~taverna_rules.core.serialize.read_json`: size, depth, duplicate keys)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import attrs

from taverna_rules._shown import shown
from taverna_rules.core.serialize import read_json
from taverna_rules.errors import ReplayError, StoreError
from taverna_rules.store.records import StoredGame

__all__ = ["GAME_COLUMNS", "json_row", "read_record", "record_or_error"]

T = TypeVar("T")

#: The columns of a record row, in the order :func:`read_record` reads them.
GAME_COLUMNS = (
    "id, game, rules, packs, options, players, engine, version, over, archived, created, updated, meta, head"
)
#: What shaping decoded JSON into a record's fields raises on data of the wrong shape.
_WRONG_SHAPE = (ValueError, TypeError, KeyError, IndexError, AttributeError)


def json_row(text: object, where: str) -> Any:
    """The JSON data of a row's column ``text``; StoreError saying ``where`` it is (the game
    and the row) when it is not text, not JSON, or beyond the reader's bounds."""
    if not isinstance(text, str):
        raise StoreError(f"{where} is {shown(text)}, not JSON text")
    try:
        return read_json(text)
    except ReplayError as exc:
        raise StoreError(f"{where} does not read: {exc}") from None


def _pairs(data: Any) -> tuple[tuple[str, Any], ...]:
    out = []
    for name, value in data:
        if not isinstance(name, str) or isinstance(value, list | dict):
            raise ValueError(f"not a pair of a name and a value: {shown([name, value])}")
        out.append((name, value))
    return tuple(out)


def _texts(data: Any) -> tuple[str, ...]:
    if not isinstance(data, list) or not all(isinstance(item, str) for item in data):
        raise ValueError(f"not a list of texts: {shown(data)}")
    return tuple(data)


def _packs(data: Any) -> tuple[tuple[str, str], ...]:
    pairs = _pairs(data)
    if not all(isinstance(version, str) for _, version in pairs):
        raise ValueError(f"not a list of pack ids and versions: {shown(data)}")
    return pairs


def _mapping(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValueError(f"not an object: {shown(data)}")
    return data


def read_record(row: Sequence[Any]) -> StoredGame:
    """The record of a row of ``taverna_games`` (its columns: :data:`GAME_COLUMNS`). It
    never fails: the fields of a row that do not read are left empty, and ``broken`` says
    which and why."""
    ident, game, rules, packs, options, players, engine, version, over, archived, created, updated = row[:12]
    meta, head = row[12:]
    problems: list[str] = []

    def text(name: str, value: object) -> str:
        if isinstance(value, str):
            return value
        problems.append(f"its {name} is {shown(value)}, not text")
        return ""

    def number(name: str, value: object) -> int:
        if type(value) is int and value >= 0:
            return value
        problems.append(f"its {name} is {shown(value)}, not a count")
        return 0

    def column(name: str, value: object, shape: Callable[[Any], T], empty: T) -> T:
        try:
            return shape(json_row(value, f"its {name}"))
        except StoreError as exc:
            problems.append(str(exc))
        except _WRONG_SHAPE as exc:
            problems.append(f"its {name} does not read: {exc}")
        return empty

    game_id = ident if isinstance(ident, str) else shown(ident)
    if not isinstance(ident, str):
        problems.append(f"its id is {game_id}, not text")
    record = StoredGame(
        id=game_id,
        game=text("game", game),
        rules=text("rules", rules),
        packs=column("packs", packs, _packs, ()),
        options=column("options", options, _pairs, ()),
        players=column("players", players, _texts, ()),
        engine=text("engine", engine),
        version=number("version", version),
        over=bool(number("over", over)),
        archived=bool(number("archived", archived)),
        created=text("created", created),
        updated=text("updated", updated),
        meta=column("meta", meta, _mapping, {}),
        head=text("head", head),
    )
    return record if not problems else attrs.evolve(record, broken="; ".join(problems))


def record_or_error(record: StoredGame) -> StoredGame:
    """``record`` when it read; StoreError naming the game and what did not read if not."""
    if record.broken:
        raise StoreError(f"the record of game {record.id!r} does not read back: {record.broken}")
    return record
