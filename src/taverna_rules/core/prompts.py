"""How a decision's prompt reads for every seat: its decider's name first.

The server shows the pending decision to every seat and to spectators, so a prompt is
written for all of them: ``"Ann: seat your customer of the Elves at a free table"`` is Ann's
question as the table hears it (the words after the name may say "you": they speak to
the decider). The core's chance decision reads the same way, ``"chance: one of 3
outcomes"``, and a simultaneous decision words each seat's prompt under that seat's name
. A game writes only the question: :meth:`Flow.decision
<taverna_rules.core.engine.Flow.decision>` and :meth:`Flow.simultaneous
<taverna_rules.core.engine.Flow.simultaneous>` put the name in front of every prompt they
register (the ``effect_choice`` of :class:`~taverna_rules.core.effects.EffectRuntime`
too).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from taverna_rules.core.records import Task

__all__ = ["Prompt", "addressed", "decider_name"]

#: A decision's prompt: ``prompt(rules, state, task) -> text``.
Prompt = Callable[[Any, Any, Task], str]


def decider_name(state: Any, seat: int) -> str:
    """The name of seat ``seat`` of ``state`` (``"nobody"`` for a seat it has not)."""
    players = state.players
    return str(players[seat].name) if 0 <= seat < len(players) else "nobody"


def addressed(prompt: Prompt) -> Prompt:
    """``prompt`` with its decider's name in front: ``"Ann: choose an opponent"``."""

    def worded(rules: Any, state: Any, task: Task) -> str:
        return f"{decider_name(state, task.player)}: {prompt(rules, state, task)}"

    return worded
