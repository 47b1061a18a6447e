"""The tools work for any installed game, or say what it does not have: shown on the toy
games, which declare no positions, no rule options, no names of things, no effect ops
and no victory points."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from taverna_rules.core.arguments import name_of, resolve_options, rule_options
from taverna_rules.tools.cli import main
from taverna_rules.tools.demo import main as demo
from toy_games import installed
from toy_games.dice_race import RULES


def _run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    with installed():
        code = main(list(argv), out)
    return code, out.getvalue()


def test_schemas_of_a_game_without_positions(tmp_path: Path) -> None:
    code, text = _run("schema", "--game", "sealed_auction", "--out", str(tmp_path))
    assert code == 0
    written = sorted(p.name for p in (tmp_path / "wire").iterdir())
    assert written == ["action.schema.json", "decision.schema.json", "event.schema.json", "view.schema.json"]
    action = json.loads((tmp_path / "wire" / "action.schema.json").read_text())
    assert "Bid" in json.dumps(action)
    code, text = _run("schema", "--game", "sealed_auction", "--print", "position")
    assert code == 1
    assert text == "taverna schema: game 'sealed_auction' has no position documents\n"


def test_check_of_a_game_without_options_or_effect_ops() -> None:
    code, text = _run("check", "--game", "dice_race", "--games", "2")
    assert code == 0, text
    assert "rule options: none" in text
    assert "nothing to cover: the game declares no effect ops" in text
    assert "every item was exercised" not in text


def test_simulate_heads_scores_with_the_game_s_own_word() -> None:
    code, text = _run("simulate", "--game", "dice_race", "--games", "2")
    assert code == 0, text
    assert "mean points" in text and "VP" not in text


def test_demo_heads_scores_with_the_game_s_own_word(capsys: pytest.CaptureFixture[str]) -> None:
    with installed():
        assert demo(["--game", "dice_race", "--players", "2"]) == 0
    text = capsys.readouterr().out
    assert "Final scores (points by category)" in text and "VP" not in text


def test_a_rule_set_without_options_or_names() -> None:
    assert rule_options(RULES) == ()
    assert resolve_options(RULES, {}) == ()
    assert name_of(RULES, "pot") == "pot"
