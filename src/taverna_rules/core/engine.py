"""The engine: runs a game's steps from a state, emitting events and folding each into a
new immutable state as it goes.

The state's ``stack`` lists the steps still to resolve (:class:`Task`). Automatic steps
run at once; a decision step stops the engine until a player acts, or, for a
simultaneous decision, until every seat it asks has committed a hidden choice. One unit
of work, :meth:`Engine.play`, resolves an action at its decision and runs the automatic
steps that follow, up to the next decision; its last event is always a
:class:`~taverna_rules.core.records.FlowAdvanced` recording the new stack.

How an engine works is its :class:`Mode`: whether it keeps a log, whether it checks its
events against a log's. Callers name a preset: :data:`LIVE` (a game played),
:data:`PLAYOUT` (search), or ``LIVE.verifying(events)`` (verified replay). Every mode
folds each event into a new immutable state, as folding a log does.

Where the rest is: a game's steps and decision kinds are declared on a
:class:`~taverna_rules.core.flow.Flow`; :mod:`taverna_rules.core.decide` checks an action
and runs a unit (``decide``, ``resolve``, ``run_flow``, the pending decisions);
:mod:`taverna_rules.core.chance_steps` is the explicit chance mode's waiting on a draw.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from taverna_rules._records import copier
from taverna_rules.core.chance import Chance, Odds, card_from, chance_mode
from taverna_rules.core.contract import RuleSetLike, StateLike
from taverna_rules.core.flow import DecisionKind, game_parts
from taverna_rules.core.pending import waiting
from taverna_rules.core.records import (
    Action,
    ChoiceCommitted,
    ChoicesRevealed,
    ChoicesSealed,
    Decision,
    Event,
    FlowAdvanced,
    Task,
)
from taverna_rules.errors import GameModuleError, IllegalActionError

__all__ = ["LIVE", "LOGGED", "PLAYOUT", "Decision", "Diverged", "Engine", "Mode", "Played", "Trace"]

#: A record of the effect nodes an engine resolved, oldest first: ``(ref, path)`` of each
#: ``effect`` step, the node being ``resolve_ref(rules, ref).at(path)``. For coverage tools.
Trace = list[tuple[str, tuple[int, ...]]]
#: What a unit of work gives: its events, the state they fold to and the decision it
#: waits for next (``None`` once the game is over).
Played = tuple[list[Event], Any, Decision | None]


@attrs.frozen
class Mode:
    """How an engine works through a unit of play. Name a preset: :data:`LIVE`,
    :data:`LOGGED`, :data:`PLAYOUT`, or ``LIVE.verifying(events)`` for verified replay."""

    #: A log is kept: the stack after the unit is emitted as ``FlowAdvanced``. A playout
    #: keeps none: the stack is set without its event (the state is the same).
    recorded: bool = True
    #: The events the unit must produce (verified replay): the first other one stops the
    #: engine with :class:`Diverged`, sparing the rest of a wrong guess. ``None``: no check.
    expect: Sequence[Event] | None = None
    #: The decision the unit stops at gets its prompt; without, the prompt is left empty
    #: for the reader to word when it is read (:func:`~taverna_rules.core.pending.worded`).
    worded: bool = True

    def verifying(self, events: Sequence[Event]) -> Mode:
        """This mode, checking that the unit produces ``events``."""
        return Mode(self.recorded, events, self.worded)


#: A game played live: a log kept, the decision worded.
LIVE = Mode()
#: A game played live whose decision is worded only when read (:meth:`Game.apply
#: <taverna_rules.Game.apply>`: a bot never reads it).
LOGGED = Mode(worded=False)
#: A playout (:class:`~taverna_rules.Playout`): no log, no prompts.
PLAYOUT = Mode(recorded=False, worded=False)


class Diverged(Exception):
    """An engine with expected events emitted another one (at ``index``): verified replay's
    early exit, never seen outside the core."""

    def __init__(self, index: int) -> None:
        super().__init__(index)
        self.index = index


class _ChanceNeeded(Exception):
    """A draw in the explicit chance mode with no outcome picked for it: the unit stops
    there (:meth:`Engine.play` returns the draw's outcomes). A step calls :meth:`Engine.draw` and goes
    on with the event it returns, so stopping it half-way takes an exception: a returned
    "not yet" would need a check in every step of every game."""

    def __init__(self, chance: Chance) -> None:
        super().__init__()
        self.chance = chance


class Engine:
    """A working copy of a state that emits events and folds them as it goes.

    ``trace``, when a list, receives ``(ref, path)`` for every effect node resolved (see
    :data:`Trace`); ``None`` (the default) records nothing. Tracing never changes events.
    ``mode`` says how it works (:class:`Mode`; the pure fold by default). ``picked``, in the
    explicit chance mode, are the outcomes already picked for the unit's draws, in order
    (:mod:`taverna_rules.core.chance_steps`).
    """

    __slots__ = (
        "_copy",
        "_decisions",
        "_drawn",
        "_evolve",
        "_expect",
        "_passes",
        "_picked",
        "_react",
        "_reacted",
        "_rng",
        "_steps",
        "events",
        "explicit",
        "mode",
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
        rules: RuleSetLike,
        state: StateLike,
        trace: Trace | None = None,
        mode: Mode = LIVE,
        picked: tuple[int, ...] = (),
    ) -> None:
        # Any: a game's steps read its own rule set and state off the engine.
        self.rules: Any = rules
        parts = game_parts(rules.game)
        #: The game's own parts: its steps, decisions, fold and effect lookup.
        self.module = parts.module
        self._evolve = parts.evolve
        self._decisions = parts.decisions
        self._steps = parts.steps
        self._passes = parts.passes
        self._react = parts.react
        #: Tasks the game's ``react`` scheduled during this action (for it to bound them).
        self.reactions = 0
        self._reacted: list[Task] = []
        #: How this engine works.
        self.mode = mode
        #: The state, each event folded into a new one; read it with :meth:`result`.
        self.state: Any = state
        # The stack is copied into the state at every decision: its class's own copier.
        self._copy = copier(type(state))
        self.events: list[Event] = []
        self.stack: list[Task] = list(state.stack)
        #: The decision the unit stopped at, computed once for the caller to reuse.
        self.pending: Decision | None = None
        #: Where resolved effect nodes are recorded, or ``None``.
        self.trace = trace
        self._expect = mode.expect
        #: The explicit chance mode (see :mod:`taverna_rules.core.chance`): draws take the
        #: outcomes ``picked``; :attr:`_drawn` counts those used.
        self.explicit = chance_mode(state) == "explicit"
        self._picked = picked
        self._drawn = 0
        # The generator of sampled draws, seeded again for each (as a new one would be).
        self._rng: random.Random | None = None

    def again(self, state: StateLike) -> Engine:
        """This engine, ready for another unit of play from ``state``, a later state of the
        same game (a playout keeps one engine for all its actions)."""
        self.reactions = 0
        self._reacted.clear()
        self.state = state
        self.events = []
        self.stack = list(state.stack)
        self.pending = None
        self._drawn = 0
        return self

    def result(self) -> Any:
        """The state the unit reached."""
        return self.state

    def play(self, action: Action | None = None, pending: Decision | None = None) -> Odds | None:
        """The engine's unit of work: ``action`` resolved at ``pending``, the decision the
        state waits for (nothing is checked; no action: the flow of a fresh state), then
        the automatic steps up to the next decision (:attr:`pending`, ``None`` once the game
        is over). ``None`` when done; in the explicit chance mode, when it stopped at a
        draw for want of a picked outcome, that draw's outcomes (the unit's events are
        then to be thrown away)."""
        try:
            if action is not None:
                assert pending is not None
                self._answer(action, pending)
            self.run()
        except _ChanceNeeded as need:
            return need.chance.outcomes()
        return None

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
        the one picked at a chance decision; a draw with none picked yet stops the unit
        there, and the game waits for chance. Fold and replay read the event and never
        touch a generator.
        """
        if self.explicit:
            return self._draw_picked(chance)
        if rng is not None:
            event = chance.sample(rng)
            self.emit(event)
            return event
        before = self.state.draws
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random()
        rng.seed(f"{self.state.seed}/{before}")
        event = chance.sample(rng)
        self.emit(event)
        if self.state.draws != before + 1:
            raise RuntimeError(
                f"folding {event.TYPE} must count one draw (draws {before} -> {self.state.draws})"
            )
        return event

    def _draw_picked(self, chance: Chance) -> Event:
        """Explicit mode: emit the outcome picked for this draw, or stop for chance."""
        index = self._drawn
        if index >= len(self._picked):
            raise _ChanceNeeded(chance)
        outcomes = chance.outcomes()
        picked = self._picked[index]
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

    def effect(self, ref: str, path: tuple[int, ...] = ()) -> Any:
        """The effect node a task points at."""
        return self.module.resolve(self.rules, ref).at(path)

    def _settle(self) -> None:
        # The step is done: what it set off runs before anything it scheduled.
        if self._reacted:
            self.push(*self._reacted)
            self._reacted.clear()

    def _answer(self, action: Action, pending: Decision) -> None:
        """Resolve ``action`` at the decision on top of the stack: at a simultaneous one,
        commit it, and reveal every choice after the last commit."""
        top = self.stack[-1]
        kind = self._decisions[top.kind]
        if kind.seats is None:
            self.stack.pop()
            kind.apply(self, top, action)
        else:
            self.emit(ChoiceCommitted(pending.player, action))
            if not waiting(self.module, self.rules, self.state, top, kind, prompt=False):
                self.stack.pop()
                self._reveal(top, kind)
        self._settle()

    def run(self) -> None:
        """Run automatic steps until a decision is pending or the stack is empty: the loop
        of :meth:`play`, which a caller uses (in the explicit chance mode a draw with no
        outcome picked stops this loop, and ``play`` says so)."""
        self.pending = None
        recorded = self.mode.recorded
        stack, decisions, steps = self.stack, self._decisions, self._steps
        stopped = False
        while stack:
            top = stack[-1]
            kind = decisions.get(top.kind)
            if kind is not None:
                # Legal actions may look at the steps ahead: show them the live stack.
                self.state = state = self._copy(self.state, stack=tuple(stack))
                if kind.seats is not None:
                    asked = waiting(self.module, self.rules, state, top, kind, prompt=self.mode.worded)
                    if asked:
                        self.pending = asked[0]
                        stopped = True
                        break
                    stack.pop()  # nobody to ask
                    self._reveal(top, kind)
                    self._settle()
                    continue
                legal = kind.legal(self.rules, state, top)
                if len(legal) == 1 and legal[0] in self._passes and self._passes_unasked(top.player):
                    # A window whose only choice is to pass needs nobody's attention.
                    stack.pop()
                    kind.apply(self, top, legal[0])
                    self._settle()
                    continue
                prompt = kind.prompt(self.rules, state, top) if self.mode.worded else ""
                self.pending = Decision(top.player, top.kind, prompt, legal)
                stopped = True
                break
            stack.pop()
            step = steps.get(top.kind)
            if step is None:
                raise GameModuleError(f"game {self.module.id!r} has no step {top.kind!r} in its flow")
            step(self, top)
            if self._reacted:
                self._settle()
        # A stop at a decision left this very stack in the state: folding the event then
        # costs nothing (evolve returns the state when the stack is the same object).
        live = self.state.stack
        same = stopped or not live
        if recorded:
            self.emit(FlowAdvanced(live if same else ()))
        elif not same:
            self.state = self._copy(self.state, stack=())

    def _passes_unasked(self, seat: int) -> bool:
        """True when ``seat``'s lone pass is taken without asking them: they hold nothing
        another seat cannot see. Whether their only choice is to pass may hang on what they
        hide (a spell that could answer), so asking only some of them would show it; how
        much each seat hides is public, so asking those who hide something shows nothing.

        A log recorded while such passes were taken by themselves goes on past the window
        where today's engine stops: verified replay takes the pass there, as it was."""
        if not self.module.visibility.holds_hidden(self.state, seat):
            return True
        expect = self._expect
        index = len(self.events)
        return expect is not None and index < len(expect) and expect[index] != FlowAdvanced(tuple(self.stack))

    def _reveal(self, task: Task, kind: DecisionKind) -> None:
        choices = tuple(sorted(self.state.commits))
        self.emit(ChoicesSealed(choices) if kind.sealed else ChoicesRevealed(choices))
        kind.apply(self, task, choices)
