"""The effect DSL: parsing, rules text, and the schema generated from the op table."""

from __future__ import annotations

from pathlib import Path

import jsonschema
import pytest

import taverna_rules as tr
from scenario import RULES
from taverna_rules.dsl.nodes import Count, Node, Table
from taverna_rules.dsl.parse import parse_effect
from taverna_rules.games.taverna.vocabulary import effect_schema, render


@pytest.mark.parametrize(
    "game", [g for g in tr.installed_games() if tr.game_module(g).vocabulary is not None]
)
def test_every_op_example_is_valid_and_renders(game: str) -> None:
    """Each op's documented YAML example, control ops included (written in the game's own
    ops), passes the game's generated schema and renders in each of its languages."""
    from ruamel.yaml import YAML

    vocabulary = tr.game_module(game).vocabulary
    assert vocabulary is not None
    validator = jsonschema.Draft202012Validator(vocabulary.effect_schema())
    for name, spec in vocabulary.ops.items():
        example = YAML(typ="safe", pure=True).load(spec.example)
        assert list(example) == [name]
        assert not list(validator.iter_errors(example)), (name, spec.example)
        for lang in vocabulary.languages:
            assert vocabulary.render(parse_effect(example), lang=lang), (name, lang)


def test_royal_scoring_rules_text() -> None:
    assert render(RULES.royal("king").effect) == (
        "score 5 VP, then gain 1 level on every people track (no bonuses)"
    )
    assert render(RULES.royal("queen").effect) == (
        "score 3/6/9/12/15 VP for 0/2/3/4/5 royal favours owned, used or not"
    )


def test_parse_builds_frozen_nodes() -> None:
    node = parse_effect(
        {"score_vp": {"amount": {"table": {"of": {"count": "coins"}, "at_least": [0, 6], "points": [3, 6]}}}}
    )
    assert node == Node("score_vp", (("amount", Table(Count("coins"), (0, 6), (3, 6))),))
    assert hash(node) == hash(
        parse_effect(
            {
                "score_vp": {
                    "amount": {"table": {"of": {"count": "coins"}, "at_least": [0, 6], "points": [3, 6]}}
                }
            }
        )
    )


def test_bad_amount_gets_a_clear_message(tmp_path: Path) -> None:
    (tmp_path / "t.yaml").write_text(
        "format: 1\nkind: tracks\ntracks:\n  - people: orc\n    bonuses:\n"
        "      5: {gain_coins: {amount: lots}}\n"
    )
    (problem,) = tr.validate([tmp_path]).problems
    assert problem.code == "schema-expression"
    assert problem.message == "'lots' is not an amount" and "count" in problem.hint


@pytest.mark.parametrize(
    "effect",
    [
        {"repeat": {"times": 11, "effect": {"gain_coins": {"amount": 1}}}},
        {"seq": []},
        {"choose": [{"gain_coins": {"amount": 1}}]},
        {"gain_coins": {"amount": 1}, "score_vp": {"amount": 1}},
        {"advance_track": {"people": "orc", "levels": 9}},
    ],
)
def test_unbounded_or_malformed_effects_are_refused(effect: dict[str, object]) -> None:
    """Effects are bounded by their schema: no unbounded repeat, no empty or one-way choice."""
    validator = jsonschema.Draft202012Validator(effect_schema())
    assert list(validator.iter_errors(effect))


def test_conditions_render_in_words() -> None:
    node = parse_effect(
        {"if": {"cond": {"at_least": [{"count": "coins"}, 6]}, "then": {"score_vp": {"amount": 2}}}}
    )
    assert render(node) == "if you have at least 6 coins in hand: score 2 VP"
