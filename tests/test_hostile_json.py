"""Hostile JSON: every reader of :mod:`taverna_rules.core.serialize` returns an object or
raises :class:`~taverna_rules.ReplayError`, in bounded time and memory, and reads only
what the writers write (unknown fields, wrong JSON types, bools for integers: refused)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import taverna_rules as tr
from taverna_rules.core import serialize as wire
from taverna_rules.games import taverna

READERS: dict[str, Callable[[Any], object]] = {
    "action": wire.action_from_json,
    "event": wire.event_from_json,
    "events": wire.events_from_json,
    "decision": wire.decision_from_json,
    "state": wire.state_from_json,
}


def refused(reader: str, text: Any, words: str) -> None:
    with pytest.raises(tr.ReplayError) as raised:
        READERS[reader](text)
    assert words in str(raised.value), str(raised.value)


@pytest.mark.parametrize("reader", sorted(READERS))
def test_deep_nesting_is_refused_before_decoding(reader: str) -> None:
    """2,000 levels raised ``RecursionError``; the depth is counted before decoding."""
    refused(reader, "[" * 2000 + "]" * 2000, "nests deeper than")
    refused(reader, '{"a":' * 2000 + "1" + "}" * 2000, "nests deeper than")
    # Brackets inside strings (escaped quotes too) are text, not nesting.
    with pytest.raises(tr.ReplayError) as raised:
        READERS[reader](json.dumps({"type": '\\"[' * 2000}))
    assert "nests deeper" not in str(raised.value)


@pytest.mark.parametrize("reader", sorted(READERS))
def test_what_is_not_json_text_is_refused(reader: str) -> None:
    for value in (None, 5, b"{}", 1.5, object()):
        refused(reader, value, "expected JSON text or a decoded object")
    refused(reader, "{", "not JSON")
    refused(reader, "NaN", "NaN is not a JSON number")
    refused(reader, "[" + "9" * 5000 + "]", "too many digits")
    refused(reader, " " * (wire.MAX_TEXT + 1), "over the limit")


def test_an_event_of_an_unknown_version_is_refused() -> None:
    """``"v": 0`` (and a version with no upcaster) raised ``KeyError``."""
    for version in (0, -1, 2, 99, True, "1", 1.0, None):
        refused("event", {"type": "TurnEnded", "v": version, "player": 0}, "has version")
    assert wire.event_from_json({"type": "TurnEnded", "player": 0}) == taverna.TurnEnded(0)  # v 1 by default


def test_a_type_that_is_not_a_name_is_refused() -> None:
    """``{"type": ["EndTurn"]}`` raised ``TypeError`` (a list is not hashable)."""
    for name in (["EndTurn"], {"a": 1}, 5, None, True):
        refused("action", {"type": name}, "unknown action type")
        refused("event", {"type": name}, "unknown event type")


def test_values_of_another_json_type_are_refused() -> None:
    """``{"tavern": 5, "space": true, "extra": 1}`` became ``BuyDeed(tavern='5', space=1)``."""
    text = '{"type": "BuyDeed", "tavern": 5, "space": true, "extra": 1}'
    with pytest.raises(tr.ReplayError) as raised:
        wire.action_from_json(text)
    message = str(raised.value)
    assert "expected a string, not 5 @ $.tavern" in message
    assert "expected an integer, not True @ $.space" in message
    assert "extra fields found (extra)" in message
    refused("action", '{"type": "BuyDeed", "tavern": "t", "space": 1.0}', "expected an integer, not 1.0")
    refused(
        "action", '{"type": "BuyDeed", "tavern": "t", "space": 18446744073709551616}', "expected an integer"
    )
    refused("action", '{"type": "BuyDeed", "tavern": "t"}', "required field missing @ $.space")
    refused("action", '{"type": "EndTurn", "v": 1}', "extra fields found (v)")
    refused("action", '{"type": "EndTurn", "type": "Pass"}', "the key 'type' is written twice")


def test_a_decision_reads_strictly_too() -> None:
    """``"player": "x"`` raised ``ValueError``."""
    good = {"player": 1, "kind": "pick_card", "prompt": "p", "actions": [{"type": "EndTurn"}]}
    assert wire.decision_from_json(good).actions == (tr.EndTurn(),)
    refused("decision", {**good, "player": "x"}, "expected an integer, not 'x' @ $.player")
    refused("decision", {**good, "player": True}, "expected an integer")
    refused("decision", {**good, "actions": "ab"}, "expected a list, not 'ab' @ $.actions")
    refused("decision", {**good, "actions": [{"type": "Nope"}]}, "unknown action type 'Nope'")
    refused("decision", {**good, "more": 1}, "extra fields found (more)")
    refused("decision", [], "")


def test_a_bad_event_in_a_log_is_named_by_its_index() -> None:
    log = [{"type": "TurnEnded", "player": 0}, {"type": "TurnEnded", "player": "zero"}]
    refused("events", json.dumps(log), "event 1: malformed event 'TurnEnded'")
    refused("events", '{"type": "TurnEnded"}', "an event log is a JSON array")


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=8)
    | st.sampled_from(["EndTurn", "BuyDeed", "TurnEnded", "GameStarted", "type", "v", "\ud800"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(["type", "v", "player", "tavern", "space", "spell", "x"]) | st.text(max_size=4),
            inner,
            max_size=5,
        )
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(reader=st.sampled_from(sorted(READERS)), value=JSON_VALUES, as_text=st.booleans())
def test_any_json_value_is_read_or_refused(reader: str, value: Any, as_text: bool) -> None:
    """Random JSON (as text, or already decoded), lone surrogates included: an object
    comes back or ``ReplayError`` is raised, nothing else."""
    with contextlib.suppress(tr.ReplayError):
        READERS[reader](json.dumps(value) if as_text else value)


@settings(max_examples=100, deadline=None)
@given(depth=st.integers(0, 3000), opening=st.sampled_from(["[", '{"a":']))
def test_any_depth_is_read_or_refused(depth: int, opening: str) -> None:
    closing = "]" if opening == "[" else "}"
    text = opening * depth + "0" + closing * depth
    try:
        wire.action_from_json(text)
    except tr.ReplayError as error:
        assert depth <= wire.MAX_DEPTH or "nests deeper" in str(error)
