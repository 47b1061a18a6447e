"""Taverns & Dragons' flow: its steps and decision kinds, registered by the modules of
the setup, the round, the activation, the hunt, the effects and the upkeep."""

from __future__ import annotations

from taverna_rules.core.flow import Flow
from taverna_rules.core.prompts import Prompt, asked
from taverna_rules.core.words import french_articles
from taverna_rules.dsl.text import Text

__all__ = ["FLOW", "ask", "automatic", "decision", "in_words"]

FLOW = Flow()
automatic = FLOW.automatic
decision = FLOW.decision


def ask(en: str, fr: str) -> Prompt:
    """A question asked the same way every time, in English and French."""
    return asked(Text(en=en, fr=fr))


def in_words(lang: str, en: str, fr: str) -> str:
    """``fr`` (its articles contracted) for French, else ``en``: a question worded from
    the state."""
    return french_articles(fr) if lang == "fr" else en
