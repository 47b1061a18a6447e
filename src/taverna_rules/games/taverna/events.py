"""Events: facts in the past tense, the only things that change a game state.

Each event type has a stable wire name (``TYPE``) and a version (``VERSION``); the JSON
form is ``{"type": "CoinsGained", "v": 1, ...fields}``. Events that carry what some
players may not see name the zone of each such field (``ZONES``); the game's visibility
model (:data:`VISIBILITY`) redacts them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

import attrs

from taverna_rules.core.records import HIDDEN, Event, FlowAdvanced, Registry, event_table, registrar
from taverna_rules.core.views import STATE_ZONE, Visibility, Zone
from taverna_rules.games.taverna.state import GameState, Result, TavernState

__all__ = [
    "EVENT_TYPES",
    "HIDDEN",
    "BoardPrepared",
    "ChosenPeople",
    "CoinsGained",
    "CoinsPaid",
    "CurseDrawn",
    "CustomerCardPicked",
    "CustomerDeckShuffled",
    "CustomerRemoved",
    "CustomerRevealed",
    "CustomerSeated",
    "DeedBought",
    "Event",
    "FavoursShuffled",
    "FlowAdvanced",
    "GameEnded",
    "GameStarted",
    "CardSymbolsChanged",
    "CustomerMoved",
    "CustomerPeopleChanged",
    "FavourUsed",
    "SpellCastGranted",
    "SpellCast",
    "CastleRefilled",
    "DeedTakenOver",
    "DignitaryActivated",
    "DignitaryMoved",
    "FavourTaken",
    "GuildTokenPlaced",
    "PrivilegesDiscarded",
    "PositionLoaded",
    "PrivilegeTaken",
    "PrivilegesExchanged",
    "PrivilegesGained",
    "RoyalScoringChosen",
    "SpellDeckShuffled",
    "SpellDrawn",
    "SpellSold",
    "SpellsExchanged",
    "TrackAdvanced",
    "TurnEnded",
    "TurnStarted",
    "VPScored",
]

#: What is hidden in Taverna, and from whom: the seed from everyone; the order of the
#: customer and spell decks and the face-down favour reserve from everyone (they show how
#: many cards they hold); a spell hand, and the spells a player sold or exchanged face
#: down, from everyone but their owner.
VISIBILITY = Visibility(
    (
        Zone("seed", "seed", "hidden"),
        Zone("customer_deck", "customer_deck", "count"),
        Zone("spell_deck", "spell_deck", "count", pool="spells"),
        Zone("favour_reserve", "favour_reserve", "count"),
        Zone("hand", "players.hand", "owner", pool="spells"),
        Zone("spell_discard", "spell_discard", "owner", pairs=True, pool="spells"),
    )
)

EVENT_TYPES: Registry[type[Event]] = event_table()
_event = registrar(EVENT_TYPES)


# ----------------------------------------------------------------------------- setup
@_event
@attrs.frozen
class GameStarted(Event):
    """A new game: its rules, players, seed, board side and options; and where the log
    comes from: the game module's id, the engine's version and the packs loaded (id and
    version). Those three are records, left out of comparisons, so that a log verifies
    under a later engine (version 1 logs read them as ``taverna``, ``""`` and ``()``)."""

    VERSION: ClassVar[int] = 2
    ZONES: ClassVar[Mapping[str, str]] = {"seed": "seed"}

    rules: str
    players: tuple[str, ...]
    peoples: tuple[str, ...]
    seed: int
    side: str
    first_player: int
    options: tuple[tuple[str, Any], ...]
    starting_coins: int
    birthdays: tuple[str | None, ...] = ()
    played_on: str | None = None
    chance: str = "sampled"
    game: str = attrs.field(default="taverna", eq=False)
    engine: str = attrs.field(default="", eq=False)
    packs: tuple[tuple[str, str], ...] = attrs.field(default=(), eq=False)


@_event
class PositionLoaded(Event):
    """A game resumed from a position document: the whole state at once."""

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
class BoardPrepared(Event):
    """Taverns laid out, with their privilege tokens and the dignitaries placed at random."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "guild_supply",
        "privilege_supply",
        "taverns",
        "tiles",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("taverns", "tuple[TavernState, ...]"),
        ("tiles", "tuple[tuple[str, int], ...]"),
        ("guild_supply", "tuple[tuple[str, int], ...]"),
        ("privilege_supply", "int"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    taverns: Final[tuple[TavernState, ...]]
    tiles: Final[tuple[tuple[str, int], ...]]
    guild_supply: Final[tuple[tuple[str, int], ...]]
    privilege_supply: Final[int]

    def __init__(
        self,
        taverns: tuple[TavernState, ...],
        tiles: tuple[tuple[str, int], ...],
        guild_supply: tuple[tuple[str, int], ...],
        privilege_supply: int,
    ) -> None:
        self.taverns = taverns
        self.tiles = tiles
        self.guild_supply = guild_supply
        self.privilege_supply = privilege_supply

    # end of record


@_event
class CustomerDeckShuffled(Event):
    """The customer deck, filtered by the player count, shuffled (top first)."""

    ZONES: ClassVar[Mapping[str, str]] = {"order": "customer_deck"}

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = ("order",)
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (("order", "tuple[str, ...]"),)
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    order: Final[tuple[str, ...]]

    def __init__(
        self,
        order: tuple[str, ...],
    ) -> None:
        self.order = order

    # end of record


@_event
class SpellDeckShuffled(Event):
    """The spell deck shuffled (top first)."""

    ZONES: ClassVar[Mapping[str, str]] = {"order": "spell_deck"}

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = ("order",)
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (("order", "tuple[str, ...]"),)
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    order: Final[tuple[str, ...]]

    def __init__(
        self,
        order: tuple[str, ...],
    ) -> None:
        self.order = order

    # end of record


@_event
class FavoursShuffled(Event):
    """Royal favours shuffled: some face up at the castle, the rest face down in reserve."""

    ZONES: ClassVar[Mapping[str, str]] = {"reserve": "favour_reserve"}

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "castle",
        "reserve",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("castle", "tuple[str, ...]"),
        ("reserve", "tuple[str, ...]"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    castle: Final[tuple[str, ...]]
    reserve: Final[tuple[str, ...]]

    def __init__(
        self,
        castle: tuple[str, ...],
        reserve: tuple[str, ...],
    ) -> None:
        self.castle = castle
        self.reserve = reserve

    # end of record


@_event
class CustomerRevealed(Event):
    """The top customer card turned face up at the end of the row."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = ("card",)
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (("card", "str"),)
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    card: Final[str]

    def __init__(
        self,
        card: str,
    ) -> None:
        self.card = card

    # end of record


@_event
class SpellDrawn(Event):
    """A player drew a spell card into their hand."""

    ZONES: ClassVar[Mapping[str, str]] = {"spell": "hand"}

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "player",
        "spell",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("spell", "str"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    spell: Final[str]

    def __init__(
        self,
        player: int,
        spell: str,
    ) -> None:
        self.player = player
        self.spell = spell

    # end of record


@_event
class CurseDrawn(Event):
    """A player drew the Curse: shown, set aside, and replaced by another draw."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "player",
        "spell",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("spell", "str"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    spell: Final[str]

    def __init__(
        self,
        player: int,
        spell: str,
    ) -> None:
        self.player = player
        self.spell = spell

    # end of record


@_event
class ChosenPeople(Event):
    """The King's or the Queen's people was designated (``player`` -1: by the first card)."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "people",
        "player",
        "role",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("role", "str"),
        ("people", "str"),
        ("player", "int"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {
        "player": -1,
    }
    role: Final[str]
    people: Final[str]
    player: Final[int]

    def __init__(
        self,
        role: str,
        people: str,
        player: int = -1,
    ) -> None:
        self.role = role
        self.people = people
        self.player = player

    # end of record


@_event
class DeedBought(Event):
    """A player bought a property deed and scored its VP."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "player",
        "price",
        "space",
        "tavern",
        "vp",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("tavern", "str"),
        ("space", "int"),
        ("price", "int"),
        ("vp", "int"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    tavern: Final[str]
    space: Final[int]
    price: Final[int]
    vp: Final[int]

    def __init__(
        self,
        player: int,
        tavern: str,
        space: int,
        price: int,
        vp: int,
    ) -> None:
        self.player = player
        self.tavern = tavern
        self.space = space
        self.price = price
        self.vp = vp

    # end of record


# ----------------------------------------------------------------------------- turns
@_event
class TurnStarted(Event):
    """A player's turn began."""

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
class CustomerCardPicked(Event):
    """A player took a customer card from the row and its tile from the supply."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "card",
        "people",
        "player",
        "symbols",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("card", "str"),
        ("people", "str"),
        ("symbols", "tuple[str, ...]"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    card: Final[str]
    people: Final[str]
    symbols: Final[tuple[str, ...]]

    def __init__(
        self,
        player: int,
        card: str,
        people: str,
        symbols: tuple[str, ...],
    ) -> None:
        self.player = player
        self.card = card
        self.people = people
        self.symbols = symbols

    # end of record


@_event
class CustomerSeated(Event):
    """A customer tile was seated at a table."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "people",
        "player",
        "table",
        "tavern",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("tavern", "str"),
        ("table", "int"),
        ("people", "str"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    tavern: Final[str]
    table: Final[int]
    people: Final[str]

    def __init__(
        self,
        player: int,
        tavern: str,
        table: int,
        people: str,
    ) -> None:
        self.player = player
        self.tavern = tavern
        self.table = table
        self.people = people

    # end of record


@_event
class CustomerRemoved(Event):
    """Trickery: a seated tile was removed from the game."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "people",
        "player",
        "table",
        "tavern",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("tavern", "str"),
        ("table", "int"),
        ("people", "str"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    tavern: Final[str]
    table: Final[int]
    people: Final[str]

    def __init__(
        self,
        player: int,
        tavern: str,
        table: int,
        people: str,
    ) -> None:
        self.player = player
        self.tavern = tavern
        self.table = table
        self.people = people

    # end of record


@_event
class TrackAdvanced(Event):
    """A player's score token moved up a people track."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "end",
        "people",
        "player",
        "start",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("people", "str"),
        ("start", "int"),
        ("end", "int"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    people: Final[str]
    start: Final[int]
    end: Final[int]

    def __init__(
        self,
        player: int,
        people: str,
        start: int,
        end: int,
    ) -> None:
        self.player = player
        self.people = people
        self.start = start
        self.end = end

    # end of record


@_event
class CoinsGained(Event):
    """A player received coins from the bank."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "amount",
        "player",
        "reason",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("amount", "int"),
        ("reason", "str"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    amount: Final[int]
    reason: Final[str]

    def __init__(
        self,
        player: int,
        amount: int,
        reason: str,
    ) -> None:
        self.player = player
        self.amount = amount
        self.reason = reason

    # end of record


@_event
class CoinsPaid(Event):
    """A player paid coins to the bank."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "amount",
        "player",
        "reason",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("amount", "int"),
        ("reason", "str"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    amount: Final[int]
    reason: Final[str]

    def __init__(
        self,
        player: int,
        amount: int,
        reason: str,
    ) -> None:
        self.player = player
        self.amount = amount
        self.reason = reason

    # end of record


@_event
class VPScored(Event):
    """A player scored victory points in a category."""

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
class PrivilegeTaken(Event):
    """A player claimed a tavern's privilege token."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "player",
        "tavern",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("tavern", "str"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    tavern: Final[str]

    def __init__(
        self,
        player: int,
        tavern: str,
    ) -> None:
        self.player = player
        self.tavern = tavern

    # end of record


@_event
class PrivilegesGained(Event):
    """A player took privilege tokens from the supply."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "count",
        "player",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("count", "int"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    count: Final[int]

    def __init__(
        self,
        player: int,
        count: int,
    ) -> None:
        self.player = player
        self.count = count

    # end of record


@_event
class SpellSold(Event):
    """A player sold a spell card face down for 1 coin."""

    ZONES: ClassVar[Mapping[str, str]] = {"spell": "hand"}

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "player",
        "spell",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("spell", "str"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    spell: Final[str]

    def __init__(
        self,
        player: int,
        spell: str,
    ) -> None:
        self.player = player
        self.spell = spell

    # end of record


@_event
class TurnEnded(Event):
    """A player's turn ended."""

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


# ----------------------------------------------------------------------------- dignitaries
@_event
class PrivilegesDiscarded(Event):
    """A player discarded privilege tokens (two open an extra dignitary activation)."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "count",
        "player",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("count", "int"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    count: Final[int]

    def __init__(
        self,
        player: int,
        count: int,
    ) -> None:
        self.player = player
        self.count = count

    # end of record


@_event
class DignitaryActivated(Event):
    """A player activated a dignitary at a level (``extra``: paid with two privileges)."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "dignitary",
        "extra",
        "level",
        "player",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("dignitary", "str"),
        ("level", "int"),
        ("extra", "bool"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {
        "extra": False,
    }
    player: Final[int]
    dignitary: Final[str]
    level: Final[int]
    extra: Final[bool]

    def __init__(
        self,
        player: int,
        dignitary: str,
        level: int,
        extra: bool = False,
    ) -> None:
        self.player = player
        self.dignitary = dignitary
        self.level = level
        self.extra = extra

    # end of record


@_event
class DignitaryMoved(Event):
    """A dignitary was sent from one tavern to another."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "dignitary",
        "end",
        "player",
        "start",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("dignitary", "str"),
        ("start", "str"),
        ("end", "str"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    dignitary: Final[str]
    start: Final[str]
    end: Final[str]

    def __init__(
        self,
        player: int,
        dignitary: str,
        start: str,
        end: str,
    ) -> None:
        self.player = player
        self.dignitary = dignitary
        self.start = start
        self.end = end

    # end of record


@_event
class DeedTakenOver(Event):
    """The Notary: a player bought an opponent's deed; the opponent keeps their VP."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "owner",
        "player",
        "price",
        "refund",
        "space",
        "tavern",
        "vp",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("owner", "int"),
        ("tavern", "str"),
        ("space", "int"),
        ("price", "int"),
        ("refund", "int"),
        ("vp", "int"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    owner: Final[int]
    tavern: Final[str]
    space: Final[int]
    price: Final[int]
    refund: Final[int]
    vp: Final[int]

    def __init__(
        self,
        player: int,
        owner: int,
        tavern: str,
        space: int,
        price: int,
        refund: int,
        vp: int,
    ) -> None:
        self.player = player
        self.owner = owner
        self.tavern = tavern
        self.space = space
        self.price = price
        self.refund = refund
        self.vp = vp

    # end of record


@_event
class GuildTokenPlaced(Event):
    """A guild token went from the supply to a tavern."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "player",
        "symbol",
        "tavern",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("tavern", "str"),
        ("symbol", "str"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    tavern: Final[str]
    symbol: Final[str]

    def __init__(
        self,
        player: int,
        tavern: str,
        symbol: str,
    ) -> None:
        self.player = player
        self.tavern = tavern
        self.symbol = symbol

    # end of record


@_event
class FavourTaken(Event):
    """A player took a royal favour tile from the castle."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "favour",
        "player",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("favour", "str"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    favour: Final[str]

    def __init__(
        self,
        player: int,
        favour: str,
    ) -> None:
        self.player = player
        self.favour = favour

    # end of record


@_event
class CastleRefilled(Event):
    """The top favour of the face-down reserve went face up to the castle."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = ("favour",)
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (("favour", "str"),)
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    favour: Final[str]

    def __init__(
        self,
        favour: str,
    ) -> None:
        self.favour = favour

    # end of record


# ----------------------------------------------------------------------------- royal favours
@_event
class FavourUsed(Event):
    """A player used a royal favour tile; it is kept face down (it counts for the Queen)."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "favour",
        "player",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("favour", "str"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    favour: Final[str]

    def __init__(
        self,
        player: int,
        favour: str,
    ) -> None:
        self.player = player
        self.favour = favour

    # end of record


@_event
class CardSymbolsChanged(Event):
    """The guild symbols of the card played this turn changed (a royal favour)."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "player",
        "symbols",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("symbols", "tuple[str, ...]"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    symbols: Final[tuple[str, ...]]

    def __init__(
        self,
        player: int,
        symbols: tuple[str, ...],
    ) -> None:
        self.player = player
        self.symbols = symbols

    # end of record


@_event
class CustomerPeopleChanged(Event):
    """Before seating, the player swapped the customer tile for one of another people."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "end",
        "player",
        "start",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("start", "str"),
        ("end", "str"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    start: Final[str]
    end: Final[str]

    def __init__(
        self,
        player: int,
        start: str,
        end: str,
    ) -> None:
        self.player = player
        self.start = start
        self.end = end

    # end of record


@_event
class CustomerMoved(Event):
    """A seated customer tile moved to a free table of another tavern."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "end",
        "end_table",
        "people",
        "player",
        "start",
        "start_table",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("start", "str"),
        ("start_table", "int"),
        ("end", "str"),
        ("end_table", "int"),
        ("people", "str"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    start: Final[str]
    start_table: Final[int]
    end: Final[str]
    end_table: Final[int]
    people: Final[str]

    def __init__(
        self,
        player: int,
        start: str,
        start_table: int,
        end: str,
        end_table: int,
        people: str,
    ) -> None:
        self.player = player
        self.start = start
        self.start_table = start_table
        self.end = end
        self.end_table = end_table
        self.people = people

    # end of record


@_event
class SpellCastGranted(Event):
    """The player may cast more spells this turn."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "count",
        "player",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("count", "int"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    count: Final[int]

    def __init__(
        self,
        player: int,
        count: int,
    ) -> None:
        self.player = player
        self.count = count

    # end of record


# ----------------------------------------------------------------------------- spells
@_event
class SpellCast(Event):
    """A player cast a spell from their hand; it stays face up (it counts for the Archmage)."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "player",
        "spell",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("spell", "str"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    spell: Final[str]

    def __init__(
        self,
        player: int,
        spell: str,
    ) -> None:
        self.player = player
        self.spell = spell

    # end of record


# ----------------------------------------------------------------------------- end
@_event
class SpellsExchanged(Event):
    """End of game: uncast spells exchanged for 1 coin each."""

    ZONES: ClassVar[Mapping[str, str]] = {"spells": "hand"}

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "player",
        "spells",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("spells", "tuple[str, ...]"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    spells: Final[tuple[str, ...]]

    def __init__(
        self,
        player: int,
        spells: tuple[str, ...],
    ) -> None:
        self.player = player
        self.spells = spells

    # end of record


@_event
class PrivilegesExchanged(Event):
    """End of game: unused privilege tokens exchanged for 1 VP each."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "count",
        "player",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("count", "int"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    count: Final[int]

    def __init__(
        self,
        player: int,
        count: int,
    ) -> None:
        self.player = player
        self.count = count

    # end of record


@_event
class RoyalScoringChosen(Event):
    """A player chose a royal scoring opportunity (its effect follows)."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "player",
        "scoring",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("scoring", "str"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    scoring: Final[str]

    def __init__(
        self,
        player: int,
        scoring: str,
    ) -> None:
        self.player = player
        self.scoring = scoring

    # end of record


@_event
class GameEnded(Event):
    """The final result."""

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
