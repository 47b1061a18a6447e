"""What a game tells the content pipeline: its file kinds, their schemas, how the merged
content becomes its rule set, and the languages its names are written in.

The pipeline (:mod:`taverna_rules.content.loader`) knows no game: located YAML, the
schema stage, packs and their merging, the validation report and the fingerprint are
the same for every game; a :class:`ContentSpec` supplies the rest. A game module hands
its spec to the engine as :attr:`GameModule.content <taverna_rules.GameModule.content>`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from taverna_rules.content.problems import Problem

if TYPE_CHECKING:
    # For the type hints only: tr.Built is public, but the pipeline's records it holds are
    # not exported (tests/test_public_api.py follows the hints it can resolve).
    from taverna_rules.content.merged import Entry, Located, Merged
    from taverna_rules.content.model import PackInfo, RuleOption
    from taverna_rules.content.where import Where

__all__ = ["AddParts", "Built", "ContentSpec", "KindBody", "inherit", "provenance_of"]

JSON = dict[str, Any]
#: A content kind's schema body: its properties, the required ones, and a description.
KindBody = tuple[JSON, list[str], str]


@attrs.frozen
class AddParts:
    """A file kind that adds parts to items declared elsewhere (Taverna's ``board`` files
    add tavern layouts to board sides): ``key`` maps an item id of ``target`` items to
    new entries of the item's ``field`` mapping. The words name them in messages."""

    key: str
    target: str
    field: str
    #: How messages name a part's id ("tavern"), a part ("layout") and a target ("side").
    part: str
    piece: str
    owner: str


def provenance_of(doc: Located) -> str:
    """A file's provenance; a file that states none is ours, never taken for printed."""
    return str(doc.data.get("provenance", "reconstructed"))


def inherit(spec: ContentSpec, entry: Entry) -> dict[str, Any]:
    """The item, with its file's provenance and the file's other :attr:`ContentSpec.inherited`
    keys where it states none (for the kinds whose items record their own)."""
    item = entry.item
    if entry.doc.kind not in spec.items_with_provenance:
        return item
    data = entry.doc.data
    defaults = {key: data[key] for key in spec.inherited if key in data}
    return {"provenance": provenance_of(entry.doc), **defaults, **item}


@attrs.frozen
class Built:
    """What the pipeline hands a game's builder once every pack is merged."""

    #: The merged content: singletons by kind, item entries by item kind.
    merged: Merged
    #: The packs applied, in order.
    packs: tuple[PackInfo, ...]
    #: Every schema-valid document.
    docs: list[Located]
    #: The SHA-256 of the canonical content.
    fingerprint: str
    #: Where each item was declared, to locate the builder's problems.
    where: Where
    #: The problems so far; the builder adds its own (semantic checks included).
    problems: list[Problem]
    #: The game's content spec (which kinds' items inherit their file's provenance).
    spec: ContentSpec | None = None

    def items(self, kind: str) -> list[dict[str, Any]]:
        """Every item of ``kind`` in the merged content, as a mapping, with its file's
        ``provenance`` when it states none (for the kinds whose items record one)."""
        entries = self.merged.items.get(kind, [])
        if self.spec is None:
            return [entry.item for entry in entries]
        return [inherit(self.spec, entry) for entry in entries]

    def options(self, kind: str = "options") -> tuple[RuleOption, ...]:
        """The rule options of the merged content (the items of ``kind``, schema-valid)."""
        from taverna_rules.content.model import Names, RuleOption

        return tuple(
            RuleOption(
                i["id"],
                i["type"],
                i["default"],
                i["reason"],
                tuple(i.get("choices", ())),
                Names(**i["name"]) if i.get("name") else None,
            )
            for i in self.items(kind)
        )

    def provenance(self) -> tuple[tuple[str, str], ...]:
        """Each file's provenance and note, ``(file, "reconstructed: what it is modelled
        on")``, for a rule set's ``provenance`` (a file that states none is ours)."""
        return tuple(
            (
                doc.source.file,
                f"{doc.data.get('provenance', 'reconstructed')}: {doc.data.get('note', '')}".strip(": "),
            )
            for doc in self.docs
        )

    def finish(self, rules: Any, checks: list[Problem]) -> Any:
        """``rules`` once its game's ``checks`` and the rule options a pack shadows are among
        the problems; ``None`` when there is an error among them."""
        from taverna_rules.content.option_checks import shadowed_problems

        self.problems.extend(checks)
        self.problems.extend(shadowed_problems(self.merged.shadowed))
        return None if any(p.severity == "error" for p in self.problems) else rules


@attrs.frozen(eq=False)
class ContentSpec:
    """One game's content: file kinds, schemas, builder, checks and languages."""

    #: The game's id: its content is ``cards/<game>/``, its schemas ``schemas/<game>/``.
    game: str
    #: Each content kind's schema body (``pack`` and ``changes`` are the pipeline's own).
    kinds: Mapping[str, KindBody]
    #: For each kind with lists of items: (key of the list, item kind, id key).
    item_lists: Mapping[str, tuple[tuple[str, str, str], ...]]
    #: ``build(built) -> rules | None``: the game's rule set from the merged content, with
    #: its semantic checks' problems added to ``built.problems`` (None when it cannot).
    build: Callable[[Built], Any]
    #: The folder of the game's bundled content (its ``base`` pack and the packs shipped
    #: with it), loaded under the packs given unless ``base=False``; None: nothing bundled.
    cards: Traversable | Path | None = None
    #: The folder of its published schemas (``<kind>.schema.json``); a kind with no file
    #: there is checked against the schema made from :attr:`kinds`.
    schemas: Traversable | Path | None = None
    #: Kinds declared once (a second file of the kind must say ``merge: replace``).
    singletons: tuple[str, ...] = ()
    #: The singleton kind whose ``constants`` mapping a ``changes`` file may patch.
    constants_kind: str = ""
    #: How messages name one item of each item kind (``"spells"`` -> ``"spell"``).
    names: Mapping[str, str] = attrs.field(factory=dict)
    #: The languages every name is written in (the first is the fallback).
    languages: tuple[str, ...] = ("en",)
    #: The effect schema's ``$defs`` that content schemas embed (none: no effects).
    effects: JSON = attrs.field(factory=dict)
    #: Rule options the game's code reads: a ``changes`` file may not remove them.
    engine_options: tuple[str, ...] = ()
    #: Item kinds whose items inherit their file's ``provenance``.
    items_with_provenance: tuple[str, ...] = ()
    #: Other keys an item of those kinds takes from its file when it states none (a file
    #: of Taverne's Characters names the box they all belong to once).
    inherited: tuple[str, ...] = ()
    #: File kinds that add parts to items of another kind.
    parts: Mapping[str, AddParts] = attrs.field(factory=dict)
    #: Shared descriptions of property names, and an example item per list key, that the
    #: published schemas carry for editors.
    property_docs: Mapping[str, str] = attrs.field(factory=dict)
    item_examples: Mapping[str, JSON] = attrs.field(factory=dict)
    #: An example of each key of a ``changes`` file (``remove``, ``constants``, ``options``).
    changes_examples: Mapping[str, JSON] = attrs.field(factory=dict)

    def singular(self, kind: str) -> str:
        """``"spells"`` -> ``"spell"``: how messages name one item of a kind."""
        return self.names.get(kind, kind)

    @property
    def item_kinds(self) -> tuple[str, ...]:
        """Every item kind, the names a ``changes`` file's ``remove`` accepts."""
        return tuple(item for lists in self.item_lists.values() for _, item, _ in lists)

    def id_key(self, item_kind: str) -> str:
        """The key holding the id of an item of ``item_kind``."""
        for lists in self.item_lists.values():
            for _, kind, key in lists:
                if kind == item_kind:
                    return key
        return "id"
