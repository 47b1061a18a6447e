"""The arithmetic of dice: which groups of a player's dice a place takes.

A place takes dice whose sum is exactly its number (the Cellar, the Kitchen tasks, the
Chores) or any dice of a count (Nasty's office, the Wizard's Workshop). A player high on
the Kitchen or Chores track may change one die of the group by 1 (or by 2) for a task of
that track, the die staying between 1 and 6. Each group is listed once, however many
dice of the same value the player has (``1+1`` is one group of ``1, 1, 4, 6``).
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import combinations

__all__ = ["dice_text", "fits", "fitting", "groups", "parse_dice"]


def dice_text(values: tuple[int, ...] | list[int]) -> str:
    """Dice as the actions write them: ``(6, 1, 3, 6)`` -> ``"1+3+6+6"``."""
    return "+".join(str(v) for v in sorted(values))


def parse_dice(text: str) -> tuple[int, ...] | None:
    """``"1+3+6+6"`` -> ``(1, 3, 6, 6)``; None for anything else than dice joined by ``+``."""
    parts = text.split("+")
    if not 1 <= len(parts) <= 6 or not all(len(p) == 1 and p in "123456" for p in parts):
        return None
    values = tuple(int(p) for p in parts)
    return values if list(values) == sorted(values) else None


@cache
def groups(dice: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every distinct non-empty group (sorted sub-multiset) of ``dice``."""
    found: set[tuple[int, ...]] = set()
    ordered = tuple(sorted(dice))
    for size in range(1, len(ordered) + 1):
        found.update(combinations(ordered, size))
    return tuple(sorted(found, key=lambda g: (len(g), g)))


def fits(group: tuple[int, ...], total: int = 0, count: int = 0, change: int = 0) -> bool:
    """Whether a group of dice pays a place: exactly ``count`` dice, or a sum of exactly
    ``total`` once one die (if ``change``) is turned by at most ``change`` pips."""
    if count:
        return len(group) == count
    gap = total - sum(group)
    if gap == 0:
        return True
    if not change or abs(gap) > change:
        return False
    return any(1 <= die + gap <= 6 for die in set(group))


@lru_cache(maxsize=1 << 14)
def fitting(dice: tuple[int, ...], total: int = 0, count: int = 0, change: int = 0) -> tuple[str, ...]:
    """The distinct groups of the sorted ``dice`` that pay a place (see :func:`fits`), as
    the actions write them, in :func:`groups` order. Kept per hand of dice and place (a
    turn asks for every place, and the hands repeat): about 10,000 cases come up in
    random games, the cache holds 16,384 at most."""
    return tuple(dice_text(group) for group in groups(dice) if fits(group, total, count, change))
