"""The effect DSL's core knows no game: a game's vocabulary is the core's control ops plus
its own primitive ops, counts and words, in the languages it declares."""

from __future__ import annotations

import attrs
import jsonschema
import pytest

import taverna_rules as tr
from taverna_rules.dsl.ops import OpSpec, control_ops
from taverna_rules.dsl.parse import parse_effect
from taverna_rules.dsl.schema import EXPR, args_schema
from taverna_rules.dsl.text import CORE_PHRASES, CountText, Text
from taverna_rules.dsl.vocabulary import Vocabulary
from taverna_rules.games.taverna.vocabulary import VOCABULARY

#: A toy game's vocabulary, in English only: one primitive op and one count.
RACE = Vocabulary(
    ops={
        spec.name: spec
        for spec in (
            *control_ops(
                ("opponents",), "opponents: every other racer", ("gain_points: {amount: 2}",) * 2 + ("rolls",)
            ),
            OpSpec(
                "gain_points",
                "primitive",
                args_schema({"amount": EXPR}, ("amount",)),
                "Bank points.",
                "gain_points: {amount: 2}",
                Text(en="bank {amount} {amount:point|points}"),
            ),
        )
    },
    counts={"rolls": CountText(Text(en="rolls this turn"), Text(en="roll this turn"))},
    phrases={**CORE_PHRASES, "players:opponents": Text(en="each opponent")},
)


def test_a_game_s_rules_text_comes_from_its_own_ops_and_words() -> None:
    node = parse_effect(
        {
            "seq": [
                {"gain_points": {"amount": 1}},
                {
                    "for_each": {
                        "players": "opponents",
                        "effect": {"gain_points": {"amount": {"count": "rolls"}}},
                    }
                },
                {
                    "if": {
                        "cond": {"at_least": [{"count": "rolls"}, 3]},
                        "then": {"gain_points": {"amount": 5}},
                    }
                },
            ]
        }
    )
    assert RACE.render(node) == (
        "bank 1 point, then each opponent: bank 1 point per roll this turn, "
        "then you: if you have at least 3 rolls this turn: bank 5 points"
    )


def test_a_game_is_rendered_only_in_its_languages() -> None:
    node = parse_effect({"gain_points": {"amount": 2}})
    with pytest.raises(ValueError, match="exists in en"):
        RACE.render(node, "fr")
    assert VOCABULARY.languages == ("en", "fr", "nl")
    with pytest.raises(ValueError, match="a vocabulary is written in English"):
        Vocabulary(ops={}, counts={}, phrases={}, languages=("de",))


def test_a_game_s_effect_schema_names_its_ops_and_counts() -> None:
    schema = RACE.effect_schema()
    effect = schema["$defs"]["effect"]
    assert effect["propertyNames"]["enum"] == sorted(
        ["seq", "each_possible", "choose", "optional", "if", "for_each", "repeat", "gain_points"]
    )
    validator = jsonschema.Draft202012Validator(schema)
    assert not list(
        validator.iter_errors(
            {"repeat": {"times": {"count": "rolls"}, "effect": {"gain_points": {"amount": 1}}}}
        )
    )
    assert list(validator.iter_errors({"gain_coins": {"amount": 1}}))  # Taverna's op, not the race's
    assert list(validator.iter_errors({"gain_points": {"amount": {"count": "coins"}}}))  # Taverna's count
    assert list(
        validator.iter_errors(
            {"for_each": {"players": "deed_owners", "effect": {"gain_points": {"amount": 1}}}}
        )
    )


def test_a_game_module_s_ops_and_executors_name_the_same_ops() -> None:
    taverna = tr.game_module("taverna")
    assert taverna.vocabulary is VOCABULARY
    with pytest.raises(tr.GameModuleError, match=r"ops without an executor \['gain_coins'\]"):
        attrs.evolve(taverna, ops={k: v for k, v in taverna.ops.items() if k != "gain_coins"})
