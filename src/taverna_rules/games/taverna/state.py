"""The game state: frozen attrs classes holding tuples, changed only by :func:`evolve`.

Everything a game needs to go on is here, including the effect stack (the tasks still
to resolve), so a state can be cloned, serialized, viewed and searched at any point.
"""

from __future__ import annotations

from typing import Any

import attrs

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


@attrs.frozen
class PlayerState:
    """One player: coins, VP by category, track positions, cards and tokens."""

    name: str
    coins: int = 0
    vp: VP = ()
    #: Position on each people track, in the rule set's people order (0 = start).
    tracks: tuple[int, ...] = (0, 0, 0, 0)
    #: Spell cards in hand (hidden from the other players).
    hand: tuple[str, ...] = ()
    #: Spells cast, face up (they count for the Archmage).
    cast: tuple[str, ...] = ()
    #: Royal favour tiles not used yet.
    favours: tuple[str, ...] = ()
    #: Royal favour tiles used, kept face down (they still count for the Queen).
    favours_used: tuple[str, ...] = ()
    privileges: int = 0
    #: Customer cards played, in order.
    cards: tuple[str, ...] = ()
    #: Royal scoring opportunities chosen.
    royal: tuple[str, ...] = ()
    birthday: str | None = None

    @property
    def total_vp(self) -> int:
        """Victory points over all categories."""
        return sum(amount for _, amount in self.vp)


@attrs.frozen
class TavernState:
    """A tavern on the board."""

    id: str
    #: The people of the tile at each table, ``None`` for a free table.
    tables: tuple[str | None, ...] = ()
    #: The owner (player index) of each deed space, ``None`` when unowned.
    deeds: tuple[int | None, ...] = ()
    privilege: bool = True
    guild_tokens: tuple[str, ...] = ()
    dignitaries: tuple[str, ...] = ()


@attrs.frozen
class TurnState:
    """The turn in progress."""

    player: int
    card: str | None = None
    people: str | None = None
    #: The guild symbols of the card played (royal favours may change them).
    symbols: tuple[str, ...] = ()
    tavern: str | None = None
    table: int | None = None
    dignitaries_used: tuple[str, ...] = ()
    #: True once the turn's own activation (where the customer sits, or by Influence) is spent.
    regular_activation_used: bool = False
    #: True once the one extra activation, paid with two privilege tokens, is spent.
    extra_activation_used: bool = False
    #: Royal favour kinds used this turn (each kind once: "different" tiles).
    favours_used: tuple[str, ...] = ()
    #: The tavern the last activated dignitary was sent to.
    arrival: str | None = None
    spells_cast: int = 0
    #: Spell casts allowed this turn beyond the first (the Second spell favour).
    extra_casts: int = 0
    #: Other players who cast a spell during this turn (one each, lightning spells only).
    responded: tuple[int, ...] = ()


@attrs.frozen
class GameState:
    """The whole state of a game of Taverna."""

    rules: str
    players: tuple[PlayerState, ...]
    #: People ids in track order: the order of :attr:`PlayerState.tracks`.
    peoples: tuple[str, ...] = ("human", "elf", "dwarf", "orc")
    seed: int = 0
    #: How draws are made: ``"sampled"`` from the seed, or ``"explicit"`` chance decisions
    #: (see :mod:`taverna_rules.core.chance`).
    chance: str = "sampled"
    side: str = ""
    first_player: int = 0
    options: tuple[tuple[str, Any], ...] = ()
    played_on: str | None = None
    taverns: tuple[TavernState, ...] = ()
    customer_deck: tuple[str, ...] = ()
    row: tuple[str, ...] = ()
    spell_deck: tuple[str, ...] = ()
    #: Spells sold or exchanged, face down: ``(player, card)``.
    spell_discard: tuple[tuple[int, str], ...] = ()
    curses: tuple[str, ...] = ()
    castle: tuple[str, ...] = ()
    favour_reserve: tuple[str, ...] = ()
    #: Customer tiles in the supply, by people.
    tiles: tuple[tuple[str, int], ...] = ()
    #: Customer tiles out of the game (removed by Trickery), by people.
    tiles_removed: tuple[tuple[str, int], ...] = ()
    guild_supply: tuple[tuple[str, int], ...] = ()
    privilege_supply: int = 0
    privileges_discarded: int = 0
    king: str | None = None
    queen: str | None = None
    royal_used: tuple[tuple[str, int], ...] = ()
    turn: TurnState | None = None
    #: Customers played by all players so far.
    customers_played: int = 0
    stack: tuple[Task, ...] = ()
    result: Result | None = None

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
        return sum(1 for t in self.taverns for owner in t.deeds if owner == player)
