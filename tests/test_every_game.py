"""One property, every game (issue #10, "hold for both games"): random legal play, with the
choices drawn by hypothesis, through the conformance kit's checks for each installed
bundled game — folding the log equals the live state, verified replay, every card,
ingredient and die conserved (the game's integrity and ledger), JSON round trips of
decisions, actions, events, log and state, position round trips, views that name nothing
hidden, illegal actions refused with nothing changed, and undo."""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import taverna_rules as tr
from scenario import bounded
from taverna_rules._records import evolve
from taverna_rules.core.records import Action
from taverna_rules.tools.conformance import check_game, checks

GAMES = ("taverna", "cavern_tavern", "taverne")
#: Multiplies the example counts, for a longer hunt: ``TAVERNA_PROPERTY_SCALE=20 pytest ...``.
SCALE = float(os.environ.get("TAVERNA_PROPERTY_SCALE", "1"))


class DrawnChoices:
    """A bot whose every choice hypothesis draws (so a failing game shrinks to fewer and
    earlier choices)."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def choose(self, game: tr.Seat) -> Action:
        actions = game.legal_actions()
        return actions[self.data.draw(st.integers(0, len(actions) - 1), label="choice")]


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=max(1, round(8 * SCALE)), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_legal_play_keeps_every_invariant(game_id: str, data: st.DataObject) -> None:
    rules = tr.load_rules(game_id)
    players = data.draw(st.sampled_from(tr.game_module(game_id).player_counts(rules)), label="players")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    checked = check_game(rules, players, seed, bounded(game_id), bot=DrawnChoices(data))
    assert checked.failure is None, checked.failure
    assert any(type(event).__name__ == "GameEnded" for event in checked.events)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_position_that_does_not_round_trip_is_caught(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The ``positions`` check compares the state read back with the live one."""
    rules = tr.load_rules(game_id)
    real = tr.load_position

    def lossy(rules: Any, text: str) -> Any:

        return evolve(real(rules, text), seed=12345)

    monkeypatch.setattr(checks, "load_position", lossy)
    checked = check_game(rules, 3, 3)
    assert checked.failure is not None and checked.failure.check == "positions"
    assert "seed" in checked.failure.message


@pytest.mark.parametrize("game_id", GAMES)
def test_an_out_of_turn_action_that_plays_is_caught(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The ``refusals`` check plays the chosen action as a seat the decision does not ask."""
    rules = tr.load_rules(game_id)
    real = tr.Game.apply

    def careless(self: tr.Game, action: Action, *, player: Any = None) -> Any:
        return real(self, action)  # the actor named is ignored

    monkeypatch.setattr(tr.Game, "apply", careless)
    checked = check_game(rules, 3, 4)
    assert checked.failure is not None and checked.failure.check == "refusals"
    assert "by seat" in checked.failure.message


def test_a_game_is_named_first_when_loading_rules(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """``tr.load_rules("cavern_tavern")`` as the issue writes it; a folder with a game's
    name is a path only when written as one."""
    rules = tr.load_rules("cavern_tavern")
    assert rules.game == "cavern_tavern" and rules is tr.load_rules(game="cavern_tavern")
    assert tr.validate("cavern_tavern").ok
    (tmp_path / "cavern_tavern").mkdir()
    monkeypatch.chdir(tmp_path)
    assert tr.load_rules("cavern_tavern").game == "cavern_tavern"
    # Written as a path, the folder is a (here empty) layer on Taverna, the default game.
    assert tr.load_rules("./cavern_tavern").game == "taverna"
    with pytest.raises(tr.GameModuleError, match="two games"):
        tr.load_rules("cavern_tavern", game="taverna")
