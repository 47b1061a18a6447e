"""The ``for_each`` control op of the games whose effects fall on other players: its
effect resolved once for each player it falls on, each acting as "you" in it, or for one
player the acting player chooses (``players: chosen_opponent``, asked as a
:class:`~taverna_rules.core.choices.ChoosePlayer` decision). Who "each" is stays the
game's (its ``targets``: the opponents, the neighbours, the leaders...), and so does
whether the effect would do anything for a player (its ``applicable``): a player for whom
it would not is skipped, and a ``for_each`` that falls on nobody is not applicable.

A game builds one :class:`ForEach`, hands :meth:`ForEach.control` to its
:class:`~taverna_rules.core.effects.EffectRuntime` as the ``for_each`` handler, asks
:meth:`ForEach.takers` in its ``applicable``, and registers the choice on its flow with
:meth:`ForEach.register` (under the game's own step name, as its logs record it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from taverna_rules.core.choices import ChoosePlayer
from taverna_rules.core.effects import EFFECT
from taverna_rules.core.flow import Flow
from taverna_rules.core.prompts import Prompt
from taverna_rules.core.records import Action, Task
from taverna_rules.dsl.nodes import Node

__all__ = ["CHOSEN", "ForEach"]

#: The ``players`` of a ``for_each`` that the acting player chooses one of.
CHOSEN = "chosen_opponent"


@attrs.frozen
class ForEach:
    """A game's ``for_each``: ``targets(state, player, players)`` the seats a ``players``
    value falls on for ``player``, in the order they act; ``applicable(rules, state, seat,
    node)`` whether ``node`` would do anything for ``seat``; ``resolve_ref(rules, ref)`` the
    content node a task points at; ``choose`` the game's decision step asking the acting
    player for the chosen one."""

    targets: Callable[[Any, int, str], tuple[int, ...]]
    applicable: Callable[[Any, Any, int, Node], bool]
    resolve_ref: Callable[[Any, str], Node]
    choose: str

    def takers(self, rules: Any, state: Any, player: int, node: Node) -> tuple[int, ...]:
        """The seats the ``for_each`` ``node`` of ``player`` falls on, and for whom its
        effect would do something."""
        child = node.children[0]
        return tuple(
            seat
            for seat in self.targets(state, player, str(node.arg("players")))
            if self.applicable(rules, state, seat, child)
        )

    def control(self, engine: Any, task: Task, node: Node) -> None:
        """Resolve the ``for_each`` ``node``: its effect for each taker in turn, or the
        choice of one taker."""
        seats = self.takers(engine.rules, engine.state, task.player, node)
        if node.arg("players") != CHOSEN:
            engine.push(*(Task(EFFECT, seat, task.ref, (*task.path, 0)) for seat in seats))
        elif seats:
            engine.push(Task(self.choose, task.player, task.ref, task.path))

    def choices(self, rules: Any, state: Any, task: Task) -> tuple[Action, ...]:
        """The ``ChoosePlayer`` actions of the decision ``task`` (the step :attr:`choose`)."""
        node = self.resolve_ref(rules, task.ref).at(task.path)
        return tuple(ChoosePlayer(seat) for seat in self.takers(rules, state, task.player, node))

    def chosen(self, engine: Any, task: Task, action: ChoosePlayer) -> None:
        """The chosen player resolves the effect as "you"."""
        engine.push(Task(EFFECT, action.seat, task.ref, (*task.path, 0)))

    def register(self, flow: Flow, prompt: Prompt, doc: str) -> None:
        """Register the choice of a player on ``flow``: the decision step :attr:`choose`,
        asked with ``prompt``, its answer described by ``doc`` (the rule it reads)."""

        def chosen(engine: Any, task: Task, action: ChoosePlayer) -> None:
            self.chosen(engine, task, action)

        chosen.__doc__ = doc
        flow.decision(self.choose, self.choices, prompt, takes=(ChoosePlayer,))(chosen)
