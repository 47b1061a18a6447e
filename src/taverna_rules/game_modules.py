"""Game modules: every game the engine plays, found by a stable id.

A game module is a :class:`GameModule` object that a package names in the entry-point
group ``taverna_rules.games`` (in its ``pyproject.toml``)::

    [project.entry-points."taverna_rules.games"]
    taverna = "taverna_rules.games.taverna:GAME"

so a separate package ships a game the way pytest plugins ship plugins. The bundled games
register the same way (their modules are under :mod:`taverna_rules.games`).
:func:`installed_games` lists the ids, :func:`game_module` returns a module. This module
knows no game: it reads the entry points and never imports a game by name.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any

import attrs

from taverna_rules._shown import shown
from taverna_rules.content.model import Names
from taverna_rules.errors import GameModuleError

__all__ = ["ENTRY_POINTS", "GameModule", "game_module", "installed_games"]

#: The entry-point group games register in.
ENTRY_POINTS = "taverna_rules.games"
#: The games this package bundles, found by name even when its metadata is missing (a
#: source checkout run without installing): they declare the same entry points.
_BUNDLED = {"taverna": "taverna_rules.games.taverna:GAME"}


@attrs.frozen(eq=False)
class GameModule:
    """Everything the engine asks of one game, under its stable ``id``.

    Each registry is the game's own (a second entry under a name is refused): its action
    and event types by wire name, its automatic flow steps and decision kinds by step
    kind, and the executors of its primitive effect ops by op name.
    """

    #: The stable id: in logs, in entry points, in ``cards/<id>/`` and ``schemas/<id>/``.
    id: str
    name: Names
    #: The languages its rules text and content names are written in.
    languages: tuple[str, ...]
    actions: Mapping[str, type]
    events: Mapping[str, type]
    steps: Mapping[str, Callable[..., Any]]
    decisions: Mapping[str, Any]
    ops: Mapping[str, Callable[..., Any]]
    #: ``evolve(state, event) -> state``: how the game's state folds each of its events.
    evolve: Callable[[Any, Any], Any]
    #: ``resolve(rules, ref) -> node``: the effect a step's ``ref`` names in the content.
    resolve: Callable[[Any, str], Any]

    def __repr__(self) -> str:
        return f"<GameModule {self.id!r}: {len(self.actions)} actions, {len(self.events)} events>"


@cache
def _entry_points() -> dict[str, EntryPoint]:
    # Read once a process: scanning the installed packages' metadata takes milliseconds.
    found = {ep.name: ep for ep in entry_points(group=ENTRY_POINTS)}
    for name, value in _BUNDLED.items():
        found.setdefault(name, EntryPoint(name=name, value=value, group=ENTRY_POINTS))
    return found


def installed_games() -> tuple[str, ...]:
    """The ids of the installed games, sorted (the entry points are read once a process:
    a game installed while it runs is found after a restart)."""
    return tuple(sorted(_entry_points()))


def game_module(ident: str) -> GameModule:
    """The game module registered under ``ident``; :class:`GameModuleError` for an id no
    installed package registers, or an entry point that fails to load or is no
    :class:`GameModule` of that id."""
    points = _entry_points()
    if not isinstance(ident, str) or ident not in points:
        raise GameModuleError(f"no game {shown(ident)} is installed; games: {', '.join(sorted(points))}")
    return _load(points[ident])


@cache
def _load(point: EntryPoint) -> GameModule:
    try:
        module_name, _, attribute = point.value.partition(":")
        loaded = getattr(importlib.import_module(module_name), attribute)
    except Exception as exc:  # a third-party plugin may fail in any way: say which one
        raise GameModuleError(f"game {point.name!r} ({point.value}) failed to load: {exc!r}") from exc
    if not isinstance(loaded, GameModule) or loaded.id != point.name:
        raise GameModuleError(
            f"game {point.name!r} ({point.value}) is not the GameModule {point.name!r}: {shown(loaded)}"
        )
    return loaded
