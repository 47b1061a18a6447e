"""Every action Taverne's rules can offer, in a stable order (the numbering of
:func:`~taverna_rules.action_space`), and the bound on a game's length.

The game has no turn limit (l.186-196): only the rule option ``tournament`` bounds it, by
its number of turns. Without it a game has no bound, and frameworks that size buffers by
the longest game ask for the option.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import Any

from taverna_rules.core.records import Action
from taverna_rules.games.taverne.actions import (
    Attack,
    Buy,
    ChooseCharacter,
    Dodge,
    NameValue,
    Pass,
    SplitDodges,
    TakeSeat,
)
from taverna_rules.games.taverne.ruleset import SLOTS, RuleSet

__all__ = ["actions_of", "max_chance_outcomes", "max_decisions"]


def actions_of(rules: RuleSet) -> Iterator[Action]:
    """Every action of every decision, for the most players the rules seat."""
    seats = range(max(rules.supported_players()))
    values = [w.value for w in rules.weapons]
    yield from (ChooseCharacter(c.id) for c in rules.characters)
    yield from (TakeSeat(seat) for seat in seats)
    yield Buy("weapon")
    yield Buy("pint")
    yield from (Dodge(v) for v in values)
    for spot in SLOTS:
        yield from (Attack(spot, v) for v in values if spot.startswith("melee") or v % 2 == 1)
    for seat in seats:
        yield from (SplitDodges(seat, n) for n in range(rules.constants.dodges_per_attack + 1))
        yield from (NameValue(seat, v) for v in values)
    yield Pass()


def max_decisions(rules: RuleSet, players: int, options: Mapping[str, Any]) -> int | None:
    """A bound on the decisions of a game of ``players`` players: ``None`` without the
    ``tournament`` option; with it, its turns times what a turn may ask of each player
    (a purchase for each Butin and a pass, the dodges, the attack, a split and three values
    against each other player, coming back) and the choice of Characters."""
    turns = int(options.get("tournament", 0))
    if turns <= 0:
        return None
    c = rules.constants
    per_turn = (c.butin_max + 1) + (len(rules.bands) + 1) + 1 + (players - 1) * (1 + c.dodges_per_attack) + 2
    return players + turns * players * per_turn


def max_chance_outcomes(rules: RuleSet, players: int) -> int:
    """The most outcomes a draw can have (explicit chance mode): the Characters dealt from
    the whole pile, or the first Pilier."""
    return max(math.comb(len(rules.characters), rules.constants.characters_dealt), players)
