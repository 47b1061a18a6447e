"""Copies of records with changes, for code that handles the records of any game: a
game's state may be made of plain records (which copy themselves: ``record.replace``)
or of frozen attrs classes (copied by ``attrs.evolve``). Every change makes a new
record; none is ever changed in place, so a state someone holds never moves."""

from __future__ import annotations

from typing import Any, TypeVar

from taverna_rules._records import evolve

__all__ = ["replace", "replace_item"]

T = TypeVar("T")


def replace(inst: T, **changes: Any) -> T:
    """A copy of the record ``inst`` with ``changes``."""
    new: T = evolve(inst, **changes)
    return new


def replace_item(inst: T, field: str, index: int, **changes: Any) -> T:
    """``inst`` with item ``index`` of its tuple ``field`` replaced by a copy with
    ``changes`` (a player of ``players``, say)."""
    items: tuple[Any, ...] = getattr(inst, field)
    new_items = (*items[:index], evolve(items[index], **changes), *items[index + 1 :])
    return replace(inst, **{field: new_items})
