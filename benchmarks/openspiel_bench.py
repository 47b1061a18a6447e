"""Another yardstick: random OpenSpiel playouts, Python games and C++ games through pyspiel.

OpenSpiel is optional (the ``openspiel`` extra): :func:`load_pyspiel` gives ``None`` when
it does not import, and the runner skips these rows with a note.
"""

from __future__ import annotations

import importlib.metadata
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ._timing import Chunk, Step, median

__all__ = [
    "OPENSPIEL_GAMES",
    "OpenSpielFigures",
    "load_pyspiel",
    "openspiel_figures",
    "openspiel_step",
    "openspiel_version",
    "random_playout",
]

#: The games played, with how each is implemented: two of OpenSpiel's pure-Python games
#: (registered by ``import open_spiel.python.games``) and two of its C++ games.
OPENSPIEL_GAMES = (
    ("python_kuhn_poker", "Python"),
    ("python_block_dominoes", "Python"),
    ("kuhn_poker", "C++"),
    ("tic_tac_toe", "C++"),
)


def load_pyspiel() -> Any | None:
    """The ``pyspiel`` module with OpenSpiel's Python games registered, or ``None`` when
    OpenSpiel is not installed."""
    try:
        import open_spiel.python.games  # noqa: F401  (registers the python_* games)
        import pyspiel
    except ImportError:
        return None
    return pyspiel


def openspiel_version() -> str:
    """The installed ``open_spiel`` distribution's version ("unknown" without metadata)."""
    try:
        return importlib.metadata.version("open_spiel")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def random_playout(game: Any, rng: random.Random) -> tuple[int, int]:
    """Play ``game`` from its initial state to the end: a random legal action at each
    player's node, an outcome drawn by its probability at each chance node. Return the
    actions applied and how many of them were chance outcomes."""
    state = game.new_initial_state()
    actions = chance = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
            chance += 1
        elif state.is_simultaneous_node():
            # None of the games played has one; a simultaneous move is not one action.
            raise ValueError(f"{game} has simultaneous moves: not measured here")
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        actions += 1
    return actions, chance


def openspiel_step(pyspiel: Any, name: str, seed: int = 0) -> Step:
    """A step that plays one random game of OpenSpiel's ``name`` to the end; the
    choices come from ``random.Random(seed)``."""
    game = pyspiel.load_game(name)
    rng = random.Random(seed)

    def step() -> dict[str, float]:
        actions, chance = random_playout(game, rng)
        return {"games": 1, "actions": actions, "chance": chance}

    return step


@dataclass(frozen=True)
class OpenSpielFigures:
    """Random playouts of one OpenSpiel game (rates are medians over the repeats)."""

    game: str
    implementation: str
    games: int
    #: Every action applied, chance outcomes included.
    actions: int
    chance: int
    actions_per_second: float
    games_per_second: float

    @property
    def actions_per_game(self) -> float:
        """The mean actions of a game, chance outcomes included."""
        return self.actions / self.games if self.games else 0.0


def openspiel_figures(game: str, implementation: str, chunks: Sequence[Chunk]) -> OpenSpielFigures:
    """Sum up the repeats of :func:`openspiel_step`."""
    return OpenSpielFigures(
        game=game,
        implementation=implementation,
        games=int(sum(c.total("games") for c in chunks)),
        actions=int(sum(c.total("actions") for c in chunks)),
        chance=int(sum(c.total("chance") for c in chunks)),
        actions_per_second=median(c.rate("actions") for c in chunks),
        games_per_second=median(c.rate("games") for c in chunks),
    )
