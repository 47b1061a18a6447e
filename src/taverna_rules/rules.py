"""Loading and validating a game's content, for any game module.

:func:`load_rules` and :func:`validate` take the game by id (``game="taverna"`` when
none is named, so code written for Taverna keeps working) and hand the paths to that
game's content pipeline (its module's ``load`` and ``validate``).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any, Literal, overload

from taverna_rules.content.model import RuleSet
from taverna_rules.content.problems import ValidationReport
from taverna_rules.errors import GameModuleError
from taverna_rules.game_modules import DEFAULT_GAME, GameModule, game_module

__all__ = ["load_rules", "validate"]

Paths = str | Path | Iterable[str | Path]


def _content_of(game: str) -> GameModule:
    module = game_module(game)
    if module.load is None or module.validate is None:
        raise GameModuleError(f"game {module.id!r} ships no content pipeline: its rules are built in Python")
    return module


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
    loader: Any = _content_of(game).load
    return loader(*paths, base=base)


def validate(*paths: Paths, base: bool = True, game: str = DEFAULT_GAME) -> ValidationReport:
    """Check packs, content files or folders (each a path, or a list of paths) on top of
    the bundled content of ``game`` (or alone, ``base=False``): schema and semantic
    problems in one report; raise nothing about the content."""
    checker: Any = _content_of(game).validate
    report: ValidationReport = checker(*paths, base=base)
    return report
