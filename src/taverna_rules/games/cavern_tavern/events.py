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
from typing import Any, ClassVar, Final

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
class GameStarted(Event):
    """A new game: its rules, players in seat order, seed (hidden), first player and options,
    the game, the engine and the packs it was set up with."""

    ZONES: ClassVar[Mapping[str, str]] = {"seed": "seed"}

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "chance",
        "engine",
        "first_player",
        "game",
        "options",
        "packs",
        "players",
        "rules",
        "seed",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("rules", "str"),
        ("players", "tuple[str, ...]"),
        ("seed", "int"),
        ("first_player", "int"),
        ("options", "tuple[tuple[str, Any], ...]"),
        ("game", "str"),
        ("engine", "str"),
        ("packs", "tuple[tuple[str, str], ...]"),
        ("chance", "str"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {
        "game": "cavern_tavern",
        "engine": "",
        "packs": (),
        "chance": "sampled",
    }
    rules: Final[str]
    players: Final[tuple[str, ...]]
    seed: Final[int]
    first_player: Final[int]
    options: Final[tuple[tuple[str, Any], ...]]
    game: Final[str]
    engine: Final[str]
    packs: Final[tuple[tuple[str, str], ...]]
    chance: Final[str]

    def __init__(
        self,
        rules: str,
        players: tuple[str, ...],
        seed: int,
        first_player: int,
        options: tuple[tuple[str, Any], ...],
        game: str = "cavern_tavern",
        engine: str = "",
        packs: tuple[tuple[str, str], ...] = (),
        chance: str = "sampled",
    ) -> None:
        self.rules = rules
        self.players = players
        self.seed = seed
        self.first_player = first_player
        self.options = options
        self.game = game
        self.engine = engine
        self.packs = packs
        self.chance = chance

    # end of record


@_event
class PositionLoaded(Event):
    """A game resumed from a position document: the whole state."""

    ZONES: ClassVar[Mapping[str, str]] = {"state": STATE_ZONE}

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = ("state",)
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (("state", "GameState"),)
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    state: Final[GameState]

    def __init__(
        self,
        state: GameState,
    ) -> None:
        self.state = state

    # end of record


@_event
class BoardSetUp(Event):
    """The components laid out: the ingredient supply, the empty tables of the Main Area
    and the decks (unordered)."""

    ZONES: ClassVar[Mapping[str, str]] = {
        "order_deck": "order_deck",
        "item_deck": "item_deck",
        "nasty_deck": "nasty_deck",
        "secret_box": "secret_box",
    }

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "item_deck",
        "nasty_deck",
        "order_deck",
        "secret_box",
        "supply",
        "tables",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("supply", "tuple[str, ...]"),
        ("tables", "int"),
        ("order_deck", "tuple[str, ...]"),
        ("item_deck", "tuple[str, ...]"),
        ("nasty_deck", "tuple[str, ...]"),
        ("secret_box", "tuple[str, ...]"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    supply: Final[tuple[str, ...]]
    tables: Final[int]
    order_deck: Final[tuple[str, ...]]
    item_deck: Final[tuple[str, ...]]
    nasty_deck: Final[tuple[str, ...]]
    secret_box: Final[tuple[str, ...]]

    def __init__(
        self,
        supply: tuple[str, ...],
        tables: int,
        order_deck: tuple[str, ...],
        item_deck: tuple[str, ...],
        nasty_deck: tuple[str, ...],
        secret_box: tuple[str, ...],
    ) -> None:
        self.supply = supply
        self.tables = tables
        self.order_deck = order_deck
        self.item_deck = item_deck
        self.nasty_deck = nasty_deck
        self.secret_box = secret_box

    # end of record


@_event
class SecretDealt(Event):
    """A secret task dealt face down (a draw)."""

    ZONES: ClassVar[Mapping[str, str]] = {"card": "secret"}

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "card",
        "player",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("card", "str"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    card: Final[str]

    def __init__(
        self,
        player: int,
        card: str,
    ) -> None:
        self.player = player
        self.card = card

    # end of record


@_event
class WhiteDieGiven(Event):
    """The white die goes to a player for the coming round."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = ("player",)
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (("player", "int"),)
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]

    def __init__(
        self,
        player: int,
    ) -> None:
        self.player = player

    # end of record


@_event
class TableRefilled(Event):
    """A face-up order from the deck on an empty table (a draw)."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "order",
        "table",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("table", "int"),
        ("order", "str"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    table: Final[int]
    order: Final[str]

    def __init__(
        self,
        table: int,
        order: str,
    ) -> None:
        self.table = table
        self.order = order

    # end of record


# ----------------------------------------------------------------------------- rounds and turns
@_event
class RoundStarted(Event):
    """A round begins: the places are free again."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = ("round",)
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (("round", "int"),)
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    round: Final[int]

    def __init__(
        self,
        round: int,
    ) -> None:
        self.round = round

    # end of record


@_event
class DiceRolled(Event):
    """A player rolled all their dice (a draw)."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "dice",
        "player",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("dice", "tuple[int, ...]"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    dice: Final[tuple[int, ...]]

    def __init__(
        self,
        player: int,
        dice: tuple[int, ...],
    ) -> None:
        self.player = player
        self.dice = dice

    # end of record


@_event
class TurnEnded(Event):
    """A player's turn is over; ``passed``: they are done for the round."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "passed",
        "player",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("passed", "bool"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {
        "passed": False,
    }
    player: Final[int]
    passed: Final[bool]

    def __init__(
        self,
        player: int,
        passed: bool = False,
    ) -> None:
        self.player = player
        self.passed = passed

    # end of record


@_event
class DicePlaced(Event):
    """Dice placed on a place (``dice`` as ``"1+3+6+6"``)."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "dice",
        "place",
        "player",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("place", "str"),
        ("dice", "str"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    place: Final[str]
    dice: Final[str]

    def __init__(
        self,
        player: int,
        place: str,
        dice: str,
    ) -> None:
        self.player = player
        self.place = place
        self.dice = dice

    # end of record


@_event
class DieChanged(Event):
    """One unplaced die turned from ``die`` to ``to`` (an item)."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "die",
        "player",
        "to",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("die", "int"),
        ("to", "int"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    die: Final[int]
    to: Final[int]

    def __init__(
        self,
        player: int,
        die: int,
        to: int,
    ) -> None:
        self.player = player
        self.die = die
        self.to = to

    # end of record


@_event
class DiceRerolled(Event):
    """A player rolled their unplaced dice again (an item; a draw)."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "dice",
        "player",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("dice", "tuple[int, ...]"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    dice: Final[tuple[int, ...]]

    def __init__(
        self,
        player: int,
        dice: tuple[int, ...],
    ) -> None:
        self.player = player
        self.dice = dice

    # end of record


# ----------------------------------------------------------------------------- ingredients, points, tracks
@_event
class IngredientGained(Event):
    """An ingredient card from the supply."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "ingredient",
        "player",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("ingredient", "str"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    ingredient: Final[str]

    def __init__(
        self,
        player: int,
        ingredient: str,
    ) -> None:
        self.player = player
        self.ingredient = ingredient

    # end of record


@_event
class IngredientsReturned(Event):
    """Ingredient cards given back to the supply."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "ingredients",
        "player",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("ingredients", "tuple[str, ...]"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    ingredients: Final[tuple[str, ...]]

    def __init__(
        self,
        player: int,
        ingredients: tuple[str, ...],
    ) -> None:
        self.player = player
        self.ingredients = ingredients

    # end of record


@_event
class IngredientTaken(Event):
    """An ingredient taken from another player (``source``)."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "ingredient",
        "player",
        "source",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("source", "int"),
        ("ingredient", "str"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    source: Final[int]
    ingredient: Final[str]

    def __init__(
        self,
        player: int,
        source: int,
        ingredient: str,
    ) -> None:
        self.player = player
        self.source = source
        self.ingredient = ingredient

    # end of record


@_event
class VPScored(Event):
    """Points won (or lost, when negative), by category."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "amount",
        "category",
        "player",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("amount", "int"),
        ("category", "str"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    amount: Final[int]
    category: Final[str]

    def __init__(
        self,
        player: int,
        amount: int,
        category: str,
    ) -> None:
        self.player = player
        self.amount = amount
        self.category = category

    # end of record


@_event
class TrackMoved(Event):
    """A player's marker on the track ``kitchen``, ``chores`` or ``nasty`` moved to ``level``."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "level",
        "player",
        "track",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("track", "str"),
        ("level", "int"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    track: Final[str]
    level: Final[int]

    def __init__(
        self,
        player: int,
        track: str,
        level: int,
    ) -> None:
        self.player = player
        self.track = track
        self.level = level

    # end of record


@_event
class FirstPlayerTaken(Event):
    """The First Player Marker changes hands: this player begins the next round."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = ("player",)
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (("player", "int"),)
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]

    def __init__(
        self,
        player: int,
    ) -> None:
        self.player = player

    # end of record


# ----------------------------------------------------------------------------- orders
@_event
class OrderTaken(Event):
    """A player takes a table's order: their meeple and time token go to its spot."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "order",
        "player",
        "round",
        "table",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("table", "int"),
        ("order", "str"),
        ("round", "int"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    table: Final[int]
    order: Final[str]
    round: Final[int]

    def __init__(
        self,
        player: int,
        table: int,
        order: str,
        round: int,
    ) -> None:
        self.player = player
        self.table = table
        self.order = order
        self.round = round

    # end of record


@_event
class OrderDrawn(Event):
    """A player draws an order blind from the deck, and must take it (a draw)."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "order",
        "player",
        "round",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("order", "str"),
        ("round", "int"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    order: Final[str]
    round: Final[int]

    def __init__(
        self,
        player: int,
        order: str,
        round: int,
    ) -> None:
        self.player = player
        self.order = order
        self.round = round

    # end of record


@_event
class OrderDiscarded(Event):
    """After a blind draw, a table's order is discarded; the player's meeple goes there."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "order",
        "player",
        "table",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("table", "int"),
        ("order", "str"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    table: Final[int]
    order: Final[str]

    def __init__(
        self,
        player: int,
        table: int,
        order: str,
    ) -> None:
        self.player = player
        self.table = table
        self.order = order

    # end of record


@_event
class OrderServed(Event):
    """A player completes their order, ``late`` rounds after taking it, giving back the
    ingredients (Magic Potions among them) for ``points``, and keeps it face down (line
    169): the others see that an order was served, not which. Version 2: the kinds of
    ingredient it holds moved to :class:`OrdersRevealed`."""

    VERSION: ClassVar[int] = 2
    ZONES: ClassVar[Mapping[str, str]] = {"order": "face_down"}

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "ingredients",
        "late",
        "order",
        "player",
        "points",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("order", "str"),
        ("late", "int"),
        ("points", "int"),
        ("ingredients", "tuple[str, ...]"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    order: Final[str]
    late: Final[int]
    points: Final[int]
    ingredients: Final[tuple[str, ...]]

    def __init__(
        self,
        player: int,
        order: str,
        late: int,
        points: int,
        ingredients: tuple[str, ...],
    ) -> None:
        self.player = player
        self.order = order
        self.late = late
        self.points = points
        self.ingredients = ingredients

    # end of record


@_event
class OrdersRevealed(Event):
    """A player's face-down orders turned face up: each as it is served under the rule
    option ``served_orders: open``, else all of them for the final scoring; ``recipe``
    lists the kinds of ingredient they hold (each kind once per order), which the secret
    tasks count."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "orders",
        "player",
        "recipe",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("orders", "tuple[str, ...]"),
        ("recipe", "tuple[str, ...]"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    orders: Final[tuple[str, ...]]
    recipe: Final[tuple[str, ...]]

    def __init__(
        self,
        player: int,
        orders: tuple[str, ...],
        recipe: tuple[str, ...],
    ) -> None:
        self.player = player
        self.orders = orders
        self.recipe = recipe

    # end of record


@_event
class OrderLeft(Event):
    """The customers of a player's open order give up waiting: it is discarded."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "lose",
        "order",
        "player",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("order", "str"),
        ("lose", "int"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    order: Final[str]
    lose: Final[int]

    def __init__(
        self,
        player: int,
        order: str,
        lose: int,
    ) -> None:
        self.player = player
        self.order = order
        self.lose = lose

    # end of record


@_event
class OrderClockReset(Event):
    """A player's open order counts as taken in ``round`` (an item)."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "player",
        "round",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("round", "int"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    round: Final[int]

    def __init__(
        self,
        player: int,
        round: int,
    ) -> None:
        self.player = player
        self.round = round

    # end of record


# ----------------------------------------------------------------------------- items
@_event
class ItemsDrawn(Event):
    """Item cards drawn at the Wizard's Workshop, one to keep (a draw; owner only)."""

    ZONES: ClassVar[Mapping[str, str]] = {"cards": "offer"}

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "cards",
        "player",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("cards", "tuple[str, ...]"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    cards: Final[tuple[str, ...]]

    def __init__(
        self,
        player: int,
        cards: tuple[str, ...],
    ) -> None:
        self.player = player
        self.cards = cards

    # end of record


@_event
class ItemKept(Event):
    """One drawn item kept (owner only), the rest back in the deck (hidden from everyone:
    the deck is shuffled)."""

    ZONES: ClassVar[Mapping[str, str]] = {"card": "items", "returned": "item_deck"}

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "card",
        "player",
        "returned",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("card", "str"),
        ("returned", "tuple[str, ...]"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    card: Final[str]
    returned: Final[tuple[str, ...]]

    def __init__(
        self,
        player: int,
        card: str,
        returned: tuple[str, ...],
    ) -> None:
        self.player = player
        self.card = card
        self.returned = returned

    # end of record


@_event
class ItemsGained(Event):
    """Item cards from the deck into a hand (a draw; owner only)."""

    ZONES: ClassVar[Mapping[str, str]] = {"cards": "items"}

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "cards",
        "player",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("cards", "tuple[str, ...]"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    cards: Final[tuple[str, ...]]

    def __init__(
        self,
        player: int,
        cards: tuple[str, ...],
    ) -> None:
        self.player = player
        self.cards = cards

    # end of record


@_event
class ItemsReshuffled(Event):
    """The item deck ran out: every played item is shuffled into a new deck (the cards
    are hidden once shuffled)."""

    ZONES: ClassVar[Mapping[str, str]] = {"cards": "item_deck"}

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = ("cards",)
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (("cards", "tuple[str, ...]"),)
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    cards: Final[tuple[str, ...]]

    def __init__(
        self,
        cards: tuple[str, ...],
    ) -> None:
        self.cards = cards

    # end of record


@_event
class ItemPlayed(Event):
    """An item card played, face up, then set aside."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "card",
        "player",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("card", "str"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    card: Final[str]

    def __init__(
        self,
        player: int,
        card: str,
    ) -> None:
        self.player = player
        self.card = card

    # end of record


@_event
class ItemDiscarded(Event):
    """An item card handed to Nasty, face up."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "card",
        "player",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("card", "str"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    card: Final[str]

    def __init__(
        self,
        player: int,
        card: str,
    ) -> None:
        self.player = player
        self.card = card

    # end of record


@_event
class PlaceOpened(Event):
    """This turn the player may place dice on a Kitchen task or Chore already taken."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = ("player",)
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (("player", "int"),)
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]

    def __init__(
        self,
        player: int,
    ) -> None:
        self.player = player

    # end of record


# ----------------------------------------------------------------------------- Nasty
@_event
class NastySummoned(Event):
    """A player reached a threshold of the Nasty track and drew a "Nasty the Dwarf Says"
    card (a draw), read aloud."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "card",
        "player",
        "round",
        "threshold",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("card", "str"),
        ("round", "int"),
        ("threshold", "int"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    card: Final[str]
    round: Final[int]
    threshold: Final[int]

    def __init__(
        self,
        player: int,
        card: str,
        round: int,
        threshold: int,
    ) -> None:
        self.player = player
        self.card = card
        self.round = round
        self.threshold = threshold

    # end of record


@_event
class NastyObeyed(Event):
    """A player did what a "Nasty the Dwarf Says" card asked."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "card",
        "player",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("card", "str"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    card: Final[str]

    def __init__(
        self,
        player: int,
        card: str,
    ) -> None:
        self.player = player
        self.card = card

    # end of record


# ----------------------------------------------------------------------------- the end
@_event
class SecretsRevealed(Event):
    """The end of the game: every secret task shown face up, by seat."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = ("cards",)
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (("cards", "tuple[str, ...]"),)
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    cards: Final[tuple[str, ...]]

    def __init__(
        self,
        cards: tuple[str, ...],
    ) -> None:
        self.cards = cards

    # end of record


@_event
class GameEnded(Event):
    """The final ranking."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = ("result",)
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (("result", "Result"),)
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    result: Final[Result]

    def __init__(
        self,
        result: Result,
    ) -> None:
        self.result = result

    # end of record
