"""Validation catches the cards whose intent their effect does not carry out: deed owners
where nobody has a deed in play, a VP loss that falls on its caster, a spell no player
can afford, a trigger waiting for the casting of its own spell."""

from __future__ import annotations

from pathlib import Path

import pytest

import taverna_rules as tr
from scenario import write_pack

SPELL = """format: 1
kind: spells
spells:
  - id: probe
    name: {{en: Probe, fr: Sonde, nl: Sonde}}
    copies: 1
    cost: {cost}
{body}
"""

ROYAL = """format: 1
kind: royal_scoring
scorings:
  - id: landlord
    name: {en: Landlord, fr: Propriétaire, nl: Landheer}
    effect:
      for_each: {players: deed_owners, effect: {score_vp: {amount: 3}}}
"""


def problems(folder: Path, body: str, cost: int = 1) -> list[tuple[str, str]]:
    """The (code, severity) of each problem of a pack holding one spell."""
    write_pack(folder, {"spells.yaml": SPELL.format(cost=cost, body=body)})
    report = tr.validate(folder)
    return [(p.code, p.severity) for p in (*report.errors, *report.warnings)]


def test_deed_owners_at_the_end_of_the_game_are_nobody(tmp_path: Path) -> None:
    write_pack(tmp_path, {"royal.yaml": ROYAL})
    (error,) = tr.validate(tmp_path).errors
    assert (error.code, error.path) == ("never-applies", "$.scorings[0].effect.for_each.players")
    assert "always nobody" in error.message and "opponents" in error.hint


def test_deed_owners_who_pay_in_a_spell_are_a_warning(tmp_path: Path) -> None:
    body = "    effect: {for_each: {players: deed_owners, effect: {pay_coins: {amount: 1}}}}"
    assert problems(tmp_path, body) == [("empty-target", "warning")]


def test_deed_owners_who_gain_in_a_spell_are_fine(tmp_path: Path) -> None:
    body = "    effect: {for_each: {players: deed_owners, effect: {gain_coins: {amount: 1}}}}"
    assert problems(tmp_path, body) == []


def test_deed_owners_in_a_trigger_on_seating_are_fine(tmp_path: Path) -> None:
    body = """    trigger:
      when: {event: customer_seated}
      effect: {for_each: {players: deed_owners, effect: {gain_coins: {amount: 1}}}}"""
    assert problems(tmp_path, body) == []


@pytest.mark.parametrize(
    "effect",
    ["{score_vp: {amount: -2}}", "{seq: [{pay_coins: {amount: 1}}, {score_vp: {amount: -2}}]}"],
)
def test_a_loss_that_only_hurts_its_caster_is_a_warning(tmp_path: Path, effect: str) -> None:
    write_pack(tmp_path, {"spells.yaml": SPELL.format(cost=1, body=f"    effect: {effect}")})
    (warning,) = tr.validate(tmp_path).warnings
    assert warning.code == "caster-loss"
    assert warning.hint == (
        "to make the opponents lose it, write "
        "for_each: {players: opponents, effect: {score_vp: {amount: -2}}}"
    )


@pytest.mark.parametrize(
    "effect",
    [
        "{for_each: {players: opponents, effect: {score_vp: {amount: -2}}}}",
        "{seq: [{score_vp: {amount: -2}}, {gain_coins: {amount: 4}}]}",
    ],
)
def test_a_loss_for_others_or_a_trade_is_no_warning(tmp_path: Path, effect: str) -> None:
    assert problems(tmp_path, f"    effect: {effect}") == []


def test_a_cost_above_what_a_player_counts_on_names_the_bound(tmp_path: Path) -> None:
    body = "    effect: {score_vp: {amount: 10}}"
    assert problems(tmp_path, body, cost=39) == []
    write_pack(tmp_path, {"spells.yaml": SPELL.format(cost=40, body=body)})
    (warning,) = tr.validate(tmp_path).warnings
    assert warning.code == "unreachable-cost" and warning.path == "$.spells[0].cost"
    assert "39 coins" in warning.message and "15 starting coins plus 3 income" in warning.message


def test_a_trigger_on_its_own_casting_is_a_warning(tmp_path: Path) -> None:
    trigger = """    trigger:
      when: {event: spell_cast}
      effect: {gain_coins: {amount: 2}}"""
    assert problems(tmp_path, trigger) == [("trigger-own-cast", "warning")]
    with_effect = f"    effect: {{gain_coins: {{amount: 1}}}}\n{trigger}"
    assert problems(tmp_path, with_effect) == []
