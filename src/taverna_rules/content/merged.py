"""The records of merged content: a schema-valid document (:class:`Located`), an item and
where it was declared (:class:`Entry`), and the content once every pack is applied
(:class:`Merged`). The packs' merge (:mod:`taverna_rules.content.merge`) builds them and a
game's builder reads them (:class:`~taverna_rules.content.spec.Built`).
"""

from __future__ import annotations

from typing import Any

import attrs

from taverna_rules.content.yaml_source import PathItem, SourceDocument

__all__ = ["Entry", "Located", "Merged"]


@attrs.frozen
class Located:
    """A schema-valid content document: its source, plain data, kind and merge mode.

    ``skip`` lists the items (list key, index) that failed the schema: they are reported
    and left out, so the rest of the document is still checked.
    """

    source: SourceDocument
    data: dict[str, Any]
    kind: str
    skip: frozenset[tuple[str, int]] = frozenset()

    @property
    def replaces(self) -> bool:
        """Whether this file's items replace the items of the same ids."""
        return self.data.get("merge") == "replace"


@attrs.frozen
class Entry:
    """One item of the merged content and where it was declared."""

    doc: Located
    path: tuple[PathItem, ...]
    item: dict[str, Any]
    layer: int
    #: Parts of the item declared elsewhere (a tavern's layout a pack added to a board
    #: side): (path inside the item, the file, the path there), to locate their problems.
    parts: tuple[tuple[tuple[PathItem, ...], Located, tuple[PathItem, ...]], ...] = ()


@attrs.define
class Merged:
    """The content once every layer is applied.

    ``items`` holds each item kind's entries in declaration order (a replaced item keeps
    its place); ``broken`` the ids of items left out for schema problems, so checks do not
    report references to them as unknown.
    """

    singles: dict[str, Located] = attrs.field(factory=dict)
    items: dict[str, list[Entry]] = attrs.field(factory=dict)
    broken: set[str] = attrs.field(factory=set)
    incomplete: bool = False
    kinds_seen: set[str] = attrs.field(factory=set)
    #: Option declarations whose default a ``changes`` file replaced: still checked.
    shadowed: list[Entry] = attrs.field(factory=list)
    #: Constant name -> ``file:line`` of the ``changes`` file that last set it.
    constants_changed: dict[str, str] = attrs.field(factory=dict)
    #: (item kind, id) -> the ``changes`` file and path that removed the item.
    removed: dict[tuple[str, str], tuple[Located, tuple[PathItem, ...]]] = attrs.field(factory=dict)
