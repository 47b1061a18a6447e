"""Events: facts in the past tense, the only things that change a game state.

Each event type has a stable wire name (``TYPE``) and a version (``VERSION``); the JSON
form is ``{"type": "CoinsGained", "v": 1, ...fields}``. Events that carry what some
players may not see name the zone of each such field (``ZONES``); the game's visibility
model (:data:`VISIBILITY`) redacts them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

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
@attrs.frozen
class PositionLoaded(Event):
    """A game resumed from a position document: the whole state at once."""

    ZONES: ClassVar[Mapping[str, str]] = {"state": STATE_ZONE}
    state: GameState


@_event
@attrs.frozen
class BoardPrepared(Event):
    """Taverns laid out, with their privilege tokens and the dignitaries placed at random."""

    taverns: tuple[TavernState, ...]
    tiles: tuple[tuple[str, int], ...]
    guild_supply: tuple[tuple[str, int], ...]
    privilege_supply: int


@_event
@attrs.frozen
class CustomerDeckShuffled(Event):
    """The customer deck, filtered by the player count, shuffled (top first)."""

    ZONES: ClassVar[Mapping[str, str]] = {"order": "customer_deck"}
    order: tuple[str, ...]


@_event
@attrs.frozen
class SpellDeckShuffled(Event):
    """The spell deck shuffled (top first)."""

    ZONES: ClassVar[Mapping[str, str]] = {"order": "spell_deck"}
    order: tuple[str, ...]


@_event
@attrs.frozen
class FavoursShuffled(Event):
    """Royal favours shuffled: some face up at the castle, the rest face down in reserve."""

    ZONES: ClassVar[Mapping[str, str]] = {"reserve": "favour_reserve"}
    castle: tuple[str, ...]
    reserve: tuple[str, ...]


@_event
@attrs.frozen
class CustomerRevealed(Event):
    """The top customer card turned face up at the end of the row."""

    card: str


@_event
@attrs.frozen
class SpellDrawn(Event):
    """A player drew a spell card into their hand."""

    ZONES: ClassVar[Mapping[str, str]] = {"spell": "hand"}
    player: int
    spell: str


@_event
@attrs.frozen
class CurseDrawn(Event):
    """A player drew the Curse: shown, set aside, and replaced by another draw."""

    player: int
    spell: str


@_event
@attrs.frozen
class ChosenPeople(Event):
    """The King's or the Queen's people was designated (``player`` -1: by the first card)."""

    role: str
    people: str
    player: int = -1


@_event
@attrs.frozen
class DeedBought(Event):
    """A player bought a property deed and scored its VP."""

    player: int
    tavern: str
    space: int
    price: int
    vp: int


# ----------------------------------------------------------------------------- turns
@_event
@attrs.frozen
class TurnStarted(Event):
    """A player's turn began."""

    player: int


@_event
@attrs.frozen
class CustomerCardPicked(Event):
    """A player took a customer card from the row and its tile from the supply."""

    player: int
    card: str
    people: str
    symbols: tuple[str, ...]


@_event
@attrs.frozen
class CustomerSeated(Event):
    """A customer tile was seated at a table."""

    player: int
    tavern: str
    table: int
    people: str


@_event
@attrs.frozen
class CustomerRemoved(Event):
    """Trickery: a seated tile was removed from the game."""

    player: int
    tavern: str
    table: int
    people: str


@_event
@attrs.frozen
class TrackAdvanced(Event):
    """A player's score token moved up a people track."""

    player: int
    people: str
    start: int
    end: int


@_event
@attrs.frozen
class CoinsGained(Event):
    """A player received coins from the bank."""

    player: int
    amount: int
    reason: str


@_event
@attrs.frozen
class CoinsPaid(Event):
    """A player paid coins to the bank."""

    player: int
    amount: int
    reason: str


@_event
@attrs.frozen
class VPScored(Event):
    """A player scored victory points in a category."""

    player: int
    amount: int
    category: str


@_event
@attrs.frozen
class PrivilegeTaken(Event):
    """A player claimed a tavern's privilege token."""

    player: int
    tavern: str


@_event
@attrs.frozen
class PrivilegesGained(Event):
    """A player took privilege tokens from the supply."""

    player: int
    count: int


@_event
@attrs.frozen
class SpellSold(Event):
    """A player sold a spell card face down for 1 coin."""

    ZONES: ClassVar[Mapping[str, str]] = {"spell": "hand"}
    player: int
    spell: str


@_event
@attrs.frozen
class TurnEnded(Event):
    """A player's turn ended."""

    player: int


# ----------------------------------------------------------------------------- dignitaries
@_event
@attrs.frozen
class PrivilegesDiscarded(Event):
    """A player discarded privilege tokens (two open an extra dignitary activation)."""

    player: int
    count: int


@_event
@attrs.frozen
class DignitaryActivated(Event):
    """A player activated a dignitary at a level (``extra``: paid with two privileges)."""

    player: int
    dignitary: str
    level: int
    extra: bool = False


@_event
@attrs.frozen
class DignitaryMoved(Event):
    """A dignitary was sent from one tavern to another."""

    player: int
    dignitary: str
    start: str
    end: str


@_event
@attrs.frozen
class DeedTakenOver(Event):
    """The Notary: a player bought an opponent's deed; the opponent keeps their VP."""

    player: int
    owner: int
    tavern: str
    space: int
    price: int
    refund: int
    vp: int


@_event
@attrs.frozen
class GuildTokenPlaced(Event):
    """A guild token went from the supply to a tavern."""

    player: int
    tavern: str
    symbol: str


@_event
@attrs.frozen
class FavourTaken(Event):
    """A player took a royal favour tile from the castle."""

    player: int
    favour: str


@_event
@attrs.frozen
class CastleRefilled(Event):
    """The top favour of the face-down reserve went face up to the castle."""

    favour: str


# ----------------------------------------------------------------------------- royal favours
@_event
@attrs.frozen
class FavourUsed(Event):
    """A player used a royal favour tile; it is kept face down (it counts for the Queen)."""

    player: int
    favour: str


@_event
@attrs.frozen
class CardSymbolsChanged(Event):
    """The guild symbols of the card played this turn changed (a royal favour)."""

    player: int
    symbols: tuple[str, ...]


@_event
@attrs.frozen
class CustomerPeopleChanged(Event):
    """Before seating, the player swapped the customer tile for one of another people."""

    player: int
    start: str
    end: str


@_event
@attrs.frozen
class CustomerMoved(Event):
    """A seated customer tile moved to a free table of another tavern."""

    player: int
    start: str
    start_table: int
    end: str
    end_table: int
    people: str


@_event
@attrs.frozen
class SpellCastGranted(Event):
    """The player may cast more spells this turn."""

    player: int
    count: int


# ----------------------------------------------------------------------------- spells
@_event
@attrs.frozen
class SpellCast(Event):
    """A player cast a spell from their hand; it stays face up (it counts for the Archmage)."""

    player: int
    spell: str


# ----------------------------------------------------------------------------- end
@_event
@attrs.frozen
class SpellsExchanged(Event):
    """End of game: uncast spells exchanged for 1 coin each."""

    ZONES: ClassVar[Mapping[str, str]] = {"spells": "hand"}
    player: int
    spells: tuple[str, ...]


@_event
@attrs.frozen
class PrivilegesExchanged(Event):
    """End of game: unused privilege tokens exchanged for 1 VP each."""

    player: int
    count: int


@_event
@attrs.frozen
class RoyalScoringChosen(Event):
    """A player chose a royal scoring opportunity (its effect follows)."""

    player: int
    scoring: str


@_event
@attrs.frozen
class GameEnded(Event):
    """The final result."""

    result: Result
