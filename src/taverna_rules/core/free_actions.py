"""Free actions: what a player may do "at any moment of his turn", offered inside every
decision of that turn that allows them, after which the same decision is asked again.

Many games have them: recruiting a hero, using an ability, spending a rune to reroll a
die, casting a spell between two steps of a turn. A game declares each kind once, as a
:class:`FreeAction` (the action type it answers, the actions offered now, why one is
refused, how it resolves), gathers them in a :class:`FreeActions` and registers the
decisions of the turn through :meth:`FreeActions.decision`: their legal actions, refusal
messages and resolution then include the free actions, and a free action played pushes
the decision back under whatever it resolves (an effect, a sub-choice), so the player is
asked again once it is done. A decision of someone else's turn, or a step where the rules
allow none, is registered on the flow directly and offers none.

>>> import attrs
>>> from taverna_rules.core.records import Action
>>> @attrs.frozen
... class Wave(Action):
...     pass
>>> waving = FreeAction(Wave, lambda rules, state, player: (Wave(),), lambda *_: "", lambda e, t, a: None)
>>> FreeActions(waving).offered(None, None, Task("turn", 0))
(Wave(),)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from taverna_rules.core.flow import Apply, Explain, Flow, Legal
from taverna_rules.core.prompts import Prompt
from taverna_rules.core.records import Action, Task

__all__ = ["FreeAction", "FreeActions"]

#: The actions of a kind a player may take now: ``offered(rules, state, player)``.
Offered = Callable[[Any, Any, int], tuple[Action, ...]]
#: Why an action of the kind is refused now (``""``: no reason to give):
#: ``refusal(rules, state, player, action)``.
Refusal = Callable[[Any, Any, int, Any], str]
#: How it resolves: ``play(engine, task, action)``, ``task`` the decision it interrupts
#: (already pushed back: whatever ``play`` pushes resolves first).
Play = Callable[[Any, Task, Any], None]


@attrs.frozen
class FreeAction:
    """One kind of free action: the action type it answers, and how it is offered, refused
    and resolved."""

    takes: type[Action]
    offered: Offered
    refusal: Refusal
    play: Play


@attrs.frozen(init=False)
class FreeActions:
    """A game's free actions, offered in the decisions registered through
    :meth:`decision`. ``window(rules, state, task)`` says whether the decision ``task``
    allows them now (by default, always: the decision is one of its player's turn)."""

    kinds: tuple[FreeAction, ...]
    window: Callable[[Any, Any, Task], bool]

    def __init__(self, *kinds: FreeAction, window: Callable[[Any, Any, Task], bool] | None = None) -> None:
        types = [kind.takes for kind in kinds]
        if len(set(types)) != len(types):
            raise ValueError(f"one free action a type: {[t.__name__ for t in types]}")
        self.__attrs_init__(kinds, window or (lambda rules, state, task: True))

    @property
    def types(self) -> tuple[type[Action], ...]:
        """The action types of the free actions."""
        return tuple(kind.takes for kind in self.kinds)

    def _kind(self, action: Action) -> FreeAction | None:
        return next((kind for kind in self.kinds if type(action) is kind.takes), None)

    def offered(self, rules: Any, state: Any, task: Task) -> tuple[Action, ...]:
        """The free actions the player of ``task`` may take now (none outside the window)."""
        if not self.window(rules, state, task):
            return ()
        return tuple(action for kind in self.kinds for action in kind.offered(rules, state, task.player))

    def refusal(self, rules: Any, state: Any, task: Task, action: Action) -> str | None:
        """Why the free action ``action`` is refused; ``None`` for another kind of action."""
        kind = self._kind(action)
        if kind is None:
            return None
        if not self.window(rules, state, task):
            return "no free action may be taken now"
        return kind.refusal(rules, state, task.player, action)

    def play(self, engine: Any, task: Task, action: Action) -> bool:
        """Resolve the free action ``action`` and ask ``task`` again after it; False for
        another kind of action (``task`` untouched)."""
        kind = self._kind(action)
        if kind is None:
            return False
        engine.push(task)
        kind.play(engine, task, action)
        return True

    def decision(
        self,
        flow: Flow,
        kind: str,
        legal: Legal,
        prompt: Prompt,
        explain: Explain | None = None,
        takes: tuple[type[Action], ...] = (),
    ) -> Callable[[Apply], Apply]:
        """Register on ``flow`` a decision of the turn (as :meth:`Flow.decision`) whose
        legal actions are ``legal``'s and the free actions offered now, and whose ``apply``
        resolves a free action itself, then asks again."""

        def legal_and_free(rules: Any, state: Any, task: Task) -> tuple[Action, ...]:
            return (*legal(rules, state, task), *self.offered(rules, state, task))

        def explained(rules: Any, state: Any, task: Task, action: Any) -> str:
            why = self.refusal(rules, state, task, action)
            if why is not None:
                return why
            return explain(rules, state, task, action) if explain else ""

        def register(fn: Apply) -> Apply:
            def apply(engine: Any, task: Task, action: Any) -> None:
                if not self.play(engine, task, action):
                    fn(engine, task, action)

            apply.__doc__ = fn.__doc__
            flow.decision(kind, legal_and_free, prompt, explained, (*takes, *self.types))(apply)
            return fn

        return register
