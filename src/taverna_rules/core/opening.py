"""A new game's opening, for a game that needs nothing more than every game does: the
players, the seed, the rule options and the chance mode, checked, in one core event.

A game module declares its opening with :class:`Opening`::

    OPENING = Opening(PositionLoaded, first=lambda rules, players: (Task("setup"),))
    GAME = GameModule(..., start=OPENING.start, opening=OPENING.opening,
                      openings=OPENING.openings, ...)

and its fold builds the first state from :class:`GameOpened` (``evolve(None, opened)``).
``start`` checks every argument with the core's checks (:mod:`~taverna_rules.core.arguments`),
records :class:`GameOpened`, schedules the game's ``first`` steps and runs them up to the
first decision; ``opening`` recomputes a log's opening for verified replay. A game whose
opening takes more (Taverna's first player and birthdays, say) writes its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import attrs

from taverna_rules.core.arguments import check_chance, check_players, check_seed, resolve_options
from taverna_rules.core.contract import RuleSetLike
from taverna_rules.core.decide import run_flow
from taverna_rules.core.game_modules import game_module
from taverna_rules.core.records import Event, FlowAdvanced, Task
from taverna_rules.core.resume import reopen

__all__ = ["GameOpened", "Opening"]


@attrs.frozen
class GameOpened(Event):
    """A new game: the rules' fingerprint, the players in seat order, the seed (hidden from
    every view), every rule option with its value and the chance mode."""

    ZONES: ClassVar[Mapping[str, str]] = {"seed": "seed"}

    rules: str
    players: tuple[str, ...]
    seed: int
    options: tuple[tuple[str, Any], ...] = ()
    chance: str = "sampled"


GameOpened.TYPE = "GameOpened"


@attrs.frozen
class Opening:
    """The opening of a game: ``first(rules, players)`` gives the steps a new game starts
    with; ``loaded`` is the game's event holding a whole state (its positions)."""

    loaded: type[Event]
    first: Callable[[Any, tuple[str, ...]], Sequence[Task]]

    @property
    def openings(self) -> tuple[type[Event], ...]:
        """The event types a log of the game starts with."""
        return (GameOpened, self.loaded)

    def start(
        self,
        rules: RuleSetLike,
        players: Sequence[str],
        seed: int,
        options: Mapping[str, Any] | None = None,
        chance: str = "sampled",
    ) -> list[Event]:
        """The events that open a game, every argument checked, up to its first decision."""
        module = game_module(rules.game)
        names = check_players(module.player_counts(rules), players)
        opened = GameOpened(
            rules.fingerprint, names, check_seed(seed), resolve_options(rules, options), check_chance(chance)
        )
        state = module.evolve(None, opened)
        state = module.evolve(state, FlowAdvanced(tuple(reversed(tuple(self.first(rules, names))))))
        return run_flow(rules, state, [opened])

    def opening(self, rules: RuleSetLike, first: Event) -> list[Event]:
        """The opening a log's ``first`` event gives, recomputed (verified replay compares it)."""

        def restart(e: GameOpened) -> list[Event]:
            return self.start(rules, e.players, e.seed, dict(e.options), e.chance)

        return reopen(rules, first, GameOpened, self.loaded, restart)
