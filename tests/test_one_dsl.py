"""The control ops mean the same in every game: one effect tree, run through Taverna's and
Cavern Tavern's applicability and executors, applies and resolves alike.

Each tree is written over three placeholder steps that each game fills with its own
ops: ``a`` and ``b`` always apply (Taverna gains 1 or 2 coins, Cavern Tavern scores 1 or
2 points: what resolved is read back from the events), ``no`` never does (a climb of 0
levels; taking the first-player token one already holds). A choice takes its first
option offered, an optional step is taken.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs
import pytest

import taverna_rules as tr
from taverna_rules._records import evolve
from taverna_rules.core.records import Task
from taverna_rules.dsl.nodes import Node
from taverna_rules.dsl.parse import parse_effect
from taverna_rules.games.cavern_tavern import applicable as cavern_applicable
from taverna_rules.games.cavern_tavern import events as cavern_events
from taverna_rules.games.taverna import applicable as taverna_applicable
from taverna_rules.games.taverna import events as taverna_events

A, B, NO = {"step": "a"}, {"step": "b"}, {"step": "no"}

#: Each tree, whether it applies, and the steps it resolves (by amount: a is 1, b is 2).
CASES: list[tuple[str, Any, bool, list[int]]] = [
    ("seq of steps that all apply", {"seq": [A, B]}, True, [1, 2]),
    ("seq with a step that cannot", {"seq": [A, NO, B]}, False, [1, 2]),
    ("each_possible with a step that cannot", {"each_possible": [NO, B]}, True, [2]),
    ("each_possible of steps that cannot", {"each_possible": [NO, NO]}, False, []),
    ("choose of two that apply", {"choose": [B, A]}, True, [2]),
    ("choose offers what applies", {"choose": [NO, B]}, True, [2]),
    ("choose of options that cannot", {"choose": [NO, NO]}, False, []),
    (
        "nested choose offers what applies",
        {"each_possible": [{"choose": [NO, {"seq": [B, A]}]}]},
        True,
        [2, 1],
    ),
    ("optional that can", {"optional": A}, True, [1]),
    ("optional that cannot", {"optional": NO}, True, []),
    ("seq with an optional step that cannot", {"seq": [A, {"optional": NO}]}, True, [1]),
    ("repeat", {"repeat": {"times": 2, "effect": B}}, True, [2, 2]),
    ("repeat of a step that cannot", {"repeat": {"times": 3, "effect": NO}}, False, []),
    ("if on a count always applies", {"if": {"cond": {"at_least": [0, 1]}, "then": A}}, True, []),
    (
        "if on a count takes else",
        {"if": {"cond": {"at_least": [0, 1]}, "then": A, "else": {"seq": [B, NO]}}},
        True,
        [2],
    ),
    ("nested", {"each_possible": [{"seq": [A, NO]}, {"choose": [A, {"seq": [B, A]}]}]}, True, [1, 1]),
]


def _fill(tree: Any, steps: Mapping[str, Any]) -> Any:
    """The tree with its placeholder steps replaced by a game's ops."""
    if isinstance(tree, dict):
        if set(tree) == {"step"}:
            return steps[tree["step"]]
        return {key: _fill(value, steps) for key, value in tree.items()}
    if isinstance(tree, list):
        return [_fill(item, steps) for item in tree]
    return tree


@attrs.frozen
class _Game:
    """How a test runs an effect tree in one game."""

    rules: Any
    steps: Mapping[str, Any]
    #: ``with_effect(rules, node) -> (rules, ref)``: the rules with a card bearing ``node``.
    with_effect: Callable[[Any, Node], tuple[Any, str]]
    state: Callable[[Any], Any]
    applies: Callable[[Any, Any, Node], bool]
    #: The amounts the acting player got, from the game's events.
    gains: Callable[[tr.Game], list[int]]


def _taverna() -> _Game:
    rules = tr.load_rules()

    def with_effect(rules: Any, node: Node) -> tuple[Any, str]:
        spell = rules.spells[0]
        spells = (attrs.evolve(spell, effect=node), *rules.spells[1:])
        return attrs.evolve(rules, spells=spells), f"spell:{spell.id}"

    def applies(rules: Any, state: Any, node: Node) -> bool:
        coins = state.players[0].coins
        return taverna_applicable.applicable(rules, state, 0, node, coins=coins, arrival=None)

    return _Game(
        rules,
        {
            "a": {"gain_coins": {"amount": 1}},
            "b": {"gain_coins": {"amount": 2}},
            "no": {"advance_track": {"people": "orc", "levels": {"count": "deeds_owned"}}},
        },
        with_effect,
        lambda rules: tr.new_game(rules, ["Ann", "Bob"], seed=1).state,
        applies,
        lambda game: [
            e.amount for e in game.events if isinstance(e, taverna_events.CoinsGained) and e.player == 0
        ],
    )


def _cavern() -> _Game:
    rules = tr.load_rules(game="cavern_tavern")

    def with_effect(rules: Any, node: Node) -> tuple[Any, str]:
        item = rules.items[0]
        items = (attrs.evolve(item, effect=node), *rules.items[1:])
        return attrs.evolve(rules, items=items), f"item:{item.id}"

    def state(rules: Any) -> Any:
        return tr.new_game(rules, ["Ann", "Bob"], seed=1).state.replace(first=0)

    return _Game(
        rules,
        {"a": {"score": {"points": 1}}, "b": {"score": {"points": 2}}, "no": {"take_first_player": {}}},
        with_effect,
        state,
        lambda rules, state, node: cavern_applicable.applicable(rules, state, 0, node),
        lambda game: [
            e.amount for e in game.events if isinstance(e, cavern_events.VPScored) and e.player == 0
        ],
    )


GAMES = {"taverna": _taverna(), "cavern_tavern": _cavern()}


def _outcome(game: _Game, tree: Any) -> tuple[bool, list[int]]:
    """Whether the tree applies for the first player, and what it resolves for them."""
    node = parse_effect(_fill(tree, game.steps))
    rules, ref = game.with_effect(game.rules, node)
    state = game.state(rules)
    applies = game.applies(rules, state, node)
    state = evolve(state, stack=(*state.stack, Task("effect", 0, ref)))
    played = tr.Game.from_position(rules, state, undo="always")
    while played.decision is not None and played.decision.kind == "effect_choice":
        played.apply(played.legal_actions()[0])
    return applies, game.gains(played)


@pytest.mark.parametrize(("case", "tree", "applies", "resolved"), CASES, ids=[c[0] for c in CASES])
def test_a_control_op_means_the_same_in_every_game(
    case: str, tree: Any, applies: bool, resolved: list[int]
) -> None:
    outcomes = {name: _outcome(game, tree) for name, game in GAMES.items()}
    assert outcomes == dict.fromkeys(GAMES, (applies, resolved)), case


def test_who_does_what_reads_plainly_after_each_opponent() -> None:
    """The step after a ``for_each`` falls on the acting player, and the text says so; a
    list inside a ``for_each`` is bracketed, so its end is where the players' part ends."""
    from taverna_rules.games.taverna.vocabulary import render

    pay = {"for_each": {"players": "opponents", "effect": {"pay_coins": {"amount": 1}}}}
    gain = {"gain_coins": {"amount": {"count": "opponents"}}}
    yours = parse_effect({"seq": [pay, gain]})
    assert [render(yours, lang=lang) for lang in ("en", "fr", "nl")] == [
        "each opponent: pay 1 coin, then you: gain 1 coin per opponent",
        "chaque adversaire : payez 1 sou, puis vous : gagnez 1 sou par adversaire",
        "elke tegenstander: betaal 1 munt en jij: ontvang 1 munt per tegenstander",
    ]
    theirs = parse_effect(
        {"for_each": {"players": "opponents", "effect": {"seq": [pay["for_each"]["effect"], gain]}}}
    )
    assert render(theirs) == "each opponent: (pay 1 coin, then gain 1 coin per opponent)"
