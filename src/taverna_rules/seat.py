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

from taverna_rules.game import Seat

__all__ = ["Seat"]
