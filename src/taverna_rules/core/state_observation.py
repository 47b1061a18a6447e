"""The observation of a game that writes none of its own: read from the structure of its
state.

:func:`observe_state` writes, from the state as the seat sees it, the pending decision
(its kind among the game's decision kinds, and whose it is, counted from the observer),
whether the game is over, and then every field of the state and of each player (from the
observer on, :func:`~taverna_rules.core.observation.seats_from`) by its declared type: a
number as it is, a flag as 0 or 1, a tuple by how many things it holds, a text or an
optional value by whether it holds one. Hidden things are already gone from a view, so a
hidden hand is its size. The layout depends only on the state's type and the player
count, the same for every state of a game.

A game writes its own :attr:`~taverna_rules.GameModule.observe` to say more (which cards,
one slot each): this default is what every game has without it.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterator
from typing import Any

from taverna_rules._records import record_fields
from taverna_rules.core.contract import RuleSetLike, StateLike
from taverna_rules.core.game_modules import game_module
from taverna_rules.core.observation import ObservationWriter, seats_from

__all__ = ["observe_state"]

#: State fields that are bookkeeping, not the table: never written.
_SKIPPED = frozenset({"rules", "seed", "draws", "chance", "options", "players", "stack", "result", "commits"})


def _kind(tp: Any) -> str:
    """How a field of type ``tp`` is written: ``number``, ``flag``, ``size``, ``held`` or
    ``""`` (not at all)."""
    if tp is bool:
        return "flag"
    if tp is int or tp is float:
        return "number"
    origin = typing.get_origin(tp)
    if origin is tuple or tp is tuple:
        return "size"
    if tp is str or origin in (typing.Union, types.UnionType):
        return "held"
    return ""


def _fields(cls: type, skipped: frozenset[str]) -> Iterator[tuple[str, str]]:
    for field in record_fields(cls):
        kind = _kind(field.type)
        if kind and field.name not in skipped:
            yield field.name, kind


def _write(w: ObservationWriter, name: str, kind: str, value: Any) -> None:
    if kind == "flag":
        w.flag(name, bool(value))
    elif kind == "number":
        w.number(name, float(value) if isinstance(value, int | float) else 0.0)
    elif kind == "size":
        w.number(name, len(value) if isinstance(value, tuple) else 0)
    else:
        w.flag(name, value is not None and value != "")


def observe_state(
    rules: RuleSetLike, view: StateLike, decision: Any, seat: int, w: ObservationWriter
) -> None:
    """Write what ``seat`` sees of ``view`` (see the module's documentation)."""
    module = game_module(rules.game)
    order = seats_from(seat, len(view.players))
    w.one_hot("decision.kind", decision.kind if decision is not None else None, sorted(module.decisions))
    w.one_hot("decision.seat", decision.player if decision is not None else None, order)
    w.flag("over", view.result is not None)
    w.number("commits", len(getattr(view, "commits", ())))
    for name, kind in _fields(type(view), _SKIPPED):
        _write(w, name, kind, getattr(view, name))
    if not view.players:
        return
    player_fields = tuple(_fields(type(view.players[0]), frozenset({"name"})))
    for place, other in enumerate(order):
        prefix = "me" if place == 0 else f"next{place}"
        player = view.players[other]
        for name, kind in player_fields:
            _write(w, f"{prefix}.{name}", kind, getattr(player, name))
