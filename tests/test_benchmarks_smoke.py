"""Smoke test of the benchmark runner: tiny budgets, sane figures, the expected table rows.

Benchmarks are not tests: nothing here checks a speed, only that every figure is measured.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import math
import sys
from pathlib import Path

import taverna_rules as tr

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # ``benchmarks`` lives at the project root, beside ``src``
    sys.path.insert(0, str(ROOT))

from benchmarks import Config, Results, render_table, run_all, write_json  # noqa: E402
from benchmarks.openspiel_bench import OPENSPIEL_GAMES  # noqa: E402
from benchmarks.report import OPENSPIEL_LABEL, ROW_LABELS, TOY_LABEL  # noqa: E402
from benchmarks.runner import NO_OPENSPIEL, NO_TOY, PLAYER_COUNTS, config_from, parse_args  # noqa: E402

#: Issue #28's goals: decisions/s over python-chess plies/s, with their targets (pure
#: Python, compiled).
AGAINST_CHESS = {
    "4-player Taverna through Game (log, views, checks)": (1.5, 3.0),
    "mid-game 4-player Taverna Playout": (2.0, 4.0),
    "Cavern Tavern Playout": (1.5, 3.0),
}


def _positive(value: object) -> bool:
    return (
        isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value) and value > 0
    )


def test_tiny_run_measures_everything(tmp_path: Path) -> None:
    results = run_all(Config(seconds=0.05, repeats=1, cold_runs=1, replay_logs=1, simulate=10))

    assert [g.players for g in results.games] == list(PLAYER_COUNTS)
    for g in results.games:
        for figure in (
            g.games,
            g.decisions,
            g.games_per_second,
            g.decisions_per_second,
            g.decisions_per_game,
        ):
            assert _positive(figure), (g.players, figure)
    for figure in (
        results.decisions_per_second,
        results.fold.events_per_second,
        results.replay.events_per_second,
        results.load.cold_load,
        results.load.cold_import_and_load,
        results.load.cold_process,
        results.load.warm_cached,
        results.load.uncached,
        results.chess.plies_per_second,
        results.chess.games_per_second,
        results.chess.plies_per_game,
    ):
        assert _positive(figure), figure
    assert len(results.goals) == 7
    assert [p.game for p in results.playouts] == ["taverna", "cavern_tavern"]
    for playouts in results.playouts:
        assert _positive(playouts.playouts_per_second) and _positive(playouts.decisions_per_playout)
        assert _positive(playouts.decisions_per_second)
    assert [m.game for m in results.memory] == ["taverna", "cavern_tavern"]
    for memory in results.memory:
        for figure in (
            memory.state_bytes,
            memory.event_bytes,
            memory.game_bytes_per_decision,
            memory.blocks_end,
        ):
            assert _positive(figure), (memory.game, figure)
        assert memory.simulated == 10
    cavern = results.cavern
    assert cavern is not None and [g.players for g in cavern.games] == list(PLAYER_COUNTS)
    for figure in (
        cavern.decisions_per_second,
        cavern.fold.events_per_second,
        cavern.replay.events_per_second,
        *(g.games_per_second for g in cavern.games),
    ):
        assert _positive(figure), figure
    for goal in results.goals:
        assert goal.met == (goal.value <= goal.target if goal.at_most else goal.value >= goal.target)
        assert goal.met == (goal.ratio >= 1)
    _check_issue_28(results)

    table = render_table(results)
    for label in ROW_LABELS:
        assert label in table, label
    assert f"build: {'compiled (mypyc)' if tr.COMPILED else 'pure Python'}" in table
    assert TOY_LABEL in table  # the tests folder is here
    for name, implementation in OPENSPIEL_GAMES:
        label = OPENSPIEL_LABEL.format(game=name, implementation=implementation)
        assert (label in table) == _has_openspiel(), label
    assert (f"note: {NO_OPENSPIEL}" in table) != _has_openspiel()
    assert table.count("Goal: ") == 7
    # Without the tests folder or OpenSpiel, their rows give way to a note each.
    skipped = render_table(dataclasses.replace(results, toy=None, openspiel=(), notes=(NO_TOY, NO_OPENSPIEL)))
    assert TOY_LABEL not in skipped and "OpenSpiel random playouts" not in skipped
    assert f"note: {NO_TOY}" in skipped and f"note: {NO_OPENSPIEL}" in skipped
    for goal in results.goals:
        assert f"Goal: {goal.name}" in table
        assert ("not met" if not goal.met else "met") in table

    path = tmp_path / "bench.json"
    write_json(results, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert [g["players"] for g in data["games"]] == list(PLAYER_COUNTS)
    assert {goal["status"] for goal in data["goals"]} <= {"met", "not met"}
    assert data["meta"]["build"] == results.meta["build"] and data["compiled"] == tr.COMPILED


def _has_openspiel() -> bool:
    return importlib.util.find_spec("pyspiel") is not None


def _check_issue_28(results: Results) -> None:
    """Issue #28's goals are there, the target the build's, the value a ratio to chess; the
    yardsticks without a goal are measured."""
    assert results.compiled == tr.COMPILED
    assert results.meta["build"] == ("compiled (mypyc)" if tr.COMPILED else "pure Python")
    goals = {goal.name: goal for goal in results.goals}
    assert "Taverna verified replay events/s" in goals and "Rules load, cold" in goals
    playouts = {p.game: p for p in results.playouts}
    ours = {
        "4-player Taverna through Game (log, views, checks)": results.games_at(4).decisions_per_second,
        "mid-game 4-player Taverna Playout": playouts["taverna"].decisions_per_second,
        "Cavern Tavern Playout": playouts["cavern_tavern"].decisions_per_second,
    }
    for name, targets in AGAINST_CHESS.items():
        goal = goals[name]
        assert goal.target == targets[1 if tr.COMPILED else 0], name
        assert _positive(goal.value) and not goal.at_most, name
        assert math.isclose(goal.value, ours[name] / results.chess.plies_per_second), name
    toy = results.toy
    assert toy is not None and toy.game == "dice_race"
    assert _positive(toy.decisions_per_second) and _positive(toy.decisions_per_playout)
    figures = {o.game: o for o in results.openspiel}
    assert len(figures) == (len(OPENSPIEL_GAMES) if _has_openspiel() else 0)
    for o in figures.values():
        assert _positive(o.actions_per_second) and o.games > 0 and o.actions >= o.games, o.game
    if "kuhn_poker" in figures:  # the cards are dealt by chance: two outcomes a game
        assert figures["kuhn_poker"].chance == 2 * figures["kuhn_poker"].games


def test_quick_and_default_budgets() -> None:
    quick = config_from(parse_args(["--quick"]))
    default = config_from(parse_args([]))
    assert 0 < quick.seconds < default.seconds
    assert quick.cold_runs == 1
    assert config_from(parse_args(["--quick", "--seconds", "0.1"])).seconds == 0.1


def test_the_strength_figures_count_every_pairing_with_a_greedy_bot() -> None:
    from benchmarks.strength_bench import strength_figures

    figures = strength_figures(2, seconds=0.005, seed=3)
    assert figures.games == 2 and figures.pairings == 6  # three greedy opponents a game
    cavern = strength_figures(1, seconds=0.005, seed=3, game="cavern_tavern")
    assert (cavern.game, cavern.pairings) == ("cavern_tavern", 3)
    assert 0.0 <= figures.low <= figures.beats <= figures.high <= 1.0
    assert 0.0 <= figures.wins <= 1.0
    assert parse_args(["--strength", "4"]).strength == 4
