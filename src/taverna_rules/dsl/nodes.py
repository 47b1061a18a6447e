"""The effect tree: frozen nodes built from YAML, interpreted by the kernel.

An effect is a :class:`Node` (an op name, its scalar arguments and its child effects);
an amount is an :data:`Expr`; a test is a :class:`Compare` or an :class:`OptionIs`. All
are immutable, hashable and free of Python callables, so a paused effect can be
serialized as a path into them.
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

__all__ = ["RELATIONS", "Compare", "Cond", "Count", "Expr", "Items", "Node", "OptionIs", "Table"]


@attrs.frozen
class Count:
    """The number of something the acting player has (``{count: coins}``)."""

    what: str


@attrs.frozen
class Table:
    """Points for the highest threshold reached: ``at_least[i]`` scores ``points[i]``."""

    of: Expr
    at_least: tuple[int, ...]
    points: tuple[int, ...]


Expr: TypeAlias = int | Count | Table


#: How a :class:`Compare` compares, by its key in YAML.
RELATIONS = ("at_least", "at_most", "exactly")


@attrs.frozen
class Compare:
    """True when ``left`` is ``at_least`` (>=), ``at_most`` (<=) or ``exactly`` (==)
    ``right``: ``{at_most: [{count: prestige}, 1]}``."""

    relation: str
    left: Expr
    right: Expr


@attrs.frozen
class OptionIs:
    """True when the game's rule option ``option`` is set to ``value`` (``{option: id}``
    tests a bool option for true): how a pack's own option changes what a card does."""

    option: str
    value: bool | int | str = True


Cond: TypeAlias = Compare | OptionIs
#: A list argument (the ingredients to choose from, the faces of a die) is kept as a
#: tuple of its scalars or of tuples of them.
Items: TypeAlias = tuple["int | str | Items", ...]
Arg: TypeAlias = int | bool | str | Count | Table | Compare | OptionIs | Items


@attrs.frozen(cache_hash=True)
class Node:
    """One effect: an op, its arguments (sorted by name) and its child effects."""

    op: str
    args: tuple[tuple[str, Arg], ...] = ()
    children: tuple[Node, ...] = ()

    def arg(self, name: str, default: Arg | None = None) -> Arg | None:
        """The argument ``name``, or ``default`` when the node does not set it."""
        for key, value in self.args:
            if key == name:
                return value
        return default

    def at(self, path: tuple[int, ...]) -> Node:
        """The descendant reached by following child indexes."""
        node = self
        for index in path:
            node = node.children[index]
        return node

    def walk(self) -> list[Node]:
        """This node and every descendant, depth first."""
        out: list[Node] = [self]
        for child in self.children:
            out.extend(child.walk())
        return out
