"""Symbol grids: rows of symbols that markers cover, one symbol each.

Some games keep a grid of symbols (the damage a monster can take, say): a marker of a
symbol covers one uncovered cell of that symbol, in a row the player chooses, and a row
is complete when every cell of it is covered. A :class:`SymbolGrid` is the printed grid;
a :data:`Coverage` is what is still uncovered, row by row. Rows may be inactive (a row
used only with more players, say): :func:`start` leaves them nothing to cover, so they
never take a marker and never become complete.

Markers are compulsory: while one of the symbols to place matches an uncovered cell, a
marker must go there. :func:`placeable` gives the symbols that can still go; since each
cell shows one symbol, every order of placing them covers as many cells (a marker of a
symbol fits any uncovered cell of that symbol, whatever row the others took).

>>> grid = SymbolGrid.of([["fire", "claw"], ["claw", "claw", "eye"]])
>>> coverage = start(grid)
>>> open_rows(coverage, "claw")
(0, 1)
>>> after = cover(coverage, 0, "claw")
>>> completed(coverage, cover(after, 0, "fire"))
(0,)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

import attrs

__all__ = [
    "Coverage",
    "SymbolGrid",
    "as_coverage",
    "cleared",
    "completed",
    "cover",
    "open_rows",
    "placeable",
    "remaining",
    "start",
]

#: What is still uncovered, row by row: each row's uncovered symbols, sorted (a row with
#: none left is complete, or inactive). Plain tuples: immutable, hashable, and written
#: as lists of lists (:func:`as_coverage` reads them back).
Coverage = tuple[tuple[str, ...], ...]


@attrs.frozen
class SymbolGrid:
    """The printed grid: its rows, each a sequence of cells of one symbol each.

    >>> SymbolGrid.of([["claw", "fire"]]).rows
    (('claw', 'fire'),)
    """

    rows: tuple[tuple[str, ...], ...]

    @classmethod
    def of(cls, rows: Iterable[Sequence[str]]) -> SymbolGrid:
        """The grid of ``rows`` (lists of symbols, as a game's content gives them). A row is
        a list, never one string: a string would read as its letters."""
        return cls(tuple(_row(row, index) for index, row in enumerate(rows)))


def _row(row: Sequence[str], index: int) -> tuple[str, ...]:
    if isinstance(row, str):
        raise TypeError(f"row {index} must be a list of symbols, not {row!r}")
    return tuple(row)


def start(grid: SymbolGrid, active_rows: Iterable[int] | None = None) -> Coverage:
    """Nothing covered yet on the ``active_rows`` of ``grid`` (row indexes; every row when
    ``None``); an inactive row has nothing to cover. ``ValueError`` for an index that is
    no row.

    >>> start(SymbolGrid.of([["claw", "fire"], ["eye"]]), active_rows=[0])
    (('claw', 'fire'), ())
    """
    active = set(range(len(grid.rows))) if active_rows is None else set(active_rows)
    for index in sorted(active):
        _check_row(grid.rows, index)
    return tuple(tuple(sorted(row)) if index in active else () for index, row in enumerate(grid.rows))


def as_coverage(rows: Iterable[Sequence[str]]) -> Coverage:
    """A coverage read back from plain data (lists of lists, as written to JSON): each row's
    symbols sorted, as every function here keeps them.

    >>> as_coverage([["fire", "claw"], []])
    (('claw', 'fire'), ())
    """
    return tuple(tuple(sorted(_row(row, index))) for index, row in enumerate(rows))


def _check_row(rows: Sequence[object], row: int) -> None:
    if isinstance(row, bool) or not isinstance(row, int) or not 0 <= row < len(rows):
        raise ValueError(f"row {row!r} is no row of the grid (0 to {len(rows) - 1})")


def open_rows(coverage: Coverage, symbol: str) -> tuple[int, ...]:
    """The rows where a marker of ``symbol`` may go: those with an uncovered ``symbol``.

    >>> open_rows((("claw", "fire"), ("claw",), ()), "claw")
    (0, 1)
    """
    return tuple(index for index, row in enumerate(coverage) if symbol in row)


def cover(coverage: Coverage, row: int, symbol: str) -> Coverage:
    """``coverage`` with one uncovered ``symbol`` of ``row`` covered; ``ValueError`` when
    ``row`` is not open to ``symbol`` (:func:`open_rows`).

    >>> cover((("claw", "claw", "fire"),), 0, "claw")
    (('claw', 'fire'),)
    """
    _check_row(coverage, row)
    left = list(coverage[row])
    if symbol not in left:
        raise ValueError(f"row {row} has no uncovered {symbol!r}")
    left.remove(symbol)
    return (*coverage[:row], tuple(left), *coverage[row + 1 :])


def completed(before: Coverage, after: Coverage) -> tuple[int, ...]:
    """The rows complete in ``after`` that were not in ``before``: rows that had cells to
    cover and have none left (an inactive row never has any, so never completes).

    >>> completed((("claw",), ("eye",)), ((), ("eye",)))
    (0,)
    """
    if len(before) != len(after):
        raise ValueError(f"coverages of {len(before)} and {len(after)} rows")
    return tuple(index for index, (was, now) in enumerate(zip(before, after, strict=True)) if was and not now)


def cleared(coverage: Coverage) -> bool:
    """True when every symbol of every active row is covered.

    >>> cleared(((), ())), cleared(((), ("eye",)))
    (True, False)
    """
    return not any(coverage)


def remaining(coverage: Coverage) -> int:
    """How many cells are still uncovered, all rows together.

    >>> remaining((("claw", "fire"), ("eye",)))
    3
    """
    return sum(len(row) for row in coverage)


def placeable(coverage: Coverage, symbols: Iterable[str]) -> tuple[str, ...]:
    """The markers of ``symbols`` (a roll, say) that can still go, in the order given:
    of each symbol, as many as there are uncovered cells of it, all rows together. These
    are the markers a player must place, in any order and rows: every cell a marker of a
    symbol takes leaves the others of that symbol the same cells (each cell shows one
    symbol), so each placement leaves the rest placeable.

    >>> placeable((("claw", "fire"), ("claw",)), ["claw", "claw", "claw", "eye", "fire"])
    ('claw', 'claw', 'fire')
    """
    room = Counter(symbol for row in coverage for symbol in row)
    kept: list[str] = []
    for symbol in symbols:
        if room[symbol] > 0:
            room[symbol] -= 1
            kept.append(symbol)
    return tuple(kept)
