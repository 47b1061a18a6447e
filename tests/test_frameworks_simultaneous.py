"""A game whose decisions ask several seats at once (Taverne: the Characters kept, the
attacks laid) in the frameworks: OpenSpiel's simultaneous-move game type and PettingZoo's
parallel API beside its AEC one, each passing the framework's own tests."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pyspiel
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test

import taverna_rules as tr
from taverna_rules.adapters import openspiel as adapter
from taverna_rules.adapters.pettingzoo import env, parallel_env

SIMULTANEOUS = int(pyspiel.PlayerId.SIMULTANEOUS)
RULES = tr.load_rules("taverne")
SPACE = tr.action_space(RULES)


@pytest.fixture(scope="module", autouse=True)
def _registered() -> None:
    adapter.register()


def _load(players: int, **params: Any) -> Any:
    return pyspiel.load_game("python_taverne", {"players": players, "tournament": 6, **params})


# ---------------------------------------------------------------------- OpenSpiel
def test_openspiel_describes_a_simultaneous_game_with_its_options_as_parameters() -> None:
    game = _load(4, tie="pilier_order")
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert (kind.min_num_players, kind.max_num_players) == (3, 10)  # 6 to 10: Double Taverne
    assert kind.parameter_specification["tournament"] == 0
    assert game.max_game_length() == SPACE.max_decisions(4, {"tournament": 6})
    assert game.get_parameters()["tie"] == "pilier_order"
    assert game.new_initial_state().game.state.option("tie") == "pilier_order"
    with pytest.raises(tr.OptionError, match="no bound on its length"):
        pyspiel.load_game("python_taverne", {"players": 3})
    with pytest.raises(tr.OptionError, match="tie"):
        _load(3, tie="coin")


@pytest.mark.parametrize(("players", "params"), [(3, {}), (4, {}), (5, {}), (7, {"long_range": True})])
def test_openspiel_random_simulations(players: int, params: dict[str, Any]) -> None:
    """OpenSpiel's own test: random play with serialization at every step (7 players: Double
    Taverne, with long range)."""
    pyspiel.random_sim_test(_load(players, **params), num_sims=2, serialize=True, verbose=False)


def test_a_simultaneous_node_asks_every_seat_at_once_and_the_idle_ones_pass() -> None:
    state = _load(3).new_initial_state()
    rng = random.Random(2)
    seen_attack = False
    for _ in range(400):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
            continue
        if state.current_player() == SIMULTANEOUS:
            library = state.game
            asked = {d.player: d for d in library.decisions}
            for seat in range(3):
                legal = state.legal_actions(seat)
                if seat in asked:
                    assert legal == sorted(SPACE.encode(a) for a in asked[seat].actions)
                else:
                    assert legal == [SPACE.idle]
            seen_attack |= asked[next(iter(asked))].kind == "attack"
            joint = [rng.choice(state.legal_actions(seat)) for seat in range(3)]
            before = len(library.events)
            state.apply_actions(joint)
            kinds = [type(e).__name__ for e in state.game.events[before:]]
            assert "ChoicesSealed" in kinds or "ChoicesRevealed" in kinds
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert seen_attack


def test_a_seat_not_asked_may_only_pass() -> None:
    state = _load(3).new_initial_state()
    while state.is_chance_node() or state.current_player() != SIMULTANEOUS:
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[0])
    joint = [state.legal_actions(seat)[0] for seat in range(3)]
    # every seat is asked to keep a Character: a pass instead is refused, nothing changes
    before = len(state.game.events)
    with pytest.raises(tr.IllegalActionError):
        state.apply_actions([SPACE.idle, *joint[1:]])
    assert len(state.game.events) == before


# ---------------------------------------------------------------------- PettingZoo
def _quiet(test: Any) -> Any:
    """PettingZoo advises a NumPy observation; ours is a dict of the vector and the mask."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        return test()


@pytest.mark.parametrize("players", [3, 5])
def test_pettingzoo_parallel_api_test(players: int) -> None:
    _quiet(
        lambda: parallel_api_test(parallel_env(game="taverne", players=players, tournament=4), num_cycles=400)
    )


def test_pettingzoo_aec_api_test_and_seed_test() -> None:
    _quiet(lambda: api_test(env(game="taverne", players=4, tournament=4), num_cycles=400))
    _quiet(lambda: seed_test(lambda: env(game="taverne", players=3, tournament=3), num_cycles=200))


def test_a_parallel_step_plays_the_asked_seats_and_the_others_pass() -> None:
    table = parallel_env(game="taverne", players=3, tournament=3)
    observations, _ = table.reset(seed=4)
    steps = 0
    while table.agents:
        asked = {d.player for d in table.game.decisions}
        for agent in table.agents:
            mask = observations[agent]["action_mask"]
            if table.seat(agent) not in asked:
                assert mask.nonzero()[0].tolist() == [table.idle]
        actions: dict[str, Any] = {
            agent: table.action_space(agent).sample(observations[agent]["action_mask"])
            for agent in table.agents
        }
        observations, rewards, terminations, _, _ = table.step(actions)
        steps += 1
    assert table.game.over and all(terminations.values())
    assert sum(rewards.values()) == pytest.approx(0.0)
    assert steps < SPACE.max_decisions(3, {"tournament": 3})


def test_a_parallel_step_refuses_a_missing_or_illegal_action_and_changes_nothing() -> None:
    table = parallel_env(game="taverne", players=3, tournament=3)
    table.reset(seed=1)
    before = len(table.game.events)
    with pytest.raises(tr.IllegalActionError, match="no action for"):
        table.step({"player_0": 0})
    wrong = dict.fromkeys(table.agents, SPACE.size - 2)
    with pytest.raises(tr.IllegalActionError, match="not one of"):
        table.step(wrong)
    assert len(table.game.events) == before
