"""The engine's paths reach the same states as folding the log (issue #11), for every
game; no path changes a state someone holds."""

from __future__ import annotations

import random
from functools import reduce

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import taverna_rules as tr
from scenario import bounded
from taverna_rules.core._replace import replace
from taverna_rules.core.decide import pending_decision, resolve
from taverna_rules.core.engine import PLAYOUT

GAMES = ("taverna", "cavern_tavern", "taverne")


@pytest.mark.parametrize("game_id", GAMES)
@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example],
)
@given(data=st.data())
def test_live_play_and_a_playout_equal_the_fold_of_the_log(game_id: str, data: st.DataObject) -> None:
    """Each action decided both ways from the same state: the same events (but the
    playout's ``FlowAdvanced``), equal states (equal to folding the events too), the same
    next decision."""
    rules = tr.load_rules(game_id)
    module = tr.game_module(game_id)
    players = data.draw(st.sampled_from(module.player_counts(rules)), label="players")
    game = tr.new_game(
        rules,
        ["Ann", "Bob", "Cy", "Dee", "Eve"][:players],
        seed=data.draw(st.integers(0, 2**32)),
        options=bounded(game_id),
    )
    state, pending = game.state, game.decision
    while pending is not None:
        action = pending.actions[data.draw(st.integers(0, len(pending.actions) - 1), label="choice")]
        live = resolve(rules, state, action, pending)
        fast = resolve(rules, state, action, pending, mode=PLAYOUT)
        assert [e for e in live[0] if not isinstance(e, tr.FlowAdvanced)] == fast[0]
        assert type(live[1]) is type(fast[1]) is module.state_type
        assert live[1] == fast[1] == reduce(module.evolve, live[0], state)
        assert fast[2] is not None if live[2] is not None else fast[2] is None
        state, pending = live[1], live[2]
    assert state.over


def test_a_replaced_state_is_a_new_one_and_the_old_one_stays() -> None:
    rules = tr.load_rules()
    state = tr.new_game(rules, ["Ann", "Bob"], seed=3).state
    copied = replace(state, first_player=1)
    assert copied is not state and state.first_player == 0 and copied.first_player == 1
    assert copied == state.replace(first_player=1) and copied != state


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
@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example],
)
@given(data=st.data())
def test_a_playout_reaches_the_states_the_game_reaches(game_id: str, data: st.DataObject) -> None:
    """The rollout path (no log, no prompts, no worded refusals) and the game play the
    same actions: every state is equal, and so are the legal actions."""
    rules = tr.load_rules(game_id)
    players = data.draw(st.sampled_from(tr.game_module(game_id).player_counts(rules)), label="players")
    game = tr.new_game(
        rules,
        ["Ann", "Bob", "Cy", "Dee", "Eve"][:players],
        seed=data.draw(st.integers(0, 2**32)),
        options=bounded(game_id),
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
    assert type(playout.state) is type(before)
    with pytest.raises(tr.IllegalActionError, match="over"):
        playout.apply(tr.EndTurn())


def test_a_record_s_written_out_methods_show_in_tracebacks() -> None:
    """A record's methods are written in its module's source (``make records``), so a
    traceback through one (an unknown field) shows its lines."""
    import traceback

    state = tr.new_game(tr.load_rules(), ["Ann", "Bob"], seed=1).state
    with pytest.raises(TypeError, match="no_such_field") as raised:
        replace(state, no_such_field=1)
    shown = "".join(traceback.format_exception(raised.value))
    assert "_records.py" in shown and "copier(type(record))(record, **changes)" in shown


def test_a_decision_offers_the_action_played_by_identity_or_by_value() -> None:
    """Legal actions are shared objects; :meth:`Decision.offers` finds one by identity,
    an equal one read from the wire by value, and refuses one it does not list."""
    from taverna_rules.core.action import shared
    from taverna_rules.core.serialize import action_from_json, action_to_json
    from taverna_rules.games.taverna import SellSpell

    game = tr.new_game(tr.load_rules(), ["Ann", "Bob"], seed=1)
    decision = game.decision
    assert decision is not None
    last = decision.actions[-1]
    read = action_from_json(action_to_json(last))
    assert read is not last and decision.offers(last) and decision.offers(read)
    assert not decision.offers(SellSpell("no_such_spell")) and not decision.offers("PickCard")
    assert shared(SellSpell, "s01") is shared(SellSpell, "s01") == SellSpell("s01")
