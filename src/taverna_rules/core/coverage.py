"""What a game's part of the conformance kit gives and returns, declared in the core so that
a game imports only the core: the coverage tables (:class:`Coverage`, :class:`CoverageTable`,
:func:`counted`, :class:`OpTally`) and the hooks' shapes (:class:`ConformanceHooks`, the
object a game module's ``conformance`` returns, with its :class:`Ledger` and :class:`Tally`).

The kit itself, which plays and checks the games, is :mod:`taverna_rules.tools.conformance`;
it re-exports these names.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import attrs

from taverna_rules.core.contract import RuleSetLike
from taverna_rules.core.game_modules import game_module
from taverna_rules.core.records import Event

__all__ = [
    "ConformanceHooks",
    "Coverage",
    "CoverageTable",
    "Ledger",
    "OpTally",
    "Options",
    "PlayedGame",
    "Tally",
    "Unmet",
    "counted",
    "never_happened",
]

#: A game's options as the kit passes them: ``(name, value)`` pairs, sorted by name.
Options = tuple[tuple[str, Any], ...]


@attrs.frozen
class CoverageTable:
    """How many times each item of one kind of content was exercised, across all games.

    ``counts`` lists every item the content defines, in content order (a count of 0: never
    exercised), then any other item seen in play, in the order of its first sighting.
    """

    #: A stable key, e.g. ``spells``.
    key: str
    #: A readable title, e.g. ``spells cast``.
    title: str
    counts: tuple[tuple[str, int], ...]

    @property
    def exercised(self) -> tuple[str, ...]:
        """The items exercised at least once."""
        return tuple(item for item, count in self.counts if count)

    @property
    def not_exercised(self) -> tuple[str, ...]:
        """The items never exercised."""
        return tuple(item for item, count in self.counts if not count)

    def count(self, item: str) -> int:
        """How many times ``item`` was exercised (0 for an unknown item)."""
        return dict(self.counts).get(item, 0)


@attrs.frozen
class Unmet:
    """An item the games met whose purpose never came about, and why: a trigger cast that
    never fired, a royal scoring chosen that never scored, a demand drawn that was never
    met. What "came about" means for each kind of item is the game's tally's to say."""

    #: The key of the item's coverage table, e.g. ``royal_scorings``.
    table: str
    item: str
    #: Why it counts as unmet, e.g. ``chosen 11 times, never changed anything``.
    reason: str
    #: The problem code of the warning: ``never-fired``, ``never-changed``,
    #: ``never-served``, ``never-met``.
    code: str = "never-met"
    #: The content kind the item is declared as, where it is not ``table``
    #: (``royal_scoring`` for the table ``royal_scorings``).
    kind: str = ""

    def text(self) -> str:
        """``royal_scorings 'landlord': chosen 11 times, never changed anything``."""
        return f"{self.table} {self.item!r}: {self.reason}"


def never_happened(
    table: str,
    met: Mapping[str, int],
    happened: Mapping[str, int],
    how: str,
    never: str,
    code: str,
    kind: str = "",
) -> tuple[Unmet, ...]:
    """An :class:`Unmet` of ``code`` for each item ``met`` at least once (how many times)
    that never ``happened``: its reason reads ``{how} {n} times, {never}`` (``chosen 11
    times, never scored``). ``kind``: the content kind of the items, where not ``table``."""
    return tuple(
        Unmet(table, item, f"{how} {count} {'time' if count == 1 else 'times'}, {never}", code, kind)
        for item, count in met.items()
        if count and not happened.get(item, 0)
    )


@attrs.frozen
class Coverage:
    """What the games exercised: content items by kind, and effect ops."""

    #: One table per kind of item: ``spells`` (cast, or for a curse drawn), ``favours``
    #: (used), ``dignitary_levels`` (``princess:0``), ``customer_cards`` (played; the
    #: cards in play at the largest player count checked), ``track_bonuses`` (positions
    #: with a bonus reached, ``orc:2``), ``royal_scorings`` (chosen).
    items: tuple[CoverageTable, ...]
    #: Effect ops of the content and how many effect nodes of each were resolved by the
    #: players' actions (effects resolved while a game is set up, such as a Curse drawn in
    #: the opening deal, run before tracing starts and are not counted).
    ops: CoverageTable
    #: The items met whose purpose never came about (a game's tally says which): each
    #: a warning of the report.
    unmet: tuple[Unmet, ...] = ()

    @property
    def tables(self) -> tuple[CoverageTable, ...]:
        """The item tables, then the op table."""
        return (*self.items, self.ops)

    def table(self, key: str) -> CoverageTable:
        """The table with ``key`` (``spells``, ``ops``...); :class:`KeyError` if none."""
        for table in self.tables:
            if table.key == key:
                return table
        raise KeyError(f"no coverage table {key!r}; tables: {[t.key for t in self.tables]}")

    @property
    def not_exercised(self) -> tuple[tuple[str, str], ...]:
        """``(table key, item)`` for every item never exercised."""
        return tuple((table.key, item) for table in self.tables for item in table.not_exercised)

    def to_json(self) -> dict[str, dict[str, int]]:
        """``{table key: {item: count}}``, items in table order."""
        return {table.key: dict(table.counts) for table in self.tables}


def counted(known: Sequence[str], counts: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    """A :class:`CoverageTable`'s counts: every item of ``known`` in order (0 when never
    counted), then the other items of ``counts``."""
    listed = dict.fromkeys(known, 0)
    for item, count in counts.items():
        listed[item] = listed.get(item, 0) + count
    return tuple(listed.items())


class OpTally:
    """Counts the effect ops a game's players resolved, from the trace of each game
    (:data:`~taverna_rules.core.engine.Trace`: the ref and path of each effect node), for
    a game's coverage table ``ops``."""

    def __init__(self, rules: RuleSetLike) -> None:
        self.rules = rules
        self.resolve = game_module(rules.game).resolve
        self.counts: Counter[str] = Counter()
        self._ops: dict[tuple[str, tuple[int, ...]], str] = {}

    def add(self, trace: Sequence[tuple[str, tuple[int, ...]]]) -> None:
        """Count the ops of one game's trace."""
        for step in trace:
            op = self._ops.get(step)
            if op is None:
                ref, path = step
                op = self._ops[step] = self.resolve(self.rules, ref).at(path).op
            self.counts[op] += 1

    def table(self, roots: Sequence[Any]) -> CoverageTable:
        """The table of ops: every op the effects ``roots`` (nodes, or ``None``) use, in order."""
        ops: dict[str, None] = {}
        for root in roots:
            if root is not None:
                ops.update(dict.fromkeys(node.op for node in root.walk()))
        return CoverageTable("ops", "effect ops resolved", counted(list(ops), self.counts))


class PlayedGame(Protocol):
    """What a ledger reads of the game it is made for (a :class:`taverna_rules.Game`)."""

    @property
    def state(self) -> Any:
        """The live state."""

    @property
    def events(self) -> Sequence[Event]:
        """The log, from the game's first event."""


class Ledger(Protocol):
    """What one game must conserve, checked by the kit after every action."""

    @property
    def opening(self) -> Sequence[str]:
        """Problems of the opening deal (empty when none)."""

    def check(self, state: Any, new: Sequence[Event]) -> list[str]:
        """The problems of ``state`` after the events ``new`` (empty when none)."""


class Tally(Protocol):
    """Counts what the games exercised, for the report's :class:`Coverage`."""

    def add(self, events: Sequence[Event], trace: Sequence[tuple[str, tuple[int, ...]]]) -> None:
        """Count one game: its log and its trace of effect nodes resolved."""

    def coverage(self, player_counts: Sequence[int], options: Options = ()) -> Coverage:
        """The coverage of the games counted."""


class ConformanceHooks(Protocol):
    """What the game alone knows, for the conformance kit (a game module's ``conformance()``)."""

    def public(self, rules: Any, names: Sequence[str]) -> set[str]:
        """Names that are public although a hidden card's id may read the same."""

    def ledger(self, rules: Any, game: PlayedGame) -> Ledger:
        """The ledger of a new game."""

    def tally(self, rules: Any) -> Tally:
        """An empty coverage tally."""
