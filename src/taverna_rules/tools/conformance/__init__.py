"""The conformance kit: random legal games that prove a rule set (a game module, an
expansion) plays. The checks below are described for Taverna; for any game, views are
judged by its zones, integrity by its module's ``integrity``, and conservation by its
``conformance`` ledger.

:func:`run_checks` plays ``games`` random legal games for each player count of a rule set
and checks each one:

``play``
    the game sets up, every decision offers a legal action, no action raises, and the
    game ends with a result within :data:`MAX_DECISIONS` decisions (and within the game
    module's ``max_decisions``, when it gives one);
``replay``
    folding the log (:func:`~taverna_rules.games.taverna.evolve.fold`) and replaying it with
    verification (:func:`taverna_rules.replay`) give exactly the live final state;
``round_trip``
    every pending decision (with its legal actions), every action played, every event,
    the whole log and the final state come back equal from their JSON;
``views``
    what each player and a spectator see (the redacted new events after every action,
    the pending decision, the final view and the fold of their log) names no card of
    another player's spell hand, of a deck, of the face-down favour reserve or of the
    spells others discarded face down, and never the seed;
``integrity``
    after every action the state is consistent (the game module's ``integrity``; for
    Taverna :func:`~taverna_rules.games.taverna.integrity.state_problems`) and nothing is
    created or lost (the game's ledger; for Taverna: customer tiles and cards, spell
    cards, royal favours, privilege and guild tokens are each somewhere exactly once, and
    each player's coins follow the log's ledger);
``undo``
    after every action, undo is refused when the step revealed something and offered
    otherwise, and undoing gives back the state and the log from before the action. The
    kit reads what a step revealed on its own, from the events (not from the states'
    zones, as the game does): a chance outcome (one it picked, or the draw counter
    moved), or, for some seat or a spectator, the step's events as they see them naming a
    card hidden from them before, or another seat's hidden choice;
``refusals``
    every few decisions, an action played by a seat the decision does not ask, and an
    action legal earlier in the game but not now, are refused with
    :class:`~taverna_rules.errors.IllegalActionError` and change nothing;
``positions``
    for a game with position documents, every sixty decisions and at the end the state
    comes back equal from its YAML and JSON documents, and a game resumed from it waits
    for the same decision;
``chance``
    for a game with an explicit chance mode (its module's ``max_chance_outcomes``), one
    game in four more for each player count is played in that mode, chance picking
    outcomes by their probabilities: every chance decision lists its outcomes, each
    likelier than 0, summing to exactly 1, no more than the module's bound, and a game
    makes no more chance decisions than its bound on decisions; every other check holds
    in that mode too.

The checks are the same for every game module: views come from the game's zones
(:class:`~taverna_rules.core.views.Visibility`), serialization from its tables, and what
the game alone knows (its ledger, the names that are public, the coverage of its content)
from its module's ``conformance`` hooks.

A game stops at its first failure; the other games go on. Each :class:`Failure` names the
game's seed and options: the game is reproducible from them, because the seed decides the
setup and the choices of the :class:`~taverna_rules.bots.RandomBot` that plays
every seat (``play_out(new_game(rules, player_names(n), seed, options), RandomBot(seed))``
is the same game). ``run_checks(rules, games=1, seed=failure.seed,
player_counts=[failure.player_count], options=dict(failure.options))`` plays it again.

The report also tells what the games exercised (:class:`Coverage`): spells cast, favours
used, dignitary levels activated, customer cards played, track bonus positions reached,
royal scorings chosen, and how often each effect op of the content was resolved by the
players' actions (through the kernel's optional :data:`~taverna_rules.core.engine.Trace`
of :attr:`Game.trace <taverna_rules.Game.trace>`). Content never exercised is a warning to
play more games or check the card, not a failure; so is content met whose purpose never
came about (:class:`Unmet`, each with its reason: a spell cast whose trigger never fired, a
royal scoring chosen that never changed anything, a demand drawn and never met).

The kit's parts: :mod:`~taverna_rules.tools.conformance.run` plays the run
(:func:`run_checks`); :mod:`~taverna_rules.tools.conformance.driver` is the random-play
driver of one game (:func:`check_game`); :mod:`~taverna_rules.tools.conformance.checks`
holds the checks above, one function each, in the tables the driver runs (on each
decision, after each step, every few decisions, at the end), with
:mod:`~taverna_rules.tools.conformance.leaks` reading what a viewer must not see;
:mod:`~taverna_rules.tools.conformance.report` the report.

>>> import taverna_rules as tr
>>> report = run_checks(tr.load_rules(), games=1, player_counts=[2])
>>> report.ok, report.games_played
(True, ((2, 1),))
"""

from __future__ import annotations

from taverna_rules.core.coverage import Coverage, CoverageTable, OpTally, Unmet, counted
from taverna_rules.tools.conformance.checks import POSITION_CHECKS, SPOT_CHECKS
from taverna_rules.tools.conformance.context import player_names
from taverna_rules.tools.conformance.driver import MAX_DECISIONS, check_game
from taverna_rules.tools.conformance.report import CHECKS, ConformanceReport, Failure, GameCheck
from taverna_rules.tools.conformance.run import game_seed, run_checks

__all__ = [
    "CHECKS",
    "MAX_DECISIONS",
    "POSITION_CHECKS",
    "SPOT_CHECKS",
    "ConformanceReport",
    "Coverage",
    "CoverageTable",
    "Failure",
    "GameCheck",
    "OpTally",
    "Unmet",
    "check_game",
    "counted",
    "game_seed",
    "player_names",
    "run_checks",
]
