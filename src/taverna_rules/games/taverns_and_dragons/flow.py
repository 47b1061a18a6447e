"""Taverns & Dragons' flow: its steps and decision kinds, registered by the modules of
the setup, the round, the activation, the hunt, the effects and the upkeep."""

from __future__ import annotations

from taverna_rules.core.flow import Flow
from taverna_rules.core.prompts import ask, in_words

__all__ = ["FLOW", "ask", "automatic", "decision", "in_words"]

FLOW = Flow()
automatic = FLOW.automatic
decision = FLOW.decision
