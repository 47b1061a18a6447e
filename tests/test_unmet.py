"""``taverna check`` warns of what its games met but never came about, with the item and
the reason: a spell cast whose trigger never fired, a royal scoring chosen that never
changed anything, an order taken and never served, a Nasty demand drawn and never met."""

from __future__ import annotations

import pytest

import taverna_rules as tr
from scenario import pack_rules
from taverna_rules.core.coverage import Coverage, CoverageTable, Unmet
from taverna_rules.games import taverna
from taverna_rules.games.cavern_tavern import conformance as cavern_kit
from taverna_rules.games.cavern_tavern import events as cev
from taverna_rules.games.taverna import conformance as taverna_kit
from taverna_rules.games.taverna import events as ev
from taverna_rules.tools.conformance import ConformanceReport

SPELLS = """format: 1
kind: spells
spells:
  - id: banner
    name: {en: Banner, fr: Bannière, nl: Vaandel}
    copies: 1
    cost: 1
    trigger:
      when: {event: customer_seated, people: orc}
      effect: {gain_coins: {amount: 2}}
"""


@pytest.fixture(scope="module")
def rules(tmp_path_factory: pytest.TempPathFactory) -> taverna.RuleSet:
    return pack_rules(tmp_path_factory.mktemp("banner"), {"spells.yaml": SPELLS}, "banner")


def test_a_royal_scoring_that_changed_nothing_is_unmet(rules: taverna.RuleSet) -> None:
    tally = taverna_kit.Tally(rules)
    tally.add(
        [
            ev.RoyalScoringChosen(0, "queen"),
            ev.VPScored(0, 0, "royal"),
            ev.RoyalScoringChosen(1, "king"),
            ev.VPScored(1, 5, "royal"),
            ev.VPScored(0, 1, "people"),
        ],
        [],
    )
    assert tally.coverage([2]).unmet == (
        Unmet(
            "royal_scorings",
            "queen",
            "chosen 1 time, never changed anything",
            "never-changed",
            "royal_scoring",
        ),
    )


def test_a_trigger_cast_that_never_fired_is_unmet(rules: taverna.RuleSet) -> None:
    tally = taverna_kit.Tally(rules)
    tally.add([ev.SpellCast(0, "banner#0"), ev.SpellCast(1, "banner#0")], [])
    assert tally.coverage([2]).unmet == (
        Unmet("spells", "banner", "cast 2 times, its trigger never fired", "never-fired"),
    )
    tally.add([], [("trigger:banner", ())])
    assert tally.coverage([2]).unmet == ()


def test_a_demand_drawn_and_never_met_and_an_order_never_served_are_unmet() -> None:
    tally = cavern_kit.Tally(tr.load_rules(game="cavern_tavern"))
    tally.add(
        [
            cev.NastySummoned(0, "beer_for_the_boss", 1, 3),
            cev.NastySummoned(1, "beer_for_the_boss", 2, 3),
            cev.OrderDrawn(0, "thunder_smoke", 1),
        ],
        [],
    )
    assert tally.coverage([2]).unmet == (
        Unmet("orders", "thunder_smoke", "taken or drawn 1 time, never served", "never-served"),
        Unmet("nasty_says", "beer_for_the_boss", "drawn 2 times, its demand never met", "never-met"),
    )
    tally.add([cev.NastyObeyed(0, "beer_for_the_boss")], [])
    assert [unmet.item for unmet in tally.coverage([2]).unmet] == ["thunder_smoke"]


def test_the_report_shows_each_unmet_item_as_a_warning_at_its_card() -> None:
    """A warning of ``taverna check`` names the card's file and line, as validation does."""
    unmet = Unmet("royal_scorings", "queen", "chosen 11 times, never changed anything", kind="royal_scoring")
    table = CoverageTable("royal_scorings", "royal scorings chosen", (("queen", 11),))
    coverage = Coverage((table,), CoverageTable("ops", "effect ops resolved", ()), (unmet,))
    declared = tr.load_rules().declared
    report = ConformanceReport("0" * 64, 1, 1, (), ((2, 1),), (), coverage, declared)
    queen = declared["royal_scoring", "queen"]
    assert queen.file.endswith("royal.yaml") and queen.line > 0
    assert (
        f"  {queen.file}:{queen.line}:{queen.column}: warning[never-met] at {queen.path}: "
        "royal_scorings 'queen': chosen 11 times, never changed anything" in report.format_text()
    )
    assert report.to_json()["unmet"] == [
        {
            "table": "royal_scorings",
            "item": "queen",
            "reason": "chosen 11 times, never changed anything",
            "code": "never-met",
            "kind": "royal_scoring",
        }
    ]
    (warning,) = report.warnings
    assert (warning.code, warning.severity, warning.file, warning.line) == (
        "never-met",
        "warning",
        queen.file,
        queen.line,
    )


def test_the_base_game_plays_with_nothing_unmet() -> None:
    from taverna_rules.tools.conformance import run_checks

    assert run_checks(tr.load_rules(), games=3, seed=1, player_counts=[2, 3]).coverage.unmet == ()
