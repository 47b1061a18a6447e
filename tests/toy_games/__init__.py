"""Two tiny games that prove the core is generic (not shipped): a dice race (chance
during play) and a sealed-bid auction (simultaneous hidden choices). Each is a
:class:`~taverna_rules.GameModule` of a few dozen lines, registered for the tests through
the same entry-point lookup as Taverna (:func:`installed`)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from importlib.metadata import EntryPoint

import pytest

from taverna_rules.core import game_modules

__all__ = ["installed"]

TOYS = {
    "dice_race": "toy_games.dice_race:GAME",
    "sealed_auction": "toy_games.auction:GAME",
}


@contextmanager
def installed() -> Iterator[None]:
    """Within the block, the toy games are installed games, found by entry point."""
    real = game_modules._entry_points

    def with_toys() -> dict[str, EntryPoint]:
        toys = {name: EntryPoint(name, value, game_modules.ENTRY_POINTS) for name, value in TOYS.items()}
        return {**real(), **toys}

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(game_modules, "_entry_points", with_toys)
        yield
