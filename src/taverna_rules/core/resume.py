"""Opening a log and resuming a game from a state (a position), for any game: the opening
event is checked against the rules and its events recomputed, or the state is checked,
loaded, and its automatic steps run up to the first decision."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from taverna_rules._shown import shown
from taverna_rules.core.contract import RuleSetLike, StateLike
from taverna_rules.core.decide import decide, run_flow
from taverna_rules.core.engine import LIVE, Engine
from taverna_rules.core.game_modules import game_module
from taverna_rules.core.position_data import buried_decisions, refusal
from taverna_rules.core.records import Event
from taverna_rules.errors import PositionError, ReplayError, TavernaError

__all__ = ["reopen", "resume_state"]


def resume_state(rules: RuleSetLike, state: StateLike, loaded: Event, problems: list[str]) -> list[Event]:
    """The events that resume ``state`` for any game: ``loaded`` (the game's event holding
    the state), then its automatic steps up to the first decision. ``problems`` are what
    the game's integrity check found in the state. :class:`PositionError` when the state
    does not play: an inconsistency, a step that fails, a decision without a legal action,
    or steps that run out before the game ends. What a position loads, a game can play."""
    problems = problems or buried_decisions(rules, state, game_module(rules.game).decisions)
    if problems:
        raise PositionError(refusal(problems))
    first = f"{state.stack[-1].kind!r}" if state.stack else "none"
    engine = Engine(rules, state, mode=LIVE)
    try:
        drawing = engine.play()
    except Exception as exc:  # whatever fails in the steps of a hand-written state is its fault
        raise PositionError(
            f"bad position: the steps from {first} fail: {type(exc).__name__}: {shown(str(exc))}"
        ) from None
    if drawing is not None:
        raise PositionError(
            f"bad position: the steps from {first} draw by chance before any decision: a position "
            "is taken at a player's decision"
        )
    pending = engine.pending
    if engine.state.over:
        return [loaded, *engine.events]
    if pending is None:
        raise PositionError(f"bad position: the steps from {first} run out and the game is not over")
    if not pending.actions:
        raise PositionError(
            f"bad position: step {pending.kind!r} of seat {pending.player} has no legal action"
        )
    for action in pending.actions:  # a reference the checks missed fails here, not in play
        try:
            decide(rules, engine.state, action, player=pending.player)
        except Exception as exc:
            raise PositionError(
                f"bad position: {shown(action)} at step {pending.kind!r} fails: "
                f"{type(exc).__name__}: {shown(str(exc))}"
            ) from None
    return [loaded, *engine.events]


def reopen(
    rules: RuleSetLike,
    first: Event,
    started: type[Event],
    loaded: type[Event],
    restart: Callable[[Any], list[Event]],
) -> list[Event]:
    """The events a log's ``first`` event opens a game with, recomputed: ``restart(first)``
    for a new game (a ``started`` event, whose ``rules`` must be these), or, for a
    ``loaded`` event holding a state, the state checked by the game's integrity and its
    steps run. :class:`ReplayError` saying why ``first`` starts no game of these rules."""
    if isinstance(first, started):
        fingerprint: str = getattr(first, "rules", "")
        if fingerprint != rules.fingerprint:
            raise ReplayError(
                f"the log was played with rules {fingerprint[:12]}..., these are {rules.fingerprint[:12]}..."
            )
        try:
            return restart(first)
        except TavernaError as exc:
            raise ReplayError(f"event 0 ({started.TYPE}) cannot start a game: {exc}") from None
    if isinstance(first, loaded):
        state: Any = getattr(first, "state", None)
        if state.rules != rules.fingerprint:
            raise ReplayError("the position was saved with other rules")
        module = game_module(rules.game)
        problems = module.integrity(rules, state)
        if problems:
            raise ReplayError(f"event 0 ({loaded.TYPE}) holds a bad position: " + "; ".join(problems))
        return run_flow(rules, module.evolve(None, first), [first])
    raise ReplayError(f"a log starts with {started.TYPE} or {loaded.TYPE}, not {first.TYPE}")
