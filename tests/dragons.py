"""Games of Taverns & Dragons written for a test: a new game, a position changed from it,
random play."""

from __future__ import annotations

import random
from typing import Any

import taverna_rules as tr
from taverna_rules.games.taverns_and_dragons import RuleSet

RULES: RuleSet = tr.load_rules(game="taverns_and_dragons")
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")


def new(players: int = 3, seed: int = 1, **kwargs: Any) -> tr.Game:
    """A new game of ``players`` (Ann first in seat order)."""
    return tr.new_game(RULES, list(NAMES[:players]), seed=seed, **kwargs)


def play_randomly(game: tr.Game, rng: random.Random, limit: int = 20000) -> None:
    """Random legal actions until the game ends (at most ``limit``)."""
    for _ in range(limit):
        pending = game.decision
        if pending is None:
            return
        game.apply(rng.choice(game.legal_actions()), player=pending.player)
