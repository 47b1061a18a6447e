"""Actions: what a player asks for, always one of the pending decision's legal actions.

Actions are imperatives (``PickCard``), frozen and comparable, with a stable type name
used on the wire: ``{"type": "PickCard", "card": "c07", "people": "elf"}``.
"""

from __future__ import annotations

import attrs

from taverna_rules.core.choices import ChooseOption, ChoosePlayer, EndTurn, Pass
from taverna_rules.core.records import Action, Registry, action_table, registrar
from taverna_rules.core.records import action_problem as _action_problem

__all__ = [
    "ACTION_TYPES",
    "Action",
    "BuyDeed",
    "ChooseOption",
    "ChoosePeople",
    "ChooseRoyalScoring",
    "ActivateDignitary",
    "ChooseDeed",
    "ChooseGuildToken",
    "SendDignitary",
    "TakeFavour",
    "UseFavour",
    "ChangeSymbol",
    "ChooseTable",
    "CastSpell",
    "Pass",
    "EndTurn",
    "PickCard",
    "ReplaceCustomer",
    "SeatCustomer",
    "SellSpell",
    "ChoosePlayer",
    "action_problem",
]


ACTION_TYPES: Registry[type[Action]] = action_table()
_action = registrar(ACTION_TYPES)


@_action
@attrs.frozen
class ChoosePeople(Action):
    """Choose the King's (or, with 2 players, the Queen's) people."""

    people: str


@_action
@attrs.frozen
class BuyDeed(Action):
    """Buy a property deed during the deed draft."""

    tavern: str
    space: int


@_action
@attrs.frozen
class PickCard(Action):
    """Pick a customer card from the row, and the people of the tile to take."""

    card: str
    people: str


@_action
@attrs.frozen
class SeatCustomer(Action):
    """Seat the customer tile at a free table."""

    tavern: str
    table: int


@_action
@attrs.frozen
class ReplaceCustomer(Action):
    """Trickery: remove the tile at an occupied table and seat yours there."""

    tavern: str
    table: int


@_action
@attrs.frozen
class SellSpell(Action):
    """Sell a spell card from your hand for 1 coin."""

    spell: str


# The choices every game shares (taverna_rules.core.choices), here and below: in this
# game's table under their wire names.
_action(EndTurn)


@_action
@attrs.frozen
class ChooseRoyalScoring(Action):
    """Choose a royal scoring opportunity at the end of the game."""

    scoring: str


_action(ChooseOption)


@_action
@attrs.frozen
class ActivateDignitary(Action):
    """Activate a dignitary at one of its levels (``level`` indexes its costs); ``extra``
    pays two privilege tokens for an activation beyond the turn's own."""

    dignitary: str
    level: int
    extra: bool = False


@_action
@attrs.frozen
class SendDignitary(Action):
    """Send the activated dignitary to another tavern (at most two dignitaries there)."""

    tavern: str


@_action
@attrs.frozen
class ChooseDeed(Action):
    """Choose the deed space to buy (the Notary)."""

    tavern: str
    space: int


@_action
@attrs.frozen
class ChooseGuildToken(Action):
    """Choose a guild token to place, and the tavern."""

    tavern: str
    symbol: str


@_action
@attrs.frozen
class TakeFavour(Action):
    """Choose a royal favour tile from the castle."""

    favour: str


@_action
@attrs.frozen
class UseFavour(Action):
    """Use a royal favour tile you hold (once; it is then kept face down)."""

    favour: str


@_action
@attrs.frozen
class ChangeSymbol(Action):
    """Replace guild symbol ``old`` of the card played by ``new``."""

    old: str
    new: str


@_action
@attrs.frozen
class ChooseTable(Action):
    """Choose a table: the customer to move, or the free table it goes to."""

    tavern: str
    table: int


@_action
@attrs.frozen
class CastSpell(Action):
    """Cast a spell from your hand: pay its cost, then resolve its effect."""

    spell: str


_action(Pass)


_action(ChoosePlayer)


def action_problem(action: object) -> str:
    """Why ``action`` is not a Taverna action the kernel can judge, or ``""`` when it is
    one (:func:`taverna_rules.core.records.action_problem`)."""
    return _action_problem(action, ACTION_TYPES)
