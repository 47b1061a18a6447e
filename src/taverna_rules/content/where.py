"""Where each content item was declared, so that a problem found in the merged content
points at the file, line and column an author must change."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import attrs

from taverna_rules.content.problems import Problem, Severity, did_you_mean
from taverna_rules.content.yaml_source import PathItem, SourceDocument, json_path
from taverna_rules.dsl.nodes import Node
from taverna_rules.dsl.ops import LIST_OPS

__all__ = ["Declared", "Part", "Place", "Where", "node_paths", "unknown_reference"]

#: Where an item (or a part of it) was declared: the file and the path in it.
Place = tuple[SourceDocument, tuple[PathItem, ...]]
#: A part of an item declared in another file: its path inside the item, and its place.
Part = tuple[tuple[PathItem, ...], SourceDocument, tuple[PathItem, ...]]


@attrs.frozen
class Declared:
    """Where a content item was declared: kept by a rule set, so that what a tool finds
    about an item after loading (a trigger that never fired in play) names its file and
    line like a problem of validation."""

    file: str
    line: int
    column: int
    #: The JSON path of the item in its file (``$.spells[3]``).
    path: str
    path_items: tuple[PathItem, ...] = ()

    def problem(self, code: str, message: str, hint: str = "", severity: Severity = "error") -> Problem:
        """A problem of the item, located at its declaration."""
        return Problem(
            code, message, self.file, self.line, self.column, self.path, hint, severity, self.path_items
        )


@attrs.define
class Where:
    """Where each content item was declared, to locate semantic problems."""

    places: dict[tuple[str, str], tuple[Place, tuple[Part, ...]]] = attrs.field(factory=dict)
    #: Every item of a list kind in declaration order (the order of the RuleSet's tuples),
    #: so a problem in a second item with a repeated id points at that item.
    order: dict[str, list[tuple[Place, tuple[Part, ...]]]] = attrs.field(factory=dict)
    #: Ids of items left out for schema problems: references to them are not "unknown".
    broken: frozenset[str] = frozenset()
    #: Display names (lowercase, any language) -> id, to suggest the id for a name.
    aliases: dict[str, str] = attrs.field(factory=dict)
    #: Constants a pack changed -> where (``file:line``), to point count problems there.
    constants_changed: dict[str, str] = attrs.field(factory=dict)
    #: (kind, id) -> the layer (0: the base game, then each pack) that declared the item.
    layers: dict[tuple[str, str], int] = attrs.field(factory=dict)
    #: (kind, id) -> where a ``changes`` file removed the item.
    removed: dict[tuple[str, str], Place] = attrs.field(factory=dict)

    def add(
        self,
        kind: str,
        ident: str,
        source: SourceDocument,
        path: tuple[PathItem, ...],
        parts: tuple[Part, ...] = (),
        layer: int = 0,
    ) -> None:
        """Remember where an item was declared (the first of a repeated id wins by id), and
        the parts of it that other files added (a problem there points at them)."""
        self.order.setdefault(kind, []).append(((source, path), parts))
        self.places.setdefault((kind, ident), ((source, path), parts))
        self.layers.setdefault((kind, ident), layer)

    def newer(self, first: tuple[str, str], second: tuple[str, str]) -> bool:
        """Whether ``first`` was declared by a later layer than ``second`` (by a pack on top
        of it): the problem of a pair is the newer one's author's to fix."""
        return self.layers.get(first, 0) > self.layers.get(second, 0)

    def declarations(self) -> dict[tuple[str, str], Declared]:
        """Where each item was declared, by (kind, id)."""
        out = {}
        for key, ((source, path), _) in self.places.items():
            line, column = source.locate(path)
            out[key] = Declared(source.file, line, column, json_path(path), path)
        return out

    def problem(
        self,
        kind: str,
        ident: str | int,
        code: str,
        message: str,
        sub: Sequence[PathItem] = (),
        hint: str = "",
    ) -> Problem:
        """A problem located at an item, by id or by its index among the items of its kind
        (and a sub-path inside it): in the file that declared that part of the item."""
        if isinstance(ident, int):
            items = self.order.get(kind, [])
            found = items[ident] if ident < len(items) else None
        else:
            found = self.places.get((kind, ident))
        if found is None:
            return Problem(code, message, hint=hint)
        (source, path), parts = found
        for prefix, part_source, part_path in parts:
            if tuple(sub[: len(prefix)]) == prefix:
                source, path, sub = part_source, part_path, sub[len(prefix) :]
                break
        return source.problem(code, message, source.existing((*path, *sub)), hint)


def unknown_reference(
    where: Where,
    kind: str,
    ident: str | int,
    sub: Sequence[PathItem],
    what: str,
    value: str,
    known: Sequence[str],
) -> list[Problem]:
    if value in where.broken:
        return []  # declared in an item with schema problems, already reported
    alias = where.aliases.get(value.lower())
    named = f"did you mean {alias!r}? ({value!r} is its name, not its id)" if alias in known else ""
    hint = named or did_you_mean(value, known) or f"known: {', '.join(known)}"
    return [where.problem(kind, ident, "unknown-reference", f"unknown {what} {value!r}", sub, hint)]


def node_paths(node: Node, path: tuple[PathItem, ...] = ()) -> Iterator[tuple[Node, tuple[PathItem, ...]]]:
    """Each node of an effect with its path in the YAML: ``(node, ("seq", 1, "if", "then"))``
    (the path leads to the mapping whose one key is the node's op)."""
    yield node, path
    op = node.op
    for index, child in enumerate(node.children):
        if op in LIST_OPS:
            step: tuple[PathItem, ...] = (op, index)
        elif op == "if":
            step = (op, "then" if index == 0 else "else")
        elif op in ("repeat", "for_each"):
            step = (op, "effect")
        else:
            step = (op,)
        yield from node_paths(child, (*path, *step))
