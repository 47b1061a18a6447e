"""The import structure: no module imports one that imports it back.

Import circles are read by grimp (import-linter's graph library) from every import in
the source: at module level, inside functions and under ``TYPE_CHECKING`` alike, since a
function-level import that dodges a circle is still a circle. The layers (the core, the
games, the facade, the tools) are import-linter contracts (``[tool.importlinter]`` in
pyproject.toml), checked by ``lint-imports`` in ``make lint``.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Mapping, Set
from pathlib import Path

import grimp
import pytest

import taverna_rules as tr

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # ``benchmarks`` lives at the project root, beside ``src``
    sys.path.insert(0, str(ROOT))


def circles(imports: Mapping[str, Set[str]]) -> list[list[str]]:
    """The import circles of ``imports`` (module -> the modules it imports): each group of
    two or more modules that reach one another (Tarjan's strongly connected components),
    and each module that imports itself."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(imports.get(module, ())):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = [stack.pop()]
            while group[-1] != module:
                group.append(stack.pop())
            if len(group) > 1 or module in imports.get(module, ()):
                found.append(sorted(group))

    for module in sorted(imports):
        if module not in index:
            visit(module)
    return sorted(found)


def test_circles_finds_every_circle_and_nothing_else() -> None:
    imports = {
        "a": {"b"},
        "b": {"c", "d"},
        "c": {"a"},
        "d": {"e"},
        "e": set(),
        "f": {"f"},
        "g": {"a"},
    }
    assert circles(imports) == [["a", "b", "c"], ["f"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_module_imports_one_that_imports_it_back() -> None:
    graph = grimp.build_graph("taverna_rules", "benchmarks", cache_dir=None)
    imports = {module: graph.find_modules_directly_imported_by(module) for module in graph.modules}
    assert len(imports) > 100
    assert circles(imports) == []


def test_the_deprecated_kernel_shim_is_gone() -> None:
    """``taverna_rules.kernel`` re-exported the old module paths "for 0.1", which was never
    released."""
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("taverna_rules.kernel")


def test_the_games_conformance_hooks_are_the_cores_protocols() -> None:
    """A game gives the conformance kit hooks of the shapes the core declares
    (:mod:`taverna_rules.core.coverage`), so it imports only the core; mypy checks these
    assignments, the test that each game gives its hooks."""
    from taverna_rules.core.coverage import ConformanceHooks
    from taverna_rules.games.cavern_tavern.conformance import CavernKit
    from taverna_rules.games.taverna.conformance import TavernaKit

    kits: list[ConformanceHooks] = [TavernaKit(), CavernKit()]
    for game, kit in zip(("taverna", "cavern_tavern"), kits, strict=True):
        hook = tr.game_module(game).conformance
        assert hook is not None
        assert type(hook()) is type(kit)
