"""Taverns & Dragons played from the public API: random games of every player count end
with a result and replay to the same state, and the rules of a round hold, each test
citing the rulebook line it checks."""

from __future__ import annotations

import random
from typing import Any

import pytest

import taverna_rules as tr
from dragons import RULES, new, play_randomly


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("modules", [False, True])
def test_random_games_end_and_replay(players: int, modules: bool) -> None:
    """Random legal play always ends after 7 rounds (l.145) with a result, and folding the
    log gives the live state."""
    options: dict[str, Any] = {"missions": True, "events": True, "tavern_powers": True} if modules else {}
    for seed in range(3):
        game = new(players, seed=seed, options=options)
        play_randomly(game, random.Random(seed))
        assert game.result is not None
        assert game.state.round == 7
        assert tr.replay(RULES, game.events).state == game.state
        totals = [s.total for s in game.result.standings]
        assert totals == sorted(totals, reverse=True)
        assert all(s.total == sum(n for _, n in s.breakdown) for s in game.result.standings)
