"""Observation vectors and information states (issue #12, "Observations"): a fixed layout
for every state and seat, written from the player's view only, and a perfect-recall key
of what a player has seen."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import taverna_rules as tr

GAMES = ("taverna", "cavern_tavern", "taverne")


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 5), seed=st.integers(0, 2**20))
def test_every_observation_has_the_published_layout(game_id: str, players: int, seed: int) -> None:
    rules = tr.load_rules(game_id)
    assume(players in tr.game_module(game_id).player_counts(rules))
    layout = tr.observation_layout(rules, players)
    game = tr.new_game(rules, [f"P{i}" for i in range(players)], seed=seed)
    rng = random.Random(seed)
    step = 0
    while True:
        if step % 7 == 0 or game.over:
            for seat in range(players):
                vector = tr.observe(game, seat, numpy=False)
                assert len(vector) == layout.size
                assert all(isinstance(x, float) for x in vector)
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
        step += 1
    # At the end the flag says so, and the deciding seat's block is empty.
    vector = tr.observe(game, 0, numpy=False)
    assert vector[layout["over"]] == [1.0]
    assert vector[layout["decision.seat"]] == [0.0] * players


@pytest.mark.parametrize("game_id", GAMES)
def test_an_observation_never_depends_on_what_is_hidden(game_id: str) -> None:
    """Games the player cannot tell apart (determinizations) give the same vector and the
    same information state; the other seats' vectors differ where the hidden hands do."""
    rules = tr.load_rules(game_id)
    game = tr.new_game(rules, ["A", "B", "C"], seed=4)
    rng = random.Random(4)
    for _ in range(50):
        game.apply(rng.choice(game.legal_actions()))
    for k in range(5):
        sample = game.determinize(0, random.Random(k))
        assert tr.observe(sample, 0, numpy=False) == tr.observe(game, 0, numpy=False)
    own = game.seat(0).information_state()
    assert own == tr.information_state(game, "A")
    # Another seat's key differs (it sees another hand), and the key moves with the game.
    assert tr.information_state(game, 1) != own
    game.apply(rng.choice(game.legal_actions()))
    assert tr.information_state(game, 0) != own


def test_the_layout_names_each_block_once_and_reads_the_state() -> None:
    rules = tr.load_rules()
    game = tr.new_game(rules, ["Ann", "Bob", "Cy"], seed=7)
    layout = tr.observation_layout(rules, 3)
    names = layout.names()
    assert len(names) == len(set(names)) == len(layout)
    assert layout.blocks[-1][1].stop == layout.size
    ann, bob = tr.observe(game, "Ann", numpy=False), tr.observe(game, "Bob", numpy=False)
    # Each sees themself first: their own coins under "me", the next player's under next1.
    assert ann[layout["me.coins"]] == [float(game.state.players[0].coins)]
    assert bob[layout["next2.coins"]] == [float(game.state.players[0].coins)]
    # Seat 0 buys the first deed: it is their decision, one-hot at the first seat listed.
    assert ann[layout["decision.seat"]] == [1.0, 0.0, 0.0]
    assert bob[layout["decision.seat"]] == [0.0, 0.0, 1.0]
    hand = ann[layout["me.hand"]]
    assert sum(hand) == len(game.state.players[0].hand)
    assert "me.coins" in layout.describe()


def test_numpy_arrays_when_asked_and_lists_otherwise() -> None:
    numpy = pytest.importorskip("numpy")
    game = tr.new_game(tr.load_rules("cavern_tavern"), ["Ann", "Bob"], seed=1)
    array = tr.observe(game, 0)
    assert isinstance(array, numpy.ndarray) and array.dtype == numpy.float32
    assert array.tolist() == tr.observe(game, 0, numpy=False)
    assert game.seat(1).observe(numpy=False) == tr.observe(game, 1, numpy=False)


def test_observing_is_refused_with_the_library_errors() -> None:
    rules = tr.load_rules()
    game = tr.new_game(rules, ["Ann", "Bob"], seed=1)
    with pytest.raises(tr.OptionError, match="name the player"):
        tr.observe(game)
    with pytest.raises(tr.UnknownPlayerError):
        tr.observe(game, "Zed")
    with pytest.raises(tr.OptionError, match="another player"):
        tr.observe(game.seat(0), 1)
    with pytest.raises(tr.OptionError, match="Game or a Seat"):
        tr.observe(object(), 0)  # type: ignore[arg-type]
    with pytest.raises(tr.OptionError, match="seats"):
        tr.observation_layout(rules, 9)
