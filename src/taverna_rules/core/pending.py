"""The decisions a game waits for at a player's step: one decider's, or, at a simultaneous
decision, one for each seat still to commit. (A chance step's decision is
:mod:`taverna_rules.core.chance_steps`'; :func:`taverna_rules.core.decide.pending_decisions`
gives either.)"""

from __future__ import annotations

from taverna_rules.core.contract import RuleSetLike, SimultaneousState, StateLike
from taverna_rules.core.flow import DecisionKind
from taverna_rules.core.game_modules import GameModule, game_module
from taverna_rules.core.records import Decision, Task
from taverna_rules.errors import GameModuleError

__all__ = ["decision_kind", "for_seat", "is_simultaneous", "player_decisions", "waiting", "worded"]


def player_decisions(rules: RuleSetLike, state: StateLike) -> tuple[Decision, ...]:
    """The decisions ``state`` waits for, its top being a player's step (not a chance
    step); ``()`` once the game is over."""
    if state.over or not state.stack:
        return ()
    top = state.stack[-1]
    module = game_module(rules.game)
    kind = decision_kind(module, top)
    if kind.seats is not None:
        # A game with simultaneous decisions folds ChoiceCommitted, and its module is
        # refused unless its state keeps the commits: a SimultaneousState.
        return waiting(module, rules, state, top, kind)  # type: ignore[arg-type]
    return (_decision(module, rules, state, top, kind),)


def for_seat(decisions: tuple[Decision, ...], player: int | None) -> Decision | None:
    """The decision of ``player`` among ``decisions`` (any seat asked, at a simultaneous
    decision), or the first one."""
    mine = [d for d in decisions if d.player == player]
    return mine[0] if mine else (decisions[0] if decisions else None)


def waiting(
    module: GameModule,
    rules: RuleSetLike,
    state: SimultaneousState,
    task: Task,
    kind: DecisionKind,
    *,
    prompt: bool = True,
) -> tuple[Decision, ...]:
    """The decisions of a simultaneous step's seats that have not committed yet (with
    ``prompt=False``, their prompts left to be worded when read, as the engine's modes that
    word none leave them)."""
    assert kind.seats is not None
    done = {seat for seat, _ in state.commits}
    return tuple(
        _decision(module, rules, state, task.replace(player=seat), kind, prompt)
        for seat in kind.seats(rules, state, task)
        if seat not in done
    )


def worded(module: GameModule, rules: RuleSetLike, state: StateLike, decision: Decision) -> Decision:
    """``decision``, pending in ``state``, with its prompt: worded now when the engine left
    it out (:data:`~taverna_rules.core.engine.LOGGED`), else as it is."""
    kind = module.decisions.get(decision.kind)
    if decision.prompt or kind is None or not state.stack:
        return decision
    return decision.replace(prompt=kind.prompt(rules, state, state.stack[-1].replace(player=decision.player)))


def is_simultaneous(module: GameModule, decision: Decision) -> bool:
    """True for a decision of a simultaneous kind (every seat asked commits a choice)."""
    kind = module.decisions.get(decision.kind)
    return kind is not None and kind.seats is not None


def decision_kind(module: GameModule, top: Task) -> DecisionKind:
    """The decision kind of the stack's top; a state whose top is no decision (an opening
    whose steps never ran) is the game module's error, said as such."""
    kind: DecisionKind | None = module.decisions.get(top.kind)
    if kind is None:
        ran = "did its start() run the opening's steps (run_flow)?"
        raise GameModuleError(f"game {module.id!r} waits on step {top.kind!r}, which is no decision: {ran}")
    return kind


def _decision(
    module: GameModule,
    rules: RuleSetLike,
    state: StateLike,
    task: Task,
    kind: DecisionKind,
    worded: bool = True,
) -> Decision:
    prompt = kind.prompt(rules, state, task) if worded else ""
    if 0 <= task.player < len(state.players) and module.visibility.blind(state, task.player):
        # A player's view (folded from the log as they see it): the decider's own things
        # are hidden from it, and so are the actions that would name them.
        return Decision(task.player, task.kind, prompt, ())
    return Decision(task.player, task.kind, prompt, kind.legal(rules, state, task))
