"""Lightning spells on another player's turn (rulebook, turn step 5): one per turn, in the
response window that closes each turn, asked of everyone who holds a hand."""

from __future__ import annotations

import pytest

import taverna_rules as tr
from scenario import from_position, of_type
from taverna_rules.games.taverna import events as ev
from taverna_rules.games.taverna.actions import CastSpell, Pass, UseFavour

END_OF_TURN = """
    format: taverna-position/1
    king: orc
    options: {{favours_on_any_turn: {any_turn}}}
    players:
      - {{name: Ann, coins: 10}}
      - {{name: Bob, coins: 5, hand: [pickpocket#1, charm#1, foresight#1], favours: [gain_level#1, add_beer]}}
      - {{name: Cy, coins: 5, hand: [charm#2]}}
    spell_deck: [summons#1, summons#2]
    turn: {{player: Ann, card: c10, people: elf, symbols: [beer], tavern: grimoire, table: 0}}
    taverns:
      grimoire: {{tables: [elf, null, null]}}
    stack:
      - {{kind: respond, player: Bob}}
      - {{kind: respond, player: Cy}}
      - {{kind: end_turn, player: Ann}}
      - {{kind: turn, player: Bob}}
"""


def end_of_turn(any_turn: bool = False) -> tr.Game:
    return from_position(END_OF_TURN.format(any_turn=str(any_turn).lower()))


def test_only_lightning_spells_answer_another_players_turn() -> None:
    """ "Some spells can also be cast during an opponent's turn": Charm is not one of them."""
    game = end_of_turn()
    decision = game.decision
    assert decision is not None and (decision.kind, decision.player) == ("respond", 1)
    assert set(decision.actions) == {CastSpell("pickpocket#1"), CastSpell("foresight#1"), Pass()}
    with pytest.raises(tr.IllegalActionError, match="only on your own turn"):
        game.apply(CastSpell("charm#1"))


def test_one_spell_per_opponent_turn_and_a_silent_window_is_still_asked() -> None:
    """ "You can still cast only one spell during each opponent's turn"; a player who cannot
    answer but holds a hand is asked all the same, with nothing but to pass: that they
    cannot answer must not show."""
    game = end_of_turn()
    events = game.apply(CastSpell("pickpocket#1"))
    assert ev.SpellCast(1, "pickpocket#1") in events and ev.CoinsGained(1, 2, "spell:pickpocket") in events
    # Bob may not cast a second spell, and Cy has none to cast: both are asked, with
    # nothing but to pass (they hold hands), then Bob's turn begins.
    for seat in (1, 2):
        decision = game.decision
        assert decision is not None
        assert (decision.kind, decision.player, decision.actions) == ("respond", seat, (Pass(),))
        events = game.apply(Pass())
    assert of_type(events, ev.TurnStarted) == [ev.TurnStarted(1)]
    assert game.state.players[1].cast == ("pickpocket#1",)


def test_favours_on_any_turn_option() -> None:
    """Ruling #1: with the English reading, favours that do not act on the card played may be
    used on another player's turn too."""
    assert UseFavour("gain_level#1") not in end_of_turn().legal_actions()
    offered = end_of_turn(any_turn=True).legal_actions()
    assert UseFavour("gain_level#1") in offered
    assert UseFavour("add_beer") not in offered  # "the card you play" is Ann's
