"""The OpenSpiel games (issue #12): OpenSpiel's own random simulation test for every game,
its IS-MCTS bot playing whole games, and what the wrapper promises on top: a resampled
state looks the same to its player (information state and observation), the information
states part histories exactly as :func:`taverna_rules.information_state` does, and states
serialize."""

from __future__ import annotations

import doctest
import pickle
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pyspiel")

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import taverna_rules as tr
from taverna_rules.adapters import openspiel as adapter

GAMES = ("taverna", "cavern_tavern")
CHANCE = int(pyspiel.PlayerId.CHANCE)


@pytest.fixture(scope="module", autouse=True)
def _registered() -> None:
    adapter.register()


def _load(game_id: str, players: int = 2, **params: int) -> Any:
    return pyspiel.load_game(adapter.short_name(game_id), {"players": players, **params})


def _chance(state: Any, rng: random.Random) -> None:
    """Let chance act until a player decides (outcomes drawn by their probabilities)."""
    while state.is_chance_node():
        outcomes, weights = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, weights)[0])


def _started(game_id: str, players: int, seed: int) -> Any:
    """A new game at its first player decision, chance drawn with ``seed``."""
    state = _load(game_id, players).new_initial_state()
    _chance(state, random.Random(seed))
    return state


def _play(state: Any, rng: random.Random, decisions: int) -> Any:
    """``state`` after up to ``decisions`` random legal actions, chance acting between
    them (it stops at the end)."""
    for _ in range(decisions):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
        _chance(state, rng)
    return state


class _Sampler:
    """A probability sampler with its own seed (OpenSpiel's draws from the clock)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def __call__(self) -> float:
        return self.rng.random()


# ---------------------------------------------------------------------- registration
def test_register_names_every_installed_game() -> None:
    names = adapter.register()
    assert names == tuple(sorted(f"python_{game_id}" for game_id in tr.installed_games()))
    assert adapter.register() == names  # again: nothing new
    for name in names:
        assert name in pyspiel.registered_names()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_game_is_described_by_the_library(game_id: str) -> None:
    rules = tr.load_rules(game_id)
    space = tr.action_space(rules)
    counts = tr.game_module(game_id).player_counts(rules)
    game = _load(game_id, 3)
    kind = game.get_type()
    assert kind.short_name == f"python_{game_id}"
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (kind.min_num_players, kind.max_num_players) == (min(counts), max(counts))
    assert kind.provides_information_state_string and not kind.provides_information_state_tensor
    assert kind.provides_observation_string and kind.provides_observation_tensor
    assert game.num_players() == 3
    assert game.num_distinct_actions() == space.size
    assert game.max_game_length() == space.max_decisions(3)
    bound = tr.game_module(game_id).max_chance_outcomes
    assert bound is not None and game.max_chance_outcomes() == bound(rules, 3)
    assert game.max_chance_nodes_in_history() == space.max_decisions(3)
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    assert game.observation_tensor_size() == tr.observation_layout(rules, 3).size
    assert _load(game_id).num_players() == 2  # the default
    with pytest.raises(tr.OptionError, match="seats"):
        _load(game_id, max(counts) + 1)


@pytest.mark.parametrize("game_id", GAMES)
def test_chance_nodes_are_the_games_draws(game_id: str) -> None:
    """Every draw is a chance node with the library's outcomes and exact probabilities
    (explicit chance mode); the picks make the same game as the library's."""
    rules = tr.load_rules(game_id)
    state = _load(game_id, 2).new_initial_state()
    mirror = tr.new_game(rules, ["player_0", "player_1"], chance="explicit")
    rng = random.Random(6)
    chance_nodes = 0
    while not state.is_terminal() and chance_nodes < 30:
        if state.is_chance_node():
            assert state.current_player() == CHANCE == tr.CHANCE
            outcomes = state.chance_outcomes()
            library = mirror.chance_outcomes()
            assert outcomes == [(o.action.index, float(o.probability)) for o in library]
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            assert len(outcomes) <= state.get_game().max_chance_outcomes()
            with pytest.raises(ValueError, match="chance"):
                state.clone().apply_action(len(outcomes))
            pick = rng.choice(outcomes)[0]
            assert state.action_to_string(CHANCE, pick) == f"outcome {pick}"
            mirror.apply(tr.PickOutcome(pick))
            chance_nodes += 1
        else:
            pick = rng.choice(state.legal_actions())
            chosen = tr.action_space(rules).decode(pick, mirror)
            # The label a person reads (issue #26), not the action's repr.
            assert state.action_to_string(state.current_player(), pick) == mirror.describe(chosen)
            mirror.apply(chosen)
        state.apply_action(pick)
        assert state.game.events == mirror.events
        assert state.returns() == list(mirror.returns())
    assert chance_nodes == 30


# ---------------------------------------------------------------------- OpenSpiel's tests
@pytest.mark.parametrize(("game_id", "players"), [("taverna", 2), ("cavern_tavern", 2), ("cavern_tavern", 3)])
def test_openspiel_random_simulations(game_id: str, players: int) -> None:
    game = _load(game_id, players)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiel_ismcts_plays_a_whole_game(game_id: str) -> None:
    game = _load(game_id, 2)
    rs = np.random.RandomState(5)
    bots = [
        ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 5, random_state=rs) for _ in range(2)
    ]
    samples: list[tuple[Any, Any]] = []
    sampler = _Sampler(1)

    def resample(state: Any, player: int) -> Any:
        sample = state.resample_from_infostate(player, sampler)
        samples.append((state.game.state, sample.game.state))
        return sample

    for bot in bots:
        bot.set_resampler(resample)
    state = game.new_initial_state()
    decisions = 0
    chance_nodes = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rs.choice([o for o, _ in state.chance_outcomes()])))
            chance_nodes += 1
            continue
        legal = state.legal_actions()
        action = bots[state.current_player()].step(state)
        assert action in legal
        state.apply_action(action)
        decisions += 1
    assert decisions <= game.max_game_length()
    assert 0 < chance_nodes <= game.max_chance_nodes_in_history()
    returns = state.returns()
    assert sum(returns) == pytest.approx(0.0) and sorted(returns) == [-1.0, 1.0]
    # The search drew its worlds (IS-MCTS asserts each has the root's information state),
    # and they were not the real game: the seed and the hidden cards were redrawn.
    assert len(samples) > 100
    assert all(real != sample and real.seed != sample.seed for real, sample in samples)


# ---------------------------------------------------------------------- information
@pytest.mark.parametrize("game_id", GAMES)
def test_a_resample_looks_the_same_to_its_player(game_id: str) -> None:
    rng = random.Random(3)
    sampler = _Sampler(4)
    checked = diverged = 0
    for players, seed in ((2, 11), (3, 12)):
        state = _started(game_id, players, seed)
        while not state.is_terminal():
            _play(state, rng, 9)
            if state.is_terminal():
                break
            player = state.current_player()
            sample = state.resample_from_infostate(player, sampler)
            real_game, sampled_game = state.game, sample.game
            assert real_game.state != sampled_game.state
            assert sample.current_player() == player
            assert sample.legal_actions() == state.legal_actions()
            assert sample.information_state_string(player) == state.information_state_string(player)
            assert np.array_equal(sample.observation_tensor(player), state.observation_tensor(player))
            assert sample.observation_string(player) == state.observation_string(player)
            # The others' keys start from the sampled position: a world of its own.
            for other in range(players):
                if other != player:
                    assert sample.information_state_string(other) != state.information_state_string(other)
            # Played on alike, the player's keys stay equal exactly as long as the events
            # they see after the sample are the same (their own draws may differ).
            real_from = len(real_game.events_for(player))
            sample_from = len(sampled_game.events_for(player))
            real, twin = state.clone(), sample.clone()
            for _ in range(6):
                if real.is_terminal() or twin.is_terminal():
                    break
                common = sorted(set(real.legal_actions()) & set(twin.legal_actions()))
                if not common:
                    break
                action = rng.choice(common)
                real.apply_action(action)
                twin.apply_action(action)
                seen_real = real.game.events_for(player)[real_from:]
                seen_twin = twin.game.events_for(player)[sample_from:]
                same_keys = real.information_state_string(player) == twin.information_state_string(player)
                assert same_keys == (seen_real == seen_twin)
                diverged += not same_keys
            checked += 1
    assert checked >= 10 and diverged > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_information_states_part_histories_as_the_library_does(game_id: str) -> None:
    """At each decision, the children of every legal action: two of them have the same key
    for a seat exactly when :func:`taverna_rules.information_state` says that seat cannot
    tell them apart, and such twins (a hidden choice of the decider) exist."""
    rng = random.Random(8)
    twins = 0
    for seed in (21, 22):
        state = _started(game_id, 2, seed)
        scanned = 0
        while not state.is_terminal() and (scanned < 12 or not twins):
            decider = state.current_player()
            children = []
            for action in state.legal_actions():
                child = state.clone()
                child.apply_action(action)
                children.append(child)
            for seat in (0, 1):
                ours = [child.information_state_string(seat) for child in children]
                library = [tr.information_state(child.game, seat) for child in children]
                assert len(set(zip(ours, library, strict=True))) == len(set(ours)) == len(set(library))
            watcher = 1 - decider
            by_key: dict[str, Any] = {}
            for child in children:
                first = by_key.setdefault(child.information_state_string(watcher), child)
                if first is not child:
                    twins += 1
                    assert first.game.state != child.game.state and str(first) != str(child)
                    assert np.array_equal(
                        first.observation_tensor(watcher), child.observation_tensor(watcher)
                    )
                    assert first.observation_string(watcher) == child.observation_string(watcher)
                    assert first.information_state_string(decider) != child.information_state_string(decider)
            state.apply_action(rng.choice(state.legal_actions()))
            _chance(state, rng)
            scanned += 1
    assert twins > 0


def test_players_see_their_own_hands() -> None:
    rules = tr.load_rules("taverna")
    hand = tr.observation_layout(rules, 2)["me.hand"]
    state = _play(_started("taverna", 2, 31), random.Random(2), 5)
    game = state.game
    assert game.state.players[0].hand != game.state.players[1].hand
    for seat in (0, 1):
        tensor = np.asarray(state.observation_tensor(seat))
        assert np.array_equal(tensor, tr.observe(game, seat, numpy=True))
    mine, theirs = (np.asarray(state.observation_tensor(seat))[hand] for seat in (0, 1))
    assert not np.array_equal(mine, theirs)
    assert state.observation_string(0) != state.observation_string(1)
    assert state.information_state_string(0) != state.information_state_string(1)


def test_observers_name_the_layout_blocks() -> None:
    game = _load("cavern_tavern", 2)
    layout = tr.observation_layout(game.rules, 2)
    observer = game.make_py_observer()
    assert list(observer.dict) == list(layout.names())
    state = _play(_started("cavern_tavern", 2, 5), random.Random(1), 10)
    observer.set_from(state, 1)
    vector = tr.observe(state.game, 1, numpy=True)
    assert np.array_equal(observer.tensor, vector)
    assert np.array_equal(observer.dict["me.vp"], vector[layout["me.vp"]])
    recall = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    assert recall.tensor is None
    assert recall.string_from(state, 1) == state.information_state_string(1)
    with pytest.raises(ValueError, match="one player"):
        game.make_py_observer(
            pyspiel.IIGObservationType(
                perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
            )
        )


# ---------------------------------------------------------------------- serialization
@pytest.mark.parametrize("game_id", GAMES)
def test_states_serialize_and_play_on_alike(game_id: str) -> None:
    game = _load(game_id, 3)
    real = _play(_started(game_id, 3, 41), random.Random(6), 25)
    sample = real.resample_from_infostate(real.current_player(), _Sampler(2))
    for state in (game.new_initial_state(), real, sample):
        copies = [
            game.deserialize_state(state.serialize()),
            pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1],
            pickle.loads(pickle.dumps(state)),
        ]
        for copy in copies:
            assert str(copy) == str(state)
            assert copy.history() == state.history()
            for seat in range(3):
                assert copy.information_state_string(seat) == state.information_state_string(seat)
        if state.is_chance_node():
            continue
        rng = random.Random(9)
        twin = copies[0]
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            assert twin.legal_actions() == state.legal_actions()
            state.apply_action(action)
            twin.apply_action(action)
        assert twin.returns() == state.returns() and abs(sum(state.returns())) < 1e-9
        assert twin.information_state_string(0) == state.information_state_string(0)


def test_the_module_examples() -> None:
    failed, attempted = doctest.testmod(adapter)
    assert attempted > 0 and failed == 0


def test_str_of_a_state_is_the_text_board_of_the_whole_game() -> None:
    """``str(state)``: a head line, the library's text board with every hand shown (as
    OpenSpiel's games show every card), and the log's key (states keyed by their text)."""
    state = pyspiel.load_game("python_taverna", {"players": 2}).new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node() or len(state.game.events) < 60:
        chance = state.is_chance_node()
        state.apply_action(
            rng.choice([a for a, _ in state.chance_outcomes()] if chance else state.legal_actions())
        )
    game = state.game
    head, *board, key = str(state).splitlines()
    assert head.startswith(f"Taverna, 2 players, {len(game.events)} events, ")
    whole = game.module.board_text(game.rules, game.state, None, "en")
    assert "\n".join(board) == whole
    assert all(game.rules.name_of(card) in whole for card in game.state.players[1].hand)
    assert key.startswith("log ")
    # A number the decision does not offer has a label too: its action's default words.
    offered = set(state.legal_actions())
    other = next(n for n in range(state.get_game().num_distinct_actions()) if n not in offered)
    assert "(" not in state.action_to_string(state.current_player(), other)


def _in_a_process_of_its_own(code: str) -> None:
    """Run ``code`` in a fresh interpreter (registration with OpenSpiel is for the whole
    process) and fail with its error output unless it succeeds."""
    done = subprocess.run(
        [sys.executable, "-c", code], check=False, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr


def test_a_game_that_cannot_be_described_does_not_stop_the_others() -> None:
    """With the toy games installed (in a process of its own: registration is for the
    process), the auction, whose rules are built in Python, cannot be described to
    OpenSpiel: a warning says so, and every game after it is registered."""
    code = (
        "import sys, warnings\n"
        f"sys.path.insert(0, {str(Path(__file__).parent)!r})\n"
        "from toy_games import installed\n"
        "with installed(), warnings.catch_warnings(record=True) as said:\n"
        "    warnings.simplefilter('always')\n"
        "    import pyspiel, taverna_rules.adapters.openspiel as a\n"
        "    names = a.register()\n"
        "assert 'python_sealed_auction' not in names, names\n"
        "assert {'python_taverna', 'python_dice_race'} <= set(names), names\n"
        "assert 'python_taverna' in pyspiel.registered_names()\n"
        "assert any('sealed_auction' in str(w.message) for w in said), [str(w.message) for w in said]\n"
    )
    _in_a_process_of_its_own(code)


def test_the_games_register_when_the_module_is_imported() -> None:
    """As OpenSpiel's own Python games do; register() again is harmless."""
    code = (
        "import pyspiel, taverna_rules.adapters.openspiel as a\n"
        "assert pyspiel.load_game('python_cavern_tavern').num_players() == 2\n"
        "import taverna_rules as tr\n"
        "names = tuple(sorted('python_' + g for g in tr.installed_games()))\n"
        "assert a.register() == a.register() == names\n"
    )
    _in_a_process_of_its_own(code)
