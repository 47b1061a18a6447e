"""Taverns & Dragons played from the public API: random games of every player count end
with a result and replay to the same state, and the rules of a round hold, each test
citing the rulebook line it checks."""

from __future__ import annotations

import json
import random
import re
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


def _position(change: dict[str, Any], player: dict[str, Any] | None = None) -> str:
    """A position of a game under way (3 players, a few turns in) as JSON, with ``change``
    made to its fields and ``player`` to Ann's."""
    game = new(3, seed=4)
    rng = random.Random(4)
    for _ in range(12):
        assert game.decision is not None
        game.apply(rng.choice(game.legal_actions()), player=game.decision.player)
    doc = json.loads(tr.dump_position(game.state, "json"))
    doc.update(change)
    doc["players"][0].update(player or {})
    return json.dumps(doc)


@pytest.mark.parametrize(
    ("change", "player", "says"),
    [
        ({}, {"tavern": "ritz"}, "taverns ['ritz'] are not in the content"),
        ({}, {"forge": "excalibur"}, "forge tokens ['excalibur'] are not in the content"),
        ({}, {"trophies": ["golden_fleece"]}, "trophies ['golden_fleece']"),
        ({}, {"dice": [1, 2, 3, 4, 1, 2]}, "has 6 dice of 5"),
        ({"round": 9}, None, "round 9: the game has rounds 1 to 7"),
        ({"die": 7}, None, "the activation's die shows 7"),
        ({"bag": ["unicorn"]}, None, "ingredients ['unicorn']"),
        ({"bank": []}, None, "the bank has 0 entries for 5"),
        (
            {"stack": [{"kind": "counter_attack", "player": "Bob"}, {"kind": "next_turn"}]},
            None,
            "no activation",
        ),
        (
            {"stack": [{"kind": "day", "args": ["feast"]}, {"kind": "next_turn"}]},
            None,
            "icon of the days track",
        ),
    ],
)
def test_a_hand_written_position_is_refused_in_words(
    change: dict[str, Any], player: dict[str, Any] | None, says: str
) -> None:
    """A position is untrusted: one naming what the content has not, a count the box does
    not allow or a step that could not run is refused with the library's error saying
    what is wrong, not loaded to fail later with a ``KeyError``."""
    with pytest.raises(tr.PositionError, match=re.escape(says)):
        tr.Game.from_position(RULES, tr.load_position(RULES, _position(change, player)))
