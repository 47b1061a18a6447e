"""Bots: players that choose from what their seat sees.

A bot is anything with ``choose(seat) -> action``: it is given a
:class:`~taverna_rules.Seat` (the state as that player sees it, their legal
actions, determinizations for search), never the full state, so it cannot peek at hidden
cards or at the dice to come. :func:`play_out` plays a game with one bot or one per seat.

- :class:`RandomBot` chooses uniformly among the legal actions.
- :class:`GreedyBot` looks one step ahead with the game's heuristic, on a determinization.
- :class:`ISMCTSBot` searches: information-set Monte Carlo tree search that draws a new
  determinization at each iteration.

>>> import taverna_rules as tr
>>> from taverna_rules.bots import GreedyBot, RandomBot, play_out
>>> game = tr.new_game(tr.load_rules("cavern_tavern"), ["Ann", "Bob"], seed=3)
>>> decisions = play_out(game, [GreedyBot(1), RandomBot(2)])
>>> game.over
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Protocol

from taverna_rules.core.chance import CHANCE
from taverna_rules.core.records import Action
from taverna_rules.game import Game, Seat
from taverna_rules.playout import Playout

__all__ = ["Bot", "GreedyBot", "ISMCTSBot", "RandomBot", "play_out", "ranked_returns"]


class Bot(Protocol):
    """Anything that chooses an action for its seat's pending decision."""

    def choose(self, seat: Seat) -> Action:
        """One of ``seat.legal_actions()``."""
        ...


def _legal(seat: Seat) -> tuple[Action, ...]:
    actions = seat.legal_actions()
    if not actions:
        raise ValueError("this seat has nothing to choose: the game is over or another seat decides")
    return actions


def play_out(
    game: Game, bot: Bot | Sequence[Bot], max_decisions: int = 10_000, *, chance: random.Random | None = None
) -> int:
    """Let ``bot`` (or one bot per seat) make every decision until the game ends, each
    given the deciding player's :class:`~taverna_rules.Seat`; return the decisions
    made. In explicit chance mode, ``chance`` (a generator; ``random.Random(0)`` when not
    given) picks each chance decision's outcome by its probability."""
    made = 0
    draws = chance if chance is not None else random.Random(0)
    while not game.over:
        if made >= max_decisions:
            raise RuntimeError(f"the game did not end within {max_decisions} decisions")
        decision = game.decision
        assert decision is not None
        if decision.player == CHANCE:
            outcomes = game.chance_outcomes()
            game.apply(draws.choices(outcomes, [o.probability for o in outcomes])[0].action)
            continue
        chooser = bot[decision.player] if isinstance(bot, Sequence) else bot
        game.apply(chooser.choose(game.seat(decision.player)))
        made += 1
    return made


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, seat: Seat) -> Action:
        """One of the legal actions, at random."""
        return self.rng.choice(_legal(seat))


class GreedyBot:
    """Plays the action that looks best one step ahead by the game's ``heuristic`` (for
    Taverna VP, then coins and track levels; for Cavern Tavern VP, the open order's
    progress, tracks and items), ties broken at random. Simple and fast; it does not
    search. It tries its actions on one determinization of what it sees, so where an
    action draws (a die, a card) it draws from what it cannot see, as a player would
    guess."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, seat: Seat) -> Action:
        """The legal action with the best value for this seat."""
        actions = _legal(seat)
        heuristic = seat.module.heuristic
        if len(actions) == 1 or heuristic is None:
            return self.rng.choice(actions)
        sample = seat.playout(self.rng)
        best: list[Action] = []
        best_value = float("-inf")
        for action in actions:
            trial = sample.copy()
            trial.apply(action)
            value = heuristic(seat.rules, trial.state, seat.player)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return self.rng.choice(best)


class _Node:
    """A node of the search tree: the statistics of the action that led here, for the
    seat that chose it."""

    __slots__ = ("availability", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.total = 0.0
        # How often this node's action was legal when its parent was visited (the
        # determinizations differ, so an action is not always available).
        self.availability = 0
        self.children: dict[Hashable, _Node] = {}

    def score(self, exploration: float) -> float:
        return self.total / self.visits + exploration * math.sqrt(math.log(self.availability) / self.visits)


class ISMCTSBot:
    """Information-set Monte Carlo tree search (single observer; Cowling, Powley and
    Whitehouse, 2012) that never peeks.

    Each iteration draws a determinization of what the seat sees
    (:meth:`Seat.playout <taverna_rules.Seat.playout>`: the others' hands and the
    deck orders redealt, the seed drawn anew), walks the tree with UCB among the actions
    legal in that sample (statistics kept for the seat that chooses at each node, copies
    of a card as one action), adds one node, plays the rest at random and backs up
    :attr:`Result.returns <taverna_rules.core.records.Result.returns>`. It stops after
    ``iterations`` iterations or ``seconds`` seconds (whichever comes first; at least
    one must be given) and plays the most visited action.

    With ``depth``, a random playout stops after that many decisions and the game's
    :attr:`heuristic <taverna_rules.GameModule.heuristic>` ranks the seats instead of the
    end (each seat's return from that ranking, as a result's): a long game gets many more,
    and less noisy, iterations in the same time. A game without a heuristic plays to the
    end.
    """

    def __init__(
        self,
        iterations: int | None = 200,
        seconds: float | None = None,
        exploration: float = 0.7,
        seed: int | None = None,
        depth: int | None = None,
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("give ISMCTSBot a budget: iterations, seconds or both")
        if iterations is not None and (type(iterations) is not int or iterations < 1):
            raise ValueError(f"iterations must be a positive int, not {iterations!r}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be positive, not {seconds!r}")
        if depth is not None and (type(depth) is not int or depth < 1):
            raise ValueError(f"depth must be a positive int, not {depth!r}")
        self.depth = depth
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rng = random.Random(seed)
        #: The iterations the last :meth:`choose` ran.
        self.last_iterations = 0
        #: Whether the last :meth:`choose` played at random for want of a search that
        #: reached any of its actions (a sample of another shape every time, say).
        self.last_fell_back = False

    def choose(self, seat: Seat) -> Action:
        """The most visited action at the root after the search."""
        actions = _legal(seat)
        if len(actions) == 1:
            self.last_iterations = 0
            self.last_fell_back = False
            return actions[0]
        canonical = seat.module.canonical
        root = _Node(seat.player)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while (self.iterations is None or done < self.iterations) and (
            deadline is None or time.perf_counter() < deadline
        ):
            self._iterate(root, seat.playout(self.rng), canonical, seat.module.heuristic)
            done += 1
        self.last_iterations = done
        by_key = {canonical(action): action for action in actions}
        visited = [(child.visits, key) for key, child in root.children.items() if key in by_key]
        self.last_fell_back = not visited
        if not visited:
            return self.rng.choice(actions)
        most = max(visits for visits, _ in visited)
        return by_key[self.rng.choice([key for visits, key in visited if visits == most])]

    def _iterate(
        self,
        root: _Node,
        sample: Playout,
        canonical: Callable[[Action], Hashable],
        heuristic: Callable[[Any, Any, int], float] | None = None,
    ) -> None:
        node, path = root, [root]
        rng = self.rng
        # Selection and expansion, in this determinization.
        while not sample.over:
            decision = sample.decision
            assert decision is not None
            legal = {canonical(action): action for action in decision.actions}
            untried = [key for key in legal if key not in node.children]
            expand = rng.choice(untried) if untried else None
            if expand is not None:
                node.children[expand] = _Node(decision.player)
            for other in legal:
                child = node.children.get(other)
                if child is not None:
                    child.availability += 1
            if expand is not None:
                sample.apply(legal[expand])
                path.append(node.children[expand])
                break
            exploration = self.exploration
            key = max(legal, key=lambda k: node.children[k].score(exploration))
            node = node.children[key]
            sample.apply(legal[key])
            path.append(node)
        # Simulation: at random to the end, or ``depth`` decisions and the heuristic's ranking.
        left = self.depth if heuristic is not None else None
        while not sample.over and (left is None or left > 0):
            sample.apply(rng.choice(sample.legal_actions()))
            if left is not None:
                left -= 1
        if sample.over or heuristic is None:
            returns = sample.returns()
        else:
            state = sample.state
            returns = ranked_returns([heuristic(sample.rules, state, s) for s in range(len(state.players))])
        for visited in path[1:]:
            visited.visits += 1
            visited.total += returns[visited.seat]


def ranked_returns(values: Sequence[float]) -> tuple[float, ...]:
    """Each seat's return from its value against the others' (a heuristic's), as a result's
    returns are from the ranks: the mean over the others of +1 for each it stands above, -1
    for each above it, 0 for a tie."""
    others = len(values) - 1
    if others < 1:
        return tuple(0.0 for _ in values)
    return tuple(sum((v > w) - (v < w) for w in values) / others for v in values)
