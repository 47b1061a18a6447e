"""The printed table and the JSON form of a run's figures."""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .chess_bench import MAX_PLIES
from .openspiel_bench import OpenSpielFigures
from .runner import GameSetFigures, Results
from .search_bench import PlayoutFigures
from .taverna_bench import GameFigures, ReplayFigures

__all__ = ["OPENSPIEL_LABEL", "ROW_LABELS", "TOY_LABEL", "render_table", "to_json", "write_json"]

#: Labels of the table's first column, a row or two of each kind for every bundled game
#: (the games rows repeat per player count: these name the counts at both ends).
ROW_LABELS = (
    "Taverna random games, 2 players",
    "Taverna random games, 3 players",
    "Taverna random games, 4 players",
    "Taverna random games, 5 players",
    "Taverna decisions (legal_actions + apply)",
    "Taverna replay: core.replay.fold(module, events)",
    "Taverna replay: tr.replay(rules, events), verified",
    "Cavern Tavern random games, 2 players",
    "Cavern Tavern random games, 5 players",
    "Cavern Tavern decisions (legal_actions + apply)",
    "Cavern Tavern replay: core.replay.fold(module, events)",
    "Cavern Tavern replay: tr.replay(rules, events), verified",
    "Taverne random games, 3 players",
    "Taverne random games, 10 players",
    "Taverne decisions (legal_actions + apply)",
    "Taverne replay: core.replay.fold(module, events)",
    "Taverne replay: tr.replay(rules, events), verified",
    "Taverns & Dragons random games, 2 players",
    "Taverns & Dragons random games, 5 players",
    "Taverns & Dragons decisions (legal_actions + apply)",
    "Taverns & Dragons replay: core.replay.fold(module, events)",
    "Taverns & Dragons replay: tr.replay(rules, events), verified",
    "Rules load, cold: load_rules()",
    "Rules load, cold: import + load_rules()",
    "Rules load, cold: whole process",
    "Rules load, warm: load_rules() cached",
    "Rules load, uncached: loader._load()",
    "python-chess random playouts: plies",
    "python-chess random playouts: games",
    "Playouts from mid-game: taverna, 4 players",
    "Playouts from mid-game: cavern_tavern, 4 players",
    "Playouts from mid-game: taverne, 4 players",
    "Playouts from mid-game: taverns_and_dragons, 4 players",
    "Memory: taverna, one 4-player state",
    "Memory: taverna, one event",
    "Memory: taverna, a Game per decision",
    "Memory: taverna, simulation growth",
    "Memory: cavern_tavern, one 4-player state",
    "Memory: taverne, one 4-player state",
    "Memory: taverns_and_dragons, one 4-player state",
)

#: The rows of the yardsticks that may be skipped: the toy dice race, and each OpenSpiel
#: game (``OPENSPIEL_LABEL.format(game=..., implementation=...)``).
TOY_LABEL = "Toy dice race through the engine (its fixed cost)"
OPENSPIEL_LABEL = "OpenSpiel random playouts: {game} ({implementation})"

Row = tuple[str, str, str, str]
#: What the fold rows time.
FOLD = "core.replay.fold(module, events)"


def _number(value: float) -> str:
    if value >= 100:
        return f"{value:,.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def _goal_value(value: float, unit: str) -> str:
    return f"{value:.3%}" if unit == "share" else _number(value)


def _ms(seconds: float) -> str:
    return _number(seconds * 1000)


def _game_rows(title: str, games: Sequence[GameFigures]) -> list[Row]:
    return [
        (
            f"{title} random games, {g.players} players",
            _number(g.games_per_second),
            "games/s",
            f"{g.decisions_per_game:.1f} decisions/game, {g.events_per_game:.0f} events/game, "
            f"{_number(g.decisions_per_second)} decisions/s; {g.games} games",
        )
        for g in games
    ]


def _replay_rows(title: str, fold: ReplayFigures, replay: ReplayFigures) -> list[Row]:
    return [
        (
            f"{title}: {label}",
            _number(figures.events_per_second),
            "events/s",
            f"{figures.logs} finished logs, {figures.replays:,} replays",
        )
        for figures, label in ((fold, FOLD), (replay, "tr.replay(rules, events), verified"))
    ]


def _game_set_rows(figures: GameSetFigures, results: Results) -> list[Row]:
    """One game's rows: its random games at each player count, decisions, replays."""
    rate = figures.decisions_per_second
    return [
        *_game_rows(figures.name, figures.games),
        (
            f"{figures.name} decisions (legal_actions + apply)",
            _number(rate),
            "decisions/s",
            f"all player counts, {figures.decisions:,} decisions; {_versus_chess(rate, results)}",
        ),
        *_replay_rows(f"{figures.name} replay", figures.fold, figures.replay),
    ]


def _rows(results: Results) -> list[Row]:
    rows: list[Row] = [row for figures in results.games for row in _game_set_rows(figures, results)]
    load = results.load
    cold = f"fresh subprocess, median of {load.cold_runs}"
    rows += [
        ("Rules load, cold: load_rules()", _ms(load.cold_load), "ms", cold),
        ("Rules load, cold: import + load_rules()", _ms(load.cold_import_and_load), "ms", cold),
        (
            "Rules load, cold: whole process",
            _ms(load.cold_process),
            "ms",
            "interpreter start to exit, outside",
        ),
        (
            "Rules load, warm: load_rules() cached",
            _number(load.warm_cached * 1e6),
            "us",
            f"{load.warm_calls:,} calls",
        ),
        (
            "Rules load, uncached: loader._load()",
            _ms(load.uncached),
            "ms",
            f"full parse + validate, median of {load.uncached_runs}",
        ),
    ]
    chess = results.chess
    rows += [
        (
            "python-chess random playouts: plies",
            _number(chess.plies_per_second),
            "plies/s",
            f"python-chess {chess.version}, {chess.plies:,} plies",
        ),
        (
            "python-chess random playouts: games",
            _number(chess.games_per_second),
            "games/s",
            f"{chess.plies_per_game:.1f} plies/game, {chess.capped} of {chess.games} stopped at {MAX_PLIES}",
        ),
    ]
    return rows + _search_rows(results)


def _versus_chess(per_second: float, results: Results) -> str:
    chess = results.chess.plies_per_second
    return f"{per_second / chess if chess > 0 else 0.0:.2f}x python-chess plies/s"


def _playout_row(p: PlayoutFigures, results: Results) -> Row:
    return (
        f"Playouts from mid-game: {p.game}, {p.players} players",
        _number(p.playouts_per_second),
        "playouts/s",
        f"random actions to the end, {p.decisions_per_playout:.1f} decisions each, {p.starts} starts; "
        f"{_number(p.decisions_per_second)} decisions/s, {_versus_chess(p.decisions_per_second, results)}",
    )


def _toy_rows(results: Results) -> list[Row]:
    toy = results.toy
    if toy is None:
        return []
    return [
        (
            TOY_LABEL,
            _number(toy.decisions_per_second),
            "decisions/s",
            f"{_versus_chess(toy.decisions_per_second, results)} (reported); Game.playout() of new "
            f"{toy.players}-player dice races (tests/toy_games), {toy.decisions_per_playout:.1f} "
            f"decisions each, {_number(toy.playouts_per_second)} playouts/s",
        )
    ]


def _openspiel_row(o: OpenSpielFigures, results: Results) -> Row:
    return (
        OPENSPIEL_LABEL.format(game=o.game, implementation=o.implementation),
        _number(o.actions_per_second),
        "actions/s",
        f"{_versus_chess(o.actions_per_second, results)} (reported); {o.actions_per_game:.1f} actions/game, "
        f"{o.chance / o.games if o.games else 0.0:.1f} of them chance outcomes; {o.games:,} games, "
        f"open_spiel {results.meta.get('openspiel', '?')}",
    )


def _search_rows(results: Results) -> list[Row]:
    rows: list[Row] = [_playout_row(g.playout, results) for g in results.games]
    rows += _toy_rows(results)
    rows += [_openspiel_row(o, results) for o in results.openspiel]
    for m in (g.memory for g in results.games):
        rows += [
            (
                f"Memory: {m.game}, one {m.players}-player state",
                f"{m.state_bytes:,}",
                "bytes",
                "mid-game, deep size",
            ),
            (
                f"Memory: {m.game}, one event",
                _number(m.event_bytes),
                "bytes",
                "a finished log's deep size / events",
            ),
            (
                f"Memory: {m.game}, a Game per decision",
                _number(m.game_bytes_per_decision),
                "bytes",
                "a replayed game's undo states (shared structure), traced",
            ),
            (
                f"Memory: {m.game}, simulation growth",
                f"{m.growth:+.3%}",
                "blocks",
                f"{m.simulated} games (the second half on the first half's seeds): "
                f"{m.blocks_early:,} blocks half-way, {m.blocks_end:,} at the end",
            ),
        ]
    return rows


def _table(header: Row, rows: list[Row]) -> list[str]:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(4)]

    def line(row: Row) -> str:
        label, value, unit, detail = row
        return f"{label:<{widths[0]}}  {value:>{widths[1]}}  {unit:<{widths[2]}}  {detail}".rstrip()

    rule = "-" * (sum(widths[:3]) + 6 + widths[3])
    return [line(header), rule, *(line(r) for r in rows)]


def render_table(results: Results) -> str:
    """The figures of ``results`` as a plain-text table, then the goals, met or not."""
    meta, config = results.meta, results.config
    out = [
        f"taverna_rules {meta['taverna_rules']} benchmarks, build: {meta['build']}",
        "rules: " + ", ".join(f"{g.game} {g.fingerprint}" for g in results.games),
        f"{meta['python']} on {meta['platform']} ({meta['machine']}, {meta['cpus']} CPUs), {meta['when']}",
        f"budget {config.seconds:g} s per measurement, rates are the median of {config.repeats} "
        f"repeats taken in turns (the fixtures frozen out of the garbage collector); "
        f"seeds from {config.seed}",
        "",
        *_table(("Figure", "Value", "Unit", "Detail"), _rows(results)),
        *(f"note: {text}" for text in results.notes),
        "",
    ]
    goal_rows: list[Row] = [
        (
            f"Goal: {goal.name}",
            f"{goal.ratio:.2f}" if math.isfinite(goal.ratio) else "-",
            "met" if goal.met else "not met",
            f"{_goal_value(goal.value, goal.unit)} {goal.unit}, target {'<=' if goal.at_most else '>='} "
            f"{_goal_value(goal.target, goal.unit)}: {goal.detail}",
        )
        for goal in results.goals
    ]
    out += _table(("Goal", "Ratio", "Status", "Detail"), goal_rows)
    out.append(
        "(ratio: measured over target, or target over measured for a ceiling; met at 1 or more; "
        "'-' for a ceiling measured at 0 or below)"
    )
    return "\n".join(out)


def to_json(results: Results) -> dict[str, Any]:
    """The figures of ``results`` as plain JSON data."""
    data = dataclasses.asdict(results)
    data["goals"] = [dict(goal, status="met" if goal["met"] else "not met") for goal in data["goals"]]
    return data


def write_json(results: Results, path: str | Path) -> None:
    """Write the figures of ``results`` to ``path`` as indented JSON."""
    Path(path).write_text(json.dumps(to_json(results), indent=2) + "\n", encoding="utf-8")
