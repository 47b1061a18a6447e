"""taverna_rules: a rules engine for tavern board games (Taverna, Cavern Tavern).

>>> import taverna_rules as tr
>>> rules = tr.load_rules()
>>> game = tr.new_game(rules, ["Ann", "Bob", "Cy"], seed=7)
>>> game.decision.kind
'buy_deed'

This top level holds what works for any game: loading and validating rules, the
:class:`Game`, replay and positions, decisions, the choices every game shares
(:class:`EndTurn`, :class:`Pass`, :class:`ChoosePlayer`, :class:`ChooseOption`), the core
records, observations, the game module interface, the content and DSL types and the
errors. A game's own types (its actions, events, state and content) live in its package,
reached the same way for every game:

>>> from taverna_rules.games import taverna
>>> isinstance(game.events[0], taverna.GameStarted)
True
"""

from taverna_rules._version import VERSION
from taverna_rules.content.model import Names, PackInfo, Provenance, RuleOption
from taverna_rules.content.problems import Problem, Severity, ValidationReport
from taverna_rules.content.spec import AddParts, Built, ContentSpec
from taverna_rules.content.where import Declared
from taverna_rules.core import engine as _engine_module
from taverna_rules.core.action_space import ActionSpace, action_space
from taverna_rules.core.balance import BalanceMeter
from taverna_rules.core.board_map import BoardMap
from taverna_rules.core.card_texts import CardText, RulesText
from taverna_rules.core.chance import CHANCE, ChanceMode, Outcome
from taverna_rules.core.choices import ChooseOption, ChoosePlayer, EndTurn, Pass
from taverna_rules.core.contract import (
    DrawingState,
    FlowParts,
    OpeningParts,
    OptionsRules,
    PlayerLike,
    RuleSetLike,
    SimultaneousState,
    StateLike,
)
from taverna_rules.core.engine import Decision, Engine, Trace
from taverna_rules.core.flow import DecisionKind, Flow
from taverna_rules.core.game_modules import GameModule, game_module, installed_games
from taverna_rules.core.observation import ObservationLayout, ObservationWriter
from taverna_rules.core.opening import GameOpened, Opening
from taverna_rules.core.positions import PositionFormat
from taverna_rules.core.records import (
    VP,
    Action,
    ChoiceCommitted,
    ChoicesRevealed,
    ChoicesSealed,
    Event,
    FlowAdvanced,
    PickOutcome,
    Result,
    Standing,
    Task,
)
from taverna_rules.core.views import Visibility, Zone
from taverna_rules.dsl.nodes import Compare, Count, Node, OptionIs, Table
from taverna_rules.dsl.ops import OpSpec
from taverna_rules.dsl.text import CountText, Text
from taverna_rules.dsl.vocabulary import Vocabulary
from taverna_rules.errors import (
    ConflictError,
    ContentError,
    DeterminizeError,
    GameBrokenError,
    GameModuleError,
    IllegalActionError,
    OptionError,
    PositionError,
    ReplayError,
    RulesMismatchError,
    SeatTokenError,
    StoreError,
    TavernaError,
    UndoError,
    UnknownGameError,
    UnknownPlayerError,
)
from taverna_rules.game import Game, Seat, UndoPolicy, new_game, replay
from taverna_rules.observations import information_state, observation_layout, observe
from taverna_rules.playout import Playout
from taverna_rules.position import dump_position, load_position
from taverna_rules.rules import load_rules, validate
from taverna_rules.wire_schemas import wire_schema

__version__ = VERSION

#: True in the compiled build (``make compiled``, or ``HATCH_BUILD_HOOK_ENABLE_MYPYC=1 pip
#: install .``): the engine's hot modules are native code made by mypyc from this same
#: source; False in the pure-Python package.
COMPILED: bool = not _engine_module.__file__.endswith(".py")

__all__ = [
    "Action",
    "action_space",
    "ActionSpace",
    "AddParts",
    "BalanceMeter",
    "BoardMap",
    "Built",
    "CardText",
    "CHANCE",
    "COMPILED",
    "ChanceMode",
    "ChoiceCommitted",
    "ChoicesRevealed",
    "ChoicesSealed",
    "ChooseOption",
    "ChoosePlayer",
    "Compare",
    "ConflictError",
    "ContentError",
    "ContentSpec",
    "Count",
    "CountText",
    "Decision",
    "DecisionKind",
    "Declared",
    "DeterminizeError",
    "dump_position",
    "EndTurn",
    "Engine",
    "Event",
    "Flow",
    "FlowAdvanced",
    "GameOpened",
    "Game",
    "game_module",
    "GameBrokenError",
    "GameModule",
    "DrawingState",
    "FlowParts",
    "OpeningParts",
    "OptionsRules",
    "PlayerLike",
    "RuleSetLike",
    "SimultaneousState",
    "StateLike",
    "GameModuleError",
    "IllegalActionError",
    "information_state",
    "installed_games",
    "load_position",
    "load_rules",
    "Names",
    "new_game",
    "Node",
    "observation_layout",
    "ObservationLayout",
    "ObservationWriter",
    "observe",
    "OpSpec",
    "OptionError",
    "OptionIs",
    "Opening",
    "Outcome",
    "PackInfo",
    "Pass",
    "PickOutcome",
    "Playout",
    "PositionError",
    "PositionFormat",
    "Problem",
    "Provenance",
    "replay",
    "ReplayError",
    "Result",
    "RuleOption",
    "RulesMismatchError",
    "RulesText",
    "Seat",
    "SeatTokenError",
    "Severity",
    "Standing",
    "StoreError",
    "Table",
    "Task",
    "TavernaError",
    "Text",
    "Trace",
    "UndoError",
    "UndoPolicy",
    "UnknownGameError",
    "UnknownPlayerError",
    "validate",
    "ValidationReport",
    "Visibility",
    "Vocabulary",
    "VP",
    "wire_schema",
    "Zone",
    "__version__",
]
