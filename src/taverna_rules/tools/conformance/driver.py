"""The random-play driver: plays one game with a bot (every seat) and, where the game's
mode asks, picks chance outcomes by their probabilities, running the checks of
:mod:`~taverna_rules.tools.conformance.checks` as it goes (:func:`check_game`)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from taverna_rules.bots import Bot, RandomBot
from taverna_rules.core.action_space import game_length
from taverna_rules.core.chance import CHANCE, ChanceMode
from taverna_rules.core.coverage import Options
from taverna_rules.core.engine import Trace
from taverna_rules.core.records import Action, Event
from taverna_rules.errors import OptionError
from taverna_rules.game import Game, new_game
from taverna_rules.tools.conformance.checks import (
    DECISION_CHECKS,
    END_CHECKS,
    PERIODIC_CHECKS,
    STEP_CHECKS,
    action_round_trip,
    chance_outcomes,
    undo,
)
from taverna_rules.tools.conformance.context import Checked, Failed, checking, player_names
from taverna_rules.tools.conformance.report import Failure, GameCheck

__all__ = ["MAX_DECISIONS", "check_game"]

#: A game that has not ended after this many decisions fails the ``play`` check.
MAX_DECISIONS = 10_000


class _GameRun:
    """Plays one game with a bot and checks it as it goes."""

    def __init__(
        self, rules: Any, players: int, seed: int, options: Options, bot: Bot | None, chance: ChanceMode
    ) -> None:
        self.checked = Checked(rules, players)
        self.seed = seed
        self.options = options
        self.chance: ChanceMode = chance
        #: Picks the outcome of each chance decision (explicit chance mode).
        self.chance_rng = random.Random(seed)
        self.draws = 0
        self.bot: Bot = RandomBot(seed) if bot is None else bot
        self.trace: Trace = []
        self.events: list[Event] = []
        self.decisions = 0
        bound = game_length(rules, players, dict(options or {}))
        #: A game must end within its module's bound on a game's length.
        self.longest = MAX_DECISIONS if bound is None else min(MAX_DECISIONS, bound)

    def run(self) -> GameCheck:
        """Play and check the game; stop at the first failure."""
        failed: Failed | None = None
        try:
            self._play(self._set_up())
        except Failed as exc:
            failed = exc
        except OptionError:
            raise
        except Exception as exc:  # a state so broken that a check could not even look at it
            failed = Failed("play", f"checking the game raised {type(exc).__name__}: {exc}")
        players = self.checked.players
        failure = None
        if failed is not None:
            decision = self.decisions if self.events else None
            failure = Failure(
                failed.check, players, self.seed, failed.message, self.options, decision, self.chance
            )
        return GameCheck(
            players, self.seed, self.options, failure, self.decisions, tuple(self.events), tuple(self.trace)
        )

    def _set_up(self) -> Game:
        """The new game, traced, with its opening checked as a step."""
        checked = self.checked
        try:
            game = new_game(
                checked.rules,
                player_names(checked.players),
                seed=self.seed,
                options=dict(self.options),
                chance=self.chance,
            )
        except OptionError:
            raise
        except Exception as exc:
            raise Failed("play", f"setting up the game raised {type(exc).__name__}: {exc}") from exc
        self.events = list(game.events)
        game.trace = self.trace
        self._check_step(game, self.events)
        return game

    def _play(self, game: Game) -> None:
        while not game.over:
            with checking("play", "asking for the pending decision"):
                decision = game.decision
            if decision is None:
                raise Failed("play", "the game is not over but no decision is pending")
            if decision.player == CHANCE:
                self._chance_step(game)
            else:
                self._decide(game)
        for check in END_CHECKS:
            check(self.checked, game)

    def _decide(self, game: Game) -> None:
        """Check a seat's decision, let the bot choose and play its action."""
        decision = game.decision
        assert decision is not None
        if self.decisions >= self.longest:
            bound = " (its module's max_decisions)" if self.longest < MAX_DECISIONS else ""
            raise Failed("play", f"the game did not end within {self.longest} decisions{bound}")
        if not decision.actions:
            raise Failed("play", f"decision {decision.kind!r} of seat {decision.player} has no legal action")
        self._check_decision(game)
        action = self.bot.choose(game.seat(decision.player))
        for every, check in PERIODIC_CHECKS:
            if self.decisions % every == 0:
                check(self.checked, game, action)
        self.checked.seen.update(dict.fromkeys(decision.actions))
        action_round_trip(self.checked, action)
        self._apply(game, action, f"playing {action!r} in decision {decision.kind!r}", player=True)

    def _chance_step(self, game: Game) -> None:
        """Check a chance decision's outcomes, pick one by its probability and play it."""
        outcomes = chance_outcomes(self.checked, game)
        self.draws += 1
        if self.draws > self.longest:
            raise Failed("chance", f"the game made over {self.longest} chance decisions")
        self._check_decision(game)
        pick = self.chance_rng.choices(outcomes, [o.probability for o in outcomes])[0]
        self._apply(
            game, pick.action, f"picking outcome {pick.action.index} of a chance decision", player=False
        )

    def _apply(self, game: Game, action: Action, doing: str, *, player: bool) -> None:
        """Play ``action`` (``doing`` says what, should it raise; ``player``: a player's
        decision, counted) and check the step."""
        with checking("play", doing):
            before, length = game.state, len(game.events)
            new = game.apply(action)
        if player:
            self.decisions += 1
        self.events.extend(new)
        self._check_step(game, new)
        undo(self.checked, game, new, before, length, picked=not player)

    def _check_decision(self, game: Game) -> None:
        for check in DECISION_CHECKS:
            check(self.checked, game)

    def _check_step(self, game: Game, new: list[Event]) -> None:
        for check in STEP_CHECKS:
            check(self.checked, game, new)


def check_game(
    rules: Any,
    players: int,
    seed: int,
    options: Mapping[str, object] | None = None,
    *,
    bot: Bot | None = None,
    chance: ChanceMode = "sampled",
) -> GameCheck:
    """Play and check one game of ``players`` players with the game seed ``seed`` (in the
    chance mode ``chance``; see :func:`taverna_rules.new_game`).

    ``bot`` makes every choice; by default a :class:`~taverna_rules.bots.RandomBot`
    seeded with ``seed``, so the same arguments play the same game (a property test passes
    a bot whose choices it draws). Raises :class:`~taverna_rules.errors.OptionError` for
    options the rules do not know.
    """
    return _GameRun(rules, players, seed, tuple(sorted((options or {}).items())), bot, chance).run()
