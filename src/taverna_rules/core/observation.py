"""Observation vectors: what one player sees, as numbers, with a published layout.

A game module writes its observation with an :class:`ObservationWriter`, from the state
*as the player sees it* (a view: hidden things are already gone, so nothing hidden can
be written) and the pending decision's public part. Each block has a name; the layout
(:class:`ObservationLayout`: names, slices, the size) is what the writer recorded, so the
numbers and their documentation come from one piece of code, and every vector of a game
with a given number of players has the same layout (a property test holds it).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import attrs

__all__ = ["ObservationLayout", "ObservationWriter", "chain_key", "digest", "seats_from"]


class ObservationWriter:
    """Collects an observation's blocks: each a name and its numbers, in order."""

    __slots__ = ("blocks", "values")

    def __init__(self) -> None:
        self.values: list[float] = []
        self.blocks: list[tuple[str, int]] = []

    def block(self, name: str, values: Iterable[float]) -> None:
        """The numbers ``values`` under ``name``."""
        start = len(self.values)
        self.values.extend(float(value) for value in values)
        self.blocks.append((name, len(self.values) - start))

    def number(self, name: str, value: float) -> None:
        """One number (a count, coins, VP) as it is."""
        self.block(name, (value,))

    def flag(self, name: str, value: bool) -> None:
        """1 for true, 0 for false."""
        self.block(name, (1.0 if value else 0.0,))

    def one_hot(self, name: str, value: Any, choices: Sequence[Any]) -> None:
        """One slot per choice: 1 at ``value``'s, 0 elsewhere (all 0 for a value that is
        none of them: nothing, or hidden)."""
        self.block(name, (1.0 if value == choice else 0.0 for choice in choices))

    def counts(self, name: str, things: Iterable[Any], choices: Sequence[Any]) -> None:
        """One slot per choice: how many of ``things`` are that choice."""
        index = {choice: i for i, choice in enumerate(choices)}
        counted = [0.0] * len(choices)
        for thing in things:
            i = index.get(thing)
            if i is not None:
                counted[i] += 1.0
        self.block(name, counted)


def digest(text: str) -> str:
    """A short key of ``text`` (a hex digest)."""
    return hashlib.blake2b(text.encode(), digest_size=20).hexdigest()


def chain_key(key: str, events: Iterable[Any]) -> str:
    """An information-state key ``key`` carried over ``events`` (as the player saw them),
    one at a time, so that a holder may keep a running key and extend it as the log grows.
    An event's repr names its type and every field: the same text for the same event, and
    much faster to write than its JSON."""
    for event in events:
        key = digest(f"{key}\n{event!r}")
    return key


def seats_from(viewer: int, players: int) -> list[int]:
    """The seats in the order an observation lists them: the viewer first, then the
    others in turn order (so a learner sees itself in the same place at every seat)."""
    return [(viewer + k) % players for k in range(players)]


@attrs.frozen
class ObservationLayout:
    """Where each block of an observation vector lies: ``blocks`` are ``(name, slice)``
    pairs in order, ``size`` the vector's length.

    >>> import taverna_rules as tr
    >>> layout = tr.observation_layout(tr.load_rules(), 2)
    >>> layout["me.coins"]
    slice(22, 23, None)
    """

    blocks: tuple[tuple[str, slice], ...]
    size: int

    @classmethod
    def of(cls, blocks: Sequence[tuple[str, int]]) -> ObservationLayout:
        """The layout of a writer's blocks (names and lengths)."""
        laid: list[tuple[str, slice]] = []
        start = 0
        for name, length in blocks:
            laid.append((name, slice(start, start + length)))
            start += length
        return cls(tuple(laid), start)

    def __getitem__(self, name: str) -> slice:
        for block, where in self.blocks:
            if block == name:
                return where
        raise KeyError(name)

    def __iter__(self) -> Iterator[tuple[str, slice]]:
        return iter(self.blocks)

    def __len__(self) -> int:
        return len(self.blocks)

    def names(self) -> tuple[str, ...]:
        """The blocks' names, in order."""
        return tuple(name for name, _ in self.blocks)

    def describe(self) -> str:
        """The layout as a table: one line a block, its slice and name."""
        return "\n".join(f"{where.start:5d}:{where.stop:<5d} {name}" for name, where in self.blocks)
