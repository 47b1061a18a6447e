"""`new_game` arguments: every wrong type or value raises OptionError, never another
exception; every name it accepts survives the position and JSON formats (issue #8)."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import taverna_rules as tr
from taverna_rules._shown import shown
from taverna_rules.core.serialize import state_from_json, state_to_json
from taverna_rules.games.taverna.setup import MAX_NAME, name_problem

RULES = tr.load_rules()
NAMES = ["Ann", "Bob"]
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class AlwaysEqual:
    """A value whose ``__eq__`` says yes to everything."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


def _names(count: int) -> Any:
    return (name for name in NAMES[:count])


# ----------------------------------------------------------------------------- the findings
@pytest.mark.parametrize(
    "arguments",
    [
        {"players": None},
        {"players": 2},
        {"players": _names(2)},  # a generator: no length, read once
        {"players": [["Ann"], ["Bob"]]},
        {"players": [b"Ann", b"Bob"]},
        {"players": ["Ann", 2]},
        {"players": ["Ann", ""]},
        {"players": ["Ann", "   "]},
        {"players": ["Ann", " Bob"]},
        {"players": ["Ann", "Bo\nb"]},
        {"players": ["Ann", "Bo\x00b"]},
        {"players": ["Ann", "\ud800"]},  # a lone surrogate: not even UTF-8
        {"players": ["Ann", "x" * 1_000_000]},
        {"players": ["Ann", "x" * (MAX_NAME + 1)]},
        {"players": ["Ann", "Ann"]},
        {"options": {1: True}},
        {"options": {"use_curse": AlwaysEqual()}},
        {"options": ["use_curse"]},
        {"birthdays": [1, 2], "played_on": "2026-01-01"},
        {"birthdays": ["02-30", None], "played_on": "2026-01-01"},
        {"birthdays": ["1-2-3-04-05", None], "played_on": "2026-01-01"},
        {"birthdays": "0101", "played_on": "2026-01-01"},
        {"birthdays": ["01-01"], "played_on": "2026-01-01"},
        {"played_on": 20260101},
        {"played_on": "20260101"},  # Python reads it as a date; the docs say YYYY-MM-DD
        {"played_on": "2021-02-30"},
        {"played_on": dt.datetime(2026, 1, 1, 12, 0)},  # its day depends on a time zone
        {"seed": True},
        {"seed": 2**64},
        {"seed": 10**5000},
        {"seed": 1.0},
        {"first_player": True},
        {"first_player": 2},
        {"first_player": -1},
        {"undo": AlwaysEqual()},
        {"undo": ["never"]},
        {"rules": None},
    ],
    # Without the addresses of objects, so that every pytest-xdist worker collects the
    # same ids.
    ids=lambda arguments: re.sub(r" at 0x[0-9a-f]+", "", shown(arguments))[:80],
)
def test_bad_arguments_raise_option_error(arguments: dict[str, Any]) -> None:
    """Each argument is checked by type and value before anything happens."""
    given_arguments = {"rules": RULES, "players": NAMES, **arguments}
    with pytest.raises(tr.OptionError) as error:
        tr.new_game(**given_arguments)
    assert len(str(error.value)) < 400  # a megabyte name is not echoed whole


def test_played_on_may_be_a_date() -> None:
    """A ``datetime.date`` is the day of play, written as ``YYYY-MM-DD``."""
    game = tr.new_game(RULES, NAMES, birthdays=["01-05", "01-02"], played_on=dt.date(2026, 1, 6))
    assert game.state.played_on == "2026-01-06"
    assert game.state.first_player == 0  # Ann's birthday, 5 January, is the most recent


def test_a_choice_option_stores_its_own_value() -> None:
    """A value equal to everything is no choice: options match by type and value."""
    game = tr.new_game(RULES, NAMES, options={"use_curse": False})
    assert game.state.option("use_curse") is False


# ----------------------------------------------------------------------------- generated junk
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),
    st.text(max_size=8),
    st.binary(max_size=4),
    st.dates(),
    st.lists(st.one_of(st.none(), st.integers(), st.text(max_size=6)), max_size=6),
    st.tuples(st.text(max_size=4), st.text(max_size=4)),
    st.dictionaries(st.one_of(st.integers(), st.text(max_size=6)), st.one_of(st.booleans(), st.integers())),
    st.builds(AlwaysEqual),
    st.from_type(type).flatmap(st.from_type).filter(lambda v: not hasattr(v, "__next__")),
)
ARGUMENTS = ("players", "seed", "options", "first_player", "birthdays", "played_on", "undo")


@FAST
@given(name=st.sampled_from(ARGUMENTS), value=JUNK)
def test_any_junk_argument_raises_option_error_or_plays(name: str, value: object) -> None:
    """Junk in any argument: OptionError, or a game (never a TypeError, KeyError...)."""
    arguments: dict[str, Any] = {"players": NAMES, "played_on": "2026-03-01"}
    arguments[name] = value
    try:
        game = tr.new_game(RULES, **arguments)
    except tr.OptionError:
        return
    assert game.decision is not None


# ----------------------------------------------------------------------------- names round-trip
@FAST
@given(name=st.text(min_size=1, max_size=MAX_NAME + 2))
def test_accepted_names_round_trip(name: str) -> None:
    """A name ``new_game`` accepts survives YAML and JSON positions and the JSON state;
    one it refuses is refused with OptionError, as ``name_problem`` says."""
    try:
        game = tr.new_game(RULES, [name, "Zed" if name != "Zed" else "Zoe"], seed=3)
    except tr.OptionError:
        assert name_problem(name) is not None or name in ("Zed", "Zoe")
        return
    state = game.state
    for fmt in ("yaml", "json"):
        text = tr.dump_position(state, fmt)
        text.encode("utf-8")  # writable as a file
        assert tr.load_position(RULES, text) == state
    assert state_from_json(state_to_json(state)) == state


@pytest.mark.parametrize(
    "name", ["?x", "? x", ":x", ": x", "x:", "- x", "#x", "&x", "*x", "!x", "'x", '"x', "null"]
)
def test_names_yaml_would_misread_round_trip(name: str) -> None:
    """``?x`` used to dump to a position that does not load back."""
    state = tr.new_game(RULES, [name, "Bob"], seed=1).state
    assert tr.load_position(RULES, tr.dump_position(state)) == state


# ----------------------------------------------------------------------------- the other entry points
JUNK_VALUES: list[object] = [
    None,
    5,
    -1,
    True,
    1.5,
    "",
    b"x",
    [],
    {},
    [1],
    {"a": 1},
    object(),
    "\udcff",
    10**5000,
]


@pytest.mark.parametrize("value", JUNK_VALUES, ids=lambda v: type(v).__name__)
def test_the_other_entry_points_refuse_junk_with_their_own_errors(value: object) -> None:
    """``Game(...)``, ``replay(...)``, ``view``/``decision_for``/``events_for`` and the undo
    policy: a wrong argument is the library's error (a 5,000-digit seat included)."""
    game = tr.new_game(RULES, NAMES, seed=1)
    log = game.events
    with pytest.raises(tr.ReplayError):
        tr.Game(RULES, value)  # type: ignore[arg-type]
    with pytest.raises(tr.ReplayError):
        tr.Game(value, log)
    with pytest.raises(tr.OptionError):
        tr.replay(RULES, log, undo=value)  # type: ignore[arg-type]
    if value is not None and not isinstance(value, bool | int):
        for read in (game.view, game.decision_for, game.events_for):
            with pytest.raises(tr.UnknownPlayerError):
                read(value)  # type: ignore[arg-type]
    if isinstance(value, int) and not 0 <= value < len(NAMES):
        with pytest.raises(tr.UnknownPlayerError):
            game.view(value)
