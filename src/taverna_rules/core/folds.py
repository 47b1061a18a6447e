"""How a game folds its events: one small function an event type, in a table of its own
(:class:`FoldTable`), and :func:`replace_player` for the change of one player's record."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from taverna_rules.core._replace import replace_item
from taverna_rules.core.records import Event

__all__ = ["FoldTable", "Handler", "replace_player"]

S = TypeVar("S")
#: How one event type folds: ``handler(state, event) -> state``.
Handler = Callable[[S, Any], S]


class FoldTable(dict[type[Event], Handler[S]]):
    """A game's folds by event type (for a state of type ``S``); :meth:`on` registers
    one (a second is refused)."""

    def on(self, cls: type[Event]) -> Callable[[Handler[S]], Handler[S]]:
        """A decorator recording the fold of events of type ``cls``."""

        def register(fn: Handler[S]) -> Handler[S]:
            if cls in self:
                raise ValueError(f"two folds of {cls.TYPE}: {self[cls]!r} and {fn!r}")
            self[cls] = fn
            return fn

        return register


def replace_player(state: Any, seat: int, **changes: Any) -> Any:
    """``state`` with the player of ``seat`` changed (``state.players`` is a tuple)."""
    return replace_item(state, "players", seat, **changes)
