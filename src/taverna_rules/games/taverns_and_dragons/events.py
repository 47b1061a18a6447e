"""Taverns & Dragons' events: facts in the past tense, folded by
:mod:`taverna_rules.games.taverns_and_dragons.evolve`, and what each view may see of them
(:data:`VISIBILITY`).

Hidden: the seed, the decks (how many cards are left is public), which two dragon boards
lie face down, the trophies won (until the end, l.315) and the missions dealt and kept
(l.470). Everything else is on the table: dice, resources, sbires and what they carry,
the pantries, the heroes, the cooked recipes, the bag (every token in it came from the
reserve in plain view).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from taverna_rules.core.records import Event, Registry, Result, event_table, registrar
from taverna_rules.core.views import STATE_ZONE, Visibility, Zone
from taverna_rules.games.taverns_and_dragons.state import GameState

__all__ = [
    "EVENT_TYPES",
    "VISIBILITY",
    "AbilityCopied",
    "AbilityUsed",
    "ActivationEnded",
    "ActivationResumed",
    "BagFilled",
    "BoardCleared",
    "BoardLaid",
    "BonusUsed",
    "DamagePlaced",
    "DecksShuffled",
    "DiceChanged",
    "DiceRolled",
    "DieRerolled",
    "DragonAwoke",
    "DragonLeft",
    "DragonSlain",
    "DragonsChosen",
    "DungeonTokenDrawn",
    "EnergyGained",
    "EnergyLost",
    "EnergyTaken",
    "EventRevealed",
    "ExtraCollect",
    "FinalScored",
    "FireSet",
    "FirstPlayerChosen",
    "FirstPlayerTaken",
    "ForgeTokenDrawn",
    "ForgeTokenUsed",
    "FrostMelted",
    "GameEnded",
    "GameStarted",
    "GoldGained",
    "GoldLost",
    "GoldTaken",
    "HeroReadied",
    "HeroRecruited",
    "HeroRevealed",
    "HeroesReadied",
    "HeroesSwapped",
    "HuntBegun",
    "HuntEnded",
    "HuntStruck",
    "HuntingDiceRolled",
    "HuntingDieRerolled",
    "HuntingDieTurned",
    "IngredientCollected",
    "IngredientDropped",
    "IngredientGained",
    "IngredientLost",
    "IngredientStacked",
    "IngredientsSwapped",
    "LocationVisited",
    "LocationsLaid",
    "MissionKept",
    "MissionShown",
    "MissionsDealt",
    "PlayerSetUp",
    "PositionLoaded",
    "PowerAdvanced",
    "PowerUsed",
    "PrestigeScored",
    "RecipeCooked",
    "RecipeRevealed",
    "RerollMarked",
    "Revealed",
    "RoundEnded",
    "RoundStarted",
    "RowSlid",
    "RuneSpent",
    "RunesGained",
    "SbireActivated",
    "SbireFrozen",
    "SbireMoved",
    "SbireTeleported",
    "SecondActivation",
    "TokenDrawn",
    "TrophyWon",
    "TurnEnded",
    "TurnStarted",
    "WoundTaken",
    "WoundsHealed",
]

VISIBILITY = Visibility(
    (
        Zone("seed", "seed", "hidden"),
        Zone("recipe_deck", "recipe_deck", "count", pool="recipes"),
        Zone("hero_deck", "hero_deck", "count", pool="heroes"),
        Zone("dragon_deck", "dragon_deck", "count", pool="dragons"),
        Zone("event_deck", "event_deck", "count", pool="events"),
        Zone("mission_deck", "mission_deck", "count", pool="missions"),
        Zone("missions", "players.missions", "owner", pool="missions"),
        Zone("trophy_pile", "trophy_pile", "count", pool="trophies"),
        Zone("trophies", "players.trophies", "owner", pool="trophies"),
    )
)

EVENT_TYPES: Registry[type[Event]] = event_table()
_event = registrar(EVENT_TYPES)


@_event
@attrs.frozen
class GameStarted(Event):
    """A new game: its rules, players in seat order, seed (hidden), the first player
    (-1: drawn), options, game, engine, packs and chance mode."""

    ZONES: ClassVar[Mapping[str, str]] = {"seed": "seed"}

    rules: str
    players: tuple[str, ...]
    seed: int
    first: int
    options: tuple[tuple[str, Any], ...]
    game: str = "taverns_and_dragons"
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
class DecksShuffled(Event):
    """The decks shuffled face down (l.153-155), kept unordered: each card taken from
    one is a draw; the Forge tokens by the Forge."""

    ZONES: ClassVar[Mapping[str, str]] = {
        "recipes": "recipe_deck",
        "heroes": "hero_deck",
        "events": "event_deck",
        "missions": "mission_deck",
        "trophies": "trophy_pile",
    }

    recipes: tuple[str, ...]
    heroes: tuple[str, ...]
    events: tuple[str, ...]
    missions: tuple[str, ...]
    trophies: tuple[str, ...]
    forge: tuple[str, ...] = ()


@_event
@attrs.frozen
class DragonsChosen(Event):
    """Two dragon boards put face down on their spot (l.155), a draw; the others stay
    in the box."""

    ZONES: ClassVar[Mapping[str, str]] = {"dragons": "dragon_deck"}

    dragons: tuple[str, ...]


@_event
@attrs.frozen
class BoardLaid(Event):
    """The main board: the royal bank's spaces and the recipe row's places, empty."""

    bank: int
    row: int


@_event
@attrs.frozen
class LocationsLaid(Event):
    """The location tiles on the spaces, in the spaces' order (l.157): a draw
    (``drawn``), unless the first game's four."""

    locations: tuple[str, ...]
    drawn: bool = True


@_event
@attrs.frozen
class PlayerSetUp(Event):
    """``player`` takes a tavern board, its sbires at the city gates, ``gold`` and
    ``energy`` (l.163)."""

    player: int
    tavern: str
    gold: int
    energy: int
    sbires: tuple[str, ...]
    region: str


@_event
@attrs.frozen
class FirstPlayerChosen(Event):
    """The first-player token to a random player (l.165), a draw."""

    player: int


@_event
@attrs.frozen
class BagFilled(Event):
    """Ingredient tokens put into the bag from the reserve (l.162, l.411)."""

    tokens: tuple[str, ...]


@_event
@attrs.frozen
class TokenDrawn(Event):
    """An ingredient token drawn from the bag onto the empty token space of ``region``
    (l.162), a draw."""

    region: str
    ingredient: str


@_event
@attrs.frozen
class RecipeRevealed(Event):
    """A recipe from the deck to the newest place of the row (l.153, l.349, l.390), a
    draw."""

    recipe: str


@_event
@attrs.frozen
class HeroRevealed(Event):
    """A hero from the deck to the market (l.154, l.359), a draw."""

    hero: str


@_event
@attrs.frozen
class MissionShown(Event):
    """The common mission turned face up (l.470), a draw."""

    mission: str


@_event
@attrs.frozen
class MissionsDealt(Event):
    """Missions dealt to ``player`` (l.470), a draw."""

    ZONES: ClassVar[Mapping[str, str]] = {"missions": "missions"}

    player: int
    missions: tuple[str, ...]


@_event
@attrs.frozen
class MissionKept(Event):
    """``player`` keeps ``mission`` face down, the others go back (l.470)."""

    ZONES: ClassVar[Mapping[str, str]] = {"mission": "missions", "returned": "mission_deck"}

    player: int
    mission: str
    returned: tuple[str, ...]


@_event
@attrs.frozen
class RoundStarted(Event):
    """A round begins (l.171)."""

    round: int


@_event
@attrs.frozen
class DiceRolled(Event):
    """``player`` rolls his action dice (l.175), a draw."""

    player: int
    dice: tuple[int, ...]


@_event
@attrs.frozen
class FirstPlayerTaken(Event):
    """The lowest total takes the first-player token (l.179-181)."""

    player: int


@_event
@attrs.frozen
class GoldGained(Event):
    """``player`` gains gold from the reserve."""

    player: int
    amount: int
    why: str = ""


@_event
@attrs.frozen
class GoldLost(Event):
    """``player`` gives gold back to the reserve."""

    player: int
    amount: int
    why: str = ""


@_event
@attrs.frozen
class EnergyGained(Event):
    """``player`` gains energy gems from the reserve."""

    player: int
    amount: int
    why: str = ""


@_event
@attrs.frozen
class EnergyLost(Event):
    """``player`` gives energy gems back to the reserve."""

    player: int
    amount: int
    why: str = ""


@_event
@attrs.frozen
class RunesGained(Event):
    """``player`` gains reroll runes."""

    player: int
    amount: int
    why: str = ""


@_event
@attrs.frozen
class RuneSpent(Event):
    """``player`` discards a rune (l.254)."""

    player: int


@_event
@attrs.frozen
class PrestigeScored(Event):
    """``player`` scores prestige (negative: loses it, never below 0)."""

    player: int
    points: int
    why: str = ""


@_event
@attrs.frozen
class TurnStarted(Event):
    """``player``'s turn: he places one of his dice (l.193)."""

    player: int


@_event
@attrs.frozen
class GoldTaken(Event):
    """A die on a bank space: its gold (l.204-212)."""

    player: int
    die: int
    space: int
    gold: int


@_event
@attrs.frozen
class EnergyTaken(Event):
    """A die on the energy source: its gems, what is left (l.214-222)."""

    player: int
    die: int
    gems: int


@_event
@attrs.frozen
class SbireActivated(Event):
    """A die on a sbire's slot: it is activated (l.228-238)."""

    player: int
    sbire: str
    die: int


@_event
@attrs.frozen
class RecipeCooked(Event):
    """A die on a recipe: its ingredients leave the pantry, the recipe scores its
    prestige, the die and the bonus (l.335-349); the recipes above slide down."""

    player: int
    die: int
    place: int
    recipe: str
    points: int
    ingredients: tuple[str, ...]


@_event
@attrs.frozen
class SbireMoved(Event):
    """The sbire moves through ``path``, ending in its last region (l.242-248)."""

    player: int
    sbire: str
    path: tuple[str, ...]


@_event
@attrs.frozen
class SbireTeleported(Event):
    """The sbire goes to ``region`` without moving through the map (B4)."""

    player: int
    sbire: str
    region: str


@_event
@attrs.frozen
class SbireFrozen(Event):
    """A frost token on the sbire: its next move is one region shorter."""

    player: int
    sbire: str


@_event
@attrs.frozen
class FrostMelted(Event):
    """The sbire's frost token is spent on its move."""

    player: int
    sbire: str


@_event
@attrs.frozen
class IngredientCollected(Event):
    """The sbire takes an ingredient of its region: the token lying there (``token``)
    or one printed there, from the reserve (l.267-277); onto the sbire, or straight
    into the pantry (``pantry``, l.513)."""

    player: int
    sbire: str
    ingredient: str
    token: bool
    pantry: bool = False


@_event
@attrs.frozen
class IngredientGained(Event):
    """``player`` gains an ingredient from the reserve: into his pantry, or onto
    ``sbire``."""

    player: int
    ingredient: str
    sbire: str = ""


@_event
@attrs.frozen
class IngredientLost(Event):
    """``player`` discards an ingredient, from his pantry or from ``sbire``."""

    player: int
    ingredient: str
    sbire: str = ""


@_event
@attrs.frozen
class IngredientDropped(Event):
    """At the gates (or by a caravan), the sbire's ingredient into the pantry
    (l.258-263)."""

    player: int
    sbire: str
    ingredient: str


@_event
@attrs.frozen
class IngredientStacked(Event):
    """A second token of an ingredient on top of the one the sbire carries (l.509)."""

    player: int
    sbire: str
    ingredient: str


@_event
@attrs.frozen
class IngredientsSwapped(Event):
    """Two sbires swap an ingredient (l.501)."""

    player: int
    sbire: str
    gave: str
    other: int
    other_sbire: str
    took: str


@_event
@attrs.frozen
class WoundTaken(Event):
    """The sbire takes a wound; with no free slot, ``discarded`` made room
    (l.325-327)."""

    player: int
    sbire: str
    discarded: str = ""


@_event
@attrs.frozen
class WoundsHealed(Event):
    """The sbire discards ``count`` of its wounds at the city gates (l.258-263, B13)."""

    player: int
    sbire: str
    count: int


@_event
@attrs.frozen
class LocationVisited(Event):
    """The sbire visits ``location``, paying the cost of its next place (l.283-291)."""

    player: int
    sbire: str
    location: str
    gold: int = 0
    energy: int = 0
    prestige: int = 0
    carried: tuple[str, ...] = ()


@_event
@attrs.frozen
class FireSet(Event):
    """A fire token on a free place of the location on ``space``: taken until the
    upkeep."""

    location: str


@_event
@attrs.frozen
class ActivationEnded(Event):
    """The activation is over."""

    player: int
    sbire: str


@_event
@attrs.frozen
class ActivationResumed(Event):
    """After a second activation (the campfire, l.536), the first goes on where it
    was."""

    player: int
    sbire: str
    die: int
    moved: bool
    collects: int
    visited: tuple[str, ...]
    hunted: bool


@_event
@attrs.frozen
class SecondActivation(Event):
    """The sbire's die rerolled: it is at once activated again with it (l.536), a
    draw."""

    player: int
    sbire: str
    die: int


@_event
@attrs.frozen
class ExtraCollect(Event):
    """The sbire may collect once more this activation (l.593)."""

    player: int


@_event
@attrs.frozen
class HuntBegun(Event):
    """The sbire hunts: ``gems`` discarded (l.299)."""

    player: int
    sbire: str
    gems: int


@_event
@attrs.frozen
class HuntingDiceRolled(Event):
    """Hunting dice rolled (l.299), a draw."""

    faces: tuple[str, ...]


@_event
@attrs.frozen
class HuntingDieRerolled(Event):
    """A hunting die rerolled (l.254), a draw."""

    face: str
    to: str


@_event
@attrs.frozen
class HuntingDieTurned(Event):
    """A hunting die turned to another face."""

    face: str
    to: str


@_event
@attrs.frozen
class HuntStruck(Event):
    """The attack: the symbols whose markers must be placed (l.301-305)."""

    strikes: tuple[str, ...]


@_event
@attrs.frozen
class DamagePlaced(Event):
    """A damage marker on a row of the dragon's grid (l.303, B9)."""

    player: int
    symbol: str
    row: int


@_event
@attrs.frozen
class DragonSlain(Event):
    """The dragon's last symbol covered: its board and figure leave (l.315)."""

    player: int
    dragon: str


@_event
@attrs.frozen
class TrophyWon(Event):
    """A trophy taken at random, face down (l.315), a draw."""

    ZONES: ClassVar[Mapping[str, str]] = {"trophy": "trophies"}

    player: int
    trophy: str


@_event
@attrs.frozen
class HuntEnded(Event):
    """The hunt is over."""

    player: int


@_event
@attrs.frozen
class ForgeTokenDrawn(Event):
    """A Forge token drawn and kept (l.552-554), a draw."""

    player: int
    token: str


@_event
@attrs.frozen
class ForgeTokenUsed(Event):
    """The Forge token discarded for its damage marker (l.554)."""

    player: int
    token: str


@_event
@attrs.frozen
class DungeonTokenDrawn(Event):
    """A Dungeon token drawn from the bag (l.546-549), a draw."""

    player: int
    token: str


@_event
@attrs.frozen
class DiceChanged(Event):
    """``player``'s available dice take new values (l.505, l.529)."""

    player: int
    dice: tuple[int, ...]


@_event
@attrs.frozen
class DieRerolled(Event):
    """An available action die rerolled (l.254, l.559), a draw."""

    player: int
    die: int
    to: int


@_event
@attrs.frozen
class RerollMarked(Event):
    """A die set aside to reroll with others."""

    player: int
    die: int


@_event
@attrs.frozen
class HeroRecruited(Event):
    """``player`` pays a market hero its cost and takes it (l.357-359)."""

    player: int
    hero: str
    cost: int


@_event
@attrs.frozen
class AbilityUsed(Event):
    """``player`` uses the ability of his hero, which is exhausted (l.361-367)."""

    player: int
    hero: str


@_event
@attrs.frozen
class AbilityCopied(Event):
    """The copy ability uses ``hero``'s ability (l.517)."""

    player: int
    hero: str


@_event
@attrs.frozen
class BonusUsed(Event):
    """One of ``player``'s gems on his hero's bonus, for the rest of the game
    (l.371-380)."""

    player: int
    hero: str


@_event
@attrs.frozen
class HeroesSwapped(Event):
    """A hero of ``player`` for one of the market, which arrives ready (l.587)."""

    player: int
    gave: str
    took: str


@_event
@attrs.frozen
class HeroReadied(Event):
    """``player``'s hero readied."""

    player: int
    hero: str


@_event
@attrs.frozen
class PowerAdvanced(Event):
    """A die of 1 played: the tavern power marker one space on (l.488)."""

    player: int


@_event
@attrs.frozen
class PowerUsed(Event):
    """The tavern power of a space taken: the marker back to the start (l.488)."""

    player: int
    space: int


@_event
@attrs.frozen
class TurnEnded(Event):
    """``player``'s turn is over."""

    player: int


@_event
@attrs.frozen
class RoundEnded(Event):
    """Upkeep: dice taken back, locations cleared, the bank, the source and the row's
    dice lifted (l.386-390)."""

    round: int


@_event
@attrs.frozen
class RowSlid(Event):
    """The recipe row slides one place; ``dropped`` leaves the last place, out of the
    game (l.390)."""

    dropped: str


@_event
@attrs.frozen
class HeroesReadied(Event):
    """ "Pour une gorgée d'hydromel !": every hero readied (l.395-397)."""


@_event
@attrs.frozen
class DragonAwoke(Event):
    """A dragon board turned up, its figure on its location (l.401-405), a draw."""

    dragon: str
    grid: tuple[tuple[str, ...], ...]


@_event
@attrs.frozen
class DragonLeft(Event):
    """A dragon still in play when the next wakes disappears, with no trophy (l.405)."""

    dragon: str


@_event
@attrs.frozen
class BoardCleared(Event):
    """ "Cela ressemble à… de la magie !": every ingredient token on the board
    discarded (l.409-411)."""

    tokens: tuple[tuple[str, str], ...]


@_event
@attrs.frozen
class EventRevealed(Event):
    """An event turned up, ``effect`` a or b applies (l.415-419), a draw."""

    event: str
    effect: str


@_event
@attrs.frozen
class Revealed(Event):
    """The end: ``player``'s trophies and mission turned up (l.437-442)."""

    player: int
    trophies: tuple[str, ...]
    missions: tuple[str, ...]


@_event
@attrs.frozen
class FinalScored(Event):
    """The final prestige of ``player``: heroes, trophies, missions, pantry
    (l.437-442)."""

    player: int
    heroes: int
    trophies: int
    missions: int
    pantry: int


@_event
@attrs.frozen
class GameEnded(Event):
    """The game is over: its result (l.444-446)."""

    result: Result
