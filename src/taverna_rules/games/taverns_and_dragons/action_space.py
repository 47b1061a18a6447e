"""Every action Taverns & Dragons' rules can offer, in a stable order (the numbering of
:func:`~taverna_rules.action_space`), the bound on a game's length and the widest draw.

A route is named by the regions it enters: every route of every length a move can have,
from every region of the map, is an action (a map of the rulebook's size has a few
hundred). A game lasts 7 rounds of 5 dice a player, which bounds it."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import Any

from taverna_rules.core.action_space import widest_choice
from taverna_rules.core.board_map import routes
from taverna_rules.core.choices import ChooseOption, ChoosePlayer, EndTurn, Pass
from taverna_rules.core.records import Action
from taverna_rules.games.taverns_and_dragons.actions import (
    Activate,
    ChooseFace,
    ChooseHero,
    ChooseIngredient,
    ChooseLocation,
    ChooseMission,
    ChooseRegion,
    ChooseSbire,
    Collect,
    Cook,
    Damage,
    Drop,
    EndActivation,
    Heal,
    Hunt,
    Move,
    Recruit,
    Reroll,
    RerollHunting,
    Search,
    Strike,
    TakeEnergy,
    TakeGold,
    UseAbility,
    UseBonus,
    UsePower,
    Visit,
)
from taverna_rules.games.taverns_and_dragons.ruleset import INGREDIENTS, RuleSet
from taverna_rules.games.taverns_and_dragons.vocabulary import ATTACKS

__all__ = ["actions_of", "faces", "longest_move", "max_chance_outcomes", "max_decisions"]

#: The most regions the ``step`` op moves (its schema's bound).
_STEP = 3
#: What one die's turn may ask at most, beyond the placement: an activation (a move, the
#: collections, the visits and what each effect asks, a hunt with its window, markers and
#: wounds, the drops, a heal, the end) and the free actions of the turn; generous.
_PER_TURN = 120


def longest_move(rules: RuleSet) -> int:
    """The most regions one move can enter: the highest die and the most a sbire adds, or
    the ``step`` op's bound."""
    return max(max(rules.action_die) + max(s.moves for s in rules.sbires), _STEP)


def faces(rules: RuleSet) -> tuple[str, ...]:
    """Every face a hunting die can show: the die's own and those effects turn it to."""
    found = {"+".join(face) for face in rules.hunting_die}
    for node in _effects(rules):
        for part in node.walk():
            if part.op == "set_hunting_die":
                targets = part.arg("faces", ())
                assert isinstance(targets, tuple)
                found.update("+".join(str(s) for s in face) for face in targets if isinstance(face, tuple))
    return tuple(sorted(found))


def _effects(rules: RuleSet) -> Iterator[Any]:
    for hero in rules.heroes:
        yield hero.ability
        yield hero.bonus
    for tavern in rules.taverns:
        yield from tavern.power


def actions_of(rules: RuleSet) -> Iterator[Action]:
    """Every action of every decision, for the most players the rules seat."""
    dice = sorted(set(rules.action_die))
    sbires = [s.id for s in rules.sbires]
    heroes = [h.id for h in rules.heroes]
    for die in dice:
        yield from (TakeGold(die, space) for space in range(len(rules.bank)))
        yield TakeEnergy(die)
        yield from (Activate(die, s) for s in sbires)
        yield from (Cook(die, place) for place in range(len(rules.recipe_bonuses)))
    paths: set[str] = set()
    for region in rules.regions:
        for steps in range(1, longest_move(rules) + 1):
            paths.update("/".join(r.path) for r in routes(rules.board, region.id, steps))
    yield from (Move(path) for path in sorted(paths))
    yield from (Collect(kind) for kind in INGREDIENTS)
    yield from (Visit(loc.id) for loc in rules.locations)
    yield from (Hunt(gems) for gems in range(1, rules.constants.hunting_dice + 1))
    yield from (Drop(kind) for kind in INGREDIENTS)
    yield from (Heal(n) for n in range(1, max(rules.slots(s.id) for s in rules.sbires) + 1))
    yield EndActivation()
    yield Strike()
    rows = max(len(d.grid) for d in rules.dragons)
    yield from (Damage(symbol, row) for symbol in ATTACKS for row in range(rows))
    all_faces = faces(rules)
    yield from (RerollHunting(face) for face in all_faces)
    yield from (Recruit(h) for h in heroes)
    yield from (UseAbility(h) for h in heroes)
    yield from (UseBonus(h) for h in heroes)
    yield from (Reroll(die) for die in dice)
    yield from (UsePower(space) for space in range(1, max(len(t.power) for t in rules.taverns) + 1))
    yield from (ChooseIngredient(kind) for kind in INGREDIENTS)
    yield from (ChooseRegion(r.id) for r in rules.regions)
    yield from (ChooseSbire(s) for s in sbires)
    yield from (ChooseHero(h) for h in heroes)
    yield from (ChooseLocation(loc.id) for loc in rules.locations)
    yield from (ChooseFace(face, to) for face in all_faces for to in all_faces if to != face)
    yield from (ChooseMission(m.id) for m in rules.missions)
    yield Search(True)
    yield Search(False)
    yield from (ChoosePlayer(seat) for seat in range(max(rules.supported_players())))
    yield from (ChooseOption(option) for option in range(widest_choice(rules)))
    yield Pass()
    yield EndTurn()


def max_decisions(rules: RuleSet, players: int, options: Mapping[str, Any]) -> int | None:
    """A bound on the decisions of a game of ``players`` players: the missions kept, then
    every round's dice, each die's turn asking at most :data:`_PER_TURN` decisions."""
    c = rules.constants
    bound: int = players + c.rounds * c.dice * players * _PER_TURN
    return bound


def max_chance_outcomes(rules: RuleSet, players: int) -> int:
    """The most outcomes a draw can have (explicit chance mode): the locations laid at
    random (tiles in order, each on a face), the dragons chosen, a roll of the action or
    hunting dice, the missions dealt, a card of a deck."""
    tiles = len({loc.tile for loc in rules.locations})
    faces_a_tile = max(
        sum(1 for loc in rules.locations if loc.tile == t) for t in {x.tile for x in rules.locations}
    )
    spaces = len(rules.spaces)
    c = rules.constants
    widest: int = max(
        math.perm(tiles, spaces) * faces_a_tile**spaces,
        math.comb(len(rules.dragons), c.dragons),
        math.comb(len(rules.action_die) + c.dice - 1, c.dice),
        math.comb(len(rules.hunting_die) + c.hunting_dice - 1, c.hunting_dice),
        math.comb(max(len(rules.missions), 1), c.missions_dealt),
        len(rules.recipes),
        len(rules.heroes),
        len(rules.events),
        players,
    )
    return widest
