"""Registries: the named parts a game declares (action and event types, flow steps,
decision kinds, op executors), each in a table of its own that refuses a second entry
under a name instead of silently replacing the first."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, TypeVar

__all__ = ["Registry", "registrar"]

T = TypeVar("T")
C = TypeVar("C", bound=type[Any])


class Registry(Mapping[str, T]):
    """Entries of one kind by name, read like a mapping; :meth:`add` refuses a name twice.

    ``what`` names the kind in messages (``"decision kind"``).
    """

    def __init__(self, what: str) -> None:
        self.what = what
        self._entries: dict[str, T] = {}

    def add(self, name: str, entry: T) -> T:
        """Record ``entry`` under ``name``; a name already taken raises ``ValueError``."""
        if name in self._entries:
            raise ValueError(f"two {self.what}s named {name!r}: {self._entries[name]!r} and {entry!r}")
        self._entries[name] = entry
        return entry

    def register(self, name: str) -> Callable[[T], T]:
        """A decorator that records the function it decorates under ``name`` (:meth:`add`)."""

        def record(entry: T) -> T:
            return self.add(name, entry)

        return record

    @contextmanager
    def swapped(self, name: str, entry: T) -> Iterator[T]:
        """Within the ``with`` block, ``entry`` stands in for the one under ``name`` (which
        it yields): for tests that break a part on purpose. An explicit act, never a
        side effect of registering twice."""
        previous = self._entries[name]
        self._entries[name] = entry
        try:
            yield previous
        finally:
            self._entries[name] = previous

    @property
    def entries(self) -> Mapping[str, T]:
        """The live table itself (a plain dict, for hot loops: a swap shows in it)."""
        return self._entries

    def __getitem__(self, name: str) -> T:
        return self._entries[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __repr__(self) -> str:
        return f"<Registry of {len(self)} {self.what}s>"


def registrar(table: Registry[Any]) -> Callable[[C], C]:
    """A class decorator that names the class by ``TYPE`` and records it in ``table``."""

    def register(cls: C) -> C:
        cls.TYPE = cls.__name__
        table.add(cls.TYPE, cls)
        return cls

    return register
