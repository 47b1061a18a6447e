"""The generic core: the engine every game module runs on. It knows no game.

What a game author builds on: :class:`~taverna_rules.core.records.Action`,
:class:`~taverna_rules.core.records.Event` and :class:`~taverna_rules.core.records.Task`
(the records), :class:`~taverna_rules.core.engine.Flow` (the game's steps and decision
kinds, turn-based or simultaneous) and :class:`~taverna_rules.core.engine.Engine` (what a
step works with: ``emit``, ``push``, ``draw``), :class:`~taverna_rules.core.views.Zone`
and :class:`~taverna_rules.core.views.Visibility` (what is hidden from whom), and
:data:`~taverna_rules.core.engine.CORE_FOLDS` (how the core's own events fold). A game
gathers its parts in a :class:`~taverna_rules.game_modules.GameModule`; see
:doc:`architecture` ("Writing a game module").
"""

from taverna_rules.core.engine import CORE_FOLDS, Decision, DecisionKind, Engine, Flow, run_flow
from taverna_rules.core.records import (
    HIDDEN,
    Action,
    ChoiceCommitted,
    ChoicesRevealed,
    Event,
    FlowAdvanced,
    Result,
    Standing,
    Task,
    action_table,
    event_table,
    registrar,
)
from taverna_rules.core.views import Visibility, Zone

__all__ = [
    "CORE_FOLDS",
    "HIDDEN",
    "Action",
    "ChoiceCommitted",
    "ChoicesRevealed",
    "Decision",
    "DecisionKind",
    "Engine",
    "Event",
    "Flow",
    "FlowAdvanced",
    "Result",
    "Standing",
    "Task",
    "Visibility",
    "Zone",
    "action_table",
    "event_table",
    "registrar",
    "run_flow",
]
