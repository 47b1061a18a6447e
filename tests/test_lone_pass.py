"""A decision whose only choice is to pass: taken by itself only when the player who
decides holds nothing the other seats cannot see.

Whether a player's only choice is to pass often hangs on what they hide (a lightning
spell in a Taverna hand, a playable item in Cavern Tavern). Asking some players and not
others would show the table who holds what; asking everyone who hides something shows
only what is public (how much each holds)."""

from __future__ import annotations

import random

import pytest

import taverna_rules as tr
from taverna_rules.bots import RandomBot, play_out
from taverna_rules.core import Pass
from taverna_rules.core.engine import LIVE, Engine

GAMES = ("taverna", "cavern_tavern", "taverne")


def _at_respond_window(seed: int) -> tr.Game:
    """A Taverna game stopped at a response window whose only choice is to pass."""
    rules = tr.load_rules("taverna")
    game = tr.new_game(rules, ["Ann", "Bob", "Cy"], seed=seed)
    rng = random.Random(seed)
    while not game.over:
        decision = game.decision
        assert decision is not None
        if decision.kind == "respond" and decision.actions == (Pass(),):
            return game
        game.apply(rng.choice(game.legal_actions()))
    raise AssertionError("the game ended without a response window")


def test_a_lone_pass_is_asked_of_a_player_who_hides_something() -> None:
    game = _at_respond_window(3)
    decision = game.decision
    assert decision is not None
    # Bob cannot answer, but his hand is hidden: he is asked all the same.
    assert game.state.players[decision.player].hand
    assert tuple(game.legal_actions()) == (Pass(),)


def test_a_lone_pass_is_taken_by_itself_when_the_player_hides_nothing() -> None:
    game = _at_respond_window(3)
    state = game.state
    seat = state.stack[-1].player
    # The same window, for a player with no hand and nothing put away face down.
    players = list(state.players)
    players[seat] = players[seat].replace(hand=())
    discards = tuple(pair for pair in state.spell_discard if pair[0] != seat)
    bare = state.replace(players=tuple(players), spell_discard=discards)
    engine = Engine(game.rules, bare, mode=LIVE)
    engine.run()
    assert engine.pending is not None
    assert (engine.pending.kind, engine.pending.player) != ("respond", seat)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_log_whose_lone_passes_were_taken_by_themselves_still_verifies(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Logs recorded when every lone pass was taken by itself replay, verified, to the
    same game: where the log goes on past such a window, replay takes the pass."""
    rules = tr.load_rules(game_id)
    with monkeypatch.context() as patch:
        patch.setattr(Engine, "_passes_unasked", lambda self, seat: True)
        old = tr.new_game(rules, ["Ann", "Bob", "Cy"], seed=7)
        play_out(old, RandomBot(7))
    replayed = tr.replay(rules, old.events)
    assert replayed.state == old.state
    assert replayed.over and replayed.result == old.result
