"""Hostile and redacted logs: :func:`taverna_rules.replay` refuses what is not a log of
events with :class:`~taverna_rules.ReplayError`, and a player's own log (the quickstart's
recipe) folds to that player's view and answers its decision as that player sees it."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import taverna_rules as tr
import test_properties as props
from scenario import RULES
from taverna_rules.games.taverna import events as ev


def finished(seed: int = 4) -> tr.Game:
    from taverna_rules.bots import RandomBot, play_out

    game = tr.new_game(RULES, ["Ann", "Bob", "Cy"], seed=seed)
    play_out(game, [RandomBot(seed) for _ in range(3)])
    return game


LOG = finished().events


@pytest.mark.parametrize(
    ("events", "words"),
    [
        (None, "a log is a sequence of events"),
        (5, "a log is a sequence of events"),
        ("[]", "a log is a sequence of events"),
        ({"type": "GameStarted"}, "a log is a sequence of events"),
        ([1, 2], "event 0: a log holds events, not 1"),
        ([LOG[0], None], "event 1: a log holds events, not None"),
        ([*LOG[:5], {"type": "EndTurn"}, *LOG[5:]], "event 5: a log holds events"),
        ([*LOG[:5], ev.Event(), *LOG[5:]], "event 5: a log holds events"),
        ([], "a log starts with GameStarted"),
    ],
    ids=repr,
)
@pytest.mark.parametrize("verify", [True, False])
def test_what_is_not_a_log_of_events_is_refused(events: Any, words: str, verify: bool) -> None:
    with pytest.raises(tr.ReplayError, match=words):
        tr.replay(RULES, events, verify=verify)


def test_rules_that_are_not_a_rule_set_are_refused() -> None:
    with pytest.raises(tr.ReplayError, match="rules is a RuleSet"):
        tr.replay(None, LOG)


def test_an_event_out_of_place_is_a_replay_error_not_an_assertion() -> None:
    """A symbol change with no turn in progress trips the fold's own check: before the
    fix, an ``AssertionError`` escaped ``fold_checked``."""
    start = next(i for i, e in enumerate(LOG) if isinstance(e, ev.TurnStarted))
    forged = [*LOG[:start], ev.CardSymbolsChanged(0, ("mask",)), *LOG[start:]]
    with pytest.raises(tr.ReplayError, match=rf"event {start} \(CardSymbolsChanged\) does not apply"):
        tr.replay(RULES, forged, verify=False)
    with pytest.raises(tr.ReplayError):
        tr.replay(RULES, forged)


@settings(max_examples=60, deadline=None)
@given(
    edits=st.lists(
        st.tuples(st.sampled_from(["drop", "repeat", "swap", "junk"]), st.integers(0, len(LOG) - 1)),
        min_size=1,
        max_size=3,
    )
)
def test_edited_logs_replay_or_are_refused(edits: list[tuple[str, int]]) -> None:
    """Events dropped, repeated, swapped or replaced by junk: each replay (verified or only
    folded) gives a game or a ``ReplayError``, never another exception."""
    log: list[Any] = list(LOG)
    for edit, where in edits:
        at = where % len(log)
        if edit == "drop":
            del log[at]
        elif edit == "repeat":
            log.insert(at, log[at])
        elif edit == "swap" and at + 1 < len(log):
            log[at], log[at + 1] = log[at + 1], log[at]
        elif edit == "junk":
            log[at] = {"type": "TurnEnded", "player": 0}
    for verify in (True, False):
        with contextlib.suppress(tr.ReplayError):
            tr.replay(RULES, log, verify=verify)


# ----------------------------------------------------------------------------- a player's own log
def check_player_log(game: tr.Game, seat: int | None) -> None:
    """The quickstart's recipe: a player's log folds to their view and answers their
    decision as they see it; playing on from it is refused clearly."""
    own = tr.replay(RULES, game.events_for(seat), verify=False)
    assert own.state == game.view(seat)
    decision, theirs = game.decision, own.decision
    if decision is None:
        assert theirs is None and own.legal_actions() == ()
        return
    assert theirs is not None
    assert (theirs.player, theirs.kind, theirs.prompt) == (decision.player, decision.kind, decision.prompt)
    deciders_hand = game.state.players[decision.player].hand
    if seat == decision.player or not deciders_hand:
        assert own.legal_actions() == decision.actions  # nothing hidden decides them
    else:
        assert own.legal_actions() == ()  # they would name cards of a hidden hand
    if decision.actions and any(ev.HIDDEN in p.hand for p in own.state.players):
        with pytest.raises(tr.IllegalActionError, match="player's view"):
            own.apply(decision.actions[0])


@props.examples(15)
@given(setup=props.SETUPS, data=st.data())
def test_a_players_log_folds_to_their_view_and_answers_their_decision(
    setup: props.Setup, data: st.DataObject
) -> None:
    """Before the fix, ``replay(rules, game.events_for(p), verify=False).legal_actions()``
    raised ``KeyError: '?'`` in about one sample of five."""
    game = setup.new_game()
    seats: list[int | None] = [None, *range(setup.players)]

    def probe(game: tr.Game) -> None:
        if data.draw(st.integers(0, 9), label="probe") == 0:
            check_player_log(game, data.draw(st.sampled_from(seats), label="seat"))

    props.play(game, data, before=probe)
    for seat in seats:
        check_player_log(game, seat)
