"""How a decision's prompt reads for every seat: its decider's name first.

The server shows the pending decision to every seat and to spectators, so a prompt is
written for all of them: ``"Ann: seat your customer of the Elves at a free table"`` is Ann's
question as the table hears it (the words after the name may say "you": they speak to
the decider). The core's chance decision reads the same way, ``"chance: one of 3
outcomes"``, and a simultaneous decision words each seat's prompt under that seat's name
(register it with ``addressed(prompt)``). A game writes only the question: its
``decision`` is :func:`named` (its flow's, whose prompts get the name), and the
``effect_choice`` of :class:`~taverna_rules.core.effects.EffectRuntime` is addressed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from taverna_rules.core.engine import Apply, Explain, Flow, Legal, Prompt
from taverna_rules.core.records import Action, Task

__all__ = ["addressed", "decider_name", "named"]


def decider_name(state: Any, seat: int) -> str:
    """The name of seat ``seat`` of ``state`` (``"nobody"`` for a seat it has not)."""
    players = state.players
    return str(players[seat].name) if 0 <= seat < len(players) else "nobody"


def addressed(prompt: Prompt) -> Prompt:
    """``prompt`` with its decider's name in front: ``"Ann: choose an opponent"``."""

    def worded(rules: Any, state: Any, task: Task) -> str:
        return f"{decider_name(state, task.player)}: {prompt(rules, state, task)}"

    return worded


def named(flow: Flow) -> Callable[..., Callable[[Apply], Apply]]:
    """``flow.decision`` (same arguments) registering prompts that name their decider."""

    def decision(
        kind: str,
        legal: Legal,
        prompt: Prompt,
        explain: Explain | None = None,
        takes: tuple[type[Action], ...] = (),
    ) -> Callable[[Apply], Apply]:
        return flow.decision(kind, legal, addressed(prompt), explain, takes)

    decision.__doc__ = flow.decision.__doc__
    return decision
