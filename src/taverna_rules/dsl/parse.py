"""Reading effects: the effect tree (:class:`~taverna_rules.dsl.nodes.Node`), its
expressions and its conditions built from schema-valid YAML data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from taverna_rules.dsl.nodes import RELATIONS, Arg, Compare, Cond, Count, Expr, Items, Node, OptionIs, Table
from taverna_rules.dsl.ops import LIST_OPS

__all__ = ["parse_cond", "parse_effect", "parse_expr"]


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


def _items(raw: list[Any]) -> Items:
    return tuple(_items(v) if isinstance(v, list) else v for v in raw if isinstance(v, list | int | str))


def _parse_args(value: Mapping[str, Any]) -> tuple[tuple[str, Arg], ...]:
    # Schema-valid arguments are scalars, lists of scalars (or of lists of them) or
    # expressions: a mapping is an expression.
    out: list[tuple[str, Arg]] = []
    for key in sorted(value):
        raw = value[key]
        if isinstance(raw, Mapping):
            out.append((key, parse_expr(raw)))
        elif isinstance(raw, bool | int | str):
            out.append((key, raw))
        elif isinstance(raw, list):
            out.append((key, _items(raw)))
    return tuple(out)


def parse_cond(value: Mapping[str, Any]) -> Cond:
    """Build a condition from schema-valid data."""
    for relation in RELATIONS:
        if relation in value:
            left, right = value[relation]
            return Compare(relation, parse_expr(left), parse_expr(right))
    return OptionIs(str(value["option"]), value.get("equals", True))


def parse_effect(value: Mapping[str, Any]) -> Node:
    """Build an effect tree from schema-valid data (one key: the op)."""
    ((op, body),) = value.items()
    if op in LIST_OPS:
        return Node(op, (), tuple(parse_effect(item) for item in body))
    if op == "optional":
        return Node(op, (), (parse_effect(body),))
    if op == "if":
        children = [parse_effect(body["then"])]
        if "else" in body:
            children.append(parse_effect(body["else"]))
        return Node(op, (("cond", parse_cond(body["cond"])),), tuple(children))
    if op == "repeat":
        return Node(op, (("times", parse_expr(body["times"])),), (parse_effect(body["effect"]),))
    if op == "for_each":
        return Node(op, (("players", str(body["players"])),), (parse_effect(body["effect"]),))
    return Node(op, _parse_args(body))
