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

import attrs

from taverna_rules._records import field_names
from taverna_rules._shown import shown
from taverna_rules.core.chance import CHANCE_STEP
from taverna_rules.core.chance_steps import picked_first
from taverna_rules.core.contract import RuleSetLike, StateLike
from taverna_rules.core.decide import pending_decisions, resolve
from taverna_rules.core.engine import LIVE, Decision, Diverged
from taverna_rules.core.game_modules import GameModule
from taverna_rules.core.pending import is_simultaneous
from taverna_rules.core.records import HIDDEN, Action, Event, FlowAdvanced
from taverna_rules.errors import ReplayError

__all__ = ["Divergence", "as_log", "find_divergence", "fold", "fold_checked", "verify_log", "verify_tail"]

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
    """Fold ``events``; an item that is not an event of the game, an event that cannot
    apply, or a log that does not end where an action's events end, raises
    :class:`ReplayError` with its index."""
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
    last = events[-1]
    if not isinstance(last, FlowAdvanced):
        # Cut in the middle of an action, the log folds to a state the game never waits
        # in: its decision cannot be worked out.
        raise ReplayError(
            f"the log ends in the middle of an action: its last event ({len(events) - 1}, "
            f"{type(last).__name__}) is not the FlowAdvanced that ends every action's events"
        )
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


def verify_log(module: GameModule, rules: RuleSetLike, events: Sequence[Event]) -> Marks:
    """Check ``events`` against the rules; return (event count, state) at each decision."""
    if not events:
        raise ReplayError("an empty log holds no game")
    first = events[0]
    game = getattr(first, "game", rules.game)
    if game != rules.game:
        raise ReplayError(f"the log is a game of {game!r}; these rules are for {rules.game!r}")
    opening = module.opening(rules, first)
    index = _opening_mismatch(opening, events)
    if index is not None:
        found = events[index].TYPE if index < len(events) else "the end of the log"
        hint = (
            "; a player's redacted log cannot be replayed, fold it to see that view"
            if _looks_redacted(events[: len(opening)])
            else ""
        )
        raise ReplayError(f"event {index} ({found}) is not what setting up this game gives{hint}")
    return verify_tail(module, rules, fold(module, opening), events, len(opening))


def _opening_mismatch(opening: Sequence[Event], events: Sequence[Event]) -> int | None:
    """The index of the first event of ``events`` that is not the recomputed ``opening``."""
    for index, expected in enumerate(opening):
        if index >= len(events) or events[index] != expected:
            return index
    return None


class _Unfollowed(Exception):
    """The block of events from ``start`` follows from no legal action of ``decisions``
    (none: the game is over) at ``state``: what :func:`find_divergence` diagnoses, and
    :func:`verify_tail` raises as a :class:`ReplayError` (never seen outside this module)."""

    def __init__(
        self, message: str, start: int, state: StateLike, decisions: Sequence[Decision], block: list[Event]
    ) -> None:
        super().__init__(message)
        self.start, self.state, self.decisions, self.block = start, state, decisions, block


def verify_tail(
    module: GameModule, rules: RuleSetLike, state: StateLike, events: Sequence[Event], start: int
) -> Marks:
    """Check ``events[start:]`` against the rules from ``state``, the state that
    ``events[:start]`` fold to (trusted: the opening just checked, or a snapshot); return
    (event count, state) at ``start`` and at each decision after it."""
    try:
        return _verify_blocks(module, rules, state, events, start)
    except _Unfollowed as stray:
        raise ReplayError(str(stray)) from None


def _verify_blocks(
    module: GameModule, rules: RuleSetLike, state: StateLike, events: Sequence[Event], start: int
) -> Marks:
    """:func:`verify_tail`, raising :class:`_Unfollowed` with what went astray."""
    marks: Marks = [(start, state)]
    decisions: Sequence[Decision] | None = None
    while start < len(events):
        end = _block_end(events, start)
        block = list(events[start : end + 1])
        if end == len(events):
            raise _Unfollowed(
                f"events {start}-{end - 1}: the log stops in the middle of an action",
                start,
                state,
                decisions or pending_decisions(rules, state),
                block,
            )
        if decisions is None:
            decisions = pending_decisions(rules, state)
        if not decisions:
            message = f"event {start} ({events[start].TYPE}) comes after the end of the game"
            raise _Unfollowed(message, start, state, (), block)
        after, following = _follows(rules, state, decisions, block)
        if after is None:
            decision = decisions[0]
            raise _Unfollowed(
                f"events {start}-{end} (from {events[start].TYPE}) follow from no legal action "
                f"of decision {decision.kind!r} of {_who(state, decision)!r}",
                start,
                state,
                decisions,
                block,
            )
        state = after
        marks.append((end + 1, state))
        start = end + 1
        # The action's own run found the next decision; a simultaneous one asks every
        # seat still to choose, which pending_decisions lists.
        single = following is not None and not is_simultaneous(module, following)
        decisions = (following,) if following is not None and single else None
    return marks


def _block_end(events: Sequence[Event], start: int) -> int:
    """The index of the ``FlowAdvanced`` that ends the block of one action from ``start``;
    ``len(events)`` when the log stops before it."""
    return next((i for i in range(start, len(events)) if isinstance(events[i], FlowAdvanced)), len(events))


def _who(state: StateLike, decision: Decision) -> str:
    return str(state.players[decision.player].name) if decision.player >= 0 else "chance"


def _values(record: Any) -> list[Any]:
    """The hashable field values of an event or action."""
    out = []
    for name in field_names(type(record)):
        value = getattr(record, name)
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
    rules: RuleSetLike, state: StateLike, decisions: Sequence[Decision], block: list[Event]
) -> tuple[StateLike | None, Decision | None]:
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
                produced, after, following = resolve(
                    rules, state, action, decision, mode=LIVE.verifying(block)
                )
            except Diverged:
                continue  # another action's events: most guesses stop at their first event
            if len(produced) == len(block):
                return after, following
    return None, None


@attrs.frozen
class Divergence:
    """Where a log and today's engine first disagree (:func:`find_divergence`).

    ``index`` is the first event that differs; ``logged`` is the log's event there
    (``None``: the log stops first) and ``engine`` the event the engine gives instead
    (``None``: the engine gives no more there). ``action`` is the legal action whose
    events follow the log the longest (``None`` at setup or once over), ``decision`` the
    kind of decision it answers and ``player`` who decides; ``message`` says it in words.
    """

    index: int
    logged: Event | None
    engine: Event | None
    action: Action | None
    decision: str
    player: str
    message: str


def find_divergence(module: GameModule, rules: RuleSetLike, events: Sequence[Event]) -> Divergence | None:
    """The first event where ``events`` and what the engine makes of them disagree, or
    ``None`` when the log verifies. For bug reports: a log recorded by an older engine,
    replayed by today's, points at the event where the behaviour changed."""
    if not events:
        raise ReplayError("an empty log holds no game")
    opening = module.opening(rules, events[0])
    index = _opening_mismatch(opening, events)
    if index is not None:
        logged = events[index] if index < len(events) else None
        return _divergence(index, logged, opening[index], None, "setup", "", "setting up the game")
    try:
        _verify_blocks(module, rules, fold(module, opening), events, len(opening))
    except _Unfollowed as stray:
        return _diagnose(rules, stray)
    return None


def _diagnose(rules: RuleSetLike, stray: _Unfollowed) -> Divergence:
    """The legal action whose events match the stray block the longest, and where they part."""
    block, start = stray.block, stray.start
    if not stray.decisions:
        return _divergence(start, block[0], None, None, "", "", "the game is over")
    best: tuple[int, Action, Decision, list[Event]] | None = None
    for decision in stray.decisions:
        for action in decision.actions:
            produced, _, _ = resolve(rules, stray.state, action, decision)
            same = next(
                (i for i, (a, b) in enumerate(zip(produced, block, strict=False)) if a != b),
                min(len(produced), len(block)),
            )
            if best is None or same > best[0]:
                best = (same, action, decision, produced)
    assert best is not None  # a pending decision always has an action
    same, action, decision, produced = best
    logged = block[same] if same < len(block) else None
    engine = produced[same] if same < len(produced) else None
    where = f"decision {decision.kind!r} of {_who(stray.state, decision)!r}, closest action {action!r}"
    return _divergence(
        start + same, logged, engine, action, decision.kind, _who(stray.state, decision), where
    )


def _divergence(
    index: int,
    logged: Event | None,
    engine: Event | None,
    action: Action | None,
    decision: str,
    player: str,
    where: str,
) -> Divergence:
    said = logged.TYPE if logged is not None else "the end of the log"
    gives = engine.TYPE if engine is not None else "nothing more"
    message = f"event {index}: the log has {said}, the engine gives {gives} ({where})"
    return Divergence(index, logged, engine, action, decision, player, message)
