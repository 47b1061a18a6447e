"""taverna_rules: a rules engine for the board game Taverna.

>>> import taverna_rules as tr
>>> rules = tr.load_rules()
>>> game = tr.new_game(rules, ["Ann", "Bob", "Cy"], seed=7)
>>> game.decision.kind
'buy_deed'
"""

from taverna_rules.content.loader import load_rules, validate
from taverna_rules.content.model import PackInfo, RuleSet
from taverna_rules.content.problems import Problem, ValidationReport
from taverna_rules.errors import (
    ContentError,
    IllegalActionError,
    OptionError,
    PositionError,
    ReplayError,
    TavernaError,
    UndoError,
    UnknownPlayerError,
)
from taverna_rules.game import Game, UndoPolicy, new_game, replay
from taverna_rules.kernel.actions import (
    Action,
    BuyDeed,
    ChooseOption,
    ChoosePeople,
    ChooseRoyalScoring,
    EndTurn,
    Pass,
    PickCard,
    ReplaceCustomer,
    SeatCustomer,
    SellSpell,
)
from taverna_rules.kernel.engine import Decision
from taverna_rules.kernel.events import Event
from taverna_rules.kernel.state import GameState, PlayerState, Result, Standing, TavernState
from taverna_rules.position import dump_position, load_position

__version__ = "0.1.0.dev0"

__all__ = [
    "Action",
    "BuyDeed",
    "ChooseOption",
    "ChoosePeople",
    "ChooseRoyalScoring",
    "ContentError",
    "Decision",
    "EndTurn",
    "Event",
    "Game",
    "GameState",
    "IllegalActionError",
    "OptionError",
    "Pass",
    "PickCard",
    "PlayerState",
    "PositionError",
    "PackInfo",
    "Problem",
    "ReplaceCustomer",
    "ReplayError",
    "Result",
    "RuleSet",
    "SeatCustomer",
    "SellSpell",
    "Standing",
    "TavernState",
    "TavernaError",
    "UndoError",
    "UndoPolicy",
    "UnknownPlayerError",
    "ValidationReport",
    "__version__",
    "dump_position",
    "load_position",
    "load_rules",
    "new_game",
    "replay",
    "validate",
]
