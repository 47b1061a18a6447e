"""Returns, maximum game length, pickling and copies (issue #12)."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import taverna_rules as tr
from taverna_rules.core.records import Result, Standing


def _result(*ranks: int) -> Result:
    return Result(tuple(Standing(seat, f"P{seat}", rank, 10 - rank, ()) for seat, rank in enumerate(ranks)))


@pytest.mark.parametrize(
    ("ranks", "returns"),
    [
        ((1, 2), (1.0, -1.0)),
        ((2, 1), (-1.0, 1.0)),
        ((1, 1), (0.0, 0.0)),
        ((3, 1, 4, 2), (-1 / 3, 1.0, -1.0, 1 / 3)),
        ((1, 1, 3), (0.5, 0.5, -1.0)),
    ],
)
def test_returns_are_pairwise_rank_wins_in_minus_one_to_one(
    ranks: tuple[int, ...], returns: tuple[float, ...]
) -> None:
    got = _result(*ranks).returns
    assert got == pytest.approx(returns)
    assert sum(got) == pytest.approx(0.0)


@pytest.mark.parametrize("game_id", ["taverna", "cavern_tavern"])
def test_a_game_returns_zeros_until_the_end_then_its_result(game_id: str) -> None:
    from taverna_rules.bots import RandomBot, play_out

    game = tr.new_game(tr.load_rules(game_id), ["Ann", "Bob", "Cy"], seed=8)
    assert game.returns() == (0.0, 0.0, 0.0)
    assert game.playout().returns() == (0.0, 0.0, 0.0)
    play_out(game, RandomBot(8))
    assert game.result is not None
    assert game.returns() == game.result.returns
    winner = game.result.standing(game.result.standings[0].player)
    assert game.returns()[winner.player] == max(game.returns())
    with pytest.raises(tr.UnknownPlayerError):
        game.result.standing(3)


@pytest.mark.parametrize("game_id", ["taverna", "cavern_tavern"])
def test_the_longest_game_is_published_and_bounds_real_games(game_id: str) -> None:
    from taverna_rules.bots import GreedyBot, play_out

    rules = tr.load_rules(game_id)
    space = tr.action_space(rules)
    assert space.player_counts == (2, 3, 4, 5)
    for players in space.player_counts:
        game = tr.new_game(rules, [f"P{i}" for i in range(players)], seed=players)
        made = play_out(game, GreedyBot(players))
        assert made <= space.max_decisions(players)
    with pytest.raises(tr.OptionError, match="seat"):
        space.max_decisions(6)


@pytest.mark.parametrize("game_id", ["taverna", "cavern_tavern"])
def test_a_game_pickles_with_its_log_and_undo(game_id: str) -> None:
    game = tr.new_game(tr.load_rules(game_id), ["Ann", "Bob"], seed=2, undo="always")
    rng = random.Random(2)
    for _ in range(30):
        game.apply(rng.choice(game.legal_actions()))
    back = pickle.loads(pickle.dumps(game))
    assert back.state == game.state and back.events == game.events
    assert back.legal_actions() == game.legal_actions()
    back.undo()
    game.undo()
    assert back.state == game.state
    action = rng.choice(game.legal_actions())
    assert back.apply(action) == game.apply(action)


def test_copies_are_independent_and_share_the_immutable_states() -> None:
    game = tr.new_game(tr.load_rules(), ["Ann", "Bob"], seed=2)
    for clone in (copy.copy(game), copy.deepcopy(game)):
        assert clone.state is game.state
        clone.apply(clone.legal_actions()[0])
        assert clone.state != game.state and len(clone.events) > len(game.events)
