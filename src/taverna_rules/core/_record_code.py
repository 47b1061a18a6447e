"""Writes out the methods of plain records (:mod:`taverna_rules._records`)
from the one field list each has: the parameters of its ``__init__``.

``python -m taverna_rules.core._record_code [--check] FILE...`` (``make records``)
rewrites, in each file, every block between the marker lines ``# record: ...`` and
``# end of record`` of a class: ``__slots__``, the fields (``Final``, with the ``#:``
comments written above each parameter), ``__init__`` (its signature kept as written), and
``replace``, ``__eq__``, ``__hash__``, ``__repr__`` and ``__reduce__``; between
``# record fields: ...`` and ``# end of record``, only the fields and ``__init__`` (a
record whose base has those methods, :class:`taverna_rules.core.records.FieldRecord`).
``--check`` only says which files are out of date (tests/test_plain_records.py runs it).

The code is plain Python mypyc compiles to a native class; it reads the source as text
and never imports it.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Sequence
from pathlib import Path

import attrs

__all__ = ["Param", "main", "rewrite"]

START = "# record: written by `make records` from __init__'s parameters; do not edit below"
#: The marker of a record whose methods its base class has (an event: see
#: :class:`taverna_rules.core.records.FieldRecord`): only its fields and ``__init__`` are written.
FIELDS_START = "# record fields: written by `make records` from __init__'s parameters; do not edit below"
END = "# end of record"
#: The formatter's line length (pyproject.toml's ``[tool.ruff] line-length``).
LINE = 110


@attrs.frozen
class Param:
    """A parameter of a record's ``__init__``: a field."""

    name: str
    annotation: str
    default: str | None
    #: The ``#:`` comment lines written above it, stripped.
    doc: tuple[str, ...]


def _signature(lines: list[str], start: int) -> int:
    """The index of the last line of the ``def __init__`` signature starting at ``start``."""
    for index in range(start, len(lines)):
        if lines[index].rstrip().endswith(") -> None:"):
            return index
    raise ValueError(f"line {start + 1}: an __init__ signature ends with ') -> None:'")


def _params(signature: str) -> tuple[Param, ...]:
    """The parameters of a ``def __init__(self, ...) -> None:`` signature."""
    tree = ast.parse(signature.strip() + "\n    pass\n")
    func = tree.body[0]
    assert isinstance(func, ast.FunctionDef)
    args = func.args
    if args.vararg or args.kwarg or args.kwonlyargs or args.posonlyargs:
        raise ValueError("a record's __init__ takes plain parameters only")
    plain = args.args[1:]
    defaults: list[ast.expr | None] = [None] * (len(plain) - len(args.defaults)) + list(args.defaults)
    text = signature.strip().splitlines()
    out = []
    previous = 0
    for arg, default in zip(plain, defaults, strict=True):
        if arg.annotation is None:
            raise ValueError(f"the field {arg.arg!r} has no type")
        doc = tuple(line.strip() for line in text[previous : arg.lineno - 1] if line.strip().startswith("#:"))
        previous = (arg.end_lineno or arg.lineno) if default is None else (default.end_lineno or arg.lineno)
        out.append(
            Param(
                arg.arg,
                ast.get_source_segment(signature.strip(), arg.annotation) or "",
                None if default is None else ast.get_source_segment(signature.strip(), default),
                doc,
            )
        )
    return tuple(out)


def _quoted(text: str) -> str:
    """``text`` as a double-quoted Python string (as the formatter writes them)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _tuple(items: Sequence[str], indent: str) -> list[str]:
    """A parenthesized tuple of ``items``, one a line, with a trailing comma."""
    return ["(", *(f"{indent}    {item}," for item in items), f"{indent})"]


def _assigned(head: str, items: list[str], indent: str) -> list[str]:
    """``head = (items)``: one item a line with a trailing comma, or, for one item, on one
    line when it fits (as the formatter writes a tuple of one)."""
    if len(items) == 1 and len(one := f"{indent}{head} = ({items[0]},)") <= LINE:
        return [one]
    lines = _tuple(items, indent)
    return [f"{indent}{head} = {lines[0]}", *lines[1:]]


def _block(
    cls: str, indent: str, signature: list[str], params: Sequence[Param], methods: bool = True
) -> list[str]:
    """The lines of a record's block, from its marker to its end marker (without
    ``methods``, only the fields and ``__init__``)."""
    names = [p.name for p in params]
    inner = indent + "    "
    body = inner + "    "
    out = [f"{indent}{START if methods else FIELDS_START}"]
    out += _assigned("__slots__", [_quoted(n) for n in sorted(names)], indent)  # sorted, as ruff wants them
    out += _assigned(
        "__record_fields__: ClassVar[tuple[tuple[str, str], ...]]",
        [f"({_quoted(p.name)}, {_quoted(p.annotation)})" for p in params],
        indent,
    )
    defaults = [f"{_quoted(p.name)}: {p.default}," for p in params if p.default is not None]
    if defaults:
        out.append(f"{indent}__record_defaults__: ClassVar[dict[str, Any]] = {{")
        out += [f"{indent}    {line}" for line in defaults]
        out.append(f"{indent}}}")
    else:
        out.append(f"{indent}__record_defaults__: ClassVar[dict[str, Any]] = {{}}")
    for p in params:
        out += [f"{indent}{line}" for line in p.doc]
        out.append(f"{indent}{p.name}: Final[{p.annotation}]")
    out.append("")
    out += signature
    out += [f"{inner}self.{n} = {n}" for n in names]
    if not methods:
        return [*out, "", f"{indent}{END}"]
    out += ["", f"{indent}def replace(", f"{inner}self,", f"{inner}*,"]
    out += [f"{inner}{p.name}: Keep | {p.annotation} = KEEP," for p in params]
    out += [
        f"{indent}) -> {cls}:",
        f'{inner}"""A copy with the fields given changed."""',
        f"{inner}return {cls}(",
    ]
    out += [f"{body}self.{n} if {n} is KEEP else {n}," for n in names]
    out += [f"{inner})", ""]
    out += [
        f"{indent}def __eq__(self, other: object) -> bool:",
        f"{inner}if not isinstance(other, {cls}):",
        f"{inner}    return NotImplemented",
    ]
    mine = _tuple([f"self.{n}" for n in names], inner)
    theirs = _tuple([f"other.{n}" for n in names], inner)
    out.append(f"{inner}return {mine[0]}")
    out += mine[1:-1]
    out.append(f"{mine[-1]} == {theirs[0]}")
    out += theirs[1:]
    out += ["", f"{indent}def __hash__(self) -> int:", f"{inner}return hash("]
    out += [f"{body}(", *(f"{body}    self.{n}," for n in names), f"{body})", f"{inner})", ""]
    shown = _tuple([f'f"{n}={{self.{n}!r}}"' for n in names], inner)
    out += [f"{indent}def __repr__(self) -> str:", f"{inner}shown = {shown[0]}", *shown[1:]]
    out += [f'{inner}return "{cls}(" + ", ".join(shown) + ")"', ""]
    out += [
        f"{indent}def __reduce__(self) -> tuple[type[{cls}], tuple[Any, ...]]:",
        f"{inner}return {cls}, (",
    ]
    out += [f"{body}self.{n}," for n in names]
    out += [f"{inner})", "", f"{indent}{END}"]
    return out


def rewrite(source: str) -> str:
    """``source`` with every record block written out again."""
    lines = source.splitlines()
    out: list[str] = []
    index = 0
    classes = {
        node.lineno: node.name for node in ast.walk(ast.parse(source)) if isinstance(node, ast.ClassDef)
    }
    current = ""
    while index < len(lines):
        line = lines[index]
        if line.lstrip().startswith("class "):
            current = classes.get(index + 1, current)
        if line.strip() not in (START, FIELDS_START):
            out.append(line)
            index += 1
            continue
        indent = line[: len(line) - len(line.lstrip())]
        end = next((i for i in range(index, len(lines)) if lines[i].strip() == END), None)
        if end is None:
            raise ValueError(f"line {index + 1}: a record block ends with {END!r}")
        start = next((i for i in range(index, end) if lines[i].strip().startswith("def __init__(")), None)
        if start is None:
            raise ValueError(f"line {index + 1}: a record block holds the record's __init__")
        last = _signature(lines, start)
        signature = lines[start : last + 1]
        params = _params("\n".join(s[len(indent) :] for s in signature))
        out += _block(current, indent, signature, params, methods=line.strip() == START)
        index = end + 1
    return "\n".join(out) + ("\n" if source.endswith("\n") else "")


def main(argv: Sequence[str] | None = None) -> int:
    """Rewrite (or with ``--check``, only compare) the record blocks of the files given."""
    parser = argparse.ArgumentParser(prog="python -m taverna_rules.core._record_code")
    parser.add_argument("--check", action="store_true", help="only list the files out of date")
    parser.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args(argv)
    stale = []
    for path in args.files:
        text = path.read_text(encoding="utf-8")
        new = rewrite(text)
        if new != text:
            stale.append(path)
            if not args.check:
                path.write_text(new, encoding="utf-8")
    for path in stale:
        print(f"{'out of date' if args.check else 'rewrote'}: {path}")
    return 1 if stale and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
