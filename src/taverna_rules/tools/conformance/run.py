"""A run of the kit: ``games`` random games for each player count of a rule set, each
checked (:func:`run_checks`), their coverage tallied by the game's hooks."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from taverna_rules.core.chance import ChanceMode
from taverna_rules.core.coverage import Coverage, CoverageTable, OpTally, Options, Tally, counted
from taverna_rules.core.game_modules import game_module
from taverna_rules.core.records import Event
from taverna_rules.tools.conformance.driver import check_game
from taverna_rules.tools.conformance.report import ConformanceReport, Failure, GameCheck

__all__ = ["game_seed", "run_checks"]


def game_seed(seed: int, players: int, index: int) -> int:
    """The seed of game ``index`` (from 0) of ``players`` players in a run seeded ``seed``.

    It is ``seed + index`` for every player count, so game 0 of a run seeded with a
    failure's seed is the failing game (a player count gives another game from one seed).
    """
    return seed + index


class _NoTally:
    """The coverage of a game that counts none: no tables."""

    def add(self, events: Sequence[Event], trace: Sequence[tuple[str, tuple[int, ...]]]) -> None:
        """Nothing to count."""

    def coverage(self, player_counts: Sequence[int], options: Options = ()) -> Coverage:
        """No tables."""
        return Coverage((), CoverageTable("ops", "effect ops resolved", ()))


class _OpsOnly:
    """The coverage of a game with effect ops and no tally of its own: each primitive op of
    its vocabulary and how many effect nodes of it the players' actions resolved."""

    def __init__(self, rules: Any, ops: Sequence[str]) -> None:
        self.tally = OpTally(rules)
        self.ops = ops

    def add(self, events: Sequence[Event], trace: Sequence[tuple[str, tuple[int, ...]]]) -> None:
        """Count the ops of one game's trace."""
        self.tally.add(trace)

    def coverage(self, player_counts: Sequence[int], options: Options = ()) -> Coverage:
        """The op table."""
        return Coverage((), CoverageTable("ops", "effect ops resolved", counted(self.ops, self.tally.counts)))


def _default_tally(rules: Any) -> Tally:
    vocabulary = game_module(rules.game).vocabulary
    if vocabulary is None:
        return _NoTally()
    return _OpsOnly(rules, [name for name, spec in vocabulary.ops.items() if spec.kind == "primitive"])


def run_checks(
    rules: Any,
    *,
    games: int = 20,
    seed: int = 0,
    player_counts: Sequence[int] | None = None,
    options: Mapping[str, object] | None = None,
    progress: Callable[[str], object] | None = None,
) -> ConformanceReport:
    """Play ``games`` random legal games for each player count and check every one.

    ``player_counts`` defaults to every count the rules support (a count they do not
    support raises :class:`ValueError`); ``options`` are the rule options of every game
    (unknown ones raise :class:`~taverna_rules.errors.OptionError`). Game ``i`` of ``n``
    players has the seed ``game_seed(seed, n, i)``. ``progress``, if given, receives a
    line after each game. See :mod:`taverna_rules.tools.conformance` for the checks.
    """
    module = game_module(rules.game)
    counts = _player_counts(module.player_counts(rules), player_counts)
    if games < 0:
        raise ValueError(f"games must be 0 or more, not {games!r}")
    chosen = tuple(sorted((options or {}).items()))
    kit = module.conformance() if module.conformance else None
    tally: Tally = kit.tally(rules) if kit is not None else _default_tally(rules)
    # One game in four more in the explicit chance mode, where the game has one.
    explicit = games // 4 if module.max_chance_outcomes is not None else 0
    failures: list[Failure] = []
    for count in counts:
        for index in range(games + explicit):
            mode: ChanceMode = "sampled" if index < games else "explicit"
            checked = check_game(rules, count, game_seed(seed, count, index), dict(chosen), chance=mode)
            tally.add(checked.events, checked.trace)
            if checked.failure is not None:
                failures.append(checked.failure)
            if progress is not None:
                progress(_progress_line(checked, index, games, explicit))
    return ConformanceReport(
        rules.fingerprint,
        seed,
        games,
        chosen,
        tuple((count, games + explicit) for count in counts),
        tuple(failures),
        tally.coverage(counts, chosen),
        # A game's rule set may say where its items were declared (both bundled games do).
        getattr(rules, "declared", {}),
    )


def _player_counts(supported: Sequence[int], asked: Sequence[int] | None) -> tuple[int, ...]:
    """The player counts asked for (all supported ones by default), each checked."""
    counts = tuple(supported if asked is None else asked)
    for count in counts:
        if count not in supported:
            raise ValueError(f"the rules are for {list(supported)} players, not {count!r}")
    return counts


def _progress_line(checked: GameCheck, index: int, games: int, explicit: int) -> str:
    outcome = "ok" if checked.failure is None else f"FAILED ({checked.failure.check})"
    what = f"game {index + 1} of {games + explicit}" + (", explicit chance" if index >= games else "")
    return f"{checked.player_count} players: {what} (seed {checked.seed}): {outcome}"
