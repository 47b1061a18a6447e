"""Boxes in play and Tavernes of origin (Double Taverne, l.319-324).

One box is played unless the rule option ``double`` asks for two (the first two the
content holds). A player comes from the box of his Character: he chose it when he sat
down. Butin buys only Specialties of one's own Taverne (l.323), and a Specialty drawn by an
effect comes from the same pile; a Specialty of the other box obtained otherwise (a Crasse
served, say) plays as any other, with its own box's formula (l.297, l.324).
"""

from __future__ import annotations

from collections.abc import Iterable

from taverna_rules.games.taverne.ruleset import RuleSet
from taverna_rules.games.taverne.state import GameState

__all__ = ["in_play", "of_box", "origin", "origins"]


def in_play(rules: RuleSet, state: GameState) -> tuple[str, ...]:
    """The ids of the boxes played: the first, or the first two with Double Taverne."""
    return tuple(b.id for b in rules.boxes[: 2 if state.option("double") else 1])


def origin(rules: RuleSet, state: GameState, seat: int) -> str:
    """The Taverne ``seat`` comes from: his Character's box (the home box before he has
    one)."""
    character = state.players[seat].character
    return rules.box_of(character) if character else rules.boxes[0].id


def of_box(rules: RuleSet, cards: Iterable[str], box: str) -> tuple[str, ...]:
    """The ``cards`` that come from ``box``, in their order (a hidden mark comes from none)."""
    return tuple(card for card in cards if rules.box_of(card) == box)


def origins(rules: RuleSet, state: GameState) -> tuple[str, ...]:
    """The boxes in play a player sitting down may come from: those with a Character left
    in the pile or under it (l.251, l.320)."""
    left = (*state.characters, *state.under)
    return tuple(box for box in in_play(rules, state) if of_box(rules, left, box))
