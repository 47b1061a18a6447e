"""Helpers for scenario tests: the base rules, games from position documents, shortcuts."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import TypeVar

import taverna_rules as tr
from taverna_rules.kernel import events as ev

RULES = tr.load_rules()


def from_position(text: str) -> tr.Game:
    """A game resumed from a position document (YAML, dedented)."""
    state = tr.load_position(RULES, textwrap.dedent(text))
    return tr.Game.from_position(RULES, state, undo="always")


E = TypeVar("E", bound=ev.Event)


def of_type(events: Sequence[ev.Event], cls: type[E]) -> list[E]:
    """The events of one type, in order."""
    return [e for e in events if isinstance(e, cls)]


def advance_to(game: tr.Game, kind: str, limit: int = 500) -> None:
    """Play the first legal action of each decision until one of ``kind`` is pending."""
    for _ in range(limit):
        decision = game.decision
        assert decision is not None, f"the game ended before a {kind!r} decision"
        if decision.kind == kind:
            return
        game.apply(decision.actions[0])
    raise AssertionError(f"no {kind!r} decision within {limit} actions")


def seat_names(game: tr.Game) -> list[str]:
    """Player names in seat order."""
    return [p.name for p in game.state.players]
