"""A fast ``attrs.evolve`` for the kernel's frozen, slotted state classes.

Folding events rebuilds the state once or twice per event, so the copy is the kernel's
hottest path. This builds, per class, a function that copies every slot through its
descriptor and then sets the changes: about twice as fast as ``attrs.evolve``.
It skips ``__init__``, so it is only for classes without validators or converters.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

__all__ = ["replace"]

T = TypeVar("T")
_COPIERS: dict[type[Any], Callable[[Any, dict[str, Any]], Any]] = {}


def _copier(cls: type[T]) -> Callable[[T, dict[str, Any]], T]:
    names = [field.name for field in attrs.fields(cls)]  # type: ignore[arg-type]
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    lines = ["def copy(inst, changes):", "    new = _new(_cls)"]
    for index, name in enumerate(names):
        namespace[f"_set{index}"] = getattr(cls, name).__set__
        lines.append(f"    _set{index}(new, inst.{name})")
    setters = {name: f"_set{index}" for index, name in enumerate(names)}
    namespace["_setters"] = {name: namespace[setter] for name, setter in setters.items()}
    lines += ["    for key, value in changes.items():", "        _setters[key](new, value)", "    return new"]
    # The source is built from attrs field names only, never from content or input.
    exec("\n".join(lines), namespace)
    copy: Callable[[T, dict[str, Any]], T] = namespace["copy"]
    return copy


def replace(inst: T, **changes: Any) -> T:
    """A copy of ``inst`` with ``changes``; raises ``KeyError`` for an unknown field."""
    cls = type(inst)
    copier = _COPIERS.get(cls)
    if copier is None:
        copier = _COPIERS[cls] = _copier(cls)
    return copier(inst, changes)  # type: ignore[no-any-return]
