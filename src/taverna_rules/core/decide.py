"""The decide side of the core: actions in, events out, for any game module.

:func:`decide` checks an action against the pending decision, resolves it, runs the
automatic steps that follow and returns every event, the last one always a
:class:`~taverna_rules.core.records.FlowAdvanced` recording the new stack. An illegal
action is refused with a :class:`~taverna_rules.errors.IllegalActionError` saying why,
worded for the seat that sent it. :func:`pending_decisions` gives what the game waits
for, :func:`run_flow` the steps of a fresh state.

The work itself is the :class:`~taverna_rules.core.engine.Engine`'s, in the
:class:`~taverna_rules.core.engine.Mode` the caller names; a game in the explicit chance
mode may stop at a draw (:mod:`taverna_rules.core.chance_steps`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from taverna_rules._shown import shown
from taverna_rules.core.chance import CHANCE, CHANCE_STEP, chance_mode
from taverna_rules.core.chance_steps import chance_decision, pick_outcome, play_explicit, run_flow_explicit
from taverna_rules.core.contract import RuleSetLike, StateLike
from taverna_rules.core.engine import LIVE, Engine, Mode, Played, Trace
from taverna_rules.core.flow import DecisionKind
from taverna_rules.core.game_modules import game_module, not_an_action
from taverna_rules.core.pending import for_seat, player_decisions, worded
from taverna_rules.core.records import Action, Decision, Event, PickOutcome, action_problem
from taverna_rules.errors import IllegalActionError

__all__ = [
    "decide",
    "decide_and_fold",
    "pending_decision",
    "pending_decisions",
    "resolve",
    "run_flow",
    "sealed_choices",
]


def decide(rules: RuleSetLike, state: StateLike, action: Action, *, player: int | None = None) -> list[Event]:
    """The events that ``action`` causes; raise :class:`IllegalActionError` if it is not legal.

    ``player``, when given, is the seat that sends the action: an action from a seat that
    does not decide is refused, and the refusal names nothing that seat may not see. At
    a simultaneous decision ``player`` says whose choice it is (without it, the first
    seat still to choose). Nothing is changed on error: states are immutable and no event
    is returned.
    """
    return decide_and_fold(rules, state, action, player=player)[0]


def decide_and_fold(
    rules: RuleSetLike,
    state: StateLike,
    action: Action,
    pending: Decision | None = None,
    *,
    trace: Trace | None = None,
    player: int | None = None,
    mode: Mode = LIVE,
) -> Played:
    """:func:`decide`, the state those events fold to (the engine folds as it goes), and
    the decision that state waits for (``None`` once the game is over).

    ``pending`` may pass the decision already computed for ``state``, to save the work.
    ``trace``, when a list, gets ``(ref, path)`` appended for each effect node the action
    resolves (see :data:`~taverna_rules.core.engine.Trace`); the events are the same with
    or without it. ``mode`` is how the engine works (:data:`~taverna_rules.core.engine.LIVE`
    by default; :data:`~taverna_rules.core.engine.LOGGED` leaves the next decision's
    prompt to be worded when read).
    """
    if state.rules != rules.fingerprint:
        raise IllegalActionError(
            f"the game was set up with rules {state.rules[:12]!r}, not {rules.fingerprint[:12]!r}"
        )
    module = game_module(rules.game)
    problem = action_problem(action, module.actions)
    if problem:
        raise IllegalActionError(not_an_action(action, module, problem))
    if pending is None or (player is not None and player != pending.player):
        pending = for_seat(pending_decisions(rules, state), player)
    if pending is None:
        raise IllegalActionError(f"the game is over: {shown(action, wide=True)} cannot be played")
    if player is not None and player != pending.player:
        raise IllegalActionError(_not_yours(state, worded(module, rules, state, pending), player, action))
    # Safe after action_problem: an action of a registered type with plain field values
    # compares by type and value only.
    if not pending.offers(action):
        raise IllegalActionError(_refusal(rules, state, worded(module, rules, state, pending), action))
    return resolve(rules, state, action, pending, trace=trace, mode=mode)


def resolve(
    rules: RuleSetLike,
    state: StateLike,
    action: Action,
    pending: Decision,
    *,
    trace: Trace | None = None,
    mode: Mode = LIVE,
) -> Played:
    """:func:`decide_and_fold` of an action known to be legal: one of ``pending.actions``,
    ``pending`` being a decision ``state`` waits for (nothing is checked), worked out in
    ``mode`` (:class:`~taverna_rules.core.engine.Mode`: :data:`LIVE` by default; every
    mode gives equal events and states; :data:`~taverna_rules.core.engine.PLAYOUT` keeps
    no log)."""
    if pending.kind == CHANCE_STEP:
        assert isinstance(action, PickOutcome)
        return pick_outcome(rules, state, action.index, trace=trace, mode=mode)
    if chance_mode(state) == "explicit":
        return play_explicit(rules, state, action, pending, trace=trace, mode=mode)
    engine = Engine(rules, state, trace, mode)
    engine.play(action, pending)  # a sampled game never stops at a draw
    return engine.events, engine.result(), engine.pending


def run_flow(rules: RuleSetLike, state: StateLike, first: Sequence[Event] = ()) -> list[Event]:
    """Run the automatic steps of a fresh state (after a start or a loaded position):
    ``first`` (the events that made it) and the events of the run."""
    if chance_mode(state) == "explicit":
        return run_flow_explicit(rules, state, first)
    engine = Engine(rules, state, mode=LIVE)
    engine.play()
    return [*first, *engine.events]


def pending_decisions(rules: RuleSetLike, state: StateLike) -> tuple[Decision, ...]:
    """Every decision the game waits for: one, or, at a simultaneous decision, one for
    each seat still to commit (in seat order); ``()`` once the game is over."""
    if state.over or not state.stack:
        return ()
    if state.stack[-1].kind == CHANCE_STEP:
        return (chance_decision(rules, state),)
    return player_decisions(rules, state)


def sealed_choices(rules: RuleSetLike) -> Callable[[StateLike, int], tuple[Action, ...]]:
    """``choices(state, seat)``: the legal actions ``seat`` is asked for in ``state`` (at a
    simultaneous decision, each seat still to commit is asked; ``()`` for a seat that is
    not), for :func:`~taverna_rules.core.determinize.determinize` to choose a hidden
    commit anew."""

    def choices(state: StateLike, seat: int) -> tuple[Action, ...]:
        for decision in pending_decisions(rules, state):
            if decision.player == seat:
                return decision.actions
        return ()

    return choices


def pending_decision(rules: RuleSetLike, state: StateLike) -> Decision | None:
    """The decision the game waits for (at a simultaneous decision, the first seat's
    still to commit), or ``None`` when it is over."""
    waiting = pending_decisions(rules, state)
    return waiting[0] if waiting else None


# ----------------------------------------------------------------------------- refusals


def _name(state: StateLike, seat: int) -> str:
    if seat == CHANCE:
        return "chance"
    return repr(state.players[seat].name) if 0 <= seat < len(state.players) else "nobody"


def _not_yours(state: StateLike, pending: Decision, player: int, action: Action) -> str:
    """The refusal of an action sent by a seat that does not decide: it says who decides
    and what about (public), never the decider's legal actions (they name a hidden hand)."""
    if any(seat == player for seat, _ in getattr(state, "commits", ())):
        return (
            f"{shown(action, wide=True)} from {_name(state, player)} is refused: they have already "
            f"chosen in the pending decision {pending.kind!r} ({pending.prompt})"
        )
    return (
        f"{shown(action, wide=True)} from {_name(state, player)} is refused: the pending decision "
        f"{pending.kind!r} ({pending.prompt}) waits for {_name(state, pending.player)}"
    )


def _refusal(rules: RuleSetLike, state: StateLike, pending: Decision, action: Action) -> str:
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
        task = state.stack[-1].replace(player=pending.player)
        why = kind.explain(rules, state, task, action) if kind.explain else ""
    reason = f": {why}" if why else ""
    return (
        f"{shown(action, wide=True)} is not legal in decision {pending.kind!r} of "
        f"{_name(state, pending.player)} ({pending.prompt}){reason}; legal: {shown_actions}{more}"
    )
