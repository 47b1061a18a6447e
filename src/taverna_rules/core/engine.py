"""The decide side of the core: actions in, events out, for any game module.

The state's ``stack`` lists the steps still to resolve (:class:`Task`). Automatic steps
run at once; a decision step stops the engine until a player acts, or, for a
simultaneous decision, until every seat it asks has committed a hidden choice.
:func:`decide` checks an action against the pending decision, resolves it, runs the
automatic steps that follow and returns every event, the last one always a
:class:`~taverna_rules.core.records.FlowAdvanced` recording the new stack.

A game declares its steps and decision kinds on a :class:`Flow` of its own; the engine
reads them, the game's fold and its other parts from the game's
:class:`~taverna_rules.core.game_modules.GameModule`, named by the rules' ``game``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from operator import is_
from typing import Any, NamedTuple

import attrs

from taverna_rules._shown import shown
from taverna_rules.core._registry import Registry
from taverna_rules.core._replace import freeze, replace, thaw
from taverna_rules.core.chance import (
    CHANCE,
    CHANCE_STEP,
    Chance,
    Outcome,
    PickOutcome,
    card_from,
    chance_mode,
    waits_for_chance,
)
from taverna_rules.core.game_modules import GameModule, foreign_action, game_module
from taverna_rules.core.prompts import Prompt as PromptType
from taverna_rules.core.prompts import addressed
from taverna_rules.core.records import (
    HIDDEN,
    Action,
    ChoiceCommitted,
    ChoicesRevealed,
    Decision,
    Event,
    FlowAdvanced,
    Task,
    action_problem,
)
from taverna_rules.core.serialize import action_from_json, action_to_json
from taverna_rules.errors import GameModuleError, IllegalActionError, TavernaError

__all__ = [
    "CHANCE_STEP",
    "CORE_FOLDS",
    "Decision",
    "DecisionKind",
    "Diverged",
    "Engine",
    "Flow",
    "Trace",
    "chance_outcomes",
    "decide",
    "decide_and_fold",
    "is_simultaneous",
    "picked_first",
    "pending_decision",
    "pending_decisions",
    "resolve",
    "run_flow",
]

Auto = Callable[["Engine", Task], None]
Legal = Callable[[Any, Any, Task], tuple[Action, ...]]
Apply = Callable[["Engine", Task, Any], None]
Prompt = PromptType
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
        """Register a decision step: its legal actions, its prompt (the question: the
        decider's name is put in front, :mod:`taverna_rules.core.prompts`), how an action
        resolves, and optionally why an action of a type it ``takes`` is refused."""

        def register(fn: Apply) -> Apply:
            self.decisions.add(kind, DecisionKind(legal, fn, addressed(prompt), explain, takes))
            return fn

        return register

    def simultaneous(
        self, kind: str, seats: Seats, legal: Legal, prompt: Prompt, takes: tuple[type[Action], ...] = ()
    ) -> Callable[[Apply], Apply]:
        """Register a simultaneous decision: every seat of ``seats`` commits a hidden
        choice, in any order; after the last commit the choices are revealed (an event)
        and the decorated function resolves them, ``apply(engine, task, choices)``."""

        def register(fn: Apply) -> Apply:
            self.decisions.add(kind, DecisionKind(legal, fn, addressed(prompt), None, takes, seats))
            return fn

        return register


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


class _ChanceNeeded(Exception):
    """A draw in explicit chance mode with no outcome picked yet: the engine's unit of work
    (an action, or the flow after a start) stops, and the game waits for chance."""

    def __init__(self, chance: Chance, forced: tuple[int, ...]) -> None:
        super().__init__(forced)
        self.chance = chance
        self.forced = forced


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
        "_drawn",
        "_evolve",
        "_expect",
        "_forced",
        "_owned",
        "_passes",
        "_quiet",
        "_react",
        "_reacted",
        "_steps",
        "events",
        "explicit",
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
        forced: tuple[int, ...] = (),
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
        #: Explicit chance mode (see :mod:`taverna_rules.core.chance`): the outcomes picked
        #: for this unit's draws so far, and how many of them the engine has used.
        self.explicit = chance_mode(state) == "explicit"
        self._forced = forced
        self._drawn = 0

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

    def draw(self, chance: Chance, rng: random.Random | None = None) -> Event:
        """A draw (dice rolled, a card drawn from an unordered deck): its event is emitted
        and returned.

        In sampled mode ``chance.sample`` makes the event from a generator keyed on the
        game's seed and its draw counter; folding the event must count the draw (``draws``
        one more), so the next draw differs. ``rng``, at setup, is the setup's own
        generator instead (the draw is then not counted). In explicit mode the outcome is
        the one picked at a chance decision; a draw with none picked yet stops the action
        there, and the game waits for chance. Fold and replay read the event and never
        touch a generator.
        """
        if self.explicit:
            return self._picked(chance)
        if rng is not None:
            event = chance.sample(rng)
            self.emit(event)
            return event
        before = self.state.draws
        event = chance.sample(random.Random(f"{self.state.seed}/{before}"))
        self.emit(event)
        if self.state.draws != before + 1:
            raise RuntimeError(
                f"folding {event.TYPE} must count one draw (draws {before} -> {self.state.draws})"
            )
        return event

    def _picked(self, chance: Chance) -> Event:
        """Explicit mode: emit the outcome picked for this draw, or stop for chance."""
        index = self._drawn
        if index >= len(self._forced):
            raise _ChanceNeeded(chance, self._forced)
        outcomes = chance.outcomes()
        picked = self._forced[index]
        if not 0 <= picked < len(outcomes):
            raise IllegalActionError(f"outcome {picked} of a draw with {len(outcomes)} outcomes")
        self._drawn += 1
        event = outcomes[picked][0]
        self.emit(event)
        return event

    def draw_card(self, deck: Sequence[str], make: Callable[[str], Event]) -> Event:
        """The top card of a deck shuffled at setup, as the event ``make`` makes of it
        (folding it takes that card out of the deck). In explicit mode the deck is
        unordered and the card is a draw (:meth:`draw`)."""
        if self.explicit:
            return self.draw(card_from(deck, make))
        event = make(deck[0])
        self.emit(event)
        return event

    def shuffled(self, items: Sequence[Any], rng: random.Random) -> tuple[Any, ...]:
        """``items`` shuffled by the setup's generator for a deck; in explicit mode, sorted:
        the deck stays unordered and each card drawn from it is a chance decision."""
        if self.explicit:
            return tuple(sorted(items))
        order = list(items)
        rng.shuffle(order)
        return tuple(order)

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
    top = state.stack[-1]
    if top.kind == CHANCE_STEP:
        return (_chance_decision(rules, state),)
    module = game_module(rules.game)
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
        problem = foreign_action(action, module) or problem
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
    if pending.kind == CHANCE_STEP:
        assert isinstance(action, PickOutcome)
        return _pick_outcome(rules, state, action.index, trace=trace, expect=expect, transient=transient)
    # In explicit chance mode a run that stops at a draw keeps none of its events: it is
    # checked against ``expect`` at its end.
    explicit = chance_mode(state) == "explicit"
    try:
        engine = _unit(
            rules,
            state,
            action,
            pending,
            trace=trace,
            expect=None if explicit else expect,
            transient=transient,
            quiet=quiet,
            owned=owned,
        )
    except _ChanceNeeded as need:
        return _await_chance(rules, state, need, action, pending.player, expect)
    return _checked(engine, expect if explicit else None)


def _checked(engine: Engine, expect: Sequence[Event] | None) -> tuple[list[Event], Any, Decision | None]:
    """What a run made, once its events are the ``expect``-ed ones (when given)."""
    if expect is not None and engine.events != list(expect):
        raise Diverged(0)
    return engine.events, engine.result(), engine.pending


def _unit(
    rules: Any,
    state: Any,
    action: Action | None,
    pending: Decision | None,
    *,
    forced: tuple[int, ...] = (),
    trace: Trace | None = None,
    expect: Sequence[Event] | None = None,
    transient: bool = True,
    quiet: bool = False,
    owned: bool = False,
) -> Engine:
    """The engine's unit of work: ``action`` resolved at ``pending`` (``None``: the flow of
    a fresh state), then the automatic steps up to the next decision. In explicit chance
    mode ``forced`` are the outcomes already picked for its draws, and a draw beyond them
    raises :class:`_ChanceNeeded`."""
    engine = Engine(
        rules, state, trace, transient=transient, expect=expect, quiet=quiet, owned=owned, forced=forced
    )
    if action is not None:
        assert pending is not None
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
    return engine


# ----------------------------------------------------------------------------- chance decisions
# A unit of work that draws in explicit chance mode stops at the draw and is thrown away:
# the game waits, on a chance step pushed on the state before the unit, holding the action
# and the outcomes picked so far. Picking an outcome runs the whole unit again from that
# state with one outcome more (steps are deterministic, so it takes the same path), until
# it draws no more. A step need not know it can be stopped half-way.


def _chance_task(action: Action | None, player: int, forced: tuple[int, ...]) -> Task:
    ref = "" if action is None else action_to_json(action)
    return Task(CHANCE_STEP, CHANCE, ref, args=(str(player), *map(str, forced)))


class _Drawing(NamedTuple):
    """A chance step, read: the state before the unit of work that is drawing, its
    action (``None``: the flow of a fresh state), the action's seat, the picks so far."""

    before: Any
    action: Action | None
    player: int
    forced: tuple[int, ...]


def _drawing(rules: Any, state: Any) -> _Drawing:
    """The chance step on top of ``state``, read."""
    task = state.stack[-1]
    try:
        player, *forced = (int(arg) for arg in task.args)
        action = action_from_json(task.ref, game=rules.game) if task.ref else None
    except (ValueError, TavernaError) as exc:
        raise IllegalActionError(f"the chance step {task!r} is not one this engine wrote ({exc})") from None
    return _Drawing(replace(state, stack=state.stack[:-1]), action, player, tuple(forced))


def _rerun(rules: Any, drawing: _Drawing, forced: tuple[int, ...], **options: Any) -> Engine:
    """The unit of a chance step run again with ``forced`` outcomes."""
    before, action, player, _ = drawing
    pending = None if action is None else _pending_for(rules, before, player)
    if action is not None and (pending is None or action not in pending.actions):
        raise IllegalActionError(
            f"the chance step's action {shown(action, wide=True)} is not legal before it"
        )
    return _unit(rules, before, action, pending, forced=forced, **options)


def _chance_at(rules: Any, state: Any) -> Chance:
    """The draw a chance step waits on."""
    drawing = _drawing(rules, state)
    try:
        _rerun(rules, drawing, drawing.forced)
    except _ChanceNeeded as need:
        return need.chance
    raise GameModuleError(
        f"game {rules.game!r} did not draw again when its action was run again: a step is not deterministic"
    )


def _pick_outcome(
    rules: Any,
    state: Any,
    index: int,
    *,
    trace: Trace | None,
    expect: Sequence[Event] | None,
    transient: bool,
) -> tuple[list[Event], Any, Decision | None]:
    drawing = _drawing(rules, state)
    try:
        # The run is checked against ``expect`` at its end only: when it draws again, the
        # events it made up to the draw are not kept.
        engine = _rerun(rules, drawing, (*drawing.forced, index), trace=trace, transient=transient)
    except _ChanceNeeded as need:
        return _await_chance(rules, drawing.before, need, drawing.action, drawing.player, expect)
    return _checked(engine, expect)


def _await_chance(
    rules: Any,
    state: Any,
    need: _ChanceNeeded,
    action: Action | None,
    player: int,
    expect: Sequence[Event] | None,
    first: Sequence[Event] = (),
) -> tuple[list[Event], Any, Decision | None]:
    """The unit of work from ``state`` stopped at a draw: the game waits for chance."""
    engine = Engine(rules, state, expect=expect)
    engine.events.extend(first)
    engine.emit(FlowAdvanced((*state.stack, _chance_task(action, player, need.forced))))
    engine.pending = _outcome_decision(len(need.chance.outcomes()))
    return engine.events, engine.result(), engine.pending


def _outcome_decision(count: int) -> Decision:
    actions = tuple(PickOutcome(i) for i in range(count))
    return Decision(CHANCE, CHANCE_STEP, f"chance: one of {count} outcomes", actions)


def _chance_decision(rules: Any, state: Any) -> Decision:
    if HIDDEN in state.stack[-1].args:
        # A view: who drew what is not shown, so neither are the outcomes.
        return Decision(CHANCE, CHANCE_STEP, "chance", ())
    return _outcome_decision(len(_chance_at(rules, state).outcomes()))


def picked_first(rules: Any, state: Any, block: Sequence[Event]) -> tuple[PickOutcome, ...]:
    """The outcomes of the chance decision ``state`` waits for that can have made ``block``
    (verified replay guesses them first): the one a chance step after it records as picked,
    or those whose event the block holds."""
    last = block[-1] if block else None
    if isinstance(last, FlowAdvanced) and waits_for_chance(last):
        forced = last.stack[-1].args[1:]
        depth = len(state.stack[-1].args) - 1
        if len(forced) > depth and forced[depth].isdigit():
            return (PickOutcome(int(forced[depth])),)
    held = set(block)
    return tuple(o.action for o in chance_outcomes(rules, state) if o.event in held)


def chance_outcomes(rules: Any, state: Any) -> tuple[Outcome, ...]:
    """The outcomes of the chance decision ``state`` waits for, with their probabilities;
    ``()`` when it waits for a player, is over, or is a view."""
    if state.over or not waits_for_chance(state) or HIDDEN in state.stack[-1].args:
        return ()
    pairs = _chance_at(rules, state).outcomes()
    return tuple(Outcome(PickOutcome(i), p, event) for i, (event, p) in enumerate(pairs))


def _pending_for(rules: Any, state: Any, player: int | None) -> Decision | None:
    """The pending decision of ``player`` (any seat asked, at a simultaneous decision), or
    the first one."""
    waiting = pending_decisions(rules, state)
    mine = [d for d in waiting if d.player == player]
    return mine[0] if mine else (waiting[0] if waiting else None)


def _name(state: Any, seat: int) -> str:
    if seat == CHANCE:
        return "chance"
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


def is_simultaneous(module: GameModule, decision: Decision) -> bool:
    """True for a decision of a simultaneous kind (every seat asked commits a choice)."""
    kind = module.decisions.get(decision.kind)
    return kind is not None and kind.seats is not None


def _refusal(rules: Any, state: Any, pending: Decision, action: Action) -> str:
    """Why ``action`` is refused, with the decision it failed against and the legal actions:
    words for the deciding player, who may see every card the legal actions name."""
    shown_actions = ", ".join(repr(a) for a in pending.actions[:6])
    more = f" and {len(pending.actions) - 6} more" if len(pending.actions) > 6 else ""
    if pending.kind == CHANCE_STEP:
        return (
            f"{shown(action, wide=True)} is not legal at a chance decision ({pending.prompt}): "
            f"it takes PickOutcome(index), index 0 to {len(pending.actions) - 1}"
        )
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
    """Run the automatic steps of a fresh state (after a start or a loaded position):
    ``first`` (the events that made it) and the events of the run."""
    try:
        engine = _unit(rules, state, None, None, transient=False)
    except _ChanceNeeded as need:
        return _await_chance(rules, state, need, None, CHANCE, None, first)[0]
    return [*first, *engine.events]


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
