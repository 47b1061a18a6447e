"""The base of every action, in a module of its own: the engine's compiled records
(:class:`~taverna_rules.core.decision.Decision`) name it, and every game subclasses it."""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

import attrs

__all__ = ["Action", "shared"]


@attrs.frozen
class Action:
    """The base of every action: an imperative (``PickCard``) with a stable wire name
    (its class name, in ``TYPE``)."""

    TYPE: ClassVar[str] = "Action"


A = TypeVar("A", bound=Action)

#: The actions handed out so far, by class and fields (bounded: cleared when full).
_SHARED: dict[tuple[Any, ...], Any] = {}
_SHARED_MAX = 1 << 16


def shared(cls: type[A], *fields: Any) -> A:
    """The action ``cls(*fields)``, one object for each value: legal actions are offered
    at every decision, and an action is immutable, so the same one is handed out each
    time (no new object per decision; the one played is found by identity first)."""
    key = (cls, *fields)
    found: A | None = _SHARED.get(key)
    if found is None:
        if len(_SHARED) >= _SHARED_MAX:
            _SHARED.clear()
        found = _SHARED[key] = cls(*fields)
    return found
