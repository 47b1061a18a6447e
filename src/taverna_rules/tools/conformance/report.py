"""What the conformance kit reports: each failing game (:class:`Failure`, with the line that
reproduces it), each game checked (:class:`GameCheck`) and the whole run
(:class:`ConformanceReport`, as text or JSON)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import attrs

from taverna_rules.content.problems import Problem
from taverna_rules.content.where import Declared
from taverna_rules.core.coverage import Coverage, Options
from taverna_rules.core.records import Event

__all__ = ["CHECKS", "ConformanceReport", "Failure", "GameCheck", "options_text"]

#: The checks made on every game, in the order they run.
CHECKS = ("play", "replay", "round_trip", "views", "integrity", "undo", "refusals", "positions", "chance")


def options_text(options: Options) -> str:
    """``options`` as one line of JSON, sorted by name."""
    return json.dumps(dict(options), sort_keys=True, default=repr)


@attrs.frozen
class Failure:
    """A check that failed on one game, and what reproduces that game.

    ``decision`` is the number of decisions made when the failure showed (``None`` for a
    failure at setup, before any decision).
    """

    #: One of :data:`CHECKS`.
    check: str
    player_count: int
    #: The game's own seed (see :func:`~taverna_rules.tools.conformance.game_seed`).
    seed: int
    message: str
    #: The rule options the game was started with, sorted by name.
    options: Options = ()
    decision: int | None = None
    #: The chance mode the game was played in.
    chance: str = "sampled"

    def reproduction(self) -> str:
        """One line that reproduces the game: ``seed=1234 players=3 options={...}`` (and
        ``chance=explicit`` for a game in that mode)."""
        mode = " chance=explicit" if self.chance == "explicit" else ""
        return f"seed={self.seed} players={self.player_count} options={options_text(self.options)}{mode}"

    def to_json(self) -> dict[str, Any]:
        """The failure as JSON-ready data."""
        return {
            "check": self.check,
            "players": self.player_count,
            "seed": self.seed,
            "options": json.loads(options_text(self.options)),
            "decision": self.decision,
            "chance": self.chance,
            "message": self.message,
            "reproduce": self.reproduction(),
        }


@attrs.frozen
class GameCheck:
    """One checked game: its failure (``None`` when every check passed), the decisions
    made, its log and the effect nodes it resolved (``(ref, path)``, oldest first)."""

    player_count: int
    seed: int
    options: Options
    failure: Failure | None
    decisions: int
    events: tuple[Event, ...]
    trace: tuple[tuple[str, tuple[int, ...]], ...]


@attrs.frozen
class ConformanceReport:
    """The outcome of :func:`~taverna_rules.tools.conformance.run_checks`: failures, games
    played and coverage."""

    #: The fingerprint of the rules checked.
    rules: str
    #: The seed of the run (each game's seed is
    #: :func:`~taverna_rules.tools.conformance.game_seed` of it).
    seed: int
    #: The games asked for per player count.
    games: int
    #: The rule options every game was started with, sorted by name.
    options: Options
    #: ``(player count, games played)`` for each player count checked.
    games_played: tuple[tuple[int, int], ...]
    failures: tuple[Failure, ...]
    coverage: Coverage
    #: Where each item of the rules was declared, to locate the warnings.
    declared: Mapping[tuple[str, str], Declared] = attrs.field(factory=dict, eq=False, repr=False)

    @property
    def ok(self) -> bool:
        """True when no check failed."""
        return not self.failures

    @property
    def warnings(self) -> tuple[Problem, ...]:
        """The items the games met whose purpose never came about, as warnings with their
        code (``never-met``...), the item and the reason."""
        hint = "play more games (--games 200); if it stays, look at the card"
        nowhere = Declared("", 0, 0, "$")
        return tuple(
            self.declared.get((unmet.kind or unmet.table, unmet.item), nowhere).problem(
                unmet.code, unmet.text(), hint, "warning"
            )
            for unmet in self.coverage.unmet
        )

    def failures_for(self, players: int) -> tuple[Failure, ...]:
        """The failures of the games of ``players`` players."""
        return tuple(f for f in self.failures if f.player_count == players)

    def format_text(self) -> str:
        """A readable summary: games and failures per player count, the coverage table with
        the items never exercised, and each failure with the line that reproduces it."""
        return "\n".join([*self._games_lines(), "", *self._coverage_lines(), *self._failure_lines()])

    def _games_lines(self) -> list[str]:
        total = sum(count for _, count in self.games_played)
        status = "OK" if self.ok else f"FAILED ({len(self.failures)} failing games)"
        lines = [
            f"Conformance of rules {self.rules[:12]}: {status}",
            f"  {total} random games, seed {self.seed}, options {options_text(self.options)}",
        ]
        for players, played in self.games_played:
            lines.append(f"  {players} players: {played} games, {len(self.failures_for(players))} failed")
        return lines

    def _coverage_lines(self) -> list[str]:
        lines = ["Coverage (times exercised, across all games):"]
        if not any(table.counts for table in self.coverage.tables):
            return [
                *lines,
                "  nothing to cover: the game declares no effect ops and no coverage of its own "
                "(GameModule.conformance gives its tally)",
                *(f"  {warning}" for warning in self.warnings),
            ]
        for table in self.coverage.tables:
            if not table.counts:
                lines.append(f"  {table.title}: none in this game")
                continue
            lines.append(f"  {table.title} ({len(table.exercised)} of {len(table.counts)}):")
            lines.extend(_wrap([f"{item} {count}" for item, count in table.counts if count], "    "))
            if table.not_exercised:
                lines.extend(_wrap(list(table.not_exercised), "    not exercised: "))
        warnings = self.coverage.not_exercised
        lines.append(
            f"  warning: {len(warnings)} items never exercised; play more games or check them"
            if warnings
            else "  every item was exercised"
        )
        lines.extend(f"  {warning}" for warning in self.warnings)
        return lines

    def _failure_lines(self) -> list[str]:
        if not self.failures:
            return []
        lines = ["", "Failures:"]
        for failure in self.failures:
            at = "at setup" if failure.decision is None else f"after {failure.decision} decisions"
            lines.append(f"  [{failure.check}] {failure.player_count} players, {at}: {failure.message}")
            lines.append(f"    reproduce: {failure.reproduction()}")
        return lines

    def to_json(self) -> dict[str, Any]:
        """The report as JSON-ready data (the same for the same rules, seed and arguments)."""
        return {
            "ok": self.ok,
            "rules": self.rules,
            "seed": self.seed,
            "games": self.games,
            "options": json.loads(options_text(self.options)),
            "games_played": [
                {"players": players, "games": played, "failed": len(self.failures_for(players))}
                for players, played in self.games_played
            ],
            "failures": [failure.to_json() for failure in self.failures],
            "coverage": self.coverage.to_json(),
            "not_exercised": [{"table": key, "item": item} for key, item in self.coverage.not_exercised],
            "unmet": [attrs.asdict(unmet) for unmet in self.coverage.unmet],
        }


def _wrap(words: list[str], prefix: str, width: int = 100) -> list[str]:
    """``words`` joined by commas in lines of at most ``width`` characters."""
    if not words:
        return []
    lines: list[str] = []
    line = prefix
    indent = " " * len(prefix)
    for index, word in enumerate(words):
        piece = word + ("," if index < len(words) - 1 else "")
        if line.strip() and len(line) + 1 + len(piece) > width:
            lines.append(line.rstrip())
            line = indent
        line += ("" if line.isspace() or line == prefix else " ") + piece
    lines.append(line)
    return lines
