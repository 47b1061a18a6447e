"""The choices every game shares are the core's: ``tr.EndTurn()`` ends a turn in any game
that has turns to end, and ``Pass``, ``ChoosePlayer`` and ``ChooseOption`` are the same
types in every game's action table, under the wire names old logs carry."""

from __future__ import annotations

import random

import pytest

import taverna_rules as tr
from taverna_rules.core import serialize

GAMES = ("taverna", "cavern_tavern")
SHARED = (tr.ChooseOption, tr.ChoosePlayer, tr.EndTurn, tr.Pass)


def _until_end_turn_is_legal(game: str) -> tr.Game:
    """A two-player game of ``game`` played at random up to a decision offering EndTurn."""
    live = tr.new_game(tr.load_rules(game), ["Ann", "Bob"], seed=4)
    chooser = random.Random(4)
    while tr.EndTurn() not in live.legal_actions():
        assert live.decision is not None, "the game ended before a turn could be ended"
        live.apply(chooser.choice([a for a in live.legal_actions() if a != tr.EndTurn()]))
    return live


@pytest.mark.parametrize("game", GAMES)
def test_the_top_level_end_turn_ends_a_turn_in_every_game(game: str) -> None:
    """``tr.EndTurn()`` does what the EndTurn the decision offers does (it was Taverna's,
    and Cavern Tavern refused it as another game's action)."""
    live, twin = _until_end_turn_is_legal(game), _until_end_turn_is_legal(game)
    offered = next(action for action in twin.legal_actions() if isinstance(action, tr.EndTurn))
    assert live.apply(tr.EndTurn()) == twin.apply(offered)
    assert live.state == twin.state and live.decision == twin.decision


@pytest.mark.parametrize("game", GAMES)
def test_every_game_registers_the_shared_choices_under_their_wire_names(game: str) -> None:
    actions = tr.game_module(game).actions
    for cls in SHARED:
        assert actions[cls.TYPE] is cls and cls.__name__ == cls.TYPE


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("name", ["EndTurn", "{game}.EndTurn"])
def test_logged_end_turns_read_as_the_shared_choice(game: str, name: str) -> None:
    """Logs wrote the wire name bare or qualified by the game: both read as ``tr.EndTurn``."""
    text = f'{{"type": "{name.format(game=game)}"}}'
    assert serialize.action_from_json(text, game=game) == tr.EndTurn()
    assert serialize.action_to_json(tr.EndTurn(), game=game) == f'{{"type": "{game}.EndTurn"}}'
