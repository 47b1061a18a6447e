"""Checking an event log: does every event follow from the rules and a legal action?

Folding trusts the log; replaying a saved game should not. :func:`verify_log` recomputes
the opening from the log's first event (the seed decides every shuffle, and every draw
during play), then, for each block of events that one action produced (a block ends with
``FlowAdvanced``), finds the legal action of a pending decision that produces exactly
that block. A log edited by hand, reordered, truncated inside an action, redacted for a
player, or played with other rules fails with a
:class:`~taverna_rules.errors.ReplayError` naming the first bad event.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from taverna_rules._shown import shown
from taverna_rules.core.engine import (
    CHANCE_STEP,
    Decision,
    Diverged,
    is_simultaneous,
    pending_decisions,
    picked_first,
    resolve,
)
from taverna_rules.core.records import HIDDEN, Action, Event, FlowAdvanced
from taverna_rules.errors import ReplayError
from taverna_rules.game_modules import GameModule

__all__ = ["as_log", "fold", "fold_checked", "verify_log"]

Marks = list[tuple[int, Any]]
#: What a fold may raise on an event out of place (a turn step with no turn in progress
#: is an AssertionError there): all of them mean "does not apply".
_DOES_NOT_APPLY = (ValueError, KeyError, IndexError, TypeError, AttributeError, AssertionError)


def fold(module: GameModule, events: Iterable[Event]) -> Any:
    """The state that ``events`` fold to, trusting them."""
    state = None
    evolve = module.evolve
    for event in events:
        state = evolve(state, event)
    return state


def fold_checked(module: GameModule, events: Sequence[object]) -> Any:
    """Fold ``events``; an item that is not an event of the game, or an event that cannot
    apply, raises :class:`ReplayError` with its index."""
    state = None
    for index, event in enumerate(events):
        if not _is_event(module, event):
            raise ReplayError(f"event {index}: a log holds events, not {shown(event)}")
        assert isinstance(event, Event)
        try:
            state = module.evolve(state, event)
        except _DOES_NOT_APPLY as exc:
            raise ReplayError(f"event {index} ({event.TYPE}) does not apply: {shown(str(exc))}") from None
    if state is None:
        raise ReplayError("an empty log holds no game")
    return state


def _is_event(module: GameModule, item: object) -> bool:
    """An instance of one of the game's event types exactly (its equality is then the
    kernel's)."""
    cls = type(item)
    return module.events.get(getattr(cls, "TYPE", "")) is cls


def as_log(module: GameModule, events: object) -> list[Event]:
    """``events`` as a list of events: :class:`ReplayError` for anything but an iterable
    (not text, not a mapping) of instances of the game's event types."""
    if isinstance(events, str | bytes | dict) or not isinstance(events, Iterable):
        raise ReplayError(
            f"a log is a sequence of events (events_from_json() reads JSON), not {shown(events)}"
        )
    log = list(events)
    for index, item in enumerate(log):
        if not _is_event(module, item):
            raise ReplayError(f"event {index}: a log holds events, not {shown(item)}")
    return log


def check_openings(module: GameModule, log: Sequence[Event]) -> None:
    """:class:`ReplayError` unless ``log`` starts with one opening event of the game and
    holds no other."""
    names = " or ".join(t.__name__ for t in module.openings)
    if not log or not isinstance(log[0], module.openings):
        raise ReplayError(f"a log starts with {names}")
    for index, event in enumerate(log[1:], 1):
        if isinstance(event, module.openings):
            raise ReplayError(f"event {index}: a second {event.TYPE} in one log")


def _looks_redacted(events: Iterable[Event]) -> bool:
    for event in events:
        for field in type(event).ZONES:
            value = getattr(event, field)
            if value == HIDDEN or (isinstance(value, tuple) and HIDDEN in value):
                return True
    return False


def verify_log(module: GameModule, rules: Any, events: Sequence[Event]) -> Marks:
    """Check ``events`` against the rules; return (event count, state) at each decision."""
    if not events:
        raise ReplayError("an empty log holds no game")
    first = events[0]
    game = getattr(first, "game", rules.game)
    if game != rules.game:
        raise ReplayError(f"the log is a game of {game!r}; these rules are for {rules.game!r}")
    opening = module.opening(rules, first)
    for index, expected in enumerate(opening):
        if index >= len(events) or events[index] != expected:
            found = events[index].TYPE if index < len(events) else "the end of the log"
            hint = (
                "; a player's redacted log cannot be replayed, fold it to see that view"
                if _looks_redacted(events[: len(opening)])
                else ""
            )
            raise ReplayError(f"event {index} ({found}) is not what setting up this game gives{hint}")
    state = fold(module, opening)
    marks: Marks = [(len(opening), state)]
    start = len(opening)
    decisions: Sequence[Decision] | None = None
    while start < len(events):
        end = next((i for i in range(start, len(events)) if isinstance(events[i], FlowAdvanced)), None)
        if end is None:
            raise ReplayError(f"events {start}-{len(events) - 1}: the log stops in the middle of an action")
        block = list(events[start : end + 1])
        if decisions is None:
            decisions = pending_decisions(rules, state)
        if not decisions:
            raise ReplayError(f"event {start} ({events[start].TYPE}) comes after the end of the game")
        after, following = _follows(rules, state, decisions, block)
        if after is None:
            decision = decisions[0]
            who = state.players[decision.player].name if decision.player >= 0 else "chance"
            raise ReplayError(
                f"events {start}-{end} (from {events[start].TYPE}) follow from no legal action "
                f"of decision {decision.kind!r} of {who!r}"
            )
        state = after
        marks.append((end + 1, state))
        start = end + 1
        # The action's own run found the next decision; a simultaneous one asks every
        # seat still to choose, which pending_decisions lists.
        single = following is not None and not is_simultaneous(module, following)
        decisions = (following,) if following is not None and single else None
    return marks


def _values(record: Any) -> list[Any]:
    """The hashable field values of an event or action."""
    out = []
    for field in type(record).__attrs_attrs__:
        value = getattr(record, field.name)
        try:
            hash(value)
        except TypeError:
            continue
        out.append(value)
    return out


def _likely_first(actions: Sequence[Action], first: Event) -> list[Action]:
    """``actions``, those whose values the block's first event names first (a card
    picked names the card and the people picked): the right guess is mostly the first
    one tried."""
    if len(actions) < 2:
        return list(actions)
    named = set(_values(first))
    return sorted(actions, key=lambda action: -sum(1 for value in _values(action) if value in named))


def _follows(
    rules: Any, state: Any, decisions: Sequence[Decision], block: list[Event]
) -> tuple[Any, Decision | None]:
    """The state after the legal action (of any seat asked) that produces ``block`` and the
    decision it waits for, or ``(None, None)``."""
    for decision in decisions:
        if decision.kind == CHANCE_STEP:
            guesses = picked_first(rules, state, block)
            actions = [*guesses, *(a for a in decision.actions if a not in guesses)]
        else:
            actions = _likely_first(decision.actions, block[0])
        for action in actions:
            try:
                produced, after, following = resolve(rules, state, action, decision, expect=block)
            except Diverged:
                continue  # another action's events: most guesses stop at their first event
            if len(produced) == len(block):
                return after, following
    return None, None
