"""Symbol grids (:mod:`taverna_rules.core.symbol_grid`): markers cover symbols, rows
complete, inactive rows stay out.

1. covering follows multiset rules: one cell of the symbol, in the row named, no more;
2. a row completes exactly once, and an inactive row never takes a marker nor completes;
3. any order of placing a roll, in any open rows, covers as many cells as
   ``placeable`` says: the most a roll can cover, counted symbol by symbol;
4. coverages are plain values that go through JSON.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from taverna_rules.core.symbol_grid import (
    Coverage,
    SymbolGrid,
    as_coverage,
    cleared,
    completed,
    cover,
    open_rows,
    placeable,
    remaining,
    start,
)

SYMBOLS = ("claw", "eye", "fire", "wing")
ROWS = st.lists(st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=4), min_size=1, max_size=4)
ROLLS = st.lists(st.sampled_from(SYMBOLS), max_size=8)


def uncovered(coverage: Coverage) -> Counter[tuple[int, str]]:
    """The uncovered cells of ``coverage``, as a multiset of (row, symbol)."""
    return Counter((index, symbol) for index, row in enumerate(coverage) for symbol in row)


# ----------------------------------------------------------------------------- 1. covering
@settings(max_examples=60, deadline=None)
@given(rows=ROWS, data=st.data())
def test_a_marker_covers_one_cell_of_its_symbol_in_its_row(
    rows: list[list[str]], data: st.DataObject
) -> None:
    """Each marker takes one cell of its symbol from the row named, and nothing else; a row
    without that symbol uncovered refuses it. Symbols are tried until every cell is covered
    (each try is one of the symbols left, or any symbol)."""
    coverage = start(SymbolGrid.of(rows))
    assert coverage == tuple(tuple(sorted(row)) for row in rows)
    while not cleared(coverage):
        left = sorted({symbol for row in coverage for symbol in row})
        symbol = data.draw(st.sampled_from(left) | st.sampled_from(SYMBOLS))
        rows_open = open_rows(coverage, symbol)
        assert rows_open == tuple(i for i, row in enumerate(coverage) if symbol in row)
        for row in range(len(coverage)):
            if row not in rows_open:
                with pytest.raises(ValueError, match=f"row {row} has no uncovered {symbol!r}"):
                    cover(coverage, row, symbol)
        if not rows_open:
            continue
        row = data.draw(st.sampled_from(rows_open))
        after = cover(coverage, row, symbol)
        assert uncovered(coverage) - uncovered(after) == Counter({(row, symbol): 1})
        assert uncovered(after) - uncovered(coverage) == Counter()
        assert remaining(after) == remaining(coverage) - 1
        assert all(list(r) == sorted(r) for r in after)
        coverage = after
    assert remaining(coverage) == 0


def test_two_markers_of_a_symbol_cover_two_cells() -> None:
    coverage = start(SymbolGrid.of([["claw", "claw", "fire"]]))
    once = cover(coverage, 0, "claw")
    assert once == (("claw", "fire"),) and open_rows(once, "claw") == (0,)
    twice = cover(once, 0, "claw")
    assert twice == (("fire",),) and open_rows(twice, "claw") == ()
    with pytest.raises(ValueError, match="no uncovered 'claw'"):
        cover(twice, 0, "claw")


@pytest.mark.parametrize("row", [-1, 2, True, "0"])
def test_a_row_that_is_none_is_refused(row: object) -> None:
    coverage = start(SymbolGrid.of([["claw"], ["claw"]]))
    with pytest.raises(ValueError, match="no row of the grid"):
        cover(coverage, row, "claw")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no row of the grid"):
        start(SymbolGrid.of([["claw"], ["claw"]]), [row])  # type: ignore[list-item]


# ----------------------------------------------------------------------------- 2. rows
@settings(max_examples=60, deadline=None)
@given(rows=ROWS, data=st.data())
def test_each_active_row_completes_exactly_once(rows: list[list[str]], data: st.DataObject) -> None:
    """Cover cell after cell, in any order: each active row is named by ``completed``
    once, when its last cell is covered; inactive rows never take a marker."""
    active = data.draw(st.sets(st.sampled_from(range(len(rows)))))
    coverage = start(SymbolGrid.of(rows), active)
    for index in set(range(len(rows))) - active:
        assert coverage[index] == ()
        assert all(index not in open_rows(coverage, symbol) for symbol in SYMBOLS)
    completions: list[int] = []
    while not cleared(coverage):
        row, symbol = data.draw(st.sampled_from(sorted(uncovered(coverage))))
        after = cover(coverage, row, symbol)
        done = completed(coverage, after)
        assert done == ((row,) if not after[row] else ())
        completions.extend(done)
        coverage = after
    assert sorted(completions) == sorted(active)
    assert completed(coverage, coverage) == ()


def test_an_inactive_row_never_takes_a_marker_nor_completes() -> None:
    grid = SymbolGrid.of([["claw"], ["claw", "eye"]])
    coverage = start(grid, active_rows=[0])
    assert coverage == (("claw",), ())
    assert open_rows(coverage, "claw") == (0,) and open_rows(coverage, "eye") == ()
    with pytest.raises(ValueError, match="row 1 has no uncovered 'claw'"):
        cover(coverage, 1, "claw")
    done = cover(coverage, 0, "claw")
    assert completed(coverage, done) == (0,) and cleared(done) and remaining(done) == 0
    assert placeable(done, ["claw", "eye"]) == ()
    assert start(grid, []) == ((), ()) and completed(start(grid, []), start(grid, [])) == ()


def test_completed_compares_coverages_of_one_grid() -> None:
    with pytest.raises(ValueError, match="coverages of 1 and 2 rows"):
        completed((("claw",),), ((), ()))


# ----------------------------------------------------------------------------- 3. a roll
@settings(max_examples=100, deadline=None)
@given(rows=ROWS, roll=ROLLS, data=st.data())
def test_every_order_of_placing_a_roll_covers_as_many_cells(
    rows: list[list[str]], roll: list[str], data: st.DataObject
) -> None:
    """Place the roll's markers in an order and rows hypothesis picks, each as long as one
    may go (markers are compulsory): the cells covered are always ``placeable``'s count,
    the most a roll can cover (of each symbol, the fewer of markers and uncovered cells)."""
    active = data.draw(st.sets(st.sampled_from(range(len(rows))), min_size=1))
    coverage = start(SymbolGrid.of(rows), active)
    can = placeable(coverage, roll)
    cells = Counter(symbol for row in coverage for symbol in row)
    assert Counter(can) == Counter({s: min(n, cells[s]) for s, n in Counter(roll).items() if cells[s]})
    left = list(data.draw(st.permutations(roll)))
    placed = 0
    while placeable(coverage, left):
        symbol = data.draw(st.sampled_from(placeable(coverage, left)))
        coverage = cover(coverage, data.draw(st.sampled_from(open_rows(coverage, symbol))), symbol)
        left.remove(symbol)
        placed += 1
    assert placed == len(can)
    assert all(not open_rows(coverage, symbol) for symbol in left), "no marker left that could go"


def test_placeable_keeps_the_roll_order() -> None:
    coverage = (("claw", "fire"), ("claw",))
    assert placeable(coverage, ["fire", "eye", "claw", "fire", "claw", "claw"]) == ("fire", "claw", "claw")
    assert placeable(coverage, []) == ()


# ----------------------------------------------------------------------------- 4. values
@settings(max_examples=30, deadline=None)
@given(rows=ROWS, data=st.data())
def test_a_coverage_goes_through_json(rows: list[list[str]], data: st.DataObject) -> None:
    coverage = start(SymbolGrid.of(rows), data.draw(st.sets(st.sampled_from(range(len(rows))))))
    for _ in range(data.draw(st.integers(0, 3))):
        cells = sorted(uncovered(coverage))
        if cells:
            coverage = cover(coverage, *data.draw(st.sampled_from(cells)))
    text = json.dumps(coverage)
    assert as_coverage(json.loads(text)) == coverage
    assert hash(as_coverage(json.loads(text))) == hash(coverage)


def test_a_row_is_a_list_never_one_string() -> None:
    with pytest.raises(TypeError, match="row 0 must be a list of symbols"):
        SymbolGrid.of(["claw"])
    with pytest.raises(TypeError, match="row 1 must be a list of symbols"):
        as_coverage([[], "eye"])
    assert SymbolGrid.of([("claw", "eye")]) == SymbolGrid((("claw", "eye"),))
