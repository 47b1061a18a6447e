"""A seat's side of the table: the game as one player sees it.

A :class:`Seat` is what a bot, a learning agent or a remote player is given: the state as
that player sees it, their pending decision, the log as they see it, their observation
vector and, for search, games drawn at random among those they cannot tell apart. It
never hands out what the player may not see (the others' hands, the order of the decks,
the seed); search that wants to look ahead plays on a determinization.

>>> import random
>>> import taverna_rules as tr
>>> game = tr.new_game(tr.load_rules(), ["Ann", "Bob"], seed=1)
>>> seat = game.seat("Ann")
>>> seat.legal_actions() == game.legal_actions()
True
>>> sample = seat.determinize(random.Random(5))
>>> sample.view("Ann") == game.view("Ann")
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from taverna_rules.core.determinize import determinize
from taverna_rules.core.engine import Decision
from taverna_rules.core.records import Action, Event, Result
from taverna_rules.errors import DeterminizeError
from taverna_rules.observations import information_state, observe
from taverna_rules.playout import Playout

if TYPE_CHECKING:
    from taverna_rules.game import Game
    from taverna_rules.game_modules import GameModule

__all__ = ["Seat"]


class Seat:
    """The game as the player at seat :attr:`player` sees it (from
    :meth:`taverna_rules.Game.seat`). It follows the game: read it again after the game
    moves on."""

    __slots__ = ("_game", "player")

    def __init__(self, game: Game, player: int) -> None:
        self._game = game
        #: The seat (0 for the first player).
        self.player = player

    @property
    def rules(self) -> Any:
        """The rule set the game plays by."""
        return self._game.rules

    @property
    def module(self) -> GameModule:
        """The game module (:func:`taverna_rules.game_module`)."""
        return self._game.module

    @property
    def name(self) -> str:
        """The player's name."""
        name: str = self._game.state.players[self.player].name
        return name

    @property
    def state(self) -> Any:
        """The state as this player sees it (:meth:`taverna_rules.Game.view`)."""
        return self._game.view(self.player)

    @property
    def events(self) -> list[Event]:
        """The log as this player sees it."""
        return self._game.events_for(self.player)

    @property
    def decision(self) -> Decision | None:
        """The pending decision as this player sees it: with its actions when this player
        decides, without them when another does; ``None`` once the game is over."""
        return self._game.decision_for(self.player)

    def legal_actions(self) -> tuple[Action, ...]:
        """This player's legal actions; ``()`` when another player decides or the game is
        over."""
        decision = self.decision
        return decision.actions if decision is not None and decision.player == self.player else ()

    @property
    def over(self) -> bool:
        """True when the game has ended."""
        return self._game.over

    @property
    def result(self) -> Result | None:
        """The final result once over (everything is public then)."""
        return self._game.result

    def returns(self) -> tuple[float, ...]:
        """Every seat's return (:meth:`taverna_rules.Game.returns`)."""
        return self._game.returns()

    def observe(self, *, numpy: bool | None = None) -> Any:
        """This player's observation vector (:func:`taverna_rules.observe`)."""
        return observe(self, numpy=numpy)

    def information_state(self) -> str:
        """This player's information state (:func:`taverna_rules.information_state`)."""
        return information_state(self)

    def determinize(self, rng: random.Random) -> Game:
        """A game this player cannot tell from the real one, drawn with ``rng``
        (:meth:`taverna_rules.Game.determinize`)."""
        return self._game.determinize(self.player, rng)

    def playout(self, rng: random.Random) -> Playout:
        """A :class:`~taverna_rules.Playout` from a determinization drawn with ``rng``:
        the fast way for search to play a game forward without peeking (the sample is not
        checked as :meth:`determinize`'s game is: it is the real state redealt)."""
        game = self._game
        if game.over:
            raise DeterminizeError("the game is over: there is nothing to play forward")
        return Playout(game.rules, determinize(game.module.visibility, game.state, self.player, rng))

    def __repr__(self) -> str:
        return f"<Seat {self.player} ({self.name}) of {self._game!r}>"
