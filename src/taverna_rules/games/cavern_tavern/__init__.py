"""Cavern Tavern, the second game module: a dice-placement game for 2 to 5 players over
10 rounds (rulebook ``cavern-tavern-en``), declared in YAML (``cards/cavern_tavern/``) on
the generic core.

Its state, actions, events, fold, setup, turn, effect ops and end of game live in this
package; :data:`GAME` gathers them under the id ``cavern_tavern``, found through the
``taverna_rules.games`` entry point.

Every type of this game a caller can receive or build is exported here, flat: its actions,
its events, its state and the content of its :class:`RuleSet`. The choices every game
shares (``EndTurn``, ``Pass``, ``ChoosePlayer``, ``ChooseOption``) and the generic API are
in the top-level ``taverna_rules``:

>>> import taverna_rules as tr
>>> from taverna_rules.games import cavern_tavern
>>> game = tr.new_game(tr.load_rules("cavern_tavern"), ["Ann", "Bob"], seed=1)
>>> isinstance(game.events[0], cavern_tavern.GameStarted)
True
>>> cavern_tavern.PlaceDice(place="fix_the_roof", dice="1+3+6+6")
PlaceDice(place='fix_the_roof', dice='1+3+6+6')
"""

from __future__ import annotations

from importlib import resources

from taverna_rules.content.model import Names
from taverna_rules.core.choices import EndTurn, Pass
from taverna_rules.core.game_modules import GameModule

# Importing the step modules registers every step of the game with its flow.
from taverna_rules.games.cavern_tavern import (  # noqa: F401  (registers steps)
    action_space,
    effects,
    endgame,
    setup,
    turn,
)
from taverna_rules.games.cavern_tavern.actions import (
    ACTION_TYPES,
    ChangeDie,
    ChooseIngredient,
    CompleteOrder,
    DiscardOrder,
    DrawOrder,
    GiveItem,
    KeepItem,
    ObeyNasty,
    PlaceDice,
    PlayItem,
    TakeFrom,
    TakeOrder,
)
from taverna_rules.games.cavern_tavern.balance import CardBalance
from taverna_rules.games.cavern_tavern.board_facts import board_facts
from taverna_rules.games.cavern_tavern.content import CONTENT
from taverna_rules.games.cavern_tavern.events import (
    EVENT_TYPES,
    VISIBILITY,
    BoardSetUp,
    DicePlaced,
    DiceRerolled,
    DiceRolled,
    DieChanged,
    FirstPlayerTaken,
    GameEnded,
    GameStarted,
    IngredientGained,
    IngredientsReturned,
    IngredientTaken,
    ItemDiscarded,
    ItemKept,
    ItemPlayed,
    ItemsDrawn,
    ItemsGained,
    ItemsReshuffled,
    NastyObeyed,
    NastySummoned,
    OrderClockReset,
    OrderDiscarded,
    OrderDrawn,
    OrderLeft,
    OrderServed,
    OrdersRevealed,
    OrderTaken,
    PlaceOpened,
    PositionLoaded,
    RoundStarted,
    SecretDealt,
    SecretsRevealed,
    TableRefilled,
    TrackMoved,
    TurnEnded,
    VPScored,
    WhiteDieGiven,
)
from taverna_rules.games.cavern_tavern.evolve import evolve as _fold_event
from taverna_rules.games.cavern_tavern.flow import FLOW, resolve_ref
from taverna_rules.games.cavern_tavern.integrity import resume, state_problems
from taverna_rules.games.cavern_tavern.labels import board_text, describe_action
from taverna_rules.games.cavern_tavern.narration import NARRATION, heuristic, narrate
from taverna_rules.games.cavern_tavern.observation import max_chance_outcomes, max_decisions, observe
from taverna_rules.games.cavern_tavern.position import POSITIONS
from taverna_rules.games.cavern_tavern.rules_text import RULES_TEXT
from taverna_rules.games.cavern_tavern.ruleset import GAME as GAME_ID
from taverna_rules.games.cavern_tavern.ruleset import (
    Constants,
    Ingredient,
    Item,
    NastyCard,
    Order,
    Place,
    RuleSet,
    SecretTask,
    Track,
)
from taverna_rules.games.cavern_tavern.state import GameState, Player
from taverna_rules.games.cavern_tavern.vocabulary import LANGUAGES, VOCABULARY

__all__ = [
    "GAME",
    # Actions
    "ChangeDie",
    "ChooseIngredient",
    "CompleteOrder",
    "DiscardOrder",
    "DrawOrder",
    "GiveItem",
    "KeepItem",
    "ObeyNasty",
    "PlaceDice",
    "PlayItem",
    "TakeFrom",
    "TakeOrder",
    # Events
    "BoardSetUp",
    "DicePlaced",
    "DiceRerolled",
    "DiceRolled",
    "DieChanged",
    "FirstPlayerTaken",
    "GameEnded",
    "GameStarted",
    "IngredientGained",
    "IngredientsReturned",
    "IngredientTaken",
    "ItemDiscarded",
    "ItemKept",
    "ItemPlayed",
    "ItemsDrawn",
    "ItemsGained",
    "ItemsReshuffled",
    "NastyObeyed",
    "NastySummoned",
    "OrderClockReset",
    "OrderDiscarded",
    "OrderDrawn",
    "OrderLeft",
    "OrderServed",
    "OrdersRevealed",
    "OrderTaken",
    "PlaceOpened",
    "PositionLoaded",
    "RoundStarted",
    "SecretDealt",
    "SecretsRevealed",
    "TableRefilled",
    "TrackMoved",
    "TurnEnded",
    "VPScored",
    "WhiteDieGiven",
    # State
    "GameState",
    "Player",
    # Content
    "Constants",
    "Ingredient",
    "Item",
    "NastyCard",
    "Order",
    "Place",
    "RuleSet",
    "SecretTask",
    "Track",
]


def _kit() -> object:
    # Imported on first use: only the conformance kit asks for it, so importing the game
    # does not load its checks.
    from taverna_rules.games.cavern_tavern.conformance import KIT

    return KIT


GAME = GameModule(
    id=GAME_ID,
    name=Names(en="Cavern Tavern"),
    score=Names(en="VP"),
    drawing=resources.files(__name__) / "board.js",
    board_facts=board_facts,
    languages=LANGUAGES,
    actions=ACTION_TYPES,
    events=EVENT_TYPES,
    flow=FLOW,
    ops=effects.EXECUTORS,
    evolve=_fold_event,
    start=setup.start_events,
    opening=setup.opening,
    openings=setup.OPENINGS,
    rules_type=RuleSet,
    state_type=GameState,
    visibility=VISIBILITY,
    resolve=resolve_ref,
    resume=resume,
    # A turn whose only choice is to end it, or to pass, ends by itself.
    passes=(EndTurn(), Pass()),
    integrity=state_problems,
    player_counts=lambda rules: tuple(rules.supported_players()),
    actions_of=action_space.actions_of,
    content=CONTENT,
    vocabulary=VOCABULARY,
    positions=POSITIONS,
    conformance=_kit,
    narration=NARRATION,
    describe_action=describe_action,
    narrate=narrate,
    board_text=board_text,
    rules_text=RULES_TEXT,
    heuristic=heuristic,
    observe=observe,
    max_decisions=max_decisions,
    max_chance_outcomes=max_chance_outcomes,
    reports={"balance": CardBalance},
)
