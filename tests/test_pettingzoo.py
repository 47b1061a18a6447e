"""The PettingZoo AEC environment (issue #12): PettingZoo's own API and seed tests for
every game, and what the wrapper promises on top: the deciding agent is the game's, an
agent observes only what its seat sees, rewards add up to the game's returns, and an
illegal action changes nothing."""

from __future__ import annotations

import doctest
import importlib
import random
import sys
import warnings
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, seed_test

import taverna_rules as tr
from taverna_rules.adapters import pettingzoo as adapter
from taverna_rules.adapters.pettingzoo import TavernaEnv, env, raw_env

GAMES = ("taverna", "cavern_tavern")
#: PettingZoo's advice for flat observations, which a dict with an action mask (what its
#: own board games use) cannot follow.
DICT_ADVICE = [
    "ignore:Observation is not a NumPy array:UserWarning",
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Action mask numpy array is all zeros:UserWarning",
]


def _ignore_dict_advice(test: Any) -> Any:
    for rule in DICT_ADVICE:
        test = pytest.mark.filterwarnings(rule)(test)
    return test


def _play(table: TavernaEnv, rng: random.Random) -> int:
    """Step ``table`` with random legal numbers (from the mask) until the game is over;
    the steps taken."""
    steps = 0
    while not table.game.over:
        mask = table.observe(table.agent_selection)["action_mask"]
        table.step(rng.choice(np.flatnonzero(mask).tolist()))
        steps += 1
    return steps


def _midgame(game_id: str, players: int, seed: int, steps: int) -> TavernaEnv:
    table = env(game=game_id, players=players)
    table.reset(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        mask = table.observe(table.agent_selection)["action_mask"]
        table.step(rng.choice(np.flatnonzero(mask).tolist()))
    assert not table.game.over
    return table


# ---------------------------------------------------------------------- PettingZoo's tests
@_ignore_dict_advice
@pytest.mark.parametrize(
    ("game_id", "players"), [("taverna", 2), ("taverna", 4), ("cavern_tavern", 2), ("cavern_tavern", 3)]
)
def test_pettingzoo_api_test(game_id: str, players: int) -> None:
    # Enough cycles for a whole game: the test plays on to the end and lets every agent go.
    api_test(env(game=game_id, players=players), num_cycles=400)


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_seed_test(game_id: str) -> None:
    seed_test(lambda: env(game=game_id), num_cycles=400)


# ---------------------------------------------------------------------- making one
@pytest.mark.parametrize("game_id", GAMES)
def test_spaces_follow_the_layout_and_the_codec(game_id: str) -> None:
    rules = tr.load_rules(game_id)
    table = env(game=game_id, players=3)
    layout, codec = tr.observation_layout(rules, 3), tr.action_space(rules)
    assert table.metadata == {
        "name": f"taverna_rules_{game_id}_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }
    assert str(table) == f"taverna_rules_{game_id}_v0"
    assert isinstance(table, TavernaEnv) and raw_env is TavernaEnv
    assert table.possible_agents == ["player_0", "player_1", "player_2"]
    assert table.layout == layout and table.codec is codec
    for agent in table.possible_agents:
        space = table.observation_space(agent)
        assert space is table.observation_space(agent) and table.action_space(agent) is table.action_space(
            agent
        )
        assert space["observation"].shape == (layout.size,) and space["observation"].dtype == np.float32
        assert space["action_mask"].shape == (codec.size,) and space["action_mask"].dtype == np.int8
        assert table.action_space(agent).n == codec.size
    # Equal spaces, but each agent's own objects: seeding one does not reseed another.
    first, second = table.observation_space("player_0"), table.observation_space("player_1")
    assert first == second and first["observation"] is not second["observation"]
    with pytest.raises(tr.UnknownPlayerError, match="no agent 'player_3'"):
        table.observation_space("player_3")


def test_a_rule_set_and_rule_options_reach_the_game() -> None:
    rules = tr.load_rules("taverna")
    table = env(game=rules, players=2, favours_on_any_turn=True)
    table.reset(seed=4)
    started = table.game.events[0]
    assert dict(started.options)["favours_on_any_turn"] is True  # type: ignore[attr-defined]
    assert table.game.rules is rules and table.options == {"favours_on_any_turn": True}
    plain = env(game="taverna")
    plain.reset(seed=4)
    assert dict(plain.game.events[0].options)["favours_on_any_turn"] is False  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"game": "chess"}, tr.GameModuleError, "no game 'chess' is installed"),
        ({"game": 7}, tr.OptionError, "rules is a RuleSet"),
        ({"players": 1}, tr.OptionError, r"seats \(2, 3, 4, 5\) players, not 1"),
        ({"players": 6}, tr.OptionError, "not 6"),
        ({"players": 2.0}, tr.OptionError, "players is a number of players, not 2.0"),
        ({"players": True}, tr.OptionError, "not True"),
        ({"render_mode": "human"}, tr.OptionError, "render_mode is None or 'ansi', not 'human'"),
        ({"use_curses": True}, tr.OptionError, "unknown rule option"),
    ],
)
def test_a_wrong_argument_is_refused_when_the_env_is_made(
    arguments: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        env(**arguments)


def test_nothing_is_read_or_played_before_reset() -> None:
    table = env(game="cavern_tavern")
    assert table.agents == []
    with pytest.raises(RuntimeError, match="call reset"):
        table.observe("player_0")
    with pytest.raises(RuntimeError, match="call reset"):
        table.step(0)
    with pytest.raises(RuntimeError, match="call reset"):
        _ = table.game


# ---------------------------------------------------------------------- playing
@pytest.mark.parametrize(("game_id", "players", "seed"), [("taverna", 2, 5), ("cavern_tavern", 4, 2)])
def test_a_random_game_follows_the_game_and_pays_its_returns(game_id: str, players: int, seed: int) -> None:
    table = env(game=game_id, players=players)
    table.reset(seed=seed)
    codec = tr.action_space(table.rules)
    rng = random.Random(seed)
    assert table.agents == table.possible_agents
    collected: dict[str, float] = {}
    steps = 0
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, info = table.last()
        game = table.game
        assert not truncated and info == {}
        if terminated:
            assert game.over
            collected[agent] = reward
            table.step(None)
            continue
        decision = game.decision
        assert decision is not None and agent == f"player_{decision.player}"
        assert reward == 0 and not any(table.terminations.values())
        seat = table.seat(agent)
        np.testing.assert_array_equal(observation["observation"], tr.observe(game, seat, numpy=True))
        assert observation["action_mask"].tolist() == [int(legal) for legal in codec.legal_mask(game)]
        for other in table.agents:
            if other != agent:
                mine = table.observe(other)
                assert not mine["action_mask"].any()
                np.testing.assert_array_equal(mine["observation"], tr.observe(game, table.seat(other)))
        number = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
        expected = game.copy()
        expected.apply(codec.decode(number, game))
        table.step(number)
        steps += 1
        assert game.events == expected.events
    game = table.game
    assert game.over and table.agents == []
    assert steps <= codec.max_decisions(players)
    returns = game.returns()
    assert collected == {f"player_{seat}": value for seat, value in enumerate(returns)}
    assert any(returns) and sum(collected.values()) == pytest.approx(0.0)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_last_step_pays_the_returns_and_terminates_everyone(game_id: str) -> None:
    table = env(game=game_id, players=3)
    table.reset(seed=9)
    rng = random.Random(1)
    while True:
        mask = table.observe(table.agent_selection)["action_mask"]
        table.step(rng.choice(np.flatnonzero(mask).tolist()))
        if table.game.over:
            break
        assert set(table.rewards.values()) == {0.0} and set(table.terminations.values()) == {False}
    returns = dict(zip(table.possible_agents, table.game.returns(), strict=True))
    assert table.rewards == returns and table._cumulative_rewards == returns
    assert all(table.terminations.values()) and not any(table.truncations.values())
    for agent in table.possible_agents:
        assert not table.observe(agent)["action_mask"].any()
    with pytest.raises(ValueError, match="only valid action is None"):
        table.step(0)
    while table.agents:
        agent = table.agent_selection
        assert table.last()[1] == returns[agent]
        table.step(None)
    with pytest.raises(tr.IllegalActionError, match="every agent has left"):
        table.step(None)


def test_the_played_game_is_new_game_with_the_reset_seed() -> None:
    table = env(game="cavern_tavern", players=2)
    table.reset(seed=31)
    rng = random.Random(0)
    numbers = []
    while not table.game.over:
        mask = table.observe(table.agent_selection)["action_mask"]
        numbers.append(rng.choice(np.flatnonzero(mask).tolist()))
        table.step(numbers[-1])
    rules = tr.load_rules("cavern_tavern")
    game = tr.new_game(rules, ["player_0", "player_1"], seed=31)
    codec = tr.action_space(rules)
    for number in numbers:
        game.apply(codec.decode(number, game))
    assert game.events == table.game.events


@pytest.mark.parametrize("game_id", GAMES)
def test_reset_is_deterministic_for_a_seed_and_draws_without_one(game_id: str) -> None:
    one, two = env(game=game_id), env(game=game_id)
    one.reset(seed=123)
    two.reset(seed=123)
    assert one.game.events == two.game.events
    _play(one, random.Random(4))
    _play(two, random.Random(4))
    assert one.game.events == two.game.events
    # The resets after a seeded one draw their seeds from it: the same in both.
    one.reset()
    two.reset()
    assert (
        one.game.events == two.game.events
        and one.game.events != tr.new_game(one.rules, one.possible_agents, seed=123).events
    )
    other = env(game=game_id)
    other.reset(seed=124)
    assert other.game.events[0] != one.game.events[0]
    # Unseeded, two environments play different games.
    fresh = [env(game=game_id) for _ in range(2)]
    for table in fresh:
        table.reset()
    assert fresh[0].game.events[0] != fresh[1].game.events[0]


@pytest.mark.parametrize("game_id", GAMES)
def test_an_illegal_action_raises_and_changes_nothing(game_id: str) -> None:
    table = _midgame(game_id, 3, seed=6, steps=15)
    agent = table.agent_selection
    events = table.game.events
    observed = {a: table.observe(a) for a in table.agents}
    rewards, cumulative = dict(table.rewards), dict(table._cumulative_rewards)
    illegal = int(np.flatnonzero(observed[agent]["action_mask"] == 0)[0])
    size = table.codec.size
    for action, message in [
        (illegal, f"action number {illegal} .* is not legal now"),
        (np.int64(illegal), "is not legal now"),
        (-1, "out of range"),
        (size, "out of range"),
        (None, f"an action is a number from 0 to {size - 1}, not None"),
        (1.0, "not 1.0"),
        ("3", "not '3'"),
        (True, "not True"),
    ]:
        with pytest.raises(tr.IllegalActionError, match=message):
            table.step(action)  # type: ignore[arg-type]
        assert table.game.events == events and table.agent_selection == agent
        assert table.rewards == rewards and table._cumulative_rewards == cumulative
        for other, before in observed.items():
            now = table.observe(other)
            np.testing.assert_array_equal(now["observation"], before["observation"])
            np.testing.assert_array_equal(now["action_mask"], before["action_mask"])
    # NumPy's integers are numbers too (RL libraries sample them).
    legal = np.flatnonzero(observed[agent]["action_mask"])[0]
    table.step(legal)
    assert len(table.game.events) > len(events)


@pytest.mark.parametrize("game_id", GAMES)
def test_an_agent_observes_nothing_of_the_others_hidden_cards(game_id: str) -> None:
    table = _midgame(game_id, 3, seed=8, steps=20)
    game = table.game
    mine = table.observe("player_0")["observation"]
    theirs = tr.observe(game, 1, numpy=True)
    redealt = 0
    for k in range(8):
        sample = game.determinize(0, random.Random(k))
        # Seat 0 cannot tell the sample from the game: its observation is the same ...
        np.testing.assert_array_equal(mine, tr.observe(sample, 0, numpy=True))
        # ... while what seat 1 holds may have been redealt.
        redealt += not np.array_equal(theirs, tr.observe(sample, 1, numpy=True))
    assert redealt > 0, "no sample redealt seat 1's hidden things: the test would prove nothing"


# ---------------------------------------------------------------------- the rest
@pytest.mark.parametrize("game", ["taverna", "cavern_tavern"])
def test_render_shows_whose_turn_the_text_board_and_the_scores(game: str) -> None:
    """``ansi`` renders a head line, then the library's text board as a spectator sees it."""
    table = env(game=game, players=2, render_mode="ansi")
    table.reset(seed=5)
    text = table.render()
    assert text is not None
    decision = table.game.decision
    assert decision is not None
    name = table.game.module.name.get("en")
    head, *board = text.splitlines()
    assert head == f"{name}, 2 players: player_{decision.player} to decide"
    assert "\n".join(board) == table.game.board() == str(table.game)
    _play(table, random.Random(3))
    final = table.render()
    result = table.game.result
    assert final is not None and result is not None
    assert final.startswith(f"{name}, 2 players: over, ")
    assert final.endswith(table.game.board())
    for standing in result.standings:
        assert f"{standing.name}: {standing.total} VP" in final
    table.close()
    assert table.game.over  # close() keeps the game readable


def test_render_without_a_mode_warns_and_returns_none() -> None:
    table = env(game="cavern_tavern")
    table.reset(seed=1)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert table.render() is None
    assert any("without a render mode" in str(w.message) for w in caught)


def test_the_module_examples_run() -> None:
    failed, attempted = doctest.testmod(adapter)
    assert attempted >= 4 and failed == 0


def test_without_the_extra_the_import_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    monkeypatch.delitem(sys.modules, "taverna_rules.adapters.pettingzoo")
    with pytest.raises(ImportError, match=r"pip install 'taverna-rules\[pettingzoo\]'"):
        importlib.import_module("taverna_rules.adapters.pettingzoo")
