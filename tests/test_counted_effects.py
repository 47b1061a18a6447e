"""Expressions where an op takes a number of times or of levels (issue #9: "``levels`` and
``times`` take only numbers"): ``repeat: {times: {count: ...}}`` and ``advance_track:
{levels: {count: ...}}``, valued when the effect resolves and bounded like the numbers
the schema allows (at most 10 repeats, 3 levels; nothing at 0 or less)."""

from __future__ import annotations

from pathlib import Path

import pytest

import taverna_rules as tr
from scenario import pack_rules, write_pack
from taverna_rules.games import taverna
from taverna_rules.games.taverna import events as ev
from taverna_rules.tools.conformance import run_checks

SPELLS = """format: 1
kind: spells
provenance: reconstructed
note: Test content.
spells:
  - id: rent
    copies: 2
    cost: 0
    timing: own_turn
    name: {en: Rent, fr: Loyer, nl: Huur}
    effect: {repeat: {times: {count: deeds_owned}, effect: {gain_coins: {amount: 1}}}}
  - id: hoard
    copies: 1
    cost: 0
    timing: own_turn
    name: {en: Hoard, fr: Magot, nl: Schat}
    effect: {repeat: {times: {count: coins}, effect: {score_vp: {amount: 1}}}}
  - id: patronage
    copies: 2
    cost: 0
    timing: own_turn
    name: {en: Patronage, fr: Mécénat, nl: Beschermheer}
    effect: {advance_track: {people: orc, levels: {count: favours_owned}}}
"""


@pytest.fixture(scope="module")
def rules(tmp_path_factory: pytest.TempPathFactory) -> taverna.RuleSet:
    return pack_rules(tmp_path_factory.mktemp("counted"), {"spells.yaml": SPELLS}, "counted")


def resolved(rules: taverna.RuleSet, spell: str, ann: str) -> tr.Game:
    text = f"""format: taverna-position/1
king: orc
queen: elf
players:
  - {{name: Ann, {ann}}}
  - {{name: Bob}}
taverns:
  tankard: {{deeds: [Ann, Bob, null]}}
  grimoire: {{deeds: [Ann, null, null]}}
stack: [{{kind: effect, player: Ann, ref: 'spell:{spell}'}}, end_game]
"""
    return tr.Game.from_position(rules, tr.load_position(rules, text))


def of(game: tr.Game, cls: type[ev.Event]) -> list[ev.Event]:
    return [e for e in game.events if isinstance(e, cls)]


def test_times_counts_when_the_effect_resolves(rules: taverna.RuleSet) -> None:
    """Ann owns two deeds: Rent gives her 1 coin twice."""
    game = resolved(rules, "rent", "coins: 0")
    assert of(game, ev.CoinsGained) == [ev.CoinsGained(0, 1, "spell:rent")] * 2


def test_times_is_bounded_like_a_number(rules: taverna.RuleSet) -> None:
    """30 coins in hand: Hoard scores at most 10 times (MAX_REPEAT), not 30."""
    game = resolved(rules, "hoard", "coins: 30")
    assert len(of(game, ev.VPScored)) == 10


def test_levels_count_and_are_bounded(rules: taverna.RuleSet) -> None:
    two = resolved(rules, "patronage", "favours: [gain_level, add_beer]")
    assert of(two, ev.TrackAdvanced) == [ev.TrackAdvanced(0, "orc", 0, 2)]
    four = resolved(rules, "patronage", "favours: [gain_level, add_beer], favours_used: [add_mask, add_lyre]")
    assert of(four, ev.TrackAdvanced) == [ev.TrackAdvanced(0, "orc", 0, 3)]  # at most 3, as a number


def test_a_count_of_zero_does_nothing_and_is_not_offered(rules: taverna.RuleSet) -> None:
    game = resolved(rules, "patronage", "coins: 3")
    assert of(game, ev.TrackAdvanced) == []
    from taverna_rules.games.taverna.spells import cast_actions

    text = """format: taverna-position/1
king: orc
queen: elf
players:
  - {name: Ann, coins: 5, hand: [rent#1, patronage#1]}
  - {name: Bob}
turn: {player: Ann, card: c12, people: elf, symbols: [lyre], tavern: hall, table: 0}
stack: [{kind: turn_actions, player: Ann}, {kind: end_turn, player: Ann}, {kind: turn, player: Bob}]
"""
    state = tr.load_position(rules, text)
    # No deed and no favour: neither spell would do anything, so neither may be cast.
    assert cast_actions(rules, state, 0) == ()


def test_random_play_with_counted_effects_passes_the_kit(rules: taverna.RuleSet) -> None:
    report = run_checks(rules, games=6, seed=5, player_counts=[2, 3])
    assert report.ok, report


@pytest.mark.parametrize(
    ("effect", "code"),
    [
        ("{advance_track: {people: orc, levels: 4}}", "schema-maximum"),
        ("{advance_track: {people: orc, levels: {count: orcs}}}", "schema-enum"),
        ("{repeat: {times: 11, effect: {gain_coins: {amount: 1}}}}", "schema-maximum"),
    ],
)
def test_bad_counts_are_located_problems(tmp_path: Path, effect: str, code: str) -> None:
    write_pack(tmp_path, {})
    spell = SPELLS.split("  - id: hoard", maxsplit=1)[0].replace(
        "{repeat: {times: {count: deeds_owned}, effect: {gain_coins: {amount: 1}}}}", effect
    )
    (tmp_path / "spells.yaml").write_text(spell, encoding="utf-8")
    codes = [p.code for p in tr.validate(tmp_path).errors]
    assert code in codes and all(p.line == 11 for p in tr.validate(tmp_path).errors), codes


def test_the_new_counts_count_what_they_say() -> None:
    """``count`` knew six things; it also counts levels climbed, customers played, VP and
    opponents."""
    from taverna_rules.games.taverna.expressions import COUNTERS

    rules = tr.load_rules()
    text = """format: taverna-position/1
king: orc
players:
  - {name: Ann, tracks: {orc: 2, elf: 1}, cards: [c01, c02], vp: {deeds: 3, royal: 2}}
  - {name: Bob}
  - {name: Cy}
stack: [end_game]
"""
    state = tr.load_position(rules, text)
    counted = {
        what: COUNTERS[what](state, 0) for what in ("track_levels", "customers_played", "vp", "opponents")
    }
    assert counted == {"track_levels": 3, "customers_played": 2, "vp": 5, "opponents": 2}
