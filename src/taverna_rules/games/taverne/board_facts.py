"""Taverne's board facts for the page (:attr:`GameModule.board_facts
<taverna_rules.GameModule.board_facts>`): the names of the Characters and weapons, the
Prestige of the pints (the meter's bands) and the player counts. Everything here is public
content."""

from __future__ import annotations

from typing import Any

from taverna_rules.core.words import names_by_id
from taverna_rules.games.taverne.ruleset import RuleSet

__all__ = ["board_facts"]


def board_facts(rules: RuleSet) -> dict[str, Any]:
    """The facts the page draws Taverne's table from."""
    return {
        "game": "taverne",
        "names": names_by_id(rules.characters),
        "weapons": {str(w.value): w.name.get("en") for w in rules.weapons},
        "bands": list(rules.bands),
        "pints": rules.constants.pints,
    }
