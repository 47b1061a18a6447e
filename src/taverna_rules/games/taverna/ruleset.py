"""Taverna's content: frozen definitions and the immutable :class:`RuleSet`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

import attrs

if TYPE_CHECKING:
    from taverna_rules.core.action_space import ActionSpace

from taverna_rules.content.model import Names, PackInfo, Provenance, RuleOption, supported_players
from taverna_rules.content.where import Declared
from taverna_rules.dsl.nodes import Node
from taverna_rules.games.taverna.actions import PickCard

__all__ = [
    "ENGINE_OPTIONS",
    "MAX_TRIGGERED",
    "TRIGGER_EVENTS",
    "TRIGGER_PLAYERS",
    "BoardSide",
    "Constants",
    "CustomerCard",
    "DeedSpace",
    "Dignitary",
    "DignitaryLevel",
    "FavourKind",
    "People",
    "RoyalScoring",
    "RuleSet",
    "SpellCard",
    "Symbol",
    "Tavern",
    "TavernLayout",
    "Track",
    "Trigger",
    "When",
]

#: The rule options the kernel reads (a test proves it reads each of them): an option a
#: pack declares beyond these changes nothing, and validation says so.
ENGINE_OPTIONS: tuple[str, ...] = ("use_curse", "guild_token_may_match_printed_symbol", "favours_on_any_turn")


@attrs.frozen
class Constants:
    """Numbers of the game that depend at most on the player count."""

    starting_coins: int
    deeds_per_player: int
    row_size: int
    spell_hand: int
    castle_size: int
    turns: tuple[tuple[int, int], ...]
    income: tuple[tuple[int, int], ...]
    track_vp: tuple[int, ...]
    royal_scorings_per_player: tuple[tuple[int, int], ...]

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The supported player counts, ascending."""
        return tuple(n for n, _ in self.turns)

    def turns_for(self, players: int) -> int:
        """Customers each player plays in a game of ``players``."""
        return dict(self.turns)[players]

    def income_for(self, players: int) -> int:
        """Coins per owner per customer seated (and the Feast bonus)."""
        return dict(self.income)[players]

    def royal_picks_for(self, players: int) -> int:
        """Royal scoring opportunities each player chooses."""
        return dict(self.royal_scorings_per_player)[players]

    @property
    def top(self) -> int:
        """The last (exclusive) position of a people track."""
        return len(self.track_vp) - 1


@attrs.frozen
class People:
    """One of the four peoples: a people track, a table colour, a tile colour."""

    id: str
    name: Names


@attrs.frozen
class Symbol:
    """A guild symbol and the guild effect it triggers when on card and tavern."""

    id: str
    name: Names
    guild: Names


@attrs.frozen
class DeedSpace:
    """A property deed space: its price and the VP scored when bought."""

    price: int
    vp: int


@attrs.frozen
class TavernLayout:
    """A tavern on one board side: printed symbol, table colours, deed spaces."""

    symbol: str
    tables: tuple[str, ...]
    deeds: tuple[DeedSpace, ...]


@attrs.frozen
class Tavern:
    """A tavern of the city; ``layouts`` is keyed by board side id."""

    id: str
    size: Literal["small", "large"]
    name: Names


@attrs.frozen
class BoardSide:
    """One side of the board and the player counts it is used for."""

    id: str
    players: tuple[int, ...]
    name: Names
    layouts: tuple[tuple[str, TavernLayout], ...]

    def layout(self, tavern: str) -> TavernLayout:
        """The layout of ``tavern`` on this side."""
        for name, layout in self.layouts:
            if name == tavern:
                return layout
        raise KeyError(tavern)

    @property
    def table_count(self) -> int:
        """All tables of the side."""
        return sum(len(layout.tables) for _, layout in self.layouts)


@attrs.frozen
class CustomerCard:
    """A customer card: its people(s), its guild symbol(s), its player mark."""

    id: str
    peoples: tuple[str, ...]
    symbols: tuple[str, ...]
    players: int


@attrs.frozen
class Track:
    """A people track's bonuses: ``(position, effect)`` pairs."""

    people: str
    bonuses: tuple[tuple[int, Node], ...]
    provenance: Provenance = "rulebook"

    def bonus(self, position: int) -> Node | None:
        """The effect on ``position``, if any."""
        return dict(self.bonuses).get(position)


@attrs.frozen
class RoyalScoring:
    """A royal scoring opportunity and its effect."""

    id: str
    name: Names
    effect: Node
    provenance: Provenance = "rulebook"


@attrs.frozen
class DignitaryLevel:
    """One way to activate a dignitary: the coins paid, then the effect."""

    cost: int
    effect: Node


@attrs.frozen
class Dignitary:
    """A dignitary figure: activated by paying one of its levels, then sent to another
    tavern; with ``acts_in: arrival`` its effect happens in the tavern of arrival."""

    id: str
    name: Names
    levels: tuple[DignitaryLevel, ...]
    acts_in: Literal["anywhere", "arrival"] = "anywhere"
    provenance: Provenance = "rulebook"
    note: str = ""


@attrs.frozen
class FavourKind:
    """A kind of royal favour tile, how many tiles of it exist, and its one-shot effect."""

    id: str
    name: Names
    copies: int
    effect: Node | None = None
    provenance: Provenance = "rulebook"
    note: str = ""


#: The events a trigger can watch (``when: {event: ...}``), and the filters each accepts
#: besides ``player``.
TRIGGER_EVENTS: dict[str, tuple[str, ...]] = {
    "customer_seated": ("people", "tavern"),
    "track_advanced": ("people",),
    "deed_bought": ("tavern",),
    "spell_cast": (),
}
#: Whose event sets a trigger off, from its owner's side.
TRIGGER_PLAYERS = ("you", "opponent", "any")


@attrs.frozen
class When:
    """What sets a trigger off: an event (:data:`TRIGGER_EVENTS`), whose (``you``: the
    trigger's owner; ``opponent``; ``any``), and optionally its people or tavern."""

    event: str
    player: Literal["you", "opponent", "any"] = "you"
    people: str | None = None
    tavern: str | None = None


@attrs.frozen
class Trigger:
    """An ongoing effect: whenever its event happens, its effect is pushed on the stack for
    its owner (at most :data:`MAX_TRIGGERED` times an action)."""

    when: When
    effect: Node


#: The most triggered effects one action sets off: a trigger whose effect sets off its
#: own event cannot loop forever (the checks warn about it: ``trigger-loop``).
MAX_TRIGGERED = 10


@attrs.frozen
class SpellCard:
    """A kind of spell card; the Curse is the one with ``curse`` set."""

    id: str
    name: Names
    copies: int
    cost: int = 0
    timing: Literal["own_turn", "any_turn"] = "own_turn"
    curse: bool = False
    effect: Node | None = None
    #: For a spell that stays in play: once cast, its trigger acts for its caster.
    trigger: Trigger | None = None
    provenance: Provenance = "reconstructed"
    note: str = ""


@attrs.frozen(cache_hash=True)
class RuleSet:
    """All the content of a game, loaded and checked once; immutable and hashable.

    ``fingerprint`` is the SHA-256 of the canonical content: two rule sets with the same
    fingerprint play the same game, and a saved game names the rules it was played with.
    """

    format_version: int
    fingerprint: str
    sources: tuple[str, ...]
    constants: Constants
    peoples: tuple[People, ...]
    symbols: tuple[Symbol, ...]
    taverns: tuple[Tavern, ...]
    sides: tuple[BoardSide, ...]
    customers: tuple[CustomerCard, ...]
    tiles: tuple[tuple[str, int], ...]
    guild_tokens: tuple[tuple[str, int], ...]
    privilege_tokens: int
    tracks: tuple[Track, ...]
    royal_scorings: tuple[RoyalScoring, ...]
    dignitaries: tuple[Dignitary, ...]
    favours: tuple[FavourKind, ...]
    spells: tuple[SpellCard, ...]
    options: tuple[RuleOption, ...]
    provenance: tuple[tuple[str, str], ...] = attrs.field(default=(), eq=False)
    #: The packs the content came from, in the order they were applied.
    packs: tuple[PackInfo, ...] = ()
    #: The id of the game module these rules are for (see :func:`taverna_rules.game_module`).
    game: str = "taverna"
    #: Where each item was declared, by (content kind, id): tools locate what they find
    #: about an item after loading (not part of equality).
    declared: Mapping[tuple[str, str], Declared] = attrs.field(factory=dict, eq=False, repr=False)
    # Lookup tables by id, derived from the fields above (not part of equality).
    _customers: dict[str, CustomerCard] = attrs.field(init=False, eq=False, repr=False)
    _spells: dict[str, SpellCard] = attrs.field(init=False, eq=False, repr=False)
    _royal: dict[str, RoyalScoring] = attrs.field(init=False, eq=False, repr=False)
    _tracks: dict[str, Track] = attrs.field(init=False, eq=False, repr=False)
    _options: dict[str, RuleOption] = attrs.field(init=False, eq=False, repr=False)
    _dignitaries: dict[str, Dignitary] = attrs.field(init=False, eq=False, repr=False)
    _favours: dict[str, FavourKind] = attrs.field(init=False, eq=False, repr=False)
    _names: dict[str, Names] = attrs.field(init=False, eq=False, repr=False)
    _picks: dict[str, tuple[PickCard, ...]] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        derived: dict[str, Any] = {
            "_customers": {c.id: c for c in self.customers},
            "_spells": {s.id: s for s in self.spells},
            "_royal": {r.id: r for r in self.royal_scorings},
            "_tracks": {t.people: t for t in self.tracks},
            "_options": {o.id: o for o in self.options},
            "_dignitaries": {d.id: d for d in self.dignitaries},
            "_favours": {f.id: f for f in self.favours},
            # Every turn offers the row's picks: built once, shared by every decision.
            "_picks": {c.id: tuple(PickCard(c.id, people) for people in c.peoples) for c in self.customers},
            # Earlier groups win a shared id, as a reader would expect (peoples first).
            "_names": {
                item.id: item.name
                for group in (
                    self.spells,
                    self.favours,
                    self.dignitaries,
                    self.royal_scorings,
                    self.taverns,
                    self.symbols,
                    self.peoples,
                )
                for item in group
            },
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)

    # Lookups. Linear scans over a handful of items; the kernel caches what it needs.
    def people_ids(self) -> tuple[str, ...]:
        """People ids in track order (the tie-break cycle)."""
        return tuple(p.id for p in self.peoples)

    @property
    def action_space(self) -> ActionSpace:
        """Every action these rules can offer, numbered (:func:`taverna_rules.action_space`)."""
        from taverna_rules.core.action_space import action_space

        return action_space(self)

    def supported_players(self) -> tuple[int, ...]:
        """The player counts this content plays with: those of the game's constants that
        every pack declaring ``players`` supports."""
        return supported_players(self.constants.player_counts, self.packs)

    def side_for(self, players: int) -> BoardSide:
        """The board side used with ``players`` players."""
        for side in self.sides:
            if players in side.players:
                return side
        raise KeyError(players)

    def effects(self) -> list[Node | None]:
        """Every effect of the content, in content order (spells, favours, dignitary
        levels, track bonuses, royal scorings; ``None`` where a card has none)."""
        return [
            *(s.effect for s in self.spells),
            *(f.effect for f in self.favours),
            *(level.effect for d in self.dignitaries for level in d.levels),
            *(node for t in self.tracks for _, node in t.bonuses),
            *(r.effect for r in self.royal_scorings),
        ]

    def picks(self, card_id: str) -> tuple[PickCard, ...]:
        """The ways to pick customer card ``card_id``: one :class:`PickCard` per people it
        shows (whether a tile of that people is left is the state's to say)."""
        return self._picks[card_id]

    def customer(self, card_id: str) -> CustomerCard:
        """The customer card ``card_id``."""
        return self._customers[card_id]

    def spell(self, spell_id: str) -> SpellCard:
        """The spell kind of a card id (``eviction`` or ``eviction#2``)."""
        return self._spells[spell_id.split("#", 1)[0]]

    def royal(self, scoring_id: str) -> RoyalScoring:
        """The royal scoring opportunity ``scoring_id``."""
        return self._royal[scoring_id]

    def track(self, people: str) -> Track:
        """The people track of ``people``."""
        return self._tracks[people]

    def favour(self, favour_id: str) -> FavourKind:
        """The favour kind of a tile id (``gain_level`` or ``gain_level#2``)."""
        return self._favours[favour_id.split("#", 1)[0]]

    def dignitary(self, dignitary_id: str) -> Dignitary:
        """The dignitary ``dignitary_id``."""
        return self._dignitaries[dignitary_id]

    def option(self, option_id: str) -> RuleOption:
        """The rule option ``option_id``."""
        return self._options[option_id]

    def name_of(self, kind_id: str, lang: str = "en") -> str:
        """The display name of any content id (people, symbol, tavern, card kind...)."""
        names = self._names.get(kind_id.split("#", 1)[0])
        return names.get(lang) if names is not None else kind_id
