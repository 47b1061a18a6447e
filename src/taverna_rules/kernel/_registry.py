"""Stable wire names for action and event classes: the class name, registered once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["registrar"]

C = TypeVar("C", bound=type[Any])


def registrar(table: dict[str, Any]) -> Callable[[C], C]:
    """A class decorator that names the class by ``TYPE`` and records it in ``table``."""

    def register(cls: C) -> C:
        cls.TYPE = cls.__name__
        if cls.TYPE in table:
            raise ValueError(f"two classes named {cls.TYPE!r}")
        table[cls.TYPE] = cls
        return cls

    return register
