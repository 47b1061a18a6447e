"""Bots that play through the public API, as any frontend would."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from taverna_rules.core.records import Action
from taverna_rules.game import Game

__all__ = ["Bot", "GreedyBot", "RandomBot", "play_out"]


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


class Bot(Protocol):
    """Anything that chooses an action for the pending decision."""

    def choose(self, game: Game) -> Action:
        """One of the legal actions of the pending decision."""
        ...


def play_out(game: Game, bot: Bot | Sequence[Bot], max_decisions: int = 10_000) -> int:
    """Let ``bot`` (or one bot per seat) make every decision until the game ends; return
    the decisions made."""
    made = 0
    while not game.over:
        if made >= max_decisions:
            raise RuntimeError(f"the game did not end within {max_decisions} decisions")
        decision = game.decision
        assert decision is not None
        chooser = bot[decision.player] if isinstance(bot, Sequence) else bot
        game.apply(chooser.choose(game))
        made += 1
    return made


class GreedyBot:
    """Plays the action that looks best one step ahead by the game's ``heuristic`` (for
    Taverna VP, then coins and track levels; for Cavern Tavern VP, the open order's
    progress, tracks and items), ties broken at random. Simple and fast; it does not
    search: it tries its own legal actions on a copy of the game. Where an action draws
    (a die, a card), the copy draws what the game would: a known limit of one-step
    look-ahead that an honest search determinizes first."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        """The legal action with the best value for the deciding player."""
        decision = game.decision
        if decision is None:
            raise ValueError("the game is over: there is nothing to choose")
        me = decision.player
        heuristic = game.module.heuristic
        best: list[Action] = []
        best_value = float("-inf")
        for action in decision.actions:
            trial = game.copy()
            trial.apply(action)
            value = 0.0 if heuristic is None else heuristic(game.rules, trial.state, me)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return self.rng.choice(best)
