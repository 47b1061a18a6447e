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
from taverna_rules.core.game_modules import bundled_games, game_module

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # ``benchmarks`` lives at the project root, beside ``src``
    sys.path.insert(0, str(ROOT))

from benchmarks import Config, Results, render_table, run_all, write_json  # noqa: E402
from benchmarks.openspiel_bench import OPENSPIEL_GAMES  # noqa: E402
from benchmarks.report import OPENSPIEL_LABEL, ROW_LABELS, TOY_LABEL  # noqa: E402
from benchmarks.runner import (  # noqa: E402
    GOAL_PLAYERS,
    NO_OPENSPIEL,
    NO_TOY,
    GameSetFigures,
    config_from,
    parse_args,
    sample_players,
)
from benchmarks.strength_bench import GAMES as STRENGTH_GAMES  # noqa: E402
from benchmarks.taverna_bench import BUNDLED_GAMES, seat_names  # noqa: E402

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


def test_the_benchmarks_measure_every_bundled_game() -> None:
    assert sorted(BUNDLED_GAMES) == sorted(bundled_games()) and BUNDLED_GAMES[0] == "taverna"
    assert STRENGTH_GAMES == BUNDLED_GAMES  # --strength plays every game too
    assert sample_players((2, 3, 4, 5)) == GOAL_PLAYERS == sample_players(range(3, 11))
    assert sample_players((5, 6)) == 5 and sample_players((1, 2, 6)) == 2
    # Taverne seats up to 10: every seat gets a name of its own.
    assert len(set(seat_names(12))) == 12 and seat_names(2) == ["Ann", "Bob"]


def _player_counts(game: str) -> list[int]:
    rules = tr.load_rules(game)
    return list(game_module(rules.game).player_counts(rules))


def _check_game_set(figures: GameSetFigures, simulate: int) -> None:
    """Every figure of one game is measured, at each of its player counts."""
    game = figures.game
    assert [g.players for g in figures.games] == _player_counts(game), game
    for g in figures.games:
        for figure in (
            g.games,
            g.decisions,
            g.games_per_second,
            g.decisions_per_second,
            g.decisions_per_game,
        ):
            assert _positive(figure), (game, g.players, figure)
    playout, memory = figures.playout, figures.memory
    for figure in (
        figures.decisions_per_second,
        figures.fold.events_per_second,
        figures.replay.events_per_second,
        playout.playouts_per_second,
        playout.decisions_per_playout,
        playout.decisions_per_second,
        memory.state_bytes,
        memory.event_bytes,
        memory.game_bytes_per_decision,
        memory.blocks_end,
    ):
        assert _positive(figure), (game, figure)
    assert playout.game == memory.game == game and playout.players == memory.players == GOAL_PLAYERS
    assert memory.simulated == simulate and len(figures.fingerprint) == 12


def test_tiny_run_measures_everything(tmp_path: Path) -> None:
    results = run_all(Config(seconds=0.05, repeats=1, cold_runs=1, replay_logs=1, simulate=10))

    assert [g.game for g in results.games] == list(BUNDLED_GAMES)
    for figures in results.games:
        _check_game_set(figures, simulate=10)
    for figure in (
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
    goal_count = len(AGAINST_CHESS) + 4  # Taverna's replay, the loads, memory
    assert len(results.goals) == goal_count
    for goal in results.goals:
        assert goal.met == (goal.value <= goal.target if goal.at_most else goal.value >= goal.target)
        assert goal.met == (goal.ratio >= 1)
    _check_issue_28(results)

    table = render_table(results)
    for label in ROW_LABELS:
        assert label in table, label
    assert f"build: {'compiled (mypyc)' if tr.COMPILED else 'pure Python'}" in table
    assert "rules: " + ", ".join(f"{g.game} {g.fingerprint}" for g in results.games) in table
    assert TOY_LABEL in table  # the tests folder is here
    for name, implementation in OPENSPIEL_GAMES:
        label = OPENSPIEL_LABEL.format(game=name, implementation=implementation)
        assert (label in table) == _has_openspiel(), label
    assert (f"note: {NO_OPENSPIEL}" in table) != _has_openspiel()
    assert table.count("Goal: ") == goal_count
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
    assert [g["game"] for g in data["games"]] == list(BUNDLED_GAMES)
    for game in data["games"]:
        assert [g["players"] for g in game["games"]] == _player_counts(game["game"])
        assert game["playout"]["game"] == game["memory"]["game"] == game["game"]
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
    assert "Rules load, cold" in goals
    taverna, cavern = results.game("taverna"), results.game("cavern_tavern")
    assert goals["Taverna verified replay events/s"].value == taverna.replay.events_per_second
    ours = {
        "4-player Taverna through Game (log, views, checks)": taverna.games_at(4).decisions_per_second,
        "mid-game 4-player Taverna Playout": taverna.playout.decisions_per_second,
        "Cavern Tavern Playout": cavern.playout.decisions_per_second,
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
