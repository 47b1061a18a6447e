"""What a seat observes, read from a game: the module-written vector and the information
key. Both :class:`~taverna_rules.Seat` and :mod:`taverna_rules.observations` use these; they
read the game through :class:`Observed`, so this module sits below the facade."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from taverna_rules.core.game_modules import GameModule
from taverna_rules.core.observation import ObservationWriter, chain_key, digest
from taverna_rules.core.records import Decision, Event
from taverna_rules.core.state_observation import observe_state
from taverna_rules.errors import OptionError

__all__ = ["Observed", "information_key", "observation_vector", "written"]


class Observed(Protocol):
    """What an observation reads of a game (a :class:`taverna_rules.Game`)."""

    @property
    def rules(self) -> Any:
        """The rule set."""

    @property
    def module(self) -> GameModule:
        """The game module."""

    def view(self, player: int | str | None) -> Any:
        """The state as ``player`` may see it."""

    def decision_for(self, player: int | str | None) -> Decision | None:
        """The pending decision as ``player`` may see it."""

    def events_for(self, player: int | str | None) -> Sequence[Event]:
        """The log as ``player`` may see it."""


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:
        return None
    return numpy


def written(game: Observed, seat: int) -> ObservationWriter:
    """Seat ``seat``'s observation, as the game module writes it from their view."""
    module = game.module
    decision = game.decision_for(seat)
    writer = ObservationWriter()
    # A game that writes no observation of its own has one read from its state's fields.
    observe = observe_state if module.observe is None else module.observe
    observe(game.rules, game.view(seat), decision, seat, writer)
    return writer


def observation_vector(game: Observed, seat: int, numpy: bool | None) -> Any:
    """Seat ``seat``'s observation vector (see :func:`taverna_rules.observe`)."""
    values = written(game, seat).values
    if numpy is False:
        return values
    np = _numpy()
    if np is None:
        if numpy:
            raise OptionError("numpy=True needs NumPy: pip install 'taverna-rules[numpy]'")
        return values
    return np.asarray(values, dtype=np.float32)


def information_key(game: Observed, seat: int) -> str:
    """Seat ``seat``'s information state (see :func:`taverna_rules.information_state`)."""
    return chain_key(digest(f"seat {seat}"), game.events_for(seat))
