"""Board maps (:mod:`taverna_rules.core.board_map`): routes of an exact number of moves
along one-way paths with forks, and the problems of a map.

1. ``routes`` on random small maps against a brute-force walk over every sequence of
   regions: each route has exactly ``steps`` entries, each follows a path, they are
   distinct, and there are as many as the walk finds; main paths first;
2. a map without forks gives exactly one route;
3. the bounds on moves and routes;
4. ``map_problems`` finds each planted problem, and nothing on a sound map.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from taverna_rules.core.board_map import (
    MAX_ROUTES,
    MAX_STEPS,
    BoardMap,
    MapProblem,
    Route,
    map_problems,
    routes,
)

REGIONS = ("a", "b", "c", "d", "e")


@st.composite
def small_maps(draw: st.DrawFn) -> BoardMap:
    """A map of two to five regions, each with zero to three successors among them
    (repeats and loops included)."""
    size = draw(st.integers(2, len(REGIONS)))
    names = REGIONS[:size]
    return BoardMap(
        tuple((name, tuple(draw(st.lists(st.sampled_from(names), max_size=3)))) for name in names)
    )


def brute_force(board: BoardMap, start: str, steps: int) -> set[tuple[str, ...]]:
    """Every sequence of ``steps`` regions that a piece at ``start`` can enter one after
    the other, found by trying every sequence of regions of the map."""
    found = set()
    for path in itertools.product(board.regions, repeat=steps):
        here = start
        for region in path:
            if region not in board.next(here):
                break
            here = region
        else:
            found.add(path)
    return found


# ----------------------------------------------------------------------------- 1. routes
@settings(max_examples=80, deadline=None)
@given(board=small_maps(), steps=st.integers(1, 4), data=st.data())
def test_routes_are_every_walk_of_exactly_the_steps(board: BoardMap, steps: int, data: st.DataObject) -> None:
    start = data.draw(st.sampled_from(board.regions))
    found = routes(board, start, steps)
    paths = [route.path for route in found]
    assert all(len(path) == steps for path in paths)
    for path in paths:
        for here, there in itertools.pairwise((start, *path)):
            assert there in board.next(here)
    assert len(set(paths)) == len(paths), "routes are distinct"
    assert set(paths) == brute_force(board, start, steps)


@settings(max_examples=40, deadline=None)
@given(board=small_maps(), steps=st.integers(1, 4), data=st.data())
def test_routes_take_main_paths_first(board: BoardMap, steps: int, data: st.DataObject) -> None:
    """Ordered by the successor taken at each move, in declaration order, first move
    first: the first route follows every region's main path."""
    start = data.draw(st.sampled_from(board.regions))
    found = routes(board, start, steps)

    def rank(route: Route) -> list[int]:
        here, ranks = start, []
        for region in route.path:
            ranks.append(list(dict.fromkeys(board.next(here))).index(region))
            here = region
        return ranks

    assert [rank(route) for route in found] == sorted(rank(route) for route in found)


def test_forks_give_each_way_round() -> None:
    """A clockwise ring of six regions with one arrow: the main path, or the shortcut."""
    board = BoardMap.of({"1": ["2"], "2": ["3", "5"], "3": ["4"], "4": ["5"], "5": ["6"], "6": ["1"]})
    assert [route.path for route in routes(board, "1", 3)] == [("2", "3", "4"), ("2", "5", "6")]
    long = routes(board, "6", 8)
    assert [route.path for route in long] == [
        ("1", "2", "3", "4", "5", "6", "1", "2"),
        ("1", "2", "5", "6", "1", "2", "3", "4"),
        ("1", "2", "5", "6", "1", "2", "5", "6"),
    ]
    assert [route.end for route in long] == ["2", "4", "6"]
    assert [route.passes("2") for route in long] == [2, 2, 2]
    assert [route.passes("3") for route in long] == [1, 1, 0]


def test_a_dead_end_stops_no_route_that_ends_there() -> None:
    board = BoardMap.of({"a": ["end", "b"], "b": ["a"], "end": []})
    assert [route.path for route in routes(board, "a", 1)] == [("end",), ("b",)]
    assert [route.path for route in routes(board, "a", 2)] == [("b", "a")]
    assert routes(board, "end", 1) == ()


def test_a_successor_listed_twice_gives_one_route() -> None:
    board = BoardMap.of({"a": ["b", "b"], "b": ["a"]})
    assert routes(board, "a", 2) == (Route(("b", "a")),)


# ----------------------------------------------------------------------------- 2. no forks
@settings(max_examples=40, deadline=None)
@given(size=st.integers(1, 8), steps=st.integers(1, MAX_STEPS), data=st.data())
def test_a_map_without_forks_gives_one_route(size: int, steps: int, data: st.DataObject) -> None:
    """Each region leads to exactly one other (a ring, or a chain into a loop): one route,
    which follows them."""
    names = [f"r{i}" for i in range(size)]
    board = BoardMap.of({name: [data.draw(st.sampled_from(names))] for name in names})
    start = data.draw(st.sampled_from(names))
    (route,) = routes(board, start, steps)
    here = start
    for region in route.path:
        assert (region,) == board.next(here)
        here = region


# ----------------------------------------------------------------------------- 3. bounds
def test_the_moves_and_routes_are_bounded() -> None:
    ring = BoardMap.of({"a": ["b"], "b": ["a"]})
    careless: tuple[Any, ...] = (0, -1, MAX_STEPS + 1, 2.0, True, "3")
    for steps in careless:
        with pytest.raises(ValueError, match="1 to 12 steps"):
            routes(ring, "a", steps)
    assert len(routes(ring, "a", MAX_STEPS)) == 1
    # Every region leads to every region: 4**12 routes, refused before any is made.
    full = BoardMap.of({name: list("abcd") for name in "abcd"})
    with pytest.raises(ValueError, match=f"more than {MAX_ROUTES}"):
        routes(full, "a", MAX_STEPS)
    assert len(routes(full, "a", 6)) == 4**6 == MAX_ROUTES


def test_a_region_that_is_none_is_refused() -> None:
    board = BoardMap.of({"a": ["b"], "b": ["nowhere"]})
    with pytest.raises(ValueError, match="the start 'x' is no region"):
        routes(board, "x", 1)
    with pytest.raises(ValueError, match="region 'b' leads to 'nowhere', which is no region"):
        routes(board, "a", 2)
    with pytest.raises(ValueError, match="no region 'x'"):
        board.next("x")
    with pytest.raises(TypeError, match="must be a list"):
        BoardMap.of({"a": "b"})


def test_a_map_and_its_routes_are_plain_values() -> None:
    board = BoardMap.of({"a": ["b"], "b": ["a"]})
    assert board == BoardMap((("a", ("b",)), ("b", ("a",))))
    assert hash(board) == hash(BoardMap.of({"a": ("b",), "b": ("a",)}))
    assert routes(board, "a", 2) == (Route(("b", "a")),)
    assert board.regions == ("a", "b")


# ----------------------------------------------------------------------------- 4. problems
RING = {"a": ["b"], "b": ["c", "a"], "c": ["a"]}


def codes(board: BoardMap, start: str | None = None) -> list[tuple[str, str]]:
    return [(problem.region, problem.code) for problem in map_problems(board, start)]


def test_a_sound_map_has_no_problem() -> None:
    board = BoardMap.of(RING)
    assert map_problems(board) == []
    assert all(map_problems(board, start) == [] for start in board.regions)


@settings(max_examples=40, deadline=None)
@given(board=small_maps(), data=st.data())
def test_a_planted_dead_end_is_found(board: BoardMap, data: st.DataObject) -> None:
    where = data.draw(st.sampled_from(board.regions))
    planted = BoardMap(
        tuple((region, () if region == where else nexts) for region, nexts in board.successors)
    )
    assert MapProblem(where, "dead-end", f"region {where!r} leads nowhere") in map_problems(planted)


@settings(max_examples=40, deadline=None)
@given(board=small_maps(), name=st.text("xyz", min_size=1, max_size=3), data=st.data())
def test_a_planted_unknown_reference_is_found(board: BoardMap, name: str, data: st.DataObject) -> None:
    where = data.draw(st.sampled_from(board.regions))
    planted = BoardMap(
        tuple((region, (*nexts, name) if region == where else nexts) for region, nexts in board.successors)
    )
    problem = MapProblem(
        where, "unknown-reference", f"region {where!r} leads to {name!r}, which is no region"
    )
    assert problem in map_problems(planted)
    others = [p for p in map_problems(planted) if p.region != where]
    assert others == [p for p in map_problems(board) if p.region != where]


@settings(max_examples=40, deadline=None)
@given(board=small_maps(), name=st.text("xyz", min_size=1, max_size=3), data=st.data())
def test_a_planted_unreachable_region_is_found(board: BoardMap, name: str, data: st.DataObject) -> None:
    """A region that leads into the map but that nothing leads to: unreachable from any
    start."""
    start, into = data.draw(st.sampled_from(board.regions)), data.draw(st.sampled_from(board.regions))
    planted = BoardMap((*board.successors, (name, (into,))))
    problem = MapProblem(name, "unreachable", f"no route from {start!r} reaches region {name!r}")
    assert problem in map_problems(planted, start)
    assert all(p.region != name for p in map_problems(planted))


@settings(max_examples=60, deadline=None)
@given(board=small_maps(), data=st.data())
def test_reachability_agrees_with_the_routes(board: BoardMap, data: st.DataObject) -> None:
    """``unreachable`` and ``no-way-back`` name exactly the regions that routes (of up to
    as many moves as there are regions) never enter from the start, and the regions entered
    (not dead ends) from which no route enters the start."""
    start = data.draw(st.sampled_from(board.regions))
    size = len(board.regions)

    def entered(origin: str) -> set[str]:
        return {
            region
            for steps in range(1, size + 1)
            for path in brute_force(board, origin, steps)
            for region in path
        }

    reached = {start} | entered(start)
    problems = map_problems(board, start)
    assert {p.region for p in problems if p.code == "unreachable"} == set(board.regions) - reached
    assert {p.region for p in problems if p.code == "no-way-back"} == {
        region
        for region in reached
        if board.next(region) and region != start and start not in entered(region)
    }


def test_each_problem_is_named_in_declaration_order() -> None:
    board = BoardMap(
        (
            ("a", ("b", "b")),
            ("b", ("c", "ghost")),
            ("c", ("c",)),
            ("d", ()),
            ("a", ("c",)),
        )
    )
    assert codes(board, "a") == [
        ("a", "duplicate-successor"),
        ("b", "unknown-reference"),
        ("b", "no-way-back"),
        ("c", "no-way-back"),
        ("d", "dead-end"),
        ("d", "unreachable"),
        ("a", "duplicate-region"),
    ]
    assert codes(board) == [
        ("a", "duplicate-successor"),
        ("b", "unknown-reference"),
        ("d", "dead-end"),
        ("a", "duplicate-region"),
    ]
    assert codes(board, "nowhere") == [("nowhere", "unknown-reference"), *codes(board)]


def test_the_messages_are_lowercase_and_quote_their_values() -> None:
    board = BoardMap.of({"Inn": ["Inn", "Inn", "Cave"], "Cave": [], "Hill": ["Inn"]})
    problems = map_problems(board, "Inn")
    assert {problem.code for problem in problems} == {
        "duplicate-successor",
        "dead-end",
        "unreachable",
    }
    for problem in problems:
        assert problem.message[0].islower()
        assert repr(problem.region) in problem.message
