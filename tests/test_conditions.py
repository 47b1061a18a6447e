"""Conditions compare three ways: at least, at most, exactly. A card can say "if you have
at most 1 Prestige" as it reads, instead of "if 1 is at least your Prestige"."""

from __future__ import annotations

from pathlib import Path

import pytest

import taverna_rules as tr
from scenario import pack_rules, write_pack
from taverna_rules.dsl.evaluate import compare
from taverna_rules.dsl.nodes import RELATIONS, Compare, Count, Node
from taverna_rules.dsl.parse import parse_cond, parse_effect
from taverna_rules.games.taverna.expressions import EVALUATOR
from taverna_rules.games.taverna.vocabulary import render

RULES = tr.load_rules()


@pytest.mark.parametrize(
    ("relation", "holds"),
    [("at_least", (False, True, True)), ("at_most", (True, True, False)), ("exactly", (False, True, False))],
)
def test_a_count_compared_each_way(relation: str, holds: tuple[bool, bool, bool]) -> None:
    cond = parse_cond({relation: [{"count": "coins"}, 5]})
    assert cond == Compare(relation, Count("coins"), 5)
    game = tr.new_game(RULES, ["Ann", "Bob"], seed=1)
    state = game.state
    for coins, expected in zip((4, 5, 6), holds, strict=True):
        players = (state.players[0].replace(coins=coins), *state.players[1:])
        assert EVALUATOR.holds(cond, state.replace(players=players), 0) is expected
        assert compare(relation, coins, 5) is expected


def _if(cond: dict[str, object]) -> Node:
    return parse_effect({"if": {"cond": cond, "then": {"score_vp": {"amount": 2}}}})


@pytest.mark.parametrize(
    ("relation", "en", "fr", "nl"),
    [
        ("at_most", "if you have at most 1 coin in hand", "si vous avez au plus 1", "als je hoogstens 1"),
        ("exactly", "if you have exactly 1 coin in hand", "si vous avez exactement 1", "als je precies 1"),
    ],
)
def test_the_rules_text_says_the_comparison(relation: str, en: str, fr: str, nl: str) -> None:
    node = parse_effect(
        {"if": {"cond": {relation: [{"count": "coins"}, 1]}, "then": {"score_vp": {"amount": 2}}}}
    )
    assert render(node) == f"{en}: score 2 VP"
    assert render(node, lang="fr").startswith(fr)
    assert render(node, lang="nl").startswith(nl)
    node = parse_effect(
        {"if": {"cond": {relation: [3, {"count": "coins"}]}, "then": {"score_vp": {"amount": 2}}}}
    )
    assert f"3 is {relation.replace('_', ' ')} coins in hand" in render(node)


def test_a_pack_may_write_every_comparison_and_is_told_of_a_mistake(tmp_path: Path) -> None:
    favour = (
        "format: 1\nkind: favours\nprovenance: reconstructed\nfavours:\n"
        "  - id: thrift\n    copies: 1\n    name: {en: Thrift, fr: Épargne, nl: Zuinigheid}\n"
        "    effect: {if: {cond: {%s: [{count: coins}, 1]}, then: {gain_coins: {amount: 2}}}}\n"
    )
    for relation in RELATIONS:
        rules = pack_rules(tmp_path / relation, {"favours.yaml": favour % relation}, relation)
        effect = rules.favour("thrift").effect
        assert effect is not None
        cond = effect.arg("cond")
        assert cond == Compare(relation, Count("coins"), 1)
    # Two comparisons in one condition: refused, at the line of the condition.
    write_pack(tmp_path / "two", {"favours.yaml": favour % "at_most: [1, 2], at_least"}, "two")
    report = tr.validate(tmp_path / "two")
    assert not report.ok
    located = [p for p in report.problems if p.file and p.file.endswith("favours.yaml")]
    assert located and located[0].line == 8, report.format_text()


def test_a_count_may_read_the_rules() -> None:
    """A number the content prints (the Prestige a number of pints gives) is counted from
    the rules and the state, not stored in the state."""
    from taverna_rules.dsl.evaluate import Evaluator
    from taverna_rules.dsl.nodes import Table

    evaluator = Evaluator(
        {"coins": lambda state, player: state[player]},
        rules_counters={"prestige": lambda rules, state, player: rules[state[player]]},
    )
    bands = {0: 1, 1: 1, 2: 2, 3: 2, 4: 3}
    coins = (3, 4)
    assert evaluator.evaluate(Count("prestige"), coins, 1, rules=bands) == 3
    cond = Compare("at_most", Count("prestige"), 2)
    assert evaluator.holds(cond, coins, 0, bands) and not evaluator.holds(cond, coins, 1, bands)
    table = Table(Count("prestige"), (0, 2, 3), (0, 5, 9))
    assert evaluator.evaluate(table, coins, 1, rules=bands) == 9
    with pytest.raises(tr.GameModuleError, match="'prestige' reads the rules"):
        evaluator.evaluate(Count("prestige"), coins, 0)
