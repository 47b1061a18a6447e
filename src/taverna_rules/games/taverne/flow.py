"""Taverne's flow: its steps and decision kinds, registered by the modules of the setup,
the calls of a turn and the quarrels."""

from __future__ import annotations

from taverna_rules.core.flow import Flow

__all__ = ["AUTOMATIC", "DECISIONS", "FLOW", "automatic", "decision", "simultaneous"]

FLOW = Flow()
AUTOMATIC = FLOW.steps
DECISIONS = FLOW.decisions
automatic = FLOW.automatic
decision = FLOW.decision
simultaneous = FLOW.simultaneous
