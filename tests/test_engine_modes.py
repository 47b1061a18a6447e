"""The engine's plan: one :class:`~taverna_rules.core.engine.Mode` for how it works (live
play, the pure fold, playouts, verified replay), a typed
:class:`~taverna_rules.core.chance_steps.ChanceStep` for a game waiting on chance, and a
unit of work (:meth:`Engine.play <taverna_rules.core.engine.Engine.play>`) that returns
where it stopped instead of raising."""

from __future__ import annotations

import copy
import random
from functools import reduce

import pytest

import taverna_rules as tr
from taverna_rules._records import evolve
from taverna_rules.core.chance_steps import ChanceStep
from taverna_rules.core.decide import pending_decisions, resolve
from taverna_rules.core.engine import LIVE, LOGGED, PLAYOUT, Diverged, Engine, Mode
from taverna_rules.core.pending import worded
from taverna_rules.core.records import HIDDEN, Task
from taverna_rules.playout import Playout

GAMES = ("taverna", "cavern_tavern", "taverne")


def _played(game_id: str, chance: tr.ChanceMode = "sampled", seed: int = 3) -> tr.Game:
    return tr.new_game(tr.load_rules(game_id), ["Ann", "Bob", "Cy"], seed, chance=chance)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_mode_gives_the_same_events_states_and_decisions(game_id: str) -> None:
    """Live play, the fold of its events and a playout agree action after action; a
    playout's decisions carry no prompt and its units no ``FlowAdvanced``, and no mode
    changes the state it started from. ``LOGGED`` keeps the log as ``LIVE`` does and
    leaves the prompt to be worded when read (:func:`~taverna_rules.core.pending.worded`),
    as a :class:`~taverna_rules.Game` played on by ``apply`` shows it."""
    game = _played(game_id)
    module = tr.game_module(game_id)
    rng = random.Random(5)
    for _ in range(60):
        pending = game.decision
        if pending is None:
            break
        action = rng.choice(pending.actions)
        state = game.state
        kept = copy.deepcopy(state)
        live = resolve(game.rules, state, action, pending, mode=LIVE)
        fast = resolve(game.rules, state, action, pending, mode=PLAYOUT)
        logged = resolve(game.rules, state, action, pending, mode=LOGGED)
        assert live[1] == reduce(module.evolve, live[0], state) == fast[1]
        assert logged[:2] == live[:2]
        assert state == kept, "a unit folds into new states, never into the one it started from"
        assert [e for e in live[0] if not isinstance(e, tr.FlowAdvanced)] == fast[0]
        if live[2] is None:
            assert fast[2] is None and logged[2] is None
        else:
            assert fast[2] is not None and fast[2].prompt == "" and fast[2].actions == live[2].actions
            assert logged[2] is not None and logged[2].prompt == "" and live[2].prompt
            assert worded(module, game.rules, logged[1], logged[2]) == live[2]
        game.apply(action)
        assert game.decision == live[2]


def test_a_verifying_mode_stops_at_the_first_event_that_differs() -> None:
    game = _played("taverna")
    pending = game.decision
    assert pending is not None
    rules, state, action = game.rules, game.state, pending.actions[0]
    events, _, _ = resolve(rules, state, action, pending)
    assert resolve(rules, state, action, pending, mode=LIVE.verifying(events))[0] == events
    forged = [*events[:-1], tr.FlowAdvanced(())]
    with pytest.raises(Diverged) as stop:
        resolve(rules, state, action, pending, mode=LIVE.verifying(forged))
    assert stop.value.index == len(events) - 1
    assert LIVE.verifying(events) == Mode(True, events)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_chance_step_reads_as_a_record_and_writes_as_the_task_it_was(game_id: str) -> None:
    """In the explicit chance mode a game waits on a chance step: its task reads as a
    :class:`ChanceStep` (the action drawing, its seat, the picks so far) and writes back
    as the same task, the log's form."""
    game = _played(game_id, "explicit")
    rng = random.Random(2)
    seen = 0
    while not game.over and seen < 12:
        decision = game.decision
        assert decision is not None
        if decision.player == tr.CHANCE:
            task = game.state.stack[-1]
            step = ChanceStep.read(task, game_id)
            assert step.task() == task
            assert ChanceStep.picks(task) == step.picked
            assert step.player == tr.CHANCE if step.action is None else 0 <= step.player < 3
            seen += 1
        game.apply(rng.choice(decision.actions))
    assert seen


def test_a_task_this_engine_did_not_write_is_no_chance_step() -> None:
    with pytest.raises(tr.IllegalActionError, match="not one this engine wrote"):
        ChanceStep.read(Task("chance", tr.CHANCE, "", args=("x",)), "taverna")
    assert ChanceStep.picks(Task("chance", tr.CHANCE, "", args=(HIDDEN,))) == ()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_unit_returns_the_odds_of_the_draw_it_stopped_at(game_id: str) -> None:
    """Run again from the state below a chance step, with the outcomes picked so far, a
    unit stops at the draw the step waits on: ``play`` hands back that draw's outcomes
    with their probabilities, the ones the chance decision offers."""
    game = _played(game_id, "explicit")
    rng = random.Random(4)
    while game.decision is not None and game.decision.player != tr.CHANCE:
        game.apply(rng.choice(game.legal_actions()))
    decision = game.decision
    assert decision is not None
    state = game.state
    step = ChanceStep.read(state.stack[-1], game_id)
    before = evolve(state, stack=state.stack[:-1])
    pending = None
    if step.action is not None:
        pending = next(d for d in pending_decisions(game.rules, before) if d.player == step.player)
    odds = Engine(game.rules, before, picked=step.picked).play(step.action, pending)
    assert odds is not None and len(odds) == len(decision.actions)
    assert [(o.event, o.probability) for o in game.chance_outcomes()] == list(odds)
    assert Engine(game.rules, _played(game_id).state, mode=LIVE).play() is None


def test_a_playout_refuses_a_state_in_the_explicit_chance_mode() -> None:
    game = _played("cavern_tavern", "explicit")
    with pytest.raises(tr.IllegalActionError, match="explicit chance mode"):
        Playout(game.rules, game.state)
