"""Plain immutable records: classes with ``Final`` attributes whose methods are written
out in their source from one field list, the parameters of their ``__init__``
(``make records`` writes them: :mod:`taverna_rules.core._record_code`).

The state of a game is copied with a change once or twice for every event folded, so its
records are the engine's hottest objects. Written out in the source, their constructor
and copy-with-change (``record.replace(coins=3)``) are plain Python code that mypyc
compiles to native classes (about 20 times faster than ``attrs.evolve``; immutable at
run time once compiled, and for mypy always). attrs and cattrs stay for content
definitions and the wire: :func:`record_fields` reads the fields of either kind of
class, and the serializer reads and writes both.

A record reads like this in its module (everything below the marker is written by
``make records`` from the ``__init__`` signature, which is the one place to change)::

    class TavernState:
        \"\"\"A tavern on the board.\"\"\"

        # record: written by `make records` ... (the marker line)
        __slots__ = ...

        def __init__(
            self,
            id: str,
            #: The people of the tile at each table, ``None`` for a free table.
            tables: tuple[str | None, ...] = (),
        ) -> None:
            ...
        # end of record
"""

from __future__ import annotations

import enum
import sys
import types
import typing
from typing import Any, Final

import attrs

__all__ = [
    "KEEP",
    "NO_DEFAULT",
    "Keep",
    "RecordField",
    "copier",
    "evolve",
    "field_names",
    "is_record",
    "record_fields",
]


class Keep(enum.Enum):
    """The default of every argument of a record's ``replace``: keep the field as it is."""

    KEEP = "keep"


#: The one :class:`Keep` value.
KEEP: Final = Keep.KEEP
#: The default of a field that has none (the same object as ``attrs.NOTHING``).
NO_DEFAULT: Final[Any] = attrs.NOTHING


@attrs.frozen
class RecordField:
    """A field of a record class: its name, its type (resolved) and its default
    (:data:`NO_DEFAULT` when it has none)."""

    name: str
    type: Any
    default: Any = NO_DEFAULT


_FIELDS: dict[type, tuple[RecordField, ...]] = {}
_NAMES: dict[type, tuple[str, ...]] = {}


def is_record(cls: object) -> bool:
    """Whether ``cls`` is a record class: a plain record, or an attrs class."""
    return isinstance(cls, type) and (hasattr(cls, "__record_fields__") or attrs.has(cls))


def field_names(cls: type) -> tuple[str, ...]:
    """The names of the fields of a record class, in order (none for another class): what
    a walk through a state reads, without resolving types."""
    found = _NAMES.get(cls)
    if found is None:
        plain = getattr(cls, "__record_fields__", None)
        if plain is not None:
            found = tuple(name for name, _ in plain)
        else:
            found = tuple(f.name for f in attrs.fields(cls)) if attrs.has(cls) else ()
        _NAMES[cls] = found
    return found


def record_fields(cls: type) -> tuple[RecordField, ...]:
    """The fields of a record class, in order, with their types resolved."""
    found = _FIELDS.get(cls)
    if found is not None:
        return found
    plain = getattr(cls, "__record_fields__", None)
    if plain is not None:
        defaults: dict[str, Any] = cls.__record_defaults__  # type: ignore[attr-defined]
        # The annotations are written as source text (a compiled class keeps none):
        # resolve them in the record's module, as typing.get_type_hints does a class's.
        holder = types.SimpleNamespace(__annotations__=dict(plain))
        hints = typing.get_type_hints(holder, globalns=vars(sys.modules[cls.__module__]))
        found = tuple(RecordField(name, hints[name], defaults.get(name, NO_DEFAULT)) for name, _ in plain)
    else:
        hints = typing.get_type_hints(cls)
        found = tuple(RecordField(f.name, hints[f.name], f.default) for f in attrs.fields(cls))
    _FIELDS[cls] = found
    return found


#: How each record class copies itself with changes: its own ``replace``, or attrs'.
_COPIES: dict[type, Any] = {}


def copier(cls: Any) -> Any:
    """How records of ``cls`` are copied with changes: ``copy(record, **changes)`` (a plain
    record's own ``replace``, or ``attrs.evolve``), for a caller that copies many records
    of one class."""
    copy = _COPIES.get(cls)
    if copy is None:
        copy = _COPIES[cls] = cls.replace if hasattr(cls, "__record_fields__") else attrs.evolve
    return copy


def evolve(record: Any, **changes: Any) -> Any:
    """A copy of ``record`` with ``changes``, for a record of either kind (a plain record's
    own ``replace`` is faster where its type is known)."""
    return copier(type(record))(record, **changes)
