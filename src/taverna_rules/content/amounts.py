"""Checks of an effect's numbers that every game shares: an amount that does nothing.

A game names the arguments that hold an amount (Taverna's ``amount`` and ``count``,
Cavern Tavern's ``points``) and the ops that read an amount below zero as a loss (a VP
loss): any other amount of zero or less is a step that does nothing, warned about."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Sequence

import attrs

from taverna_rules.content.problems import Problem
from taverna_rules.content.where import Where
from taverna_rules.content.yaml_source import PathItem
from taverna_rules.dsl.nodes import Node

__all__ = ["POSITIVE", "idle_amounts", "no_effect"]

#: The hint of an amount that does nothing, unless a game says better for its op.
POSITIVE = "use a positive amount"


def idle_amounts(node: Node, names: Sequence[str], losses: Collection[str]) -> Iterator[tuple[str, int]]:
    """Each argument of ``names`` whose whole-number value does nothing: zero, or below
    zero unless ``node``'s op is one of ``losses`` (an op that reads it as a loss)."""
    for name in names:
        value = node.arg(name)
        if not isinstance(value, int) or isinstance(value, bool):
            continue
        if value == 0 or (value < 0 and node.op not in losses):
            yield name, value


def no_effect(
    where: Where,
    kind: str,
    ident: str | int,
    at: Sequence[PathItem],
    node: Node,
    names: Sequence[str],
    losses: Collection[str] = (),
    hint: Callable[[Node, int], str] = lambda node, value: POSITIVE,
) -> list[Problem]:
    """A ``no-effect`` warning for each amount of ``node`` (whose op is at ``at`` in the
    item) that does nothing; ``hint`` says what to write instead."""
    return [
        attrs.evolve(
            where.problem(
                kind,
                ident,
                "no-effect",
                f"{node.op} with {name} {value} does nothing",
                (*at, name),
                hint(node, value),
            ),
            severity="warning",
        )
        for name, value in idle_amounts(node, names, losses)
    ]
