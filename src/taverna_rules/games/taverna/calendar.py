"""Birthdays: who starts (the most recent birthday) and who wins a tie (the next one)."""

from __future__ import annotations

import datetime as dt

from taverna_rules.errors import OptionError

__all__ = ["days_since", "days_until", "parse_day"]


def parse_day(text: str, what: str = "a birthday") -> tuple[int, int]:
    """``(month, day)`` of ``MM-DD`` or ``YYYY-MM-DD``; :class:`OptionError` otherwise."""
    try:
        month, day = (int(part) for part in text.split("-")[-2:])
        dt.date(2000, month, day)
    except ValueError:
        raise OptionError(f"{what} must be 'MM-DD' or 'YYYY-MM-DD', not {text!r}") from None
    return month, day


def _on(year: int, month: int, day: int) -> dt.date:
    try:
        return dt.date(year, month, day)
    except ValueError:  # 29 February in a common year is celebrated on 1 March
        return dt.date(year, 3, 1)


def days_since(birthday: str, today: dt.date) -> int:
    """Days since the last ``birthday`` up to ``today`` (0 on the day itself)."""
    month, day = parse_day(birthday)
    when = _on(today.year, month, day)
    if when > today:
        when = _on(today.year - 1, month, day)
    return (today - when).days


def days_until(birthday: str, today: dt.date) -> int:
    """Days until the next ``birthday`` after ``today`` (today's is already celebrated)."""
    month, day = parse_day(birthday)
    when = _on(today.year, month, day)
    if when <= today:
        when = _on(today.year + 1, month, day)
    return (when - today).days
