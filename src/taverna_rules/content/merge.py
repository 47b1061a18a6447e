"""Apply the layers of content in order (:func:`merge`), each on top of what the layers
before it built:

- an item whose id is new is **added**;
- a file with ``merge: replace`` **replaces** the items of the same ids;
- a ``changes`` file **removes** items by id, and changes constants and option defaults.

Two packs that neither extends the other may not touch the same item, constant or
option: that is a conflict, reported in both packs' files. The loose files (given
without a manifest) build on every pack.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from taverna_rules.content.merged import Entry, Located, Merged
from taverna_rules.content.packs import Layer
from taverna_rules.content.problems import Problem, did_you_mean
from taverna_rules.content.spec import AddParts, ContentSpec
from taverna_rules.content.yaml_source import PathItem

__all__ = ["merge"]


def merge(spec: ContentSpec, layers: Sequence[Layer], problems: list[Problem]) -> Merged:
    """Apply the layers in order; report duplicates, unknown targets and conflicts."""
    return _Merger(spec, layers, problems).run()


def _ancestors(layers: Sequence[Layer]) -> list[frozenset[int]]:
    """For each layer, the indexes of the layers it builds on (loose files: all packs)."""
    index = {layer.pack.id: i for i, layer in enumerate(layers) if layer.pack is not None}
    out: list[frozenset[int]] = []
    for i, layer in enumerate(layers):
        # Loose files build on every pack; so does a pack whose dependencies are missing
        # (already reported), rather than conflicting with everything.
        if layer.pack is None or any(parent not in index for parent in layer.pack.extends):
            out.append(frozenset(j for j, other in enumerate(layers) if other.pack is not None and j != i))
            continue
        seen: set[int] = set()
        todo = [p for p in layer.pack.extends if p in index]
        while todo:
            j = index[todo.pop()]
            if j not in seen and j != i:
                seen.add(j)
                parent = layers[j].pack
                assert parent is not None
                todo.extend(p for p in parent.extends if p in index)
        out.append(frozenset(seen))
    return out


@attrs.define
class _Touch:
    layer: int
    doc: Located
    path: tuple[PathItem, ...]


@attrs.define
class _Merger:
    spec: ContentSpec
    layers: Sequence[Layer]
    problems: list[Problem]
    merged: Merged = attrs.field(factory=Merged)
    ancestors: list[frozenset[int]] = attrs.field(factory=list)
    # (item kind, id) -> the live entry, or None once removed.
    live: dict[tuple[str, str], Entry | None] = attrs.field(factory=dict)
    touched: dict[str, _Touch] = attrs.field(factory=dict)

    def run(self) -> Merged:
        self.ancestors = _ancestors(self.layers)
        for index, layer in enumerate(self.layers):
            for doc in layer.docs:
                self.merged.kinds_seen.add(doc.kind)
                if doc.kind in self.spec.singletons:
                    self._single(index, doc)
                elif doc.kind in self.spec.item_lists:
                    self._items(index, doc)
                    parts = self.spec.parts.get(doc.kind)
                    if parts is not None:
                        self._parts(index, doc, parts)
            # Changes come after the layer's own items, so a pack may change what it adds.
            for doc in layer.docs:
                if doc.kind == "changes":
                    self._changes(index, doc)
        return self.merged

    def _known(self, kind: str) -> list[str]:
        """The ids of the items of ``kind`` present so far (for "did you mean")."""
        return [i for (k, i), e in self.live.items() if k == kind and e is not None]

    def _declared_elsewhere(self, index: int, kind: str, ident: str) -> str:
        """``"declared by pack 'x': add it to extends"`` when a pack that layer ``index``
        does not build on declares the item (so it is not there yet when this one applies)."""
        for other, layer in enumerate(self.layers):
            if other == index or other in self.ancestors[index] or layer.pack is None:
                continue
            for doc in layer.docs:
                for list_key, item_kind, id_key in self.spec.item_lists.get(doc.kind, ()):
                    items = doc.data.get(list_key, [])
                    if item_kind == kind and any(
                        isinstance(i, dict) and i.get(id_key) == ident for i in items
                    ):
                        return f"declared by pack {layer.pack.id!r}: add it to this pack's extends"
        return ""

    # -- conflicts
    def _rival(self, index: int, what: str) -> _Touch | None:
        """The last change to ``what`` by a pack that layer ``index`` does not build on."""
        before = self.touched.get(what)
        if before is None or before.layer == index or before.layer in self.ancestors[index]:
            return None
        return before

    def _touch(self, index: int, doc: Located, path: tuple[PathItem, ...], what: str) -> bool:
        """Record that layer ``index`` changes ``what``; report a conflict (and return True)
        when a pack it does not build on changed it too."""
        rival = self._rival(index, what)
        self.touched[what] = _Touch(index, doc, path)
        if rival is None:
            return False
        line, _ = rival.doc.source.locate(rival.path)
        mine, theirs = self.layers[index].pack, self.layers[rival.layer].pack
        hint = "make one pack extend the other, or drop one of the two changes"
        if mine is not None and theirs is not None:
            # the usual fix: a pack that changes another's items builds on it
            hint = f"add {theirs.id!r} to the extends of pack {mine.id!r}, or drop one of the two changes"
        self.problems.append(
            doc.source.problem(
                "pack-conflict",
                f"{self.layers[index].name} and {self.layers[rival.layer].name} "
                f"({rival.doc.source.file}:{line}) both change {what}",
                path,
                hint,
            )
        )
        return True

    # -- singletons
    def _single(self, index: int, doc: Located) -> None:
        first = self.merged.singles.get(doc.kind)
        what = f"the {doc.kind!r} file"
        if first is None:
            self._touch(index, doc, ("kind",), what)
            self.merged.singles[doc.kind] = doc
            return
        if doc.replaces:
            if not self._touch(index, doc, ("kind",), what):
                self.merged.singles[doc.kind] = doc
            return
        self.problems.append(
            doc.source.problem(
                "duplicate-file-kind",
                f"a second {doc.kind!r} file (the first is {first.source.file})",
                ("kind",),
                "merge the two files, or write 'merge: replace' to replace the first",
            )
        )

    # -- items
    def _items(self, index: int, doc: Located) -> None:
        for list_key, kind, id_key in self.spec.item_lists[doc.kind]:
            for position, item in enumerate(doc.data.get(list_key, [])):
                if (list_key, position) in doc.skip:
                    ident = item.get(id_key) if isinstance(item, dict) else None
                    if isinstance(ident, str):
                        self.merged.broken.add(ident)
                    self.merged.incomplete = True
                    continue
                entry = Entry(doc, (list_key, position), item, index)
                self._item(index, doc, kind, str(item[id_key]), entry, id_key)

    def _item(self, index: int, doc: Located, kind: str, ident: str, entry: Entry, id_key: str) -> None:
        key = (kind, ident)
        entries = self.merged.items.setdefault(kind, [])
        current = self.live.get(key)
        what = f"{self.spec.singular(kind)} {ident!r}"
        id_path = (*entry.path, id_key)
        if doc.replaces:
            if current is None:
                known = self._known(kind)
                self.problems.append(
                    doc.source.problem(
                        "replace-unknown",
                        f"no {what} to replace",
                        id_path,
                        self._declared_elsewhere(index, kind, ident)
                        or did_you_mean(ident, known)
                        or "'merge: replace' files replace existing ids only",
                    )
                )
                entries.append(entry)  # still checked
                return
            if not self._touch(index, doc, id_path, what):
                entries[entries.index(current)] = entry
                self.live[key] = entry
            else:
                entries.append(entry)  # still checked
            return
        if current is not None and self._rival(index, what) is None:
            line, _ = current.doc.source.locate(current.path)
            self.problems.append(
                doc.source.problem(
                    "duplicate-id",
                    f"{self.spec.singular(kind)} id {ident!r} is already declared in "
                    f"{current.doc.source.file}:{line}",
                    id_path,
                    "ids are unique within a kind: rename this one"
                    + ("" if current.layer == index else ", or replace it with 'merge: replace'"),
                )
            )
            entries.append(entry)  # still checked, so its own problems show too
            return
        clash = self._touch(index, doc, id_path, what)
        entries.append(entry)
        if not clash:
            self.live[key] = entry

    # -- parts added to items declared elsewhere (Taverna: tavern layouts on board sides)
    def _parts(self, index: int, doc: Located, rule: AddParts) -> None:
        for owner_id, parts in doc.data.get(rule.key, {}).items():
            key = (rule.target, owner_id)
            owner = self.live.get(key)
            if owner is None:
                known = self._known(rule.target)
                self.problems.append(
                    doc.source.problem(
                        "unknown-reference",
                        f"no {self.spec.singular(rule.target)} {owner_id!r} to add {rule.key} to",
                        (rule.key, owner_id),
                        did_you_mean(owner_id, known) or f"{rule.target}: {', '.join(known)}",
                        at_key=True,
                    )
                )
                continue
            for part_id, part in parts.items():
                path: tuple[PathItem, ...] = (rule.key, owner_id, part_id)
                if part_id in owner.item[rule.field]:
                    line, _ = owner.doc.source.locate((*owner.path, rule.field, part_id))
                    self.problems.append(
                        doc.source.problem(
                            "duplicate-id",
                            f"{rule.part} {part_id!r} already has a {rule.piece} on {rule.owner} "
                            f"{owner_id!r} ({owner.doc.source.file}:{line})",
                            path,
                            f"{rule.key} add {rule.field} to a {rule.owner}; to change a {rule.piece}, "
                            f"replace the {rule.owner} with 'merge: replace'",
                            at_key=True,
                        )
                    )
                    continue
                what = f"the {rule.piece} of {rule.part} {part_id!r} on {rule.owner} {owner_id!r}"
                if self._touch(index, doc, path, what):
                    continue
                added = attrs.evolve(
                    owner,
                    item={**owner.item, rule.field: {**owner.item[rule.field], part_id: part}},
                    parts=(*owner.parts, ((rule.field, part_id), doc, path)),
                )
                entries = self.merged.items[rule.target]
                entries[entries.index(owner)] = added
                self.live[key] = owner = added

    # -- changes
    def _changes(self, index: int, doc: Located) -> None:
        """A ``changes`` file: its removals, then its constants, then its option defaults."""
        self._removals(index, doc)
        self._constants(index, doc)
        self._option_defaults(index, doc)

    def _removals(self, index: int, doc: Located) -> None:
        for kind, idents in doc.data.get("remove", {}).items():
            for position, ident in enumerate(idents):
                key = (kind, ident)
                path: tuple[PathItem, ...] = ("remove", kind, position)
                current = self.live.get(key)
                if current is None:
                    known = self._known(kind)
                    message = f"no {self.spec.singular(kind)} {ident!r} to remove"
                    if key in self.live:
                        message += " (it is already removed)"
                    hint = (
                        self._declared_elsewhere(index, kind, ident)
                        or did_you_mean(ident, known)
                        or (f"known: {', '.join(known)}" if 0 < len(known) <= 40 else "")
                    )
                    self.problems.append(doc.source.problem("remove-unknown", message, path, hint))
                    continue
                if kind == "options" and ident in self.spec.engine_options:
                    self.problems.append(
                        doc.source.problem(
                            "engine-option-missing",
                            f"the engine reads the rule option {ident!r}: it cannot be removed",
                            path,
                            "change its default instead (options: {" + ident + ": ...})",
                        )
                    )
                    continue
                self._touch(index, doc, path, f"{self.spec.singular(kind)} {ident!r}")
                self.merged.items[kind].remove(current)
                self.merged.removed[key] = (doc, path)
                self.live[key] = None

    def _constants(self, index: int, doc: Located) -> None:
        game = self.merged.singles.get(self.spec.constants_kind)
        constants = doc.data.get("constants", {})
        if constants and game is not None:
            patched = {**game.data["constants"]}
            for name, value in constants.items():
                line, _ = doc.source.locate(("constants", name))
                self.merged.constants_changed[name] = f"{doc.source.file}:{line}"
                if isinstance(value, dict):
                    # A number per player count: change the counts given, keep the others.
                    patched[name] = {**patched.get(name, {}), **value}
                    for count in value:
                        what = f"the constant {name}[{count}]"
                        self._touch(index, doc, ("constants", name, count), what)
                    continue
                self._touch(index, doc, ("constants", name), f"the constant {name!r}")
                patched[name] = value
            self.merged.singles[self.spec.constants_kind] = attrs.evolve(
                game, data={**game.data, "constants": patched}
            )

    def _option_defaults(self, index: int, doc: Located) -> None:
        for ident, value in doc.data.get("options", {}).items():
            key = ("options", ident)
            path = ("options", ident)
            current = self.live.get(key)
            if current is None:
                known = self._known("options")
                self.problems.append(
                    doc.source.problem(
                        "unknown-option",
                        f"no rule option {ident!r} to change",
                        path,
                        did_you_mean(ident, known) or f"known: {', '.join(sorted(known))}",
                        at_key=True,
                    )
                )
                continue
            self._touch(index, doc, path, f"the default of option {ident!r}")
            if current.doc.kind == "options":
                self.merged.shadowed.append(current)
            entry = Entry(doc, path, {**current.item, "default": value}, index)
            options = self.merged.items["options"]
            options[options.index(current)] = entry
            self.live[key] = entry
