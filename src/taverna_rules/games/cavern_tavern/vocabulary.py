"""Cavern Tavern's effect vocabulary: its primitive ops (one executor each in
:mod:`taverna_rules.games.cavern_tavern.effects`), what ``{count: ...}`` counts, and the
words of its rules text, in English (the language of its rulebook). The core's
:class:`~taverna_rules.dsl.vocabulary.Vocabulary` makes the effect schema and the rules text
from them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from taverna_rules.dsl.nodes import Node
from taverna_rules.dsl.ops import OpSpec, control_ops
from taverna_rules.dsl.schema import EXPR, args_schema, or_expression
from taverna_rules.dsl.text import CORE_PHRASES, CountText, Text
from taverna_rules.dsl.vocabulary import Vocabulary

__all__ = ["COUNT_TEXTS", "LANGUAGES", "OPS", "PHRASES", "VOCABULARY", "effect_schema", "render"]

JSON = dict[str, Any]
#: The languages of Cavern Tavern's rules text: its rulebook is in English.
LANGUAGES: tuple[str, ...] = ("en",)
#: The twelve ingredients and the Magic Potion (printed): the values an op may name.
INGREDIENT_IDS = (
    "ambrosia",
    "beer",
    "elixir",
    "fruit",
    "herbs",
    "liqueur",
    "mead",
    "nectar",
    "rocks",
    "spirits",
    "syrup",
    "wine",
)
_INGREDIENT: JSON = {
    "enum": [*INGREDIENT_IDS, "magic_potion"],
    "description": "an ingredient (or magic_potion)",
}
_FEW: JSON = {"type": "integer", "minimum": 1, "maximum": 5}
_NONE = args_schema({}, ())


def _count(many: str, each: str) -> CountText:
    return CountText(Text(en=many), Text(en=each))


#: What ``{count: ...}`` counts, for the acting player.
COUNT_TEXTS: Mapping[str, CountText] = {
    "orders_served": _count("orders served", "order served"),
    "kitchen_level": _count("levels on the Kitchen track", "level on the Kitchen track"),
    "chores_level": _count("levels on the Chores track", "level on the Chores track"),
    "nasty_position": _count("spaces down the Nasty track", "space down the Nasty track"),
    "items_held": _count("item cards in hand", "item card in hand"),
    "ingredients_held": _count("ingredients held", "ingredient held"),
    "vp": _count("VP scored", "VP scored"),
    "opponents": _count("opponents", "opponent"),
    **{
        f"served_with_{i}": _count(f"orders served holding {i.title()}", f"order served holding {i.title()}")
        for i in INGREDIENT_IDS
    },
}


def _op(name: str, schema: JSON, doc: str, example: str, text: str) -> OpSpec:
    return OpSpec(name, "primitive", schema, doc, example, Text(en=text))


#: Cavern Tavern's primitive ops.
PRIMITIVES: tuple[OpSpec, ...] = (
    _op(
        "gain_ingredient",
        args_schema({"ingredient": _INGREDIENT}, ("ingredient",)),
        "Take one ingredient card from the supply (none when none is left).",
        "gain_ingredient: {ingredient: wine}",
        "take {ingredient}",
    ),
    _op(
        "gain_any_ingredient",
        _NONE,
        "Take an ingredient of your choice from the Cellar (not a Magic Potion).",
        "gain_any_ingredient: {}",
        "take an ingredient of your choice from the Cellar",
    ),
    _op(
        "score",
        args_schema(
            {"points": or_expression({"type": "integer", "minimum": -30, "maximum": 30}), "per": EXPR},
            ("points",),
        ),
        "Score points (lose them when negative); with ``per``, that many times a count.",
        "score: {points: 3, per: {count: served_with_wine}}",
        "score {points} {points:point|points}",
    ),
    _op(
        "draw_items",
        args_schema({"count": _FEW}, ("count",)),
        "Draw item cards from the deck into your hand.",
        "draw_items: {count: 1}",
        "draw {count} {count:item|items}",
    ),
    _op(
        "pick_item",
        _NONE,
        "Draw item cards (3 in the base game), keep one and return the others to the deck.",
        "pick_item: {}",
        "draw 3 items, keep one and return the others",
    ),
    _op(
        "take_first_player",
        _NONE,
        "Take the First Player Marker: you begin the next round.",
        "take_first_player: {}",
        "take the First Player Marker",
    ),
    _op(
        "cellar_trade",
        args_schema({"give": _FEW}, ("give",)),
        "Give back ingredients of any kind to the Cellar, then take one of your choice.",
        "cellar_trade: {give: 2}",
        "trade {give} ingredients of any kind with the Cellar for 1 of your choice",
    ),
    _op(
        "steal_ingredient",
        _NONE,
        "Take an ingredient of an opponent of your choice (not a Magic Potion).",
        "steal_ingredient: {}",
        "steal an ingredient from another player (not a Magic Potion)",
    ),
    _op(
        "forced_trade",
        _NONE,
        "Take an ingredient of an opponent and give them one of yours (no Magic Potions).",
        "forced_trade: {}",
        "force a trade of 1 ingredient with another player",
    ),
    _op(
        "nasty",
        args_schema(
            {"steps": {"type": "integer", "minimum": -3, "maximum": 3, "not": {"const": 0}}}, ("steps",)
        ),
        "Move on your Nasty track: -1 is one space up (a better reputation), 1 one space down.",
        "nasty: {steps: -1}",
        "move {steps} on the Nasty track",
    ),
    _op(
        "badmouth",
        _NONE,
        "Bad-mouth a co-worker: an opponent of your choice goes one space down the Nasty track.",
        "badmouth: {}",
        "bad-mouth a co-worker (one space down the Nasty track)",
    ),
    _op(
        "advance_track",
        args_schema({"track": {"enum": ["kitchen", "chores"]}}, ("track",)),
        "Go one level up the Kitchen or Chores track (no task's extra points).",
        "advance_track: {track: kitchen}",
        "go one level up the {track} track",
    ),
    _op(
        "adjust_die",
        args_schema({"by": {"type": "integer", "minimum": 1, "maximum": 5}}, ("by",)),
        "Turn one of your unplaced dice by up to ``by`` pips (5: to any face).",
        "adjust_die: {by: 1}",
        "turn one of your dice by up to {by}",
    ),
    _op(
        "reroll_dice",
        _NONE,
        "Roll all your unplaced dice again.",
        "reroll_dice: {}",
        "roll your unplaced dice again",
    ),
    _op(
        "open_taken_place",
        _NONE,
        "This turn you may place dice on a Kitchen task or Chore already taken this round.",
        "open_taken_place: {}",
        "this turn, you may use a Kitchen task or Chore already taken this round",
    ),
    _op(
        "reset_order_time",
        _NONE,
        "Your open order counts as taken this round (its customers wait again).",
        "reset_order_time: {}",
        "your open order counts as taken this round",
    ),
    _op(
        "return_ingredients",
        args_schema({"ingredient": _INGREDIENT, "count": _FEW}, ("ingredient", "count")),
        "Give back ingredients of one kind to the supply (a demand of Nasty).",
        "return_ingredients: {ingredient: beer, count: 2}",
        "give back {count} {ingredient}",
    ),
    _op(
        "return_any_ingredients",
        args_schema({"count": _FEW}, ("count",)),
        "Give back ingredients of your choice to the supply (a demand of Nasty).",
        "return_any_ingredients: {count: 2}",
        "give back {count} {count:ingredient|ingredients} of your choice",
    ),
    _op(
        "give_items",
        args_schema({"count": _FEW}, ("count",)),
        "Hand item cards of your choice to Nasty (a demand of Nasty).",
        "give_items: {count: 1}",
        "hand {count} {count:item|items} to Nasty",
    ),
)

#: The words of the control ops' examples: two of the game's ops and one of its counts.
_EXAMPLES = ("score: {points: 2}", "gain_ingredient: {ingredient: wine}", "orders_served")
OPS: Mapping[str, OpSpec] = {op.name: op for op in (*control_ops((), "", _EXAMPLES), *PRIMITIVES)}

PHRASES: Mapping[str, Text] = {
    **CORE_PHRASES,
    "ingredient:magic_potion": Text(en="a Magic Potion"),
}


def _special(vocabulary: Vocabulary, node: Node, lang: str) -> str | None:
    if node.op == "nasty":
        steps = node.arg("steps")
        assert isinstance(steps, int)
        where = "up" if steps < 0 else "down"
        spaces = "space" if abs(steps) == 1 else "spaces"
        return f"go {abs(steps)} {spaces} {where} the Nasty track"
    if node.op == "return_ingredients" and node.arg("ingredient") == "magic_potion":
        count = node.arg("count")
        return f"give back {count} Magic {'Potion' if count == 1 else 'Potions'}"
    amount = node.arg("points")
    if node.op == "score" and isinstance(amount, int) and amount < 0 and node.arg("per") is None:
        return f"lose {-amount} {'point' if amount == -1 else 'points'}"
    return None


VOCABULARY = Vocabulary(ops=OPS, counts=COUNT_TEXTS, phrases=PHRASES, languages=LANGUAGES, special=_special)


def effect_schema() -> JSON:
    """The JSON Schema (Draft 2020-12) of a Cavern Tavern effect, generated from :data:`OPS`."""
    return VOCABULARY.effect_schema()


def render(node: Node, lang: str = "en", *, name: Callable[[str], str] = str) -> str:
    """Rules text of a Cavern Tavern effect (English). ``name`` turns an ingredient or
    track id into the words to show (by default the ids themselves)."""
    return VOCABULARY.render(node, lang, names={"ingredient": name, "track": name})
