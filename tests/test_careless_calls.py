"""Careless calls get the library's errors: every public function and method, called
with an argument of the wrong type or value, raises a :class:`~taverna_rules.TavernaError`
(or works), never an ``AttributeError``, ``TypeError``, ``KeyError`` or
``AssertionError`` from deep inside.

The calls are a table: each public name with arguments that work, and every argument
is swapped in turn for each careless value. A test checks the table covers every public
function of the package and every public method of the objects it hands out, so a new
one cannot be added without its row.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import taverna_rules as tr
from taverna_rules.core.records import Event
from taverna_rules.games import cavern_tavern, taverna

RULES = {game: tr.load_rules(game=game) for game in ("taverna", "cavern_tavern")}


def _game(game: str) -> tr.Game:
    return tr.new_game(RULES[game], ["Ann", "Bob"], seed=3)


class _Odd:
    """An object of no type the library knows, with no attribute it could read."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<odd>"


CARELESS: tuple[Any, ...] = (
    None,
    "x",
    "taverna",
    -1,
    10**30,
    1.5,
    True,
    b"x",
    [],
    {},
    _Odd(),
    np.array([1, 2]),
    np.random.default_rng(1),
    random.Random(1),
)


def _rows(game: str) -> dict[str, tuple[Callable[..., Any], tuple[Any, ...]]]:
    """Each public call, by name, with the arguments it works with."""
    rules = RULES[game]
    live = _game(game)
    space = tr.action_space(rules)
    seat = live.seat(0)
    action = live.legal_actions()[0]
    return {
        "action_space": (tr.action_space, (rules,)),
        "dump_position": (tr.dump_position, (live.state, "yaml")),
        "load_position": (tr.load_position, (rules, tr.dump_position(live.state))),
        "game_module": (tr.game_module, (game,)),
        "installed_games": (tr.installed_games, ()),
        "information_state": (tr.information_state, (live, 0)),
        "observation_layout": (tr.observation_layout, (rules, 2)),
        "observe": (tr.observe, (live, 0)),
        "new_game": (tr.new_game, (rules, ["Ann", "Bob"], 1)),
        "replay": (tr.replay, (rules, live.events)),
        "wire_schema": (tr.wire_schema, ("action", game)),
        "load_rules": (lambda *paths: tr.load_rules(*paths, game=game), ()),
        "validate": (lambda *paths: tr.validate(*paths, game=game), ()),
        "Game.apply": (live.copy().apply, (action,)),
        "Game.decision_for": (live.decision_for, (0,)),
        "Game.determinize": (live.determinize, (0, random.Random(1))),
        "Game.events_for": (live.events_for, (0,)),
        "Game.from_position": (tr.Game.from_position, (rules, live.state)),
        "Game.seat": (live.seat, (0,)),
        "Game.view": (live.view, (0,)),
        "Game.describe": (live.describe, (action, "en")),
        "Game.prompt": (live.prompt, (live.decision, "en")),
        # Keyword arguments are given through a function taking them in order.
        "Game.narration": (lambda p, lang, since: live.narration(p, lang=lang, since=since), (0, "en", 0)),
        "Game.narrate": (lambda p, lang, since: live.narrate(p, lang=lang, since=since), (0, "en", 0)),
        "Game.board": (lambda p, lang: live.board(p, lang=lang), (0, "en")),
        "Seat.determinize": (seat.determinize, (random.Random(1),)),
        "Seat.playout": (seat.playout, (random.Random(1),)),
        "Playout.apply": (live.playout().apply, (action,)),
        "Playout.play": (live.playout().play, (lambda playout: playout.legal_actions()[0],)),
        "Playout.play_random": (live.playout().play_random, (random.Random(1),)),
        "ActionSpace.decode": (space.decode, (space.legal_indices(live)[0], live)),
        "ActionSpace.encode": (space.encode, (action,)),
        "ActionSpace.legal_indices": (space.legal_indices, (live,)),
        "ActionSpace.legal_mask": (space.legal_mask, (live,)),
        "ActionSpace.max_decisions": (space.max_decisions, (2,)),
    }


def _calls() -> list[Any]:
    params = []
    for game in RULES:
        for name, (_function, arguments) in _rows(game).items():
            for place in range(len(arguments)):
                params.append(pytest.param(game, name, place, id=f"{game}-{name}-{place}"))
    return params


def test_the_table_covers_the_public_api() -> None:
    """Every public function of the package and every public method of Game, Seat,
    Playout and ActionSpace that takes an argument has a row."""
    rows = set(_rows("taverna"))
    public = {name for name in tr.__all__ if inspect.isfunction(getattr(tr, name))}
    for cls in (tr.Game, tr.Seat, tr.Playout, tr.ActionSpace):
        for name, member in vars(cls).items():
            if name.startswith("_") or isinstance(member, property):
                continue
            function = member.__func__ if isinstance(member, classmethod | staticmethod) else member
            if not callable(function):
                continue
            takes = [p for p in inspect.signature(function).parameters if p not in ("self", "cls")]
            if takes and not (cls is tr.Seat and name == "observe"):
                public.add(f"{cls.__name__}.{name}")
    assert public - rows == set()


def test_every_row_works_as_given() -> None:
    """The rows' own arguments are right: a careless value is the only thing wrong."""
    for game in RULES:
        for name, (function, arguments) in _rows(game).items():
            function(*arguments)  # must not raise
            assert name


@pytest.mark.parametrize(("game", "name", "place"), _calls())
def test_careless_arguments_get_the_librarys_errors(game: str, name: str, place: int) -> None:
    """Each argument swapped for each careless value: the library's error or a result."""
    for value in CARELESS:
        function, arguments = _rows(game)[name]
        careless = (*arguments[:place], value, *arguments[place + 1 :])
        try:
            function(*careless)
        except tr.TavernaError as error:
            assert str(error), f"{name}{careless!r}: an error without a message"
            assert len(str(error)) < 2_000, f"{name}: a {len(str(error))}-character message"
        except Exception as error:
            pytest.fail(f"{name} with argument {place} = {value!r}: {type(error).__name__}: {error}")


def test_a_seats_own_log_cut_anywhere_folds_or_is_refused() -> None:
    """A player's own log (redacted for them), cut after any event and folded with
    ``verify=False``, is a game whose decision reads, or a ReplayError: never an
    AssertionError from a step (it was raised by Taverna's turn after a ``TurnEnded``)."""
    for game, rules in RULES.items():
        live = _game(game)
        rng = random.Random(5)
        while not live.over and len(live.events) < 400:
            live.apply(rng.choice(live.legal_actions()))
        own: list[Event] = live.events_for(0)
        for cut in range(1, len(own) + 1):
            try:
                folded = tr.replay(rules, own[:cut], verify=False)
            except tr.ReplayError:
                continue
            try:
                decision = folded.decision
                folded.legal_actions()
            except tr.TavernaError:
                continue
            assert decision is None or decision.player in range(2) or decision.player == tr.CHANCE


#: An action only one game has, by game: what the other game must refuse.
_OWN_ACTION: dict[str, tr.Action] = {
    "taverna": taverna.SeatCustomer(tavern="hall", table=1),
    "cavern_tavern": cavern_tavern.PlaceDice(place="fix_the_roof", dice="1+3"),
}


@pytest.mark.parametrize(("game", "other"), [("cavern_tavern", "taverna"), ("taverna", "cavern_tavern")])
def test_an_action_of_another_game_is_refused_naming_both_games(game: str, other: str) -> None:
    """An action only another game has is refused with a message naming both games (it
    listed this game's action types, as if the action were not one)."""
    live = _game(game)
    foreign = _OWN_ACTION[other]
    names = {ident: tr.game_module(ident).name.en for ident in (game, other)}
    for refuse in (live.apply, tr.action_space(RULES[game]).encode):
        with pytest.raises(tr.IllegalActionError) as refused:
            refuse(foreign)
        assert f"is not an action of {names[game]}: it is an action of {names[other]}" in str(refused.value)
    assert live.events == _game(game).events  # nothing changed
