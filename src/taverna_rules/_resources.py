"""Where the bundled cards and schemas are: inside the wheel, or in the source tree."""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

__all__ = ["GAME", "bundled"]

#: The game whose content is bundled (each game has its own ``cards/<game>/`` and
#: ``schemas/<game>/``).
GAME = "taverna"


def bundled(folder: str, game: str = GAME) -> Traversable:
    """The bundled ``cards`` or ``schemas`` folder of ``game``.

    An installed wheel carries them as package data under ``taverna_rules/_data``; an
    editable install or a source checkout finds them at the top of the repository.
    """
    packaged = files("taverna_rules") / "_data" / folder
    if packaged.is_dir():
        return packaged / game
    return Path(__file__).resolve().parents[2] / folder / game
