"""The whole API is public: every type a caller can receive is exported, in one place.

The walk starts from the exported classes and functions (the top level's and each bundled
game's), follows the annotations of their fields, properties, methods and return values,
and collects every class of this library it reaches. A class defined in a game's package
must be exported by that package (``taverna_rules.games.taverna.SeatCustomer``), every
other class by ``taverna_rules``, and listed in that module's ``__all__``: so a frontend
never has to import from a module it should not rely on, and every game's types are
reached the same way. The top level names no game's own type.
"""

from __future__ import annotations

import doctest
import gc
import importlib
import inspect
import pkgutil
import random
import types
import typing
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import taverna_rules as tr
import taverna_rules.games
from taverna_rules._records import is_record, record_fields
from taverna_rules.games import cavern_tavern, taverna

_OWN = "taverna_rules"
_GAMES = "taverna_rules.games"
#: Every bundled game's package, by game id.
PACKAGES: dict[str, types.ModuleType] = {
    info.name: importlib.import_module(f"{_GAMES}.{info.name}")
    for info in pkgutil.iter_modules(taverna_rules.games.__path__)
}


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
    namespace = {**vars(tr), **vars(inspect.getmodule(obj) or tr)}
    try:
        return typing.get_type_hints(obj, globalns=namespace)
    except (NameError, TypeError):
        return {}


def _received_by(cls: type) -> Iterator[Any]:
    """The hints of what a caller receives from ``cls``: fields, properties, method returns."""
    if attrs.has(cls):
        yield from _hints(cls).values()
    elif is_record(cls):  # a plain record: its fields
        yield from (field.type for field in record_fields(cls))
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
    for module in (tr, *PACKAGES.values()):
        for name in module.__all__:
            obj = getattr(module, name)
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
    """Where ``cls`` must be exported: its game's package for a class defined in a game,
    else ``taverna_rules``."""
    parts = cls.__module__.split(".")
    if parts[:2] == ["taverna_rules", "games"] and len(parts) > 2:
        return importlib.import_module(".".join(parts[:3]))
    return tr


def _public(cls: type) -> bool:
    module = _exporter(cls)
    return getattr(module, cls.__name__, None) is cls and cls.__name__ in module.__all__


def test_every_bundled_game_is_checked() -> None:
    assert {"taverna", "cavern_tavern"} <= set(PACKAGES)


def test_every_type_a_caller_can_receive_is_exported() -> None:
    for game in tr.installed_games():
        tr.game_module(game)  # every game's types are reachable, whatever ran before
    reachable = _reachable()
    assert tr.Game in reachable and tr.Task in reachable and tr.EndTurn in reachable
    assert taverna.SpellCard in reachable and cavern_tavern.NastyCard in reachable
    missing = sorted(cls.__qualname__ for cls in reachable if not _public(cls))
    assert missing == []


def test_the_top_level_names_no_game_type() -> None:
    """What ``taverna_rules`` exports works for any game: a game's own types are in its
    package (Taverna's were at the top level, Cavern Tavern's were not)."""
    games = sorted(
        f"{name} ({obj.__module__})"
        for name in tr.__all__
        if (obj := getattr(tr, name)) is not None and getattr(obj, "__module__", "").startswith(f"{_GAMES}.")
    )
    assert games == []


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_every_action_and_event_type_is_exported(game: str) -> None:
    """Each game's actions and events, by their wire names: the game's own in its package,
    the core's (``EndTurn``, ``ChooseOption``, ``FlowAdvanced``, ...) at the top level."""
    module = tr.game_module(game)
    for table in (module.actions, module.events):
        for wire_name, cls in table.items():
            assert cls.__name__ == wire_name
            assert _public(cls), wire_name


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_every_action_a_random_game_offers_is_exported(game: str) -> None:
    chooser = random.Random(3)
    rules = tr.load_rules(game)
    offered: set[type] = set()
    for seed in range(3):
        live = tr.new_game(rules, ["Ann", "Bob", "Cy", "Dee"], seed=seed)
        while live.decision is not None:
            offered.update(type(a) for a in live.legal_actions())
            live.apply(chooser.choice(live.legal_actions()))
    assert len(offered) >= 6
    assert [cls.__name__ for cls in offered if not _public(cls)] == []


@pytest.mark.parametrize("module", [tr, *PACKAGES.values()], ids=lambda m: m.__name__)
def test_all_lists_only_what_exists_once(module: types.ModuleType) -> None:
    assert len(set(module.__all__)) == len(module.__all__)
    assert all(hasattr(module, name) for name in module.__all__)


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_every_decision_kind_is_documented_with_the_actions_it_takes(game: str) -> None:
    """docs/decisions.rst is generated from the registry: each kind needs its handler's
    docstring and the action types it takes, all exported (tests/test_refusals.py checks
    in random games that every legal action offered is of one of those types)."""
    decisions = tr.game_module(game).decisions
    assert len(decisions) >= 5
    for kind, handler in decisions.items():
        assert handler.apply.__doc__, f"decision {kind!r} has no docstring"
        assert handler.takes, f"decision {kind!r} does not say which actions it takes"
        assert all(_public(t) for t in handler.takes), kind


@pytest.mark.parametrize("module", [tr, *PACKAGES.values()], ids=lambda m: m.__name__)
def test_each_package_shows_how_its_types_are_reached(module: types.ModuleType) -> None:
    """The examples of the top level's and each game package's docstring run."""
    failed, attempted = doctest.testmod(module)
    assert attempted and not failed
