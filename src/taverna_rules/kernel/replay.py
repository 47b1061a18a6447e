"""Checking an event log: does every event follow from the rules and a legal action?

Folding trusts the log; replaying a saved game should not. :func:`verify_log` recomputes
the setup from the log's first event (the seed decides every shuffle), then, for each
block of events that one action produced (a block ends with ``FlowAdvanced``), finds the
legal action of the pending decision that produces exactly that block. A log edited by
hand, reordered, truncated inside an action, redacted for a player, or played with other
rules fails with a :class:`~taverna_rules.errors.ReplayError` naming the first bad event.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from taverna_rules._shown import shown
from taverna_rules.content.model import RuleSet
from taverna_rules.errors import ReplayError, TavernaError
from taverna_rules.kernel import events as ev
from taverna_rules.kernel.engine import decide_and_fold, pending_decision, run_flow
from taverna_rules.kernel.evolve import evolve, fold
from taverna_rules.kernel.integrity import state_problems
from taverna_rules.kernel.setup import start_events
from taverna_rules.kernel.state import GameState

__all__ = ["as_log", "fold_checked", "verify_log"]

Marks = list[tuple[int, GameState]]


def fold_checked(events: Sequence[object]) -> GameState:
    """Fold ``events``; an item that is not an event, or an event that cannot apply,
    raises :class:`ReplayError` with its index."""
    state: GameState | None = None
    for index, event in enumerate(events):
        if not _is_event(event):
            raise ReplayError(f"event {index}: a log holds events, not {shown(event)}")
        assert isinstance(event, ev.Event)
        try:
            state = evolve(state, event)
        # An event out of place trips the fold's own checks (a turn step with no turn in
        # progress is an AssertionError there): all of them mean "does not apply".
        except (ValueError, KeyError, IndexError, TypeError, AttributeError, AssertionError) as exc:
            raise ReplayError(f"event {index} ({event.TYPE}) does not apply: {shown(str(exc))}") from None
    if state is None:
        raise ReplayError("an empty log holds no game")
    return state


def _is_event(item: object) -> bool:
    """An instance of one of the event types exactly (its equality is then the kernel's)."""
    cls = type(item)
    return ev.EVENT_TYPES.get(getattr(cls, "TYPE", "")) is cls


def as_log(events: object) -> list[ev.Event]:
    """``events`` as a list of events: :class:`ReplayError` for anything but an iterable
    (not text, not a mapping) of instances of the event types."""
    if isinstance(events, str | bytes | dict) or not isinstance(events, Iterable):
        raise ReplayError(
            f"a log is a sequence of events (events_from_json() reads JSON), not {shown(events)}"
        )
    log = list(events)
    for index, item in enumerate(log):
        if not _is_event(item):
            raise ReplayError(f"event {index}: a log holds events, not {shown(item)}")
    return log


def _opening(rules: RuleSet, first: ev.Event) -> list[ev.Event]:
    if isinstance(first, ev.GameStarted):
        if first.game != rules.game:
            raise ReplayError(f"the log is a game of {first.game!r}; these rules are for {rules.game!r}")
        if first.rules != rules.fingerprint:
            raise ReplayError(
                f"the log was played with rules {first.rules[:12]}..., these are {rules.fingerprint[:12]}..."
            )
        try:
            return start_events(
                rules,
                first.players,
                first.seed,
                dict(first.options),
                first.first_player,
                first.birthdays or None,
                first.played_on,
            )
        except TavernaError as exc:
            raise ReplayError(f"event 0 (GameStarted) cannot start a game: {exc}") from None
    if isinstance(first, ev.PositionLoaded):
        if first.state.rules != rules.fingerprint:
            raise ReplayError("the position was saved with other rules")
        problems = state_problems(rules, first.state)
        if problems:
            raise ReplayError("event 0 (PositionLoaded) holds a bad position: " + "; ".join(problems))
        return run_flow(rules, evolve(None, first), [first])
    raise ReplayError(f"a log starts with GameStarted or PositionLoaded, not {first.TYPE}")


def verify_log(rules: RuleSet, events: Sequence[ev.Event]) -> Marks:
    """Check ``events`` against the rules; return (event count, state) at each decision."""
    if not events:
        raise ReplayError("an empty log holds no game")
    opening = _opening(rules, events[0])
    for index, expected in enumerate(opening):
        if index >= len(events) or events[index] != expected:
            found = events[index].TYPE if index < len(events) else "the end of the log"
            redacted = any(
                isinstance(e, ev.CustomerDeckShuffled | ev.SpellDeckShuffled) and ev.HIDDEN in e.order
                for e in events[: len(opening)]
            )
            hint = (
                "; a player's redacted log cannot be replayed, fold it to see that view" if redacted else ""
            )
            raise ReplayError(f"event {index} ({found}) is not what setting up this game gives{hint}")
    state = fold(opening)
    marks: Marks = [(len(opening), state)]
    start = len(opening)
    while start < len(events):
        end = next((i for i in range(start, len(events)) if isinstance(events[i], ev.FlowAdvanced)), None)
        if end is None:
            raise ReplayError(f"events {start}-{len(events) - 1}: the log stops in the middle of an action")
        block = list(events[start : end + 1])
        decision = pending_decision(rules, state)
        if decision is None:
            raise ReplayError(f"event {start} ({events[start].TYPE}) comes after the end of the game")
        for action in decision.actions:
            produced, after, _ = decide_and_fold(rules, state, action, decision)
            if produced == block:
                break
        else:
            who = state.players[decision.player].name if decision.player >= 0 else "nobody"
            raise ReplayError(
                f"events {start}-{end} (from {events[start].TYPE}) follow from no legal action "
                f"of decision {decision.kind!r} of {who!r}"
            )
        state = after
        marks.append((end + 1, state))
        start = end + 1
    return marks
