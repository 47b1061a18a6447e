"""What the two toy games share: their rules, their opening event and their result."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import attrs

from taverna_rules import OptionError, ReplayError
from taverna_rules.core import Event, Result, Standing

__all__ = ["Started", "ToyRules", "check_start", "standings"]


@attrs.frozen
class ToyRules:
    """A toy game's rule set: its game id, a fingerprint, and its numbers."""

    game: str
    fingerprint: str
    numbers: tuple[int, ...]
    players: tuple[int, ...] = (2, 3, 4)


@attrs.frozen
class Started(Event):
    """A toy game begins: its rules, players and seed (hidden from every view)."""

    ZONES: ClassVar[Mapping[str, str]] = {"seed": "seed"}
    rules: str
    players: tuple[str, ...]
    seed: int


Started.TYPE = "Started"


def check_start(
    rules: ToyRules, players: Sequence[str], seed: int, options: Mapping[str, Any] | None
) -> Started:
    """The opening event, every argument checked."""
    if isinstance(players, str) or len(players) not in rules.players:
        raise OptionError(f"{rules.game} seats {list(rules.players)} players, not {players!r}")
    if len(set(players)) != len(players) or not all(isinstance(p, str) and p for p in players):
        raise OptionError(f"players are distinct names, not {players!r}")
    if type(seed) is not int:
        raise OptionError(f"a seed is an integer, not {seed!r}")
    if options:
        raise OptionError(f"{rules.game} has no options: {sorted(options)}")
    return Started(rules.fingerprint, tuple(players), seed)


def opening_of(rules: ToyRules, first: Event, start: Any) -> list[Event]:
    """The opening a first event gives, recomputed by ``start``."""
    if not isinstance(first, Started) or first.rules != rules.fingerprint:
        raise ReplayError(f"{rules.game} logs start with Started for these rules")
    events: list[Event] = start(rules, first.players, first.seed, {})
    return events


def standings(names: Sequence[str], totals: Sequence[int]) -> Result:
    """Ranks by total, highest first; equal totals share a rank."""
    order = sorted(range(len(names)), key=lambda seat: -totals[seat])
    out = []
    for seat in order:
        rank = 1 + sum(1 for other in totals if other > totals[seat])
        tied = totals.count(totals[seat]) > 1
        out.append(Standing(seat, names[seat], rank, totals[seat], (("points", totals[seat]),), tied))
    return Result(tuple(out))
