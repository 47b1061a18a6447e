"""A fast ``attrs.evolve`` for the kernel's frozen, slotted state classes, and the
transient working copies the engine folds into while it decides.

Folding events rebuilds the state once or twice per event, so the copy is the kernel's
hottest path. This builds, per class, a function that copies every slot through its
descriptor and then sets the changes: about twice as fast as ``attrs.evolve``.
It skips ``__init__``, so it is only for classes without validators or converters.

While deciding one action the engine folds many events into a state nobody else holds;
copying it for every event is wasted work. :func:`thaw` makes a *transient* copy (an
instance of a private subclass) that :func:`replace` changes in place, and :func:`freeze`
turns it back into an ordinary frozen instance: one copy per action instead of one per
event. The folds are unchanged, so replaying the same events from frozen states (the
pure path) gives equal states; the tests hold the two paths equal.
"""

from __future__ import annotations

import linecache
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

__all__ = ["freeze", "replace", "replace_item", "thaw"]

T = TypeVar("T")
_Copier = Callable[[Any, dict[str, Any]], Any]
_COPIERS: dict[type[Any], _Copier] = {}
#: Setters of every slot, by class (a transient class shares its base's).
_SETTERS: dict[type[Any], dict[str, Callable[[Any, Any], None]]] = {}
#: The transient subclass of each frozen class thawed so far, and back.
_TRANSIENT: dict[type[Any], type[Any]] = {}
_FROZEN: dict[type[Any], type[Any]] = {}
#: The setters of each transient class (its base's): :func:`replace` changes it in place.
_IN_PLACE: dict[type[Any], dict[str, Callable[[Any, Any], None]]] = {}
#: Copiers from a frozen class to its transient one (thaw), and from a transient class to
#: its frozen base (freeze).
_THAW: dict[type[Any], _Copier] = {}
_FREEZE: dict[type[Any], _Copier] = {}


def _copier(cls: type[Any], target: type[Any]) -> _Copier:
    """A function copying an instance of ``cls`` into a new ``target`` with changes."""
    names = [field.name for field in attrs.fields(cls)]
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": target}
    lines = ["def copy(inst, changes):", "    new = _new(_cls)"]
    for index, name in enumerate(names):
        namespace[f"_set{index}"] = getattr(cls, name).__set__
        lines.append(f"    _set{index}(new, inst.{name})")
    namespace["_setters"] = _setters(cls)
    lines += ["    for key, value in changes.items():", "        _setters[key](new, value)", "    return new"]
    # The source is built from attrs field names only, never from content or input.
    source = "\n".join(lines) + "\n"
    # Registered under a readable file name (as attrs does), so tracebacks, pdb and
    # inspect.getsource show the generated code.
    filename = f"<taverna_rules copier {cls.__module__}.{cls.__qualname__} to {target.__qualname__}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    exec(compile(source, filename, "exec"), namespace)
    copy: _Copier = namespace["copy"]
    return copy


def _setters(cls: type[Any]) -> dict[str, Callable[[Any, Any], None]]:
    setters = _SETTERS.get(cls)
    if setters is None:
        setters = _SETTERS[cls] = {
            field.name: getattr(cls, field.name).__set__ for field in attrs.fields(cls)
        }
    return setters


def replace(inst: T, **changes: Any) -> T:
    """A copy of ``inst`` with ``changes``; raises ``KeyError`` for an unknown field.

    A transient instance (from :func:`thaw`) is changed in place and returned.
    """
    cls = type(inst)
    in_place = _IN_PLACE.get(cls)
    if in_place is not None:
        for key, value in changes.items():
            in_place[key](inst, value)
        return inst
    copier = _COPIERS.get(cls)
    if copier is None:
        copier = _COPIERS[cls] = _copier(cls, cls)
    return copier(inst, changes)  # type: ignore[no-any-return]


def thaw(inst: T) -> T:
    """A transient copy of the frozen ``inst``: :func:`replace` changes it in place. It
    reads like ``inst`` (same fields, methods and properties) but must not escape the
    code that thawed it; :func:`freeze` gives the frozen state back."""
    cls = type(inst)
    transient = _TRANSIENT.get(cls)
    if transient is None:
        namespace = {"__slots__": (), "__module__": __name__}
        transient = type(f"_Transient{cls.__name__}", (cls,), namespace)
        _TRANSIENT[cls], _FROZEN[transient] = transient, cls
        _IN_PLACE[transient] = _setters(cls)
        _THAW[cls], _FREEZE[transient] = _copier(cls, transient), _copier(cls, cls)
    return _THAW[cls](inst, {})  # type: ignore[no-any-return]


def freeze(inst: T) -> T:
    """The frozen copy of a transient ``inst`` (a frozen one is returned as it is)."""
    copier = _FREEZE.get(type(inst))
    return inst if copier is None else copier(inst, {})


def replace_item(inst: T, field: str, index: int, **changes: Any) -> T:
    """``inst`` with item ``index`` of its tuple ``field`` replaced by a copy with
    ``changes`` (a player of ``players``, say)."""
    items: tuple[Any, ...] = getattr(inst, field)
    new_items = (*items[:index], replace(items[index], **changes), *items[index + 1 :])
    return replace(inst, **{field: new_items})
