"""Refusals say only what the sender may see.

A server echoes an :class:`~taverna_rules.IllegalActionError` to the seat that sent the
action. ``apply(action, player=seat)`` refuses an action from a seat that does not decide
(without listing the decider's legal actions, which name cards of a hidden hand), and a
refusal sent to any seat names no card hidden from that seat, other than the ones the
sender named themselves.
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import taverna_rules as tr
import test_properties as props
from scenario import RULES, advance_to
from taverna_rules.games import taverna
from taverna_rules.games.taverna.actions import Action
from taverna_rules.games.taverna.events import VISIBILITY
from taverna_rules.games.taverna.flow import DECISIONS


def leaked(game: tr.Game, seat: int, action: Action, message: str) -> set[str]:
    """The cards hidden from ``seat`` that ``message`` names, leaving out the ones the
    action itself names (an echo of the sender's own words reveals nothing)."""
    named = {str(value) for value in attrs.astuple(action)}
    secret = VISIBILITY.hidden(game.state, seat) - named
    return {card for card in secret if repr(card) in message}


def test_an_action_from_another_seat_is_refused_without_the_legal_actions() -> None:
    game = tr.new_game(RULES, ["Ann", "Bob", "Cy"], seed=5)
    advance_to(game, "pick_card")
    decision = game.decision
    assert decision is not None and any(isinstance(a, taverna.SellSpell) for a in decision.actions)
    other = (decision.player + 1) % 3
    state = game.state
    with pytest.raises(tr.IllegalActionError) as raised:
        game.apply(decision.actions[0], player=other)
    message = str(raised.value)
    assert game.state is state
    names = [p.name for p in state.players]
    assert f"waits for {names[decision.player]!r}" in message and f"from {names[other]!r}" in message
    assert "legal:" not in message and "SellSpell" not in message
    # By name or by seat, the decider's own action is played.
    assert game.apply(decision.actions[0], player=names[decision.player])


def test_the_decider_is_told_their_legal_actions() -> None:
    game = tr.new_game(RULES, ["Ann", "Bob", "Cy"], seed=5)
    advance_to(game, "pick_card")
    decision = game.decision
    assert decision is not None
    with pytest.raises(tr.IllegalActionError) as raised:
        game.apply(taverna.PickCard("c99", "orc"), player=decision.player)
    assert "legal: PickCard(" in str(raised.value)


@props.examples(25)
@given(setup=props.SETUPS, data=st.data())
def test_refusals_name_no_card_hidden_from_the_sender(setup: props.Setup, data: st.DataObject) -> None:
    """At random decisions of random games, a random seat sends a random action (legal for
    the decider, or from the catalogue of illegal ones): it is played only when that seat
    decides and the action is legal; otherwise the refusal changes nothing and names no
    card of another hand, of a deck or of the face-down reserve."""
    game = setup.new_game()

    def probe(game: tr.Game) -> None:
        if not data.draw(st.booleans(), label="probe"):
            return
        decision = game.decision
        assert decision is not None
        assert all(isinstance(a, DECISIONS[decision.kind].takes) for a in decision.actions)
        seat = data.draw(st.integers(0, len(game.state.players) - 1), label="sender")
        action = data.draw(
            st.sampled_from([*decision.actions, *props.action_catalogue(game.state)]), label="action"
        )
        if seat == decision.player and action in decision.actions:
            return  # legal: the game goes on with the action hypothesis picks next
        state, log = game.state, game.events
        with pytest.raises(tr.IllegalActionError) as raised:
            game.apply(action, player=seat)
        assert game.state is state and game.events == log
        message = str(raised.value)
        assert not leaked(game, seat, action, message), message
        if seat != decision.player:
            assert "legal:" not in message

    props.play(game, data, before=probe)
