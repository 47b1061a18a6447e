"""Board maps: regions joined by one-way paths, and the routes a moving piece can take.

Some games move a piece an exact number of regions along a path: clockwise round the
board, say, with arrows that let it take a shortcut. A :class:`BoardMap` gives, for each
region, the regions a piece may enter next: the first is the main path, any others are
forks. :func:`routes` lists every way a piece can make an exact number of moves (each
move enters one region), and :func:`map_problems` finds what is wrong with a map, for a
game to report where its content declares it.

A map is data, never checked when made: a game builds it from its content, asks
:func:`map_problems` when it loads, and moves pieces only on a map without problems.
Route listing is bounded (:data:`MAX_STEPS` moves, :data:`MAX_ROUTES` routes), so a map
or a move count from untrusted input cannot make it run away.

>>> board = BoardMap.of({"a": ["b"], "b": ["c", "a"], "c": ["a"]})
>>> [route.path for route in routes(board, "a", 3)]
[('b', 'c', 'a'), ('b', 'a', 'b')]
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from typing import Literal

import attrs

__all__ = [
    "MAX_ROUTES",
    "MAX_STEPS",
    "BoardMap",
    "MapProblem",
    "MapProblemCode",
    "Route",
    "map_problems",
    "routes",
]

#: The most moves :func:`routes` lists routes for.
MAX_STEPS = 12
#: The most routes :func:`routes` lists (counted before any is made).
MAX_ROUTES = 4096

#: What a :class:`MapProblem` is about (stable: a game may match on it).
MapProblemCode = Literal[
    "duplicate-region",
    "unknown-reference",
    "duplicate-successor",
    "dead-end",
    "unreachable",
    "no-way-back",
]


@attrs.frozen
class BoardMap:
    """Regions and the one-way paths between them: per region id, in declaration order,
    the regions a piece may enter next from it (its successors). The first successor is
    the main path, the others are forks.

    >>> board = BoardMap.of({"inn": ["forest"], "forest": ["cave", "inn"], "cave": ["inn"]})
    >>> board.regions
    ('inn', 'forest', 'cave')
    >>> board.next("forest")
    ('cave', 'inn')
    """

    successors: tuple[tuple[str, tuple[str, ...]], ...]

    @classmethod
    def of(cls, mapping: Mapping[str, Iterable[str]]) -> BoardMap:
        """The map of ``mapping`` (region id -> its successors, in order), as a game's
        content gives it. A region's successors are a list, never one string: a string
        would read as its letters."""
        pairs: list[tuple[str, tuple[str, ...]]] = []
        for region, successors in mapping.items():
            if isinstance(successors, str):
                raise TypeError(f"the successors of region {region!r} must be a list, not {successors!r}")
            pairs.append((region, tuple(successors)))
        return cls(tuple(pairs))

    @property
    def regions(self) -> tuple[str, ...]:
        """Every region id, in declaration order (each once)."""
        return tuple(dict.fromkeys(region for region, _ in self.successors))

    def next(self, region: str) -> tuple[str, ...]:
        """The successors of ``region``, as declared (main path first); ``ValueError`` for
        a region the map does not have."""
        for name, successors in self.successors:
            if name == region:
                return successors
        raise ValueError(f"the map has no region {region!r}")


@attrs.frozen
class Route:
    """One way to make a move: the regions entered, in order. The start is not in it
    (the piece leaves it); the last region is where the piece ends.

    >>> route = Route(("b", "a", "b"))
    >>> route.end, route.passes("b"), route.passes("c")
    ('b', 2, 0)
    """

    path: tuple[str, ...]

    @property
    def end(self) -> str:
        """The region where the piece ends: the last one entered."""
        return self.path[-1]

    def passes(self, region: str) -> int:
        """How many times the route enters ``region`` (its end included): what a game
        that scores or charges for passing a region counts."""
        return self.path.count(region)


def _table(board: BoardMap) -> dict[str, tuple[str, ...]]:
    """Each region's distinct successors, in order (a region declared twice: its first)."""
    table: dict[str, tuple[str, ...]] = {}
    for region, successors in board.successors:
        table.setdefault(region, tuple(dict.fromkeys(successors)))
    return table


def _count(table: Mapping[str, tuple[str, ...]], start: str, steps: int) -> int:
    """How many routes of ``steps`` moves leave ``start``: the number of walks, counted
    move by move (each region's count of ways to reach it), never listing one."""
    ways = {start: 1}
    for _ in range(steps):
        after: dict[str, int] = {}
        for region, n in ways.items():
            for successor in table[region]:
                if successor not in table:
                    raise ValueError(f"region {region!r} leads to {successor!r}, which is no region")
                after[successor] = after.get(successor, 0) + n
        ways = after
    return sum(ways.values())


def routes(board: BoardMap, start: str, steps: int) -> tuple[Route, ...]:
    """Every distinct route of exactly ``steps`` moves from ``start``, taking at each
    region any of its successors; main paths first (routes are ordered by the successor
    taken at each move, first move first).

    A route that reaches a region with no successor before its last move is none: the
    piece must make every move. ``ValueError`` when ``steps`` is not 1 to
    :data:`MAX_STEPS`, when ``start`` (or a region the moves reach) is no region of the
    map, or when there would be more than :data:`MAX_ROUTES` routes.

    >>> board = BoardMap.of({"a": ["b", "c"], "b": ["c"], "c": ["a"]})
    >>> [route.path for route in routes(board, "a", 2)]
    [('b', 'c'), ('c', 'a')]
    """
    if isinstance(steps, bool) or not isinstance(steps, int) or not 1 <= steps <= MAX_STEPS:
        raise ValueError(f"a move makes 1 to {MAX_STEPS} steps, not {steps!r}")
    table = _table(board)
    if start not in table:
        raise ValueError(f"the start {start!r} is no region of the map")
    count = _count(table, start, steps)
    if count > MAX_ROUTES:
        raise ValueError(f"{count} routes of {steps} steps from {start!r}: more than {MAX_ROUTES}")
    found: list[Route] = []

    def walk(region: str, path: tuple[str, ...]) -> None:
        if len(path) == steps:
            found.append(Route(path))
            return
        for successor in table[region]:
            walk(successor, (*path, successor))

    walk(start, ())
    return tuple(found)


@attrs.frozen
class MapProblem:
    """One thing wrong with a map: the region it is about (for a game to locate it in its
    content), a stable ``code`` and a message."""

    region: str
    code: MapProblemCode
    message: str


def _reached(table: Mapping[str, Iterable[str]], start: str) -> set[str]:
    """The regions ``table``'s paths lead to from ``start`` (``start`` included)."""
    seen = {start}
    todo = deque([start])
    while todo:
        for other in table.get(todo.popleft(), ()):
            if other in table and other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


def map_problems(board: BoardMap, start: str | None = None) -> list[MapProblem]:
    """What is wrong with ``board``, region by region in declaration order: a region
    declared twice (``duplicate-region``), a successor that is no region
    (``unknown-reference``), a successor listed twice (``duplicate-successor``), a region
    with no successor (``dead-end``).

    Given the ``start`` of every piece, also: a region no route from it reaches
    (``unreachable``), and a region it reaches, not a dead end, from which no route leads
    back to it (``no-way-back``). A ``start`` that is no region is an
    ``unknown-reference`` of its own (and nothing is reached from it).

    >>> board = BoardMap.of({"a": ["b"], "b": ["c", "b"], "c": [], "d": ["a"]})
    >>> [(problem.region, problem.code) for problem in map_problems(board, "a")]
    [('b', 'no-way-back'), ('c', 'dead-end'), ('d', 'unreachable')]
    """
    table = _table(board)
    problems: list[MapProblem] = []
    reached: set[str] | None = None
    returns: set[str] = set()
    if start is not None:
        if start in table:
            reached = _reached(table, start)
            backwards: dict[str, list[str]] = {region: [] for region in table}
            for region, successors in table.items():
                for successor in successors:
                    if successor in table:
                        backwards[successor].append(region)
            returns = _reached(backwards, start)
        else:
            problems.append(
                MapProblem(start, "unknown-reference", f"the start {start!r} is no region of the map")
            )
    declared: set[str] = set()
    for region, successors in board.successors:
        if region in declared:
            problems.append(MapProblem(region, "duplicate-region", f"region {region!r} is declared twice"))
            continue
        declared.add(region)
        listed: set[str] = set()
        for successor in successors:
            if successor not in table:
                problems.append(
                    MapProblem(
                        region,
                        "unknown-reference",
                        f"region {region!r} leads to {successor!r}, which is no region",
                    )
                )
            if successor in listed:
                problems.append(
                    MapProblem(
                        region, "duplicate-successor", f"region {region!r} leads to {successor!r} twice"
                    )
                )
            listed.add(successor)
        if not successors:
            problems.append(MapProblem(region, "dead-end", f"region {region!r} leads nowhere"))
        if reached is None:
            continue
        if region not in reached:
            problems.append(
                MapProblem(region, "unreachable", f"no route from {start!r} reaches region {region!r}")
            )
        elif successors and region not in returns:
            problems.append(
                MapProblem(region, "no-way-back", f"no route leads from region {region!r} back to {start!r}")
            )
    return problems
