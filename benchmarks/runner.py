"""Run every measurement in one process and collect the figures; the command line."""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import gc
import os
import platform
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import taverna_rules as tr
from taverna_rules.games import taverna

from ._timing import Measurement, run_interleaved
from .chess_bench import ChessFigures, chess_figures, chess_step
from .openspiel_bench import (
    OPENSPIEL_GAMES,
    OpenSpielFigures,
    load_pyspiel,
    openspiel_figures,
    openspiel_step,
    openspiel_version,
)
from .search_bench import (
    MemoryFigures,
    PlayoutFigures,
    memory_figures,
    mid_games,
    playout_figures,
    playouts_step,
)
from .taverna_bench import (
    GameFigures,
    LoadFigures,
    ReplayFigures,
    bench_load,
    game_figures,
    games_step,
    replay_corpus,
    replay_figures,
    replay_step,
)
from .toy_bench import dice_race_starts

__all__ = [
    "PLAYER_COUNTS",
    "Config",
    "GameSetFigures",
    "Goal",
    "Results",
    "build_label",
    "config_from",
    "parse_args",
    "run_all",
]

PLAYER_COUNTS = (2, 3, 4, 5)
#: The player count of the per-player-count goals and of the playouts.
GOAL_PLAYERS = 4
#: Issue #28's goals, decisions a second over python-chess's random plies a second in the
#: same run, as (pure Python target, compiled target): the build that runs picks one.
GOAL_GAME = (1.5, 3.0)
GOAL_PLAYOUT = (2.0, 4.0)
GOAL_CAVERN_PLAYOUT = (1.5, 3.0)
#: The goals kept from issue #11: verified replay at 50,000 events a second, a cold rules
#: load within 200 ms and a warm one served by the cache.
GOAL_REPLAY = 50_000.0
GOAL_COLD_LOAD_MS = 200.0
GOAL_WARM_LOAD_US = 10.0
#: A long simulation "does not grow": its allocated blocks grow by less than this share
#: over its second half, which plays the first half's seeds again (a game that kept even
#: a few blocks would show: 500 games x 5 blocks is 0.1 % of a quarter of a million).
GOAL_GROWTH = 0.001
#: Mid-game states the playouts start from, in turns (and new dice races for the toy's).
PLAYOUT_STARTS = 8
#: What the table says when a yardstick cannot run here.
NO_TOY = "toy dice race skipped: tests/toy_games does not import (a source checkout with pytest has it)"
NO_OPENSPIEL = "openspiel rows skipped: pyspiel does not import (the openspiel extra)"


def build_label(compiled: bool) -> str:
    """The build that runs, in words: ``taverna_rules.COMPILED`` tells."""
    return "compiled (mypyc)" if compiled else "pure Python"


@dataclass(frozen=True)
class Config:
    """How long to measure: ``seconds`` per measurement, split into ``repeats`` repeats."""

    seconds: float = 2.0
    repeats: int = 5
    cold_runs: int = 3
    #: Finished games per player count whose logs the replay measurements fold.
    replay_logs: int = 4
    seed: int = 0
    #: Random games played one after the other for the memory growth figure.
    simulate: int = 1000


@dataclass(frozen=True)
class Goal:
    """A goal: a measured ``value`` against its ``target`` (at least, or ``at_most``)."""

    name: str
    value: float
    target: float
    unit: str
    met: bool
    detail: str
    at_most: bool = False

    @property
    def ratio(self) -> float:
        """How far the goal is met: above 1 when it is, whichever way it points."""
        if self.at_most:
            return self.target / self.value if self.value > 0 else float("inf")
        return self.value / self.target if self.target > 0 else 0.0


@dataclass(frozen=True)
class Results:
    """Every figure of one run, and what it ran on."""

    config: Config
    meta: dict[str, str]
    games: tuple[GameFigures, ...]
    decisions: int
    decisions_per_second: float
    fold: ReplayFigures
    replay: ReplayFigures
    load: LoadFigures
    chess: ChessFigures
    goals: tuple[Goal, ...] = field(default=())
    #: Cavern Tavern's random games, decisions and replays (figures without a goal yet).
    cavern: GameSetFigures | None = None
    #: Random playouts from mid-game, and memory, for each game.
    playouts: tuple[PlayoutFigures, ...] = ()
    memory: tuple[MemoryFigures, ...] = ()
    #: ``taverna_rules.COMPILED``: the build measured, which picks issue #28's targets.
    compiled: bool = False
    #: Random playouts of the tests' toy dice race (None when the tests are absent).
    toy: PlayoutFigures | None = None
    #: Random OpenSpiel playouts (empty when OpenSpiel is not installed).
    openspiel: tuple[OpenSpielFigures, ...] = ()
    #: One line for each yardstick skipped, and why.
    notes: tuple[str, ...] = ()

    def games_at(self, players: int) -> GameFigures:
        """The random-game figures at ``players`` players."""
        for figures in self.games:
            if figures.players == players:
                return figures
        raise KeyError(f"no figures for {players!r} players")


@dataclass(frozen=True)
class GameSetFigures:
    """The random games, decisions and replays of one more game (Cavern Tavern)."""

    game: str
    games: tuple[GameFigures, ...]
    decisions: int
    decisions_per_second: float
    fold: ReplayFigures
    replay: ReplayFigures


def _decision_rate(games: Sequence[GameFigures]) -> tuple[int, float]:
    decisions = sum(g.decisions for g in games)
    seconds = sum(g.play_seconds for g in games)
    return decisions, decisions / seconds if seconds > 0 else 0.0


def _at_least(name: str, value: float, target: float, unit: str, detail: str) -> Goal:
    return Goal(name, value, target, unit, value >= target, detail)


def _at_most(name: str, value: float, target: float, unit: str, detail: str) -> Goal:
    return Goal(name, value, target, unit, value <= target, detail, at_most=True)


def _against_chess(
    name: str, ours: float, chess: float, targets: tuple[float, float], compiled: bool
) -> Goal:
    """A goal of decisions/s over chess plies/s, its target the one of the build that runs."""
    ratio = ours / chess if chess > 0 else 0.0
    target, other = (targets[1], targets[0]) if compiled else targets
    detail = (
        f"{ours:,.0f} decisions/s vs {chess:,.0f} plies/s; the target of the {build_label(compiled)} "
        f"build, {other:g}x for the {build_label(not compiled)} one"
    )
    return _at_least(name, ratio, target, "x python-chess", detail)


def _playouts_of(results: Results, game: str) -> PlayoutFigures:
    return next(p for p in results.playouts if p.game == game)


def _goals(results: Results) -> tuple[Goal, ...]:
    """Issue #28's goals against python-chess, and the replay, load and memory goals."""
    chess = results.chess.plies_per_second
    compiled = results.compiled
    load = results.load
    growth = [f"{m.game} {m.growth:+.3%}" for m in results.memory]
    simulated = results.memory[0].simulated if results.memory else 0
    return (
        _against_chess(
            f"{GOAL_PLAYERS}-player Taverna through Game (log, views, checks)",
            results.games_at(GOAL_PLAYERS).decisions_per_second,
            chess,
            GOAL_GAME,
            compiled,
        ),
        _against_chess(
            f"mid-game {GOAL_PLAYERS}-player Taverna Playout",
            _playouts_of(results, "taverna").decisions_per_second,
            chess,
            GOAL_PLAYOUT,
            compiled,
        ),
        _against_chess(
            "Cavern Tavern Playout",
            _playouts_of(results, "cavern_tavern").decisions_per_second,
            chess,
            GOAL_CAVERN_PLAYOUT,
            compiled,
        ),
        _at_least(
            "Taverna verified replay events/s",
            results.replay.events_per_second,
            GOAL_REPLAY,
            "events/s",
            "tr.replay(rules, events)",
        ),
        _at_most(
            "Rules load, cold",
            load.cold_load * 1000,
            GOAL_COLD_LOAD_MS,
            "ms",
            "load_rules() in a fresh process",
        ),
        _at_most(
            "Rules load, warm",
            load.warm_cached * 1e6,
            GOAL_WARM_LOAD_US,
            "us",
            "load_rules() again: the cache",
        ),
        _at_most(
            "Memory growth of a long simulation",
            max((m.growth for m in results.memory), default=0.0),
            GOAL_GROWTH,
            "share",
            f"allocated blocks, {simulated} games: {', '.join(growth)}",
        ),
    )


def _meta(rules: taverna.RuleSet, chess_version: str, openspiel: str | None) -> dict[str, str]:
    return {
        "build": build_label(tr.COMPILED),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(terse=True),
        "machine": platform.machine(),
        "cpus": str(os.cpu_count() or 0),
        "taverna_rules": tr.__version__,
        "rules_fingerprint": rules.fingerprint[:12],
        "chess": chess_version,
        "openspiel": openspiel or "not installed",
        "when": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
    }


def run_all(config: Config, progress: Callable[[str], None] | None = None) -> Results:
    """Run every measurement with ``config``'s budgets and return the figures.

    The rules load is timed first; then the random games, the chess playouts, the replays,
    the playouts (Taverna's, Cavern Tavern's, the toy dice race's) and OpenSpiel's random
    games, when it is installed, take their repeats in turns (see :func:`run_interleaved`),
    so that the ratios to chess compare figures of the same moments; the fixtures they
    start from are frozen out of the garbage collector first. ``progress`` is
    called with a short note before each step of the run.
    """

    def note(text: str) -> None:
        if progress is not None:
            progress(text)

    budget, repeats = config.seconds, config.repeats
    note("timing the rules load (cold, warm, uncached)")
    load = bench_load(budget, repeats, config.cold_runs)
    rules = tr.load_rules()
    note("playing the logs to replay")
    logs = replay_corpus(rules, PLAYER_COUNTS, max(1, config.replay_logs), seed=config.seed)

    cavern_rules = tr.load_rules("cavern_tavern")
    cavern_logs = replay_corpus(cavern_rules, PLAYER_COUNTS, max(1, config.replay_logs), seed=config.seed)

    games = {
        players: Measurement(f"{players}p games", games_step(rules, players, config.seed))
        for players in PLAYER_COUNTS
    }
    cavern_games = {
        players: Measurement(
            f"Cavern Tavern {players}p games", games_step(cavern_rules, players, config.seed)
        )
        for players in PLAYER_COUNTS
    }
    chess = Measurement("chess", chess_step(config.seed))
    note("stopping random games half-way for the playouts")
    starts = {
        game: mid_games(game_rules, GOAL_PLAYERS, PLAYOUT_STARTS, config.seed)
        for game, game_rules in (("taverna", rules), ("cavern_tavern", cavern_rules))
    }
    playouts = {
        game: Measurement(f"{game} {GOAL_PLAYERS}p playouts", playouts_step(games, config.seed))
        for game, games in starts.items()
    }
    toy_starts = dice_race_starts(GOAL_PLAYERS, PLAYOUT_STARTS, config.seed)
    toy = (
        None
        if toy_starts is None
        else Measurement(f"dice race {GOAL_PLAYERS}p playouts", playouts_step(toy_starts, config.seed))
    )
    pyspiel = load_pyspiel()
    openspiel = {
        name: Measurement(f"openspiel {name}", openspiel_step(pyspiel, name, config.seed))
        for name, _ in (OPENSPIEL_GAMES if pyspiel is not None else ())
    }
    replays = {method: Measurement(method, replay_step(method, logs, rules)) for method in ("fold", "replay")}
    cavern_replays = {
        method: Measurement(f"Cavern Tavern {method}", replay_step(method, cavern_logs, cavern_rules))
        for method in ("fold", "replay")
    }
    # The fixtures (the logs to replay, the mid-game starts, the loaded rules and modules)
    # are the harness's, not the measured work's: frozen out of the collector, a full
    # collection during a measurement walks only what the measured games made.
    gc.collect()
    gc.freeze()
    run_interleaved(
        [
            *games.values(),
            chess,
            *replays.values(),
            *playouts.values(),
            *cavern_games.values(),
            *cavern_replays.values(),
            *([] if toy is None else [toy]),
            *openspiel.values(),
        ],
        budget,
        repeats,
        note,
    )
    gc.unfreeze()

    game_results = tuple(game_figures(players, m.chunks) for players, m in games.items())
    chess_results = chess_figures(chess.chunks)
    decisions, decisions_per_second = _decision_rate(game_results)
    cavern_results = tuple(game_figures(players, m.chunks) for players, m in cavern_games.items())
    cavern_decisions, cavern_rate = _decision_rate(cavern_results)
    cavern = GameSetFigures(
        "cavern_tavern",
        cavern_results,
        cavern_decisions,
        cavern_rate,
        replay_figures("fold", cavern_logs, cavern_replays["fold"].chunks),
        replay_figures("replay", cavern_logs, cavern_replays["replay"].chunks),
    )
    note(f"memory: one state, one event, {config.simulate} games one after the other")
    memory = tuple(
        memory_figures(game_rules, GOAL_PLAYERS, config.simulate, config.seed)
        for game_rules in (rules, cavern_rules)
    )
    results = Results(
        config=config,
        meta=_meta(rules, chess_results.version, openspiel_version() if pyspiel is not None else None),
        games=game_results,
        decisions=decisions,
        decisions_per_second=decisions_per_second,
        fold=replay_figures("fold", logs, replays["fold"].chunks),
        replay=replay_figures("replay", logs, replays["replay"].chunks),
        load=load,
        chess=chess_results,
        cavern=cavern,
        playouts=tuple(
            playout_figures(game, GOAL_PLAYERS, len(starts[game]), m.chunks) for game, m in playouts.items()
        ),
        memory=memory,
        compiled=tr.COMPILED,
        toy=None if toy is None else playout_figures("dice_race", GOAL_PLAYERS, PLAYOUT_STARTS, toy.chunks),
        openspiel=tuple(
            openspiel_figures(name, kind, openspiel[name].chunks)
            for name, kind in OPENSPIEL_GAMES
            if name in openspiel
        ),
        notes=tuple(
            text for text, skipped in ((NO_TOY, toy is None), (NO_OPENSPIEL, pyspiel is None)) if skipped
        ),
    )
    return dataclasses.replace(results, goals=_goals(results))


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line of ``python -m benchmarks``."""
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks",
        description="Benchmark taverna_rules against python-chess random playouts on this machine.",
    )
    parser.add_argument(
        "--seconds", type=float, default=None, help="time budget per measurement (default 2, --quick 1)"
    )
    parser.add_argument(
        "--repeats", type=int, default=5, help="repeats per measurement; rates are their median (default 5)"
    )
    parser.add_argument(
        "--cold-runs", type=int, default=None, help="fresh processes for the cold load (default 3, --quick 1)"
    )
    parser.add_argument("--quick", action="store_true", help="a short smoke run (about 30 s)")
    parser.add_argument(
        "--simulate",
        type=int,
        default=None,
        help="games played one after the other for the memory growth (default 1000, --quick 200)",
    )
    parser.add_argument("--seed", type=int, default=0, help="first seed of the random games (default 0)")
    parser.add_argument(
        "--strength",
        type=int,
        default=0,
        metavar="GAMES",
        help="also play GAMES 4-player games of each bundled game, ISMCTS against three greedy "
        "bots (about 30 s a game; default 0: skip)",
    )
    parser.add_argument(
        "--strength-seconds", type=float, default=1.0, help="ISMCTS's time a decision (default 1)"
    )
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON to PATH")
    args = parser.parse_args(argv)
    if args.seconds is not None and args.seconds <= 0:
        parser.error(f"--seconds must be positive, not {args.seconds!r}")
    if args.simulate is not None and args.simulate < 10:
        parser.error(f"--simulate must be at least 10, not {args.simulate!r}")
    if args.repeats < 1:
        parser.error(f"--repeats must be at least 1, not {args.repeats!r}")
    if args.strength < 0 or args.strength_seconds <= 0:
        parser.error("--strength must be 0 or more and --strength-seconds positive")
    return args


def config_from(args: argparse.Namespace) -> Config:
    """The :class:`Config` that parsed arguments ask for."""
    seconds = args.seconds if args.seconds is not None else (1.0 if args.quick else 2.0)
    cold_runs = args.cold_runs if args.cold_runs is not None else (1 if args.quick else 3)
    return Config(
        seconds=seconds,
        repeats=args.repeats,
        cold_runs=max(1, cold_runs),
        seed=args.seed,
        simulate=args.simulate if args.simulate is not None else (200 if args.quick else 1000),
    )
