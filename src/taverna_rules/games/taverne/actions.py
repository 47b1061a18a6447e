"""Taverne's actions: what a player asks for, always one of the pending decision's legal
actions. A weapon is named by its value, 1 to 9: every player owns one of each."""

from __future__ import annotations

import attrs

from taverna_rules.core.choices import ChooseOption, ChoosePlayer, Pass
from taverna_rules.core.records import Action, Registry, action_table, registrar

__all__ = [
    "ACTION_TYPES",
    "Attack",
    "BidEnergy",
    "Buy",
    "CastSpell",
    "ChooseCard",
    "ChooseCharacter",
    "ChooseOption",
    "ChooseOrigin",
    "ChoosePlayer",
    "Dodge",
    "LeaveTable",
    "NameValue",
    "Pass",
    "PlayAtout",
    "ReturnToTable",
    "SplitDodges",
    "TakeBackAtout",
    "TakeSeat",
]

ACTION_TYPES: Registry[type[Action]] = action_table()
ACTION_TYPES.add(Pass.TYPE, Pass)
ACTION_TYPES.add(ChoosePlayer.TYPE, ChoosePlayer)
ACTION_TYPES.add(ChooseOption.TYPE, ChooseOption)
_action = registrar(ACTION_TYPES)


@_action
@attrs.frozen
class ChooseCharacter(Action):
    """Keep one of the Characters dealt to you (``"homme_serpent"``)."""

    character: str


@_action
@attrs.frozen
class ChooseOrigin(Action):
    """Double Taverne: the box you come from, whose Characters you are dealt (``"port"``,
    l.320)."""

    box: str


@_action
@attrs.frozen
class BidEnergy(Action):
    """Characters by auction: your starting Energy, chosen in secret (l.317)."""

    energy: int


@_action
@attrs.frozen
class LeaveTable(Action):
    """Rule option ``absences``: leave the table for a while (l.303)."""


@_action
@attrs.frozen
class ReturnToTable(Action):
    """Rule option ``absences``: come back to the table as you left it (l.304)."""


@_action
@attrs.frozen
class TakeSeat(Action):
    """Coming back to the table: sit on the left of the seat ``after`` (between that player
    and the one who was on their left)."""

    after: int


@_action
@attrs.frozen
class Buy(Action):
    """Spend one Butin in call 2 on ``"weapon"`` (the top of your pile, into your hand),
    ``"pint"`` (one pint of Prestige) or ``"specialty"`` (the top Specialty of the pile)."""

    what: str


@_action
@attrs.frozen
class PlayAtout(Action):
    """Call 2: put an Atout of your hand into play (at most your Prestige in play, l.278)."""

    card: str


@_action
@attrs.frozen
class TakeBackAtout(Action):
    """Call 2: take an Atout in play, not used this turn, back into your hand (l.279)."""

    card: str


@_action
@attrs.frozen
class CastSpell(Action):
    """Say the formula and cast a Sort of your hand (l.291-296)."""

    card: str


@_action
@attrs.frozen
class ChooseCard(Action):
    """Choose a card an effect or a rule asks for (an Atout to discard, the Crasse to
    keep)."""

    card: str


@_action
@attrs.frozen
class Dodge(Action):
    """Call 3: set the weapon ``weapon`` (its value) of your hand aside face up, one dodge
    this turn."""

    weapon: int


@_action
@attrs.frozen
class Attack(Action):
    """Call 4: lay the weapon ``weapon`` (its value) of your hand face down on an attack
    spot (``melee_left``, ``melee_right``, ``ranged_left``, ``ranged_right``), and with it,
    face down too, ``crasse``, a Crasse of your hand (``""``: none; l.281)."""

    spot: str
    weapon: int
    crasse: str = ""


@_action
@attrs.frozen
class SplitDodges(Action):
    """Call 5: put ``count`` of your dodges on the attack of ``attacker``."""

    attacker: int
    count: int


@_action
@attrs.frozen
class NameValue(Action):
    """Call 5: name a value (1 to 9) against the attack of ``attacker``."""

    attacker: int
    value: int
