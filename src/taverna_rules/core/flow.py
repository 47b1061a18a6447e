"""A game's flow: the steps it declares, by kind, and what the engine reads of them.

A game registers on a :class:`Flow` of its own each kind of step a task on its stack can
be: an automatic step runs at once (``@FLOW.automatic("income")``), a decision waits for
the task's player (``@FLOW.decision("pick_card", legal, prompt)``), and a simultaneous
decision for every seat it asks (``@FLOW.simultaneous("bid", seats, legal, prompt)``).
The :class:`~taverna_rules.core.engine.Engine` runs them; :func:`game_parts` is what it
reads of a game, looked up once per game.

A step's first argument is the :class:`~taverna_rules.core.engine.Engine` running it. The
callables below type it ``Any``: the engine module reads this one, and a type named in
both directions would be an import circle.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

import attrs

from taverna_rules.core._registry import Registry
from taverna_rules.core.game_modules import GameModule, game_module
from taverna_rules.core.prompts import Prompt, addressed
from taverna_rules.core.records import Action, Event, Task

__all__ = ["Apply", "Auto", "DecisionKind", "Explain", "Flow", "GameParts", "Legal", "Seats", "game_parts"]

#: An automatic step: ``step(engine, task)`` emits events and pushes tasks.
Auto = Callable[[Any, Task], None]
#: A decision's legal actions: ``legal(rules, state, task)``.
Legal = Callable[[Any, Any, Task], tuple[Action, ...]]
#: How a decision resolves: ``apply(engine, task, action)`` (at a simultaneous decision,
#: the revealed choices, ``((seat, action), ...)``, in place of the action).
Apply = Callable[[Any, Task, Any], None]
#: Why an action of a type the decision takes is refused: ``explain(rules, state, task, action)``.
Explain = Callable[[Any, Any, Task, Any], str]
#: The seats a simultaneous decision asks: ``seats(rules, state, task)``.
Seats = Callable[[Any, Any, Task], tuple[int, ...]]


@attrs.frozen
class DecisionKind:
    """How one kind of decision lists its actions, words its prompt, explains a refusal
    and resolves."""

    legal: Legal
    apply: Apply
    prompt: Prompt
    explain: Explain | None = None
    #: The action types this decision answers to (for the refusal message).
    takes: tuple[type[Action], ...] = ()
    #: For a simultaneous decision, the seats it asks (``legal``, ``prompt`` and
    #: ``explain`` then see the task with ``player`` set to each seat, and ``apply`` gets
    #: the revealed choices, ``((seat, action), ...)``); ``None`` for one decider.
    seats: Seats | None = None
    #: For a simultaneous decision, True when the choices stay face down after the last
    #: commit (:class:`~taverna_rules.core.records.ChoicesSealed`: each seat sees its own)
    #: for the game to turn up later; False: they are revealed to all.
    sealed: bool = False


class Flow:
    """A game's steps, by kind: the automatic ones and the decisions. Each game has its
    own (a second step under a kind is refused)."""

    def __init__(self) -> None:
        self.steps: Registry[Auto] = Registry("flow step")
        self.decisions: Registry[DecisionKind] = Registry("decision kind")

    def automatic(self, kind: str) -> Callable[[Auto], Auto]:
        """Register the handler of an automatic step."""

        def register(fn: Auto) -> Auto:
            self.steps.add(kind, fn)
            return fn

        return register

    def decision(
        self,
        kind: str,
        legal: Legal,
        prompt: Prompt,
        explain: Explain | None = None,
        takes: tuple[type[Action], ...] = (),
    ) -> Callable[[Apply], Apply]:
        """Register a decision step: its legal actions, its prompt (the question: the
        decider's name is put in front, :mod:`taverna_rules.core.prompts`), how an action
        resolves, and optionally why an action of a type it ``takes`` is refused."""

        def register(fn: Apply) -> Apply:
            self.decisions.add(kind, DecisionKind(legal, fn, addressed(prompt), explain, takes))
            return fn

        return register

    def simultaneous(
        self,
        kind: str,
        seats: Seats,
        legal: Legal,
        prompt: Prompt,
        takes: tuple[type[Action], ...] = (),
        *,
        sealed: bool = False,
    ) -> Callable[[Apply], Apply]:
        """Register a simultaneous decision: every seat of ``seats`` commits a hidden
        choice, in any order; after the last commit the choices are revealed (an event)
        and the decorated function resolves them, ``apply(engine, task, choices)``. With
        ``sealed``, they stay face down instead, each seen by its own seat
        (:class:`~taverna_rules.core.records.ChoicesSealed`): ``apply`` then moves them into
        the game's own zones, to be turned up by its own events."""

        def register(fn: Apply) -> Apply:
            self.decisions.add(kind, DecisionKind(legal, fn, addressed(prompt), None, takes, seats, sealed))
            return fn

        return register


class GameParts(NamedTuple):
    """What an engine reads of a game module. Every action builds an engine, so they are
    looked up once per game (:func:`game_parts`), the tables as the registries' own
    dicts."""

    module: GameModule
    #: ``evolve(state, event) -> state``: the game's fold.
    evolve: Callable[[Any, Event], Any]
    decisions: Mapping[str, DecisionKind]
    steps: Mapping[str, Auto]
    #: Actions taken by themselves when a decision offers nothing else.
    passes: tuple[Action, ...]
    #: ``react(engine, event)``, called after each event is folded, or ``None``.
    react: Callable[[Any, Event], None] | None


_PARTS: dict[str, GameParts] = {}


def game_parts(game: str) -> GameParts:
    """The parts of the game module registered under ``game``."""
    module = game_module(game)
    parts = _PARTS.get(module.id)
    # A module registered again (a test swapping a game in) gets its own parts.
    if parts is None or parts.module is not module:
        parts = _PARTS[module.id] = GameParts(
            module, module.evolve, _live(module.decisions), _live(module.steps), module.passes, module.react
        )
    return parts


def _live(table: Mapping[str, Any]) -> Mapping[str, Any]:
    # A registry's own dict answers lookups several times faster than its Mapping API.
    return table.entries if isinstance(table, Registry) else table
