"""Cavern Tavern's flow: its steps and decision kinds (registered by the modules of the
setup, the turn, the effects and the end of the game), and the effects its tasks name."""

from __future__ import annotations

from taverna_rules.core.flow import Flow
from taverna_rules.dsl.nodes import Node
from taverna_rules.games.cavern_tavern.ruleset import RuleSet

__all__ = ["AUTOMATIC", "DECISIONS", "FLOW", "automatic", "decision", "resolve_ref"]

FLOW = Flow()
AUTOMATIC = FLOW.steps
DECISIONS = FLOW.decisions
automatic = FLOW.automatic
decision = FLOW.decision


def resolve_ref(rules: RuleSet, ref: str) -> Node:
    """The effect named by a task ref: ``place:fix_the_roof``, ``item:lucky_charm``,
    ``nasty:pay_the_rent`` (the card's demand), ``secret:beer_lover``."""
    kind, _, ident = ref.partition(":")
    if kind == "place":
        return rules.place(ident).effect
    if kind == "item":
        return rules.item(ident).effect
    if kind == "nasty":
        return rules.nasty(ident).demand
    if kind == "secret":
        return rules.secret(ident).effect
    raise KeyError(f"no effect at {ref!r}")
