"""How a game folds its events: one small function an event type, in a table of its own
(:class:`FoldTable`), :func:`replace_player` for the change of one player's record, and
:data:`CORE_FOLDS` for the core's own events."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from taverna_rules.core._replace import replace, replace_item
from taverna_rules.core.contract import SimultaneousState, StateLike
from taverna_rules.core.records import (
    HIDDEN,
    ChoiceCommitted,
    ChoicesRevealed,
    ChoicesSealed,
    Event,
    FlowAdvanced,
)

__all__ = ["CORE_FOLDS", "FoldTable", "Handler", "replace_player", "without"]

S = TypeVar("S")
#: A state folded by the core: the same type back.
_State = TypeVar("_State", bound=StateLike)
_Sim = TypeVar("_Sim", bound=SimultaneousState)
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


def replace_player(state: _State, seat: int, **changes: Any) -> _State:
    """``state`` with the player of ``seat`` changed (``state.players`` is a tuple)."""
    return replace_item(state, "players", seat, **changes)


def _fold_flow(state: _State, event: FlowAdvanced) -> _State:
    return state if event.stack == state.stack else replace(state, stack=event.stack)


def _fold_commit(state: _Sim, event: ChoiceCommitted) -> _Sim:
    return replace(state, commits=(*state.commits, (event.player, event.action)))


def _fold_reveal(state: _Sim, event: ChoicesRevealed | ChoicesSealed) -> _Sim:
    return replace(state, commits=())


#: How the core's own events fold, for a game's ``evolve`` to use: the state keeps the
#: effect stack in ``stack`` and, for simultaneous decisions, the commits so far in
#: ``commits`` (``(seat, action)`` pairs; ``(seat, None)`` in another seat's view).
CORE_FOLDS: Mapping[type[Event], Callable[[Any, Any], Any]] = {
    FlowAdvanced: _fold_flow,
    ChoiceCommitted: _fold_commit,
    ChoicesRevealed: _fold_reveal,
    ChoicesSealed: _fold_reveal,
}


def without(things: tuple[Any, ...], gone: tuple[Any, ...] | list[Any]) -> tuple[Any, ...]:
    """``things`` less one of each of ``gone``, order kept (a multiset difference): a card
    drawn from a deck, tokens spent. In a view, a hidden mark stands for a thing the view
    does not show (a card of a hidden deck)."""
    out = list(things)
    for thing in gone:
        out.remove(thing if thing in out else HIDDEN)
    return tuple(out)
