"""Actions from the Python API that are not what they claim: legality is decided by type
and value, never by a foreign ``__eq__``; a wrong field type is the library's own
:class:`~taverna_rules.IllegalActionError`, never a ``TypeError``; the game is unchanged."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import taverna_rules as tr
from scenario import RULES, advance_to
from taverna_rules.games import taverna
from taverna_rules.games.taverna.actions import ACTION_TYPES

_STARTED: dict[str, tr.Game] = {}


def started(kind: str = "place_customer") -> tr.Game:
    """A fresh copy of a 3-player game at its first decision of ``kind``."""
    if kind not in _STARTED:
        game = tr.new_game(RULES, ["Ann", "Bob", "Cy"], seed=11)
        advance_to(game, kind)
        _STARTED[kind] = game
    return _STARTED[kind].copy()


def refused(game: tr.Game, action: Any, words: str = "", **kwargs: Any) -> str:
    """``action`` is refused with ``words`` in the message, and nothing changes."""
    state, log, decision = game.state, game.events, game.decision
    with pytest.raises(tr.IllegalActionError) as raised:
        game.apply(action, **kwargs)
    assert (game.state, game.events, game.decision) == (state, log, decision)
    assert words in str(raised.value)
    return str(raised.value)


class AlwaysEqual:
    """Compares equal to anything: before the fix, played as the first legal action."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


class SneakyText(str):
    """A string that equals every string."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


class BadRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr for you")


def test_a_field_of_the_wrong_type_is_refused_not_a_type_error() -> None:
    game = started("buy_deed")
    refused(game, taverna.BuyDeed(tavern="tankard", space="0"), "BuyDeed.space is an integer, not '0'")  # type: ignore[arg-type]


def test_an_object_equal_to_everything_is_not_an_action() -> None:
    for kind in ("buy_deed", "pick_card", "place_customer", "turn_actions"):
        game = started(kind)
        refused(game, AlwaysEqual(), "is not an action: an action is one of the action types")


def test_a_subclass_of_an_action_type_is_not_that_action() -> None:
    game = started("place_customer")
    legal = next(a for a in game.legal_actions() if isinstance(a, taverna.SeatCustomer))

    class Lookalike(taverna.SeatCustomer):
        pass

    refused(game, Lookalike(legal.tavern, legal.table), "not an object of type 'Lookalike'")


def test_field_values_that_only_compare_equal_are_refused() -> None:
    game = started("pick_card")
    refused(game, taverna.PickCard(SneakyText("x"), SneakyText("y")), "PickCard.card is a string")


def test_a_bool_is_not_a_table_number() -> None:
    game = started("place_customer")
    legal = next(a for a in game.legal_actions() if isinstance(a, taverna.SeatCustomer) and a.table in (0, 1))
    refused(game, taverna.SeatCustomer(legal.tavern, bool(legal.table)), "SeatCustomer.table is an integer")
    refused(game, taverna.ActivateDignitary("ambassador", 1, extra=1), "extra is true or false, not 1")  # type: ignore[arg-type]


def test_values_python_cannot_print_still_get_a_message() -> None:
    """A 5,000-digit integer, a megabyte string, a value whose ``repr`` raises."""
    game = started("place_customer")
    assert "bits>" in refused(game, taverna.SeatCustomer("tankard", 10**5000))
    assert len(refused(game, taverna.SeatCustomer("x" * 1_000_000, 0), "SeatCustomer(")) < 2_000_000
    bad_tavern = taverna.SeatCustomer(BadRepr(), 0)  # type: ignore[arg-type]
    refused(game, bad_tavern, "SeatCustomer.tavern is a string, not <BadRepr instance")
    refused(game, None, "not an object of type 'NoneType'")
    refused(game, {"type": "EndTurn"}, "not an object of type 'dict'")


def test_an_unknown_sender_is_refused() -> None:
    game = started("place_customer")
    for who in ("Zoe", 7, -1, True, 1.0):
        state = game.state
        with pytest.raises(tr.UnknownPlayerError):
            game.apply(game.legal_actions()[0], player=who)  # type: ignore[arg-type]
        assert game.state is state


VALUES = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["tankard", "grimoire", "hall", "ambassador", "charm#1", "c01", "orc", "elf"]),
    st.integers(-3, 5),
    st.integers(),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=True),
    st.lists(st.integers(), max_size=2),
    st.builds(SneakyText, st.text(max_size=3)),
)


@settings(max_examples=300, deadline=None)
@given(
    kind=st.sampled_from(["buy_deed", "pick_card", "place_customer", "turn_actions"]),
    name=st.sampled_from(sorted(ACTION_TYPES)),
    data=st.data(),
)
def test_any_action_built_from_any_values_is_played_or_refused(
    kind: str, name: str, data: st.DataObject
) -> None:
    """Whatever values an action type is built with, ``apply`` plays it when it is one of
    the legal actions (by type and value) and otherwise refuses it, changing nothing."""
    game = started(kind)
    cls = ACTION_TYPES[name]
    action = cls(**{f.name: data.draw(VALUES, label=f.name) for f in attrs.fields(cls)})
    legal = [
        a
        for a in game.legal_actions()
        if type(a) is type(action)
        and all(
            type(x) is type(y) and x == y
            for x, y in zip(attrs.astuple(a), attrs.astuple(action), strict=True)
        )
    ]
    if legal:
        assert game.apply(action)
    else:
        refused(game, action)
