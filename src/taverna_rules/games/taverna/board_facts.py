"""Taverna's board facts for the page (:attr:`GameModule.board_facts
<taverna_rules.GameModule.board_facts>`): what a view does not repeat because it never
changes during a game (table colours, deed prices, customer cards, track bonuses), with
the names and card texts, taken from the rule set (a pack's content draws as the base
game's). Everything here is public."""

from __future__ import annotations

from typing import Any

from taverna_rules.core.words import names_by_id
from taverna_rules.games.taverna.rules_text import RULES_TEXT
from taverna_rules.games.taverna.ruleset import RuleSet

__all__ = ["board_facts"]


def board_facts(rules: RuleSet) -> dict[str, Any]:
    """The facts the page draws Taverna's board from."""
    texts: dict[str, str] = {}
    for text in RULES_TEXT.texts(rules, "en"):
        key = text.id if text.kind != "track" else f"track:{text.id}:{text.position}"
        # A dignitary has a text per level: one line of them all.
        texts[key] = f"{texts[key]} {text.text}" if text.kind == "dignitary" and key in texts else text.text
    return {
        "game": "taverna",
        "names": names_by_id(
            rules.taverns,
            rules.peoples,
            rules.symbols,
            rules.dignitaries,
            rules.favours,
            rules.spells,
            rules.royal_scorings,
        ),
        "guilds": {s.id: s.guild.get("en") for s in rules.symbols},
        "texts": texts,
        "sides": {
            side.id: {
                "players": list(side.players),
                "taverns": {
                    tavern: {
                        "symbol": layout.symbol,
                        "tables": list(layout.tables),
                        "deeds": [[deed.price, deed.vp] for deed in layout.deeds],
                    }
                    for tavern, layout in side.layouts
                },
            }
            for side in rules.sides
        },
        "customers": {
            c.id: {"peoples": list(c.peoples), "symbols": list(c.symbols)} for c in rules.customers
        },
        "track_vp": list(rules.constants.track_vp),
        "track_bonus": {t.people: [position for position, _ in t.bonuses] for t in rules.tracks},
        "turns": dict(rules.constants.turns),
    }
