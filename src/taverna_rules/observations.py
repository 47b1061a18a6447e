"""Observations for learning and search: a player's view as numbers, and their
information state.

:func:`observe` turns what one player sees into a flat vector whose layout
(:func:`observation_layout`) names every block; it is written from the player's view of
the state, so it cannot hold anything hidden from them. :func:`information_state` is the
perfect-recall key of what a player has seen so far (two histories give the same key
exactly when the player cannot tell them apart), for search that keys its statistics by
information set.

>>> import taverna_rules as tr
>>> game = tr.new_game(tr.load_rules(), ["Ann", "Bob"], seed=1)
>>> vector = tr.observe(game, "Ann", numpy=False)
>>> len(vector) == tr.observation_layout(game.rules, 2).size
True
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from taverna_rules._observe import information_key, observation_vector, written
from taverna_rules._shown import shown
from taverna_rules.core.arguments import INT_BOUND, int_in, rules_module
from taverna_rules.core.observation import ObservationLayout
from taverna_rules.errors import OptionError
from taverna_rules.game import Game, Seat, new_game

__all__ = ["information_state", "observation_layout", "observe"]


def observe(game: Game | Seat, player: int | str | None = None, *, numpy: bool | None = None) -> Any:
    """What ``player`` (a seat or a name; a :class:`~taverna_rules.Seat` needs none)
    sees, as a flat vector of numbers laid out as :func:`observation_layout` says:
    counts, flags and one-hot blocks, the viewer's own seat first and the others in turn
    order. Written from the player's view, never from hidden things. A NumPy ``float32``
    array when NumPy is installed (``numpy=None``, the default) or asked for
    (``numpy=True``), else a list of floats."""
    game, seat = _seat_of(game, player)
    return observation_vector(game, seat, numpy)


def _seat_of(game: Any, player: int | str | None) -> tuple[Game, int]:
    if isinstance(game, Seat):
        if player is not None and game._game._seat(player) != game.player:
            raise OptionError(f"seat {game.player} was given with another player: {shown(player)}")
        return game._game, game.player
    if not isinstance(game, Game):
        raise OptionError(f"observe a Game or a Seat, not {shown(game)}")
    if player is None:
        raise OptionError("observe(game, player): name the player (a seat or a name)")
    return game, game.seat(player).player


def observation_layout(rules: Any, players: int) -> ObservationLayout:
    """The layout of the observations of a game of ``players`` players with ``rules``:
    each block's name and slice, and the vector's size (the same for every state and
    seat)."""
    module = rules_module(rules)
    if int_in(players, 0, INT_BOUND) not in module.player_counts(rules):
        raise OptionError(f"{module.id} seats {module.player_counts(rules)} players, not {shown(players)}")
    return _layout(rules, players)


@lru_cache(maxsize=64)
def _layout(rules: Any, players: int) -> ObservationLayout:
    game = new_game(rules, [f"P{seat}" for seat in range(players)], seed=0)
    return ObservationLayout.of(written(game, 0).blocks)


def information_state(game: Game | Seat, player: int | str | None = None) -> str:
    """``player``'s information state: a key (a hex digest) of the log as they see it.
    Two games give the same key exactly when everything the player has seen so far is
    the same (perfect recall: what they saw earlier counts, not only the state now)."""
    game, seat = _seat_of(game, player)
    return information_key(game, seat)
