"""Taverne's flow: its steps and decision kinds, registered by the modules of the setup,
the calls of a turn and the quarrels."""

from __future__ import annotations

from taverna_rules.core.flow import Flow
from taverna_rules.core.prompts import ask, in_words

__all__ = ["AUTOMATIC", "DECISIONS", "FLOW", "ask", "automatic", "decision", "in_words", "simultaneous"]

FLOW = Flow()
AUTOMATIC = FLOW.steps
DECISIONS = FLOW.decisions
automatic = FLOW.automatic
decision = FLOW.decision
simultaneous = FLOW.simultaneous
