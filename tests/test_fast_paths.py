"""The engine's fast paths reach the same states as the plain ones (issue #11): deciding
into one transient working copy equals folding every event into a new frozen state, for
every game; the transient copies never leak out or change a state someone holds."""

from __future__ import annotations

import random
from functools import reduce

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import taverna_rules as tr
from taverna_rules.core._replace import freeze, replace, thaw
from taverna_rules.core.decide import pending_decision, resolve
from taverna_rules.core.engine import PURE

GAMES = ("taverna", "cavern_tavern")


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_transient_fold_equals_the_pure_fold(game_id: str, data: st.DataObject) -> None:
    """Each action decided both ways from the same state: the same events, equal frozen
    states (equal to folding the events too), the same next decision."""
    rules = tr.load_rules(game_id)
    module = tr.game_module(game_id)
    players = data.draw(st.sampled_from(module.player_counts(rules)), label="players")
    game = tr.new_game(
        rules, ["Ann", "Bob", "Cy", "Dee", "Eve"][:players], seed=data.draw(st.integers(0, 2**32))
    )
    state, pending = game.state, game.decision
    while pending is not None:
        action = pending.actions[data.draw(st.integers(0, len(pending.actions) - 1), label="choice")]
        fast = resolve(rules, state, action, pending)
        pure = resolve(rules, state, action, pending, mode=PURE)
        assert fast[0] == pure[0]
        assert type(fast[1]) is type(pure[1]) is module.state_type
        assert fast[1] == pure[1] == reduce(module.evolve, pure[0], state)
        assert fast[2] == pure[2]
        state, pending = fast[1], fast[2]
    assert state.over


def test_a_replaced_frozen_state_is_a_new_one_and_a_transient_one_changes_in_place() -> None:
    rules = tr.load_rules()
    state = tr.new_game(rules, ["Ann", "Bob"], seed=3).state
    copied = replace(state, first_player=1)
    assert copied is not state and state.first_player == 0 and copied.first_player == 1

    working = thaw(state)
    assert working is not state and isinstance(working, type(state))
    assert replace(working, first_player=1) is working and working.first_player == 1
    assert state.first_player == 0, "thawing copies: the frozen state is untouched"

    frozen = freeze(working)
    assert type(frozen) is type(state) and frozen == copied
    assert freeze(state) is state
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        frozen.first_player = 0


@pytest.mark.parametrize("game_id", GAMES)
def test_states_handed_out_are_frozen_and_never_change(game_id: str) -> None:
    """Every state a game hands out (live, undo marks, a decision's state) is of the
    state class itself, and playing on never changes one already handed out."""
    rules = tr.load_rules(game_id)
    module = tr.game_module(game_id)
    game = tr.new_game(rules, ["Ann", "Bob", "Cy"], seed=11)
    rng = random.Random(11)
    seen = []
    for _ in range(60):
        if game.over:
            break
        seen.append((game.state, tr.dump_position(game.state, "json")))
        game.apply(rng.choice(game.legal_actions()))
    assert all(type(state) is module.state_type for state, _ in seen)
    for state, dumped in seen:
        assert tr.dump_position(state, "json") == dumped
    assert pending_decision(rules, game.state) == game.decision


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_playout_reaches_the_states_the_game_reaches(game_id: str, data: st.DataObject) -> None:
    """The rollout path (no log, no prompts, no worded refusals) and the game play the
    same actions: every state is equal, and so are the legal actions."""
    rules = tr.load_rules(game_id)
    players = data.draw(st.sampled_from(tr.game_module(game_id).player_counts(rules)), label="players")
    game = tr.new_game(
        rules, ["Ann", "Bob", "Cy", "Dee", "Eve"][:players], seed=data.draw(st.integers(0, 2**32))
    )
    playout = game.playout()
    while not game.over:
        assert not playout.over and playout.legal_actions() == game.legal_actions()
        assert playout.decision is not None and game.decision is not None
        assert (playout.decision.player, playout.decision.kind) == (game.decision.player, game.decision.kind)
        action = game.legal_actions()[
            data.draw(st.integers(0, len(game.legal_actions()) - 1), label="choice")
        ]
        game.apply(action)
        playout.apply(action)
        assert playout.state == game.state
    assert playout.over and playout.result == game.result and playout.legal_actions() == ()


def test_a_playout_refuses_what_is_not_legal_and_leaves_the_game_alone() -> None:
    rules = tr.load_rules()
    game = tr.new_game(rules, ["Ann", "Bob"], seed=5)
    before = game.state
    playout = game.playout()
    with pytest.raises(tr.IllegalActionError, match="not a legal action"):
        playout.apply(tr.EndTurn())
    assert playout.state == before
    copy, held = playout.copy(), playout.state
    result = playout.play_random(random.Random(5))
    assert playout.over and result.standings and game.state is before and copy.state == before
    assert held == before  # a state read from a playout does not move on with it
    # The playout's working copy is its own: what it hands out is frozen and stays put.
    assert type(playout.state) is type(before) and playout.state is not playout.state
    with pytest.raises(tr.IllegalActionError, match="over"):
        playout.apply(tr.EndTurn())


def test_the_generated_copier_shows_its_source_in_tracebacks() -> None:
    """A copier is generated code; like attrs' generated methods it is registered under a
    readable file name, so a traceback through it (an unknown field) and
    ``inspect.getsource`` show its lines instead of nothing."""
    import inspect
    import traceback

    from taverna_rules.core import _replace

    state = tr.new_game(tr.load_rules(), ["Ann", "Bob"], seed=1).state
    with pytest.raises(KeyError) as raised:
        replace(state, no_such_field=1)
    shown = "".join(traceback.format_exception(raised.value))
    assert "<taverna_rules copier " in shown and "_setters[key](new, value)" in shown
    copier = _replace._COPIERS[type(state)]
    assert inspect.getsource(copier).startswith("def copy(inst, changes):")
