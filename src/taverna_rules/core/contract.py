"""The contract between the core and a game: what the engine, the tools and the frameworks
read of every game's rule set and state, as Protocols.

A game's classes satisfy them by their fields alone (nothing to inherit):
:attr:`GameModule.rules_type <taverna_rules.GameModule.rules_type>` is typed
``type[RuleSetLike]`` and :attr:`GameModule.state_type <taverna_rules.GameModule.state_type>`
``type[StateLike]``, so ``mypy`` names a missing field where the module is declared, and
a game that is not type-checked hears the same when it loads
(:func:`contract_problems`, a :class:`~taverna_rules.errors.GameModuleError`).

The state of a game with simultaneous decisions also keeps the pending choices
(:class:`SimultaneousState`), and one that draws during play counts its draws and knows
its chance mode (:class:`DrawingState`). A rule set with rule options lists them and names
its content (:class:`OptionsRules`); every part beyond :class:`RuleSetLike` has a default
in the core when a rule set lacks it.

The members' types are part of the contract: the optional compiled build checks them
where the core reads them (a ``stack`` that is a list, not a tuple, is a ``TypeError``
there), as the pure-Python build does not.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from taverna_rules.core.records import Action, Event, Result
from taverna_rules.core.task import Task

__all__ = [
    "DrawingState",
    "FlowParts",
    "OpeningParts",
    "OptionsRules",
    "PlayerLike",
    "RuleSetLike",
    "SimultaneousState",
    "StateLike",
    "contract_problems",
]


@runtime_checkable
class PlayerLike(Protocol):
    """A seat of a game's state: at least the player's name."""

    @property
    def name(self) -> str: ...


@runtime_checkable
class StateLike(Protocol):
    """What the core reads of every game's state: the rules it is played with (their
    fingerprint), the players, the seed of its draws, the steps still to resolve, and the
    result once it is over. A frozen record: the fold makes a new one for every event."""

    @property
    def rules(self) -> str: ...
    @property
    def players(self) -> Sequence[PlayerLike]: ...
    @property
    def seed(self) -> int: ...
    @property
    def stack(self) -> tuple[Task, ...]: ...
    @property
    def result(self) -> Result | None: ...
    @property
    def over(self) -> bool: ...


@runtime_checkable
class SimultaneousState(StateLike, Protocol):
    """The state of a game with simultaneous decisions: each seat's pending choice (``None``
    once it chose, seen only by that seat until revealed)."""

    @property
    def commits(self) -> tuple[tuple[int, Action | None], ...]: ...


@runtime_checkable
class DrawingState(StateLike, Protocol):
    """The state of a game that draws during play: how many draws so far (each keyed on
    the seed and this count) and the chance mode (``"sampled"`` or ``"explicit"``)."""

    @property
    def draws(self) -> int: ...
    @property
    def chance(self) -> str: ...


@runtime_checkable
class RuleSetLike(Protocol):
    """What the core reads of every game's rule set: the game it belongs to (its module's
    id) and the fingerprint of its content, which every log and position records."""

    @property
    def game(self) -> str: ...
    @property
    def fingerprint(self) -> str: ...


@runtime_checkable
class OptionsRules(RuleSetLike, Protocol):
    """A rule set with rule options, and names for its content ids (without them: no
    options, and an id is its own name)."""

    @property
    def options(self) -> Sequence[Any]: ...
    def name_of(self, ident: str, lang: str = "en") -> str: ...


class FlowParts(Protocol):
    """What a game module reads of its :class:`~taverna_rules.Flow`: the registries of its
    automatic steps and decision kinds (``GameModule(flow=FLOW)``)."""

    @property
    def steps(self) -> Mapping[str, Callable[..., Any]]: ...
    @property
    def decisions(self) -> Mapping[str, Any]: ...


class OpeningParts(Protocol):
    """What a game module reads of its :class:`~taverna_rules.Opening`
    (``GameModule(opener=OPENING)``): a new game's events, the opening a log's first event
    gives, and the event types a log starts with."""

    @property
    def openings(self) -> tuple[type[Event], ...]: ...
    def start(
        self,
        rules: Any,
        players: Any,
        seed: int,
        options: Any = None,
        chance: str = "sampled",
    ) -> list[Event]: ...
    def opening(self, rules: Any, first: Event) -> list[Event]: ...


def _members(protocol: type) -> tuple[str, ...]:
    # The names a Protocol declares, its bases' included (typing keeps no public list).
    names: list[str] = []
    for cls in reversed(protocol.__mro__):
        if cls in (object, Protocol) or not getattr(cls, "_is_protocol", False):
            continue
        names += [n for n in vars(cls) if not n.startswith("_") and n not in names]
    return tuple(names)


def _declared(cls: type) -> set[str]:
    """The attributes instances of ``cls`` have: its class attributes and properties, slots,
    and annotated fields (an attrs class without slots keeps its fields only there)."""
    names = set(dir(cls))
    for klass in cls.__mro__:
        names.update(getattr(klass, "__annotations__", {}))
        slots = getattr(klass, "__slots__", ())
        names.update((slots,) if isinstance(slots, str) else slots)
    return names


def contract_problems(cls: type, protocol: type, what: str) -> list[str]:
    """What ``cls`` lacks of ``protocol``: one line a missing member (none: ``[]``)."""
    have = _declared(cls)
    return [
        f"{what} {cls.__qualname__} has no {name!r} ({protocol.__name__})"
        for name in _members(protocol)
        if name not in have
    ]
