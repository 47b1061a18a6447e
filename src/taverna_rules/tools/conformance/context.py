"""What every check of one game reads (:class:`Checked`: the rules, the game's module and
kit, the viewers, the names that are public, the ledger) and how a check fails
(:class:`Failed`, :func:`checking`)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from taverna_rules._records import field_names
from taverna_rules.core.coverage import ConformanceHooks, Ledger
from taverna_rules.core.game_modules import GameModule, game_module
from taverna_rules.core.records import Action

__all__ = ["Checked", "Failed", "checking", "differing_fields", "player_names", "viewer_name"]


class Failed(Exception):
    """A check failed: stops the game."""

    def __init__(self, check: str, message: str) -> None:
        super().__init__(message)
        self.check = check
        self.message = message


@contextmanager
def checking(check: str, doing: str) -> Iterator[None]:
    """Turn any exception but a :class:`Failed` into a failure of ``check``."""
    try:
        yield
    except Failed:
        raise
    except Exception as exc:
        raise Failed(check, f"{doing} raised {type(exc).__name__}: {exc}") from exc


def differing_fields(live: Any, other: Any) -> list[str]:
    """The names of the fields where two records of the same class differ."""
    return [name for name in field_names(type(live)) if getattr(live, name) != getattr(other, name)]


def viewer_name(viewer: int | None) -> str:
    """``seat 1``, or ``a spectator`` for ``None``."""
    return "a spectator" if viewer is None else f"seat {viewer}"


def player_names(count: int) -> list[str]:
    """The names the games of ``count`` players are played with: ``P1``, ``P2``..."""
    return [f"P{seat + 1}" for seat in range(count)]


class Checked:
    """The game under check, as its checks read it: the rules, the game's module and its
    conformance hooks, the players, who views the game, and what the game taught so far
    (the actions legal somewhere, the ledger once opened)."""

    def __init__(self, rules: Any, players: int) -> None:
        self.rules = rules
        self.module: GameModule = game_module(rules.game)
        self.kit: ConformanceHooks | None = self.module.conformance() if self.module.conformance else None
        self.players = players
        #: Every seat, then a spectator.
        self.viewers: list[int | None] = [*range(players), None]
        # Names that are public (peoples, seat names...) are not tracked as secrets even
        # when a card id reads the same: they would raise false alarms.
        names = player_names(players)
        self.public: set[str] = {*names, *(self.kit.public(rules, names) if self.kit else ())}
        #: Actions legal at some decision of the game (to try where they are not).
        self.seen: dict[Action, None] = {}
        #: The game's ledger, from its first settled state (see ``checks.open_ledger``).
        self.ledger: Ledger | None = None

    def secrets(self, state: Any, viewer: int | None) -> set[str]:
        """The card ids ``viewer`` must not see in ``state`` (less those shown anyway)."""
        return self.module.visibility.hidden(state, viewer) - self.public
