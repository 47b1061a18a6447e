"""The dignitary window of a turn (rulebook, turn step 4): which dignitaries may act.

A dignitary in the tavern where the customer was just seated may be activated; with
Influence (a lyre on both the card and that tavern) any dignitary may; discarding two
privilege tokens opens one more activation, anywhere; never the same dignitary twice in
a turn. What an activation does, and its cost, arrive with the dignitaries' effects
(issue #3); this module answers who may be activated, for the window to offer.
"""

from __future__ import annotations

import attrs

from taverna_rules.content.model import RuleSet
from taverna_rules.kernel.state import GameState
from taverna_rules.kernel.turn import tavern_symbols

__all__ = ["DignitaryWindow", "dignitary_window"]

PRIVILEGES_FOR_EXTRA = 2


@attrs.frozen
class DignitaryWindow:
    """The dignitaries the active player may activate now, and how."""

    #: Activatable as the turn's activation: where the customer sits, or anywhere with Influence.
    regular: tuple[str, ...]
    #: Activatable by discarding two privilege tokens (an extra activation).
    with_privileges: tuple[str, ...]
    influence: bool


def dignitary_window(rules: RuleSet, state: GameState, regular_used: bool) -> DignitaryWindow:
    """The window of the turn in progress; ``regular_used``: the turn's activation is spent."""
    turn = state.turn
    if turn is None or turn.tavern is None:
        return DignitaryWindow((), (), False)
    influence = "lyre" in turn.symbols and "lyre" in tavern_symbols(rules, state, turn.tavern)
    placed = [(d, t.id) for t in state.taverns for d in t.dignitaries]
    fresh = [(d, where) for d, where in placed if d not in turn.dignitaries_used]
    regular = () if regular_used else tuple(d for d, where in fresh if influence or where == turn.tavern)
    player = state.players[turn.player]
    extra = tuple(d for d, _ in fresh) if player.privileges >= PRIVILEGES_FOR_EXTRA else ()
    return DignitaryWindow(regular, extra, influence)
