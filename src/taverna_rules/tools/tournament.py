"""Many bot games at once: seats rotate, results are the same on any executor.

:func:`simulate_games` plays ``games`` games of a game between bots named by spec
(``random``, ``greedy``, ``name:key=value,...``) and sums them up in a
:class:`TournamentReport`: wins (a shared first place counts as 1/k of a win) and win
rates with 95% Wilson intervals, by bot and by bot and seat, mean scores by category and
game lengths. Game ``i`` seats ``bots[(seat + i) % len(bots)]`` at each seat, so every
bot plays every seat, and starts from seed ``seed + i``; each bot draws from
:func:`bot_seed` of the game's seed and its seat. The games run in this process, on a
pool of local processes (``workers``) or on a Dask cluster (``scheduler``, with the
``taverna-rules[dask]`` extra): workers receive plain data (the game id, the packs, the
seeds and the specs), load the rules themselves once per process and send back one small
:class:`GameRecord` per game, so the report is identical whichever runs them.

>>> from taverna_rules.tools.tournament import simulate_games
>>> report = simulate_games("cavern_tavern", players=2, games=4, bots=["random", "greedy"])
>>> report.games, sum(bot.wins for bot in report.bots)
(4, 4.0)
"""

from __future__ import annotations

import functools
import math
import sys
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from os import PathLike
from pathlib import Path
from typing import Any, TextIO

import attrs

from taverna_rules.bot_specs import bot_seed, make_bot
from taverna_rules.bots import play_out
from taverna_rules.core.game_modules import game_module
from taverna_rules.errors import OptionError
from taverna_rules.game import new_game
from taverna_rules.rules import load_rules

__all__ = [
    "BotStats",
    "GameRecord",
    "ProgressLine",
    "SeatStats",
    "TournamentReport",
    "seating",
    "simulate_games",
    "wilson_interval",
]

#: The z of a two-sided 95% interval.
Z95 = 1.959963984540054

#: The most games one task of a local process pool plays.
_MOST_PER_TASK = 8

Value = int | float | str
Breakdown = tuple[tuple[str, int], ...]


def seating(bots: int, players: int, index: int) -> tuple[int, ...]:
    """Which of ``bots`` entrants sits at each seat in game ``index``: seat ``s`` gets
    entrant ``(s + index) % bots``, so the seats rotate from game to game."""
    return tuple((seat + index) % bots for seat in range(players))


# -- one game ---------------------------------------------------------------------------


@attrs.frozen
class GameRecord:
    """What one game of a tournament left: small, plain and picklable.

    Every tuple but ``winners`` is by seat. ``entrants`` holds indexes into the
    tournament's list of bots (``bots`` their specs); ``breakdown`` each seat's VP by
    category; ``winners`` the seats ranked first (more than one on a shared first place).
    """

    index: int
    seed: int
    entrants: tuple[int, ...]
    bots: tuple[str, ...]
    ranks: tuple[int, ...]
    scores: tuple[int, ...]
    breakdown: tuple[Breakdown, ...]
    decisions: int
    winners: tuple[int, ...]


@functools.lru_cache(maxsize=8)
def _rules(game: str, packs: tuple[str, ...]) -> Any:
    """The rules, loaded once per process (each worker loads its own)."""
    return load_rules(*packs, game=game)


def _play(
    game: str, packs: tuple[str, ...], players: int, seed: int, bots: tuple[str, ...], index: int
) -> GameRecord:
    rules = _rules(game, packs)
    entrants = seating(len(bots), players, index)
    specs = tuple(bots[e] for e in entrants)
    game_seed = seed + index
    played = new_game(rules, [f"P{seat + 1}" for seat in range(players)], seed=game_seed)
    decisions = play_out(played, [make_bot(spec, bot_seed(game_seed, s)) for s, spec in enumerate(specs)])
    result = played.result
    assert result is not None
    by_seat = sorted(result.standings, key=lambda standing: standing.player)
    return GameRecord(
        index=index,
        seed=game_seed,
        entrants=entrants,
        bots=specs,
        ranks=tuple(s.rank for s in by_seat),
        scores=tuple(s.total for s in by_seat),
        breakdown=tuple(tuple(s.breakdown) for s in by_seat),
        decisions=decisions,
        winners=tuple(s.player for s in by_seat if s.rank == 1),
    )


def _play_games(
    game: str,
    packs: tuple[str, ...],
    players: int,
    seed: int,
    bots: tuple[str, ...],
    indexes: tuple[int, ...],
) -> tuple[GameRecord, ...]:
    """One task: the games ``indexes`` of a tournament (plain data in, records out)."""
    return tuple(_play(game, packs, players, seed, bots, index) for index in indexes)


# -- the report ---------------------------------------------------------------------------


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate of ``successes`` in ``trials`` (95% with the
    default ``z``); ``successes`` may be fractional (shared wins). ``(0.0, 1.0)`` for no
    trials: 60 wins in 100 give about ``(0.502, 0.691)``."""
    if trials <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must lie between 0 and {trials}, not {successes!r}")
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    # At a rate of 0 or 1 the bound is exactly 0 or 1; rounding would stop just short.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


@attrs.frozen
class SeatStats:
    """How a bot did from one seat: games, wins (1/k for a first place shared by k) and
    the win rate with its 95% Wilson interval."""

    seat: int
    games: int
    wins: float
    win_rate: float
    low: float
    high: float

    def as_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict."""
        return {
            "seat": self.seat,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "ci95": [self.low, self.high],
        }


@attrs.frozen
class BotStats:
    """How one entrant of a tournament did.

    ``label`` is its spec, numbered (``random #2``) when the same spec enters more than
    once. ``games`` counts the seats it held (the games it played when each bot takes one
    seat a game); ``wins`` counts 1/k for a first place shared by k; ``low`` and ``high``
    bound the win rate's 95% Wilson interval. ``mean_score`` and ``breakdown`` (VP by
    category, a category it never scored counting 0) are per game; ``seats`` by seat.
    """

    label: str
    spec: str
    games: int
    wins: float
    win_rate: float
    low: float
    high: float
    mean_score: float
    breakdown: tuple[tuple[str, float], ...]
    seats: tuple[SeatStats, ...]

    def as_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict."""
        return {
            "bot": self.label,
            "spec": self.spec,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "ci95": [self.low, self.high],
            "mean_score": self.mean_score,
            "breakdown": dict(self.breakdown),
            "seats": [seat.as_dict() for seat in self.seats],
        }


def _percent(rate: float) -> str:
    return f"{100 * rate:.1f}%"


def _table(rows: Sequence[Sequence[str]], left: int = 1) -> list[str]:
    """Rows of cells in columns; the first ``left`` columns aligned left, the rest right."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(
            cell.ljust(width) if i < left else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ]


@attrs.frozen
class TournamentReport:
    """The sum of a tournament: its settings, one :class:`BotStats` per entrant (in the
    order of ``specs``), game lengths in decisions, and every :class:`GameRecord` (by
    game index). The same settings give an equal report, whatever ran the games."""

    game: str
    players: int
    games: int
    seed: int
    specs: tuple[str, ...]
    bots: tuple[BotStats, ...]
    mean_decisions: float
    min_decisions: int
    max_decisions: int
    shared_wins: int
    records: tuple[GameRecord, ...] = attrs.field(repr=False)

    @classmethod
    def from_records(
        cls, game: str, players: int, seed: int, specs: Sequence[str], records: Iterable[GameRecord]
    ) -> TournamentReport:
        """The report of ``records`` (in any order) of a tournament between ``specs``."""
        ordered = tuple(sorted(records, key=lambda record: record.index))
        if not ordered:
            raise OptionError("a tournament needs at least one game")
        labels = _labels(specs)
        categories = sorted({c for r in ordered for seat in r.breakdown for c, _ in seat})
        stats = []
        for entrant, spec in enumerate(specs):
            games = 0
            wins = Fraction(0)
            score = 0
            vp = dict.fromkeys(categories, 0)
            seat_games = [0] * players
            seat_wins = [Fraction(0)] * players
            for record in ordered:
                for seat, who in enumerate(record.entrants):
                    if who != entrant:
                        continue
                    won = Fraction(1, len(record.winners)) if seat in record.winners else Fraction(0)
                    games += 1
                    wins += won
                    seat_games[seat] += 1
                    seat_wins[seat] += won
                    score += record.scores[seat]
                    for category, amount in record.breakdown[seat]:
                        vp[category] += amount
            seats = tuple(
                SeatStats(
                    seat,
                    seat_games[seat],
                    float(seat_wins[seat]),
                    float(seat_wins[seat] / seat_games[seat]) if seat_games[seat] else 0.0,
                    *wilson_interval(float(seat_wins[seat]), seat_games[seat]),
                )
                for seat in range(players)
            )
            interval = wilson_interval(float(wins), games)
            stats.append(
                BotStats(
                    label=labels[entrant],
                    spec=spec,
                    games=games,
                    wins=float(wins),
                    win_rate=float(wins / games) if games else 0.0,
                    low=interval[0],
                    high=interval[1],
                    mean_score=score / games if games else 0.0,
                    breakdown=tuple((c, vp[c] / games if games else 0.0) for c in categories),
                    seats=seats,
                )
            )
        lengths = [record.decisions for record in ordered]
        return cls(
            game=game,
            players=players,
            games=len(ordered),
            seed=seed,
            specs=tuple(specs),
            bots=tuple(stats),
            mean_decisions=sum(lengths) / len(lengths),
            min_decisions=min(lengths),
            max_decisions=max(lengths),
            shared_wins=sum(1 for record in ordered if len(record.winners) > 1),
            records=ordered,
        )

    def bot(self, label: str) -> BotStats:
        """The stats of the entrant labelled ``label`` (its spec, unless entered twice)."""
        for stats in self.bots:
            if stats.label == label:
                return stats
        raise KeyError(f"no bot {label!r} in this report; its bots are {[b.label for b in self.bots]}")

    def as_dict(self, *, records: bool = False) -> dict[str, Any]:
        """A JSON-friendly dict of the report (with every game's record if ``records``)."""
        data: dict[str, Any] = {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "specs": list(self.specs),
            "bots": [stats.as_dict() for stats in self.bots],
            "length": {"mean": self.mean_decisions, "min": self.min_decisions, "max": self.max_decisions},
            "shared_wins": self.shared_wins,
        }
        if records:
            data["records"] = [
                {
                    **attrs.asdict(record, recurse=False),
                    "breakdown": [dict(seat) for seat in record.breakdown],
                }
                for record in self.records
            ]
        return data

    def format(self) -> str:
        """A readable plain-text report: wins and win rates (with 95% intervals), win
        rates by seat, mean VP by category and game lengths."""
        last = self.seed + self.games - 1
        lines = [
            f"{self.game}: {self.games} game(s) of {self.players} players, seeds {self.seed} to {last}, "
            "seats rotating",
            "",
        ]
        score = game_module(self.game).score.en
        rows = [["bot", "games", "wins", "win rate", "95% CI", f"mean {score}"]]
        rows += [
            [
                b.label,
                str(b.games),
                f"{b.wins:g}",
                _percent(b.win_rate),
                f"[{_percent(b.low)}, {_percent(b.high)}]",
                f"{b.mean_score:.1f}",
            ]
            for b in self.bots
        ]
        lines += _table(rows)
        lines += ["", "win rate by seat (games):"]
        rows = [["bot", *(f"seat {seat}" for seat in range(self.players))]]
        rows += [
            [
                b.label,
                *(
                    f"{_percent(s.win_rate)} [{_percent(s.low)}, {_percent(s.high)}] ({s.games})"
                    if s.games
                    else "-"
                    for s in b.seats
                ),
            ]
            for b in self.bots
        ]
        lines += _table(rows)
        categories = [category for category, _ in self.bots[0].breakdown] if self.bots else []
        if categories:
            lines += ["", f"mean {score} by category:"]
            rows = [["category", *(b.label for b in self.bots)]]
            rows += [[c, *(f"{dict(b.breakdown)[c]:.2f}" for b in self.bots)] for c in categories]
            lines += _table(rows)
        lines += [
            "",
            f"game length: {self.mean_decisions:.1f} decisions on average "
            f"(min {self.min_decisions}, max {self.max_decisions}); "
            f"{self.shared_wins} game(s) with a shared first place",
        ]
        return "\n".join(lines)


def _labels(specs: Sequence[str]) -> list[str]:
    seen: dict[str, int] = {}
    labels = []
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        labels.append(spec if specs.count(spec) == 1 else f"{spec} #{seen[spec]}")
    return labels


# -- progress ---------------------------------------------------------------------------


class ProgressLine:
    """A progress callback that rewrites one line, ``\\r  37/100 games``, on ``stream``
    (standard error unless given), and ends it when the last game is in."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream
        self.open = False

    def __call__(self, done: int, total: int) -> None:
        """Show that ``done`` of ``total`` games are played."""
        stream = self.stream if self.stream is not None else sys.stderr
        stream.write(f"\r  {done:>{len(str(total))}}/{total} games")
        self.open = done < total
        if not self.open:
            stream.write("\n")
        stream.flush()

    def close(self) -> None:
        """End the line if it was left open (the run stopped before the last game)."""
        if self.open:
            stream = self.stream if self.stream is not None else sys.stderr
            stream.write("\n")
            stream.flush()
            self.open = False


# -- the tournament ----------------------------------------------------------------------

Progress = Callable[[int, int], None]
Chunks = list[tuple[int, ...]]
Task = Callable[[tuple[int, ...]], tuple[GameRecord, ...]]


def _chunks(games: int, size: int) -> Chunks:
    return [tuple(range(start, min(start + size, games))) for start in range(0, games, size)]


def simulate_games(
    game: str,
    players: int | None,
    games: int,
    bots: Sequence[str],
    seed: int = 0,
    workers: int = 1,
    scheduler: str | Any | None = None,
    progress: Progress | None = None,
    packs: Sequence[str | PathLike[str]] = (),
) -> TournamentReport:
    """Play ``games`` games of ``game`` (a game id) between ``bots`` (specs, see
    :func:`make_bot`) at ``players`` seats (``None``: the fewest the game seats), and sum
    them up.

    Game ``i`` starts from seed ``seed + i`` and seats ``bots[(seat + i) % len(bots)]``
    at each seat; the bot at a seat is seeded with :func:`bot_seed` of ``seed + i`` and
    the seat. The games run in this process (``workers=1``), on ``workers`` local
    processes, or on the Dask cluster of ``scheduler`` (an address such as
    ``tcp://host:8786``, a ``distributed.Client`` or a cluster object; the workers need
    taverna_rules and the ``packs``, given as paths they can read); the report is the
    same whichever. ``progress(done, total)`` is called as games come in (see
    :class:`ProgressLine`). Bad settings or bot specs raise
    :class:`~taverna_rules.errors.OptionError`, as does a scheduler without the
    ``taverna-rules[dask]`` extra installed.
    """
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise OptionError(f"games must be a positive number, not {games!r}")
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise OptionError(f"workers must be a positive number, not {workers!r}")
    if players is not None and (not isinstance(players, int) or isinstance(players, bool)):
        raise OptionError(f"players must be a number, not {players!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise OptionError(f"the seed must be an integer, not {seed!r}")
    if isinstance(bots, str) or not bots:
        raise OptionError(f"bots must be a list of one or more bot specs, not {bots!r}")
    specs = tuple(bots)
    for spec in dict.fromkeys(specs):
        make_bot(spec, 0)  # check every spec here, before any worker sees it
    shared = tuple(str(Path(pack).resolve()) for pack in packs)
    supported = game_module(game).player_counts(_rules(game, shared))
    if players is None:
        players = min(supported)
    if players not in supported:
        raise OptionError(f"{game} plays with {', '.join(map(str, supported))} players, not {players!r}")
    task = functools.partial(_play_games, game, shared, players, seed, specs)
    if scheduler is not None:
        records = _on_dask(scheduler, task, _chunks(games, 1), games, progress)
    elif workers > 1:
        size = max(1, min(_MOST_PER_TASK, games // (workers * 4)))
        records = _on_processes(workers, task, _chunks(games, size), games, progress)
    else:
        records = []
        for index in range(games):
            records += task((index,))
            if progress is not None:
                progress(index + 1, games)
    return TournamentReport.from_records(game, players, seed, specs, records)


def _on_processes(
    workers: int, task: Task, chunks: Chunks, games: int, progress: Progress | None
) -> list[GameRecord]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    # Spawned workers: the same on every platform, and safe in a threaded parent (a
    # Dask client, a web server); each loads the rules once.
    context = multiprocessing.get_context("spawn")
    records: list[GameRecord] = []
    with ProcessPoolExecutor(max_workers=min(workers, len(chunks)), mp_context=context) as pool:
        futures = [pool.submit(task, chunk) for chunk in chunks]
        try:
            for future in as_completed(futures):
                records += future.result()
                if progress is not None:
                    progress(len(records), games)
        except BaseException:
            for future in futures:
                future.cancel()
            raise
    return records


def _on_dask(
    scheduler: Any, task: Task, chunks: Chunks, games: int, progress: Progress | None
) -> list[GameRecord]:
    try:
        import distributed as _distributed
    except ImportError as exc:
        raise OptionError(
            "running games on a Dask scheduler needs Dask: pip install 'taverna-rules[dask]'"
        ) from exc
    distributed: Any = _distributed  # partly typed: used through Any
    if isinstance(scheduler, distributed.Client):
        client, own = scheduler, False
    elif isinstance(scheduler, str) or hasattr(scheduler, "scheduler_address"):
        try:
            client, own = distributed.Client(scheduler, set_as_default=False), True
        except (OSError, ValueError, TimeoutError) as exc:
            raise OptionError(f"cannot reach the Dask scheduler {scheduler!r}: {exc}") from exc
    else:
        raise OptionError(
            f"scheduler is an address like 'tcp://host:8786', a distributed.Client or a cluster, "
            f"not {scheduler!r}"
        )
    records: list[GameRecord] = []
    futures = [client.submit(task, chunk, pure=False) for chunk in chunks]
    try:
        for future in distributed.as_completed(futures, loop=client.loop):
            records += future.result()
            if progress is not None:
                progress(len(records), games)
    except BaseException:
        client.cancel(futures)
        raise
    finally:
        if own:
            client.close()
    return records
