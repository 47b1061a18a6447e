"""Loading and validating a game's content, for any game module.

:func:`load_rules` and :func:`validate` take the game by id (``game="taverna"`` when
none is named, so code written for Taverna keeps working) and hand the paths to that
game's content pipeline (:mod:`taverna_rules.content.loader`, with the content spec of
its module).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any, Literal, overload

from taverna_rules.content.loader import load_content, validate_content
from taverna_rules.content.problems import ValidationReport
from taverna_rules.content.spec import ContentSpec
from taverna_rules.errors import GameModuleError
from taverna_rules.game_modules import DEFAULT_GAME, game_module
from taverna_rules.games.taverna.ruleset import RuleSet

__all__ = ["load_rules", "validate"]

Paths = str | Path | Iterable[str | Path]


def _content_of(game: str) -> ContentSpec:
    module = game_module(game)
    if module.content is None:
        raise GameModuleError(f"game {module.id!r} ships no content pipeline: its rules are built in Python")
    return module.content


@overload
def load_rules(*paths: Paths, base: bool = True, game: Literal["taverna"] = "taverna") -> RuleSet: ...


@overload
def load_rules(*paths: Paths, base: bool = True, game: str) -> Any: ...


def load_rules(*paths: Paths, base: bool = True, game: str = DEFAULT_GAME) -> Any:
    """Load the bundled content of ``game`` (Taverna unless named), plus the packs,
    content files or folders in ``paths`` (each a path, or a list of paths).

    A folder with a ``pack.yaml`` is a pack, applied after the packs it extends; other
    content files form a last layer on top of every pack. ``base=False`` loads only
    ``paths`` (a complete game's content). Raises
    :class:`~taverna_rules.errors.ContentError` listing every error (warnings do not stop
    loading: see :func:`validate`), and :class:`~taverna_rules.errors.GameModuleError`
    for a game that is not installed. Loading the same unchanged files again returns the
    same (cached) rule set.
    """
    return load_content(_content_of(game), *paths, base=base)


def validate(*paths: Paths, base: bool = True, game: str = DEFAULT_GAME) -> ValidationReport:
    """Check packs, content files or folders (each a path, or a list of paths) on top of
    the bundled content of ``game`` (or alone, ``base=False``): schema and semantic
    problems in one report; raise nothing about the content."""
    return validate_content(_content_of(game), *paths, base=base)
