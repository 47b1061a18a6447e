"""The example game of the author guide (``examples/tavern_crawl``): a package of its own,
installed through its entry point (``make test`` installs it), that passes the
conformance kit and both frameworks' own tests, with every tool working on it; and the
guide reports the share of its code that is plumbing, counted here from the sources."""

from __future__ import annotations

import ast
import re
import warnings
from importlib.metadata import entry_points
from pathlib import Path

import pyspiel
import pytest
from pettingzoo.test import api_test, parallel_api_test

import taverna_rules as tr
from taverna_rules.adapters import openspiel
from taverna_rules.adapters.pettingzoo import env, parallel_env
from taverna_rules.tools.conformance import check_game

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "examples" / "tavern_crawl" / "src" / "tavern_crawl"
GUIDE = ROOT / "docs" / "writing_a_game.rst"
RULES = tr.load_rules("tavern_crawl")


def test_the_example_is_an_installed_game_found_by_its_entry_point() -> None:
    points = {ep.name: ep.value for ep in entry_points(group="taverna_rules.games")}
    assert points["tavern_crawl"] == "tavern_crawl:GAME"
    assert "tavern_crawl" in tr.installed_games()
    assert "tavern_crawl" not in tr.core.game_modules.bundled_games()


@pytest.mark.parametrize("chance", ["sampled", "explicit"])
def test_the_conformance_kit_passes(chance: tr.ChanceMode) -> None:
    for seed, players in enumerate((2, 3, 4)):
        checked = check_game(RULES, players, seed, chance=chance)
        assert checked.failure is None, checked.failure


def test_openspiel_random_simulations() -> None:
    openspiel.register()
    game = pyspiel.load_game("python_tavern_crawl", {"players": 3})
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_pettingzoo_aec_and_parallel_api_tests() -> None:
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(env(game="tavern_crawl", players=3), num_cycles=200)
        parallel_api_test(parallel_env(game="tavern_crawl", players=2), num_cycles=200)


def test_the_tools_work_on_what_the_game_gives_and_say_what_it_does_not(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """No hook the example leaves out crashes a tool: positions come from its state, its
    observation from its fields, its text board and labels from the defaults; the rules text
    it does not give is said to be missing."""
    from taverna_rules.tools import cli, demo

    game = tr.new_game(RULES, ["Ann", "Bob"], seed=2)
    assert tr.load_position(RULES, tr.dump_position(game.state)) == game.state
    assert len(tr.observe(game, 0, numpy=False)) == tr.observation_layout(RULES, 2).size
    assert game.describe(game.legal_actions()[0]) == "Enter" and "Ann" in game.board()
    assert demo.main(["--game", "tavern_crawl", "--players", "2", "--seed", "4"]) == 0
    assert "Final scores (points by category)" in capsys.readouterr().out
    assert cli.main(["rules-text", "--game", "tavern_crawl"]) != 0
    assert "has no rules text" in capsys.readouterr().out


# ----------------------------------------------------------------------------- the plumbing share
def _docstrings(tree: ast.Module) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                lines.update(range(body[0].lineno, (body[0].end_lineno or body[0].lineno) + 1))
    return lines


def plumbing_share() -> dict[str, int]:
    """Lines of code of the example by kind, from its section markers (``# ---- rules: ...``
    or ``wiring: ...``; before the first, and the whole ``__init__``, is wiring): blank
    lines, comments and docstrings left out."""
    counts = {"rules": 0, "wiring": 0}
    for path in sorted(PACKAGE.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        skipped = _docstrings(ast.parse(text))
        kind = "wiring"
        for number, line in enumerate(text.splitlines(), 1):
            marker = re.match(r"# -+ (rules|wiring):", line)
            if marker:
                kind = marker.group(1)
            elif line.strip() and not line.strip().startswith("#") and number not in skipped:
                counts[kind] += 1
    return counts


def test_the_guide_reports_the_plumbing_share_as_counted() -> None:
    counts = plumbing_share()
    total = counts["rules"] + counts["wiring"]
    text = GUIDE.read_text(encoding="utf-8")
    assert f"{counts['rules']} lines of rules" in text, counts
    assert f"{counts['wiring']} lines of wiring" in text, counts
    assert f"{round(100 * counts['wiring'] / total)} %" in text, counts


def test_the_conformance_report_counts_the_ops_of_a_game_without_a_tally_of_its_own() -> None:
    from taverna_rules.tools.conformance import run_checks

    report = run_checks(RULES, games=2, seed=1)
    ops = report.coverage.ops
    assert {"gain_coins", "pay_coins", "score"} <= {item for item, _ in ops.counts}
    assert sum(count for _, count in ops.counts) > 0
