"""The base of every action, in a module of its own: the engine's compiled records
(:class:`~taverna_rules.core.decision.Decision`) name it, and every game subclasses it."""

from __future__ import annotations

from typing import ClassVar

import attrs

__all__ = ["Action"]


@attrs.frozen
class Action:
    """The base of every action: an imperative (``PickCard``) with a stable wire name
    (its class name, in ``TYPE``)."""

    TYPE: ClassVar[str] = "Action"
