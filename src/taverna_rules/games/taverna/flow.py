"""Taverna's flow: its steps and decision kinds (registered by the modules of the turn,
setup, dignitaries, favours, spells and end of game), and the effects its tasks name."""

from __future__ import annotations

from taverna_rules.core.flow import Flow
from taverna_rules.dsl.nodes import Node
from taverna_rules.games.taverna.ruleset import RuleSet

__all__ = ["AUTOMATIC", "DECISIONS", "FLOW", "automatic", "decision", "resolve_ref"]

FLOW = Flow()
AUTOMATIC = FLOW.steps
DECISIONS = FLOW.decisions
automatic = FLOW.automatic
decision = FLOW.decision


def resolve_ref(rules: RuleSet, ref: str) -> Node:
    """The effect named by a task ref: ``track:orc:2``, ``royal:king``, ``spell:curse``,
    ``dignitary:princess:1``, ``favour:gain_level``, ``trigger:banner`` (a spell's
    trigger)."""
    kind, _, rest = ref.partition(":")
    node: Node | None
    if kind == "dignitary":
        dignitary, _, level = rest.partition(":")
        node = rules.dignitary(dignitary).levels[int(level)].effect
    elif kind == "track":
        people, _, position = rest.rpartition(":")
        node = rules.track(people).bonus(int(position))
    elif kind == "royal":
        node = rules.royal(rest).effect
    elif kind == "favour":
        node = rules.favour(rest).effect
    elif kind == "spell":
        node = rules.spell(rest).effect
    elif kind == "trigger":
        trigger = rules.spell(rest).trigger
        node = trigger.effect if trigger is not None else None
    else:
        node = None
    if node is None:
        raise KeyError(f"no effect at {ref!r}")
    return node
