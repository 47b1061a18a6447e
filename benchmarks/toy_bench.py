"""The engine's fixed cost: random playouts of the tests' toy dice race, a game with almost
no rules, through the same engine as Taverna.

The dice race lives in the repository's ``tests/toy_games`` (not shipped): without that
folder (or pytest, which its ``installed()`` uses) :func:`dice_race_starts` gives ``None``
and the runner skips the row with a note.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import taverna_rules as tr

from .taverna_bench import seat_names

__all__ = ["TESTS", "dice_race_starts"]

#: The repository's tests folder, which holds the ``toy_games`` package.
TESTS = Path(__file__).resolve().parents[1] / "tests"


def dice_race_starts(players: int, count: int, seed: int = 0) -> list[tr.Game] | None:
    """``count`` new ``players``-player dice races (seeds ``seed``, ``seed + 1``, ...) to
    play out from, or ``None`` when the toy games cannot be imported."""
    if TESTS.is_dir() and str(TESTS) not in sys.path:
        # Appended, not prepended: the tests' other modules must not shadow anything.
        sys.path.append(str(TESTS))
    try:
        toys = importlib.import_module("toy_games")
        race = importlib.import_module("toy_games.dice_race")
    except ImportError:
        return None
    # The toy games are found by entry point only inside installed(); the engine keeps a
    # module once it is found, so the games set up here play on outside the block.
    with toys.installed():
        return [tr.new_game(race.RULES, seat_names(players), seed=seed + index) for index in range(count)]
