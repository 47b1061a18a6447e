"""Each bundled game's measurements: random games, decisions, replay; and Taverna's rules
loading."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from time import perf_counter
from typing import Any

import taverna_rules as tr
from taverna_rules.content.loader import _load
from taverna_rules.core.replay import fold as fold_events
from taverna_rules.games import taverna
from taverna_rules.games.taverna.content import CONTENT

from ._timing import Chunk, Step, median, run_chunks

__all__ = [
    "BUNDLED_GAMES",
    "GameFigures",
    "LoadFigures",
    "Log",
    "PlayedGame",
    "ReplayFigures",
    "bench_games",
    "bench_load",
    "bench_replay",
    "game_figures",
    "games_step",
    "play_random_game",
    "replay_corpus",
    "replay_figures",
    "replay_step",
    "seat_names",
]

#: The games the benchmarks measure: every game the package bundles
#: (``taverna_rules.core.game_modules.bundled_games()``, a test checks), Taverna first: the
#: default game, whose figures most goals name.
BUNDLED_GAMES = ("taverna", "cavern_tavern", "taverne", "taverns_and_dragons")
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")
#: A random game longer than this is a bug in the engine, not a long game.
MAX_DECISIONS = 20_000

Log = tuple[tr.Event, ...]


def seat_names(players: int) -> list[str]:
    """``players`` different names to seat: :data:`NAMES`, then numbered ones. A slice of
    too few names would quietly set up a smaller game than the figures say."""
    return [*NAMES[:players], *(f"Player {seat}" for seat in range(len(NAMES) + 1, players + 1))]


@dataclass(frozen=True)
class PlayedGame:
    """One finished random game: its size, its log and where its time went."""

    players: int
    seed: int
    decisions: int
    events: Log
    setup_seconds: float
    play_seconds: float


def play_random_game(rules: Any, players: int, seed: int) -> PlayedGame:
    """Set up a game with ``seed`` and play a random legal action at every decision.

    The choices come from ``random.Random(seed)``, so a game is reproducible from its seed.
    """
    rng = random.Random(seed)
    start = perf_counter()
    game = tr.new_game(rules, seat_names(players), seed=seed)
    set_up = perf_counter()
    decisions = 0
    while not game.over:
        actions = game.legal_actions()
        if not actions:
            raise RuntimeError(f"{players}-player game, seed {seed}: no legal action and not over")
        game.apply(rng.choice(actions))
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise RuntimeError(f"{players}-player game, seed {seed}: over {MAX_DECISIONS} decisions")
    done = perf_counter()
    return PlayedGame(players, seed, decisions, game.events, set_up - start, done - set_up)


@dataclass(frozen=True)
class GameFigures:
    """Random games at one player count (rates are medians over the repeats)."""

    players: int
    games: int
    decisions: int
    events: int
    seconds: float
    play_seconds: float
    games_per_second: float
    decisions_per_second: float
    decisions_per_game: float
    events_per_game: float


def games_step(rules: Any, players: int, seed: int = 0) -> Step:
    """A step that plays the next random ``players``-player game (seeds ``seed``, ``seed + 1``, ...)."""
    counter = iter(range(seed, sys.maxsize))

    def step() -> dict[str, float]:
        played = play_random_game(rules, players, next(counter))
        return {
            "games": 1,
            "decisions": played.decisions,
            "events": len(played.events),
            "play_seconds": played.play_seconds,
        }

    return step


def game_figures(players: int, chunks: Sequence[Chunk]) -> GameFigures:
    """Sum up the repeats of :func:`games_step`.

    Games per second counts whole games (setup included); decisions per second counts
    only ``legal_actions`` plus ``apply`` of the random choice.
    """
    games = int(sum(c.total("games") for c in chunks))
    decisions = int(sum(c.total("decisions") for c in chunks))
    events = int(sum(c.total("events") for c in chunks))
    return GameFigures(
        players=players,
        games=games,
        decisions=decisions,
        events=events,
        seconds=sum(c.seconds for c in chunks),
        play_seconds=sum(c.total("play_seconds") for c in chunks),
        games_per_second=median(c.rate("games") for c in chunks),
        decisions_per_second=median(c.rate("decisions", per="play_seconds") for c in chunks),
        decisions_per_game=decisions / games if games else 0.0,
        events_per_game=events / games if games else 0.0,
    )


def bench_games(
    rules: taverna.RuleSet, players: int, budget: float, repeats: int, seed: int = 0
) -> GameFigures:
    """Play random ``players``-player games for ``budget`` seconds, in ``repeats`` repeats."""
    return game_figures(players, run_chunks(budget, repeats, games_step(rules, players, seed)))


def replay_corpus(rules: Any, player_counts: Sequence[int], per_count: int, seed: int = 0) -> list[Log]:
    """The logs of ``per_count`` finished random games at each player count (played untimed)."""
    return [
        play_random_game(rules, players, seed + index).events
        for players in player_counts
        for index in range(per_count)
    ]


@dataclass(frozen=True)
class ReplayFigures:
    """Replaying finished logs: events folded per second (median over the repeats)."""

    method: str
    logs: int
    replays: int
    events: int
    seconds: float
    events_per_second: float


def replay_step(method: str, logs: Sequence[Log], rules: Any) -> Step:
    """A step that replays the next log of ``logs`` by ``method``.

    ``"fold"`` folds the events with the game's ``evolve``
    (``taverna_rules.core.replay.fold(module, events)``); ``"replay"`` is
    ``tr.replay(rules, events)``, which also checks the log and builds a :class:`~tr.Game`.
    """
    if method not in ("fold", "replay"):
        raise ValueError(f"method must be 'fold' or 'replay', not {method!r}")
    if not logs:
        raise ValueError("no logs to replay")
    counter = iter(range(sys.maxsize))
    use_fold = method == "fold"
    fold_log = partial(fold_events, tr.game_module(rules.game))

    def step() -> dict[str, float]:
        log = logs[next(counter) % len(logs)]
        if use_fold:
            fold_log(log)
        else:
            tr.replay(rules, log)
        return {"replays": 1, "events": len(log)}

    return step


def replay_figures(method: str, logs: Sequence[Log], chunks: Sequence[Chunk]) -> ReplayFigures:
    """Sum up the repeats of :func:`replay_step`."""
    return ReplayFigures(
        method=method,
        logs=len(logs),
        replays=int(sum(c.total("replays") for c in chunks)),
        events=int(sum(c.total("events") for c in chunks)),
        seconds=sum(c.seconds for c in chunks),
        events_per_second=median(c.rate("events") for c in chunks),
    )


def bench_replay(method: str, logs: Sequence[Log], budget: float, repeats: int, rules: Any) -> ReplayFigures:
    """Replay ``logs`` by ``method`` (``"fold"`` or ``"replay"``) for ``budget`` seconds."""
    chunks = run_chunks(budget, repeats, replay_step(method, logs, rules))
    return replay_figures(method, logs, chunks)


# The cold load, timed inside a fresh interpreter; it prints one JSON line.
_COLD_SCRIPT = """\
import time
t0 = time.perf_counter()
import taverna_rules as tr
t1 = time.perf_counter()
tr.load_rules()
t2 = time.perf_counter()
import json
print(json.dumps({"import": t1 - t0, "load": t2 - t1, "total": t2 - t0}))
"""


@dataclass(frozen=True)
class LoadFigures:
    """Rules load times in seconds (medians)."""

    cold_runs: int
    cold_load: float
    cold_import: float
    cold_import_and_load: float
    cold_process: float
    warm_calls: int
    warm_cached: float
    uncached_runs: int
    uncached: float


def _cold_once() -> tuple[float, float, float, float]:
    start = perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", _COLD_SCRIPT], capture_output=True, text=True, check=True, timeout=120
    )
    process = perf_counter() - start
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    return float(figures["load"]), float(figures["import"]), float(figures["total"]), process


def bench_load(budget: float, repeats: int, cold_runs: int) -> LoadFigures:
    """Time ``load_rules``: cold in ``cold_runs`` fresh processes, warm and uncached in-process.

    Cold is the ``load_rules()`` call timed inside a new interpreter (plus import and
    load together, and the whole process as seen from outside). Warm is the cached
    ``load_rules()`` again; uncached is a full parse and validation (``loader._load``),
    repeated for about ``budget`` seconds and at least ``repeats`` times.
    """
    cold = [_cold_once() for _ in range(max(1, cold_runs))]

    tr.load_rules()  # fill the cache
    warm_times: list[float] = []
    warm_calls = 0
    batch = 200
    deadline = perf_counter() + min(budget, 0.25)
    while True:
        start = perf_counter()
        for _ in range(batch):
            tr.load_rules()
        warm_times.append((perf_counter() - start) / batch)
        warm_calls += batch
        if perf_counter() >= deadline and len(warm_times) >= 3:
            break

    uncached: list[float] = []
    deadline = perf_counter() + budget
    while True:
        start = perf_counter()
        outcome = _load(CONTENT, (), True)
        uncached.append(perf_counter() - start)
        if outcome.rules is None:
            raise RuntimeError(f"the bundled rules do not load: {outcome.problems}")
        if perf_counter() >= deadline and len(uncached) >= max(1, repeats):
            break

    return LoadFigures(
        cold_runs=len(cold),
        cold_load=median(c[0] for c in cold),
        cold_import=median(c[1] for c in cold),
        cold_import_and_load=median(c[2] for c in cold),
        cold_process=median(c[3] for c in cold),
        warm_calls=warm_calls,
        warm_cached=median(warm_times),
        uncached_runs=len(uncached),
        uncached=median(uncached),
    )
