"""The records every game is made of: actions, events, decisions, tasks and the result.

A game module subclasses :class:`Action` and :class:`Event` for its own actions and
events, registers them in tables of its own (:func:`action_table`, :func:`event_table`),
and keeps its flow on a stack of :class:`Task`. The core adds three events of its own:
:class:`FlowAdvanced` ends the events of every action, and :class:`ChoiceCommitted` and
:class:`ChoicesRevealed` carry the hidden choices of a simultaneous decision.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Mapping
from operator import attrgetter
from typing import Any, ClassVar, Final, Self

import attrs

from taverna_rules._records import field_names
from taverna_rules._shown import shown
from taverna_rules.core._registry import Registry, registrar
from taverna_rules.core.action import Action
from taverna_rules.core.decision import Decision
from taverna_rules.core.task import Task
from taverna_rules.errors import UnknownPlayerError

__all__ = [
    "HIDDEN",
    "INT_BOUND",
    "MAX_FIELD_ITEMS",
    "Action",
    "ChoiceCommitted",
    "ChoicesRevealed",
    "ChoicesSealed",
    "Decision",
    "FieldRecord",
    "Event",
    "FlowAdvanced",
    "Registry",
    "Result",
    "Standing",
    "Task",
    "action_problem",
    "action_table",
    "event_table",
    "field_words",
    "registrar",
]

#: What a redacted card, die or choice reads as in a view.
HIDDEN = "?"
#: Seeds and integers on the wire lie strictly between ``-INT_BOUND`` and ``INT_BOUND``:
#: 64 bits and a sign, enough for any seed, bounded for every reader.
INT_BOUND = 2**64

VP = tuple[tuple[str, int], ...]


def _reader(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """A function reading the fields ``names`` of a record as a tuple (in C, by
    ``operator.attrgetter``: equality and hashing read every field)."""
    if not names:
        return lambda record: ()
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda record: (one(record),)
    many: Callable[[Any], tuple[Any, ...]] = attrgetter(*names)
    return many


#: How each class's fields are read (:func:`_reader`), made at its first comparison.
_READERS: dict[type, Callable[[Any], tuple[Any, ...]]] = {}


class FieldRecord:
    """The base of plain records that have only their fields and ``__init__`` written out
    (``# record fields: ...``, for many small records made often and seldom copied: the
    events): copy-with-change, equality, hash, repr and pickling are this base's, read
    from the fields of the concrete class. Interpreted in both builds (the compiled
    build's native classes take no interpreted subclass, and a game's events are its
    own)."""

    __slots__ = ()

    def _values(self) -> tuple[Any, ...]:
        read = _READERS.get(type(self))
        if read is None:
            read = _READERS[type(self)] = _reader(field_names(type(self)))
        return read(self)

    def replace(self, **changes: Any) -> Self:
        """A copy with the fields given changed."""
        return type(self)(**{**dict(zip(field_names(type(self)), self._values(), strict=True)), **changes})

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, FieldRecord)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash((type(self).__name__, *self._values()))

    def __repr__(self) -> str:
        names = field_names(type(self))
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(names, self._values(), strict=True))
        return f"{type(self).__name__}({shown})"

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        return type(self), self._values()


class Event(FieldRecord):
    """The base of every event: a fact, with a stable wire name (``TYPE``) and version.

    An event type is a plain record (:mod:`taverna_rules._records`: its methods written
    out by ``make records``) or a frozen attrs class; the engine, the serializer and the
    views read both."""

    __slots__ = ()

    TYPE: ClassVar[str] = "Event"
    VERSION: ClassVar[int] = 1
    #: An escape hatch, used by no bundled game: True for an event that shows something
    #: hidden without moving it out of its zone (a peek at another's hand, say), so undo
    #: stops before it. Every other reveal follows from the zones and the draws
    #: (:meth:`Visibility.reveals <taverna_rules.core.views.Visibility.reveals>`): a game
    #: never lists them.
    REVEALS: ClassVar[bool] = False
    #: The fields that hold something of a zone of the game's visibility model, by the
    #: zone's name (``{"order": "customer_deck"}``): a view redacts them by the zone's
    #: policy (see :mod:`taverna_rules.core.views`). The owner of an owner-only zone's
    #: field is the event's ``player``.
    ZONES: ClassVar[Mapping[str, str]] = {}


@attrs.frozen
class Standing:
    """A player's place in the final result."""

    player: int
    name: str
    rank: int
    total: int
    breakdown: VP
    tied: bool = False


@attrs.frozen
class Result:
    """The end of the game: standings from first to last; shared ranks when tied."""

    standings: tuple[Standing, ...]

    @property
    def winners(self) -> tuple[str, ...]:
        """The names of the players ranked first."""
        return tuple(s.name for s in self.standings if s.rank == 1)

    @property
    def returns(self) -> tuple[float, ...]:
        """Each seat's return, by seat: the mean, over the other players, of +1 for each
        one it ranks above, -1 for each one above it and 0 for a shared rank. Returns lie
        in [-1, 1] and sum to 0 (a zero-sum game, as search and learning frameworks
        expect): a 2-player win is ``(1.0, -1.0)``; in a 4-player game the winner gets
        1.0, the second 1/3, the third -1/3, the last -1.0. The scores themselves are in
        each :class:`Standing` (``total`` and ``breakdown``)."""
        ranks = {s.player: s.rank for s in self.standings}
        others = len(ranks) - 1
        if others < 1:
            return tuple(0.0 for _ in ranks)
        return tuple(
            sum((ranks[seat] < rank) - (ranks[seat] > rank) for rank in ranks.values()) / others
            for seat in sorted(ranks)
        )

    def standing(self, seat: int) -> Standing:
        """The standing of ``seat`` (its rank, score and breakdown);
        :class:`~taverna_rules.errors.UnknownPlayerError` for a seat the game does not
        have."""
        for standing in self.standings:
            if standing.player == seat:
                return standing
        raise UnknownPlayerError(f"no seat {shown(seat)}; seats are 0 to {len(self.standings) - 1}")


class FlowAdvanced(Event):
    """The effect stack after an action: what the game waits for and what follows."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = ("stack",)
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (("stack", "tuple[Task, ...]"),)
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    stack: Final[tuple[Task, ...]]

    def __init__(
        self,
        stack: tuple[Task, ...],
    ) -> None:
        self.stack = stack

    # end of record


class ChoiceCommitted(Event):
    """A seat chose in a simultaneous decision; the choice stays hidden from the others
    (they see that the seat has chosen) until :class:`ChoicesRevealed`."""

    ZONES: ClassVar[Mapping[str, str]] = {"action": "commits"}

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "action",
        "player",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("action", "Action | None"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    action: Final[Action | None]

    def __init__(
        self,
        player: int,
        action: Action | None,
    ) -> None:
        self.player = player
        self.action = action

    # end of record


class ChoicesRevealed(Event):
    """Every seat of a simultaneous decision has chosen: the choices, by seat (they leave
    the ``commits`` zone, which is what makes this a reveal)."""

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = ("choices",)
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("choices", "tuple[tuple[int, Action], ...]"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    choices: Final[tuple[tuple[int, Action], ...]]

    def __init__(
        self,
        choices: tuple[tuple[int, Action], ...],
    ) -> None:
        self.choices = choices

    # end of record


class ChoicesSealed(Event):
    """Every seat of a sealed simultaneous decision has chosen: the choices, by seat, stay
    face down, each seen by its own seat only (a card laid face down on a spot that shows
    whom it attacks); the game turns them up later with events of its own."""

    ZONES: ClassVar[Mapping[str, str]] = {"choices": "commits"}

    # record fields: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = ("choices",)
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("choices", "tuple[tuple[int, Action], ...]"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    choices: Final[tuple[tuple[int, Action], ...]]

    def __init__(
        self,
        choices: tuple[tuple[int, Action], ...],
    ) -> None:
        self.choices = choices

    # end of record


for _cls in (FlowAdvanced, ChoiceCommitted, ChoicesRevealed, ChoicesSealed):
    _cls.TYPE = _cls.__name__


@attrs.frozen
class PickOutcome(Action):
    """At a chance decision (explicit chance mode, see :mod:`taverna_rules.core.chance`):
    the outcome numbered ``index`` in :meth:`~taverna_rules.game.Game.chance_outcomes`,
    which says how likely it is."""

    TYPE: ClassVar[str] = "PickOutcome"
    index: int


def action_table() -> Registry[type[Action]]:
    """A new table of a game's action types, holding the core's :class:`PickOutcome`."""
    table: Registry[type[Action]] = Registry("action type")
    table.add(PickOutcome.TYPE, PickOutcome)
    return table


def event_table(*, simultaneous: bool = False) -> Registry[type[Event]]:
    """A new table of a game's event types, holding the core's :class:`FlowAdvanced`
    (and, for a game with simultaneous decisions, the commit and reveal events)."""
    table: Registry[type[Event]] = Registry("event type")
    for cls in (FlowAdvanced, *((ChoiceCommitted, ChoicesRevealed, ChoicesSealed) if simultaneous else ())):
        table.add(cls.TYPE, cls)
    return table


# Field types by action class, resolved once (the annotations are strings here).
_FIELD_TYPES: dict[type[Action], tuple[tuple[str, Any], ...]] = {}
_WORDS = {str: "a string", int: "an integer", bool: "true or false"}
_PLURALS = {str: "strings", int: "integers", bool: "true or false values"}
#: The most items a tuple or set field of an action holds (a choice of a few things).
MAX_FIELD_ITEMS = 64


def _field_types(cls: type[Action]) -> tuple[tuple[str, Any], ...]:
    types = _FIELD_TYPES.get(cls)
    if types is None:
        hints = typing.get_type_hints(cls)
        types = _FIELD_TYPES[cls] = tuple((f.name, hints[f.name]) for f in attrs.fields(cls))
    return types


def field_words(tp: Any) -> str:
    """An action field's type as a refusal says it: ``"an integer"``, ``"a list of at most
    64 strings"``, ``"a set of at most 64 integers"``, ``"a list of a string and an
    integer"``."""
    if tp in _WORDS:
        return _WORDS[tp]
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is tuple and args[-1:] == (Ellipsis,):
        return f"a list of at most {MAX_FIELD_ITEMS} {_PLURALS.get(args[0], repr(args[0]))}"
    if origin is tuple:
        return "a list of " + " and ".join(field_words(arg) for arg in args)
    if origin is frozenset:
        return f"a set of at most {MAX_FIELD_ITEMS} {_PLURALS.get(args[0], repr(args[0]))}"
    return getattr(tp, "__name__", repr(tp))


def _holds(value: object, tp: Any) -> bool:
    """Whether ``value`` is of the field type ``tp`` exactly: a plain value of its own type
    (a ``bool`` is not an ``int``), or a tuple (``tuple[int, ...]``, ``tuple[str, int]``)
    or a frozenset (``frozenset[str]``) of such values, of at most
    :data:`MAX_FIELD_ITEMS` items."""
    if tp in _WORDS:
        return type(value) is tp
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is tuple and type(value) is tuple:
        if args[-1:] == (Ellipsis,):
            return len(value) <= MAX_FIELD_ITEMS and all(type(item) is args[0] for item in value)
        return len(value) == len(args) and all(type(v) is t for v, t in zip(value, args, strict=True))
    if origin is frozenset and type(value) is frozenset:
        return len(value) <= MAX_FIELD_ITEMS and all(type(item) is args[0] for item in value)
    return False


def action_problem(action: object, table: Mapping[str, type[Action]]) -> str:
    """Why ``action`` is not an action of a game whose action types are ``table``, or
    ``""`` when it is one.

    An action is an instance of one of the action types exactly (not of a subclass, nor
    an object that merely compares equal to one) whose every field holds a value of its
    declared type exactly (a ``bool`` is not an ``int``, a ``str`` subclass is not a
    ``str``): a string, an integer or a boolean, or a tuple or frozenset of them
    (``tuple[int, ...]``, ``tuple[str, int]``, ``frozenset[str]``; at most
    :data:`MAX_FIELD_ITEMS` items). Legality is then decided by type and value alone: no
    foreign ``__eq__`` ever runs.
    """
    cls = type(action)
    if table.get(getattr(cls, "TYPE", "")) is not cls:
        kinds = ", ".join(table)
        return f"an action is one of the action types ({kinds}), not an object of type {cls.__name__!r}"
    assert isinstance(action, Action)
    for name, expected in _field_types(cls):
        value = getattr(action, name)
        if not _holds(value, expected):
            return f"{cls.__name__}.{name} is {field_words(expected)}, not {shown(value)}"
    return ""
