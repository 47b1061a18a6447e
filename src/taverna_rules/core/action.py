"""The base of every action, in a module of its own: the engine's compiled records
(:class:`~taverna_rules.core.decision.Decision`) name it, and every game subclasses it."""

from __future__ import annotations

from typing import ClassVar

import attrs

from taverna_rules.core.shared import shared

__all__ = ["Action", "shared"]


@attrs.frozen
class Action:
    """The base of every action: an imperative (``PickCard``) with a stable wire name
    (its class name, in ``TYPE``)."""

    TYPE: ClassVar[str] = "Action"
