"""Finding content under a path given: every folder holding a ``pack.yaml`` is a pack
(nested ones too), the other YAML files form one loose unit (:func:`discover`).

Discovery reads only what it may: regular files inside the folder given, to a bounded
depth and number of entries, so a hostile tree can neither leave the folder, block on a
FIFO, nor exhaust the stack or the time; what it refuses is a ``file-refused`` problem.
"""

from __future__ import annotations

import itertools
import os
import stat
from collections.abc import Iterable, Iterator
from importlib.resources.abc import Traversable
from pathlib import Path

import attrs

from taverna_rules.content.problems import Problem

__all__ = [
    "CONTENT_SUFFIXES",
    "MANIFEST",
    "MAX_ENTRIES",
    "MAX_FOLDER_DEPTH",
    "Unit",
    "discover",
    "manifest_missing",
]

#: The file that makes a folder a pack.
MANIFEST = "pack.yaml"


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

#: Other data files that look like content, and what to do with one: a pack folder holds
#: content and perhaps notes or images, never data that is not read.
DATA_SUFFIXES = {
    ".json": "JSON is YAML too: rename it {name!r}",
    ".toml": "write it in YAML as {name!r}",
    ".ini": "write it in YAML as {name!r}",
    ".cfg": "write it in YAML as {name!r}",
    ".yaml~": "an editor's backup: remove it, or rename it {name!r}",
}


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


#: How many files named after content kinds make a folder without ``pack.yaml`` look
#: like a pack: one file alone is a patch, several are an expansion that lost its manifest.
PACK_LIKE_FILES = 2


def manifest_missing(folder: str, units: list[Unit], kinds: Iterable[str]) -> Problem | None:
    """A warning when a folder given on top of the base game looks like a pack but holds
    no ``pack.yaml``: its files load as loose files, without the pack's id, ``extends``
    and players. A folder looks like a pack when two or more of its files are named after
    the game's content kinds (``spells.yaml``, ``options.yaml``), as a pack's are; loose
    files of other names (``more.yaml``, ``fix.yaml``) and a folder of one file are taken
    as given on purpose."""
    names = {f"{kind}{suffix}" for kind in kinds for suffix in CONTENT_SUFFIXES}
    named = sum(name.rpartition("/")[2] in names for unit in units for name, _ in unit.files)
    if any(unit.is_pack for unit in units) or named < PACK_LIKE_FILES:
        return None
    return Problem(
        "no-manifest",
        f"no pack.yaml: {folder!r} is loaded as loose files, on top of every pack, "
        "without a pack id, extends or players",
        folder,
        hint="add a pack.yaml with id, name, version and extends (extends: [base]); "
        "to load loose files on purpose, give the files rather than the folder",
        severity="warning",
    )


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
            return False
    stem, dot, suffix = base.rpartition(".")
    if dot and stem and f".{suffix.lower()}" in DATA_SUFFIXES:
        budget.problems.append(
            Problem(
                "file-ignored",
                f"{base!r} is not read: content files are YAML, ending in .yaml",
                name,
                hint=DATA_SUFFIXES[f".{suffix.lower()}"].format(name=f"{stem}.yaml"),
                severity="warning",
            )
        )
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
