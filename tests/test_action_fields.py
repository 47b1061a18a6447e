"""Actions whose fields are tuples or sets of plain values: accepted exactly, refused in
words, and the same on the wire in every process (a game's choice of several things,
such as the weapons a player readies, is one action)."""

from __future__ import annotations

import json
import subprocess
import sys

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from taverna_rules import Names, ReplayError
from taverna_rules.core import Action, Flow
from taverna_rules.core.records import MAX_FIELD_ITEMS, action_problem, field_words
from taverna_rules.core.serialize import action_from_json, action_to_dict, action_to_json
from toy_games.common import toy_events, toy_module
from toy_games.dice_race import RaceState


@attrs.frozen
class Ready(Action):
    """Ready some weapons, name a few foes and a pair."""

    weapons: tuple[int, ...]
    foes: frozenset[str]
    pair: tuple[str, int]


Ready.TYPE = "Ready"
TABLE = {"Ready": Ready}
GAME = toy_module(
    "field_toy",
    Names(en="Field toy"),
    TABLE,
    toy_events(),
    Flow(),
    lambda state, event: state,
    RaceState,  # a state the core can read; this toy never plays
)


def test_tuples_and_sets_of_plain_values_are_actions() -> None:
    assert action_problem(Ready((2, 4), frozenset({"Ann", "Bob"}), ("Ann", 3)), TABLE) == ""
    assert action_problem(Ready((), frozenset(), ("", 0)), TABLE) == ""


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (Ready([2, 4], frozenset(), ("a", 1)), "Ready.weapons is a list of at most 64 integers, not [2, 4]"),  # type: ignore[arg-type]
        (Ready((2, True), frozenset(), ("a", 1)), "Ready.weapons is a list of at most 64 integers"),
        (Ready((2,), {"Ann"}, ("a", 1)), "Ready.foes is a set of at most 64 strings, not {'Ann'}"),  # type: ignore[arg-type]
        (Ready((2,), frozenset({1}), ("a", 1)), "Ready.foes is a set of at most 64 strings"),  # type: ignore[arg-type]
        (Ready((2,), frozenset(), ("a",)), "Ready.pair is a list of a string and an integer"),  # type: ignore[arg-type]
        (Ready((2,), frozenset(), (1, "a")), "Ready.pair is a list of a string and an integer"),  # type: ignore[arg-type]
        (Ready(tuple(range(MAX_FIELD_ITEMS + 1)), frozenset(), ("a", 1)), "at most 64 integers"),
    ],
)
def test_a_field_of_another_shape_is_refused_in_words(action: Ready, words: str) -> None:
    assert words in action_problem(action, TABLE)


def test_field_words_name_the_shape() -> None:
    assert field_words(int) == "an integer"
    assert field_words(tuple[str, ...]) == "a list of at most 64 strings"
    assert field_words(frozenset[bool]) == "a set of at most 64 true or false values"


values = st.builds(
    Ready,
    st.lists(st.integers(-(2**63), 2**63), max_size=6).map(tuple),
    st.frozensets(st.text(max_size=5), max_size=6),
    st.tuples(st.text(max_size=5), st.integers(0, 9)),
)


@settings(max_examples=60, deadline=None)
@given(values)
def test_the_wire_round_trips(action: Ready) -> None:
    text = action_to_json(action)
    assert action_from_json(text, game=GAME) == action
    written = action_to_dict(action)
    assert written["foes"] == sorted(action.foes)
    assert written["weapons"] == list(action.weapons)


def test_a_set_is_written_the_same_in_every_process() -> None:
    """String hashes differ between processes; the written set is sorted."""
    code = (
        "import json, attrs\n"
        "from taverna_rules.core.serialize import action_to_dict\n"
        "from taverna_rules.core import Action\n"
        "@attrs.frozen\n"
        "class Ready(Action):\n"
        "    foes: frozenset[str]\n"
        "print(json.dumps(action_to_dict(Ready(frozenset('abcdefgh')))))\n"
    )
    outputs = {
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
        for _ in range(3)
    }
    assert len(outputs) == 1
    assert json.loads(outputs.pop())["foes"] == list("abcdefgh")


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"weapons": [1], "foes": ["Ann", "Ann"], "pair": ["a", 1]}, "each value once"),
        ({"weapons": [1], "foes": "Ann", "pair": ["a", 1]}, "expected a list"),
        ({"weapons": [1.5], "foes": [], "pair": ["a", 1]}, "expected an integer"),
        ({"weapons": [1], "foes": [], "pair": ["a", 1, 2]}, "expected a list of 2"),
    ],
)
def test_a_stranger_s_json_is_refused_in_words(fields: dict[str, object], words: str) -> None:
    with pytest.raises(ReplayError) as refused:
        action_from_json({"type": "Ready", **fields}, game=GAME)
    assert words in str(refused.value)
