"""Packs: folders of content with a manifest, layered on one another.

A pack is a folder holding ``pack.yaml`` (its id, names, version, the packs it extends
and the content format it targets) and content files. Packs are applied in dependency
order, each on top of what the packs before it built:

- an item whose id is new is **added**;
- a file with ``merge: replace`` **replaces** the items of the same ids;
- a ``changes`` file **removes** items by id, and changes constants and option defaults.

Two packs that neither extends the other may not touch the same item, constant or
option: that is a conflict, reported in both packs' files. Content files given without a
manifest form one last layer on top of every pack.
"""

from __future__ import annotations

import itertools
import os
import stat
from collections.abc import Iterator, Sequence
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import attrs

from taverna_rules.content.merged import Entry, Located, Merged
from taverna_rules.content.model import FORMAT_VERSION, Names, PackInfo
from taverna_rules.content.problems import Problem, did_you_mean
from taverna_rules.content.spec import AddParts, ContentSpec
from taverna_rules.content.yaml_source import PathItem, SourceDocument

__all__ = [
    "Entry",
    "Layer",
    "Located",
    "Merged",
    "Unit",
    "discover",
    "merge",
    "order_layers",
]

MANIFEST = "pack.yaml"


# ----------------------------------------------------------------------------- discovery
@attrs.frozen
class Unit:
    """Files that load together: one pack (with its manifest) or loose content files."""

    label: str
    files: tuple[tuple[str, Traversable | Path], ...]
    is_pack: bool


def _is_pack_root(folder: Traversable | Path) -> bool:
    return (folder / MANIFEST).is_file()


#: Bounds on the folders under one path given to validate or load: deeper folders and
#: entries past the count are not read (and reported), so a hostile tree cannot exhaust
#: the stack or the time.
MAX_FOLDER_DEPTH = 32
MAX_ENTRIES = 10_000

#: What a content file's name ends with; near misses (``Spells.YAML``,
#: ``spells.yaml.txt``) get a warning instead of being skipped in silence.
CONTENT_SUFFIXES = (".yaml", ".yml")


@attrs.define
class _Budget:
    """What one discovery may still visit, and where it reports what it refuses."""

    problems: list[Problem]
    boundary: str  # the resolved folder given: files must resolve inside it
    entries: int  # how many more entries may be listed
    exhausted: bool = False


def discover(root: Traversable | Path, label: str, problems: list[Problem] | None = None) -> list[Unit]:
    """The units under ``root``: every folder with a ``pack.yaml`` is a pack (nested ones
    too); the other YAML files form one loose unit.

    Only regular files inside ``root`` are taken: a link that leaves it, a device, a FIFO
    or a socket is refused (a ``file-refused`` problem in ``problems``), never opened;
    folders deeper than :data:`MAX_FOLDER_DEPTH` and entries past :data:`MAX_ENTRIES` are
    not read. Walks without recursion.
    """
    problems = [] if problems is None else problems
    if isinstance(root, Path):
        kind = _file_kind(root)
        if kind != "folder":
            if kind != "file":
                message = f"{label!r} is {kind}, not a content file or folder"
                problems.append(_refused(label, message, "give a pack folder or a .yaml file"))
                return []
            if root.name == MANIFEST:
                return discover(root.parent, str(Path(label).parent), problems)
            return [Unit(label, ((label, root),), False)]
    elif root.is_file():
        return [Unit(label, ((label, root),), False)]
    budget = _Budget(problems, os.path.realpath(root) if isinstance(root, Path) else "", MAX_ENTRIES)
    units: list[Unit] = []
    todo: list[tuple[Traversable | Path, str, int]] = [(root, label, 0)]
    while todo:
        folder, name, depth = todo.pop()
        own: list[tuple[str, Traversable | Path]] = []
        nested: list[tuple[Traversable | Path, str, int]] = []
        for child_name, entry, child_depth, is_root in _walk(folder, name, depth, budget):
            if is_root:
                nested.append((entry, child_name, child_depth))
            else:
                own.append((child_name, entry))
        if own or _is_pack_root(folder):
            units.append(Unit(name, tuple(own), _is_pack_root(folder)))
        todo.extend(reversed(nested))  # nested packs in name order, after their parent
    return units


def _walk(
    root: Traversable | Path, label: str, depth: int, budget: _Budget
) -> Iterator[tuple[str, Traversable | Path, int, bool]]:
    """Content files under ``root`` (name, entry, depth, False) and nested pack roots
    (name, folder, depth, True), in name order, depth first, without recursion."""
    stack: list[tuple[Traversable | Path, str, int]] = [(root, label, depth)]
    while stack:
        entry, name, level = stack.pop()
        if entry is not root:
            if not _is_dir(entry):
                if _is_content(name, budget):
                    refusal = _refusal(entry, name, budget.boundary)
                    if refusal is None:
                        yield name, entry, level, False
                    else:
                        budget.problems.append(refusal)
                continue
            if level > MAX_FOLDER_DEPTH:
                budget.problems.append(
                    _refused(
                        name,
                        f"folders nested deeper than {MAX_FOLDER_DEPTH} levels: not read",
                        "move the content up: packs are a few folders deep",
                    )
                )
                continue
            if _is_pack_root(entry):
                yield name, entry, level, True
                continue
        # A listing is cut at the budget before it is sorted: a folder of millions of
        # entries costs no more than the bound.
        listed = list(itertools.islice(entry.iterdir(), budget.entries + 1))
        children = sorted(listed, key=lambda c: c.name)
        if len(children) > budget.entries:
            if not budget.exhausted:
                budget.exhausted = True
                budget.problems.append(
                    _refused(
                        name,
                        f"more than {MAX_ENTRIES} files and folders: the rest is not read",
                        "give the pack folder itself, not a folder above it",
                    )
                )
            children = children[: budget.entries]
        budget.entries -= len(children)
        for child in reversed(children):
            if child.name.startswith("."):
                continue  # .git, .github, .pre-commit-config.yaml: not content
            if isinstance(child, Path) and child.is_symlink() and child.is_dir():
                continue  # a linked folder could loop or leave the content tree
            stack.append((child, f"{name}/{child.name}", level + 1))


def _is_dir(entry: Traversable | Path) -> bool:
    if isinstance(entry, Path):
        return _file_kind(entry) == "folder"
    return entry.is_dir()


def _is_content(name: str, budget: _Budget) -> bool:
    """Whether a file is content by its name; a near miss gets a warning."""
    base = name.rpartition("/")[2]
    if base.endswith(CONTENT_SUFFIXES):
        return True
    lower = base.lower()
    for suffix in CONTENT_SUFFIXES:
        if lower.endswith(suffix) or f"{suffix}." in lower:
            stem = base[: lower.rindex(suffix)] if f"{suffix}." in lower else base[: -len(suffix)]
            budget.problems.append(
                Problem(
                    "file-ignored",
                    f"{base!r} is not read: content files end in .yaml (lowercase)",
                    name,
                    hint=f"rename it {stem + suffix!r}",
                    severity="warning",
                )
            )
            break
    return False


def _file_kind(path: Path) -> str:
    """``file``, ``folder``, or what else ``path`` is (followed through links; a FIFO is
    never opened, so asking never blocks)."""
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        return f"unreadable ({exc.strerror or exc})"
    if stat.S_ISREG(mode):
        return "file"
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def _refusal(entry: Traversable | Path, name: str, boundary: str) -> Problem | None:
    """Why a content file is not read: a link leaving the folder given, or not a
    regular file; None when it may be read."""
    if not isinstance(entry, Path):
        return None  # the bundled cards, inside the package
    real = os.path.realpath(entry)
    if boundary and os.path.commonpath([boundary, real]) != boundary:
        return _refused(
            name,
            "a link to a file outside the folder given: not read",
            "copy the file into the pack folder",
        )
    kind = _file_kind(entry)
    if kind != "file":
        return _refused(name, f"{kind}, not a regular file: not read", "content files are regular files")
    return None


def _refused(name: str, message: str, hint: str) -> Problem:
    """A path discovery does not read (its content is never opened, nor shown)."""
    return Problem("file-refused", message, name, hint=hint)


# ----------------------------------------------------------------------------- layers
@attrs.frozen
class Layer:
    """One pack's documents (or the loose files', ``pack`` None), applied in order."""

    label: str
    pack: PackInfo | None
    manifest: Located | None
    docs: tuple[Located, ...]

    @property
    def name(self) -> str:
        """How messages name the layer."""
        return f"pack {self.pack.id!r}" if self.pack is not None else "the loose files"


def pack_info(manifest: Located) -> PackInfo:
    """The pack description of a schema-valid manifest."""
    data = manifest.data
    return PackInfo(
        id=data["id"],
        name=Names(**data["name"]),
        version=str(data["version"]),
        extends=tuple(data["extends"]),
        format=int(data["format"]),
        description=str(data.get("description", "")),
        players=tuple(data.get("players", ())),
        source=manifest.source.file,
    )


def order_layers(layers: Sequence[Layer], problems: list[Problem]) -> list[Layer]:
    """Packs in dependency order (a pack after the packs it extends), then the loose files.

    A missing dependency, a repeated pack id or a cycle is a problem at the manifest.
    """
    packs: dict[str, Layer] = {}
    for layer in layers:
        if layer.pack is None or layer.manifest is None:
            continue
        first = packs.get(layer.pack.id)
        if first is not None:
            problems.append(
                layer.manifest.source.problem(
                    "duplicate-pack",
                    f"pack id {layer.pack.id!r} is also the id of {first.label}",
                    ("id",),
                    "each pack has its own id: rename one",
                )
            )
            continue
        packs[layer.pack.id] = layer
    ordered: list[Layer] = []
    state: dict[str, str] = {}

    def visit(pack_id: str) -> None:
        layer = packs[pack_id]
        assert layer.pack is not None and layer.manifest is not None
        state[pack_id] = "visiting"
        for index, parent in enumerate(layer.pack.extends):
            if parent not in packs:
                hint = did_you_mean(parent, packs) or (
                    "load it too (the base game is 'base')" if packs else "load it too"
                )
                problems.append(
                    layer.manifest.source.problem(
                        "pack-missing",
                        f"{layer.name} extends {parent!r}, which is not loaded",
                        ("extends", index),
                        hint,
                    )
                )
            elif state.get(parent) == "visiting":
                problems.append(
                    layer.manifest.source.problem(
                        "pack-cycle",
                        f"{layer.name} extends {parent!r}, which extends it back",
                        ("extends", index),
                        "packs extend one another in one direction only",
                    )
                )
            elif parent not in state:
                visit(parent)
        state[pack_id] = "done"
        ordered.append(layer)

    for pack_id in packs:
        if pack_id not in state:
            visit(pack_id)
    ordered.extend(layer for layer in layers if layer.pack is None)
    return ordered


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


# ----------------------------------------------------------------------------- merge
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
        self.problems.append(
            doc.source.problem(
                "pack-conflict",
                f"{self.layers[index].name} and {self.layers[rival.layer].name} "
                f"({rival.doc.source.file}:{line}) both change {what}",
                path,
                "make one pack extend the other, or drop one of the two changes",
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


def merge(spec: ContentSpec, layers: Sequence[Layer], problems: list[Problem]) -> Merged:
    """Apply the layers in order; report duplicates, unknown targets and conflicts."""
    return _Merger(spec, layers, problems).run()


def check_format(source: SourceDocument, data: dict[str, Any]) -> Problem | None:
    """A problem when a document targets another content format than this library reads."""
    version = data.get("format")
    if isinstance(version, int) and not isinstance(version, bool) and version != FORMAT_VERSION:
        newer = version > FORMAT_VERSION
        return source.problem(
            "format-version",
            f"the file targets content format {version}; this version of taverna_rules reads "
            f"format {FORMAT_VERSION}",
            ("format",),
            "upgrade taverna_rules" if newer else f"update the file to format {FORMAT_VERSION}",
        )
    return None
