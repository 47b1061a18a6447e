"""Cavern Tavern's actions: what a player asks for, always one of the pending decision's
legal actions. Dice are written as their values joined by ``+`` (``"1+3+6+6"``), the
way the rulebook adds them up."""

from __future__ import annotations

import attrs

from taverna_rules.core.choices import ChooseOption, ChoosePlayer, EndTurn, Pass
from taverna_rules.core.records import Action, Registry, action_table, registrar

__all__ = [
    "ACTION_TYPES",
    "ChangeDie",
    "ChooseIngredient",
    "ChooseOption",
    "ChoosePlayer",
    "CompleteOrder",
    "DiscardOrder",
    "DrawOrder",
    "EndTurn",
    "GiveItem",
    "KeepItem",
    "ObeyNasty",
    "Pass",
    "PlaceDice",
    "PlayItem",
    "TakeFrom",
    "TakeOrder",
]

ACTION_TYPES: Registry[type[Action]] = action_table()
_action = registrar(ACTION_TYPES)


@_action
@attrs.frozen
class TakeOrder(Action):
    """Take the face-up order of a table of the Main Area (0 to 5)."""

    table: int


@_action
@attrs.frozen
class DrawOrder(Action):
    """Draw the top order of the deck blind: you must take it, and discard an order from a table."""


@_action
@attrs.frozen
class DiscardOrder(Action):
    """After a blind draw: the table whose order is discarded (your meeple goes there)."""

    table: int


@_action
@attrs.frozen
class PlayItem(Action):
    """Play an item card of your hand, by kind (``lucky_charm``)."""

    item: str


@_action
@attrs.frozen
class PlaceDice(Action):
    """Place dice on a place: ``PlaceDice("fix_the_roof", "1+3+6+6")``."""

    place: str
    dice: str


@_action
@attrs.frozen
class CompleteOrder(Action):
    """Serve your open order. ``potions`` names the ingredients Magic Potions stand for,
    joined by ``+`` (``""``: none, ``"beer"``, ``"beer+wine"``)."""

    potions: str = ""


@_action
@attrs.frozen
class ObeyNasty(Action):
    """Pay what a "Nasty the Dwarf Says" card of yours demands."""

    card: str


# The choices every game shares (taverna_rules.core.choices), here and below: in this
# game's table under their wire names.
_action(EndTurn)


_action(Pass)


_action(ChooseOption)


@_action
@attrs.frozen
class ChooseIngredient(Action):
    """Choose an ingredient: to take from the Cellar, or to give back."""

    ingredient: str


_action(ChoosePlayer)


@_action
@attrs.frozen
class TakeFrom(Action):
    """Take an ingredient of an opponent (a theft, or your side of a forced trade)."""

    seat: int
    ingredient: str


@_action
@attrs.frozen
class KeepItem(Action):
    """Keep one of the item cards drawn at the Wizard's Workshop, by kind."""

    item: str


@_action
@attrs.frozen
class GiveItem(Action):
    """Hand an item card of yours to Nasty, by kind."""

    item: str


@_action
@attrs.frozen
class ChangeDie(Action):
    """Turn one of your unplaced dice showing ``die`` to show ``to``."""

    die: int
    to: int
