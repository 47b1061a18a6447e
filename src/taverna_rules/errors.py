"""The exceptions taverna_rules raises.

Every error derives from :class:`TavernaError`; each subclass also derives from the
builtin exception a caller would expect, so ``except ValueError`` keeps working.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from taverna_rules.content.problems import Problem

__all__ = [
    "ConflictError",
    "ContentError",
    "DeterminizeError",
    "GameModuleError",
    "IllegalActionError",
    "OptionError",
    "PositionError",
    "ReplayError",
    "RulesMismatchError",
    "GameBrokenError",
    "SeatTokenError",
    "StoreError",
    "TavernaError",
    "UndoError",
    "UnknownGameError",
    "UnknownPlayerError",
]


class TavernaError(Exception):
    """The root of every error raised by taverna_rules.

    Every error of the library pickles with its message and data, so it can cross a
    process boundary (a worker pool, a task queue) intact.
    """


class IllegalActionError(TavernaError, ValueError):
    """An action that the pending decision does not allow; the game is unchanged."""


class OptionError(TavernaError, ValueError):
    """An unknown rule option or a value of the wrong type."""


class PositionError(TavernaError, ValueError):
    """A position document that does not describe a valid game state."""


class ReplayError(TavernaError, ValueError):
    """An event log that cannot be folded: corrupt, out of order, or for other rules."""


class UnknownPlayerError(TavernaError, KeyError):
    """A player named or numbered who is not at the table."""

    def __str__(self) -> str:  # KeyError would quote the whole message
        return str(self.args[0]) if self.args else ""


class GameModuleError(TavernaError, LookupError):
    """A game that is not installed, or whose registered module fails to load."""


class DeterminizeError(TavernaError, ValueError):
    """A state whose hidden things cannot be redealt (a player's view, or sealed choices
    not yet revealed)."""


class UndoError(TavernaError, RuntimeError):
    """Undo was asked for where the undo policy does not allow it."""


class ContentError(TavernaError, ValueError):
    """Content that failed validation; carries every problem found, not just the first.

    The message lists the first :data:`SHOWN` problems; :attr:`problems` holds them all.
    """

    #: How many problems the message lists; a pack with thousands stays readable.
    SHOWN = 50

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        count = len(self.problems)
        lines = [f"{count} problem{'s' if count != 1 else ''} in the content:"]
        lines += [f"  {problem}" for problem in self.problems[: self.SHOWN]]
        if count > self.SHOWN:
            lines.append(f"  ... and {count - self.SHOWN} more (see the exception's problems)")
        super().__init__("\n".join(lines))

    def __reduce__(self) -> tuple[type[ContentError], tuple[tuple[Problem, ...]]]:
        # Exceptions pickle their args (here the message); rebuild from the problems instead.
        return (type(self), (self.problems,))


class RulesMismatchError(ReplayError):
    """A stored log played under rules that the rules registry does not hold and cannot
    upcast: :attr:`logged` is the log's rules fingerprint, :attr:`current` the one the
    registry has for that game (``""`` when it has none)."""

    def __init__(self, message: str, logged: str = "", current: str = "") -> None:
        super().__init__(message)
        self.logged = logged
        self.current = current

    def __reduce__(self) -> tuple[type[RulesMismatchError], tuple[str, str, str]]:
        return (type(self), (str(self), self.logged, self.current))


class SeatTokenError(TavernaError, PermissionError):
    """A token that plays no seat of the game (a game server's refusal: HTTP 403)."""


class StoreError(TavernaError, RuntimeError):
    """An event store that cannot do what was asked: a closed store, an archived game, a
    game id taken, rows that do not read back."""


class UnknownGameError(StoreError, LookupError):
    """A game id that the store does not hold."""


class GameBrokenError(StoreError):
    """A stored game that does not load (a damaged row, a log its rules refuse): the game
    server lists it as broken and answers its requests with this error (HTTP 503)."""


class ConflictError(StoreError):
    """An append whose expected version is not the game's version: another writer
    appended first. Nothing was written; reload the game and decide again.
    :attr:`expected` is the version the writer read, :attr:`actual` the stored one."""

    def __init__(self, message: str, game_id: str = "", expected: int = -1, actual: int = -1) -> None:
        super().__init__(message)
        self.game_id = game_id
        self.expected = expected
        self.actual = actual

    def __reduce__(self) -> tuple[type[ConflictError], tuple[str, str, int, int]]:
        return (type(self), (str(self), self.game_id, self.expected, self.actual))
