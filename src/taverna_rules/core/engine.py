"""The decide side of the core: actions in, events out, for any game module.

The state's ``stack`` lists the steps still to resolve (:class:`Task`). Automatic steps
run at once; a decision step stops the engine until a player acts, or, for a
simultaneous decision, until every seat it asks has committed a hidden choice.
:func:`decide` checks an action against the pending decision, resolves it, runs the
automatic steps that follow and returns every event, the last one always a
:class:`~taverna_rules.core.records.FlowAdvanced` recording the new stack.

A game declares its steps and decision kinds on a :class:`Flow` of its own; the engine
reads them, the game's fold and its other parts from the game's
:class:`~taverna_rules.game_modules.GameModule`, named by the rules' ``game``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from operator import is_
from typing import Any

import attrs

from taverna_rules._shown import shown
from taverna_rules.core._registry import Registry
from taverna_rules.core._replace import freeze, replace, thaw
from taverna_rules.core.records import (
    Action,
    ChoiceCommitted,
    ChoicesRevealed,
    Event,
    FlowAdvanced,
    Task,
    action_problem,
)
from taverna_rules.errors import GameModuleError, IllegalActionError
from taverna_rules.game_modules import GameModule, game_module

__all__ = [
    "CORE_FOLDS",
    "Decision",
    "DecisionKind",
    "Diverged",
    "Engine",
    "Flow",
    "Trace",
    "decide",
    "decide_and_fold",
    "pending_decision",
    "pending_decisions",
    "resolve",
    "run_flow",
]

Auto = Callable[["Engine", Task], None]
Legal = Callable[[Any, Any, Task], tuple[Action, ...]]
Apply = Callable[["Engine", Task, Any], None]
Prompt = Callable[[Any, Any, Task], str]
Explain = Callable[[Any, Any, Task, Any], str]
Seats = Callable[[Any, Any, Task], tuple[int, ...]]
#: A record of the effect nodes an engine resolved, oldest first: ``(ref, path)`` of each
#: ``effect`` step, the node being ``resolve_ref(rules, ref).at(path)``. For coverage tools.
Trace = list[tuple[str, tuple[int, ...]]]


@attrs.frozen
class DecisionKind:
    """How one kind of decision lists its actions, words its prompt, explains a refusal
    and resolves."""

    legal: Legal
    apply: Apply
    prompt: Prompt
    explain: Explain | None = None
    #: The action types this decision answers to (for the refusal message).
    takes: tuple[type[Action], ...] = ()
    #: For a simultaneous decision, the seats it asks (``legal``, ``prompt`` and
    #: ``explain`` then see the task with ``player`` set to each seat, and ``apply`` gets
    #: the revealed choices, ``((seat, action), ...)``); ``None`` for one decider.
    seats: Seats | None = None


class Flow:
    """A game's steps, by kind: the automatic ones and the decisions. Each game has its
    own (a second step under a kind is refused)."""

    def __init__(self) -> None:
        self.steps: Registry[Auto] = Registry("flow step")
        self.decisions: Registry[DecisionKind] = Registry("decision kind")

    def automatic(self, kind: str) -> Callable[[Auto], Auto]:
        """Register the handler of an automatic step."""

        def register(fn: Auto) -> Auto:
            self.steps.add(kind, fn)
            return fn

        return register

    def decision(
        self,
        kind: str,
        legal: Legal,
        prompt: Prompt,
        explain: Explain | None = None,
        takes: tuple[type[Action], ...] = (),
    ) -> Callable[[Apply], Apply]:
        """Register a decision step: its legal actions, its prompt, how an action
        resolves, and optionally why an action of a type it ``takes`` is refused."""

        def register(fn: Apply) -> Apply:
            self.decisions.add(kind, DecisionKind(legal, fn, prompt, explain, takes))
            return fn

        return register

    def simultaneous(
        self, kind: str, seats: Seats, legal: Legal, prompt: Prompt, takes: tuple[type[Action], ...] = ()
    ) -> Callable[[Apply], Apply]:
        """Register a simultaneous decision: every seat of ``seats`` commits a hidden
        choice, in any order; after the last commit the choices are revealed (an event)
        and the decorated function resolves them, ``apply(engine, task, choices)``."""

        def register(fn: Apply) -> Apply:
            self.decisions.add(kind, DecisionKind(legal, fn, prompt, None, takes, seats))
            return fn

        return register


@attrs.frozen
class Decision:
    """What the game waits for: who chooses, what kind of choice, and the legal actions."""

    player: int
    kind: str
    prompt: str
    actions: tuple[Action, ...]


def _live(table: Mapping[str, Any]) -> Mapping[str, Any]:
    # A registry's own dict answers lookups several times faster than its Mapping API.
    return table.entries if isinstance(table, Registry) else table


#: What an engine reads of each game module, looked up once per game (every action builds
#: an engine): the module, its fold, live decision and step tables, passes and react.
_Parts = tuple[
    GameModule,
    Callable[[Any, Event], Any],
    Mapping[str, "DecisionKind"],
    Mapping[str, "Auto"],
    tuple[Any, ...],
    Callable[[Any, Any], None] | None,
]
_PARTS: dict[str, _Parts] = {}


def _parts(module: GameModule) -> _Parts:
    parts: _Parts = (
        module,
        module.evolve,
        _live(module.decisions),
        _live(module.steps),
        module.passes,
        module.react,
    )
    _PARTS[module.id] = parts
    return parts


class Diverged(Exception):
    """An engine with expected events emitted another one (at ``index``): verified replay's
    early exit, never seen outside the core."""

    def __init__(self, index: int) -> None:
        super().__init__(index)
        self.index = index


class Engine:
    """A working copy of a state that emits events and folds them as it goes.

    ``trace``, when a list, receives ``(ref, path)`` for every effect node resolved (see
    :data:`Trace`); ``None`` (the default) records nothing. Tracing never changes events.
    """

    __slots__ = (
        "_decisions",
        "_evolve",
        "_expect",
        "_owned",
        "_passes",
        "_quiet",
        "_react",
        "_reacted",
        "_steps",
        "events",
        "module",
        "pending",
        "reactions",
        "rules",
        "stack",
        "state",
        "trace",
    )

    def __init__(
        self,
        rules: Any,
        state: Any,
        trace: Trace | None = None,
        *,
        transient: bool = False,
        expect: Sequence[Event] | None = None,
        quiet: bool = False,
        owned: bool = False,
    ) -> None:
        self.rules = rules
        module = game_module(rules.game)
        parts = _PARTS.get(module.id)
        if parts is None or parts[0] is not module:
            parts = _parts(module)
        #: The game's own parts: its steps, decisions, fold and effect lookup.
        self.module: GameModule
        self.module, self._evolve, self._decisions, self._steps, self._passes, self._react = parts
        #: Tasks the game's ``react`` scheduled during this action (for it to bound them).
        self.reactions = 0
        self._reacted: list[Task] = []
        #: The working state; with ``transient``, a copy the folds change in place (see
        #: :func:`~taverna_rules.core._replace.thaw`), read it frozen with :meth:`result`.
        #: With ``owned``, ``state`` already is such a copy, the caller's (a playout keeps
        #: one for the whole game): it is changed in place and :meth:`result` hands it back.
        self.state = state if owned else thaw(state) if transient else state
        self._owned = owned
        self.events: list[Event] = []
        self.stack: list[Task] = list(state.stack)
        #: The decision :meth:`run` stopped at, computed once for the caller to reuse.
        self.pending: Decision | None = None
        #: Where resolved effect nodes are recorded, or ``None``.
        self.trace = trace
        #: The events this action must produce (verified replay): the first other one
        #: stops the engine with :class:`Diverged`, sparing the rest of a wrong guess.
        self._expect = expect
        #: A playout's engine: decisions without prompts, and the stack set without its
        #: event (nobody keeps a log).
        self._quiet = quiet

    def result(self) -> Any:
        """The working state, frozen (an ``owned`` one as it is)."""
        return self.state if self._owned else freeze(self.state)

    def emit(self, event: Event) -> None:
        """Record ``event`` and fold it into the working state."""
        expect = self._expect
        if expect is not None:
            index = len(self.events)
            if index >= len(expect) or expect[index] != event:
                raise Diverged(index)
        self.state = self._evolve(self.state, event)
        self.events.append(event)
        if self._react is not None:
            self._react(self, event)

    def draw(self, outcome: Callable[[random.Random], Event]) -> Event:
        """Chance during play: ``outcome`` makes the event of a draw (dice rolled, a card
        drawn from a shuffled deck) from a generator keyed on the game's seed and its draw
        counter, and the event is emitted. Folding the event must count the draw
        (``draws`` one more), so the next draw differs; fold and replay read the event
        and never touch a generator."""
        before = self.state.draws
        event = outcome(random.Random(f"{self.state.seed}/{before}"))
        self.emit(event)
        if self.state.draws != before + 1:
            raise RuntimeError(
                f"folding {event.TYPE} must count one draw (draws {before} -> {self.state.draws})"
            )
        return event

    def push(self, *tasks: Task) -> None:
        """Schedule ``tasks`` to run next, the first one first."""
        self.stack.extend(reversed(tasks))

    def react(self, *tasks: Task) -> None:
        """Schedule ``tasks`` (a trigger's effects) to run as soon as the step that emitted
        the event is done, before what that step pushed, the first one first."""
        self.reactions += len(tasks)
        self._reacted.extend(tasks)

    def _settle(self) -> None:
        # The step is done: what it set off runs before anything it scheduled.
        if self._reacted:
            self.push(*self._reacted)
            self._reacted.clear()

    def effect(self, ref: str, path: tuple[int, ...] = ()) -> Any:
        """The effect node a task points at."""
        return self.module.resolve(self.rules, ref).at(path)

    def run(self) -> None:
        """Run automatic steps until a decision is pending or the stack is empty."""
        self.pending = None
        while self.stack:
            top = self.stack[-1]
            if top.kind in self._decisions:
                # Legal actions may look at the steps ahead: show them the live stack.
                self.state = replace(self.state, stack=tuple(self.stack))
                kind = self._decisions[top.kind]
                if kind.seats is not None:
                    waiting = _waiting(self.module, self.rules, self.state, top, kind)
                    if waiting:
                        self.pending = waiting[0]
                        break
                    self.stack.pop()  # nobody to ask
                    self._reveal(top, kind)
                    self._settle()
                    continue
                legal = kind.legal(self.rules, self.state, top)
                if len(legal) != 1 or legal[0] not in self._passes:
                    prompt = "" if self._quiet else kind.prompt(self.rules, self.state, top)
                    self.pending = Decision(top.player, top.kind, prompt, legal)
                    break
                # A window whose only choice is to pass needs nobody's attention.
                self.stack.pop()
                kind.apply(self, top, legal[0])
                self._settle()
                continue
            self.stack.pop()
            step = self._steps.get(top.kind)
            if step is None:
                raise GameModuleError(f"game {self.module.id!r} has no step {top.kind!r} in its flow")
            step(self, top)
            self._settle()
        # After a stop at a decision the state already holds this very stack: folding the
        # event then costs nothing (evolve returns the state when the stack is the same).
        live = self.state.stack
        same = len(live) == len(self.stack) and all(map(is_, live, self.stack))
        if not self._quiet:
            self.emit(FlowAdvanced(live if same else tuple(self.stack)))
        elif not same:
            self.state = replace(self.state, stack=tuple(self.stack))

    def _reveal(self, task: Task, kind: DecisionKind) -> None:
        choices = tuple(sorted(self.state.commits))
        self.emit(ChoicesRevealed(choices))
        kind.apply(self, task, choices)


def _decision(module: GameModule, rules: Any, state: Any, task: Task, kind: DecisionKind) -> Decision:
    prompt = kind.prompt(rules, state, task)
    if 0 <= task.player < len(state.players) and module.visibility.blind(state, task.player):
        # A player's view (folded from the log as they see it): the decider's own things
        # are hidden from it, and so are the actions that would name them.
        return Decision(task.player, task.kind, prompt, ())
    return Decision(task.player, task.kind, prompt, kind.legal(rules, state, task))


def _waiting(
    module: GameModule, rules: Any, state: Any, task: Task, kind: DecisionKind
) -> tuple[Decision, ...]:
    """The decisions of a simultaneous step's seats that have not committed yet."""
    assert kind.seats is not None
    done = {seat for seat, _ in state.commits}
    return tuple(
        _decision(module, rules, state, attrs.evolve(task, player=seat), kind)
        for seat in kind.seats(rules, state, task)
        if seat not in done
    )


def pending_decisions(rules: Any, state: Any) -> tuple[Decision, ...]:
    """Every decision the game waits for: one, or, at a simultaneous decision, one for
    each seat still to commit (in seat order); ``()`` once the game is over."""
    if state.over or not state.stack:
        return ()
    module = game_module(rules.game)
    top = state.stack[-1]
    kind = _decision_kind(module, top)
    if kind.seats is not None:
        return _waiting(module, rules, state, top, kind)
    return (_decision(module, rules, state, top, kind),)


def pending_decision(rules: Any, state: Any) -> Decision | None:
    """The decision the game waits for (at a simultaneous decision, the first seat's
    still to commit), or ``None`` when it is over."""
    waiting = pending_decisions(rules, state)
    return waiting[0] if waiting else None


def _decision_kind(module: GameModule, top: Task) -> DecisionKind:
    """The decision kind of the stack's top; a state whose top is no decision (an opening
    whose steps never ran) is the game module's error, said as such."""
    kind: DecisionKind | None = module.decisions.get(top.kind)
    if kind is None:
        ran = "did its start() run the opening's steps (run_flow)?"
        raise GameModuleError(f"game {module.id!r} waits on step {top.kind!r}, which is no decision: {ran}")
    return kind


def decide(rules: Any, state: Any, action: Action, *, player: int | None = None) -> list[Event]:
    """The events that ``action`` causes; raise :class:`IllegalActionError` if it is not legal.

    ``player``, when given, is the seat that sends the action: an action from a seat that
    does not decide is refused, and the refusal names nothing that seat may not see. At
    a simultaneous decision ``player`` says whose choice it is (without it, the first
    seat still to choose). Nothing is changed on error: states are immutable and no event
    is returned.
    """
    return decide_and_fold(rules, state, action, player=player)[0]


def decide_and_fold(
    rules: Any,
    state: Any,
    action: Action,
    pending: Decision | None = None,
    *,
    trace: Trace | None = None,
    player: int | None = None,
    expect: Sequence[Event] | None = None,
) -> tuple[list[Event], Any, Decision | None]:
    """:func:`decide`, the state those events fold to (the engine folds as it goes), and
    the decision that state waits for (``None`` once the game is over).

    ``pending`` may pass the decision already computed for ``state``, to save the work.
    ``trace``, when a list, gets ``(ref, path)`` appended for each effect node the action
    resolves (see :data:`Trace`); the events are the same with or without it.
    ``expect`` (for verified replay) lists the events the action must produce: the first
    event that differs raises :class:`Diverged` at once.
    """
    if state.rules != rules.fingerprint:
        raise IllegalActionError(
            f"the game was set up with rules {state.rules[:12]!r}, not {rules.fingerprint[:12]!r}"
        )
    module = game_module(rules.game)
    problem = action_problem(action, module.actions)
    if problem:
        raise IllegalActionError(f"{shown(action, wide=True)} is not an action: {problem}")
    if pending is None or (player is not None and player != pending.player):
        pending = _pending_for(rules, state, player)
    if pending is None:
        raise IllegalActionError(f"the game is over: {shown(action, wide=True)} cannot be played")
    if player is not None and player != pending.player:
        raise IllegalActionError(_not_yours(state, pending, player, action))
    # Safe after action_problem: an action of a registered type with plain field values
    # compares by type and value only.
    if action not in pending.actions:
        raise IllegalActionError(_refusal(rules, state, pending, action))
    return resolve(rules, state, action, pending, trace=trace, expect=expect)


def resolve(
    rules: Any,
    state: Any,
    action: Action,
    pending: Decision,
    *,
    trace: Trace | None = None,
    expect: Sequence[Event] | None = None,
    transient: bool = True,
    quiet: bool = False,
    owned: bool = False,
) -> tuple[list[Event], Any, Decision | None]:
    """:func:`decide_and_fold` of an action known to be legal: one of ``pending.actions``,
    ``pending`` being a decision ``state`` waits for (nothing is checked).

    ``transient=False`` folds every event into a new frozen state (the pure path, as
    replay does); the default folds into one working copy. Both give equal results.
    ``quiet`` (for playouts) leaves the decision's prompt empty and the stack's last event
    out: the state is the same. ``owned`` (for playouts) says that ``state`` is a transient
    working copy (:func:`~taverna_rules.core._replace.thaw`) only the caller holds: it is
    changed in place and returned unfrozen, sparing a copy each way.
    """
    engine = Engine(rules, state, trace, transient=transient, expect=expect, quiet=quiet, owned=owned)
    top = engine.stack[-1]
    kind = engine._decisions[top.kind]
    if kind.seats is None:
        engine.stack.pop()
        kind.apply(engine, top, action)
    else:
        engine.emit(ChoiceCommitted(pending.player, action))
        if not _waiting(engine.module, rules, engine.state, top, kind):
            engine.stack.pop()
            engine._reveal(top, kind)
    engine._settle()
    engine.run()
    return engine.events, engine.result(), engine.pending


def _pending_for(rules: Any, state: Any, player: int | None) -> Decision | None:
    """The pending decision of ``player`` (any seat asked, at a simultaneous decision), or
    the first one."""
    waiting = pending_decisions(rules, state)
    mine = [d for d in waiting if d.player == player]
    return mine[0] if mine else (waiting[0] if waiting else None)


def _name(state: Any, seat: int) -> str:
    return repr(state.players[seat].name) if 0 <= seat < len(state.players) else "nobody"


def _not_yours(state: Any, pending: Decision, player: int, action: Action) -> str:
    """The refusal of an action sent by a seat that does not decide: it says who decides
    and what about (public), never the decider's legal actions (they name a hidden hand)."""
    if any(seat == player for seat, _ in getattr(state, "commits", ())):
        return (
            f"{shown(action, wide=True)} from {_name(state, player)} is refused: they have already "
            f"chosen in the pending decision {pending.kind!r} ({pending.prompt})"
        )
    return (
        f"{shown(action, wide=True)} from {_name(state, player)} is refused: the pending decision "
        f"{pending.kind!r} ({pending.prompt}) is {_name(state, pending.player)}'s"
    )


def _refusal(rules: Any, state: Any, pending: Decision, action: Action) -> str:
    """Why ``action`` is refused, with the decision it failed against and the legal actions:
    words for the deciding player, who may see every card the legal actions name."""
    shown_actions = ", ".join(repr(a) for a in pending.actions[:6])
    more = f" and {len(pending.actions) - 6} more" if len(pending.actions) > 6 else ""
    kind: DecisionKind = game_module(rules.game).decisions[pending.kind]
    takes = kind.takes or tuple({type(a): None for a in pending.actions})
    if not isinstance(action, takes):
        names = " or ".join(t.__name__ for t in takes)
        why = f"this decision takes {names}, not {type(action).__name__}"
    else:
        task = attrs.evolve(state.stack[-1], player=pending.player)
        why = kind.explain(rules, state, task, action) if kind.explain else ""
    reason = f": {why}" if why else ""
    return (
        f"{shown(action, wide=True)} is not legal in decision {pending.kind!r} of "
        f"{_name(state, pending.player)} ({pending.prompt}){reason}; legal: {shown_actions}{more}"
    )


def run_flow(rules: Any, state: Any, first: Sequence[Event] = ()) -> list[Event]:
    """Run the automatic steps of a fresh state (after a start or a loaded position)."""
    engine = Engine(rules, state)
    engine.events.extend(first)
    engine.run()
    return engine.events


def _fold_flow(state: Any, event: FlowAdvanced) -> Any:
    return state if event.stack == state.stack else replace(state, stack=event.stack)


def _fold_commit(state: Any, event: ChoiceCommitted) -> Any:
    return replace(state, commits=(*state.commits, (event.player, event.action)))


def _fold_reveal(state: Any, event: ChoicesRevealed) -> Any:
    return replace(state, commits=())


#: How the core's own events fold, for a game's ``evolve`` to use: the state keeps the
#: effect stack in ``stack`` and, for simultaneous decisions, the commits so far in
#: ``commits`` (``(seat, action)`` pairs; ``(seat, None)`` in another seat's view).
CORE_FOLDS: Mapping[type[Event], Callable[[Any, Any], Any]] = {
    FlowAdvanced: _fold_flow,
    ChoiceCommitted: _fold_commit,
    ChoicesRevealed: _fold_reveal,
}
