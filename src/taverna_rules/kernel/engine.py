"""The decide side of the kernel: actions in, events out.

The state's :attr:`~taverna_rules.kernel.state.GameState.stack` lists the steps still to
resolve. Automatic steps run at once; a decision step stops the engine until a player
acts. :func:`decide` checks an action against the pending decision, resolves it, runs
the automatic steps that follow and returns every event, the last one always a
:class:`~taverna_rules.kernel.events.FlowAdvanced` recording the new stack.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from taverna_rules._shown import shown
from taverna_rules.content.model import RuleSet
from taverna_rules.dsl.nodes import Node
from taverna_rules.errors import IllegalActionError
from taverna_rules.game_modules import game_module
from taverna_rules.kernel import events as ev
from taverna_rules.kernel._registry import Registry
from taverna_rules.kernel._replace import replace
from taverna_rules.kernel.actions import Action, EndTurn, Pass, action_problem
from taverna_rules.kernel.state import GameState, Task

__all__ = ["Decision", "Engine", "Trace", "decide", "decide_and_fold", "pending_decision", "run_flow"]

Auto = Callable[["Engine", Task], None]
Legal = Callable[[RuleSet, GameState, Task], tuple[Action, ...]]
Apply = Callable[["Engine", Task, Any], None]
Prompt = Callable[[RuleSet, GameState, Task], str]
Explain = Callable[[RuleSet, GameState, Task, Any], str]
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


AUTOMATIC: Registry[Auto] = Registry("flow step")
DECISIONS: Registry[DecisionKind] = Registry("decision kind")


def automatic(kind: str) -> Callable[[Auto], Auto]:
    """Register the handler of an automatic step."""

    def register(fn: Auto) -> Auto:
        AUTOMATIC.add(kind, fn)
        return fn

    return register


def decision(
    kind: str,
    legal: Legal,
    prompt: Prompt,
    explain: Explain | None = None,
    takes: tuple[type[Action], ...] = (),
) -> Callable[[Apply], Apply]:
    """Register a decision step: its legal actions, its prompt, how an action resolves, and
    optionally why an action of a type it ``takes`` is refused."""

    def register(fn: Apply) -> Apply:
        DECISIONS.add(kind, DecisionKind(legal, fn, prompt, explain, takes))
        return fn

    return register


@attrs.frozen
class Decision:
    """What the game waits for: who chooses, what kind of choice, and the legal actions."""

    player: int
    kind: str
    prompt: str
    actions: tuple[Action, ...]


class Engine:
    """A working copy of a state that emits events and folds them as it goes.

    ``trace``, when a list, receives ``(ref, path)`` for every effect node resolved (see
    :data:`Trace`); ``None`` (the default) records nothing. Tracing never changes events.
    """

    def __init__(self, rules: RuleSet, state: GameState, trace: Trace | None = None) -> None:
        self.rules = rules
        #: The game's own parts: its steps, decisions, fold and effect lookup.
        self.module = game_module(rules.game)
        self._evolve = self.module.evolve
        self._decisions: Mapping[str, DecisionKind] = self.module.decisions
        self._steps: Mapping[str, Auto] = self.module.steps
        self.state = state
        self.events: list[ev.Event] = []
        self.stack: list[Task] = list(state.stack)
        #: The decision :meth:`run` stopped at, computed once for the caller to reuse.
        self.pending: Decision | None = None
        #: Where resolved effect nodes are recorded, or ``None``.
        self.trace = trace

    def emit(self, event: ev.Event) -> None:
        """Record ``event`` and fold it into the working state."""
        self.state = self._evolve(self.state, event)
        self.events.append(event)

    def push(self, *tasks: Task) -> None:
        """Schedule ``tasks`` to run next, the first one first."""
        self.stack.extend(reversed(tasks))

    def effect(self, ref: str, path: tuple[int, ...] = ()) -> Node:
        """The effect node a task points at."""
        node: Node = self.module.resolve(self.rules, ref).at(path)
        return node

    def run(self) -> None:
        """Run automatic steps until a decision is pending or the stack is empty."""
        self.pending = None
        while self.stack:
            top = self.stack[-1]
            if top.kind in self._decisions:
                # Legal actions may look at the steps ahead: show them the live stack.
                self.state = replace(self.state, stack=tuple(self.stack))
                kind = self._decisions[top.kind]
                legal = kind.legal(self.rules, self.state, top)
                if legal not in _PASS_ONLY:
                    self.pending = Decision(
                        top.player, top.kind, kind.prompt(self.rules, self.state, top), legal
                    )
                    break
                # A window whose only choice is to pass needs nobody's attention.
                self.stack.pop()
                kind.apply(self, top, legal[0])
                continue
            self.stack.pop()
            self._steps[top.kind](self, top)
        # After a stop at a decision the state already holds this very stack: folding the
        # event then costs nothing (evolve returns the state when the stack is the same).
        live = self.state.stack
        same = len(live) == len(self.stack) and all(a is b for a, b in zip(live, self.stack, strict=True))
        self.emit(ev.FlowAdvanced(live if same else tuple(self.stack)))


# A decision offering only one of these needs nobody: it resolves by itself.
_PASS_ONLY: tuple[tuple[Action, ...], ...] = ((EndTurn(),), (Pass(),))


def resolve_ref(rules: RuleSet, ref: str) -> Node:
    """The effect named by a task ref: ``track:orc:2``, ``royal:king``, ``spell:curse``,
    ``dignitary:princess:1``, ``favour:gain_level``."""
    kind, _, rest = ref.partition(":")
    node: Node | None
    if kind == "dignitary":
        dignitary, _, level = rest.partition(":")
        node = rules.dignitary(dignitary).levels[int(level)].effect
    elif kind == "track":
        people, _, position = rest.rpartition(":")
        node = rules.track(people).bonus(int(position))
    elif kind == "royal":
        node = rules.royal(rest).effect
    elif kind == "favour":
        node = rules.favour(rest).effect
    elif kind == "spell":
        node = rules.spell(rest).effect
    else:
        node = None
    if node is None:
        raise KeyError(f"no effect at {ref!r}")
    return node


def pending_decision(rules: RuleSet, state: GameState) -> Decision | None:
    """The decision the game waits for, or ``None`` when it is over."""
    if state.over or not state.stack:
        return None
    top = state.stack[-1]
    kind: DecisionKind = game_module(rules.game).decisions[top.kind]
    prompt = kind.prompt(rules, state, top)
    if 0 <= top.player < len(state.players) and ev.HIDDEN in state.players[top.player].hand:
        # A player's view (folded from the log as they see it): the decider's hand is hidden
        # from it, and so are the actions that would name its cards.
        return Decision(top.player, top.kind, prompt, ())
    return Decision(top.player, top.kind, prompt, kind.legal(rules, state, top))


def decide(rules: RuleSet, state: GameState, action: Action, *, player: int | None = None) -> list[ev.Event]:
    """The events that ``action`` causes; raise :class:`IllegalActionError` if it is not legal.

    ``player``, when given, is the seat that sends the action: an action from any other
    seat than the deciding one is refused, and the refusal names nothing that seat may
    not see. Nothing is changed on error: states are immutable and no event is returned.
    """
    return decide_and_fold(rules, state, action, player=player)[0]


def decide_and_fold(
    rules: RuleSet,
    state: GameState,
    action: Action,
    pending: Decision | None = None,
    *,
    trace: Trace | None = None,
    player: int | None = None,
) -> tuple[list[ev.Event], GameState, Decision | None]:
    """:func:`decide`, the state those events fold to (the engine folds as it goes), and
    the decision that state waits for (``None`` once the game is over).

    ``pending`` may pass the decision already computed for ``state``, to save the work.
    ``trace``, when a list, gets ``(ref, path)`` appended for each effect node the action
    resolves (see :data:`Trace`); the events are the same with or without it.
    """
    if state.rules != rules.fingerprint:
        raise IllegalActionError(
            f"the game was set up with rules {state.rules[:12]!r}, not {rules.fingerprint[:12]!r}"
        )
    problem = action_problem(action)
    if problem:
        raise IllegalActionError(f"{shown(action, wide=True)} is not an action: {problem}")
    if pending is None:
        pending = pending_decision(rules, state)
    if pending is None:
        raise IllegalActionError(f"the game is over: {shown(action, wide=True)} cannot be played")
    if player is not None and player != pending.player:
        raise IllegalActionError(_not_yours(state, pending, player, action))
    # Safe after action_problem: an action of a registered type with plain field values
    # compares by type and value only.
    if action not in pending.actions:
        raise IllegalActionError(_refusal(rules, state, pending, action))
    engine = Engine(rules, state, trace)
    task = engine.stack.pop()
    engine._decisions[task.kind].apply(engine, task, action)
    engine.run()
    return engine.events, engine.state, engine.pending


def _name(state: GameState, seat: int) -> str:
    return repr(state.players[seat].name) if 0 <= seat < len(state.players) else "nobody"


def _not_yours(state: GameState, pending: Decision, player: int, action: Action) -> str:
    """The refusal of an action sent by a seat that does not decide: it says who decides
    and what about (public), never the decider's legal actions (they name a hidden hand)."""
    return (
        f"{shown(action, wide=True)} from {_name(state, player)} is refused: the pending decision "
        f"{pending.kind!r} ({pending.prompt}) is {_name(state, pending.player)}'s"
    )


def _refusal(rules: RuleSet, state: GameState, pending: Decision, action: Action) -> str:
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
        why = kind.explain(rules, state, state.stack[-1], action) if kind.explain else ""
    reason = f": {why}" if why else ""
    return (
        f"{shown(action, wide=True)} is not legal in decision {pending.kind!r} of "
        f"{_name(state, pending.player)} ({pending.prompt}){reason}; legal: {shown_actions}{more}"
    )


def run_flow(rules: RuleSet, state: GameState, first: Sequence[ev.Event] = ()) -> list[ev.Event]:
    """Run the automatic steps of a fresh state (after a start or a loaded position)."""
    engine = Engine(rules, state)
    engine.events.extend(first)
    engine.run()
    return engine.events
