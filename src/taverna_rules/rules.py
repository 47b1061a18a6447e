"""Loading and validating a game's content, for any game module.

:func:`load_rules` and :func:`validate` take the game by id (``game="taverna"`` when
none is named, so code written for Taverna keeps working) and hand the paths to that
game's content pipeline (:mod:`taverna_rules.content.loader`, with the content spec of
its module).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, overload

from taverna_rules._shown import shown
from taverna_rules.content.loader import load_content, validate_content
from taverna_rules.content.packs import declared_games
from taverna_rules.content.problems import ValidationReport, did_you_mean
from taverna_rules.content.spec import ContentSpec
from taverna_rules.core.game_modules import DEFAULT_GAME, game_module, installed_games
from taverna_rules.errors import GameModuleError
from taverna_rules.games.taverna.ruleset import RuleSet

if TYPE_CHECKING:
    from taverna_rules.games.cavern_tavern.ruleset import RuleSet as CavernRuleSet
    from taverna_rules.games.taverne.ruleset import RuleSet as TaverneRuleSet
    from taverna_rules.games.taverns_and_dragons.ruleset import RuleSet as DragonsRuleSet

__all__ = ["load_rules", "validate"]

Paths = str | Path | Iterable[str | Path]


def _unknown_game(name: object) -> str:
    """``"no game 'taverne' is installed; did you mean 'taverna'? games: ..."``: a game
    whose id starts with ``name`` is the closest (``"cavern"``), else the nearest spelling."""
    games = installed_games()
    word = name.lower() if isinstance(name, str) else ""
    started = [game for game in games if word and game.startswith(word)]
    close = f"did you mean {started[0]!r}?" if started else did_you_mean(word, games)
    return f"no game {shown(name)} is installed; {close + ' ' if close else ''}games: {', '.join(games)}"


def _content_of(game: str) -> ContentSpec:
    if not isinstance(game, str) or game not in installed_games():
        raise GameModuleError(_unknown_game(game))
    module = game_module(game)
    if module.content is None:
        raise GameModuleError(f"game {module.id!r} ships no content pipeline: its rules are built in Python")
    return module.content


def _game_and_paths(paths: tuple[Paths, ...], game: str | None) -> tuple[str, tuple[Paths, ...]]:
    """The game named first in ``paths`` (``load_rules("cavern_tavern")``), or ``game``,
    or the one game the packs' ``pack.yaml`` files name (``game: cavern_tavern``), or
    Taverna.

    A bare installed game id is the game, never a folder of that name: a folder is
    written as a path (``./cavern_tavern``), so the call reads one way on every machine.
    """
    if paths and isinstance(paths[0], str) and paths[0] in installed_games():
        if game is not None and game != paths[0]:
            raise GameModuleError(f"two games named: {paths[0]!r} and game={game!r}")
        return paths[0], paths[1:]
    if game is None:
        declared = declared_games(_flat_paths(paths)) & set(installed_games())
        game = declared.pop() if len(declared) == 1 else DEFAULT_GAME
    return game, paths


def _flat_paths(paths: tuple[Paths, ...]) -> list[str | Path]:
    """The paths given, a list standing for its paths (anything else is left to the
    pipeline to report)."""
    flat: list[str | Path] = []
    for item in paths:
        if isinstance(item, str | Path):
            flat.append(item)
        elif isinstance(item, list | tuple):  # never a generator: the pipeline reads it
            flat.extend(path for path in item if isinstance(path, str | Path))
    return flat


# What a game id may look like: a bare word, never a path nor a file name.
_GAME_ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,63}")


def _missing(path: str) -> str:
    """The hint for a path that does not exist: a game named where a path was expected,
    or a word that may be meant as a game (``"taverne"``) with the installed games."""
    if path in installed_games():
        return f"{path!r} is a game, not a folder: name the game first or as game=; a folder is ./{path}"
    if _GAME_ID.fullmatch(path) is None:
        return ""
    return _unknown_game(path)


@cache
def _kind_of(game: str) -> Callable[[str], str]:
    """The hint for a content kind ``game`` does not know: the other installed games
    whose content has that kind, and how to name one."""

    def hint(kind: str) -> str:
        others = [
            other
            for other in installed_games()
            if other != game and (spec := game_module(other).content) is not None and kind in spec.kinds
        ]
        if not others:
            return ""
        names = " or ".join(f"{game_module(o).name.get('en')} ({o!r})" for o in others)
        return (
            f"{kind!r} is a kind of {names}, not of {game_module(game).name.get('en')}: "
            f"validate with --game {others[0]} (game={others[0]!r}), or write "
            f"'game: {others[0]}' in the pack's pack.yaml"
        )

    return hint


# A game id named first is the game, not a path: this overload is matched before the last.
@overload
def load_rules(  # type: ignore[overload-overlap]
    game_id: Literal["cavern_tavern"], /, *paths: Paths, base: bool = True
) -> CavernRuleSet: ...


@overload
def load_rules(*paths: Paths, base: bool = True, game: Literal["cavern_tavern"]) -> CavernRuleSet: ...


@overload
def load_rules(  # type: ignore[overload-overlap]
    game_id: Literal["taverne"], /, *paths: Paths, base: bool = True
) -> TaverneRuleSet: ...


@overload
def load_rules(*paths: Paths, base: bool = True, game: Literal["taverne"]) -> TaverneRuleSet: ...


@overload
def load_rules(  # type: ignore[overload-overlap]
    game_id: Literal["taverns_and_dragons"], /, *paths: Paths, base: bool = True
) -> DragonsRuleSet: ...


@overload
def load_rules(*paths: Paths, base: bool = True, game: Literal["taverns_and_dragons"]) -> DragonsRuleSet: ...


@overload
def load_rules(*paths: Paths, base: bool = True, game: Literal["taverna"] | None = None) -> RuleSet: ...


@overload
def load_rules(*paths: Paths, base: bool = True, game: str) -> Any: ...


def load_rules(*paths: Paths, base: bool = True, game: str | None = None) -> Any:
    """Load the bundled content of a game (Taverna unless named), plus the packs,
    content files or folders in ``paths`` (each a path, or a list of paths).

    The game is named by its id, first (``load_rules("cavern_tavern", "my_pack/")``) or
    as ``game=``; a folder that has a game's name is written as a path
    (``./cavern_tavern``).

    A folder with a ``pack.yaml`` is a pack, applied after the packs it extends; other
    content files form a last layer on top of every pack. ``base=False`` loads only
    ``paths`` (a complete game's content). Raises
    :class:`~taverna_rules.errors.ContentError` listing every error (warnings do not stop
    loading: see :func:`validate`), and :class:`~taverna_rules.errors.GameModuleError`
    for a game that is not installed. Loading the same unchanged files again returns the
    same (cached) rule set.
    """
    game, paths = _game_and_paths(paths, game)
    return load_content(_content_of(game), *paths, base=base, missing=_missing, elsewhere=_kind_of(game))


def validate(*paths: Paths, base: bool = True, game: str | None = None) -> ValidationReport:
    """Check packs, content files or folders (each a path, or a list of paths) on top of
    the bundled content of a game (named as :func:`load_rules` names it; alone with
    ``base=False``): schema and semantic problems in one report; raise nothing about the
    content."""
    game, paths = _game_and_paths(paths, game)
    return validate_content(_content_of(game), *paths, base=base, missing=_missing, elsewhere=_kind_of(game))
