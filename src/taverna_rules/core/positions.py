"""What a game gives the position documents: its format name and its two conversions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

__all__ = ["PositionFormat"]


@attrs.frozen
class PositionFormat:
    """A game's position documents (:mod:`taverna_rules.position` reads and writes the
    text, checks the format and resumes the state; the game converts its data).

    ``dump(state)`` gives the document's plain data (JSON types, players by name);
    ``load(rules, data)`` the state that data describes, raising ``ValueError`` (or
    :class:`~taverna_rules.errors.PositionError`) naming what is wrong; fields a
    document leaves out take the values of a fresh game. ``schema(of)``, if given, is the
    JSON Schema of the document's JSON form, ``of(type)`` giving the schema of a state
    field's type (:func:`taverna_rules.wire_schemas.wire_schema` ``("position", game)``).
    """

    #: The document's first line reads ``format: <format>`` (``taverna-position/1``).
    format: str
    dump: Callable[[Any], dict[str, Any]]
    load: Callable[[Any, dict[str, Any]], Any]
    schema: Callable[[Callable[[Any], dict[str, Any]]], dict[str, Any]] | None = None
