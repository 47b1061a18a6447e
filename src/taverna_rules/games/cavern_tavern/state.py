"""Cavern Tavern's state: frozen, built only by folding events
(:mod:`taverna_rules.games.cavern_tavern.evolve`).

Cards are held as ids: an order or a secret task by its id, an item by its copy's id
(``lucky_charm#2``, distinct texts for the views). Ingredients are held as a sorted tuple
of their ids (``("beer", "beer", "wine")``), so that what a player has is read at a
glance and counted for conservation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final

from taverna_rules._records import KEEP, Keep
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


class Player:
    """One player: their dice this round, cards, ingredients, order, tracks and VP."""

    # record: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "acted",
        "chores",
        "demands",
        "dice",
        "face_down",
        "ingredients",
        "items",
        "key",
        "kitchen",
        "name",
        "nasty",
        "obeyed",
        "offer",
        "order",
        "owes_order",
        "passed",
        "placed",
        "recipes",
        "secret",
        "served",
        "shown",
        "summons",
        "table",
        "taken",
        "vp",
        "white",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("name", "str"),
        ("dice", "tuple[int, ...]"),
        ("white", "bool"),
        ("ingredients", "tuple[str, ...]"),
        ("items", "tuple[str, ...]"),
        ("offer", "tuple[str, ...]"),
        ("secret", "str"),
        ("shown", "str"),
        ("order", "str | None"),
        ("table", "int"),
        ("taken", "int"),
        ("served", "tuple[str, ...]"),
        ("face_down", "tuple[str, ...]"),
        ("recipes", "tuple[str, ...]"),
        ("kitchen", "int"),
        ("chores", "int"),
        ("nasty", "int"),
        ("summons", "tuple[int, ...]"),
        ("demands", "tuple[tuple[str, int], ...]"),
        ("obeyed", "tuple[str, ...]"),
        ("vp", "VPLine"),
        ("owes_order", "bool"),
        ("acted", "bool"),
        ("passed", "bool"),
        ("placed", "bool"),
        ("key", "bool"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {
        "dice": (),
        "white": False,
        "ingredients": (),
        "items": (),
        "offer": (),
        "secret": "",
        "shown": "",
        "order": None,
        "table": -1,
        "taken": 0,
        "served": (),
        "face_down": (),
        "recipes": (),
        "kitchen": 0,
        "chores": 0,
        "nasty": 0,
        "summons": (),
        "demands": (),
        "obeyed": (),
        "vp": (),
        "owes_order": True,
        "acted": False,
        "passed": False,
        "placed": False,
        "key": False,
    }
    name: Final[str]
    #: The dice not yet placed this round (values, sorted), the white die among them.
    dice: Final[tuple[int, ...]]
    #: Whether the player has the white die this round.
    white: Final[bool]
    ingredients: Final[tuple[str, ...]]
    #: Item cards in hand (their owner sees them, the others how many).
    items: Final[tuple[str, ...]]
    #: The item cards drawn at the Wizard's Workshop, one to keep (owner only).
    offer: Final[tuple[str, ...]]
    #: The secret task, face down (owner only), and once shown at the end, face up.
    secret: Final[str]
    shown: Final[str]
    #: The open order, the table whose spot the player's meeple holds, and the round of
    #: the time token.
    order: Final[str | None]
    table: Final[int]
    taken: Final[int]
    #: The orders served face up: each as it is served under the rule option
    #: ``served_orders: open``; by default, those kept face down once the final scoring
    #: turns them up.
    served: Final[tuple[str, ...]]
    #: The orders served and kept face down (line 169): their owner sees them, the others
    #: how many.
    face_down: Final[tuple[str, ...]]
    #: The ingredient kinds of the orders served face up: each kind once per order
    #: holding it.
    recipes: Final[tuple[str, ...]]
    kitchen: Final[int]
    chores: Final[int]
    #: The position on the Nasty track: 0 at the start, 9 at the bottom.
    nasty: Final[int]
    #: The Nasty thresholds already reached (a card drawn at each, once).
    summons: Final[tuple[int, ...]]
    #: Open "Nasty the Dwarf Says" cards with the round each was drawn.
    demands: Final[tuple[tuple[str, int], ...]]
    obeyed: Final[tuple[str, ...]]
    vp: Final[VPLine]
    #: This round: began it without an order, so their first turn must take one (line
    #: 258); serving one during the round asks for no other (line 322).
    owes_order: Final[bool]
    #: This round: had a turn, passed for the round; this turn: placed dice, a master key.
    acted: Final[bool]
    passed: Final[bool]
    placed: Final[bool]
    key: Final[bool]

    def __init__(
        self,
        name: str,
        #: The dice not yet placed this round (values, sorted), the white die among them.
        dice: tuple[int, ...] = (),
        #: Whether the player has the white die this round.
        white: bool = False,
        ingredients: tuple[str, ...] = (),
        #: Item cards in hand (their owner sees them, the others how many).
        items: tuple[str, ...] = (),
        #: The item cards drawn at the Wizard's Workshop, one to keep (owner only).
        offer: tuple[str, ...] = (),
        #: The secret task, face down (owner only), and once shown at the end, face up.
        secret: str = "",
        shown: str = "",
        #: The open order, the table whose spot the player's meeple holds, and the round of
        #: the time token.
        order: str | None = None,
        table: int = -1,
        taken: int = 0,
        #: The orders served face up: each as it is served under the rule option
        #: ``served_orders: open``; by default, those kept face down once the final scoring
        #: turns them up.
        served: tuple[str, ...] = (),
        #: The orders served and kept face down (line 169): their owner sees them, the others
        #: how many.
        face_down: tuple[str, ...] = (),
        #: The ingredient kinds of the orders served face up: each kind once per order
        #: holding it.
        recipes: tuple[str, ...] = (),
        kitchen: int = 0,
        chores: int = 0,
        #: The position on the Nasty track: 0 at the start, 9 at the bottom.
        nasty: int = 0,
        #: The Nasty thresholds already reached (a card drawn at each, once).
        summons: tuple[int, ...] = (),
        #: Open "Nasty the Dwarf Says" cards with the round each was drawn.
        demands: tuple[tuple[str, int], ...] = (),
        obeyed: tuple[str, ...] = (),
        vp: VPLine = (),
        #: This round: began it without an order, so their first turn must take one (line
        #: 258); serving one during the round asks for no other (line 322).
        owes_order: bool = True,
        #: This round: had a turn, passed for the round; this turn: placed dice, a master key.
        acted: bool = False,
        passed: bool = False,
        placed: bool = False,
        key: bool = False,
    ) -> None:
        self.name = name
        self.dice = dice
        self.white = white
        self.ingredients = ingredients
        self.items = items
        self.offer = offer
        self.secret = secret
        self.shown = shown
        self.order = order
        self.table = table
        self.taken = taken
        self.served = served
        self.face_down = face_down
        self.recipes = recipes
        self.kitchen = kitchen
        self.chores = chores
        self.nasty = nasty
        self.summons = summons
        self.demands = demands
        self.obeyed = obeyed
        self.vp = vp
        self.owes_order = owes_order
        self.acted = acted
        self.passed = passed
        self.placed = placed
        self.key = key

    def replace(
        self,
        *,
        name: Keep | str = KEEP,
        dice: Keep | tuple[int, ...] = KEEP,
        white: Keep | bool = KEEP,
        ingredients: Keep | tuple[str, ...] = KEEP,
        items: Keep | tuple[str, ...] = KEEP,
        offer: Keep | tuple[str, ...] = KEEP,
        secret: Keep | str = KEEP,
        shown: Keep | str = KEEP,
        order: Keep | str | None = KEEP,
        table: Keep | int = KEEP,
        taken: Keep | int = KEEP,
        served: Keep | tuple[str, ...] = KEEP,
        face_down: Keep | tuple[str, ...] = KEEP,
        recipes: Keep | tuple[str, ...] = KEEP,
        kitchen: Keep | int = KEEP,
        chores: Keep | int = KEEP,
        nasty: Keep | int = KEEP,
        summons: Keep | tuple[int, ...] = KEEP,
        demands: Keep | tuple[tuple[str, int], ...] = KEEP,
        obeyed: Keep | tuple[str, ...] = KEEP,
        vp: Keep | VPLine = KEEP,
        owes_order: Keep | bool = KEEP,
        acted: Keep | bool = KEEP,
        passed: Keep | bool = KEEP,
        placed: Keep | bool = KEEP,
        key: Keep | bool = KEEP,
    ) -> Player:
        """A copy with the fields given changed."""
        return Player(
            self.name if name is KEEP else name,
            self.dice if dice is KEEP else dice,
            self.white if white is KEEP else white,
            self.ingredients if ingredients is KEEP else ingredients,
            self.items if items is KEEP else items,
            self.offer if offer is KEEP else offer,
            self.secret if secret is KEEP else secret,
            self.shown if shown is KEEP else shown,
            self.order if order is KEEP else order,
            self.table if table is KEEP else table,
            self.taken if taken is KEEP else taken,
            self.served if served is KEEP else served,
            self.face_down if face_down is KEEP else face_down,
            self.recipes if recipes is KEEP else recipes,
            self.kitchen if kitchen is KEEP else kitchen,
            self.chores if chores is KEEP else chores,
            self.nasty if nasty is KEEP else nasty,
            self.summons if summons is KEEP else summons,
            self.demands if demands is KEEP else demands,
            self.obeyed if obeyed is KEEP else obeyed,
            self.vp if vp is KEEP else vp,
            self.owes_order if owes_order is KEEP else owes_order,
            self.acted if acted is KEEP else acted,
            self.passed if passed is KEEP else passed,
            self.placed if placed is KEEP else placed,
            self.key if key is KEEP else key,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Player):
            return NotImplemented
        return (
            self.name,
            self.dice,
            self.white,
            self.ingredients,
            self.items,
            self.offer,
            self.secret,
            self.shown,
            self.order,
            self.table,
            self.taken,
            self.served,
            self.face_down,
            self.recipes,
            self.kitchen,
            self.chores,
            self.nasty,
            self.summons,
            self.demands,
            self.obeyed,
            self.vp,
            self.owes_order,
            self.acted,
            self.passed,
            self.placed,
            self.key,
        ) == (
            other.name,
            other.dice,
            other.white,
            other.ingredients,
            other.items,
            other.offer,
            other.secret,
            other.shown,
            other.order,
            other.table,
            other.taken,
            other.served,
            other.face_down,
            other.recipes,
            other.kitchen,
            other.chores,
            other.nasty,
            other.summons,
            other.demands,
            other.obeyed,
            other.vp,
            other.owes_order,
            other.acted,
            other.passed,
            other.placed,
            other.key,
        )

    def __hash__(self) -> int:
        return hash(
            (
                self.name,
                self.dice,
                self.white,
                self.ingredients,
                self.items,
                self.offer,
                self.secret,
                self.shown,
                self.order,
                self.table,
                self.taken,
                self.served,
                self.face_down,
                self.recipes,
                self.kitchen,
                self.chores,
                self.nasty,
                self.summons,
                self.demands,
                self.obeyed,
                self.vp,
                self.owes_order,
                self.acted,
                self.passed,
                self.placed,
                self.key,
            )
        )

    def __repr__(self) -> str:
        shown = (
            f"name={self.name!r}",
            f"dice={self.dice!r}",
            f"white={self.white!r}",
            f"ingredients={self.ingredients!r}",
            f"items={self.items!r}",
            f"offer={self.offer!r}",
            f"secret={self.secret!r}",
            f"shown={self.shown!r}",
            f"order={self.order!r}",
            f"table={self.table!r}",
            f"taken={self.taken!r}",
            f"served={self.served!r}",
            f"face_down={self.face_down!r}",
            f"recipes={self.recipes!r}",
            f"kitchen={self.kitchen!r}",
            f"chores={self.chores!r}",
            f"nasty={self.nasty!r}",
            f"summons={self.summons!r}",
            f"demands={self.demands!r}",
            f"obeyed={self.obeyed!r}",
            f"vp={self.vp!r}",
            f"owes_order={self.owes_order!r}",
            f"acted={self.acted!r}",
            f"passed={self.passed!r}",
            f"placed={self.placed!r}",
            f"key={self.key!r}",
        )
        return "Player(" + ", ".join(shown) + ")"

    def __reduce__(self) -> tuple[type[Player], tuple[Any, ...]]:
        return Player, (
            self.name,
            self.dice,
            self.white,
            self.ingredients,
            self.items,
            self.offer,
            self.secret,
            self.shown,
            self.order,
            self.table,
            self.taken,
            self.served,
            self.face_down,
            self.recipes,
            self.kitchen,
            self.chores,
            self.nasty,
            self.summons,
            self.demands,
            self.obeyed,
            self.vp,
            self.owes_order,
            self.acted,
            self.passed,
            self.placed,
            self.key,
        )

    # end of record

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


class GameState:
    """A game of Cavern Tavern at one moment."""

    # record: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "chance",
        "draws",
        "first",
        "item_deck",
        "item_discard",
        "nasty_deck",
        "nasty_discard",
        "options",
        "order_deck",
        "order_discard",
        "placements",
        "players",
        "result",
        "round",
        "rules",
        "secret_box",
        "seed",
        "stack",
        "supply",
        "tables",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("rules", "str"),
        ("players", "tuple[Player, ...]"),
        ("seed", "int"),
        ("draws", "int"),
        ("chance", "str"),
        ("options", "tuple[tuple[str, Any], ...]"),
        ("round", "int"),
        ("first", "int"),
        ("tables", "tuple[str, ...]"),
        ("order_deck", "tuple[str, ...]"),
        ("order_discard", "tuple[str, ...]"),
        ("item_deck", "tuple[str, ...]"),
        ("item_discard", "tuple[str, ...]"),
        ("nasty_deck", "tuple[str, ...]"),
        ("nasty_discard", "tuple[str, ...]"),
        ("secret_box", "tuple[str, ...]"),
        ("supply", "tuple[str, ...]"),
        ("placements", "tuple[tuple[str, int, str], ...]"),
        ("stack", "tuple[Task, ...]"),
        ("result", "Result | None"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {
        "seed": 0,
        "draws": 0,
        "chance": "sampled",
        "options": (),
        "round": 0,
        "first": 0,
        "tables": (),
        "order_deck": (),
        "order_discard": (),
        "item_deck": (),
        "item_discard": (),
        "nasty_deck": (),
        "nasty_discard": (),
        "secret_box": (),
        "supply": (),
        "placements": (),
        "stack": (),
        "result": None,
    }
    rules: Final[str]
    players: Final[tuple[Player, ...]]
    seed: Final[int]
    #: Draws made during play (the next draw's key, with the seed).
    draws: Final[int]
    #: How draws are made: ``"sampled"`` from the seed, or ``"explicit"`` chance decisions
    #: (see :mod:`taverna_rules.core.chance`).
    chance: Final[str]
    options: Final[tuple[tuple[str, Any], ...]]
    round: Final[int]
    #: The seat with the First Player Marker.
    first: Final[int]
    #: The face-up order on each table of the Main Area ("" when there is none).
    tables: Final[tuple[str, ...]]
    order_deck: Final[tuple[str, ...]]
    order_discard: Final[tuple[str, ...]]
    item_deck: Final[tuple[str, ...]]
    item_discard: Final[tuple[str, ...]]
    nasty_deck: Final[tuple[str, ...]]
    nasty_discard: Final[tuple[str, ...]]
    #: The secret tasks nobody was dealt, out of the game unseen.
    secret_box: Final[tuple[str, ...]]
    #: The ingredient cards in the Cellar's supply (the Magic Potions too), sorted.
    supply: Final[tuple[str, ...]]
    #: The dice groups placed this round: ``(place, seat, dice)``, dice as ``"1+3+6+6"``.
    placements: Final[tuple[tuple[str, int, str], ...]]
    stack: Final[tuple[Task, ...]]
    result: Final[Result | None]

    def __init__(
        self,
        rules: str,
        players: tuple[Player, ...],
        seed: int = 0,
        #: Draws made during play (the next draw's key, with the seed).
        draws: int = 0,
        #: How draws are made: ``"sampled"`` from the seed, or ``"explicit"`` chance decisions
        #: (see :mod:`taverna_rules.core.chance`).
        chance: str = "sampled",
        options: tuple[tuple[str, Any], ...] = (),
        round: int = 0,
        #: The seat with the First Player Marker.
        first: int = 0,
        #: The face-up order on each table of the Main Area ("" when there is none).
        tables: tuple[str, ...] = (),
        order_deck: tuple[str, ...] = (),
        order_discard: tuple[str, ...] = (),
        item_deck: tuple[str, ...] = (),
        item_discard: tuple[str, ...] = (),
        nasty_deck: tuple[str, ...] = (),
        nasty_discard: tuple[str, ...] = (),
        #: The secret tasks nobody was dealt, out of the game unseen.
        secret_box: tuple[str, ...] = (),
        #: The ingredient cards in the Cellar's supply (the Magic Potions too), sorted.
        supply: tuple[str, ...] = (),
        #: The dice groups placed this round: ``(place, seat, dice)``, dice as ``"1+3+6+6"``.
        placements: tuple[tuple[str, int, str], ...] = (),
        stack: tuple[Task, ...] = (),
        result: Result | None = None,
    ) -> None:
        self.rules = rules
        self.players = players
        self.seed = seed
        self.draws = draws
        self.chance = chance
        self.options = options
        self.round = round
        self.first = first
        self.tables = tables
        self.order_deck = order_deck
        self.order_discard = order_discard
        self.item_deck = item_deck
        self.item_discard = item_discard
        self.nasty_deck = nasty_deck
        self.nasty_discard = nasty_discard
        self.secret_box = secret_box
        self.supply = supply
        self.placements = placements
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
        round: Keep | int = KEEP,
        first: Keep | int = KEEP,
        tables: Keep | tuple[str, ...] = KEEP,
        order_deck: Keep | tuple[str, ...] = KEEP,
        order_discard: Keep | tuple[str, ...] = KEEP,
        item_deck: Keep | tuple[str, ...] = KEEP,
        item_discard: Keep | tuple[str, ...] = KEEP,
        nasty_deck: Keep | tuple[str, ...] = KEEP,
        nasty_discard: Keep | tuple[str, ...] = KEEP,
        secret_box: Keep | tuple[str, ...] = KEEP,
        supply: Keep | tuple[str, ...] = KEEP,
        placements: Keep | tuple[tuple[str, int, str], ...] = KEEP,
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
            self.round if round is KEEP else round,
            self.first if first is KEEP else first,
            self.tables if tables is KEEP else tables,
            self.order_deck if order_deck is KEEP else order_deck,
            self.order_discard if order_discard is KEEP else order_discard,
            self.item_deck if item_deck is KEEP else item_deck,
            self.item_discard if item_discard is KEEP else item_discard,
            self.nasty_deck if nasty_deck is KEEP else nasty_deck,
            self.nasty_discard if nasty_discard is KEEP else nasty_discard,
            self.secret_box if secret_box is KEEP else secret_box,
            self.supply if supply is KEEP else supply,
            self.placements if placements is KEEP else placements,
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
            self.round,
            self.first,
            self.tables,
            self.order_deck,
            self.order_discard,
            self.item_deck,
            self.item_discard,
            self.nasty_deck,
            self.nasty_discard,
            self.secret_box,
            self.supply,
            self.placements,
            self.stack,
            self.result,
        ) == (
            other.rules,
            other.players,
            other.seed,
            other.draws,
            other.chance,
            other.options,
            other.round,
            other.first,
            other.tables,
            other.order_deck,
            other.order_discard,
            other.item_deck,
            other.item_discard,
            other.nasty_deck,
            other.nasty_discard,
            other.secret_box,
            other.supply,
            other.placements,
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
                self.round,
                self.first,
                self.tables,
                self.order_deck,
                self.order_discard,
                self.item_deck,
                self.item_discard,
                self.nasty_deck,
                self.nasty_discard,
                self.secret_box,
                self.supply,
                self.placements,
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
            f"round={self.round!r}",
            f"first={self.first!r}",
            f"tables={self.tables!r}",
            f"order_deck={self.order_deck!r}",
            f"order_discard={self.order_discard!r}",
            f"item_deck={self.item_deck!r}",
            f"item_discard={self.item_discard!r}",
            f"nasty_deck={self.nasty_deck!r}",
            f"nasty_discard={self.nasty_discard!r}",
            f"secret_box={self.secret_box!r}",
            f"supply={self.supply!r}",
            f"placements={self.placements!r}",
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
            self.round,
            self.first,
            self.tables,
            self.order_deck,
            self.order_discard,
            self.item_deck,
            self.item_discard,
            self.nasty_deck,
            self.nasty_discard,
            self.secret_box,
            self.supply,
            self.placements,
            self.stack,
            self.result,
        )

    # end of record

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
