"""Taverns & Dragons' rule set: the game's numbers, ingredients, sbires, dice, bank,
recipe row, days track, map, locations, taverns and cards, built from its content
(:mod:`taverna_rules.games.taverns_and_dragons.content`), immutable and fingerprinted."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from taverna_rules.content.model import Names, PackInfo, RuleOption, supported_players
from taverna_rules.content.where import Declared
from taverna_rules.core.board_map import BoardMap
from taverna_rules.dsl.nodes import Node

__all__ = [
    "ABILITY_WHEN",
    "DAY_ICONS",
    "ENGINE_OPTIONS",
    "GAME",
    "INGREDIENTS",
    "ROLES",
    "BankSpace",
    "Constants",
    "Cost",
    "Day",
    "Dragon",
    "DungeonToken",
    "EventCard",
    "ForgeToken",
    "GridRow",
    "Hero",
    "Ingredient",
    "Location",
    "Mission",
    "Recipe",
    "Region",
    "RuleSet",
    "Sbire",
    "Symbol",
    "Tavern",
    "Trophy",
]

GAME = "taverns_and_dragons"
#: The rule options the engine reads itself.
ENGINE_OPTIONS = (
    "events",
    "first_game",
    "first_player_tie",
    "missions",
    "recipe_slot",
    "tavern_powers",
)
#: The five ingredients (l.97), as ids.
INGREDIENTS = ("mushroom", "plant", "spice", "egg", "meat")
#: What a hunting symbol does: strike the dragon, wound the hunter, or set off the
#: dragon's special attack (l.303-331).
ROLES = ("attack", "wound", "special")
#: The icons of the days track, resolved top to bottom (l.391-419): heroes readied,
#: a dragon woken, the board's ingredients renewed, an event.
DAY_ICONS = ("hydromel", "dragon", "magic", "event")
#: When a hero's ability may be used: at any moment of its owner's turn; once a sbire is
#: activated this turn, on it (the sbire icon, l.365); or in a hunt, once the hunting dice
#: are rolled (l.299).
ABILITY_WHEN = ("turn", "sbire", "hunt")


@attrs.frozen
class Constants:
    """The game's printed numbers (each with its rulebook line in ``game.yaml``)."""

    player_counts: tuple[int, ...]
    rounds: int
    dice: int
    start_gold: int
    start_energy: int
    catch_up_total: int
    catch_up_gold: int
    gems: int
    gold: int
    runes: int
    wounds: int
    market: int
    recipes_shown: int
    dragons: int
    locations: int
    places: int
    two_player_places: int
    hunting_dice: int
    damage_markers: int
    fire_tokens: int
    frost_tokens: int
    full_rows_from: int
    missions_dealt: int
    slots: int


@attrs.frozen
class Ingredient:
    """An ingredient and its tokens in the box (l.97)."""

    id: str
    name: Names
    count: int


@attrs.frozen
class Sbire:
    """One of a player's three sbires (l.69): the regions it moves beyond its die (the
    booted one, l.248), the slots it has beyond the others' (the sturdy one, l.277) and
    the hunting symbol it ignores (the shielded one, l.325)."""

    id: str
    name: Names
    moves: int = 0
    slots: int = 0
    ignores: str = ""


@attrs.frozen
class Symbol:
    """A symbol of the hunting dice and what it does (one of :data:`ROLES`)."""

    id: str
    role: str
    name: Names


@attrs.frozen
class BankSpace:
    """A space of the royal bank: the die value it takes (0: any value, any number of
    dice, l.212) and the gold it pays."""

    die: int
    gold: int


@attrs.frozen
class Day:
    """What the King crosses at the end of a round: icons of :data:`DAY_ICONS`, top to
    bottom, and which effect of an event applies (``"a"`` or ``"b"``)."""

    round: int
    icons: tuple[str, ...]
    event: str = ""


@attrs.frozen
class Tavern:
    """A tavern board (l.25): its colour and its power track (the module, l.486-493), the
    effects of the spaces after the start space."""

    id: str
    name: Names
    colour: str
    power: tuple[Node, ...]


@attrs.frozen
class Region:
    """A region of the map: the location spaces it is adjacent to (by letter, l.281), a
    token space (l.162) and the ingredient printed on it (l.270)."""

    id: str
    name: Names
    letters: tuple[str, ...]
    token: bool = False
    ingredient: str = ""


@attrs.frozen
class Cost:
    """What a visit pays (l.285): gold, energy, prestige, and ingredients the visiting
    sbire carries, by kind."""

    gold: int = 0
    energy: int = 0
    prestige: int = 0
    carried: tuple[tuple[str, int], ...] = ()

    @property
    def free(self) -> bool:
        """Whether the visit costs nothing."""
        return not (self.gold or self.energy or self.prestige or self.carried)


@attrs.frozen
class Location:
    """A location (l.531-587), one face of a tile: the cost of each of its places and the
    effect of a visit."""

    id: str
    tile: int
    name: Names
    places: tuple[Cost, ...]
    effect: Node
    provenance: str = "rulebook"
    note: str = ""


@attrs.frozen
class Hero:
    """A hero card (l.353-380): its gold cost, its prestige at the end, its ability (used
    at a moment of :data:`ABILITY_WHEN`, then the card is exhausted) and its once-a-game
    bonus."""

    id: str
    name: Names
    cost: int
    prestige: int
    ability: Node
    when: str
    bonus: Node
    provenance: str = "reconstructed"
    note: str = ""


@attrs.frozen
class Recipe:
    """A recipe card (l.335-349): its prestige and the ingredients it takes, by kind."""

    id: str
    name: Names
    prestige: int
    ingredients: tuple[tuple[str, int], ...]
    provenance: str = "reconstructed"
    note: str = ""

    @property
    def size(self) -> int:
        """How many ingredients it takes."""
        return sum(n for _, n in self.ingredients)


@attrs.frozen
class GridRow:
    """A row of a dragon's damage grid: its attack symbols, the reward for covering the
    last of them (l.307-313), and the fewest players it is played with (the "4+" row,
    l.305; 0 for every count)."""

    symbols: tuple[str, ...]
    reward: Node
    players: int = 0


@attrs.frozen
class Dragon:
    """A dragon board (l.53, l.401-405): the location space it lands on, its damage grid,
    its appearance effect and its special attack."""

    id: str
    name: Names
    location: str
    grid: tuple[GridRow, ...]
    appearance: Node
    special: Node
    provenance: str = "reconstructed"
    note: str = ""


@attrs.frozen
class Mission:
    """A mission card (l.468-472): its condition and the prestige it scores at the end."""

    id: str
    name: Names
    condition: Any
    prestige: int
    provenance: str = "reconstructed"
    note: str = ""


@attrs.frozen
class EventCard:
    """An event card (l.476-480): two effects; the days track says which applies."""

    id: str
    name: Names
    a: Node
    b: Node
    provenance: str = "reconstructed"
    note: str = ""


@attrs.frozen
class Trophy:
    """A dragon trophy (l.315): its prestige, revealed at the end."""

    id: str
    name: Names
    prestige: int


@attrs.frozen
class DungeonToken:
    """A Dungeon token (l.545-549): gold or prestige gained, or a wound that ends the
    search."""

    id: str
    kind: str
    amount: int


@attrs.frozen
class ForgeToken:
    """A Forge token (l.552-554): the damage symbol it places on the next hunt."""

    id: str
    symbol: str


@attrs.frozen
class RuleSet:
    """Everything a game of Taverns & Dragons is played with. ``fingerprint`` is the
    SHA-256 of the canonical content."""

    format_version: int
    fingerprint: str
    sources: tuple[str, ...]
    constants: Constants
    ingredients: tuple[Ingredient, ...]
    #: The bag at the start and at each magic refresh (l.162, l.411), by kind.
    bag: tuple[tuple[str, int], ...]
    sbires: tuple[Sbire, ...]
    symbols: tuple[Symbol, ...]
    action_die: tuple[int, ...]
    hunting_die: tuple[tuple[str, ...], ...]
    bank: tuple[BankSpace, ...]
    #: The bonus under each place of the recipe row, from the newest recipe (l.345).
    recipe_bonuses: tuple[int, ...]
    days: tuple[Day, ...]
    #: The map: its regions, the location spaces by letter, where sbires start and where
    #: a passing sbire takes a rune.
    regions: tuple[Region, ...]
    board: BoardMap
    spaces: tuple[str, ...]
    gates: str
    runes: str
    locations: tuple[Location, ...]
    first_game: tuple[str, ...]
    taverns: tuple[Tavern, ...]
    heroes: tuple[Hero, ...]
    recipes: tuple[Recipe, ...]
    dragons: tuple[Dragon, ...]
    missions: tuple[Mission, ...]
    events: tuple[EventCard, ...]
    trophies: tuple[Trophy, ...]
    dungeon: tuple[DungeonToken, ...]
    forge: tuple[ForgeToken, ...]
    options: tuple[RuleOption, ...]
    provenance: tuple[tuple[str, str], ...] = attrs.field(default=(), eq=False)
    packs: tuple[PackInfo, ...] = ()
    game: str = GAME
    #: Where each item was declared, by (content kind, id) (not part of equality).
    declared: Mapping[tuple[str, str], Declared] = attrs.field(factory=dict, eq=False, repr=False)

    _names: dict[str, Names] = attrs.field(init=False, eq=False, repr=False)
    _by_id: dict[str, Any] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        named: list[Any] = [
            *self.ingredients,
            *self.sbires,
            *self.symbols,
            *self.taverns,
            *self.regions,
            *self.locations,
            *self.heroes,
            *self.recipes,
            *self.dragons,
            *self.missions,
            *self.events,
            *self.trophies,
        ]
        names = {item.id: item.name for item in named}
        names.update((o.id, o.name) for o in self.options if o.name is not None)
        object.__setattr__(self, "_names", names)
        by_id = {item.id: item for item in named}
        tokens: list[Any] = [*self.dungeon, *self.forge]
        by_id.update((t.id, t) for t in tokens)
        object.__setattr__(self, "_by_id", by_id)

    def supported_players(self) -> tuple[int, ...]:
        """The player counts this content plays with."""
        return supported_players(self.constants.player_counts, self.packs)

    def _item(self, ident: str, kind: type[Any]) -> Any:
        item = self._by_id.get(ident)
        if not isinstance(item, kind):
            raise KeyError(ident)
        return item

    def region(self, ident: str) -> Region:
        """The region ``ident``."""
        found: Region = self._item(ident, Region)
        return found

    def location(self, ident: str) -> Location:
        """The location ``ident``."""
        found: Location = self._item(ident, Location)
        return found

    def hero(self, ident: str) -> Hero:
        """The hero ``ident``."""
        found: Hero = self._item(ident, Hero)
        return found

    def recipe(self, ident: str) -> Recipe:
        """The recipe ``ident``."""
        found: Recipe = self._item(ident, Recipe)
        return found

    def dragon(self, ident: str) -> Dragon:
        """The dragon ``ident``."""
        found: Dragon = self._item(ident, Dragon)
        return found

    def mission(self, ident: str) -> Mission:
        """The mission ``ident``."""
        found: Mission = self._item(ident, Mission)
        return found

    def event(self, ident: str) -> EventCard:
        """The event ``ident``."""
        found: EventCard = self._item(ident, EventCard)
        return found

    def tavern(self, ident: str) -> Tavern:
        """The tavern board ``ident``."""
        found: Tavern = self._item(ident, Tavern)
        return found

    def sbire(self, ident: str) -> Sbire:
        """The sbire ``ident``."""
        found: Sbire = self._item(ident, Sbire)
        return found

    def trophy(self, ident: str) -> Trophy:
        """The trophy ``ident``."""
        found: Trophy = self._item(ident, Trophy)
        return found

    def day(self, round_: int) -> Day:
        """What the King crosses at the end of round ``round_`` (nothing when the track
        says nothing)."""
        return next((d for d in self.days if d.round == round_), Day(round_, ()))

    def adjacent(self, region: str, space: str) -> bool:
        """Whether the region ``region`` is adjacent to the location space ``space``
        (they bear the same letter, l.281)."""
        return space in self.region(region).letters

    def slots(self, sbire: str) -> int:
        """The ingredient slots under the sbire ``sbire`` (l.271, l.277)."""
        return self.constants.slots + self.sbire(sbire).slots

    def option(self, ident: str) -> RuleOption:
        """The rule option ``ident``."""
        for option in self.options:
            if option.id == ident:
                return option
        raise KeyError(ident)

    def name_of(self, ident: str, lang: str = "en") -> str:
        """The display name of a content id, in ``lang``."""
        names = self._names.get(ident)
        return ident if names is None else names.get(lang)

    @property
    def action_space(self) -> Any:
        """Every action these rules can offer, numbered (:func:`taverna_rules.action_space`)."""
        from taverna_rules.core.action_space import action_space

        return action_space(self)
