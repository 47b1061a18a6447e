"""``for_each``: an effect resolved for other players than the one who plays it (issue #9,
"effects act only on the acting player"). Each target acts as "you" in its share (its
coins, its choices), clockwise from the player; a target for whom the share would do
nothing is skipped."""

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
  - id: levy
    copies: 2
    cost: 0
    timing: own_turn
    name: {en: Levy, fr: Levée, nl: Heffing}
    effect: {for_each: {players: opponents, effect: {pay_coins: {amount: 1}}}}
  - id: largesse
    copies: 2
    cost: 1
    timing: own_turn
    name: {en: Largesse, fr: Largesse, nl: Vrijgevigheid}
    effect:
      for_each:
        players: all
        effect: {choose: [{gain_coins: {amount: 1}}, {draw_spells: {count: 1}}]}
  - id: snub
    copies: 2
    cost: 0
    timing: own_turn
    name: {en: Snub, fr: Camouflet, nl: Sneer}
    effect: {for_each: {players: chosen_opponent, effect: {pay_coins: {amount: 2}}}}
  - id: patrons
    copies: 2
    cost: 0
    timing: own_turn
    name: {en: Patrons, fr: Mécènes, nl: Beschermheren}
    effect: {for_each: {players: deed_owners, effect: {gain_coins: {amount: 2}}}}
"""


@pytest.fixture(scope="module")
def rules(tmp_path_factory: pytest.TempPathFactory) -> taverna.RuleSet:
    return pack_rules(tmp_path_factory.mktemp("levies"), {"spells.yaml": SPELLS}, "levies")


def resolving(rules: taverna.RuleSet, spell: str, coins: tuple[int, int, int]) -> tr.Game:
    """Ann's spell effect about to resolve, the coins of Ann, Bob and Cy as given."""
    text = f"""format: taverna-position/1
king: orc
players:
  - {{name: Ann, coins: {coins[0]}}}
  - {{name: Bob, coins: {coins[1]}}}
  - {{name: Cy, coins: {coins[2]}}}
spell_deck: [golden_rain#1, golden_rain#2, golden_rain#3]
stack: [{{kind: effect, player: Ann, ref: 'spell:{spell}'}}, end_game]
"""
    return tr.Game.from_position(rules, tr.load_position(rules, text))


def test_each_opponent_pays_and_one_who_cannot_is_skipped(rules: taverna.RuleSet) -> None:
    game = resolving(rules, "levy", (0, 2, 0))
    paid = [e for e in game.events if isinstance(e, ev.CoinsPaid)]
    assert paid == [ev.CoinsPaid(1, 1, "spell:levy")]
    assert [p.coins for p in game.state.players] == [0, 1, 0]


def test_each_player_chooses_in_turn_from_the_caster(rules: taverna.RuleSet) -> None:
    game = resolving(rules, "largesse", (3, 3, 3))
    deciders = []
    decision = game.decision
    while decision is not None and decision.kind == "effect_choice":
        deciders.append(decision.player)
        game.apply(decision.actions[0])  # gain 1 coin
        decision = game.decision
    assert deciders == [0, 1, 2]
    assert [p.coins for p in game.state.players] == [4, 4, 4]


def test_for_each_reads_in_every_language() -> None:
    node = parse_effect({"for_each": {"players": "opponents", "effect": {"pay_coins": {"amount": 1}}}})
    assert [render(node, lang=lang) for lang in LANGUAGES] == [
        "each opponent: pay 1 coin",
        "chaque adversaire : payez 1 sou",
        "elke tegenstander: betaal 1 munt",
    ]
    every = parse_effect({"for_each": {"players": "all", "effect": {"score_vp": {"amount": 2}}}})
    assert render(every).startswith("each player: score 2 VP")


def test_random_play_with_the_pack_passes_the_conformance_kit(rules: taverna.RuleSet) -> None:
    report = run_checks(rules, games=6, seed=11, player_counts=[3, 4])
    assert report.ok, report


def test_a_bad_target_is_a_located_problem(tmp_path: Path) -> None:
    folder = tmp_path / "bad"
    folder.mkdir()
    write_pack(folder, {})
    (folder / "spells.yaml").write_text(
        SPELLS.replace("players: opponents", "players: rivals"), encoding="utf-8"
    )
    (problem,) = tr.validate(folder).errors
    assert problem.code == "schema-enum" and problem.line == 11 and "rivals" in problem.message


def test_a_card_op_in_an_opponents_share_never_applies(tmp_path: Path) -> None:
    """Each opponent acts as "you" in its share, but only the acting player plays a card."""
    folder = tmp_path / "card"
    folder.mkdir()
    write_pack(folder, {})
    (folder / "spells.yaml").write_text(
        SPELLS.replace("effect: {pay_coins: {amount: 1}}", "effect: {add_card_symbol: {symbol: beer}}"),
        encoding="utf-8",
    )
    (problem,) = tr.validate(folder).errors
    assert problem.code == "never-applies" and "opponent's share" in problem.message
    assert problem.path == "$.spells[0].effect.for_each.effect.add_card_symbol" and problem.line == 11


def test_a_chosen_opponent_is_one_for_whom_it_does_something(rules: taverna.RuleSet) -> None:
    """Cy cannot pay 2 coins: only Bob may be chosen; he pays."""
    game = resolving(rules, "snub", (0, 3, 1))
    decision = game.decision
    assert decision is not None and (decision.kind, decision.player) == ("choose_player", 0)
    assert decision.actions == (tr.ChoosePlayer(1),)
    with pytest.raises(tr.IllegalActionError, match="choose_player"):
        game.apply(tr.ChoosePlayer(2))
    game.apply(tr.ChoosePlayer(1))
    assert [e for e in game.events if isinstance(e, ev.CoinsPaid)] == [ev.CoinsPaid(1, 2, "spell:snub")]


def test_no_opponent_to_choose_is_no_decision(rules: taverna.RuleSet) -> None:
    game = resolving(rules, "snub", (5, 1, 0))
    decision = game.decision
    assert decision is None or decision.kind != "choose_player"
    assert not [e for e in game.events if isinstance(e, ev.CoinsPaid)]


def test_a_chosen_opponent_reads_in_every_language() -> None:
    node = parse_effect({"for_each": {"players": "chosen_opponent", "effect": {"pay_coins": {"amount": 2}}}})
    assert [render(node, lang=lang) for lang in LANGUAGES] == [
        "an opponent of your choice: pay 2 coins",
        "un adversaire de votre choix : payez 2 sous",
        "een tegenstander naar keuze: betaal 2 munten",
    ]


def seated(rules: taverna.RuleSet, tavern: str | None) -> tr.Game:
    """Cy's Patrons about to resolve while Cy's customer sits in ``tavern`` (or before it
    sits: ``None``); Ann and Cy own deeds of the tankard, Bob of the grimoire."""
    text = f"""format: taverna-position/1
king: orc
players:
  - {{name: Ann, coins: 0}}
  - {{name: Bob, coins: 0}}
  - {{name: Cy, coins: 0}}
taverns:
  tankard: {{deeds: [Ann, Cy, null]}}
  grimoire: {{deeds: [Bob, null, null]}}
turn: {{player: Cy, card: c01, people: human, tavern: {tavern or "null"}, table: {1 if tavern else "null"}}}
spell_deck: [golden_rain#1, golden_rain#2, golden_rain#3]
stack: [{{kind: effect, player: Cy, ref: 'spell:patrons'}}, end_game]
"""
    return tr.Game.from_position(rules, tr.load_position(rules, text))


def test_the_owners_of_a_deed_of_the_tavern_gain_clockwise_from_the_player(rules: taverna.RuleSet) -> None:
    """Cy seats a customer in the tankard: its deed owners gain, Cy first (Cy owns one),
    then Ann; Bob, who owns only a grimoire deed, gains nothing."""
    game = seated(rules, "tankard")
    gained = [e for e in game.events if isinstance(e, ev.CoinsGained) and e.reason == "spell:patrons"]
    assert [(e.player, e.amount) for e in gained] == [(2, 2), (0, 2)]
    other = seated(rules, "grimoire")
    gained = [e for e in other.events if isinstance(e, ev.CoinsGained) and e.reason == "spell:patrons"]
    assert [(e.player, e.amount) for e in gained] == [(1, 2)]


def test_no_owners_before_the_customer_sits(rules: taverna.RuleSet) -> None:
    game = seated(rules, None)
    assert not [e for e in game.events if isinstance(e, ev.CoinsGained) and e.reason == "spell:patrons"]


def test_deed_owners_read_in_every_language() -> None:
    node = parse_effect({"for_each": {"players": "deed_owners", "effect": {"gain_coins": {"amount": 2}}}})
    assert [render(node, lang=lang) for lang in LANGUAGES] == [
        "each owner of a property deed of this tavern: gain 2 coins",
        "chaque propriétaire d'un titre de propriété de cette taverne : gagnez 2 sous",
        "elke eigenaar van een eigendomstitel van deze taverne: ontvang 2 munten",
    ]
