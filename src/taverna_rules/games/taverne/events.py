"""Taverne's events: facts in the past tense, folded by
:mod:`taverna_rules.games.taverne.evolve`, and what each view may see of them
(:data:`VISIBILITY`).

Hidden: the seed, the Character pile (how many are left is public), the Characters dealt
to a player until one is kept, every hand of weapons and what lies under the top of each
weapon pile (l.266), and the weapons laid face down in attack until each is turned up in
call 5. A player's own things are the player's to see.

Weapon cards are named by id (``"6#2"``), and each event field that puts one in a hand or
a pile is of that zone: what every player saw go into a hand (the top of a pile bought,
the weapons back from play) is hidden there like the rest of the hand. The value of an
attack turned up is said as a number (``REVEALS``): the card itself goes back to a hand or
a pile as soon as the quarrels are over.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from taverna_rules.core.records import (
    ChoicesSealed,
    Event,
    Registry,
    Result,
    event_table,
    registrar,
)
from taverna_rules.core.views import STATE_ZONE, Visibility, Zone
from taverna_rules.games.taverne.state import GameState

__all__ = [
    "OriginChosen",
    "PlayerLeft",
    "PlayerReturned",
    "AuctionSettled",
    "CharactersLaidOut",
    "SpecialtiesReturned",
    "WeaponTaken",
    "PintGained",
    "EnergyGained",
    "ButinLost",
    "EVENT_TYPES",
    "VISIBILITY",
    "AtoutPlayed",
    "AtoutTakenBack",
    "AttackLaid",
    "AttackRevealed",
    "ButinGained",
    "CallAnnounced",
    "CharacterChosen",
    "CharactersDealt",
    "CharactersPiled",
    "ChoicesSealed",
    "CrasseLost",
    "CrasseServed",
    "DodgeSet",
    "DodgesSplit",
    "EnergyLost",
    "GameEnded",
    "GameStarted",
    "MiliceCalled",
    "PilierChosen",
    "PilierPassed",
    "PintBought",
    "PintLost",
    "PlayerEliminated",
    "PlayerSeated",
    "PositionLoaded",
    "PowerUsed",
    "SpecialtiesPiled",
    "SpecialtyDiscarded",
    "SpecialtyDrawn",
    "SpellCast",
    "TurnStarted",
    "ValueNamed",
    "WeaponBought",
    "WeaponsReturned",
]

VISIBILITY = Visibility(
    (
        Zone("seed", "seed", "hidden"),
        Zone("commits", "commits", "owner", pairs=True, pool=None),
        Zone("characters", "characters", "count", pool="characters"),
        Zone("under", "under", "count", pool="characters"),
        Zone("offered", "players.offered", "owner", pool="characters"),
        # A player's weapons the others cannot see (in hand, under the top of the pile,
        # laid face down) are that player's alone: redealt among that player's places.
        Zone("hand", "players.hand", "owner", pool="weapons", per_seat=True),
        Zone("pile", "players.pile", "owner", pool="weapons", per_seat=True),
        Zone("laid", "laid", "owner", pairs=True, pool="weapons", per_seat=True),
        # The Specialty pile, the hands it deals and the Crasses laid face down.
        Zone("specialty_deck", "specialty_deck", "count", pool="specialties"),
        Zone("specialty_buried", "specialty_buried", "count", pool="specialties"),
        Zone("specialties", "players.specialties", "owner", pool="specialties"),
        Zone("crasses", "crasses", "owner", pairs=True, pool="specialties"),
    )
)

EVENT_TYPES: Registry[type[Event]] = event_table(simultaneous=True)
_event = registrar(EVENT_TYPES)


# ----------------------------------------------------------------------------- setup
@_event
@attrs.frozen
class GameStarted(Event):
    """A new game: its rules, players in seat order, seed (hidden), the first Pilier and
    options, the game, the engine and the packs it was set up with, and its chance mode."""

    ZONES: ClassVar[Mapping[str, str]] = {"seed": "seed"}

    rules: str
    players: tuple[str, ...]
    seed: int
    pilier: int
    options: tuple[tuple[str, Any], ...]
    game: str = "taverne"
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
class CharactersPiled(Event):
    """The Character pile shuffled face down (l.81), kept unordered: each Character dealt
    from it is a draw, as the top of a shuffled pile is."""

    ZONES: ClassVar[Mapping[str, str]] = {"pile": "characters"}

    pile: tuple[str, ...]


@_event
@attrs.frozen
class PilierChosen(Event):
    """A random player is the first Pilier (l.81): a draw."""

    pilier: int


@_event
@attrs.frozen
class CharactersDealt(Event):
    """Characters dealt from the pile for ``player`` to keep one (l.81, l.300): the first
    ``drawn`` of them at random from the shuffled pile (a draw), the rest from those put
    under it, in the order they went under."""

    ZONES: ClassVar[Mapping[str, str]] = {"characters": "offered"}

    player: int
    characters: tuple[str, ...]
    drawn: int


@_event
@attrs.frozen
class OriginChosen(Event):
    """Double Taverne: ``player`` comes from the box ``box`` and is dealt its Characters
    (l.320-321)."""

    player: int
    box: str


@_event
@attrs.frozen
class CharacterChosen(Event):
    """``player`` keeps ``character`` and announces it (l.82); the others go under the
    pile face down."""

    ZONES: ClassVar[Mapping[str, str]] = {"returned": "characters"}

    player: int
    character: str
    returned: tuple[str, ...]


@_event
@attrs.frozen
class CharactersLaidOut(Event):
    """Characters by auction: as many Characters as players drawn from the pile and laid
    face up (l.317), a draw."""

    characters: tuple[str, ...]


@_event
@attrs.frozen
class AuctionSettled(Event):
    """The Energy bids revealed (``bids``, by seat): the players choose their Character in
    ``order``, the lowest bid first, ties settled by chance (rock-paper-scissors, l.318)."""

    bids: tuple[int, ...]
    order: tuple[int, ...]


@_event
@attrs.frozen
class PlayerLeft(Event):
    """``player`` leaves the table for a while (l.303)."""

    player: int


@_event
@attrs.frozen
class PlayerReturned(Event):
    """``player`` comes back to the table as he left it (l.304)."""

    player: int


@_event
@attrs.frozen
class PlayerSeated(Event):
    """``player`` sits at the table with a fresh set and Comptoir: 1 pint, ``energy``,
    ``butin``, the small weapons in ``hand`` and the pile of big ones, ``top`` face up on
    the ``pile`` (l.84-89); a player coming back sits on the left of ``after`` (l.300; -1:
    where he was)."""

    ZONES: ClassVar[Mapping[str, str]] = {"hand": "hand", "pile": "pile"}

    player: int
    energy: int
    butin: int
    hand: tuple[str, ...]
    top: str
    pile: tuple[str, ...]
    after: int = -1


# ----------------------------------------------------------------------------- the turn
@_event
@attrs.frozen
class TurnStarted(Event):
    """A turn begins with ``pilier`` calling."""

    turn: int
    pilier: int


@_event
@attrs.frozen
class CallAnnounced(Event):
    """The Pilier announces a call, 1 to 9 (l.113-184)."""

    call: int


@_event
@attrs.frozen
class ButinGained(Event):
    """``player`` gains ``amount`` Butin (already capped at 9, l.63)."""

    player: int
    amount: int


@_event
@attrs.frozen
class WeaponBought(Event):
    """``player`` spends one Butin on the top weapon of his pile, into his hand (l.120);
    the next card of the pile, ``top``, is turned up (``""``: the pile is empty)."""

    ZONES: ClassVar[Mapping[str, str]] = {"weapon": "hand"}

    player: int
    weapon: str
    top: str


@_event
@attrs.frozen
class PintBought(Event):
    """``player`` spends one Butin on one pint of Prestige (l.121)."""

    player: int


@_event
@attrs.frozen
class PintGained(Event):
    """``player`` gains one pint by an effect (never past the last, l.214)."""

    player: int


@_event
@attrs.frozen
class ButinLost(Event):
    """``player`` loses ``amount`` Butin by an effect (never below 0)."""

    player: int
    amount: int


@_event
@attrs.frozen
class EnergyGained(Event):
    """``player`` gains ``amount`` Energy (never above 30, l.62); any gain ends Sonné
    (l.246)."""

    player: int
    amount: int


@_event
@attrs.frozen
class WeaponTaken(Event):
    """``player`` takes the top weapon of his pile into his hand by an effect, for free;
    the next card of the pile, ``top``, is turned up."""

    ZONES: ClassVar[Mapping[str, str]] = {"weapon": "hand"}

    player: int
    weapon: str
    top: str


@_event
@attrs.frozen
class PintLost(Event):
    """``player`` loses one pint (never below the first, l.61)."""

    player: int


@_event
@attrs.frozen
class MiliceCalled(Event):
    """``player``, at Prestige 5, calls the Milice (l.124)."""

    player: int


@_event
@attrs.frozen
class DodgeSet(Event):
    """``player`` sets ``weapon`` (the card, from his hand) aside face up: one dodge this
    turn (l.131)."""

    player: int
    weapon: str


@_event
@attrs.frozen
class AttackLaid(Event):
    """``player`` attacks ``target`` from ``spot``, ``weapon`` face down, and with it
    ``crasse``, a Crasse of his hand, face down too (``""``: none; l.140-146, l.281)."""

    ZONES: ClassVar[Mapping[str, str]] = {"weapon": "laid", "crasse": "crasses"}

    player: int
    spot: str
    target: int
    weapon: str
    crasse: str = ""


@_event
@attrs.frozen
class DodgesSplit(Event):
    """``player`` puts ``count`` of his dodges on the attack of ``attacker`` (l.162)."""

    player: int
    attacker: int
    count: int


@_event
@attrs.frozen
class ValueNamed(Event):
    """``player`` names ``value`` against the attack of ``attacker`` (l.155)."""

    player: int
    attacker: int
    value: int


@_event
@attrs.frozen
class AttackRevealed(Event):
    """The attack of ``attacker`` on ``target`` turned up: ``weapon``, dodged when the
    target named its value (l.156-159). The card goes back to its owner's hand or pile
    when the quarrels are over, so what it shows is said here (``REVEALS``)."""

    REVEALS: ClassVar[bool] = True

    attacker: int
    target: int
    weapon: int
    dodged: bool


@_event
@attrs.frozen
class EnergyLost(Event):
    """``player`` loses ``amount`` Energy (never below the Sonné zone, 0)."""

    player: int
    amount: int


@_event
@attrs.frozen
class WeaponsReturned(Event):
    """The quarrels are over: ``player``'s small weapons in play back to hand, the big ones
    under the pile (l.164-165); an empty pile's new ``top`` is the first of them, face up."""

    ZONES: ClassVar[Mapping[str, str]] = {"to_hand": "hand", "under": "pile"}

    player: int
    to_hand: tuple[str, ...]
    under: tuple[str, ...]
    top: str = ""


@_event
@attrs.frozen
class PlayerEliminated(Event):
    """``player``, still Sonné, takes the door: his pints and Butin are lost, ``character``
    goes to the KO pile (l.174-175, l.249-250) and his Specialties under the pile: those of
    his hand unseen (``buried``), those in play face up (``discarded``)."""

    ZONES: ClassVar[Mapping[str, str]] = {"buried": "specialty_buried"}

    player: int
    character: str
    buried: tuple[str, ...] = ()
    discarded: tuple[str, ...] = ()


@_event
@attrs.frozen
class PilierPassed(Event):
    """The player on the Pilier's left becomes the Pilier (l.184)."""

    pilier: int


# ----------------------------------------------------------------------------- Specialties
@_event
@attrs.frozen
class SpecialtiesPiled(Event):
    """The Specialty pile shuffled face down (l.90), kept unordered: each card bought from
    it is a draw."""

    ZONES: ClassVar[Mapping[str, str]] = {"pile": "specialty_deck"}

    pile: tuple[str, ...]


@_event
@attrs.frozen
class SpecialtyDrawn(Event):
    """``player`` takes the top Specialty of the pile into his hand, a draw: ``bought`` for
    one Butin in call 2 (l.122), else by an effect."""

    ZONES: ClassVar[Mapping[str, str]] = {"card": "specialties"}

    player: int
    card: str
    bought: bool


@_event
@attrs.frozen
class SpecialtiesReturned(Event):
    """A box's pile is spent: the cards of that box put under it since (``discard`` seen
    face up, ``buried`` not) are its new top, unordered (drawn at random from now: the order
    they went under in is a table's memory, not a rule an engine keeps). Under the other
    box's pile stay ``discard_left`` and ``buried_left`` (Double Taverne; none with one box)."""

    ZONES: ClassVar[Mapping[str, str]] = {
        "discard": "specialty_deck",
        "buried": "specialty_deck",
        "buried_left": "specialty_buried",
    }

    discard: tuple[str, ...]
    buried: tuple[str, ...]
    discard_left: tuple[str, ...] = ()
    buried_left: tuple[str, ...] = ()


@_event
@attrs.frozen
class AtoutPlayed(Event):
    """``player`` puts ``card``, an Atout of his hand, into play face up (l.277)."""

    player: int
    card: str


@_event
@attrs.frozen
class AtoutTakenBack(Event):
    """``player`` takes ``card``, the Atout at ``slot`` of those he has in play (not used
    this turn), back into his hand (l.279): everyone sees which leaves play, while the hand
    it joins is his alone."""

    ZONES: ClassVar[Mapping[str, str]] = {"card": "specialties"}

    player: int
    card: str
    slot: int


@_event
@attrs.frozen
class PowerUsed(Event):
    """A lasting power of ``player`` acts: ``source`` is his Character, an Atout of his in
    play (used this turn, l.279) or the Crasse he suffers."""

    player: int
    source: str


@_event
@attrs.frozen
class SpellCast(Event):
    """``player`` says the formula and lays ``card``, a Sort of his hand (l.291); it goes
    under the pile, its effect applied at once (l.294)."""

    player: int
    card: str


@_event
@attrs.frozen
class SpecialtyDiscarded(Event):
    """``card``, an Atout in play or the Crasse ``player`` suffers, goes under the
    Specialty pile face up (l.274)."""

    player: int
    card: str


@_event
@attrs.frozen
class CrasseLost(Event):
    """The Crasse ``player`` laid with an attack that was dodged, or that names a player
    gone since, is discarded face down (l.181-182)."""

    ZONES: ClassVar[Mapping[str, str]] = {"card": "specialty_buried"}

    player: int
    card: str


@_event
@attrs.frozen
class CrasseServed(Event):
    """``card``, laid with ``attacker``'s attack that hit, is served face up to ``player``
    (call 8, l.180-182, l.282)."""

    player: int
    attacker: int
    card: str


@_event
@attrs.frozen
class GameEnded(Event):
    """The game is over: its result."""

    result: Result
