"""Taverns & Dragons' actions: what a player asks for, always one of the pending
decision's legal actions. An action die is named by its value (two dice of a value are the
same choice), a place by its index from the left (the bank) or from the newest recipe (the
row), a hunting die by its face (``"sword+wound"``), everything else by its content id."""

from __future__ import annotations

import attrs

from taverna_rules.core.choices import ChooseOption, ChoosePlayer, EndTurn, Pass
from taverna_rules.core.records import Action, Registry, action_table, registrar

__all__ = [
    "ACTION_TYPES",
    "Activate",
    "ChooseFace",
    "ChooseHero",
    "ChooseIngredient",
    "ChooseLocation",
    "ChooseMission",
    "ChooseOption",
    "ChoosePlayer",
    "ChooseRegion",
    "ChooseSbire",
    "Collect",
    "Cook",
    "Damage",
    "Drop",
    "EndActivation",
    "EndTurn",
    "Heal",
    "Hunt",
    "Move",
    "Pass",
    "Recruit",
    "Reroll",
    "RerollHunting",
    "Search",
    "Strike",
    "TakeEnergy",
    "TakeGold",
    "UseAbility",
    "UseBonus",
    "UsePower",
    "Visit",
]

ACTION_TYPES: Registry[type[Action]] = action_table()
ACTION_TYPES.add(Pass.TYPE, Pass)
ACTION_TYPES.add(EndTurn.TYPE, EndTurn)
ACTION_TYPES.add(ChoosePlayer.TYPE, ChoosePlayer)
ACTION_TYPES.add(ChooseOption.TYPE, ChooseOption)
_action = registrar(ACTION_TYPES)


# ----------------------------------------------------------------------------- a die placed
@_action
@attrs.frozen
class TakeGold(Action):
    """Put a die on a space of the royal bank (0 the leftmost) and gain its gold (l.204-212)."""

    die: int
    space: int


@_action
@attrs.frozen
class TakeEnergy(Action):
    """Put a die on the energy source and take as many gems (l.214-222)."""

    die: int


@_action
@attrs.frozen
class Activate(Action):
    """Put a die on the slot of one of your sbires (``"booted"``) and activate it (l.228)."""

    die: int
    sbire: str


@_action
@attrs.frozen
class Cook(Action):
    """Put a die on the recipe at a place of the row (0 the newest) and cook it (l.335-349)."""

    die: int
    place: int


# ----------------------------------------------------------------------------- an activation
@_action
@attrs.frozen
class Move(Action):
    """Move the sbire along a route: the regions it enters, joined by ``/``
    (``"sous_bois/grottes"``), exactly as many as its die says (l.242-248)."""

    path: str


@_action
@attrs.frozen
class Collect(Action):
    """Take one ingredient of the sbire's region onto a free slot (l.267-277)."""

    ingredient: str


@_action
@attrs.frozen
class Visit(Action):
    """Visit a location adjacent to the sbire, pay its cost and apply it (l.283-291)."""

    location: str


@_action
@attrs.frozen
class Hunt(Action):
    """Hunt the dragon adjacent to the sbire: discard 1 to 3 gems, roll that many hunting
    dice (l.295-331)."""

    gems: int


@_action
@attrs.frozen
class Drop(Action):
    """At the city gates, put an ingredient the sbire carries into your pantry (l.258-263)."""

    ingredient: str


@_action
@attrs.frozen
class Heal(Action):
    """At the city gates, discard ``wounds`` of the sbire's wounds, from one to all of them
    (l.258-263; any number, B13: a mission may want them kept)."""

    wounds: int


@_action
@attrs.frozen
class EndActivation(Action):
    """End the activation (once the sbire has moved)."""


# ----------------------------------------------------------------------------- a hunt
@_action
@attrs.frozen
class Strike(Action):
    """Done modifying the hunting dice: the attack (l.301-315)."""


@_action
@attrs.frozen
class Damage(Action):
    """Put the damage marker of ``symbol`` on a row of the dragon's grid (0 the first row;
    l.303, B9)."""

    symbol: str
    row: int


@_action
@attrs.frozen
class RerollHunting(Action):
    """Discard a rune and reroll a hunting die showing ``face`` (l.254)."""

    face: str


# ----------------------------------------------------------------------------- free actions
@_action
@attrs.frozen
class Recruit(Action):
    """Pay a hero of the market its cost and take it (l.357-359)."""

    hero: str


@_action
@attrs.frozen
class UseAbility(Action):
    """Use the ability of one of your ready heroes, which is exhausted (l.361-367)."""

    hero: str


@_action
@attrs.frozen
class UseBonus(Action):
    """Put one of your gems on the bonus of one of your heroes and apply it, once a game
    (l.371-380)."""

    hero: str


@_action
@attrs.frozen
class Reroll(Action):
    """Discard a rune and reroll one of your available action dice showing ``die`` (l.254);
    inside a reroll of several dice, set that die aside to reroll."""

    die: int


@_action
@attrs.frozen
class UsePower(Action):
    """The tavern power (module): take the effect of a space of the track up to the
    marker (1 the first after the start), and the marker goes back to the start (l.488-493)."""

    space: int


# ----------------------------------------------------------------------------- choices
@_action
@attrs.frozen
class ChooseIngredient(Action):
    """An ingredient (``"egg"``) of those an effect offers."""

    ingredient: str


@_action
@attrs.frozen
class ChooseRegion(Action):
    """A region of the map (``"verger"``)."""

    region: str


@_action
@attrs.frozen
class ChooseSbire(Action):
    """One of your sbires (``"sturdy"``)."""

    sbire: str


@_action
@attrs.frozen
class ChooseHero(Action):
    """A hero (``"gardienne"``)."""

    hero: str


@_action
@attrs.frozen
class ChooseLocation(Action):
    """A location (``"forge"``)."""

    location: str


@_action
@attrs.frozen
class ChooseFace(Action):
    """A face for a hunting die showing ``face``: ``to`` (``"sword"``)."""

    face: str
    to: str


@_action
@attrs.frozen
class ChooseMission(Action):
    """Keep one of the missions dealt to you (l.470)."""

    mission: str


@_action
@attrs.frozen
class Search(Action):
    """In the dungeon: draw another token (``more``) or stop (l.547)."""

    more: bool
