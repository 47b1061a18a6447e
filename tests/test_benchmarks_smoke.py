"""Smoke test of the benchmark runner: tiny budgets, sane figures, the expected table rows.

Benchmarks are not tests: nothing here checks a speed, only that every figure is measured.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # ``benchmarks`` lives at the project root, beside ``src``
    sys.path.insert(0, str(ROOT))

from benchmarks import Config, render_table, run_all, write_json  # noqa: E402
from benchmarks.report import ROW_LABELS  # noqa: E402
from benchmarks.runner import PLAYER_COUNTS, config_from, parse_args  # noqa: E402


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

    table = render_table(results)
    for label in ROW_LABELS:
        assert label in table, label
    assert table.count("Goal: ") == 7
    for goal in results.goals:
        assert f"Goal: {goal.name}" in table
        assert ("not met" if not goal.met else "met") in table

    path = tmp_path / "bench.json"
    write_json(results, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert [g["players"] for g in data["games"]] == list(PLAYER_COUNTS)
    assert {goal["status"] for goal in data["goals"]} <= {"met", "not met"}


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
    assert 0.0 <= figures.low <= figures.beats <= figures.high <= 1.0
    assert 0.0 <= figures.wins <= 1.0
    assert parse_args(["--strength", "4"]).strength == 4
