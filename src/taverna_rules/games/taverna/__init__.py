"""Taverna (Karl Marcelle, Geek Attitude Games), the first game module.

Its parts still live in :mod:`taverna_rules.kernel` (issue #9 moves them here one by
one); this module gathers them under the id ``taverna``.
"""

from __future__ import annotations

from taverna_rules.content.model import Names
from taverna_rules.dsl.ops import LANGUAGES
from taverna_rules.game_modules import GameModule
from taverna_rules.kernel import effects
from taverna_rules.kernel.actions import ACTION_TYPES
from taverna_rules.kernel.engine import AUTOMATIC, DECISIONS, resolve_ref
from taverna_rules.kernel.events import EVENT_TYPES
from taverna_rules.kernel.evolve import evolve

__all__ = ["GAME"]

GAME = GameModule(
    id="taverna",
    name=Names(en="Taverna", fr="Taverna", nl="Taverna"),
    languages=LANGUAGES,
    actions=ACTION_TYPES,
    events=EVENT_TYPES,
    steps=AUTOMATIC,
    decisions=DECISIONS,
    ops=effects.EXECUTORS,
    evolve=evolve,
    resolve=resolve_ref,
)
