"""The board facts the page draws from, for each game: what a view does not repeat
because it never changes during a game (Taverna's table colours, Cavern Tavern's places
and orders, ...), with the names and card texts, from the game module's
:attr:`~taverna_rules.GameModule.board_facts`; served at ``/api/boards/{fingerprint}``.
Everything here is public: it is the content, the same for every seat.
"""

from __future__ import annotations

from typing import Any

from taverna_rules.core.game_modules import game_module

__all__ = ["board_facts"]


def board_facts(rules: Any) -> dict[str, Any] | None:
    """The board facts of ``rules``, or ``None`` for a game that gives none."""
    build = game_module(rules.game).board_facts
    return dict(build(rules)) if build is not None else None
