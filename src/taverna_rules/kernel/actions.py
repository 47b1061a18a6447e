"""Actions: what a player asks for, always one of the pending decision's legal actions.

Actions are imperatives (``PickCard``), frozen and comparable, with a stable type name
used on the wire: ``{"type": "PickCard", "card": "c07", "people": "elf"}``.
"""

from __future__ import annotations

import typing
from typing import ClassVar

import attrs

from taverna_rules._shown import shown
from taverna_rules.kernel._registry import Registry, registrar

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


@attrs.frozen
class Action:
    """The base of every action."""

    TYPE: ClassVar[str] = "Action"


ACTION_TYPES: Registry[type[Action]] = Registry("action type")
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


@_action
@attrs.frozen
class EndTurn(Action):
    """End your turn (the optional steps you skipped are lost)."""


@_action
@attrs.frozen
class ChooseRoyalScoring(Action):
    """Choose a royal scoring opportunity at the end of the game."""

    scoring: str


@_action
@attrs.frozen
class ChooseOption(Action):
    """Answer an effect's choice: the index of the option (0 = yes for an optional effect)."""

    option: int


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


@_action
@attrs.frozen
class Pass(Action):
    """Let a response window on another player's turn go by."""


@_action
@attrs.frozen
class ChoosePlayer(Action):
    """Choose a player, by seat (the target of an effect: "an opponent of your choice")."""

    seat: int


# Field types by action class, resolved once (the annotations are strings here).
_FIELD_TYPES: dict[type[Action], tuple[tuple[str, type], ...]] = {}


def _field_types(cls: type[Action]) -> tuple[tuple[str, type], ...]:
    types = _FIELD_TYPES.get(cls)
    if types is None:
        hints = typing.get_type_hints(cls)
        types = _FIELD_TYPES[cls] = tuple((f.name, hints[f.name]) for f in attrs.fields(cls))
    return types


_WORDS = {str: "a string", int: "an integer", bool: "true or false"}


def action_problem(action: object) -> str:
    """Why ``action`` is not an action the kernel can judge, or ``""`` when it is one.

    An action is an instance of one of the action types exactly (not of a subclass, nor
    an object that merely compares equal to one) whose every field holds a value of its
    declared type exactly (a ``bool`` is not an ``int``, a ``str`` subclass is not a
    ``str``). Legality is then decided by type and value alone: no foreign ``__eq__``
    ever runs.
    """
    cls = type(action)
    if ACTION_TYPES.get(getattr(cls, "TYPE", "")) is not cls:
        kinds = ", ".join(ACTION_TYPES)
        return f"an action is one of the action types ({kinds}), not an object of type {cls.__name__!r}"
    assert isinstance(action, Action)
    for name, expected in _field_types(cls):
        value = getattr(action, name)
        if type(value) is not expected:
            return f"{cls.__name__}.{name} is {_WORDS.get(expected, expected.__name__)}, not {shown(value)}"
    return ""
