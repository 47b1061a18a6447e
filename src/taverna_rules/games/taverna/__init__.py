"""Taverna (Karl Marcelle, Geek Attitude Games), the first game module.

Its state, actions, events, fold, setup, turn, dignitaries, favours, spells, end of game
and effect ops live in this package; :data:`GAME` gathers them under the id ``taverna``
for the generic core (:mod:`taverna_rules.core`), which finds it through the
``taverna_rules.games`` entry point.
"""

from __future__ import annotations

from taverna_rules.content.model import Names
from taverna_rules.core.game_modules import GameModule

# Importing the step modules registers every step of the game with the engine.
from taverna_rules.games.taverna import (
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
from taverna_rules.games.taverna.actions import ACTION_TYPES, EndTurn, Pass
from taverna_rules.games.taverna.balance import SpellBalance
from taverna_rules.games.taverna.content import CONTENT
from taverna_rules.games.taverna.events import EVENT_TYPES, VISIBILITY

# Aliased: the package attribute ``evolve`` stays the submodule.
from taverna_rules.games.taverna.evolve import evolve as _fold_event
from taverna_rules.games.taverna.flow import AUTOMATIC, DECISIONS, resolve_ref
from taverna_rules.games.taverna.integrity import resume, state_problems
from taverna_rules.games.taverna.labels import board_text, describe_action
from taverna_rules.games.taverna.narration import NARRATION, heuristic, narrate
from taverna_rules.games.taverna.observation import max_chance_outcomes, max_decisions, observe
from taverna_rules.games.taverna.opening import OPENINGS, opening
from taverna_rules.games.taverna.position import POSITIONS
from taverna_rules.games.taverna.rules_text import RULES_TEXT
from taverna_rules.games.taverna.ruleset import RuleSet
from taverna_rules.games.taverna.state import GameState
from taverna_rules.games.taverna.vocabulary import LANGUAGES, VOCABULARY


def _kit() -> object:
    # Imported on first use: the kit's module imports the conformance adapter, which
    # imports the game facade.
    from taverna_rules.games.taverna.conformance import KIT

    return KIT


__all__ = ["GAME", "dignitaries", "effects", "endgame", "favours", "setup", "spells", "turn"]

GAME = GameModule(
    id="taverna",
    name=Names(en="Taverna", fr="Taverna", nl="Taverna"),
    languages=LANGUAGES,
    actions=ACTION_TYPES,
    events=EVENT_TYPES,
    steps=AUTOMATIC,
    decisions=DECISIONS,
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
    # A response window or a turn's end offering nothing else resolves by itself.
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
    balance=SpellBalance,
)
