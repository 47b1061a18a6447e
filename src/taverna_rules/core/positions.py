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
    document leaves out take the values of a fresh game.
    """

    #: The document's first line reads ``format: <format>`` (``taverna-position/1``).
    format: str
    dump: Callable[[Any], dict[str, Any]]
    load: Callable[[Any, dict[str, Any]], Any]
