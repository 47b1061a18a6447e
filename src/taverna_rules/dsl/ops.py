"""The op table: every effect op, its argument schema, its documentation and its text.

This table is the one source for the effect JSON Schema (:func:`effect_schema`), the DSL
reference in the docs and the rules text (:func:`render`). The kernel holds one executor
per op; a test proves the two tables name the same ops.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal

import attrs

from taverna_rules.dsl.nodes import Arg, AtLeast, Count, Expr, Node, Table

__all__ = [
    "COUNTS",
    "OPS",
    "OpSpec",
    "effect_schema",
    "parse_effect",
    "parse_expr",
    "render",
    "render_expr",
]

JSON = dict[str, Any]
EFFECT: JSON = {"$ref": "#/$defs/effect"}
EXPR: JSON = {"$ref": "#/$defs/expr"}
COND: JSON = {"$ref": "#/$defs/cond"}
MAX_REPEAT = 10

#: What ``{count: ...}`` can count, for the acting player.
COUNTS: Mapping[str, str] = {
    "coins": "coins in hand",
    "favours_owned": "royal favours owned, used or not",
    "deeds_owned": "property deeds on the board",
    "spells_cast": "spells cast during the game",
    "spells_in_hand": "spell cards in hand",
    "privileges": "privilege tokens held",
}


def _args(properties: JSON, required: tuple[str, ...]) -> JSON:
    return {
        "type": "object",
        "properties": properties,
        "required": list(required),
        "additionalProperties": False,
    }


def _amount(word: str) -> JSON:
    return _args({word: EXPR}, (word,))


@attrs.frozen
class OpSpec:
    """One op of the effect DSL."""

    name: str
    kind: Literal["control", "primitive"]
    schema: JSON = attrs.field(eq=False)
    doc: str
    example: str
    template: str


_LEVELS: JSON = {"type": "integer", "minimum": 1, "maximum": 3}
_PEOPLE: JSON = {
    "type": "string",
    "description": "a people id, 'card' (the people of the customer played) or 'choice'",
}

OPS: Mapping[str, OpSpec] = {
    spec.name: spec
    for spec in (
        OpSpec(
            "seq",
            "control",
            {"type": "array", "items": EFFECT, "minItems": 1, "maxItems": 16},
            "Resolve the effects in order.",
            "seq:\n  - gain_coins: {amount: 2}\n  - score_vp: {amount: 1}",
            "{children}",
        ),
        OpSpec(
            "choose",
            "control",
            {"type": "array", "items": EFFECT, "minItems": 2, "maxItems": 8},
            "The acting player chooses one of the effects.",
            "choose:\n  - gain_coins: {amount: 3}\n  - draw_spells: {count: 1}",
            "choose one: {children}",
        ),
        OpSpec(
            "optional",
            "control",
            EFFECT,
            "The acting player may resolve the effect or decline it.",
            "optional: {gain_privileges: {count: 1}}",
            "you may {children}",
        ),
        OpSpec(
            "if",
            "control",
            _args({"cond": COND, "then": EFFECT, "else": EFFECT}, ("cond", "then")),
            "Resolve ``then`` when the condition holds, else ``else`` (if given).",
            "if:\n  cond: {at_least: [{count: coins}, 6]}\n  then: {score_vp: {amount: 2}}",
            "if {cond}: {children}",
        ),
        OpSpec(
            "repeat",
            "control",
            _args(
                {
                    "times": {"type": "integer", "minimum": 1, "maximum": MAX_REPEAT},
                    "effect": EFFECT,
                },
                ("times", "effect"),
            ),
            f"Resolve the effect a fixed number of times (at most {MAX_REPEAT}).",
            "repeat: {times: 2, effect: {draw_spells: {count: 1}}}",
            "{times} times: {children}",
        ),
        OpSpec(
            "gain_coins",
            "primitive",
            _amount("amount"),
            "The acting player takes coins from the bank (coins are unlimited).",
            "gain_coins: {amount: 2}",
            "gain {amount} coin(s)",
        ),
        OpSpec(
            "pay_coins",
            "primitive",
            _amount("amount"),
            "The acting player pays coins to the bank, at most what they have.",
            "pay_coins: {amount: 1}",
            "pay {amount} coin(s)",
        ),
        OpSpec(
            "score_vp",
            "primitive",
            _amount("amount"),
            "The acting player scores victory points.",
            "score_vp: {amount: 3}",
            "score {amount} VP",
        ),
        OpSpec(
            "draw_spells",
            "primitive",
            _amount("count"),
            "The acting player draws spell cards (fewer if the deck runs out).",
            "draw_spells: {count: 1}",
            "draw {count} spell card(s)",
        ),
        OpSpec(
            "gain_privileges",
            "primitive",
            _amount("count"),
            "The acting player takes privilege tokens from the supply while it lasts.",
            "gain_privileges: {count: 1}",
            "take {count} privilege token(s)",
        ),
        OpSpec(
            "advance_track",
            "primitive",
            _args({"people": _PEOPLE, "levels": _LEVELS, "bonuses": {"type": "boolean"}}, ("people",)),
            "Move up people tracks one level at a time, gaining each position's bonus "
            "unless ``bonuses: false``; the top position is for the first player there.",
            "advance_track: {people: orc, levels: 1}",
            "gain {levels} level(s) on the track of {people}",
        ),
        OpSpec(
            "buy_deed",
            "primitive",
            _args(
                {
                    "where": {"enum": ["arrival"]},
                    "takeover_premium": {"type": "integer", "minimum": 0, "maximum": 20},
                },
                ("where",),
            ),
            "Buy a deed in the tavern of arrival: an unowned one at its price, or an opponent's "
            "at its price plus ``takeover_premium`` (half of what is paid, rounded down, goes to "
            "them; they keep their VP; never a player's last deed); one deed per player per tavern.",
            "buy_deed: {where: arrival, takeover_premium: 3}",
            "buy a deed in the tavern of arrival (an opponent's for {takeover_premium} coin(s) more)",
        ),
        OpSpec(
            "place_guild_tokens",
            "primitive",
            _args(
                {
                    "count": {"type": "integer", "minimum": 1, "maximum": 3},
                    "where": {"enum": ["arrival", "any"]},
                },
                ("count", "where"),
            ),
            "Place guild tokens from the supply, never two identical ones in a tavern; "
            "``where: arrival`` in the tavern of arrival, ``any`` in a tavern of your choice.",
            "place_guild_tokens: {count: 1, where: any}",
            "place {count} guild token(s) in {where}",
        ),
        OpSpec(
            "take_favours",
            "primitive",
            _args({"count": {"type": "integer", "minimum": 1, "maximum": 5}}, ("count",)),
            "Take royal favours from the castle, one at a time; the castle is then refilled from "
            "the face-down reserve while it lasts.",
            "take_favours: {count: 2}",
            "take {count} royal favour(s) from the castle",
        ),
        OpSpec(
            "add_card_symbol",
            "primitive",
            _args({"symbol": {"type": "string", "description": "a guild symbol id"}}, ("symbol",)),
            "Add a guild symbol to the customer card played this turn; a symbol the card already "
            "shows gives nothing twice, and it only matters before the step it triggers.",
            "add_card_symbol: {symbol: beer}",
            "add the {symbol} symbol to the card you play",
        ),
        OpSpec(
            "change_card_symbol",
            "primitive",
            _args({}, ()),
            "Replace a guild symbol of the customer card played this turn by another one.",
            "change_card_symbol: {}",
            "change a guild symbol of the card you play",
        ),
        OpSpec(
            "swap_customer_people",
            "primitive",
            _args({}, ()),
            "Before seating, take a customer tile of another people than the card's instead.",
            "swap_customer_people: {}",
            "take a customer of another people than the card's",
        ),
        OpSpec(
            "move_customer",
            "primitive",
            _args({"owners_gain": {"type": "integer", "minimum": 0, "maximum": 10}}, ("owners_gain",)),
            "Move a seated customer tile to a free table of another tavern: each owner there gains "
            "``owners_gain`` coins; a table of the tile's people gives its mover a level on that "
            "track (ruling #11), the last free table the tavern's privilege.",
            "move_customer: {owners_gain: 2}",
            "move a customer to a free table of another tavern (its owners gain {owners_gain} coins)",
        ),
        OpSpec(
            "grant_spell_cast",
            "primitive",
            _args({"count": {"type": "integer", "minimum": 1, "maximum": 3}}, ("count",)),
            "Allow more spell casts this turn.",
            "grant_spell_cast: {count: 1}",
            "cast {count} more spell(s) this turn",
        ),
        OpSpec(
            "remove_customer",
            "primitive",
            _args({"climb": {"type": "boolean"}}, ()),
            "Remove a seated customer tile of your choice from the game; with ``climb: true`` "
            "gain a level on the removed tile's people track.",
            "remove_customer: {climb: true}",
            "remove a seated customer from the game",
        ),
        OpSpec(
            "advance_all_tracks",
            "primitive",
            _args({"levels": _LEVELS, "bonuses": {"type": "boolean"}}, ("levels",)),
            "Move up every people track; ``bonuses: false`` skips the positions' bonuses.",
            "advance_all_tracks: {levels: 1, bonuses: false}",
            "gain {levels} level(s) on every people track",
        ),
    )
}


def effect_schema() -> JSON:
    """The JSON Schema (Draft 2020-12) of an effect, generated from :data:`OPS`."""
    names = sorted(OPS)
    effect: JSON = {
        "title": "effect",
        "description": "An effect: a mapping with exactly one key, the op name.",
        "type": "object",
        "minProperties": 1,
        "maxProperties": 1,
        "propertyNames": {"enum": names},
        "allOf": [
            {"if": {"required": [name]}, "then": {"properties": {name: OPS[name].schema}}} for name in names
        ],
    }
    table: JSON = _args(
        {
            "of": EXPR,
            "at_least": {"type": "array", "items": {"type": "integer"}, "minItems": 1},
            "points": {"type": "array", "items": {"type": "integer"}, "minItems": 1},
        },
        ("of", "at_least", "points"),
    )
    expr: JSON = {
        "title": "expression",
        "description": "An integer, {count: what}, or {table: {of, at_least, points}}.",
        "if": {"type": "integer"},
        "then": {"minimum": -100, "maximum": 100},
        "else": {
            "type": "object",
            "minProperties": 1,
            "maxProperties": 1,
            "propertyNames": {"enum": ["count", "table"]},
            "allOf": [
                {
                    "if": {"required": ["count"]},
                    "then": {"properties": {"count": {"enum": sorted(COUNTS)}}},
                },
                {"if": {"required": ["table"]}, "then": {"properties": {"table": table}}},
            ],
        },
    }
    cond: JSON = {
        "title": "condition",
        "type": "object",
        "properties": {"at_least": {"type": "array", "items": EXPR, "minItems": 2, "maxItems": 2}},
        "required": ["at_least"],
        "additionalProperties": False,
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://taverna-rules.invalid/schemas/effect.schema.json",
        "title": "taverna_rules effect",
        "$ref": "#/$defs/effect",
        "$defs": {"effect": effect, "expr": expr, "cond": cond},
    }


def parse_expr(value: Any) -> Expr:
    """Build an expression from schema-valid data."""
    if isinstance(value, int):
        return value
    if "count" in value:
        return Count(str(value["count"]))
    table = value["table"]
    return Table(
        parse_expr(table["of"]),
        tuple(int(v) for v in table["at_least"]),
        tuple(int(v) for v in table["points"]),
    )


def _parse_args(value: Mapping[str, Any], exprs: tuple[str, ...]) -> tuple[tuple[str, Arg], ...]:
    out: list[tuple[str, Arg]] = []
    for key in sorted(value):
        raw = value[key]
        if key in exprs:
            out.append((key, parse_expr(raw)))
        elif isinstance(raw, bool | int | str):
            out.append((key, raw))
    return tuple(out)


def parse_effect(value: Mapping[str, Any]) -> Node:
    """Build an effect tree from schema-valid data (one key: the op)."""
    ((op, body),) = value.items()
    if op in ("seq", "choose"):
        return Node(op, (), tuple(parse_effect(item) for item in body))
    if op == "optional":
        return Node(op, (), (parse_effect(body),))
    if op == "if":
        cond = body["cond"]["at_least"]
        children = [parse_effect(body["then"])]
        if "else" in body:
            children.append(parse_effect(body["else"]))
        return Node(op, (("cond", AtLeast(parse_expr(cond[0]), parse_expr(cond[1]))),), tuple(children))
    if op == "repeat":
        return Node(op, (("times", int(body["times"])),), (parse_effect(body["effect"]),))
    return Node(op, _parse_args(body, ("amount", "count")))


def render_expr(expr: Expr) -> str:
    """English text of an expression: ``2``, ``coins in hand``, ``3/6/9 for 0/2/3 ...``."""
    if isinstance(expr, int):
        return str(expr)
    if isinstance(expr, Count):
        return COUNTS.get(expr.what, expr.what)
    return f"{_points(expr)} for {_steps(expr)}"


def _points(table: Table) -> str:
    return "/".join(str(p) for p in table.points)


def _steps(table: Table) -> str:
    return "/".join(str(t) for t in table.at_least) + " " + render_expr(table.of)


def render(node: Node, people_name: Callable[[str], str] = str) -> str:
    """English rules text of an effect, from the op templates.

    A table amount keeps the template's unit next to its points:
    ``score 3/6/9/12/15 VP for 0/2/3/4/5 royal favours owned, used or not``.
    """
    spec = OPS[node.op]
    children = [render(child, people_name) for child in node.children]
    joiner = " or " if node.op == "choose" else ", then "
    fields: dict[str, str] = {"children": joiner.join(children)}
    suffix = ""
    if node.op == "if":
        cond = node.arg("cond")
        assert isinstance(cond, AtLeast)
        fields["cond"] = f"{render_expr(cond.left)} is at least {render_expr(cond.right)}"
        if len(children) == 2:
            fields["children"] = f"{children[0]}; otherwise {children[1]}"
    for key, value in node.args:
        if key == "cond":
            continue  # rendered above
        if key == "where" and isinstance(value, str):
            fields[key] = {"arrival": "the tavern of arrival", "any": "a tavern of your choice"}[value]
            continue
        if key == "people" and isinstance(value, str):
            special = {"choice": "a people of your choice", "card": "the card's people"}
            fields[key] = special.get(value) or people_name(value)
        elif isinstance(value, Table):
            fields[key] = _points(value)
            suffix = f" for {_steps(value)}"
        elif isinstance(value, int | Count) and not isinstance(value, bool):
            fields[key] = render_expr(value)
        else:
            fields[key] = str(value)
    fields.setdefault("levels", "1")
    text = spec.template.format(**fields) + suffix
    if node.arg("bonuses") is False:
        text += " (no bonuses)"
    return text
