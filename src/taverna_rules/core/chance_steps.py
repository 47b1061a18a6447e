"""Chance steps: a game in the explicit chance mode waiting on a draw, in the middle of a
unit of work (see :mod:`taverna_rules.core.chance`).

A unit of work (:meth:`Engine.play <taverna_rules.core.engine.Engine.play>`) that draws
with no outcome picked for the draw stops there and is thrown away: the game waits on a
chance step pushed on the state before the unit, a :class:`ChanceStep` holding the unit's
action and the outcomes picked so far. Picking an outcome runs the whole unit again from
that state with one outcome more (steps are deterministic, so it takes the same path),
until it draws no more. A step need not know it can be stopped half-way.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from taverna_rules._shown import shown
from taverna_rules.core._replace import replace
from taverna_rules.core.chance import CHANCE, CHANCE_STEP, Odds, Outcome, waits_for_chance
from taverna_rules.core.contract import RuleSetLike, StateLike
from taverna_rules.core.engine import LIVE, Diverged, Engine, Mode, Played, Trace
from taverna_rules.core.pending import for_seat, player_decisions
from taverna_rules.core.records import HIDDEN, Action, Decision, Event, FlowAdvanced, PickOutcome, Task
from taverna_rules.core.serialize import action_from_json, action_to_json
from taverna_rules.errors import GameModuleError, IllegalActionError, TavernaError

__all__ = [
    "ChanceStep",
    "chance_decision",
    "chance_outcomes",
    "pick_outcome",
    "picked_first",
    "play_explicit",
    "run_flow_explicit",
]


@attrs.frozen
class ChanceStep:
    """What a chance step holds: the action of the unit of work that is drawing (``None``:
    the flow of a fresh state), the seat that sent it, and the outcomes picked so far for
    the unit's draws, in order.

    On the stack, in the log and in stored snapshots it is written as a
    :class:`~taverna_rules.core.records.Task` (:meth:`task`, read back by :meth:`read`):
    kind :data:`~taverna_rules.core.chance.CHANCE_STEP`, player
    :data:`~taverna_rules.core.chance.CHANCE`, ``ref`` the action as JSON (empty for
    none), ``args`` the seat then each pick, as text. A player's view blanks it (``args``
    is ``(HIDDEN,)``, the ``ref`` kept for the seat that sent the action only).
    """

    action: Action | None
    player: int
    picked: tuple[int, ...] = ()

    def task(self) -> Task:
        """The step as the stack holds it."""
        ref = "" if self.action is None else action_to_json(self.action)
        return Task(CHANCE_STEP, CHANCE, ref, args=(str(self.player), *map(str, self.picked)))

    @classmethod
    def read(cls, task: Task, game: str) -> ChanceStep:
        """The step a task of game ``game`` holds; :class:`IllegalActionError` for one this
        engine did not write."""
        try:
            player, *picked = (int(arg) for arg in task.args)
            action = action_from_json(task.ref, game=game) if task.ref else None
        except (ValueError, TavernaError) as exc:
            raise IllegalActionError(
                f"the chance step {task!r} is not one this engine wrote ({exc})"
            ) from None
        return cls(action, player, tuple(picked))

    @staticmethod
    def picks(task: Task) -> tuple[int, ...]:
        """The picks a step's task records, read without its action (``()`` for a view's
        blank step or picks that do not read as numbers)."""
        picked = task.args[1:]
        return tuple(map(int, picked)) if all(arg.isdigit() for arg in picked) else ()

    def then(self, index: int) -> ChanceStep:
        """This step with outcome ``index`` picked for its next draw."""
        return ChanceStep(self.action, self.player, (*self.picked, index))


def play_explicit(
    rules: RuleSetLike,
    state: StateLike,
    action: Action,
    pending: Decision,
    *,
    trace: Trace | None,
    mode: Mode,
) -> Played:
    """Resolve ``action`` (legal at ``pending``) on a state in the explicit chance mode: the
    unit's events, or, when it draws, the game waiting on chance."""
    engine = Engine(rules, state, trace, _stoppable(mode))
    drawing = engine.play(action, pending)
    if drawing is not None:
        return _await_chance(rules, state, drawing, ChanceStep(action, pending.player), mode.expect)
    return _checked(engine, mode.expect)


def run_flow_explicit(rules: RuleSetLike, state: StateLike, first: Sequence[Event]) -> list[Event]:
    """:func:`~taverna_rules.core.decide.run_flow` of a state in the explicit chance mode."""
    engine = Engine(rules, state)
    drawing = engine.play()
    if drawing is not None:
        return _await_chance(rules, state, drawing, ChanceStep(None, CHANCE), None, first)[0]
    return [*first, *engine.events]


def pick_outcome(
    rules: RuleSetLike, state: StateLike, index: int, *, trace: Trace | None, mode: Mode
) -> Played:
    """Pick outcome ``index`` of the draw ``state`` waits on: the unit run again with it."""
    before, step = _waiting_step(rules, state)
    step = step.then(index)
    engine = Engine(rules, before, trace, _stoppable(mode), step.picked)
    drawing = engine.play(*_replayed(rules, before, step))
    if drawing is not None:
        return _await_chance(rules, before, drawing, step, mode.expect)
    return _checked(engine, mode.expect)


def chance_decision(rules: RuleSetLike, state: StateLike) -> Decision:
    """The chance decision ``state`` waits for."""
    if HIDDEN in state.stack[-1].args:
        # A view: who drew what is not shown, so neither are the outcomes.
        return Decision(CHANCE, CHANCE_STEP, "chance", ())
    return _outcome_decision(len(_drawing(rules, state)))


def chance_outcomes(rules: RuleSetLike, state: StateLike) -> tuple[Outcome, ...]:
    """The outcomes of the chance decision ``state`` waits for, with their probabilities;
    ``()`` when it waits for a player, is over, or is a view."""
    if state.over or not waits_for_chance(state) or HIDDEN in state.stack[-1].args:
        return ()
    pairs = _drawing(rules, state)
    return tuple(Outcome(PickOutcome(i), p, event) for i, (event, p) in enumerate(pairs))


def picked_first(rules: RuleSetLike, state: StateLike, block: Sequence[Event]) -> tuple[PickOutcome, ...]:
    """The outcomes of the chance decision ``state`` waits for that can have made ``block``
    (verified replay guesses them first): the one a chance step after it records as picked,
    or those whose event the block holds."""
    last = block[-1] if block else None
    if isinstance(last, FlowAdvanced) and waits_for_chance(last):
        later, now = ChanceStep.picks(last.stack[-1]), ChanceStep.picks(state.stack[-1])
        if len(later) > len(now):
            return (PickOutcome(later[len(now)]),)
    held = set(block)
    return tuple(o.action for o in chance_outcomes(rules, state) if o.event in held)


def _stoppable(mode: Mode) -> Mode:
    """``mode`` for a unit that may stop at a draw: its events are checked at its end
    only, since a stopped unit keeps none of them."""
    return Mode(mode.recorded, None, mode.worded)


def _checked(engine: Engine, expect: Sequence[Event] | None) -> Played:
    """What a unit made, once its events are the ``expect``-ed ones (when given)."""
    if expect is not None and engine.events != list(expect):
        raise Diverged(0)
    return engine.events, engine.result(), engine.pending


def _await_chance(
    rules: RuleSetLike,
    state: StateLike,
    drawing: Odds,
    step: ChanceStep,
    expect: Sequence[Event] | None,
    first: Sequence[Event] = (),
) -> Played:
    """The unit of work from ``state`` stopped at a draw: the game waits on ``step``."""
    engine = Engine(rules, state, mode=LIVE if expect is None else LIVE.verifying(expect))
    engine.emit(FlowAdvanced((*state.stack, step.task())))
    return [*first, *engine.events], engine.result(), _outcome_decision(len(drawing))


def _outcome_decision(count: int) -> Decision:
    actions = tuple(PickOutcome(i) for i in range(count))
    return Decision(CHANCE, CHANCE_STEP, f"chance: one of {count} outcomes", actions)


def _waiting_step(rules: RuleSetLike, state: StateLike) -> tuple[StateLike, ChanceStep]:
    """The chance step on top of ``state``, read, and the state before its unit."""
    step = ChanceStep.read(state.stack[-1], rules.game)
    before = replace(state, stack=state.stack[:-1])
    if waits_for_chance(before):
        raise IllegalActionError(
            f"the chance step {state.stack[-1]!r} is not one this engine wrote (two chance steps)"
        )
    return before, step


def _replayed(
    rules: RuleSetLike, before: StateLike, step: ChanceStep
) -> tuple[Action | None, Decision | None]:
    """The action of ``step`` and the decision it answers at ``before``, checked legal."""
    if step.action is None:
        return None, None
    pending = for_seat(player_decisions(rules, before), step.player)
    if pending is None or step.action not in pending.actions:
        raise IllegalActionError(
            f"the chance step's action {shown(step.action, wide=True)} is not legal before it"
        )
    return step.action, pending


def _drawing(rules: RuleSetLike, state: StateLike) -> Odds:
    """The outcomes of the draw a chance step waits on: its unit run again with the
    outcomes picked so far."""
    before, step = _waiting_step(rules, state)
    drawing = Engine(rules, before, mode=LIVE, picked=step.picked).play(*_replayed(rules, before, step))
    if drawing is None:
        raise GameModuleError(
            f"game {rules.game!r} did not draw again when its action was run again: "
            "a step is not deterministic"
        )
    return drawing
