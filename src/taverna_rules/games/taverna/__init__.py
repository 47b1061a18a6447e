"""Taverna (Karl Marcelle, Geek Attitude Games), the first game module.

Its state, actions, events, fold, setup, turn, dignitaries, favours, spells, end of game
and effect ops live in this package; :data:`GAME` gathers them under the id ``taverna``
for the generic core (:mod:`taverna_rules.core`), which finds it through the
``taverna_rules.games`` entry point.

Every type of this game a caller can receive or build is exported here, flat: its actions,
its events, its state and the content of its :class:`RuleSet`. The choices every game
shares (``EndTurn``, ``Pass``, ``ChoosePlayer``, ``ChooseOption``) and the generic API are
in the top-level ``taverna_rules``:

>>> import taverna_rules as tr
>>> from taverna_rules.games import taverna
>>> game = tr.new_game(tr.load_rules("taverna"), ["Ann", "Bob"], seed=1)
>>> isinstance(game.events[0], taverna.GameStarted)
True
>>> taverna.SeatCustomer(tavern="hall", table=2)
SeatCustomer(tavern='hall', table=2)
"""

from __future__ import annotations

from importlib import resources

from taverna_rules.content.model import Names
from taverna_rules.core.choices import EndTurn, Pass
from taverna_rules.core.game_modules import GameModule

# Importing the step modules registers every step of the game with the engine.
from taverna_rules.games.taverna import (  # noqa: F401  (registers steps)
    action_space,
    dignitaries,
    effects,
    endgame,
    favours,
    setup,
    spells,
    triggers,
    turn,
)
from taverna_rules.games.taverna.actions import (
    ACTION_TYPES,
    ActivateDignitary,
    BuyDeed,
    CastSpell,
    ChangeSymbol,
    ChooseDeed,
    ChooseGuildToken,
    ChoosePeople,
    ChooseRoyalScoring,
    ChooseTable,
    PickCard,
    ReplaceCustomer,
    SeatCustomer,
    SellSpell,
    SendDignitary,
    TakeFavour,
    UseFavour,
)
from taverna_rules.games.taverna.balance import SpellBalance
from taverna_rules.games.taverna.board_facts import board_facts
from taverna_rules.games.taverna.content import CONTENT
from taverna_rules.games.taverna.economy import EconomyMeter
from taverna_rules.games.taverna.events import (
    EVENT_TYPES,
    VISIBILITY,
    BoardPrepared,
    CardSymbolsChanged,
    CastleRefilled,
    ChosenPeople,
    CoinsGained,
    CoinsPaid,
    CurseDrawn,
    CustomerCardPicked,
    CustomerDeckShuffled,
    CustomerMoved,
    CustomerPeopleChanged,
    CustomerRemoved,
    CustomerRevealed,
    CustomerSeated,
    DeedBought,
    DeedTakenOver,
    DignitaryActivated,
    DignitaryMoved,
    FavoursShuffled,
    FavourTaken,
    FavourUsed,
    GameEnded,
    GameStarted,
    GuildTokenPlaced,
    PositionLoaded,
    PrivilegesDiscarded,
    PrivilegesExchanged,
    PrivilegesGained,
    PrivilegeTaken,
    RoyalScoringChosen,
    SpellCast,
    SpellCastGranted,
    SpellDeckShuffled,
    SpellDrawn,
    SpellsExchanged,
    SpellSold,
    TrackAdvanced,
    TurnEnded,
    TurnStarted,
    VPScored,
)

# Aliased: the package attribute ``evolve`` stays the submodule.
from taverna_rules.games.taverna.evolve import evolve as _fold_event
from taverna_rules.games.taverna.flow import FLOW, resolve_ref
from taverna_rules.games.taverna.integrity import resume, state_problems
from taverna_rules.games.taverna.labels import board_text, describe_action
from taverna_rules.games.taverna.narration import NARRATION, heuristic, narrate
from taverna_rules.games.taverna.observation import max_chance_outcomes, max_decisions, observe
from taverna_rules.games.taverna.opening import OPENINGS, opening
from taverna_rules.games.taverna.position import POSITIONS
from taverna_rules.games.taverna.rules_text import RULES_TEXT
from taverna_rules.games.taverna.ruleset import (
    BoardSide,
    Constants,
    CustomerCard,
    DeedSpace,
    Dignitary,
    DignitaryLevel,
    FavourKind,
    People,
    RoyalScoring,
    RuleSet,
    SpellCard,
    Symbol,
    Tavern,
    TavernLayout,
    Track,
    Trigger,
    When,
)
from taverna_rules.games.taverna.state import GameState, PlayerState, TavernState, TurnState
from taverna_rules.games.taverna.vocabulary import LANGUAGES, VOCABULARY


def _kit() -> object:
    # Imported on first use: only the conformance kit asks for it, so importing the game
    # does not load its checks.
    from taverna_rules.games.taverna.conformance import KIT

    return KIT


__all__ = [
    "GAME",
    # Actions
    "ActivateDignitary",
    "BuyDeed",
    "CastSpell",
    "ChangeSymbol",
    "ChooseDeed",
    "ChooseGuildToken",
    "ChoosePeople",
    "ChooseRoyalScoring",
    "ChooseTable",
    "PickCard",
    "ReplaceCustomer",
    "SeatCustomer",
    "SellSpell",
    "SendDignitary",
    "TakeFavour",
    "UseFavour",
    # Events
    "BoardPrepared",
    "CardSymbolsChanged",
    "CastleRefilled",
    "ChosenPeople",
    "CoinsGained",
    "CoinsPaid",
    "CurseDrawn",
    "CustomerCardPicked",
    "CustomerDeckShuffled",
    "CustomerMoved",
    "CustomerPeopleChanged",
    "CustomerRemoved",
    "CustomerRevealed",
    "CustomerSeated",
    "DeedBought",
    "DeedTakenOver",
    "DignitaryActivated",
    "DignitaryMoved",
    "FavoursShuffled",
    "FavourTaken",
    "FavourUsed",
    "GameEnded",
    "GameStarted",
    "GuildTokenPlaced",
    "PositionLoaded",
    "PrivilegesDiscarded",
    "PrivilegesExchanged",
    "PrivilegesGained",
    "PrivilegeTaken",
    "RoyalScoringChosen",
    "SpellCast",
    "SpellCastGranted",
    "SpellDeckShuffled",
    "SpellDrawn",
    "SpellsExchanged",
    "SpellSold",
    "TrackAdvanced",
    "TurnEnded",
    "TurnStarted",
    "VPScored",
    # State
    "GameState",
    "PlayerState",
    "TavernState",
    "TurnState",
    # Content
    "BoardSide",
    "Constants",
    "CustomerCard",
    "DeedSpace",
    "Dignitary",
    "DignitaryLevel",
    "FavourKind",
    "People",
    "RoyalScoring",
    "RuleSet",
    "SpellCard",
    "Symbol",
    "Tavern",
    "TavernLayout",
    "Track",
    "Trigger",
    "When",
]

GAME = GameModule(
    id="taverna",
    name=Names(en="Taverna", fr="Taverna", nl="Taverna"),
    score=Names(en="VP", fr="PV", nl="PW"),
    drawing=resources.files(__name__) / "board.js",
    board_facts=board_facts,
    languages=LANGUAGES,
    actions=ACTION_TYPES,
    events=EVENT_TYPES,
    flow=FLOW,
    ops=effects.EXECUTORS,
    evolve=_fold_event,
    start=setup.start_events,
    opening=opening,
    openings=OPENINGS,
    rules_type=RuleSet,
    state_type=GameState,
    visibility=VISIBILITY,
    resolve=resolve_ref,
    resume=resume,
    # A response window or a turn's end offering nothing else resolves by itself, when
    # the player holds nothing hidden.
    passes=(EndTurn(), Pass()),
    integrity=state_problems,
    react=triggers.react,
    upcasters={
        # Version 2 records the game, the engine and the packs; version 1 knew only Taverna.
        ("GameStarted", 1): lambda data: {"game": "taverna", "engine": "", "packs": [], **data},
    },
    player_counts=lambda rules: tuple(rules.supported_players()),
    actions_of=action_space.actions_of,
    canonical=action_space.canonical,
    conformance=_kit,
    content=CONTENT,
    vocabulary=VOCABULARY,
    positions=POSITIONS,
    narration=NARRATION,
    describe_action=describe_action,
    narrate=narrate,
    board_text=board_text,
    rules_text=RULES_TEXT,
    heuristic=heuristic,
    observe=observe,
    max_decisions=max_decisions,
    max_chance_outcomes=max_chance_outcomes,
    reports={"balance": SpellBalance, "economy": EconomyMeter},
)
