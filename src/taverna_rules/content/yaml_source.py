"""Safe YAML loading that remembers where every node came from.

ruamel.yaml's round-trip loader keeps line and column on mappings and sequences; we use
it only for plain data. Tags (``!!python/object`` and friends) are refused, and the
size, nesting depth and alias expansion of a document are bounded, so an untrusted file
can neither run code nor exhaust memory.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

import attrs
from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError

from taverna_rules.content.problems import Problem, Severity

__all__ = ["Limits", "SourceDocument", "json_path", "load_yaml_text", "to_plain"]

PathItem = str | int


@attrs.frozen
class Limits:
    """Bounds on one content document."""

    max_bytes: int = 1_000_000
    max_depth: int = 48
    max_nodes: int = 200_000


@attrs.frozen(eq=False)
class SourceDocument:
    """A parsed YAML document, its file name, and the means to locate any node in it."""

    file: str
    data: Any

    def locate(self, path: Sequence[PathItem], at_key: bool = False) -> tuple[int, int]:
        """1-based (line, column) of the node at ``path``, or of its nearest located parent;
        ``at_key``: of the mapping key that names the last step, not of its value."""
        node = self.data
        line, col = _position(node, None)
        for depth, item in enumerate(path):
            key = _actual_key(node, item)
            try:
                child = node[key]
            except (KeyError, IndexError, TypeError):
                break
            pos = _position(node, key, at_key and depth == len(path) - 1)
            if pos != (0, 0):
                line, col = pos
            node = child
        return line, col

    def existing(self, path: Sequence[PathItem]) -> tuple[PathItem, ...]:
        """The longest start of ``path`` that exists in the document (a problem about a value
        a pack changed points at the change, whose file holds less than the item)."""
        node = self.data
        out: list[PathItem] = []
        for item in path:
            key = _actual_key(node, item)
            try:
                node = node[key]
            except (KeyError, IndexError, TypeError):
                break
            out.append(item)
        return tuple(out)

    def problem(
        self,
        code: str,
        message: str,
        path: Sequence[PathItem] = (),
        hint: str = "",
        at_key: bool = False,
        severity: Severity = "error",
    ) -> Problem:
        """A :class:`Problem` located at ``path`` (at its key with ``at_key``) in this document."""
        line, col = self.locate(path, at_key)
        return Problem(code, message, self.file, line, col, json_path(path), hint, severity, tuple(path))


def _actual_key(node: Any, item: PathItem) -> PathItem:
    # Plain data has string keys; YAML may have read ``2:`` as the integer 2.
    if isinstance(node, dict) and isinstance(item, str) and item not in node:
        try:
            number = int(item)
        except ValueError:
            return item
        return number if number in node else item
    return item


def to_plain(node: Any) -> Any:
    """JSON-shaped copy of YAML data: string keys, lists, and builtin scalars."""
    if isinstance(node, dict):
        return {str(key): to_plain(value) for key, value in node.items()}
    if isinstance(node, list):
        return [to_plain(value) for value in node]
    if isinstance(node, bool) or node is None:
        return node
    if isinstance(node, int):
        return int(node)
    if isinstance(node, float):
        return float(node)
    return str(node)


def json_path(path: Sequence[PathItem]) -> str:
    """``("cards", 3, "peoples")`` -> ``$.cards[3].peoples``."""
    out = "$"
    for item in path:
        out += f"[{item}]" if isinstance(item, int) else f".{item}"
    return out


def _position(container: Any, key: PathItem | None, at_key: bool = False) -> tuple[int, int]:
    lc = getattr(container, "lc", None)
    if lc is None:
        return 0, 0
    try:
        if key is None:
            return lc.line + 1, lc.col + 1
        if isinstance(key, int):
            line, col = lc.item(key)
        else:
            line, col = lc.key(key) if at_key else lc.value(key)
    except (KeyError, IndexError, TypeError, AttributeError):
        return 0, 0
    return int(line) + 1, int(col) + 1


def load_yaml_text(
    text: str, file: str, limits: Limits = Limits()
) -> tuple[SourceDocument | None, list[Problem]]:
    """Parse one YAML document; return it, or ``None`` and the problems that stopped it."""
    if len(text.encode("utf-8", "surrogatepass")) > limits.max_bytes:
        return None, [
            Problem(
                "yaml-too-large",
                f"the file is larger than {limits.max_bytes} bytes",
                file,
                hint="split the content over several files",
            )
        ]
    yaml = YAML(typ="rt", pure=True)
    yaml.allow_duplicate_keys = False
    try:
        data = yaml.load(io.StringIO(text))
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark is not None else (0, 0)
        message = str(exc.problem or exc.context or "malformed YAML").strip()
        hint = "YAML does not allow tabs: indent with spaces" if "'\\t'" in message else ""
        opened = exc.context_mark
        if (
            opened is not None
            and mark is not None
            and "flow" in str(exc.context or "")
            and opened.line != mark.line
        ):
            # "while parsing a flow mapping": say where the unclosed thing started.
            what = str(exc.context).strip().removeprefix("while parsing ").removeprefix("a ")
            hint = (
                f"the {what} that starts at line {opened.line + 1}, column {opened.column + 1} is not closed"
            )
        return None, [Problem("yaml-syntax", message, file, line, col, hint=hint)]
    except YAMLError as exc:
        return None, [Problem("yaml-syntax", str(exc).strip(), file)]
    doc = SourceDocument(file, data)
    problems = _check_tree(doc, limits)
    return (None if problems else doc), problems


def _check_tree(doc: SourceDocument, limits: Limits) -> list[Problem]:
    """Refuse tags, deep nesting and alias bombs by walking the tree with a node budget."""
    budget = limits.max_nodes
    stack: list[tuple[Any, tuple[PathItem, ...]]] = [(doc.data, ())]
    while stack:
        node, path = stack.pop()
        budget -= 1
        if budget < 0:
            return [
                doc.problem(
                    "yaml-too-many-nodes",
                    f"the document expands to more than {limits.max_nodes} nodes",
                    (),
                    "anchors and aliases count once per use; do not nest them",
                )
            ]
        if len(path) > limits.max_depth:
            return [
                doc.problem(
                    "yaml-too-deep",
                    f"nesting deeper than {limits.max_depth}",
                    path,
                    "content is a few levels deep: flatten the structure",
                )
            ]
        tag = getattr(getattr(node, "tag", None), "value", None)
        if tag is not None:
            return [
                doc.problem(
                    "yaml-tag",
                    f"YAML tags are not allowed (found {tag!r})",
                    path,
                    "content is plain data: remove the tag",
                )
            ]
        if isinstance(node, dict):
            stack.extend((value, (*path, key)) for key, value in node.items())
        elif isinstance(node, list):
            stack.extend((value, (*path, i)) for i, value in enumerate(node))
    return []
