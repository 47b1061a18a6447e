"""One object per action value: the legal actions of every decision of every game are
handed out through :func:`shared` (in a module of its own, compiled in the compiled build;
:mod:`taverna_rules.core.action` re-exports it)."""

from __future__ import annotations

from typing import Any, TypeVar

__all__ = ["shared"]

T = TypeVar("T")

#: The actions handed out so far, by class and fields (bounded: cleared when full).
_SHARED: dict[tuple[Any, ...], Any] = {}
_SHARED_MAX = 1 << 16


def shared(cls: type[T], *fields: Any) -> T:
    """The action ``cls(*fields)``, one object for each value: legal actions are offered
    at every decision, and an action is immutable, so the same one is handed out each
    time (no new object per decision; the one played is found by identity first)."""
    key = (cls, *fields)
    found: T | None = _SHARED.get(key)
    if found is None:
        if len(_SHARED) >= _SHARED_MAX:
            _SHARED.clear()
        found = _SHARED[key] = cls(*fields)
    return found
