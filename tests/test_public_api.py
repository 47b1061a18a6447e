"""The whole API is public: every type a caller can receive is exported (issue #8).

The walk starts from the exported classes and functions, follows the annotations of
their fields, properties, methods and return values, and collects every class of this
library it reaches. Each must be importable from ``taverna_rules`` and listed in
``__all__``, so a frontend never has to import from a module it should not rely on.
"""

from __future__ import annotations

import gc
import importlib
import inspect
import random
import types
import typing
from collections.abc import Iterator
from typing import Any

import attrs

import taverna_rules as tr
from taverna_rules.games.taverna.actions import ACTION_TYPES
from taverna_rules.games.taverna.events import EVENT_TYPES

_OWN = "taverna_rules"


def _classes_in(hint: Any) -> Iterator[type]:
    """The classes named anywhere in a type hint (``tuple[Action, ...] | None`` -> Action)."""
    if isinstance(hint, type) and not typing.get_args(hint):
        yield hint
    for arg in typing.get_args(hint):
        yield from _classes_in(arg)
    origin = typing.get_origin(hint)
    if isinstance(origin, type) and origin is not types.UnionType:
        yield origin


def _hints(obj: Any) -> dict[str, Any]:
    namespace = {**vars(inspect.getmodule(obj) or tr), **vars(tr)}
    try:
        return typing.get_type_hints(obj, globalns=namespace)
    except (NameError, TypeError):
        return {}


def _received_by(cls: type) -> Iterator[Any]:
    """The hints of what a caller receives from ``cls``: fields, properties, method returns."""
    if attrs.has(cls):
        yield from _hints(cls).values()
    for name, member in inspect.getmembers(cls):
        if name.startswith("_"):
            continue
        if isinstance(member, property) and member.fget is not None:
            yield _hints(member.fget).get("return")
        elif inspect.isfunction(member) or inspect.ismethod(member):
            yield _hints(member).get("return")


_TRANSIENT = "taverna_rules.core._replace"


def _reachable() -> set[type]:
    # attrs replaces each slotted class by a new one; the discarded original lingers among
    # its base's __subclasses__() until the cycle collector runs.
    gc.collect()
    seen: set[type] = set()
    todo: list[Any] = []
    for name in tr.__all__:
        obj = getattr(tr, name)
        if inspect.isfunction(obj):
            todo.append(_hints(obj).get("return"))
        elif isinstance(obj, type):
            todo.append(obj)
    while todo:
        for cls in _classes_in(todo.pop()):
            if cls.__module__.startswith(_OWN) and cls not in seen:
                seen.add(cls)
                todo.extend(_received_by(cls))
                # Not the engine's transient working copies: never handed out (test_fast_paths).
                subclasses: list[type] = cls.__subclasses__()
                todo.extend(sub for sub in subclasses if sub.__module__ != _TRANSIENT)
    return seen


def _exporter(cls: type) -> types.ModuleType:
    """Where ``cls`` must be exported: its game's package for a game other than Taverna
    (their types share names), else ``taverna_rules``."""
    parts = cls.__module__.split(".")
    if parts[:2] == ["taverna_rules", "games"] and parts[2] != "taverna":
        return importlib.import_module(".".join(parts[:3]))
    return tr


def test_every_type_a_caller_can_receive_is_exported() -> None:
    for game in tr.installed_games():
        tr.game_module(game)  # every game's types are reachable, whatever ran before
    reachable = _reachable()
    assert tr.Game in reachable and tr.SpellCard in reachable and tr.Task in reachable
    missing = sorted(
        cls.__name__ for cls in reachable if getattr(_exporter(cls), cls.__name__, None) is not cls
    )
    assert missing == []
    unlisted = sorted(cls.__name__ for cls in reachable if cls.__name__ not in _exporter(cls).__all__)
    assert unlisted == []


def test_every_action_and_event_type_is_exported() -> None:
    """The nine action types that legal_actions() offered without an export, and the events."""
    for table in (ACTION_TYPES, EVENT_TYPES):
        for wire_name, cls in table.items():
            assert getattr(tr, wire_name) is cls
            assert wire_name in tr.__all__


def test_every_action_a_random_game_offers_is_exported() -> None:
    chooser = random.Random(3)
    rules = tr.load_rules()
    offered: set[type] = set()
    for seed in range(3):
        game = tr.new_game(rules, ["Ann", "Bob", "Cy", "Dee"], seed=seed)
        while game.decision is not None:
            offered.update(type(a) for a in game.legal_actions())
            game.apply(chooser.choice(game.legal_actions()))
    assert len(offered) > 10
    assert all(getattr(tr, cls.__name__) is cls for cls in offered)


def test_all_lists_only_what_exists_once() -> None:
    assert len(set(tr.__all__)) == len(tr.__all__)
    assert all(hasattr(tr, name) for name in tr.__all__)


def test_every_decision_kind_is_documented_with_the_actions_it_takes() -> None:
    """docs/decisions.rst is generated from the registry: each kind needs its handler's
    docstring and the action types it takes, all exported (tests/test_refusals.py checks
    in random games that every legal action offered is of one of those types)."""
    from taverna_rules.games.taverna.flow import DECISIONS

    assert len(DECISIONS) >= 18
    for kind, handler in DECISIONS.items():
        assert handler.apply.__doc__, f"decision {kind!r} has no docstring"
        assert handler.takes, f"decision {kind!r} does not say which actions it takes"
        assert all(t.__name__ in tr.__all__ for t in handler.takes), kind
