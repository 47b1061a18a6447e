"""Every example in the package's docstrings runs as written: a module's ``>>>`` lines are
its documentation, so a stale one fails here, not in a reader's hands."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import taverna_rules

#: Modules that need an extra not every environment has.
_OPTIONAL = ("open_spiel", "pettingzoo", "gymnasium", "numpy", "starlette", "uvicorn", "psycopg", "dask")


def _modules() -> list[str]:
    return sorted(
        info.name for info in pkgutil.walk_packages(taverna_rules.__path__, prefix="taverna_rules.")
    )


def _import(name: str) -> ModuleType:
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        if exc.name is not None and exc.name.split(".")[0] in _OPTIONAL:
            pytest.skip(f"{name} needs {exc.name}")
        raise


@pytest.mark.parametrize("name", _modules())
def test_the_examples_of_each_module_run(name: str) -> None:
    module = _import(name)
    failed, _attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert not failed, f"{failed} example(s) of {name} fail"


def test_the_examples_are_many() -> None:
    """The walk finds the package's modules and their examples (not an empty parametrization)."""
    attempted = sum(
        doctest.testmod(importlib.import_module(name), report=False).attempted
        for name in (
            "taverna_rules",
            "taverna_rules.game",
            "taverna_rules.bot_specs",
            "taverna_rules.rules_text",
        )
    )
    assert attempted >= 10
