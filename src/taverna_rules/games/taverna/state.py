"""The game state: frozen attrs classes holding tuples, changed only by :func:`evolve`.

Everything a game needs to go on is here, including the effect stack (the tasks still
to resolve), so a state can be cloned, serialized, viewed and searched at any point.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from taverna_rules._records import KEEP, Keep
from taverna_rules.core.records import Result, Standing, Task

__all__ = [
    "GameState",
    "PlayerState",
    "Result",
    "Standing",
    "Task",
    "TavernState",
    "TurnState",
    "card_kind",
]

VP = tuple[tuple[str, int], ...]


def card_kind(card: str) -> str:
    """The kind of a card instance id: ``eviction`` for ``eviction#2`` (copies of a card
    share their kind; a card with one copy is its own kind)."""
    return card.split("#", 1)[0]


def add_vp(vp: VP, category: str, amount: int) -> VP:
    """``vp`` with ``amount`` added to ``category`` (categories kept sorted)."""
    table = dict(vp)
    table[category] = table.get(category, 0) + amount
    return tuple(sorted(table.items()))


class PlayerState:
    """One player: coins, VP by category, track positions, cards and tokens."""

    # record: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "birthday",
        "cards",
        "cast",
        "coins",
        "favours",
        "favours_used",
        "hand",
        "name",
        "privileges",
        "royal",
        "tracks",
        "vp",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("name", "str"),
        ("coins", "int"),
        ("vp", "VP"),
        ("tracks", "tuple[int, ...]"),
        ("hand", "tuple[str, ...]"),
        ("cast", "tuple[str, ...]"),
        ("favours", "tuple[str, ...]"),
        ("favours_used", "tuple[str, ...]"),
        ("privileges", "int"),
        ("cards", "tuple[str, ...]"),
        ("royal", "tuple[str, ...]"),
        ("birthday", "str | None"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {
        "coins": 0,
        "vp": (),
        "tracks": (0, 0, 0, 0),
        "hand": (),
        "cast": (),
        "favours": (),
        "favours_used": (),
        "privileges": 0,
        "cards": (),
        "royal": (),
        "birthday": None,
    }
    name: Final[str]
    coins: Final[int]
    vp: Final[VP]
    #: Position on each people track, in the rule set's people order (0 = start).
    tracks: Final[tuple[int, ...]]
    #: Spell cards in hand (hidden from the other players).
    hand: Final[tuple[str, ...]]
    #: Spells cast, face up (they count for the Archmage).
    cast: Final[tuple[str, ...]]
    #: Royal favour tiles not used yet.
    favours: Final[tuple[str, ...]]
    #: Royal favour tiles used, kept face down (they still count for the Queen).
    favours_used: Final[tuple[str, ...]]
    privileges: Final[int]
    #: Customer cards played, in order.
    cards: Final[tuple[str, ...]]
    #: Royal scoring opportunities chosen.
    royal: Final[tuple[str, ...]]
    birthday: Final[str | None]

    def __init__(
        self,
        name: str,
        coins: int = 0,
        vp: VP = (),
        #: Position on each people track, in the rule set's people order (0 = start).
        tracks: tuple[int, ...] = (0, 0, 0, 0),
        #: Spell cards in hand (hidden from the other players).
        hand: tuple[str, ...] = (),
        #: Spells cast, face up (they count for the Archmage).
        cast: tuple[str, ...] = (),
        #: Royal favour tiles not used yet.
        favours: tuple[str, ...] = (),
        #: Royal favour tiles used, kept face down (they still count for the Queen).
        favours_used: tuple[str, ...] = (),
        privileges: int = 0,
        #: Customer cards played, in order.
        cards: tuple[str, ...] = (),
        #: Royal scoring opportunities chosen.
        royal: tuple[str, ...] = (),
        birthday: str | None = None,
    ) -> None:
        self.name = name
        self.coins = coins
        self.vp = vp
        self.tracks = tracks
        self.hand = hand
        self.cast = cast
        self.favours = favours
        self.favours_used = favours_used
        self.privileges = privileges
        self.cards = cards
        self.royal = royal
        self.birthday = birthday

    def replace(
        self,
        *,
        name: Keep | str = KEEP,
        coins: Keep | int = KEEP,
        vp: Keep | VP = KEEP,
        tracks: Keep | tuple[int, ...] = KEEP,
        hand: Keep | tuple[str, ...] = KEEP,
        cast: Keep | tuple[str, ...] = KEEP,
        favours: Keep | tuple[str, ...] = KEEP,
        favours_used: Keep | tuple[str, ...] = KEEP,
        privileges: Keep | int = KEEP,
        cards: Keep | tuple[str, ...] = KEEP,
        royal: Keep | tuple[str, ...] = KEEP,
        birthday: Keep | str | None = KEEP,
    ) -> PlayerState:
        """A copy with the fields given changed."""
        return PlayerState(
            self.name if name is KEEP else name,
            self.coins if coins is KEEP else coins,
            self.vp if vp is KEEP else vp,
            self.tracks if tracks is KEEP else tracks,
            self.hand if hand is KEEP else hand,
            self.cast if cast is KEEP else cast,
            self.favours if favours is KEEP else favours,
            self.favours_used if favours_used is KEEP else favours_used,
            self.privileges if privileges is KEEP else privileges,
            self.cards if cards is KEEP else cards,
            self.royal if royal is KEEP else royal,
            self.birthday if birthday is KEEP else birthday,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayerState):
            return NotImplemented
        return (
            self.name,
            self.coins,
            self.vp,
            self.tracks,
            self.hand,
            self.cast,
            self.favours,
            self.favours_used,
            self.privileges,
            self.cards,
            self.royal,
            self.birthday,
        ) == (
            other.name,
            other.coins,
            other.vp,
            other.tracks,
            other.hand,
            other.cast,
            other.favours,
            other.favours_used,
            other.privileges,
            other.cards,
            other.royal,
            other.birthday,
        )

    def __hash__(self) -> int:
        return hash(
            (
                self.name,
                self.coins,
                self.vp,
                self.tracks,
                self.hand,
                self.cast,
                self.favours,
                self.favours_used,
                self.privileges,
                self.cards,
                self.royal,
                self.birthday,
            )
        )

    def __repr__(self) -> str:
        shown = (
            f"name={self.name!r}",
            f"coins={self.coins!r}",
            f"vp={self.vp!r}",
            f"tracks={self.tracks!r}",
            f"hand={self.hand!r}",
            f"cast={self.cast!r}",
            f"favours={self.favours!r}",
            f"favours_used={self.favours_used!r}",
            f"privileges={self.privileges!r}",
            f"cards={self.cards!r}",
            f"royal={self.royal!r}",
            f"birthday={self.birthday!r}",
        )
        return "PlayerState(" + ", ".join(shown) + ")"

    def __reduce__(self) -> tuple[type[PlayerState], tuple[Any, ...]]:
        return PlayerState, (
            self.name,
            self.coins,
            self.vp,
            self.tracks,
            self.hand,
            self.cast,
            self.favours,
            self.favours_used,
            self.privileges,
            self.cards,
            self.royal,
            self.birthday,
        )

    # end of record

    @property
    def total_vp(self) -> int:
        """Victory points over all categories."""
        return sum(amount for _, amount in self.vp)


class TavernState:
    """A tavern on the board."""

    # record: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "deeds",
        "dignitaries",
        "guild_tokens",
        "id",
        "privilege",
        "tables",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("id", "str"),
        ("tables", "tuple[str | None, ...]"),
        ("deeds", "tuple[int | None, ...]"),
        ("privilege", "bool"),
        ("guild_tokens", "tuple[str, ...]"),
        ("dignitaries", "tuple[str, ...]"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {
        "tables": (),
        "deeds": (),
        "privilege": True,
        "guild_tokens": (),
        "dignitaries": (),
    }
    id: Final[str]
    #: The people of the tile at each table, ``None`` for a free table.
    tables: Final[tuple[str | None, ...]]
    #: The owner (player index) of each deed space, ``None`` when unowned.
    deeds: Final[tuple[int | None, ...]]
    privilege: Final[bool]
    guild_tokens: Final[tuple[str, ...]]
    dignitaries: Final[tuple[str, ...]]

    def __init__(
        self,
        id: str,
        #: The people of the tile at each table, ``None`` for a free table.
        tables: tuple[str | None, ...] = (),
        #: The owner (player index) of each deed space, ``None`` when unowned.
        deeds: tuple[int | None, ...] = (),
        privilege: bool = True,
        guild_tokens: tuple[str, ...] = (),
        dignitaries: tuple[str, ...] = (),
    ) -> None:
        self.id = id
        self.tables = tables
        self.deeds = deeds
        self.privilege = privilege
        self.guild_tokens = guild_tokens
        self.dignitaries = dignitaries

    def replace(
        self,
        *,
        id: Keep | str = KEEP,
        tables: Keep | tuple[str | None, ...] = KEEP,
        deeds: Keep | tuple[int | None, ...] = KEEP,
        privilege: Keep | bool = KEEP,
        guild_tokens: Keep | tuple[str, ...] = KEEP,
        dignitaries: Keep | tuple[str, ...] = KEEP,
    ) -> TavernState:
        """A copy with the fields given changed."""
        return TavernState(
            self.id if id is KEEP else id,
            self.tables if tables is KEEP else tables,
            self.deeds if deeds is KEEP else deeds,
            self.privilege if privilege is KEEP else privilege,
            self.guild_tokens if guild_tokens is KEEP else guild_tokens,
            self.dignitaries if dignitaries is KEEP else dignitaries,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TavernState):
            return NotImplemented
        return (
            self.id,
            self.tables,
            self.deeds,
            self.privilege,
            self.guild_tokens,
            self.dignitaries,
        ) == (
            other.id,
            other.tables,
            other.deeds,
            other.privilege,
            other.guild_tokens,
            other.dignitaries,
        )

    def __hash__(self) -> int:
        return hash(
            (
                self.id,
                self.tables,
                self.deeds,
                self.privilege,
                self.guild_tokens,
                self.dignitaries,
            )
        )

    def __repr__(self) -> str:
        shown = (
            f"id={self.id!r}",
            f"tables={self.tables!r}",
            f"deeds={self.deeds!r}",
            f"privilege={self.privilege!r}",
            f"guild_tokens={self.guild_tokens!r}",
            f"dignitaries={self.dignitaries!r}",
        )
        return "TavernState(" + ", ".join(shown) + ")"

    def __reduce__(self) -> tuple[type[TavernState], tuple[Any, ...]]:
        return TavernState, (
            self.id,
            self.tables,
            self.deeds,
            self.privilege,
            self.guild_tokens,
            self.dignitaries,
        )

    # end of record


class TurnState:
    """The turn in progress."""

    # record: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "arrival",
        "card",
        "dignitaries_used",
        "extra_activation_used",
        "extra_casts",
        "favours_used",
        "people",
        "player",
        "regular_activation_used",
        "responded",
        "spells_cast",
        "symbols",
        "table",
        "tavern",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("card", "str | None"),
        ("people", "str | None"),
        ("symbols", "tuple[str, ...]"),
        ("tavern", "str | None"),
        ("table", "int | None"),
        ("dignitaries_used", "tuple[str, ...]"),
        ("regular_activation_used", "bool"),
        ("extra_activation_used", "bool"),
        ("favours_used", "tuple[str, ...]"),
        ("arrival", "str | None"),
        ("spells_cast", "int"),
        ("extra_casts", "int"),
        ("responded", "tuple[int, ...]"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {
        "card": None,
        "people": None,
        "symbols": (),
        "tavern": None,
        "table": None,
        "dignitaries_used": (),
        "regular_activation_used": False,
        "extra_activation_used": False,
        "favours_used": (),
        "arrival": None,
        "spells_cast": 0,
        "extra_casts": 0,
        "responded": (),
    }
    player: Final[int]
    card: Final[str | None]
    people: Final[str | None]
    #: The guild symbols of the card played (royal favours may change them).
    symbols: Final[tuple[str, ...]]
    tavern: Final[str | None]
    table: Final[int | None]
    dignitaries_used: Final[tuple[str, ...]]
    #: True once the turn's own activation (where the customer sits, or by Influence) is spent.
    regular_activation_used: Final[bool]
    #: True once the one extra activation, paid with two privilege tokens, is spent.
    extra_activation_used: Final[bool]
    #: Royal favour kinds used this turn (each kind once: "different" tiles).
    favours_used: Final[tuple[str, ...]]
    #: The tavern the last activated dignitary was sent to.
    arrival: Final[str | None]
    spells_cast: Final[int]
    #: Spell casts allowed this turn beyond the first (the Second spell favour).
    extra_casts: Final[int]
    #: Other players who cast a spell during this turn (one each, lightning spells only).
    responded: Final[tuple[int, ...]]

    def __init__(
        self,
        player: int,
        card: str | None = None,
        people: str | None = None,
        #: The guild symbols of the card played (royal favours may change them).
        symbols: tuple[str, ...] = (),
        tavern: str | None = None,
        table: int | None = None,
        dignitaries_used: tuple[str, ...] = (),
        #: True once the turn's own activation (where the customer sits, or by Influence) is spent.
        regular_activation_used: bool = False,
        #: True once the one extra activation, paid with two privilege tokens, is spent.
        extra_activation_used: bool = False,
        #: Royal favour kinds used this turn (each kind once: "different" tiles).
        favours_used: tuple[str, ...] = (),
        #: The tavern the last activated dignitary was sent to.
        arrival: str | None = None,
        spells_cast: int = 0,
        #: Spell casts allowed this turn beyond the first (the Second spell favour).
        extra_casts: int = 0,
        #: Other players who cast a spell during this turn (one each, lightning spells only).
        responded: tuple[int, ...] = (),
    ) -> None:
        self.player = player
        self.card = card
        self.people = people
        self.symbols = symbols
        self.tavern = tavern
        self.table = table
        self.dignitaries_used = dignitaries_used
        self.regular_activation_used = regular_activation_used
        self.extra_activation_used = extra_activation_used
        self.favours_used = favours_used
        self.arrival = arrival
        self.spells_cast = spells_cast
        self.extra_casts = extra_casts
        self.responded = responded

    def replace(
        self,
        *,
        player: Keep | int = KEEP,
        card: Keep | str | None = KEEP,
        people: Keep | str | None = KEEP,
        symbols: Keep | tuple[str, ...] = KEEP,
        tavern: Keep | str | None = KEEP,
        table: Keep | int | None = KEEP,
        dignitaries_used: Keep | tuple[str, ...] = KEEP,
        regular_activation_used: Keep | bool = KEEP,
        extra_activation_used: Keep | bool = KEEP,
        favours_used: Keep | tuple[str, ...] = KEEP,
        arrival: Keep | str | None = KEEP,
        spells_cast: Keep | int = KEEP,
        extra_casts: Keep | int = KEEP,
        responded: Keep | tuple[int, ...] = KEEP,
    ) -> TurnState:
        """A copy with the fields given changed."""
        return TurnState(
            self.player if player is KEEP else player,
            self.card if card is KEEP else card,
            self.people if people is KEEP else people,
            self.symbols if symbols is KEEP else symbols,
            self.tavern if tavern is KEEP else tavern,
            self.table if table is KEEP else table,
            self.dignitaries_used if dignitaries_used is KEEP else dignitaries_used,
            self.regular_activation_used if regular_activation_used is KEEP else regular_activation_used,
            self.extra_activation_used if extra_activation_used is KEEP else extra_activation_used,
            self.favours_used if favours_used is KEEP else favours_used,
            self.arrival if arrival is KEEP else arrival,
            self.spells_cast if spells_cast is KEEP else spells_cast,
            self.extra_casts if extra_casts is KEEP else extra_casts,
            self.responded if responded is KEEP else responded,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TurnState):
            return NotImplemented
        return (
            self.player,
            self.card,
            self.people,
            self.symbols,
            self.tavern,
            self.table,
            self.dignitaries_used,
            self.regular_activation_used,
            self.extra_activation_used,
            self.favours_used,
            self.arrival,
            self.spells_cast,
            self.extra_casts,
            self.responded,
        ) == (
            other.player,
            other.card,
            other.people,
            other.symbols,
            other.tavern,
            other.table,
            other.dignitaries_used,
            other.regular_activation_used,
            other.extra_activation_used,
            other.favours_used,
            other.arrival,
            other.spells_cast,
            other.extra_casts,
            other.responded,
        )

    def __hash__(self) -> int:
        return hash(
            (
                self.player,
                self.card,
                self.people,
                self.symbols,
                self.tavern,
                self.table,
                self.dignitaries_used,
                self.regular_activation_used,
                self.extra_activation_used,
                self.favours_used,
                self.arrival,
                self.spells_cast,
                self.extra_casts,
                self.responded,
            )
        )

    def __repr__(self) -> str:
        shown = (
            f"player={self.player!r}",
            f"card={self.card!r}",
            f"people={self.people!r}",
            f"symbols={self.symbols!r}",
            f"tavern={self.tavern!r}",
            f"table={self.table!r}",
            f"dignitaries_used={self.dignitaries_used!r}",
            f"regular_activation_used={self.regular_activation_used!r}",
            f"extra_activation_used={self.extra_activation_used!r}",
            f"favours_used={self.favours_used!r}",
            f"arrival={self.arrival!r}",
            f"spells_cast={self.spells_cast!r}",
            f"extra_casts={self.extra_casts!r}",
            f"responded={self.responded!r}",
        )
        return "TurnState(" + ", ".join(shown) + ")"

    def __reduce__(self) -> tuple[type[TurnState], tuple[Any, ...]]:
        return TurnState, (
            self.player,
            self.card,
            self.people,
            self.symbols,
            self.tavern,
            self.table,
            self.dignitaries_used,
            self.regular_activation_used,
            self.extra_activation_used,
            self.favours_used,
            self.arrival,
            self.spells_cast,
            self.extra_casts,
            self.responded,
        )

    # end of record


class GameState:
    """The whole state of a game of Taverna."""

    # record: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "castle",
        "chance",
        "curses",
        "customer_deck",
        "customers_played",
        "favour_reserve",
        "first_player",
        "guild_supply",
        "king",
        "options",
        "peoples",
        "played_on",
        "players",
        "privilege_supply",
        "privileges_discarded",
        "queen",
        "result",
        "row",
        "royal_used",
        "rules",
        "seed",
        "side",
        "spell_deck",
        "spell_discard",
        "stack",
        "taverns",
        "tiles",
        "tiles_removed",
        "turn",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("rules", "str"),
        ("players", "tuple[PlayerState, ...]"),
        ("peoples", "tuple[str, ...]"),
        ("seed", "int"),
        ("chance", "str"),
        ("side", "str"),
        ("first_player", "int"),
        ("options", "tuple[tuple[str, Any], ...]"),
        ("played_on", "str | None"),
        ("taverns", "tuple[TavernState, ...]"),
        ("customer_deck", "tuple[str, ...]"),
        ("row", "tuple[str, ...]"),
        ("spell_deck", "tuple[str, ...]"),
        ("spell_discard", "tuple[tuple[int, str], ...]"),
        ("curses", "tuple[str, ...]"),
        ("castle", "tuple[str, ...]"),
        ("favour_reserve", "tuple[str, ...]"),
        ("tiles", "tuple[tuple[str, int], ...]"),
        ("tiles_removed", "tuple[tuple[str, int], ...]"),
        ("guild_supply", "tuple[tuple[str, int], ...]"),
        ("privilege_supply", "int"),
        ("privileges_discarded", "int"),
        ("king", "str | None"),
        ("queen", "str | None"),
        ("royal_used", "tuple[tuple[str, int], ...]"),
        ("turn", "TurnState | None"),
        ("customers_played", "int"),
        ("stack", "tuple[Task, ...]"),
        ("result", "Result | None"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {
        "peoples": ("human", "elf", "dwarf", "orc"),
        "seed": 0,
        "chance": "sampled",
        "side": "",
        "first_player": 0,
        "options": (),
        "played_on": None,
        "taverns": (),
        "customer_deck": (),
        "row": (),
        "spell_deck": (),
        "spell_discard": (),
        "curses": (),
        "castle": (),
        "favour_reserve": (),
        "tiles": (),
        "tiles_removed": (),
        "guild_supply": (),
        "privilege_supply": 0,
        "privileges_discarded": 0,
        "king": None,
        "queen": None,
        "royal_used": (),
        "turn": None,
        "customers_played": 0,
        "stack": (),
        "result": None,
    }
    rules: Final[str]
    players: Final[tuple[PlayerState, ...]]
    #: People ids in track order: the order of :attr:`PlayerState.tracks`.
    peoples: Final[tuple[str, ...]]
    seed: Final[int]
    #: How draws are made: ``"sampled"`` from the seed, or ``"explicit"`` chance decisions
    #: (see :mod:`taverna_rules.core.chance`).
    chance: Final[str]
    side: Final[str]
    first_player: Final[int]
    options: Final[tuple[tuple[str, Any], ...]]
    played_on: Final[str | None]
    taverns: Final[tuple[TavernState, ...]]
    customer_deck: Final[tuple[str, ...]]
    row: Final[tuple[str, ...]]
    spell_deck: Final[tuple[str, ...]]
    #: Spells sold or exchanged, face down: ``(player, card)``.
    spell_discard: Final[tuple[tuple[int, str], ...]]
    curses: Final[tuple[str, ...]]
    castle: Final[tuple[str, ...]]
    favour_reserve: Final[tuple[str, ...]]
    #: Customer tiles in the supply, by people.
    tiles: Final[tuple[tuple[str, int], ...]]
    #: Customer tiles out of the game (removed by Trickery), by people.
    tiles_removed: Final[tuple[tuple[str, int], ...]]
    guild_supply: Final[tuple[tuple[str, int], ...]]
    privilege_supply: Final[int]
    privileges_discarded: Final[int]
    king: Final[str | None]
    queen: Final[str | None]
    royal_used: Final[tuple[tuple[str, int], ...]]
    turn: Final[TurnState | None]
    #: Customers played by all players so far.
    customers_played: Final[int]
    stack: Final[tuple[Task, ...]]
    result: Final[Result | None]

    def __init__(
        self,
        rules: str,
        players: tuple[PlayerState, ...],
        #: People ids in track order: the order of :attr:`PlayerState.tracks`.
        peoples: tuple[str, ...] = ("human", "elf", "dwarf", "orc"),
        seed: int = 0,
        #: How draws are made: ``"sampled"`` from the seed, or ``"explicit"`` chance decisions
        #: (see :mod:`taverna_rules.core.chance`).
        chance: str = "sampled",
        side: str = "",
        first_player: int = 0,
        options: tuple[tuple[str, Any], ...] = (),
        played_on: str | None = None,
        taverns: tuple[TavernState, ...] = (),
        customer_deck: tuple[str, ...] = (),
        row: tuple[str, ...] = (),
        spell_deck: tuple[str, ...] = (),
        #: Spells sold or exchanged, face down: ``(player, card)``.
        spell_discard: tuple[tuple[int, str], ...] = (),
        curses: tuple[str, ...] = (),
        castle: tuple[str, ...] = (),
        favour_reserve: tuple[str, ...] = (),
        #: Customer tiles in the supply, by people.
        tiles: tuple[tuple[str, int], ...] = (),
        #: Customer tiles out of the game (removed by Trickery), by people.
        tiles_removed: tuple[tuple[str, int], ...] = (),
        guild_supply: tuple[tuple[str, int], ...] = (),
        privilege_supply: int = 0,
        privileges_discarded: int = 0,
        king: str | None = None,
        queen: str | None = None,
        royal_used: tuple[tuple[str, int], ...] = (),
        turn: TurnState | None = None,
        #: Customers played by all players so far.
        customers_played: int = 0,
        stack: tuple[Task, ...] = (),
        result: Result | None = None,
    ) -> None:
        self.rules = rules
        self.players = players
        self.peoples = peoples
        self.seed = seed
        self.chance = chance
        self.side = side
        self.first_player = first_player
        self.options = options
        self.played_on = played_on
        self.taverns = taverns
        self.customer_deck = customer_deck
        self.row = row
        self.spell_deck = spell_deck
        self.spell_discard = spell_discard
        self.curses = curses
        self.castle = castle
        self.favour_reserve = favour_reserve
        self.tiles = tiles
        self.tiles_removed = tiles_removed
        self.guild_supply = guild_supply
        self.privilege_supply = privilege_supply
        self.privileges_discarded = privileges_discarded
        self.king = king
        self.queen = queen
        self.royal_used = royal_used
        self.turn = turn
        self.customers_played = customers_played
        self.stack = stack
        self.result = result

    def replace(
        self,
        *,
        rules: Keep | str = KEEP,
        players: Keep | tuple[PlayerState, ...] = KEEP,
        peoples: Keep | tuple[str, ...] = KEEP,
        seed: Keep | int = KEEP,
        chance: Keep | str = KEEP,
        side: Keep | str = KEEP,
        first_player: Keep | int = KEEP,
        options: Keep | tuple[tuple[str, Any], ...] = KEEP,
        played_on: Keep | str | None = KEEP,
        taverns: Keep | tuple[TavernState, ...] = KEEP,
        customer_deck: Keep | tuple[str, ...] = KEEP,
        row: Keep | tuple[str, ...] = KEEP,
        spell_deck: Keep | tuple[str, ...] = KEEP,
        spell_discard: Keep | tuple[tuple[int, str], ...] = KEEP,
        curses: Keep | tuple[str, ...] = KEEP,
        castle: Keep | tuple[str, ...] = KEEP,
        favour_reserve: Keep | tuple[str, ...] = KEEP,
        tiles: Keep | tuple[tuple[str, int], ...] = KEEP,
        tiles_removed: Keep | tuple[tuple[str, int], ...] = KEEP,
        guild_supply: Keep | tuple[tuple[str, int], ...] = KEEP,
        privilege_supply: Keep | int = KEEP,
        privileges_discarded: Keep | int = KEEP,
        king: Keep | str | None = KEEP,
        queen: Keep | str | None = KEEP,
        royal_used: Keep | tuple[tuple[str, int], ...] = KEEP,
        turn: Keep | TurnState | None = KEEP,
        customers_played: Keep | int = KEEP,
        stack: Keep | tuple[Task, ...] = KEEP,
        result: Keep | Result | None = KEEP,
    ) -> GameState:
        """A copy with the fields given changed."""
        return GameState(
            self.rules if rules is KEEP else rules,
            self.players if players is KEEP else players,
            self.peoples if peoples is KEEP else peoples,
            self.seed if seed is KEEP else seed,
            self.chance if chance is KEEP else chance,
            self.side if side is KEEP else side,
            self.first_player if first_player is KEEP else first_player,
            self.options if options is KEEP else options,
            self.played_on if played_on is KEEP else played_on,
            self.taverns if taverns is KEEP else taverns,
            self.customer_deck if customer_deck is KEEP else customer_deck,
            self.row if row is KEEP else row,
            self.spell_deck if spell_deck is KEEP else spell_deck,
            self.spell_discard if spell_discard is KEEP else spell_discard,
            self.curses if curses is KEEP else curses,
            self.castle if castle is KEEP else castle,
            self.favour_reserve if favour_reserve is KEEP else favour_reserve,
            self.tiles if tiles is KEEP else tiles,
            self.tiles_removed if tiles_removed is KEEP else tiles_removed,
            self.guild_supply if guild_supply is KEEP else guild_supply,
            self.privilege_supply if privilege_supply is KEEP else privilege_supply,
            self.privileges_discarded if privileges_discarded is KEEP else privileges_discarded,
            self.king if king is KEEP else king,
            self.queen if queen is KEEP else queen,
            self.royal_used if royal_used is KEEP else royal_used,
            self.turn if turn is KEEP else turn,
            self.customers_played if customers_played is KEEP else customers_played,
            self.stack if stack is KEEP else stack,
            self.result if result is KEEP else result,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return (
            self.rules,
            self.players,
            self.peoples,
            self.seed,
            self.chance,
            self.side,
            self.first_player,
            self.options,
            self.played_on,
            self.taverns,
            self.customer_deck,
            self.row,
            self.spell_deck,
            self.spell_discard,
            self.curses,
            self.castle,
            self.favour_reserve,
            self.tiles,
            self.tiles_removed,
            self.guild_supply,
            self.privilege_supply,
            self.privileges_discarded,
            self.king,
            self.queen,
            self.royal_used,
            self.turn,
            self.customers_played,
            self.stack,
            self.result,
        ) == (
            other.rules,
            other.players,
            other.peoples,
            other.seed,
            other.chance,
            other.side,
            other.first_player,
            other.options,
            other.played_on,
            other.taverns,
            other.customer_deck,
            other.row,
            other.spell_deck,
            other.spell_discard,
            other.curses,
            other.castle,
            other.favour_reserve,
            other.tiles,
            other.tiles_removed,
            other.guild_supply,
            other.privilege_supply,
            other.privileges_discarded,
            other.king,
            other.queen,
            other.royal_used,
            other.turn,
            other.customers_played,
            other.stack,
            other.result,
        )

    def __hash__(self) -> int:
        return hash(
            (
                self.rules,
                self.players,
                self.peoples,
                self.seed,
                self.chance,
                self.side,
                self.first_player,
                self.options,
                self.played_on,
                self.taverns,
                self.customer_deck,
                self.row,
                self.spell_deck,
                self.spell_discard,
                self.curses,
                self.castle,
                self.favour_reserve,
                self.tiles,
                self.tiles_removed,
                self.guild_supply,
                self.privilege_supply,
                self.privileges_discarded,
                self.king,
                self.queen,
                self.royal_used,
                self.turn,
                self.customers_played,
                self.stack,
                self.result,
            )
        )

    def __repr__(self) -> str:
        shown = (
            f"rules={self.rules!r}",
            f"players={self.players!r}",
            f"peoples={self.peoples!r}",
            f"seed={self.seed!r}",
            f"chance={self.chance!r}",
            f"side={self.side!r}",
            f"first_player={self.first_player!r}",
            f"options={self.options!r}",
            f"played_on={self.played_on!r}",
            f"taverns={self.taverns!r}",
            f"customer_deck={self.customer_deck!r}",
            f"row={self.row!r}",
            f"spell_deck={self.spell_deck!r}",
            f"spell_discard={self.spell_discard!r}",
            f"curses={self.curses!r}",
            f"castle={self.castle!r}",
            f"favour_reserve={self.favour_reserve!r}",
            f"tiles={self.tiles!r}",
            f"tiles_removed={self.tiles_removed!r}",
            f"guild_supply={self.guild_supply!r}",
            f"privilege_supply={self.privilege_supply!r}",
            f"privileges_discarded={self.privileges_discarded!r}",
            f"king={self.king!r}",
            f"queen={self.queen!r}",
            f"royal_used={self.royal_used!r}",
            f"turn={self.turn!r}",
            f"customers_played={self.customers_played!r}",
            f"stack={self.stack!r}",
            f"result={self.result!r}",
        )
        return "GameState(" + ", ".join(shown) + ")"

    def __reduce__(self) -> tuple[type[GameState], tuple[Any, ...]]:
        return GameState, (
            self.rules,
            self.players,
            self.peoples,
            self.seed,
            self.chance,
            self.side,
            self.first_player,
            self.options,
            self.played_on,
            self.taverns,
            self.customer_deck,
            self.row,
            self.spell_deck,
            self.spell_discard,
            self.curses,
            self.castle,
            self.favour_reserve,
            self.tiles,
            self.tiles_removed,
            self.guild_supply,
            self.privilege_supply,
            self.privileges_discarded,
            self.king,
            self.queen,
            self.royal_used,
            self.turn,
            self.customers_played,
            self.stack,
            self.result,
        )

    # end of record

    @property
    def over(self) -> bool:
        """True once the final result is known."""
        return self.result is not None

    def option(self, name: str) -> Any:
        """The value of a rule option in this game."""
        return dict(self.options)[name]

    def tavern(self, tavern_id: str) -> TavernState:
        """The tavern ``tavern_id``."""
        for tavern in self.taverns:
            if tavern.id == tavern_id:
                return tavern
        raise KeyError(tavern_id)

    def tavern_index(self, tavern_id: str) -> int:
        """The index of tavern ``tavern_id`` in :attr:`taverns`."""
        for index, tavern in enumerate(self.taverns):
            if tavern.id == tavern_id:
                return index
        raise KeyError(tavern_id)

    def deeds_owned(self, player: int) -> int:
        """Property deeds of ``player`` on the board."""
        return sum(t.deeds.count(player) for t in self.taverns)
