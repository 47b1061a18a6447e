"""Cavern Tavern's state: frozen, built only by folding events
(:mod:`taverna_rules.games.cavern_tavern.evolve`).

Cards are held as ids: an order or a secret task by its id, an item by its copy's id
(``lucky_charm#2``, distinct texts for the views). Ingredients are held as a sorted tuple
of their ids (``("beer", "beer", "wine")``), so that what a player has is read at a
glance and counted for conservation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from taverna_rules.core.records import HIDDEN, Result, Task

__all__ = ["GameState", "Player", "VPLine", "Task", "count", "without", "vp_total"]

#: VP by category: ``(("orders", 15), ("tasks", 6))``, sorted by category.
VPLine = tuple[tuple[str, int], ...]


def without(things: tuple[str, ...], gone: Sequence[str]) -> tuple[str, ...]:
    """``things`` less one of each of ``gone`` (in a view, a hidden mark stands for a card
    that is not shown)."""
    out = list(things)
    for thing in gone:
        target = thing if thing in out else HIDDEN
        if target in out:
            out.remove(target)
    return tuple(out)


def count(things: Sequence[str], thing: str) -> int:
    """How many ``thing`` are in ``things``."""
    return sum(1 for t in things if t == thing)


def vp_total(vp: VPLine) -> int:
    """The sum of a VP line."""
    return sum(amount for _, amount in vp)


@attrs.frozen
class Player:
    """One player: their dice this round, cards, ingredients, order, tracks and VP."""

    name: str
    #: The dice not yet placed this round (values, sorted), the white die among them.
    dice: tuple[int, ...] = ()
    #: Whether the player has the white die this round.
    white: bool = False
    ingredients: tuple[str, ...] = ()
    #: Item cards in hand (their owner sees them, the others how many).
    items: tuple[str, ...] = ()
    #: The item cards drawn at the Wizard's Workshop, one to keep (owner only).
    offer: tuple[str, ...] = ()
    #: The secret task, face down (owner only), and once shown at the end, face up.
    secret: str = ""
    shown: str = ""
    #: The open order, the table whose spot the player's meeple holds, and the round of
    #: the time token.
    order: str | None = None
    table: int = -1
    taken: int = 0
    #: The orders served face up: each as it is served under the rule option
    #: ``served_orders: open``; by default, those kept face down once the final scoring
    #: turns them up.
    served: tuple[str, ...] = ()
    #: The orders served and kept face down (line 169): their owner sees them, the others
    #: how many.
    face_down: tuple[str, ...] = ()
    #: The ingredient kinds of the orders served face up: each kind once per order
    #: holding it.
    recipes: tuple[str, ...] = ()
    kitchen: int = 0
    chores: int = 0
    #: The position on the Nasty track: 0 at the start, 9 at the bottom.
    nasty: int = 0
    #: The Nasty thresholds already reached (a card drawn at each, once).
    summons: tuple[int, ...] = ()
    #: Open "Nasty the Dwarf Says" cards with the round each was drawn.
    demands: tuple[tuple[str, int], ...] = ()
    obeyed: tuple[str, ...] = ()
    vp: VPLine = ()
    #: This round: began it without an order, so their first turn must take one (line
    #: 258); serving one during the round asks for no other (line 322).
    owes_order: bool = True
    #: This round: had a turn, passed for the round; this turn: placed dice, a master key.
    acted: bool = False
    passed: bool = False
    placed: bool = False
    key: bool = False

    @property
    def orders_served(self) -> int:
        """How many orders the player served, face up or face down (everyone sees it)."""
        return len(self.served) + len(self.face_down)

    @property
    def score(self) -> int:
        """The player's VP so far."""
        return vp_total(self.vp)

    def track(self, track: str) -> int:
        """The player's level on the track ``kitchen``, ``chores`` or ``nasty``."""
        level: int = getattr(self, track)
        return level


@attrs.frozen
class GameState:
    """A game of Cavern Tavern at one moment."""

    rules: str
    players: tuple[Player, ...]
    seed: int = 0
    #: Draws made during play (the next draw's key, with the seed).
    draws: int = 0
    #: How draws are made: ``"sampled"`` from the seed, or ``"explicit"`` chance decisions
    #: (see :mod:`taverna_rules.core.chance`).
    chance: str = "sampled"
    options: tuple[tuple[str, Any], ...] = ()
    round: int = 0
    #: The seat with the First Player Marker.
    first: int = 0
    #: The face-up order on each table of the Main Area ("" when there is none).
    tables: tuple[str, ...] = ()
    order_deck: tuple[str, ...] = ()
    order_discard: tuple[str, ...] = ()
    item_deck: tuple[str, ...] = ()
    item_discard: tuple[str, ...] = ()
    nasty_deck: tuple[str, ...] = ()
    nasty_discard: tuple[str, ...] = ()
    #: The secret tasks nobody was dealt, out of the game unseen.
    secret_box: tuple[str, ...] = ()
    #: The ingredient cards in the Cellar's supply (the Magic Potions too), sorted.
    supply: tuple[str, ...] = ()
    #: The dice groups placed this round: ``(place, seat, dice)``, dice as ``"1+3+6+6"``.
    placements: tuple[tuple[str, int, str], ...] = ()
    stack: tuple[Task, ...] = ()
    result: Result | None = None

    @property
    def over(self) -> bool:
        """True once the game has a result."""
        return self.result is not None

    def used(self, place: str) -> int:
        """The dice groups on ``place`` this round."""
        return sum(1 for p, _, _ in self.placements if p == place)

    def option(self, name: str, default: Any = None) -> Any:
        """The value of the rule option ``name``."""
        return dict(self.options).get(name, default)
