"""What the two toy games share: their rules, their opening event and their result."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import attrs

from taverna_rules import GameModule, Names, OptionError, ReplayError, StateLike
from taverna_rules.content.spec import ContentSpec
from taverna_rules.core import (
    CORE_FOLDS,
    Action,
    Event,
    Flow,
    Result,
    Standing,
    Visibility,
    Zone,
    event_table,
    run_flow,
)
from taverna_rules.core.records import Registry

__all__ = ["Ended", "Started", "ToyRules", "ended", "fold_shared", "toy_events", "toy_module"]


@attrs.frozen
class ToyRules:
    """A toy game's rule set: its game id, a fingerprint, and its numbers."""

    game: str
    fingerprint: str
    numbers: tuple[int, ...]
    players: tuple[int, ...] = (2, 3, 4)
    #: The packs its content came from (rules loaded from YAML).
    packs: tuple[Any, ...] = ()


@attrs.frozen
class Started(Event):
    """A toy game begins: its rules, players and seed (hidden from every view)."""

    ZONES: ClassVar[Mapping[str, str]] = {"seed": "seed"}
    rules: str
    players: tuple[str, ...]
    seed: int


@attrs.frozen
class Ended(Event):
    """A toy game ends: its result."""

    result: Result


Started.TYPE, Ended.TYPE = "Started", "Ended"


def toy_events(*, simultaneous: bool = False) -> Registry[type[Event]]:
    """A toy game's event table, holding the core's events and the shared opening and end."""
    table = event_table(simultaneous=simultaneous)
    table.add(Started.TYPE, Started)
    table.add(Ended.TYPE, Ended)
    return table


def fold_shared(state: Any, event: Event) -> Any:
    """How the events every toy game has fold: the end, and the core's own."""
    if isinstance(event, Ended):
        return attrs.evolve(state, result=event.result)
    return CORE_FOLDS[type(event)](state, event)


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


def toy_module(
    ident: str,
    name: Names,
    actions: Mapping[str, type[Action]],
    events: Mapping[str, type[Event]],
    flow: Flow,
    evolve: Callable[[Any, Event], Any],
    state_type: type[StateLike],
    zones: tuple[Zone, ...] = (),
    content: ContentSpec | None = None,
) -> GameModule:
    """A toy game's module: its opening is the checked ``Started`` event and the steps it
    runs, its seed hidden from every view, its other zones as given."""

    def start(rules: ToyRules, players: Any, seed: Any, options: Any = None) -> list[Event]:
        started = check_start(rules, players, seed, options)
        return run_flow(rules, evolve(None, started), [started])

    def opening(rules: ToyRules, first: Event) -> list[Event]:
        if not isinstance(first, Started) or first.rules != rules.fingerprint:
            raise ReplayError(f"{rules.game} logs start with Started for these rules")
        return start(rules, first.players, first.seed, {})

    return GameModule(
        id=ident,
        name=name,
        actions=actions,
        events=events,
        flow=flow,
        evolve=evolve,
        start=start,
        opening=opening,
        openings=(Started,),
        rules_type=ToyRules,
        state_type=state_type,
        visibility=Visibility((Zone("seed", "seed", "hidden"), *zones)),
        player_counts=lambda rules: rules.players,
        content=content,
    )


def ended(names: Sequence[str], totals: Sequence[int]) -> Ended:
    """The end of a toy game: ranks by total, highest first; equal totals share a rank."""
    order = sorted(range(len(names)), key=lambda seat: -totals[seat])
    out = []
    for seat in order:
        rank = 1 + sum(1 for other in totals if other > totals[seat])
        tied = totals.count(totals[seat]) > 1
        out.append(Standing(seat, names[seat], rank, totals[seat], (("points", totals[seat]),), tied))
    return Ended(Result(tuple(out)))
