"""Bots that play through the public API, as any frontend would."""

from __future__ import annotations

import random

from taverna_rules.game import Game
from taverna_rules.kernel.actions import Action

__all__ = ["RandomBot", "play_out"]


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        """One of the legal actions of the pending decision."""
        actions = game.legal_actions()
        if not actions:
            raise ValueError("the game is over: there is nothing to choose")
        return self.rng.choice(actions)


def play_out(game: Game, bot: RandomBot, max_decisions: int = 10_000) -> int:
    """Let ``bot`` make every decision until the game ends; return the decisions made."""
    made = 0
    while not game.over:
        if made >= max_decisions:
            raise RuntimeError(f"the game did not end within {max_decisions} decisions")
        game.apply(bot.choose(game))
        made += 1
    return made
