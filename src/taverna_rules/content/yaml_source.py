"""Safe YAML loading that remembers where every node came from.

ruamel.yaml's round-trip loader keeps line and column on mappings and sequences; we use
it only for plain data. Every bound is checked *while* the document is composed, before
ruamel recurses into a level or anything is expanded: the nesting depth, the expanded
size (an alias counts its anchor's whole size at each use, in nodes and in characters of
text), explicit tags (refused: content is plain data, and nothing can run code) and
keys that are not texts or numbers. A scalar that cannot become plain data (a date that
does not exist, a number out of range, an infinite float) is refused where it stands.
Whatever the text, loading returns located problems and never raises.
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Callable, Sequence
from typing import Any

import attrs
from ruamel.yaml import YAML
from ruamel.yaml.composer import Composer
from ruamel.yaml.constructor import RoundTripConstructor
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.events import AliasEvent, CollectionStartEvent, ScalarEvent
from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode
from ruamel.yaml.reader import ReaderError

from taverna_rules.content.problems import Problem, Severity

__all__ = ["MAX_INT", "Limits", "SourceDocument", "json_path", "load_yaml_text", "to_plain", "too_large"]

PathItem = str | int

#: The largest whole number a document may hold (in magnitude): 64 bits, so every number
#: read converts to text and JSON and back (Python refuses to print integers of over
#: 4,300 digits, and a hexadecimal literal could write one).
MAX_INT = 2**64 - 1


@attrs.frozen
class Limits:
    """Bounds on one YAML document (a content file or a position).

    ``max_nodes`` and ``max_chars`` bound the document *as expanded*: an alias counts
    the nodes and the characters of text of its anchor at each use.
    """

    max_bytes: int = 1_000_000
    max_depth: int = 48
    max_nodes: int = 200_000
    max_chars: int = 5_000_000


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
    """JSON-shaped copy of YAML data: string keys, lists, and builtin scalars.

    Keys that YAML reads as other scalars are written as YAML spells them (``true``,
    ``null``, ``2``); a date becomes its ISO text.
    """
    if isinstance(node, dict):
        return {_plain_key(key): to_plain(value) for key, value in node.items()}
    if isinstance(node, list):
        return [to_plain(value) for value in node]
    if isinstance(node, bool) or node is None:
        return node
    if isinstance(node, int):
        return int(node)
    if isinstance(node, float):
        return float(node)
    return str(node)


def _plain_key(key: Any) -> str:
    if isinstance(key, bool) or key is None:
        return "null" if key is None else str(key).lower()
    return str(key)


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


# ----------------------------------------------------------------------------- loading
def load_yaml_text(
    text: str, file: str, limits: Limits = Limits()
) -> tuple[SourceDocument | None, list[Problem]]:
    """Parse one YAML document; return it, or ``None`` and the problems that stopped it.

    Never raises: whatever the text, a refusal is a located :class:`Problem`.
    """
    if len(text.encode("utf-8", "surrogatepass")) > limits.max_bytes:
        return None, [too_large(file, limits)]
    try:
        data = _reader(limits).load(io.StringIO(text))
    except _Refusal as refusal:
        return None, [refusal.problem(file)]
    except MarkedYAMLError as exc:
        return None, [_syntax_problem(exc, file)]
    except ReaderError as exc:
        return None, [_reader_problem(exc, text, file)]
    except YAMLError as exc:
        return None, [Problem("yaml-syntax", str(exc).strip(), file)]
    return SourceDocument(file, data), []


def too_large(file: str, limits: Limits = Limits()) -> Problem:
    """The problem of a file over ``limits.max_bytes`` (a reader stops one byte past it)."""
    return Problem(
        "yaml-too-large",
        f"the file is larger than {limits.max_bytes} bytes",
        file,
        hint="split the content over several files",
    )


def _reader(limits: Limits) -> YAML:
    yaml = YAML(typ="rt", pure=True)
    yaml.allow_duplicate_keys = False
    yaml.Composer = _BoundedComposer
    yaml.Constructor = _PlainConstructor
    composer = yaml.composer
    assert isinstance(composer, _BoundedComposer)
    composer.limits = limits
    return yaml


class _Refusal(Exception):
    """A located refusal, raised out of ruamel while it reads (and stops it there)."""

    def __init__(self, code: str, message: str, hint: str, path: Sequence[PathItem], mark: Any) -> None:
        super().__init__(message)
        self.code, self.message, self.hint, self.path = code, message, hint, tuple(path)
        self.line: int = mark.line + 1 if mark is not None else 0
        self.column: int = mark.column + 1 if mark is not None else 0

    def problem(self, file: str) -> Problem:
        return Problem(
            self.code,
            self.message,
            file,
            self.line,
            self.column,
            json_path(self.path),
            self.hint,
            path_items=self.path,
        )


@attrs.frozen
class _Size:
    """An anchored node's expanded size: nodes, characters of text, levels below it."""

    nodes: int
    chars: int
    height: int


class _BoundedComposer(Composer):
    """ruamel's composer, bounded as it composes.

    ruamel composes (and later constructs) by recursion, one level per nesting level, so
    the depth must be checked before a level is entered, not on the finished tree; and an
    alias is one node in the composed tree but a whole copy in the plain data, so it is
    counted at its anchor's expanded size, at each use.
    """

    def __init__(self, loader: Any = None) -> None:
        super().__init__(loader)
        self.warn_double_anchors = False  # a reused anchor name is legal YAML
        self.limits = Limits()
        self.path: list[PathItem] = []
        self.nodes = 0
        self.chars = 0
        # The height of the tallest child of each node being composed.
        self.heights: list[int] = [0]
        self.sizes: dict[int, _Size] = {}  # id(anchored node) -> its size, once complete
        # id(scalar node) -> its path, for the scalars whose construction can fail.
        self.paths: dict[int, tuple[PathItem, ...]] = {}

    def compose_node(self, parent: Any, index: Any) -> Any:
        event = self.parser.peek_event()
        is_key = isinstance(parent, MappingNode) and index is None
        step = _step(parent, index)
        if step is not None:
            self.path.append(step)
        if isinstance(event, AliasEvent):
            node = super().compose_node(parent, index)  # ruamel reports an undefined alias
            self._alias(node, event, is_key)
        else:
            node = self._compose(parent, index, event, is_key)
        if step is not None:
            self.path.pop()
        return node

    def _compose(self, parent: Any, index: Any, event: Any, is_key: bool) -> Any:
        self._check(event, is_key)
        nodes, chars = self.nodes, self.chars
        self._count(1, len(event.value) if isinstance(event, ScalarEvent) else 0, event)
        self.heights.append(0)
        node = super().compose_node(parent, index)
        height = self.heights.pop()
        self.heights[-1] = max(self.heights[-1], height + 1)
        if event.anchor is not None:
            self.sizes[id(node)] = _Size(self.nodes - nodes, self.chars - chars, height)
        if isinstance(node, ScalarNode) and _kind(node) in _CHECKED_KINDS:
            self.paths[id(node)] = tuple(self.path)
        return node

    def _check(self, event: Any, is_key: bool) -> None:
        if len(self.path) > self.limits.max_depth:
            raise self._refuse(
                "yaml-too-deep",
                f"nesting deeper than {self.limits.max_depth}",
                "content is a few levels deep: flatten the structure",
                event,
            )
        tag = getattr(event, "tag", None)
        if tag is not None:
            raise self._refuse(
                "yaml-tag",
                f"YAML tags are not allowed (found {tag!r})",
                "content is plain data: remove the tag",
                event,
            )
        if is_key and isinstance(event, CollectionStartEvent):
            raise self._refuse_key(event)

    def _alias(self, node: Any, event: Any, is_key: bool) -> None:
        size = self.sizes.get(id(node))
        if size is None:
            raise self._refuse(
                "yaml-value",
                f"the alias *{event.anchor} is inside the very node its anchor names (a loop)",
                "an alias repeats a node that is complete before it",
                event,
            )
        if is_key and not isinstance(node, ScalarNode):
            raise self._refuse_key(event)
        if len(self.path) + size.height > self.limits.max_depth:
            raise self._refuse(
                "yaml-too-deep",
                f"nesting deeper than {self.limits.max_depth} once the alias *{event.anchor} is expanded",
                "content is a few levels deep: flatten the structure",
                event,
            )
        self._count(size.nodes, size.chars, event)
        self.heights[-1] = max(self.heights[-1], size.height + 1)

    def _count(self, nodes: int, chars: int, event: Any) -> None:
        self.nodes += nodes
        self.chars += chars
        if self.nodes > self.limits.max_nodes:
            raise self._refuse(
                "yaml-too-many-nodes",
                f"the document expands to more than {self.limits.max_nodes} nodes",
                "anchors and aliases count once per use; do not nest them",
                event,
            )
        if self.chars > self.limits.max_chars:
            raise self._refuse(
                "yaml-too-large",
                f"the document expands to more than {self.limits.max_chars} characters of text",
                "an alias repeats all the text of its anchor at each use: use fewer or smaller ones",
                event,
            )

    def _refuse_key(self, event: Any) -> _Refusal:
        return self._refuse(
            "yaml-value",
            "a mapping key must be a text or a number, not a list or a mapping",
            "write the key as a plain word",
            event,
        )

    def _refuse(self, code: str, message: str, hint: str, event: Any) -> _Refusal:
        return _Refusal(code, message, hint, self.path, event.start_mark)


def _step(parent: Any, index: Any) -> PathItem | None:
    """The path step from ``parent`` to the node composed at ``index`` (None: a key)."""
    if isinstance(parent, SequenceNode) and isinstance(index, int):
        return index
    if isinstance(parent, MappingNode) and isinstance(index, ScalarNode):
        return str(index.value)
    return None


class _PlainConstructor(RoundTripConstructor):
    """ruamel's round-trip constructor, whose scalars are plain data or a located refusal."""

    def construct_non_recursive_object(self, node: Any, tag: str | None = None) -> Any:
        if not isinstance(node, ScalarNode):
            return super().construct_non_recursive_object(node, tag)
        kind = _kind(node)
        if kind == "int" and len(node.value) > _MAX_NUMBER_TEXT:
            raise self._refuse(node, kind, "too long")  # before int() spends time on it
        try:
            data = super().construct_non_recursive_object(node, tag)
        except (ArithmeticError, ValueError, TypeError) as exc:
            # Python's own constructors refuse what the YAML patterns let through:
            # 2021-02-30, a time at 25 o'clock, an integer of 5,000 digits.
            raise self._refuse(node, kind, str(exc)) from None
        if isinstance(data, int) and not isinstance(data, bool) and abs(data) > MAX_INT:
            raise self._refuse(node, kind, "out of range")
        if isinstance(data, float) and not math.isfinite(data):
            raise self._refuse(node, kind, "not finite")
        return data

    def _refuse(self, node: Any, kind: str, detail: str) -> _Refusal:
        composer = getattr(self.loader, "composer", None)
        paths = composer.paths if isinstance(composer, _BoundedComposer) else {}
        return _value_refusal(node, kind, detail, paths.get(id(node), ()))


def _kind(node: Any) -> str:
    """``int`` for a node tagged ``tag:yaml.org,2002:int``."""
    return str(node.tag).rpartition(":")[2]


#: The scalars Python's constructors may refuse (a date that does not exist...).
_CHECKED_KINDS = frozenset({"int", "float", "timestamp"})

#: Longer integer literals are refused unread: none fits in MAX_INT (binary takes 66).
_MAX_NUMBER_TEXT = 100


def _value_refusal(node: Any, kind: str, detail: str, path: tuple[PathItem, ...]) -> _Refusal:
    value = str(node.value)
    shown = repr(value) if len(value) <= 40 else f"{value[:20]!r}... ({len(value)} characters)"
    if kind == "int":
        message = f"the number {shown} is out of range"
        hint = f"whole numbers are at most {MAX_INT} in size; quote it if it is text"
    elif kind == "float":
        message = f"{shown} is not a finite number"
        hint = "write a number such as 1.5; quote it if it is text"
    elif kind == "timestamp":
        message = f"{shown} is not a valid date or time ({detail})"
        hint = f"check the date; quote it if it is text: '{value[:40]}'"
    else:
        message = f"{shown} cannot be read as {kind} ({detail})"
        hint = "quote it if it is text"
    return _Refusal("yaml-value", message, hint, path, node.start_mark)


# ----------------------------------------------------------------------------- syntax errors
#: ruamel's wording of the usual mistakes -> (plain message, hint, locate at the start of
#: the construct rather than where the parser noticed). ``{found}``: what the parser found;
#: ``{start}``: "line L, column C" where the construct started.
_SyntaxWords = tuple[str, str, bool]
_PLAIN_WORDS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], _SyntaxWords]], ...] = (
    (
        re.compile(r"mapping values are not allowed here"),
        lambda m: (
            "a ':' here would start a key inside a value",
            "if the text holds ': ', put it in quotes (name: \"Sir: Knight\"); "
            "if this line is a key, indent it like the keys around it",
            False,
        ),
    ),
    (
        re.compile(r"could not find expected ':'"),
        lambda m: (
            "this line is neither 'key: value' nor a list item '- ...'",
            "add the ':' after the key, start a list item with '- ', "
            "or indent a continued text under its key",
            True,
        ),
    ),
    (
        re.compile(r"quoted scalar\|found unexpected end of stream"),
        lambda m: (
            "a quoted text is not closed",
            "close the quote that opens here, at the end of the text",
            True,
        ),
    ),
    (
        re.compile(r"expected <block end>, but found '<scalar>'"),
        lambda m: (
            "more text after the end of a value",
            "put the whole value in one pair of quotes, or start the text on a line of its own",
            False,
        ),
    ),
    (
        re.compile(r"expected <block end>, but found '-'"),
        lambda m: (
            "a list item '- ' among the keys of a mapping",
            "indent the list under the key it belongs to",
            False,
        ),
    ),
    (
        re.compile(r"expected <block end>, but found '([\]}])'"),
        lambda m: (
            f"a {m.group(1)!r} closes nothing",
            f"remove it, or add the {'[' if m.group(1) == ']' else '{'!r} that opens it",
            False,
        ),
    ),
    (
        re.compile(r"expected <block end>, but found"),
        lambda m: (
            "this line is not indented like the other lines of its block, which starts at {start}",
            "indent with spaces so that the keys of one mapping, and the items of one list, "
            "start in the same column",
            False,
        ),
    ),
    (
        re.compile(r"expected ',' or '([\]}])', but got '(.*)'"),
        lambda m: (
            f"the {'list' if m.group(1) == ']' else 'mapping'} that starts at {{start}} is not closed",
            f"close it with {m.group(1)!r}, and separate its items with ','",
            False,
        ),
    ),
    (
        re.compile(r"found character '\\t' that cannot start any token"),
        lambda m: (
            "a tab character: YAML indents with spaces only",
            "YAML does not allow tabs: indent with spaces",
            False,
        ),
    ),
    (
        re.compile(r"found character '(.+)' that cannot start any token"),
        lambda m: (
            f"a value cannot start with {m.group(1)!r}",
            f"put the value in quotes: '{m.group(1)}...'",
            False,
        ),
    ),
    (
        re.compile(r'found duplicate key "(.*)" with value'),
        lambda m: (
            f"the key {m.group(1)!r} appears twice in one mapping",
            "keep one of them: a mapping holds each key once",
            False,
        ),
    ),
    (
        re.compile(r"found undefined alias '(.*)'"),
        lambda m: (
            f"the alias *{m.group(1)} names no anchor",
            f"define &{m.group(1)} before its first use, or quote the text if '*' is meant literally",
            False,
        ),
    ),
    (
        re.compile(r"while scanning an? (anchor|alias)\|expected alphabetic or numeric"),
        lambda m: (
            f"an {m.group(1)} needs a name right after {'&' if m.group(1) == 'anchor' else '*'!r}",
            f"write {'&' if m.group(1) == 'anchor' else '*'}name, or quote the value if it is text",
            False,
        ),
    ),
    (
        re.compile(r"for merging, but found"),
        lambda m: (
            "a merge key '<<' takes a mapping, or a list of mappings, to merge into this one",
            "write <<: *name (the alias of a mapping), or quote '<<' if it is an ordinary key",
            False,
        ),
    ),
    (
        re.compile(r"but found another document"),
        lambda m: (
            "a second document: a file holds one document",
            "remove the '---' line, or split the file in two",
            False,
        ),
    ),
    (
        re.compile(r"found unknown escape character '(.*)'"),
        lambda m: (
            f"unknown escape '\\{m.group(1)}' in a double-quoted text",
            "write '\\\\' for a backslash, or use single quotes",
            False,
        ),
    ),
)


def _syntax_problem(exc: MarkedYAMLError, file: str) -> Problem:
    """A ``yaml-syntax`` problem in plain words, at the line and column ruamel gives."""
    problem_mark, opened = exc.problem_mark, exc.context_mark
    raw = str(exc.problem or exc.context or "malformed YAML").strip()
    # The patterns see the context too: "while scanning a quoted scalar|found ...".
    context = f"{exc.context or ''}|{exc.problem or ''}"
    start = f"line {opened.line + 1}, column {opened.column + 1}" if opened is not None else "above"
    message, hint, at_start = raw, "", False
    for pattern, words in _PLAIN_WORDS:
        match = pattern.search(context)
        if match is not None:
            message, hint, at_start = words(match)
            message = message.replace("{start}", start)
            break
    mark = opened if at_start and opened is not None else problem_mark or opened
    line, col = (mark.line + 1, mark.column + 1) if mark is not None else (0, 0)
    return Problem("yaml-syntax", message, file, line, col, hint=hint)


def _reader_problem(exc: ReaderError, text: str, file: str) -> Problem:
    """A character YAML refuses (a NUL, a control character), at its line and column."""
    position = exc.position if isinstance(exc.position, int) else 0
    before = text[:position]
    line = before.count("\n") + 1
    column = position - (before.rfind("\n") + 1) + 1
    character = exc.character if isinstance(exc.character, int) else ord(str(exc.character)[:1] or "?")
    return Problem(
        "yaml-syntax",
        f"the character {chr(character)!r} (#x{character:04x}) is not allowed in YAML",
        file,
        line,
        column,
        hint="remove it; the file may not be text",
    )
