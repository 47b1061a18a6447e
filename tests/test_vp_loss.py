"""Losing VP (issue #9: "VP cannot be lost"): ``score_vp`` with a negative amount takes
VP away, never below none at all; a negative amount of coins is a warning that says
which op to write instead."""

from __future__ import annotations

from pathlib import Path

import pytest

import taverna_rules as tr
from scenario import pack_rules, write_pack
from taverna_rules.dsl.parse import parse_effect
from taverna_rules.games import taverna
from taverna_rules.games.taverna import events as ev
from taverna_rules.games.taverna.vocabulary import LANGUAGES, render
from taverna_rules.tools.conformance import run_checks

SPELLS = """format: 1
kind: spells
provenance: reconstructed
note: Test content.
spells:
  - id: tithe
    copies: 3
    cost: 0
    timing: own_turn
    name: {en: Tithe, fr: Dîme, nl: Tiende}
    effect: {seq: [{score_vp: {amount: -2}}, {gain_coins: {amount: 4}}]}
"""


@pytest.fixture(scope="module")
def rules(tmp_path_factory: pytest.TempPathFactory) -> taverna.RuleSet:
    return pack_rules(tmp_path_factory.mktemp("tithes"), {"spells.yaml": SPELLS}, "tithes")


@pytest.mark.parametrize(("vp", "lost"), [(5, 2), (1, 1), (0, 0)])
def test_vp_are_lost_down_to_none(rules: taverna.RuleSet, vp: int, lost: int) -> None:
    text = f"""format: taverna-position/1
king: orc
players:
  - {{name: Ann, vp: {{deeds: {vp}}}}}
  - {{name: Bob}}
  - {{name: Cy}}
stack: [{{kind: effect, player: Ann, ref: 'spell:tithe'}}, end_game]
"""
    game = tr.Game.from_position(rules, tr.load_position(rules, text))
    scored = [e for e in game.events if isinstance(e, ev.VPScored) and e.category == "spells"]
    assert scored == ([ev.VPScored(0, -lost, "spells")] if lost else [])
    assert next(e for e in game.events if isinstance(e, ev.CoinsGained)) == ev.CoinsGained(
        0, 4, "spell:tithe"
    )


def test_a_loss_reads_as_one_in_every_language() -> None:
    node = parse_effect({"score_vp": {"amount": -2}})
    assert [render(node, lang=lang) for lang in LANGUAGES] == ["lose 2 VP", "perdez 2 PV", "verlies 2 WP"]


def test_random_play_with_losses_passes_the_kit(rules: taverna.RuleSet) -> None:
    report = run_checks(rules, games=6, seed=3, player_counts=[3, 5])
    assert report.ok, report


def test_negative_coins_say_which_op_to_write(tmp_path: Path) -> None:
    write_pack(tmp_path, {})
    (tmp_path / "spells.yaml").write_text(
        SPELLS.replace(
            "{seq: [{score_vp: {amount: -2}}, {gain_coins: {amount: 4}}]}", "{gain_coins: {amount: -2}}"
        ),
        encoding="utf-8",
    )
    (warning,) = tr.validate(tmp_path).warnings
    assert warning.code == "no-effect" and warning.hint == "to take coins, write pay_coins: {amount: 2}"
