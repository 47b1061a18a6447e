"""The generic core: the engine every game module runs on. It knows no game.

What a game author builds on: :class:`~taverna_rules.Action`,
:class:`~taverna_rules.core.records.Event` and :class:`~taverna_rules.core.records.Task`
(the records), the choices every game may offer (:mod:`~taverna_rules.core.choices`:
``EndTurn``, ``Pass``, ``ChoosePlayer``, ``ChooseOption``),
:class:`~taverna_rules.core.flow.Flow` (the game's steps and decision kinds, turn-based or
simultaneous) and :class:`~taverna_rules.core.engine.Engine` (what a step works with:
``emit``, ``push``, ``draw``, ``draw_card``, ``shuffled``), the draws of
:mod:`~taverna_rules.core.chance` (:func:`~taverna_rules.core.chance.dice`,
:func:`~taverna_rules.core.chance.card_from` and the rest: one description serves the
sampled and the explicit chance mode), :class:`~taverna_rules.core.views.Zone`
and :class:`~taverna_rules.core.views.Visibility` (what is hidden from whom), and
:data:`~taverna_rules.core.folds.CORE_FOLDS` (how the core's own events fold). A game
gathers its parts in a :class:`~taverna_rules.core.game_modules.GameModule`; see
:doc:`architecture` ("Writing a game module").
"""

from taverna_rules.core.chance import (
    CHANCE,
    CHANCE_MODES,
    Chance,
    ChanceMode,
    Outcome,
    arrangement,
    card_from,
    cards_from,
    dice,
)
from taverna_rules.core.choices import ChooseOption, ChoosePlayer, EndTurn, Pass
from taverna_rules.core.decide import run_flow
from taverna_rules.core.engine import Decision, Engine
from taverna_rules.core.flow import DecisionKind, Flow
from taverna_rules.core.folds import CORE_FOLDS
from taverna_rules.core.records import (
    HIDDEN,
    Action,
    ChoiceCommitted,
    ChoicesRevealed,
    ChoicesSealed,
    Event,
    FieldRecord,
    FlowAdvanced,
    PickOutcome,
    Result,
    Standing,
    Task,
    action_table,
    event_table,
    registrar,
)
from taverna_rules.core.views import Visibility, Zone

__all__ = [
    "CHANCE",
    "CHANCE_MODES",
    "CORE_FOLDS",
    "HIDDEN",
    "Action",
    "Chance",
    "ChanceMode",
    "ChoiceCommitted",
    "ChoicesRevealed",
    "ChoicesSealed",
    "ChooseOption",
    "ChoosePlayer",
    "Decision",
    "DecisionKind",
    "EndTurn",
    "Engine",
    "Event",
    "FieldRecord",
    "Flow",
    "FlowAdvanced",
    "Outcome",
    "Pass",
    "PickOutcome",
    "Result",
    "Standing",
    "Task",
    "Visibility",
    "Zone",
    "action_table",
    "arrangement",
    "card_from",
    "cards_from",
    "dice",
    "event_table",
    "registrar",
    "run_flow",
]
