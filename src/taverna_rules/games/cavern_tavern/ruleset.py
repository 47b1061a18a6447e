"""Cavern Tavern's rule set: the game's numbers, ingredients, places, tracks and cards,
built from its content (:mod:`taverna_rules.games.cavern_tavern.content`), immutable and
fingerprinted."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    from taverna_rules.core.action_space import ActionSpace

from taverna_rules.content.model import Names, PackInfo, RuleOption, supported_players
from taverna_rules.content.where import Declared
from taverna_rules.dsl.nodes import Node

__all__ = [
    "AREAS",
    "ENGINE_OPTIONS",
    "BoardSpot",
    "GAME",
    "TASK_AREAS",
    "Constants",
    "Ingredient",
    "Item",
    "NastyCard",
    "Order",
    "Place",
    "RuleSet",
    "SecretTask",
    "Track",
]

GAME = "cavern_tavern"
#: The parts of the Tavern where dice go.
AREAS = ("cellar", "kitchen", "chores", "office", "workshop")
#: The areas whose places are tasks: one dice group a round, a track of the same name.
TASK_AREAS = ("kitchen", "chores")
#: The rule options the engine reads itself (any other is read by an effect).
ENGINE_OPTIONS = ("blind_order_in_first_round", "served_orders", "starting_roll_with_white_die")


@attrs.frozen
class Constants:
    """The game's printed numbers."""

    rounds: int
    player_counts: tuple[int, ...]
    dice_per_player: int
    tables: int
    ingredient_copies: int
    potion_copies: int
    item_offer: int
    unfinished_nasty: int
    ingredient_vp: int


@attrs.frozen
class Ingredient:
    """One kind of ingredient card (the Magic Potion is one too)."""

    id: str
    name: Names


@attrs.frozen
class Place:
    """A place of the Tavern: the dice it takes (an exact ``sum``, or any ``count`` of
    dice), its dice groups a round by player count, and what it gives (an effect)."""

    id: str
    area: str
    name: Names
    effect: Node
    dice_sum: int = 0
    dice_count: int = 0
    slots: tuple[tuple[int, int], ...] = ()

    def slots_for(self, players: int) -> int:
        """The dice groups the place holds a round with ``players`` players."""
        return dict(self.slots).get(players, 0)

    @property
    def track(self) -> str | None:
        """The track a task of this place moves (``kitchen``, ``chores``), or None."""
        return self.area if self.area in TASK_AREAS else None


#: A place as a turn's placements read it: its id, the track its task moves (or None), the
#: dice groups it holds a round, its dice sum and count (0: any), and the die change its
#: task allows at each level of that track (empty without a task).
BoardSpot = tuple[str, str | None, int, int, int, tuple[int, ...]]


@attrs.frozen
class Track:
    """A track of the player boards: ``levels`` (ascending) from which ``extra_points``
    and ``die_change`` apply (Kitchen, Chores), or at which Nasty calls the player to his
    office (Nasty, whose ``penalty`` is the VP lost at the end at each position)."""

    id: str
    name: Names
    top: int
    levels: tuple[int, ...]
    extra_points: tuple[int, ...] = ()
    die_change: tuple[int, ...] = ()
    penalty: tuple[int, ...] = ()
    provenance: str = "rulebook"

    def _reached(self, values: tuple[int, ...], level: int) -> int:
        out = 0
        for threshold, value in zip(self.levels, values, strict=False):
            if level >= threshold:
                out = value
        return out

    def extra(self, level: int) -> int:
        """The extra points of a task done at ``level``."""
        return self._reached(self.extra_points, level)

    def change(self, level: int) -> int:
        """By how much one die may be changed for a task done at ``level``."""
        return self._reached(self.die_change, level)


@attrs.frozen
class Order:
    """An order card: the ingredients it takes, its points by rounds late (``points[0]``
    when served in the round it was taken), the rounds after which its customers leave and
    the points that costs, the track it moves and whether it gives an item."""

    id: str
    name: Names
    ingredients: tuple[tuple[str, int], ...]
    points: tuple[int, ...]
    leave_after: int
    leave_lose: int
    track: str | None = None
    item: bool = False
    provenance: str = "reconstructed"

    def points_for(self, late: int) -> int:
        """The points of serving the order ``late`` rounds after it was taken."""
        return self.points[min(max(late, 0), len(self.points) - 1)]

    @property
    def size(self) -> int:
        """How many ingredients it takes."""
        return sum(n for _, n in self.ingredients)


@attrs.frozen
class Item:
    """An item card kind: its copies in the deck and what playing one does."""

    id: str
    name: Names
    copies: int
    effect: Node
    provenance: str = "reconstructed"


@attrs.frozen
class NastyCard:
    """A "Nasty the Dwarf Says" card: the demand a summoned player pays to be free again."""

    id: str
    name: Names
    demand: Node
    provenance: str = "reconstructed"


@attrs.frozen
class SecretTask:
    """A secret task: what it scores at the end for its owner."""

    id: str
    name: Names
    effect: Node
    provenance: str = "reconstructed"


@attrs.frozen
class RuleSet:
    """Everything a game of Cavern Tavern is played with. ``fingerprint`` is the SHA-256
    of the canonical content."""

    format_version: int
    fingerprint: str
    sources: tuple[str, ...]
    constants: Constants
    ingredients: tuple[Ingredient, ...]
    potion: Ingredient
    places: tuple[Place, ...]
    tracks: tuple[Track, ...]
    orders: tuple[Order, ...]
    items: tuple[Item, ...]
    nasty_says: tuple[NastyCard, ...]
    secret_tasks: tuple[SecretTask, ...]
    options: tuple[RuleOption, ...]
    provenance: tuple[tuple[str, str], ...] = attrs.field(default=(), eq=False)
    packs: tuple[PackInfo, ...] = ()
    game: str = GAME
    #: Where each item was declared, by (content kind, id): tools locate what they find
    #: about an item after loading (not part of equality).
    declared: Mapping[tuple[str, str], Declared] = attrs.field(factory=dict, eq=False, repr=False)

    _by_id: dict[str, Any] = attrs.field(init=False, eq=False, repr=False)
    _of_kind: dict[type, dict[str, Any]] = attrs.field(init=False, eq=False, repr=False)
    _boards: dict[int, tuple[BoardSpot, ...]] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        found: dict[str, Any] = {}
        for group in (
            self.options,
            self.secret_tasks,
            self.nasty_says,
            self.items,
            self.orders,
            self.tracks,
            self.places,
            (*self.ingredients, self.potion),
        ):
            for thing in group:
                found[f"{type(thing).__name__}:{thing.id}"] = thing
        of_kind: dict[type, dict[str, Any]] = {}
        for thing in found.values():
            of_kind.setdefault(type(thing), {})[thing.id] = thing
        object.__setattr__(self, "_by_id", found)
        # Every legal-action check looks things up by kind and id: one dict per kind.
        object.__setattr__(self, "_of_kind", of_kind)
        object.__setattr__(self, "_boards", {})

    def board(self, players: int) -> tuple[BoardSpot, ...]:
        """Each place as a :data:`BoardSpot` for ``players`` players: a table built once per
        player count (every turn's placements read it)."""
        table = self._boards.get(players)
        if table is None:
            table = self._boards[players] = tuple(self._spot(place, players) for place in self.places)
        return table

    def _spot(self, place: Place, players: int) -> BoardSpot:
        task = place.track
        # The die change of a task at each level of its track, read by index.
        changes = () if task is None else tuple(map(self.track(task).change, range(self.track(task).top + 1)))
        return (place.id, task, place.slots_for(players), place.dice_sum, place.dice_count, changes)

    def _get(self, cls: type, ident: str) -> Any:
        things = self._of_kind.get(cls) or {}
        # A copy of a card (``"goblet#2"``) is its kind's.
        return things.get(ident) or things[ident.split("#", 1)[0]]

    @property
    def action_space(self) -> ActionSpace:
        """Every action these rules can offer, numbered (:func:`taverna_rules.action_space`)."""
        from taverna_rules.core.action_space import action_space

        return action_space(self)

    def supported_players(self) -> tuple[int, ...]:
        """The player counts this content plays with: the game's, less those a pack does
        not support."""
        return supported_players(self.constants.player_counts, self.packs)

    @property
    def ingredient_ids(self) -> tuple[str, ...]:
        """The twelve ingredient kinds of the Cellar, without the Magic Potion."""
        return tuple(i.id for i in self.ingredients)

    def place(self, ident: str) -> Place:
        """The place ``ident``."""
        place: Place = self._get(Place, ident)
        return place

    def order(self, ident: str) -> Order:
        """The order card ``ident``."""
        order: Order = self._get(Order, ident)
        return order

    def item(self, ident: str) -> Item:
        """The item kind of a card id (``lucky_charm`` or ``lucky_charm#2``)."""
        item: Item = self._get(Item, ident)
        return item

    def nasty(self, ident: str) -> NastyCard:
        """The Nasty the Dwarf Says card ``ident``."""
        card: NastyCard = self._get(NastyCard, ident)
        return card

    def secret(self, ident: str) -> SecretTask:
        """The secret task ``ident``."""
        task: SecretTask = self._get(SecretTask, ident)
        return task

    def track(self, ident: str) -> Track:
        """The track ``ident`` (``kitchen``, ``chores``, ``nasty``)."""
        track: Track = self._get(Track, ident)
        return track

    def option(self, ident: str) -> RuleOption:
        """The rule option ``ident``."""
        option: RuleOption = self._get(RuleOption, ident)
        return option

    def has(self, kind: type, ident: str) -> bool:
        """Whether the content declares a ``kind`` (``Place``, ``Order`` ...) ``ident``."""
        return f"{kind.__name__}:{ident.split('#', 1)[0]}" in self._by_id

    def name_of(self, ident: str, lang: str = "en") -> str:
        """The display name of any content id (an ingredient, a place, a card ...)."""
        for thing in self._by_id.values():
            names: Names | None = thing.name
            if thing.id == ident.split("#", 1)[0] and names is not None:
                return names.get(lang)
        return ident
