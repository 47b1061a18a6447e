"""Values as messages show them: short, whatever the value."""

from __future__ import annotations

import reprlib

from taverna_rules._records import field_names

__all__ = ["shown"]


class _Short(reprlib.Repr):
    """Values shown in messages are cut short: a megabyte name must not make a megabyte
    message, nor a 5,000-digit integer an error of its own (Python refuses to print it)."""

    def __init__(self, width: int = 60) -> None:
        super().__init__()
        self.maxstring = self.maxother = width
        self.maxlist = self.maxtuple = self.maxdict = self.maxset = 6

    def repr_int(self, x: int, level: int) -> str:
        if abs(x) >= 10**40:
            return f"<an integer of {x.bit_length()} bits>"
        return super().repr_int(x, level)


_SHORT = _Short()


_WIDE = _Short(160)


def shown(value: object, *, wide: bool = False) -> str:
    """``repr(value)``, cut short for a message (to about 60 characters, or 160 when
    ``wide``: an action); any value, even one whose ``repr`` fails."""
    short = _WIDE if wide else _SHORT
    try:
        cls = type(value)
        names = field_names(cls)
        if names:  # an action or a record: each field cut short
            fields = (f"{name}={short.repr(getattr(value, name))}" for name in names)
            return f"{cls.__name__}({', '.join(fields)})"
        return short.repr(value)
    except Exception:  # a foreign __repr__ that raises still gets a message
        return f"<a {type(value).__name__} object>"
