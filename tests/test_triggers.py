"""Triggers (issue #9, "there are no triggers"): a spell that stays in play acts for its
caster whenever its event happens, right after the step that set it off, bounded so that
a trigger can never loop forever."""

from __future__ import annotations

from pathlib import Path

import pytest

import taverna_rules as tr
from scenario import write_pack
from taverna_rules.games import taverna
from taverna_rules.games.taverna import events as ev
from taverna_rules.games.taverna.ruleset import MAX_TRIGGERED
from taverna_rules.games.taverna.vocabulary import LANGUAGES
from taverna_rules.rules_text import card_texts
from taverna_rules.tools.conformance import run_checks

SPELLS = """format: 1
kind: spells
provenance: reconstructed
note: Test content.
spells:
  - id: orc_banner
    copies: 2
    cost: 1
    timing: own_turn
    name: {en: Orc Banner, fr: Bannière orque, nl: Orkenbanier}
    trigger:
      when: {event: customer_seated, people: orc}
      effect: {gain_coins: {amount: 2}}
  - id: tithe
    copies: 2
    cost: 0
    timing: own_turn
    name: {en: Tithe, fr: Dîme, nl: Tiende}
    effect: {gain_coins: {amount: 1}}
    trigger:
      when: {event: deed_bought, player: opponent}
      effect: {score_vp: {amount: 1}}
  - id: echo
    copies: 2
    cost: 0
    timing: own_turn
    name: {en: Echo, fr: Écho, nl: Echo}
    trigger:
      when: {event: track_advanced, player: any}
      effect: {advance_track: {people: human}}
"""


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_pack(tmp_path_factory.mktemp("banners"), {"spells.yaml": SPELLS}, "banners")


@pytest.fixture(scope="module")
def rules(folder: Path) -> taverna.RuleSet:
    return tr.load_rules(folder)


def seating(rules: taverna.RuleSet, people: str, cast: str, bob_cast: str = "") -> tr.Game:
    """Ann's turn: she has picked a customer of ``people`` and is about to seat it; she
    has cast ``cast`` earlier, Bob ``bob_cast``."""
    text = f"""format: taverna-position/1
king: orc
queen: elf
players:
  - {{name: Ann, coins: 0, cast: [{cast}]}}
  - {{name: Bob, coins: 0, cast: [{bob_cast}]}}
turn: {{player: Ann, card: c01, people: {people}, symbols: [beer]}}
stack: [{{kind: place_customer, player: Ann}}, end_game]
"""
    return tr.Game.from_position(rules, tr.load_position(rules, text))


def test_a_trigger_acts_right_after_the_step_that_set_it_off(rules: taverna.RuleSet) -> None:
    """Ann's Orc Banner is in play: seating an orc gives her 2 coins at once, before the
    rest of her turn; a human customer gives nothing."""
    game = seating(rules, "orc", "orc_banner#1")
    decision = game.decision
    assert decision is not None and decision.kind == "place_customer"
    new = game.apply(decision.actions[0])
    seated = next(i for i, e in enumerate(new) if isinstance(e, ev.CustomerSeated))
    gained = [i for i, e in enumerate(new) if e == ev.CoinsGained(0, 2, "trigger:orc_banner")]
    assert len(gained) == 1 and gained[0] > seated
    assert not any(isinstance(e, ev.CoinsGained) for e in new[seated + 1 : gained[0]])
    other = seating(rules, "human", "orc_banner#1")
    decision = other.decision
    assert decision is not None
    assert not [
        e for e in other.apply(decision.actions[0]) if getattr(e, "reason", "") == "trigger:orc_banner"
    ]


def test_a_trigger_is_the_casters_only_once_cast(rules: taverna.RuleSet) -> None:
    """Nobody has cast the banner: Ann's orc sets nothing off. Bob has cast it: Ann's orc
    does not set it off either (its player is "you", the caster)."""
    for bob_cast in ("", "orc_banner#2"):
        game = seating(rules, "orc", "", bob_cast)
        decision = game.decision
        assert decision is not None
        new = game.apply(decision.actions[0])
        assert not [e for e in new if getattr(e, "reason", "").startswith("trigger:")]


def test_a_looping_trigger_stops_at_the_bound(rules: taverna.RuleSet) -> None:
    """Echo advances a track whenever any track advances: one action sets it off at most
    MAX_TRIGGERED times, and the game goes on."""
    game = seating(rules, "human", "echo#1")
    decision = game.decision
    assert decision is not None
    seat = next(a for a in decision.actions if isinstance(a, taverna.SeatCustomer))
    new = game.apply(seat)
    echoed = [e for e in new if isinstance(e, ev.TrackAdvanced)]
    assert 1 < len(echoed) <= MAX_TRIGGERED + 1
    assert game.decision is not None or game.over


def test_random_play_with_triggers_passes_the_conformance_kit(rules: taverna.RuleSet) -> None:
    report = run_checks(rules, games=6, seed=5, player_counts=[2, 3])
    assert report.ok, report.format_text()


def test_trigger_problems_are_located(tmp_path: Path) -> None:
    folder = tmp_path / "bad"
    folder.mkdir()
    write_pack(folder, {})
    text = SPELLS.replace(
        "{event: customer_seated, people: orc}", "{event: spell_cast, people: orc}"
    ).replace("{event: deed_bought, player: opponent}", "{event: deed_bought, tavern: attic}")
    (folder / "spells.yaml").write_text(text, encoding="utf-8")
    report = tr.validate(folder)
    found = {(p.code, p.severity, p.path, p.line) for p in report.problems}
    assert ("trigger-filter", "error", "$.spells[0].trigger.when.people", 12) in found
    assert ("unknown-reference", "error", "$.spells[1].trigger.when.tavern", 21) in found
    assert ("trigger-loop", "warning", "$.spells[2].trigger.effect", 30) in found
    bad_event = SPELLS.replace("event: customer_seated", "event: customer_left")
    (folder / "spells.yaml").write_text(bad_event, encoding="utf-8")
    (problem,) = tr.validate(folder).errors
    assert problem.code == "schema-enum" and "customer_left" in problem.message


def test_the_pack_warns_only_of_the_loop(folder: Path) -> None:
    """A spell with only a trigger (the banner) has no missing-effect warning: casting it
    puts its trigger in play."""
    report = tr.validate(folder)
    assert report.ok and [p.code for p in report.warnings] == ["trigger-loop"]


def test_triggers_read_in_every_language(rules: taverna.RuleSet) -> None:
    texts = {lang: {t.id: t.text for t in card_texts(rules, lang) if t.kind == "spell"} for lang in LANGUAGES}
    assert texts["en"]["orc_banner"] == (
        "Cost 1. Your turn. Stays in play once cast. Whenever you seat a customer (Orcs): gain 2 coins."
    )
    assert texts["en"]["tithe"].endswith("Whenever an opponent buys a property deed: score 1 VP.")
    assert "Chaque fois qu'un joueur progresse sur une piste : " in texts["fr"]["echo"]
    assert "Telkens als je een klant (Orks) plaatst: " in texts["nl"]["orc_banner"]
