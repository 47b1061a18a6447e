"""Resuming a game from a state (a position) for any game: the state is checked, loaded,
and its automatic steps run up to the first decision."""

from __future__ import annotations

from typing import Any

from taverna_rules._shown import shown
from taverna_rules.core.engine import Engine
from taverna_rules.core.records import Event
from taverna_rules.errors import PositionError

__all__ = ["resume_state"]


def resume_state(rules: Any, state: Any, loaded: Event, problems: list[str]) -> list[Event]:
    """The events that resume ``state`` for any game: ``loaded`` (the game's event holding
    the state), then its automatic steps up to the first decision. ``problems`` are what
    the game's integrity check found in the state. :class:`PositionError` when the state
    does not play: an inconsistency, a step that fails, a decision without a legal action,
    or steps that run out before the game ends. What a position loads, a game can play."""
    if problems:
        raise PositionError("bad position: " + "; ".join(problems))
    first = f"{state.stack[-1].kind!r}" if state.stack else "none"
    engine = Engine(rules, state)
    engine.events.append(loaded)
    try:
        engine.run()
    except Exception as exc:  # whatever fails in the steps of a hand-written state is its fault
        raise PositionError(
            f"bad position: the steps from {first} fail: {type(exc).__name__}: {shown(str(exc))}"
        ) from None
    pending = engine.pending
    if engine.state.over:
        return engine.events
    if pending is None:
        raise PositionError(f"bad position: the steps from {first} run out and the game is not over")
    if not pending.actions:
        raise PositionError(
            f"bad position: step {pending.kind!r} of seat {pending.player} has no legal action"
        )
    return engine.events
