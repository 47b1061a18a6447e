"""How well a seat stands, for the bots that look one step ahead (greedy) and the
searches that stop early (ISMCTS with a depth): what is scored, what will score at the
end, and the means to score more, each weighted by what it usually turns into.

Two prospects a count of resources cannot see: a hunt under way is worth its attack
symbols that still fit the dragon's grid (each brings a row's reward or the trophy closer;
without them a hunt looks like gems thrown away until its markers fall), and a hero is
worth its ability and bonus for the rounds left to use them (without it a hero of no
printed prestige is never worth its gold)."""

from __future__ import annotations

from taverna_rules.core import symbol_grid
from taverna_rules.games.taverns_and_dragons import steps as step
from taverna_rules.games.taverns_and_dragons.endgame import final_lines
from taverna_rules.games.taverns_and_dragons.hunt import rolled
from taverna_rules.games.taverns_and_dragons.ruleset import RuleSet
from taverna_rules.games.taverns_and_dragons.state import GameState

__all__ = ["heuristic"]

#: What one resource is worth in prestige to come, roughly (a die turns into 2-3 of
#: gold, gems or moves; a recipe turns 3 ingredients and a die into about 8 prestige).
CARRIED = 0.6
GOLD = 0.45
GEM = 0.4
RUNE = 0.3
WOUND = -0.5
#: An attack symbol of the hunt under way that still fits the grid: a row's reward
#: spread over its cells, and a share of the trophy.
STRIKE = 1.0
#: A hero's ability and bonus, each round left to use them (at most ``HERO_CAP``).
HERO_ROUND = 0.3
HERO_CAP = 2.0


def heuristic(rules: RuleSet, state: GameState, seat: int) -> float:
    """How well ``seat`` stands: prestige, what will score at the end (heroes, trophies,
    missions, the pantry), the means to score more (ingredients carried, gold, gems, runes,
    the prospects of a hunt and of heroes), less wounds; ±1000 when the game is over."""
    me = state.players[seat]
    if state.result is not None:
        return 1000.0 if me.name in state.result.winners else -1000.0
    carried = sum(len(c) for c in me.carried)
    rounds_left = rules.constants.rounds - state.round + 1
    heroes = len(me.heroes) * min(HERO_CAP, HERO_ROUND * rounds_left)
    return (
        me.prestige
        + sum(final_lines(rules, state, seat).values())
        + CARRIED * carried
        + GOLD * me.gold
        + GEM * me.energy
        + RUNE * me.runes
        + WOUND * sum(me.wounds)
        + STRIKE * _strikes(rules, state, seat)
        + heroes
    )


def _strikes(rules: RuleSet, state: GameState, seat: int) -> int:
    """The attack symbols of ``seat``'s hunt under way that still fit the grid: rolled and
    not yet struck, or struck and not yet placed."""
    if state.active != seat or not state.dragon:
        return 0
    if state.strikes:
        pending = state.strikes
    elif state.stack and state.stack[-1].kind == step.HUNT_WINDOW:
        pending = rolled(state, {s.id: s.role for s in rules.symbols}, "attack")
    else:
        return 0
    return len(symbol_grid.placeable(state.grid, pending))
