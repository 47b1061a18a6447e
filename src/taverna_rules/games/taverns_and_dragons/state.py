"""Taverns & Dragons' state: frozen, built only by folding events
(:mod:`taverna_rules.games.taverns_and_dragons.evolve`).

A player's sbires are in the order of the rules' sbires (booted, sturdy, shielded): the
per-sbire fields of :class:`Player` are tuples in that order. The reserves (gems, gold,
runes, wounds, ingredient tokens, fire and frost tokens) are what the box holds less what
is elsewhere: they are counted, never stored, so nothing can be made or lost. A hunting
die's face is written as its symbols joined by ``+`` (``"sword+wound"``).
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from taverna_rules._records import KEEP, Keep
from taverna_rules.core.records import Result, Task

__all__ = ["GameState", "Player", "face_symbols"]


def face_symbols(face: str) -> tuple[str, ...]:
    """The symbols of a hunting die's face: ``"sword+wound"`` -> ``("sword", "wound")``."""
    return tuple(face.split("+")) if face else ()


class Player:
    """One player: his tavern board, resources, dice, sbires, pantry and cards."""

    # record: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "activated",
        "banked",
        "bonuses",
        "carried",
        "damage",
        "dice",
        "energy",
        "exhausted",
        "forge",
        "frozen",
        "gold",
        "heroes",
        "missions",
        "name",
        "pantry",
        "power",
        "prestige",
        "recipes",
        "regions",
        "runes",
        "stacked",
        "tavern",
        "trophies",
        "wounds",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("name", "str"),
        ("tavern", "str"),
        ("gold", "int"),
        ("energy", "int"),
        ("runes", "int"),
        ("prestige", "int"),
        ("dice", "tuple[int, ...]"),
        ("banked", "bool"),
        ("regions", "tuple[str, ...]"),
        ("carried", "tuple[tuple[str, ...], ...]"),
        ("wounds", "tuple[int, ...]"),
        ("stacked", "tuple[int, ...]"),
        ("activated", "tuple[bool, ...]"),
        ("frozen", "tuple[bool, ...]"),
        ("pantry", "tuple[str, ...]"),
        ("heroes", "tuple[str, ...]"),
        ("exhausted", "tuple[str, ...]"),
        ("bonuses", "tuple[str, ...]"),
        ("recipes", "tuple[str, ...]"),
        ("trophies", "tuple[str, ...]"),
        ("missions", "tuple[str, ...]"),
        ("forge", "str"),
        ("power", "int"),
        ("damage", "int"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {
        "tavern": "",
        "gold": 0,
        "energy": 0,
        "runes": 0,
        "prestige": 0,
        "dice": (),
        "banked": False,
        "regions": (),
        "carried": (),
        "wounds": (),
        "stacked": (),
        "activated": (),
        "frozen": (),
        "pantry": (),
        "heroes": (),
        "exhausted": (),
        "bonuses": (),
        "recipes": (),
        "trophies": (),
        "missions": (),
        "forge": "",
        "power": 0,
        "damage": 0,
    }
    name: Final[str]
    tavern: Final[str]
    gold: Final[int]
    energy: Final[int]
    runes: Final[int]
    prestige: Final[int]
    #: The action dice still to play this round (available, l.597), sorted.
    dice: Final[tuple[int, ...]]
    #: A die on the royal bank this round (one a round, l.212).
    banked: Final[bool]
    #: Where each sbire is, in the rules' order of sbires.
    regions: Final[tuple[str, ...]]
    #: What each sbire carries: its ingredients (sorted), its wounds, how many of its
    #: ingredients are stacked on another (a second token on top, l.509: no slot).
    carried: Final[tuple[tuple[str, ...], ...]]
    wounds: Final[tuple[int, ...]]
    stacked: Final[tuple[int, ...]]
    #: Whether each sbire's die slot holds a die this round (l.238), and each one's frost
    #: token (its next move is one region shorter).
    activated: Final[tuple[bool, ...]]
    frozen: Final[tuple[bool, ...]]
    #: The ingredients in the pantry (only these are cooked, l.260), sorted.
    pantry: Final[tuple[str, ...]]
    #: Heroes recruited, those exhausted, and those whose bonus holds a gem (l.373).
    heroes: Final[tuple[str, ...]]
    exhausted: Final[tuple[str, ...]]
    bonuses: Final[tuple[str, ...]]
    #: Recipes cooked, in order.
    recipes: Final[tuple[str, ...]]
    #: Trophies, face down until the end (owner only, l.315).
    trophies: Final[tuple[str, ...]]
    #: Missions dealt to choose from, then the one kept (owner only, l.470).
    missions: Final[tuple[str, ...]]
    #: The Forge token held (one at most, l.554), ``""`` for none.
    forge: Final[str]
    #: The tavern power marker: 0 on the start space (the module, l.486).
    power: Final[int]
    #: Damage markers placed this game.
    damage: Final[int]

    def __init__(
        self,
        name: str,
        tavern: str = "",
        gold: int = 0,
        energy: int = 0,
        runes: int = 0,
        prestige: int = 0,
        #: The action dice still to play this round (available, l.597), sorted.
        dice: tuple[int, ...] = (),
        #: A die on the royal bank this round (one a round, l.212).
        banked: bool = False,
        #: Where each sbire is, in the rules' order of sbires.
        regions: tuple[str, ...] = (),
        #: What each sbire carries: its ingredients (sorted), its wounds, how many of its
        #: ingredients are stacked on another (a second token on top, l.509: no slot).
        carried: tuple[tuple[str, ...], ...] = (),
        wounds: tuple[int, ...] = (),
        stacked: tuple[int, ...] = (),
        #: Whether each sbire's die slot holds a die this round (l.238), and each one's frost
        #: token (its next move is one region shorter).
        activated: tuple[bool, ...] = (),
        frozen: tuple[bool, ...] = (),
        #: The ingredients in the pantry (only these are cooked, l.260), sorted.
        pantry: tuple[str, ...] = (),
        #: Heroes recruited, those exhausted, and those whose bonus holds a gem (l.373).
        heroes: tuple[str, ...] = (),
        exhausted: tuple[str, ...] = (),
        bonuses: tuple[str, ...] = (),
        #: Recipes cooked, in order.
        recipes: tuple[str, ...] = (),
        #: Trophies, face down until the end (owner only, l.315).
        trophies: tuple[str, ...] = (),
        #: Missions dealt to choose from, then the one kept (owner only, l.470).
        missions: tuple[str, ...] = (),
        #: The Forge token held (one at most, l.554), ``""`` for none.
        forge: str = "",
        #: The tavern power marker: 0 on the start space (the module, l.486).
        power: int = 0,
        #: Damage markers placed this game.
        damage: int = 0,
    ) -> None:
        self.name = name
        self.tavern = tavern
        self.gold = gold
        self.energy = energy
        self.runes = runes
        self.prestige = prestige
        self.dice = dice
        self.banked = banked
        self.regions = regions
        self.carried = carried
        self.wounds = wounds
        self.stacked = stacked
        self.activated = activated
        self.frozen = frozen
        self.pantry = pantry
        self.heroes = heroes
        self.exhausted = exhausted
        self.bonuses = bonuses
        self.recipes = recipes
        self.trophies = trophies
        self.missions = missions
        self.forge = forge
        self.power = power
        self.damage = damage

    def replace(
        self,
        *,
        name: Keep | str = KEEP,
        tavern: Keep | str = KEEP,
        gold: Keep | int = KEEP,
        energy: Keep | int = KEEP,
        runes: Keep | int = KEEP,
        prestige: Keep | int = KEEP,
        dice: Keep | tuple[int, ...] = KEEP,
        banked: Keep | bool = KEEP,
        regions: Keep | tuple[str, ...] = KEEP,
        carried: Keep | tuple[tuple[str, ...], ...] = KEEP,
        wounds: Keep | tuple[int, ...] = KEEP,
        stacked: Keep | tuple[int, ...] = KEEP,
        activated: Keep | tuple[bool, ...] = KEEP,
        frozen: Keep | tuple[bool, ...] = KEEP,
        pantry: Keep | tuple[str, ...] = KEEP,
        heroes: Keep | tuple[str, ...] = KEEP,
        exhausted: Keep | tuple[str, ...] = KEEP,
        bonuses: Keep | tuple[str, ...] = KEEP,
        recipes: Keep | tuple[str, ...] = KEEP,
        trophies: Keep | tuple[str, ...] = KEEP,
        missions: Keep | tuple[str, ...] = KEEP,
        forge: Keep | str = KEEP,
        power: Keep | int = KEEP,
        damage: Keep | int = KEEP,
    ) -> Player:
        """A copy with the fields given changed."""
        return Player(
            self.name if name is KEEP else name,
            self.tavern if tavern is KEEP else tavern,
            self.gold if gold is KEEP else gold,
            self.energy if energy is KEEP else energy,
            self.runes if runes is KEEP else runes,
            self.prestige if prestige is KEEP else prestige,
            self.dice if dice is KEEP else dice,
            self.banked if banked is KEEP else banked,
            self.regions if regions is KEEP else regions,
            self.carried if carried is KEEP else carried,
            self.wounds if wounds is KEEP else wounds,
            self.stacked if stacked is KEEP else stacked,
            self.activated if activated is KEEP else activated,
            self.frozen if frozen is KEEP else frozen,
            self.pantry if pantry is KEEP else pantry,
            self.heroes if heroes is KEEP else heroes,
            self.exhausted if exhausted is KEEP else exhausted,
            self.bonuses if bonuses is KEEP else bonuses,
            self.recipes if recipes is KEEP else recipes,
            self.trophies if trophies is KEEP else trophies,
            self.missions if missions is KEEP else missions,
            self.forge if forge is KEEP else forge,
            self.power if power is KEEP else power,
            self.damage if damage is KEEP else damage,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Player):
            return NotImplemented
        return (
            self.name,
            self.tavern,
            self.gold,
            self.energy,
            self.runes,
            self.prestige,
            self.dice,
            self.banked,
            self.regions,
            self.carried,
            self.wounds,
            self.stacked,
            self.activated,
            self.frozen,
            self.pantry,
            self.heroes,
            self.exhausted,
            self.bonuses,
            self.recipes,
            self.trophies,
            self.missions,
            self.forge,
            self.power,
            self.damage,
        ) == (
            other.name,
            other.tavern,
            other.gold,
            other.energy,
            other.runes,
            other.prestige,
            other.dice,
            other.banked,
            other.regions,
            other.carried,
            other.wounds,
            other.stacked,
            other.activated,
            other.frozen,
            other.pantry,
            other.heroes,
            other.exhausted,
            other.bonuses,
            other.recipes,
            other.trophies,
            other.missions,
            other.forge,
            other.power,
            other.damage,
        )

    def __hash__(self) -> int:
        return hash(
            (
                self.name,
                self.tavern,
                self.gold,
                self.energy,
                self.runes,
                self.prestige,
                self.dice,
                self.banked,
                self.regions,
                self.carried,
                self.wounds,
                self.stacked,
                self.activated,
                self.frozen,
                self.pantry,
                self.heroes,
                self.exhausted,
                self.bonuses,
                self.recipes,
                self.trophies,
                self.missions,
                self.forge,
                self.power,
                self.damage,
            )
        )

    def __repr__(self) -> str:
        shown = (
            f"name={self.name!r}",
            f"tavern={self.tavern!r}",
            f"gold={self.gold!r}",
            f"energy={self.energy!r}",
            f"runes={self.runes!r}",
            f"prestige={self.prestige!r}",
            f"dice={self.dice!r}",
            f"banked={self.banked!r}",
            f"regions={self.regions!r}",
            f"carried={self.carried!r}",
            f"wounds={self.wounds!r}",
            f"stacked={self.stacked!r}",
            f"activated={self.activated!r}",
            f"frozen={self.frozen!r}",
            f"pantry={self.pantry!r}",
            f"heroes={self.heroes!r}",
            f"exhausted={self.exhausted!r}",
            f"bonuses={self.bonuses!r}",
            f"recipes={self.recipes!r}",
            f"trophies={self.trophies!r}",
            f"missions={self.missions!r}",
            f"forge={self.forge!r}",
            f"power={self.power!r}",
            f"damage={self.damage!r}",
        )
        return "Player(" + ", ".join(shown) + ")"

    def __reduce__(self) -> tuple[type[Player], tuple[Any, ...]]:
        return Player, (
            self.name,
            self.tavern,
            self.gold,
            self.energy,
            self.runes,
            self.prestige,
            self.dice,
            self.banked,
            self.regions,
            self.carried,
            self.wounds,
            self.stacked,
            self.activated,
            self.frozen,
            self.pantry,
            self.heroes,
            self.exhausted,
            self.bonuses,
            self.recipes,
            self.trophies,
            self.missions,
            self.forge,
            self.power,
            self.damage,
        )

    # end of record

    def slot_of(self, sbire: int) -> tuple[str, ...]:
        """What sbire ``sbire`` (its index) carries."""
        return self.carried[sbire]


class GameState:
    """A game of Taverns & Dragons at one moment."""

    # record: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "active",
        "bag",
        "bank",
        "chance",
        "collects",
        "die",
        "dragon",
        "dragon_deck",
        "draws",
        "event_deck",
        "events_seen",
        "fires",
        "first",
        "focus",
        "forge_pool",
        "grid",
        "hero_deck",
        "hunted",
        "hunting",
        "locations",
        "market",
        "mission",
        "mission_deck",
        "moved",
        "options",
        "players",
        "recipe_deck",
        "rerolls",
        "result",
        "round",
        "row",
        "rules",
        "sbire",
        "sbires",
        "seed",
        "source",
        "stack",
        "strikes",
        "taken",
        "tokens",
        "trophy_pile",
        "turn",
        "used",
        "visited",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("rules", "str"),
        ("players", "tuple[Player, ...]"),
        ("seed", "int"),
        ("draws", "int"),
        ("chance", "str"),
        ("options", "tuple[tuple[str, Any], ...]"),
        ("sbires", "tuple[str, ...]"),
        ("round", "int"),
        ("first", "int"),
        ("turn", "int"),
        ("bag", "tuple[str, ...]"),
        ("tokens", "tuple[tuple[str, str], ...]"),
        ("bank", "tuple[int, ...]"),
        ("source", "int"),
        ("row", "tuple[str, ...]"),
        ("taken", "tuple[bool, ...]"),
        ("recipe_deck", "tuple[str, ...]"),
        ("market", "tuple[str, ...]"),
        ("hero_deck", "tuple[str, ...]"),
        ("locations", "tuple[str, ...]"),
        ("used", "tuple[int, ...]"),
        ("fires", "tuple[int, ...]"),
        ("dragon", "str"),
        ("grid", "tuple[tuple[str, ...], ...]"),
        ("dragon_deck", "tuple[str, ...]"),
        ("trophy_pile", "tuple[str, ...]"),
        ("forge_pool", "tuple[str, ...]"),
        ("event_deck", "tuple[str, ...]"),
        ("events_seen", "tuple[str, ...]"),
        ("mission", "str"),
        ("mission_deck", "tuple[str, ...]"),
        ("active", "int"),
        ("sbire", "str"),
        ("die", "int"),
        ("moved", "bool"),
        ("collects", "int"),
        ("visited", "tuple[str, ...]"),
        ("hunted", "bool"),
        ("hunting", "tuple[str, ...]"),
        ("rerolls", "tuple[int, ...]"),
        ("strikes", "tuple[str, ...]"),
        ("focus", "str"),
        ("stack", "tuple[Task, ...]"),
        ("result", "Result | None"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {
        "seed": 0,
        "draws": 0,
        "chance": "sampled",
        "options": (),
        "sbires": (),
        "round": 0,
        "first": 0,
        "turn": -1,
        "bag": (),
        "tokens": (),
        "bank": (),
        "source": 0,
        "row": (),
        "taken": (),
        "recipe_deck": (),
        "market": (),
        "hero_deck": (),
        "locations": (),
        "used": (),
        "fires": (),
        "dragon": "",
        "grid": (),
        "dragon_deck": (),
        "trophy_pile": (),
        "forge_pool": (),
        "event_deck": (),
        "events_seen": (),
        "mission": "",
        "mission_deck": (),
        "active": -1,
        "sbire": "",
        "die": 0,
        "moved": False,
        "collects": 0,
        "visited": (),
        "hunted": False,
        "hunting": (),
        "rerolls": (),
        "strikes": (),
        "focus": "",
        "stack": (),
        "result": None,
    }
    rules: Final[str]
    players: Final[tuple[Player, ...]]
    seed: Final[int]
    draws: Final[int]
    chance: Final[str]
    options: Final[tuple[tuple[str, Any], ...]]
    #: The sbires of every player, in the rules' order.
    sbires: Final[tuple[str, ...]]
    #: The round, 1 to 7 (0 during setup).
    round: Final[int]
    #: The first player of the round, and whose turn it is.
    first: Final[int]
    turn: Final[int]
    #: The ingredient tokens in the bag (unordered: a token drawn is a draw) and those
    #: lying on the board, by region.
    bag: Final[tuple[str, ...]]
    tokens: Final[tuple[tuple[str, str], ...]]
    #: Dice on each space of the royal bank this round, and on the energy source.
    bank: Final[tuple[int, ...]]
    source: Final[int]
    #: The recipe row, from the newest place (``""``: empty), the places holding a die
    #: this round (B5), and the recipe deck (unordered, count only).
    row: Final[tuple[str, ...]]
    taken: Final[tuple[bool, ...]]
    recipe_deck: Final[tuple[str, ...]]
    #: The heroes of the market, and the deck (unordered, count only).
    market: Final[tuple[str, ...]]
    hero_deck: Final[tuple[str, ...]]
    #: The location on each space, the places used on each this round (a visit, a fire
    #: token) and the fire tokens lying there.
    locations: Final[tuple[str, ...]]
    used: Final[tuple[int, ...]]
    fires: Final[tuple[int, ...]]
    #: The dragon in play (``""``: none), what of its grid is still uncovered, and the
    #: dragon boards still face down (count only).
    dragon: Final[str]
    grid: Final[tuple[tuple[str, ...], ...]]
    dragon_deck: Final[tuple[str, ...]]
    #: The trophies left to win (hidden), the Forge tokens left, the events face down
    #: (count only), the common mission face up and the mission deck (count only).
    trophy_pile: Final[tuple[str, ...]]
    forge_pool: Final[tuple[str, ...]]
    event_deck: Final[tuple[str, ...]]
    events_seen: Final[tuple[str, ...]]
    mission: Final[str]
    mission_deck: Final[tuple[str, ...]]
    #: The activation under way: its player (-1: none), its sbire, its die value,
    #: whether it has moved, the collections it may still make, the locations it
    #: visited, whether it hunted.
    active: Final[int]
    sbire: Final[str]
    die: Final[int]
    moved: Final[bool]
    collects: Final[int]
    visited: Final[tuple[str, ...]]
    hunted: Final[bool]
    #: The hunting dice rolled in the hunt under way (their faces), and the action dice
    #: set aside to reroll together.
    hunting: Final[tuple[str, ...]]
    rerolls: Final[tuple[int, ...]]
    #: The attack symbols of the hunt still to place on the grid (l.303).
    strikes: Final[tuple[str, ...]]
    #: The sbire activated this turn, which the sbire-icon abilities act on (l.365).
    focus: Final[str]
    stack: Final[tuple[Task, ...]]
    result: Final[Result | None]

    def __init__(
        self,
        rules: str,
        players: tuple[Player, ...],
        seed: int = 0,
        draws: int = 0,
        chance: str = "sampled",
        options: tuple[tuple[str, Any], ...] = (),
        #: The sbires of every player, in the rules' order.
        sbires: tuple[str, ...] = (),
        #: The round, 1 to 7 (0 during setup).
        round: int = 0,
        #: The first player of the round, and whose turn it is.
        first: int = 0,
        turn: int = -1,
        #: The ingredient tokens in the bag (unordered: a token drawn is a draw) and those
        #: lying on the board, by region.
        bag: tuple[str, ...] = (),
        tokens: tuple[tuple[str, str], ...] = (),
        #: Dice on each space of the royal bank this round, and on the energy source.
        bank: tuple[int, ...] = (),
        source: int = 0,
        #: The recipe row, from the newest place (``""``: empty), the places holding a die
        #: this round (B5), and the recipe deck (unordered, count only).
        row: tuple[str, ...] = (),
        taken: tuple[bool, ...] = (),
        recipe_deck: tuple[str, ...] = (),
        #: The heroes of the market, and the deck (unordered, count only).
        market: tuple[str, ...] = (),
        hero_deck: tuple[str, ...] = (),
        #: The location on each space, the places used on each this round (a visit, a fire
        #: token) and the fire tokens lying there.
        locations: tuple[str, ...] = (),
        used: tuple[int, ...] = (),
        fires: tuple[int, ...] = (),
        #: The dragon in play (``""``: none), what of its grid is still uncovered, and the
        #: dragon boards still face down (count only).
        dragon: str = "",
        grid: tuple[tuple[str, ...], ...] = (),
        dragon_deck: tuple[str, ...] = (),
        #: The trophies left to win (hidden), the Forge tokens left, the events face down
        #: (count only), the common mission face up and the mission deck (count only).
        trophy_pile: tuple[str, ...] = (),
        forge_pool: tuple[str, ...] = (),
        event_deck: tuple[str, ...] = (),
        events_seen: tuple[str, ...] = (),
        mission: str = "",
        mission_deck: tuple[str, ...] = (),
        #: The activation under way: its player (-1: none), its sbire, its die value,
        #: whether it has moved, the collections it may still make, the locations it
        #: visited, whether it hunted.
        active: int = -1,
        sbire: str = "",
        die: int = 0,
        moved: bool = False,
        collects: int = 0,
        visited: tuple[str, ...] = (),
        hunted: bool = False,
        #: The hunting dice rolled in the hunt under way (their faces), and the action dice
        #: set aside to reroll together.
        hunting: tuple[str, ...] = (),
        rerolls: tuple[int, ...] = (),
        #: The attack symbols of the hunt still to place on the grid (l.303).
        strikes: tuple[str, ...] = (),
        #: The sbire activated this turn, which the sbire-icon abilities act on (l.365).
        focus: str = "",
        stack: tuple[Task, ...] = (),
        result: Result | None = None,
    ) -> None:
        self.rules = rules
        self.players = players
        self.seed = seed
        self.draws = draws
        self.chance = chance
        self.options = options
        self.sbires = sbires
        self.round = round
        self.first = first
        self.turn = turn
        self.bag = bag
        self.tokens = tokens
        self.bank = bank
        self.source = source
        self.row = row
        self.taken = taken
        self.recipe_deck = recipe_deck
        self.market = market
        self.hero_deck = hero_deck
        self.locations = locations
        self.used = used
        self.fires = fires
        self.dragon = dragon
        self.grid = grid
        self.dragon_deck = dragon_deck
        self.trophy_pile = trophy_pile
        self.forge_pool = forge_pool
        self.event_deck = event_deck
        self.events_seen = events_seen
        self.mission = mission
        self.mission_deck = mission_deck
        self.active = active
        self.sbire = sbire
        self.die = die
        self.moved = moved
        self.collects = collects
        self.visited = visited
        self.hunted = hunted
        self.hunting = hunting
        self.rerolls = rerolls
        self.strikes = strikes
        self.focus = focus
        self.stack = stack
        self.result = result

    def replace(
        self,
        *,
        rules: Keep | str = KEEP,
        players: Keep | tuple[Player, ...] = KEEP,
        seed: Keep | int = KEEP,
        draws: Keep | int = KEEP,
        chance: Keep | str = KEEP,
        options: Keep | tuple[tuple[str, Any], ...] = KEEP,
        sbires: Keep | tuple[str, ...] = KEEP,
        round: Keep | int = KEEP,
        first: Keep | int = KEEP,
        turn: Keep | int = KEEP,
        bag: Keep | tuple[str, ...] = KEEP,
        tokens: Keep | tuple[tuple[str, str], ...] = KEEP,
        bank: Keep | tuple[int, ...] = KEEP,
        source: Keep | int = KEEP,
        row: Keep | tuple[str, ...] = KEEP,
        taken: Keep | tuple[bool, ...] = KEEP,
        recipe_deck: Keep | tuple[str, ...] = KEEP,
        market: Keep | tuple[str, ...] = KEEP,
        hero_deck: Keep | tuple[str, ...] = KEEP,
        locations: Keep | tuple[str, ...] = KEEP,
        used: Keep | tuple[int, ...] = KEEP,
        fires: Keep | tuple[int, ...] = KEEP,
        dragon: Keep | str = KEEP,
        grid: Keep | tuple[tuple[str, ...], ...] = KEEP,
        dragon_deck: Keep | tuple[str, ...] = KEEP,
        trophy_pile: Keep | tuple[str, ...] = KEEP,
        forge_pool: Keep | tuple[str, ...] = KEEP,
        event_deck: Keep | tuple[str, ...] = KEEP,
        events_seen: Keep | tuple[str, ...] = KEEP,
        mission: Keep | str = KEEP,
        mission_deck: Keep | tuple[str, ...] = KEEP,
        active: Keep | int = KEEP,
        sbire: Keep | str = KEEP,
        die: Keep | int = KEEP,
        moved: Keep | bool = KEEP,
        collects: Keep | int = KEEP,
        visited: Keep | tuple[str, ...] = KEEP,
        hunted: Keep | bool = KEEP,
        hunting: Keep | tuple[str, ...] = KEEP,
        rerolls: Keep | tuple[int, ...] = KEEP,
        strikes: Keep | tuple[str, ...] = KEEP,
        focus: Keep | str = KEEP,
        stack: Keep | tuple[Task, ...] = KEEP,
        result: Keep | Result | None = KEEP,
    ) -> GameState:
        """A copy with the fields given changed."""
        return GameState(
            self.rules if rules is KEEP else rules,
            self.players if players is KEEP else players,
            self.seed if seed is KEEP else seed,
            self.draws if draws is KEEP else draws,
            self.chance if chance is KEEP else chance,
            self.options if options is KEEP else options,
            self.sbires if sbires is KEEP else sbires,
            self.round if round is KEEP else round,
            self.first if first is KEEP else first,
            self.turn if turn is KEEP else turn,
            self.bag if bag is KEEP else bag,
            self.tokens if tokens is KEEP else tokens,
            self.bank if bank is KEEP else bank,
            self.source if source is KEEP else source,
            self.row if row is KEEP else row,
            self.taken if taken is KEEP else taken,
            self.recipe_deck if recipe_deck is KEEP else recipe_deck,
            self.market if market is KEEP else market,
            self.hero_deck if hero_deck is KEEP else hero_deck,
            self.locations if locations is KEEP else locations,
            self.used if used is KEEP else used,
            self.fires if fires is KEEP else fires,
            self.dragon if dragon is KEEP else dragon,
            self.grid if grid is KEEP else grid,
            self.dragon_deck if dragon_deck is KEEP else dragon_deck,
            self.trophy_pile if trophy_pile is KEEP else trophy_pile,
            self.forge_pool if forge_pool is KEEP else forge_pool,
            self.event_deck if event_deck is KEEP else event_deck,
            self.events_seen if events_seen is KEEP else events_seen,
            self.mission if mission is KEEP else mission,
            self.mission_deck if mission_deck is KEEP else mission_deck,
            self.active if active is KEEP else active,
            self.sbire if sbire is KEEP else sbire,
            self.die if die is KEEP else die,
            self.moved if moved is KEEP else moved,
            self.collects if collects is KEEP else collects,
            self.visited if visited is KEEP else visited,
            self.hunted if hunted is KEEP else hunted,
            self.hunting if hunting is KEEP else hunting,
            self.rerolls if rerolls is KEEP else rerolls,
            self.strikes if strikes is KEEP else strikes,
            self.focus if focus is KEEP else focus,
            self.stack if stack is KEEP else stack,
            self.result if result is KEEP else result,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return (
            self.rules,
            self.players,
            self.seed,
            self.draws,
            self.chance,
            self.options,
            self.sbires,
            self.round,
            self.first,
            self.turn,
            self.bag,
            self.tokens,
            self.bank,
            self.source,
            self.row,
            self.taken,
            self.recipe_deck,
            self.market,
            self.hero_deck,
            self.locations,
            self.used,
            self.fires,
            self.dragon,
            self.grid,
            self.dragon_deck,
            self.trophy_pile,
            self.forge_pool,
            self.event_deck,
            self.events_seen,
            self.mission,
            self.mission_deck,
            self.active,
            self.sbire,
            self.die,
            self.moved,
            self.collects,
            self.visited,
            self.hunted,
            self.hunting,
            self.rerolls,
            self.strikes,
            self.focus,
            self.stack,
            self.result,
        ) == (
            other.rules,
            other.players,
            other.seed,
            other.draws,
            other.chance,
            other.options,
            other.sbires,
            other.round,
            other.first,
            other.turn,
            other.bag,
            other.tokens,
            other.bank,
            other.source,
            other.row,
            other.taken,
            other.recipe_deck,
            other.market,
            other.hero_deck,
            other.locations,
            other.used,
            other.fires,
            other.dragon,
            other.grid,
            other.dragon_deck,
            other.trophy_pile,
            other.forge_pool,
            other.event_deck,
            other.events_seen,
            other.mission,
            other.mission_deck,
            other.active,
            other.sbire,
            other.die,
            other.moved,
            other.collects,
            other.visited,
            other.hunted,
            other.hunting,
            other.rerolls,
            other.strikes,
            other.focus,
            other.stack,
            other.result,
        )

    def __hash__(self) -> int:
        return hash(
            (
                self.rules,
                self.players,
                self.seed,
                self.draws,
                self.chance,
                self.options,
                self.sbires,
                self.round,
                self.first,
                self.turn,
                self.bag,
                self.tokens,
                self.bank,
                self.source,
                self.row,
                self.taken,
                self.recipe_deck,
                self.market,
                self.hero_deck,
                self.locations,
                self.used,
                self.fires,
                self.dragon,
                self.grid,
                self.dragon_deck,
                self.trophy_pile,
                self.forge_pool,
                self.event_deck,
                self.events_seen,
                self.mission,
                self.mission_deck,
                self.active,
                self.sbire,
                self.die,
                self.moved,
                self.collects,
                self.visited,
                self.hunted,
                self.hunting,
                self.rerolls,
                self.strikes,
                self.focus,
                self.stack,
                self.result,
            )
        )

    def __repr__(self) -> str:
        shown = (
            f"rules={self.rules!r}",
            f"players={self.players!r}",
            f"seed={self.seed!r}",
            f"draws={self.draws!r}",
            f"chance={self.chance!r}",
            f"options={self.options!r}",
            f"sbires={self.sbires!r}",
            f"round={self.round!r}",
            f"first={self.first!r}",
            f"turn={self.turn!r}",
            f"bag={self.bag!r}",
            f"tokens={self.tokens!r}",
            f"bank={self.bank!r}",
            f"source={self.source!r}",
            f"row={self.row!r}",
            f"taken={self.taken!r}",
            f"recipe_deck={self.recipe_deck!r}",
            f"market={self.market!r}",
            f"hero_deck={self.hero_deck!r}",
            f"locations={self.locations!r}",
            f"used={self.used!r}",
            f"fires={self.fires!r}",
            f"dragon={self.dragon!r}",
            f"grid={self.grid!r}",
            f"dragon_deck={self.dragon_deck!r}",
            f"trophy_pile={self.trophy_pile!r}",
            f"forge_pool={self.forge_pool!r}",
            f"event_deck={self.event_deck!r}",
            f"events_seen={self.events_seen!r}",
            f"mission={self.mission!r}",
            f"mission_deck={self.mission_deck!r}",
            f"active={self.active!r}",
            f"sbire={self.sbire!r}",
            f"die={self.die!r}",
            f"moved={self.moved!r}",
            f"collects={self.collects!r}",
            f"visited={self.visited!r}",
            f"hunted={self.hunted!r}",
            f"hunting={self.hunting!r}",
            f"rerolls={self.rerolls!r}",
            f"strikes={self.strikes!r}",
            f"focus={self.focus!r}",
            f"stack={self.stack!r}",
            f"result={self.result!r}",
        )
        return "GameState(" + ", ".join(shown) + ")"

    def __reduce__(self) -> tuple[type[GameState], tuple[Any, ...]]:
        return GameState, (
            self.rules,
            self.players,
            self.seed,
            self.draws,
            self.chance,
            self.options,
            self.sbires,
            self.round,
            self.first,
            self.turn,
            self.bag,
            self.tokens,
            self.bank,
            self.source,
            self.row,
            self.taken,
            self.recipe_deck,
            self.market,
            self.hero_deck,
            self.locations,
            self.used,
            self.fires,
            self.dragon,
            self.grid,
            self.dragon_deck,
            self.trophy_pile,
            self.forge_pool,
            self.event_deck,
            self.events_seen,
            self.mission,
            self.mission_deck,
            self.active,
            self.sbire,
            self.die,
            self.moved,
            self.collects,
            self.visited,
            self.hunted,
            self.hunting,
            self.rerolls,
            self.strikes,
            self.focus,
            self.stack,
            self.result,
        )

    # end of record

    @property
    def over(self) -> bool:
        """True once the game has a result."""
        return self.result is not None

    def option(self, name: str, default: Any = None) -> Any:
        """The value of the rule option ``name``."""
        return dict(self.options).get(name, default)

    def order(self) -> tuple[int, ...]:
        """Every seat in the order of play, clockwise from the first player (l.185)."""
        count = len(self.players)
        return tuple((self.first + i) % count for i in range(count))


__unused__ = (KEEP, Keep)
