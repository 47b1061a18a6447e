"""Taverne's rule set: the game's numbers, its weapons, the pint bands of the Prestige
meter and its Characters, built from its content
(:mod:`taverna_rules.games.taverne.content`), immutable and fingerprinted."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from taverna_rules.content.model import Names, PackInfo, RuleOption, supported_players
from taverna_rules.content.where import Declared
from taverna_rules.dsl.nodes import Node

__all__ = [
    "ENGINE_OPTIONS",
    "GAME",
    "KINDS",
    "MODIFIERS",
    "SLOTS",
    "WHEN",
    "Box",
    "Character",
    "Constants",
    "Power",
    "RuleSet",
    "Specialty",
    "Weapon",
]

GAME = "taverne"
#: The rule options the engine reads itself.
ENGINE_OPTIONS = ("absences", "auction", "discovery", "double", "long_range", "tournament", "tie")
#: The four attack spots of the Comptoir (l.141-146): melee on the first player on each
#: side, ranged on the second.
SLOTS = ("melee_left", "melee_right", "ranged_left", "ranged_right")
#: The three kinds of Specialty (l.275).
KINDS = ("atout", "crasse", "sort")
#: When a lasting effect (a Character's power, an Atout in play, a Crasse suffered) acts:
#: at the start of a turn (call 1), when its holder's attack hits or is dodged, when an
#: attack hits its holder or its holder dodges one, at the end of a turn (call 9).
WHEN = ("turn_start", "attack_hits", "attack_dodged", "hit_taken", "dodged", "turn_end")
#: What a lasting effect may change while it lasts, by a number (positive or negative):
#: the dodges its holder may set aside, the most dodges on one attack, the spells a turn,
#: the Energy an attack takes from its holder (at least 0), the Butin its holder wins
#: with an attack.
MODIFIERS = ("dodges", "dodges_per_attack", "spells", "damage_taken", "attack_butin")


@attrs.frozen
class Constants:
    """The game's printed numbers (each with its rulebook line in ``game.yaml``)."""

    player_counts: tuple[int, ...]
    #: The player counts two boxes add: Double Taverne seats up to 10 (l.51, l.319).
    double_players: tuple[int, ...]
    #: Energy at the start and its ceiling (l.62, l.87).
    energy: int
    #: The Butin ceiling (l.63).
    butin_max: int
    #: The pints of the Prestige meter (l.214).
    pints: int
    #: The Prestige that wins when the Milice comes (l.69, l.178).
    prestige_to_win: int
    #: Characters dealt to each player, of which one is kept (l.81-82, l.300).
    characters_dealt: int
    #: The most dodges a defender may put on one attack (l.163).
    dodges_per_attack: int
    #: The highest small weapon: 1 to this start in hand and win 1 Butin; the others start
    #: in the pile and win the loser's Prestige (l.89, l.160).
    small_max: int


@attrs.frozen
class Weapon:
    """A weapon card of every player's set: its value and (where printed) its name."""

    value: int
    name: Names
    provenance: str = "rulebook"


@attrs.frozen
class Power:
    """A lasting effect: an ``effect`` resolved for its holder ``when`` something happens
    (one of :data:`WHEN`), and numbers it ``modifies`` while it lasts (of
    :data:`MODIFIERS`)."""

    when: str = ""
    effect: Node | None = None
    modifies: tuple[tuple[str, int], ...] = ()

    def modifier(self, name: str) -> int:
        """How much it changes ``name`` (0 when it does not)."""
        return dict(self.modifies).get(name, 0)


@attrs.frozen
class Box:
    """A box of the game, a Taverne of origin (l.319-324): its name and the formula its
    Sorts are cast with (l.291, l.297). Its Characters and Specialties name it."""

    id: str
    name: Names
    formula: Names
    provenance: str = "reconstructed"
    note: str = ""


@attrs.frozen
class Character:
    """A Character card: its name, its Initial Butin (printed on the card, 1 to 3, l.88),
    its power (l.253-257) and the box it comes from."""

    id: str
    name: Names
    butin: int
    power: Power = Power()
    provenance: str = "reconstructed"
    note: str = ""
    box: str = ""


@attrs.frozen
class Specialty:
    """A Specialty card (l.269-297): an Atout (its power lasts while it is in play), a
    Crasse (its power lasts on the player who suffers it) or a Sort (its ``power.effect``
    is cast, then the card is discarded)."""

    id: str
    kind: str
    name: Names
    power: Power
    provenance: str = "reconstructed"
    note: str = ""
    box: str = ""


@attrs.frozen
class RuleSet:
    """Everything a game of Taverne is played with. ``fingerprint`` is the SHA-256 of the
    canonical content."""

    format_version: int
    fingerprint: str
    sources: tuple[str, ...]
    constants: Constants
    #: The first pint of each Prestige, 1 to 5: Prestige ``p`` covers the pints from
    #: ``bands[p - 1]`` up to the next band's first less one (l.210-216).
    bands: tuple[int, ...]
    weapons: tuple[Weapon, ...]
    #: The boxes whose cards the content holds, the first the home box (the Crypt);
    #: Double Taverne plays the first two (l.319).
    boxes: tuple[Box, ...]
    characters: tuple[Character, ...]
    specialties: tuple[Specialty, ...]
    #: The Characters of the discovery game (l.94).
    discovery: tuple[str, ...]
    options: tuple[RuleOption, ...]
    provenance: tuple[tuple[str, str], ...] = attrs.field(default=(), eq=False)
    packs: tuple[PackInfo, ...] = ()
    game: str = GAME
    #: Where each item was declared, by (content kind, id) (not part of equality).
    declared: Mapping[tuple[str, str], Declared] = attrs.field(factory=dict, eq=False, repr=False)

    _names: dict[str, Names] = attrs.field(init=False, eq=False, repr=False)
    _characters: dict[str, Character] = attrs.field(init=False, eq=False, repr=False)
    _specialties: dict[str, Specialty] = attrs.field(init=False, eq=False, repr=False)
    _prestige: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        names: dict[str, Names] = {c.id: c.name for c in self.characters}
        names.update((s.id, s.name) for s in self.specialties)
        object.__setattr__(self, "_specialties", {s.id: s for s in self.specialties})
        names.update((o.id, o.name) for o in self.options if o.name is not None)
        names.update((b.id, b.name) for b in self.boxes)
        object.__setattr__(self, "_names", names)
        object.__setattr__(self, "_characters", {c.id: c for c in self.characters})
        # The Prestige of every pint count, read by index (0 unused).
        prestige = [0] * (self.constants.pints + 1)
        for pints in range(1, self.constants.pints + 1):
            prestige[pints] = sum(1 for first in self.bands if first <= pints)
        object.__setattr__(self, "_prestige", tuple(prestige))

    def supported_players(self) -> tuple[int, ...]:
        """The player counts this content plays with: those of one box, and those of Double
        Taverne when it holds two boxes."""
        counts = self.constants.player_counts
        if len(self.boxes) > 1:
            counts = tuple(sorted({*counts, *self.constants.double_players}))
        return supported_players(counts, self.packs)

    def box(self, ident: str) -> Box:
        """The box ``ident``."""
        return next(b for b in self.boxes if b.id == ident)

    def box_of(self, card: str) -> str:
        """The box a Character or a Specialty comes from (``""`` for what is no card)."""
        found = self._characters.get(card) or self._specialties.get(card)
        return found.box if found is not None else ""

    def prestige(self, pints: int) -> int:
        """The Prestige ``pints`` pints give on the meter (l.213-216)."""
        return self._prestige[max(1, min(pints, self.constants.pints))]

    def character(self, ident: str) -> Character:
        """The Character ``ident``."""
        return self._characters[ident]

    def specialty(self, ident: str) -> Specialty:
        """The Specialty ``ident``."""
        return self._specialties[ident]

    def has_specialty(self, ident: str) -> bool:
        """Whether the content declares the Specialty ``ident``."""
        return ident in self._specialties

    def has_character(self, ident: str) -> bool:
        """Whether the content declares the Character ``ident``."""
        return ident in self._characters

    def weapon(self, value: int) -> Weapon:
        """The weapon of ``value`` (1 to 9)."""
        return self.weapons[value - 1]

    def option(self, ident: str) -> RuleOption:
        """The rule option ``ident``."""
        for option in self.options:
            if option.id == ident:
                return option
        raise KeyError(ident)

    def name_of(self, ident: str, lang: str = "en") -> str:
        """The display name of a content id (a Character, an option), in ``lang``."""
        names = self._names.get(ident)
        return ident if names is None else names.get(lang)

    @property
    def action_space(self) -> Any:
        """Every action these rules can offer, numbered (:func:`taverna_rules.action_space`)."""
        from taverna_rules.core.action_space import action_space

        return action_space(self)
