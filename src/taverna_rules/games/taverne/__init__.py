"""Taverne (the box "Taverne de la crypte", Eclipse Editions), the third game module: a
card brawl for 3 to 5 players where everyone plays at once through the Pilier's nine calls
a turn (rulebook ``taverne-de-la-crypte-fr``), declared in YAML (``cards/taverne/``) on the
generic core.

:data:`GAME` gathers its state, actions, events, fold, setup and calls under the id
``taverne``, found through the ``taverna_rules.games`` entry point. Every type of this
game a caller can receive or build is exported here:

>>> import taverna_rules as tr
>>> from taverna_rules.games import taverne
>>> game = tr.new_game(tr.load_rules("taverne"), ["Ann", "Bob", "Cy"], seed=1)
>>> isinstance(game.events[0], taverne.GameStarted)
True
>>> taverne.Attack(spot="ranged_left", weapon=3)
Attack(spot='ranged_left', weapon=3, crasse='')
"""

from __future__ import annotations

from importlib import resources

from taverna_rules.content.model import Names
from taverna_rules.core.game_modules import GameModule
from taverna_rules.core.state_positions import resuming, state_positions

# Importing the step modules registers every step of the game with its flow.
from taverna_rules.games.taverne import (  # noqa: F401  (registers steps)
    action_space,
    auction,
    calls,
    effects,
    endgame,
    quarrels,
    setup,
    spells,
)
from taverna_rules.games.taverne.actions import (
    ACTION_TYPES,
    Attack,
    BidEnergy,
    Buy,
    CastSpell,
    ChooseCard,
    ChooseCharacter,
    ChooseOrigin,
    Dodge,
    LeaveTable,
    NameValue,
    PlayAtout,
    ReturnToTable,
    SplitDodges,
    TakeBackAtout,
    TakeSeat,
)
from taverna_rules.games.taverne.balance import CardBalance
from taverna_rules.games.taverne.board_facts import board_facts
from taverna_rules.games.taverne.content import CONTENT, LANGUAGES
from taverna_rules.games.taverne.events import (
    EVENT_TYPES,
    VISIBILITY,
    AtoutPlayed,
    AtoutTakenBack,
    AttackLaid,
    AttackRevealed,
    AuctionSettled,
    ButinGained,
    ButinLost,
    CallAnnounced,
    CharacterChosen,
    CharactersDealt,
    CharactersLaidOut,
    CharactersPiled,
    CrasseLost,
    CrasseServed,
    DodgeSet,
    DodgesSplit,
    EnergyGained,
    EnergyLost,
    GameEnded,
    GameStarted,
    MiliceCalled,
    OriginChosen,
    PilierChosen,
    PilierPassed,
    PintBought,
    PintGained,
    PintLost,
    PlayerEliminated,
    PlayerLeft,
    PlayerReturned,
    PlayerSeated,
    PositionLoaded,
    PowerUsed,
    SpecialtiesPiled,
    SpecialtiesReturned,
    SpecialtyDiscarded,
    SpecialtyDrawn,
    SpellCast,
    TurnStarted,
    ValueNamed,
    WeaponBought,
    WeaponsReturned,
    WeaponTaken,
)
from taverna_rules.games.taverne.evolve import evolve as _fold_event
from taverna_rules.games.taverne.flow import FLOW
from taverna_rules.games.taverne.integrity import state_problems
from taverna_rules.games.taverne.narration import NARRATION, board_text, describe_action, heuristic, narrate
from taverna_rules.games.taverne.powers import resolve_ref
from taverna_rules.games.taverne.rules_text import RULES_TEXT
from taverna_rules.games.taverne.ruleset import GAME as GAME_ID
from taverna_rules.games.taverne.ruleset import Box, Character, Constants, Power, RuleSet, Specialty, Weapon
from taverna_rules.games.taverne.state import GameState, Player
from taverna_rules.games.taverne.vocabulary import VOCABULARY

__all__ = [
    "GAME",
    # Actions
    "Attack",
    "BidEnergy",
    "Buy",
    "CastSpell",
    "ChooseCard",
    "ChooseCharacter",
    "ChooseOrigin",
    "Dodge",
    "LeaveTable",
    "NameValue",
    "PlayAtout",
    "ReturnToTable",
    "SplitDodges",
    "TakeBackAtout",
    "TakeSeat",
    # Events
    "AuctionSettled",
    "CharactersLaidOut",
    "AtoutPlayed",
    "AtoutTakenBack",
    "AttackLaid",
    "AttackRevealed",
    "ButinGained",
    "ButinLost",
    "CallAnnounced",
    "CharacterChosen",
    "OriginChosen",
    "CharactersDealt",
    "CharactersPiled",
    "CrasseLost",
    "CrasseServed",
    "DodgeSet",
    "DodgesSplit",
    "EnergyGained",
    "EnergyLost",
    "GameEnded",
    "GameStarted",
    "MiliceCalled",
    "PilierChosen",
    "PilierPassed",
    "PintBought",
    "PintGained",
    "PintLost",
    "PlayerEliminated",
    "PlayerLeft",
    "PlayerReturned",
    "PlayerSeated",
    "PositionLoaded",
    "PowerUsed",
    "SpecialtiesPiled",
    "SpecialtiesReturned",
    "SpecialtyDiscarded",
    "SpecialtyDrawn",
    "SpellCast",
    "TurnStarted",
    "ValueNamed",
    "WeaponBought",
    "WeaponTaken",
    "WeaponsReturned",
    # State
    "GameState",
    "Player",
    # Content
    "Box",
    "Character",
    "Constants",
    "Power",
    "RuleSet",
    "Specialty",
    "Weapon",
]

GAME = GameModule(
    id=GAME_ID,
    name=Names(en="Taverne", fr="Taverne"),
    score=Names(en="points", fr="points"),
    drawing=resources.files(__name__) / "board.js",
    board_facts=board_facts,
    languages=LANGUAGES,
    actions=ACTION_TYPES,
    events=EVENT_TYPES,
    flow=FLOW,
    evolve=_fold_event,
    start=setup.start_events,
    opening=setup.opening,
    openings=setup.OPENINGS,
    rules_type=RuleSet,
    state_type=GameState,
    visibility=VISIBILITY,
    player_counts=lambda rules: tuple(rules.supported_players()),
    content=CONTENT,
    integrity=state_problems,
    positions=state_positions(GAME_ID, GameState, Player),
    resume=resuming(PositionLoaded),
    narration=NARRATION,
    describe_action=describe_action,
    narrate=narrate,
    board_text=board_text,
    heuristic=heuristic,
    actions_of=action_space.actions_of,
    max_decisions=action_space.max_decisions,
    max_chance_outcomes=action_space.max_chance_outcomes,
    ops=effects.EXECUTORS,
    vocabulary=VOCABULARY,
    resolve=resolve_ref,
    rules_text=RULES_TEXT,
    reports={"balance": CardBalance},
)
