"""The op references committed in docs/reference/ are what ``make reference`` writes now."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

import taverna_rules as tr
from taverna_rules.core.game_modules import bundled_games

SCRIPT = Path(__file__).resolve().parents[1] / "docs" / "_ext" / "op_reference.py"


#: The installed games with an effect DSL (a game without effects has no ops to document).
WITH_EFFECTS = [game for game in bundled_games() if tr.game_module(game).vocabulary is not None]


def op_reference() -> ModuleType:
    spec = importlib.util.spec_from_file_location("op_reference", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", WITH_EFFECTS)
def test_the_committed_op_reference_is_up_to_date(game: str) -> None:
    module = op_reference()
    path = module.OUT / f"{game}-ops.md"
    assert path.exists(), f"no {path.name}: run `make reference` and commit it"
    assert path.read_text(encoding="utf-8") == module.reference(game), (
        f"{path.name} is out of date: run `make reference` and commit it"
    )


@pytest.mark.parametrize("game", WITH_EFFECTS)
def test_the_op_reference_names_every_op_and_count(game: str) -> None:
    vocabulary = tr.game_module(game).vocabulary
    assert vocabulary is not None
    text = op_reference().reference(game)
    for op, spec in vocabulary.ops.items():
        assert f"### `{op}`" in text and spec.example in text, op
    for count in vocabulary.counts:
        assert f"| `{count}` |" in text, count
