"""Cavern Tavern's events: facts in the past tense, folded by
:mod:`taverna_rules.games.cavern_tavern.evolve`, and what each view may see of them
(:data:`VISIBILITY`).

Chance during play is recorded: every roll and every card drawn from a deck is an event
made by the engine's :meth:`~taverna_rules.core.engine.Engine.draw` (the decks are kept
unordered, so a draw is a uniform pick: the same as a shuffled deck), and folding it
counts the draw. Hidden: the seed, the decks, the secret tasks out of the game, every
player's items, item offer and (until the end) secret task and, by default, the orders
they served (kept face down until the end: the rule option ``served_orders``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from taverna_rules.core.records import HIDDEN, Event, FlowAdvanced, Registry, Result, event_table, registrar
from taverna_rules.core.views import STATE_ZONE, Visibility, Zone
from taverna_rules.games.cavern_tavern.state import GameState

__all__ = [
    "EVENT_TYPES",
    "HIDDEN",
    "VISIBILITY",
    "BoardSetUp",
    "DiceRolled",
    "DicePlaced",
    "DiceRerolled",
    "DieChanged",
    "Event",
    "FirstPlayerTaken",
    "FlowAdvanced",
    "GameEnded",
    "GameStarted",
    "IngredientGained",
    "IngredientTaken",
    "IngredientsReturned",
    "ItemDiscarded",
    "ItemKept",
    "ItemPlayed",
    "ItemsDrawn",
    "ItemsGained",
    "ItemsReshuffled",
    "NastyObeyed",
    "NastySummoned",
    "OrderClockReset",
    "OrderDiscarded",
    "OrderDrawn",
    "OrderLeft",
    "OrderServed",
    "OrderTaken",
    "OrdersRevealed",
    "PlaceOpened",
    "PositionLoaded",
    "RoundStarted",
    "SecretDealt",
    "SecretsRevealed",
    "TableRefilled",
    "TrackMoved",
    "TurnEnded",
    "VPScored",
    "WhiteDieGiven",
]

VISIBILITY = Visibility(
    (
        Zone("seed", "seed", "hidden"),
        # A face-down order is, to the others, any order they see nowhere else: it may
        # trade places with the deck's when a game is determinized.
        Zone("order_deck", "order_deck", "count", pool="orders"),
        Zone("item_deck", "item_deck", "count", pool="items"),
        Zone("nasty_deck", "nasty_deck", "count"),
        Zone("secret_box", "secret_box", "count", pool="secrets"),
        Zone("items", "players.items", "owner", pool="items"),
        Zone("offer", "players.offer", "owner", pool="items"),
        Zone("secret", "players.secret", "owner", pool="secrets"),
        Zone("face_down", "players.face_down", "owner", pool="orders"),
    )
)

EVENT_TYPES: Registry[type[Event]] = event_table()
_event = registrar(EVENT_TYPES)


# ----------------------------------------------------------------------------- setup
@_event
@attrs.frozen
class GameStarted(Event):
    """A new game: its rules, players in seat order, seed (hidden), first player and options,
    the game, the engine and the packs it was set up with."""

    ZONES: ClassVar[Mapping[str, str]] = {"seed": "seed"}
    rules: str
    players: tuple[str, ...]
    seed: int
    first_player: int
    options: tuple[tuple[str, Any], ...]
    game: str = "cavern_tavern"
    engine: str = ""
    packs: tuple[tuple[str, str], ...] = ()
    chance: str = "sampled"


@_event
@attrs.frozen
class PositionLoaded(Event):
    """A game resumed from a position document: the whole state."""

    ZONES: ClassVar[Mapping[str, str]] = {"state": STATE_ZONE}
    state: GameState


@_event
@attrs.frozen
class BoardSetUp(Event):
    """The components laid out: the ingredient supply, the empty tables of the Main Area
    and the decks (unordered)."""

    ZONES: ClassVar[Mapping[str, str]] = {
        "order_deck": "order_deck",
        "item_deck": "item_deck",
        "nasty_deck": "nasty_deck",
        "secret_box": "secret_box",
    }
    supply: tuple[str, ...]
    tables: int
    order_deck: tuple[str, ...]
    item_deck: tuple[str, ...]
    nasty_deck: tuple[str, ...]
    secret_box: tuple[str, ...]


@_event
@attrs.frozen
class SecretDealt(Event):
    """A secret task dealt face down (a draw)."""

    ZONES: ClassVar[Mapping[str, str]] = {"card": "secret"}
    player: int
    card: str


@_event
@attrs.frozen
class WhiteDieGiven(Event):
    """The white die goes to a player for the coming round."""

    player: int


@_event
@attrs.frozen
class TableRefilled(Event):
    """A face-up order from the deck on an empty table (a draw)."""

    table: int
    order: str


# ----------------------------------------------------------------------------- rounds and turns
@_event
@attrs.frozen
class RoundStarted(Event):
    """A round begins: the places are free again."""

    round: int


@_event
@attrs.frozen
class DiceRolled(Event):
    """A player rolled all their dice (a draw)."""

    player: int
    dice: tuple[int, ...]


@_event
@attrs.frozen
class TurnEnded(Event):
    """A player's turn is over; ``passed``: they are done for the round."""

    player: int
    passed: bool = False


@_event
@attrs.frozen
class DicePlaced(Event):
    """Dice placed on a place (``dice`` as ``"1+3+6+6"``)."""

    player: int
    place: str
    dice: str


@_event
@attrs.frozen
class DieChanged(Event):
    """One unplaced die turned from ``die`` to ``to`` (an item)."""

    player: int
    die: int
    to: int


@_event
@attrs.frozen
class DiceRerolled(Event):
    """A player rolled their unplaced dice again (an item; a draw)."""

    player: int
    dice: tuple[int, ...]


# ----------------------------------------------------------------------------- ingredients, points, tracks
@_event
@attrs.frozen
class IngredientGained(Event):
    """An ingredient card from the supply."""

    player: int
    ingredient: str


@_event
@attrs.frozen
class IngredientsReturned(Event):
    """Ingredient cards given back to the supply."""

    player: int
    ingredients: tuple[str, ...]


@_event
@attrs.frozen
class IngredientTaken(Event):
    """An ingredient taken from another player (``source``)."""

    player: int
    source: int
    ingredient: str


@_event
@attrs.frozen
class VPScored(Event):
    """Points won (or lost, when negative), by category."""

    player: int
    amount: int
    category: str


@_event
@attrs.frozen
class TrackMoved(Event):
    """A player's marker on the track ``kitchen``, ``chores`` or ``nasty`` moved to ``level``."""

    player: int
    track: str
    level: int


@_event
@attrs.frozen
class FirstPlayerTaken(Event):
    """The First Player Marker changes hands: this player begins the next round."""

    player: int


# ----------------------------------------------------------------------------- orders
@_event
@attrs.frozen
class OrderTaken(Event):
    """A player takes a table's order: their meeple and time token go to its spot."""

    player: int
    table: int
    order: str
    round: int


@_event
@attrs.frozen
class OrderDrawn(Event):
    """A player draws an order blind from the deck, and must take it (a draw)."""

    player: int
    order: str
    round: int


@_event
@attrs.frozen
class OrderDiscarded(Event):
    """After a blind draw, a table's order is discarded; the player's meeple goes there."""

    player: int
    table: int
    order: str


@_event
@attrs.frozen
class OrderServed(Event):
    """A player completes their order, ``late`` rounds after taking it, giving back the
    ingredients (Magic Potions among them) for ``points``, and keeps it face down (line
    169): the others see that an order was served, not which. Version 2: the kinds of
    ingredient it holds moved to :class:`OrdersRevealed`."""

    VERSION: ClassVar[int] = 2
    ZONES: ClassVar[Mapping[str, str]] = {"order": "face_down"}
    player: int
    order: str
    late: int
    points: int
    ingredients: tuple[str, ...]


@_event
@attrs.frozen
class OrdersRevealed(Event):
    """A player's face-down orders turned face up: each as it is served under the rule
    option ``served_orders: open``, else all of them for the final scoring; ``recipe``
    lists the kinds of ingredient they hold (each kind once per order), which the secret
    tasks count."""

    player: int
    orders: tuple[str, ...]
    recipe: tuple[str, ...]


@_event
@attrs.frozen
class OrderLeft(Event):
    """The customers of a player's open order give up waiting: it is discarded."""

    player: int
    order: str
    lose: int


@_event
@attrs.frozen
class OrderClockReset(Event):
    """A player's open order counts as taken in ``round`` (an item)."""

    player: int
    round: int


# ----------------------------------------------------------------------------- items
@_event
@attrs.frozen
class ItemsDrawn(Event):
    """Item cards drawn at the Wizard's Workshop, one to keep (a draw; owner only)."""

    ZONES: ClassVar[Mapping[str, str]] = {"cards": "offer"}
    player: int
    cards: tuple[str, ...]


@_event
@attrs.frozen
class ItemKept(Event):
    """One drawn item kept (owner only), the rest back in the deck (hidden from everyone:
    the deck is shuffled)."""

    ZONES: ClassVar[Mapping[str, str]] = {"card": "items", "returned": "item_deck"}
    player: int
    card: str
    returned: tuple[str, ...]


@_event
@attrs.frozen
class ItemsGained(Event):
    """Item cards from the deck into a hand (a draw; owner only)."""

    ZONES: ClassVar[Mapping[str, str]] = {"cards": "items"}
    player: int
    cards: tuple[str, ...]


@_event
@attrs.frozen
class ItemsReshuffled(Event):
    """The item deck ran out: every played item is shuffled into a new deck (the cards
    are hidden once shuffled)."""

    ZONES: ClassVar[Mapping[str, str]] = {"cards": "item_deck"}
    cards: tuple[str, ...]


@_event
@attrs.frozen
class ItemPlayed(Event):
    """An item card played, face up, then set aside."""

    player: int
    card: str


@_event
@attrs.frozen
class ItemDiscarded(Event):
    """An item card handed to Nasty, face up."""

    player: int
    card: str


@_event
@attrs.frozen
class PlaceOpened(Event):
    """This turn the player may place dice on a Kitchen task or Chore already taken."""

    player: int


# ----------------------------------------------------------------------------- Nasty
@_event
@attrs.frozen
class NastySummoned(Event):
    """A player reached a threshold of the Nasty track and drew a "Nasty the Dwarf Says"
    card (a draw), read aloud."""

    player: int
    card: str
    round: int
    threshold: int


@_event
@attrs.frozen
class NastyObeyed(Event):
    """A player did what a "Nasty the Dwarf Says" card asked."""

    player: int
    card: str


# ----------------------------------------------------------------------------- the end
@_event
@attrs.frozen
class SecretsRevealed(Event):
    """The end of the game: every secret task shown face up, by seat."""

    cards: tuple[str, ...]


@_event
@attrs.frozen
class GameEnded(Event):
    """The final ranking."""

    result: Result
