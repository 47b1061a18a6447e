"""Deprecated: the old home of the kernel, kept so that code written for 0.1 imports.

The generic parts moved to :mod:`taverna_rules.core` (``engine``, ``replay``,
``serialize``, ``views``) and Taverna's to :mod:`taverna_rules.games.taverna`.
``from taverna_rules.kernel import serialize`` and ``taverna_rules.kernel.events`` still
name the same modules; new code imports them from their new homes.
"""

import sys

from taverna_rules.core import engine, replay, serialize, views
from taverna_rules.games.taverna import (
    actions,
    applicable,
    dignitaries,
    effects,
    endgame,
    events,
    evolve,
    expressions,
    favours,
    integrity,
    setup,
    spells,
    state,
    tracks,
    turn,
)

__all__ = [
    "actions",
    "applicable",
    "dignitaries",
    "effects",
    "endgame",
    "engine",
    "events",
    "evolve",
    "expressions",
    "favours",
    "integrity",
    "replay",
    "serialize",
    "setup",
    "spells",
    "state",
    "tracks",
    "turn",
    "views",
]

for _name in __all__:
    sys.modules[f"{__name__}.{_name}"] = globals()[_name]
