"""Determinization (issue #12, "honest determinization"): a game drawn among those one
player cannot tell apart, for search that must not peek.

The property that matters: the sample depends on the player's view and the generator
only. Two games that look the same to the player give the *same* sample for the same
generator state, so its distribution cannot depend on anything hidden."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import taverna_rules as tr
from taverna_rules._records import evolve
from taverna_rules.bots import ISMCTSBot, RandomBot, play_out
from taverna_rules.core.determinize import determinize

GAMES = ("taverna", "cavern_tavern", "taverne")


def _midgame(game_id: str, players: int, seed: int, steps: int) -> tr.Game:
    rules = tr.load_rules(game_id)
    game = tr.new_game(rules, [f"P{i}" for i in range(players)], seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 5), seed=st.integers(0, 2**20), steps=st.integers(0, 250), data=st.data())
def test_a_sample_depends_on_the_view_only(
    game_id: str, players: int, seed: int, steps: int, data: st.DataObject
) -> None:
    assume(players in tr.game_module(game_id).player_counts(tr.load_rules(game_id)))
    game = _midgame(game_id, players, seed, steps)
    if game.over:
        return
    viewer = data.draw(st.integers(0, players - 1), label="viewer")
    k, j = data.draw(st.integers(0, 2**32), label="k"), data.draw(st.integers(0, 2**32), label="j")
    sample = game.determinize(viewer, random.Random(k))
    # The player sees exactly the same game...
    assert sample.view(viewer) == game.view(viewer)
    assert sample.decision_for(viewer) == game.decision_for(viewer)
    # ... and a game they cannot tell from this one gives the same sample for the same rng.
    other = game.determinize(viewer, random.Random(j))
    assert other.determinize(viewer, random.Random(k)).state == sample.state
    # The seed, which decides every draw to come, is drawn anew.
    assert sample.state.seed != game.state.seed


@pytest.mark.parametrize("game_id", GAMES)
def test_a_sample_plays_to_the_end(game_id: str) -> None:
    game = _midgame(game_id, 3, seed=5, steps=40)
    sample = game.determinize(1, random.Random(3))
    play_out(sample, RandomBot(4))
    assert sample.over and sample.result is not None
    # The real game is untouched.
    assert not game.over


@pytest.mark.parametrize("game_id", GAMES)
def test_what_is_hidden_is_redealt_and_what_is_seen_is_kept(game_id: str) -> None:
    game = _midgame(game_id, 4, seed=11, steps=60)
    hidden = game.module.visibility.hidden(game.state, 0)
    assert hidden, "mid-game, some cards are hidden from seat 0"
    samples = [game.determinize(0, random.Random(k)).state for k in range(20)]
    # Seat 0's own hand (or items) never moves; the hidden things land elsewhere in some sample.
    assert all(s.players[0] == game.state.players[0] for s in samples)
    assert any(s != evolve(game.state, seed=s.seed) for s in samples)
    # Nothing is created or lost: the same hidden things, redealt.
    for sample in samples:
        assert game.module.visibility.hidden(sample, 0) == hidden


def test_a_player_view_and_a_finished_game_cannot_be_determinized() -> None:
    game = _midgame("taverna", 2, seed=2, steps=10)
    view = tr.replay(game.rules, game.events_for(0), verify=False)
    with pytest.raises(tr.DeterminizeError, match="view"):
        view.determinize(0, random.Random(1))
    with pytest.raises(tr.UnknownPlayerError):
        game.determinize(7, random.Random(1))
    with pytest.raises(tr.OptionError, match=r"random\.Random"):
        game.determinize(0, 42)  # type: ignore[arg-type]
    play_out(game, RandomBot(1))
    with pytest.raises(tr.DeterminizeError, match="over"):
        game.determinize(0, random.Random(1))


def test_a_sealed_choice_the_viewer_cannot_see_is_chosen_anew() -> None:
    """A sealed bid is an action, not a card from a deck: a sample chooses it again among
    the bidder's legal bids, keeps what the viewer sealed, and depends on the viewer's
    view and the generator only."""
    from toy_games import installed
    from toy_games.auction import RULES, Bid

    with installed():
        game = tr.new_game(RULES, ["Ann", "Bob", "Cy"], seed=1)
        assert game.seat(0).playout(random.Random(1)).legal_actions() == game.legal_actions()
        game.apply(Bid(4), player=1)
        game.apply(Bid(2), player=2)
        fresh = tr.new_game(RULES, ["Ann", "Bob", "Cy"], seed=1).decision_for(1)
        assert fresh is not None
        legal = set(fresh.actions)
        seen = set()
        for k in range(40):
            sample = game.seat(0).playout(random.Random(k))
            commits = sample.state.commits
            # The order of commits is public: Bob, then Cy.
            assert [seat for seat, _ in commits] == [1, 2]
            assert all(bid in legal for _, bid in commits)
            seen.add(commits)
            # Ann still bids, and her bid ends the round as in the real game.
            assert sample.legal_actions() == game.legal_actions()
            sample.apply(Bid(0))
        assert len(seen) > 10  # the hidden bids vary with the generator
        # What Bob sees: his own bid kept, Cy's chosen anew; the same generator, the same sample.
        for k in range(10):
            sample = game.seat(1).playout(random.Random(k))
            assert sample.state.commits[0] == (1, Bid(4))
            again = game.seat(1).playout(random.Random(k))
            assert again.state == sample.state
        # Without the game's rules the core cannot choose them.
        with pytest.raises(tr.DeterminizeError, match="rules"):
            determinize(game.module.visibility, game.state, 0, random.Random(1))
        # The toy game writes no positions: a sample plays as a playout, not as a Game.
        with pytest.raises(tr.DeterminizeError, match="positions"):
            game.determinize(1, random.Random(1))


@pytest.mark.parametrize(
    ("game_id", "players", "seed", "steps", "viewer"),
    [("cavern_tavern", 2, 18, 90, 0), ("cavern_tavern", 3, 13, 90, 1), ("taverna", 4, 44, 60, 0)],
)
def test_a_sample_waits_for_the_same_players(
    game_id: str, players: int, seed: int, steps: int, viewer: int
) -> None:
    """Games where a sample once skipped a decision the real game asked (or the other
    way): whether a player whose only choice is to pass is asked must not hang on what
    they hide, or the sample, dealt other hidden things, shows a different game."""
    game = _midgame(game_id, players, seed, steps)
    for k in range(5):
        sample = game.determinize(viewer, random.Random(k))
        assert sample.view(viewer) == game.view(viewer)
        assert sample.decision_for(viewer) == game.decision_for(viewer)


def test_search_plays_a_game_of_sealed_choices() -> None:
    """Information-set search draws a sample at every iteration: with bids sealed by the
    seats before it, it still searches (it used to find no sample and fail), and the
    game ends with a result."""

    from toy_games import installed
    from toy_games.auction import RULES

    with installed():
        game = tr.new_game(RULES, ["Ann", "Bob", "Cy"], seed=3)
        made = play_out(game, [ISMCTSBot(iterations=20, seed=seat) for seat in range(3)])
        assert game.over and made == 12  # four lots, three sealed bids each
        assert game.result is not None and len(game.result.returns) == 3
