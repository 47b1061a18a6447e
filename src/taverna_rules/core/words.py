"""Small pieces of English shared by the games' narration."""

from __future__ import annotations

from taverna_rules.core.records import Result

__all__ = ["counted_noun", "winners_line"]


def counted_noun(n: int, noun: str) -> str:
    """``1 coin``, ``3 coins``."""
    return f"{n} {noun}" + ("" if n == 1 else "s")


def winners_line(result: Result) -> str:
    """The line that ends a narrated game: who wins, or who shares the win."""
    winners = result.winners
    return "The game is over: " + (
        f"{winners[0]} wins." if len(winners) == 1 else " and ".join(winners) + " share the win."
    )
