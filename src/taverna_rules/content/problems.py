"""Located content problems and the validation report."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Literal

import attrs

__all__ = ["Problem", "Severity", "ValidationReport", "did_you_mean"]

Severity = Literal["error", "warning"]


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """``"did you mean 'orc'?"`` for a near miss, else an empty string."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"did you mean {close[0]!r}?" if close else ""


@attrs.frozen
class Problem:
    """One thing wrong with a content file, located as precisely as possible.

    ``code`` is stable across releases (tools may match on it; docs/content.rst lists
    them all); ``path`` is the JSON path of the offending node (``$.cards[3].peoples``);
    ``line`` and ``column`` are 1-based, 0 when unknown. A ``warning`` does not stop the
    content from loading; an ``error`` does.
    """

    code: str
    message: str
    file: str = ""
    line: int = 0
    column: int = 0
    path: str = "$"
    hint: str = ""
    severity: Severity = "error"
    #: ``path`` as keys and indexes, for tools that walk the document.
    path_items: tuple[str | int, ...] = attrs.field(default=(), eq=False, repr=False)

    @property
    def location(self) -> str:
        """``file:line:column``, as editors and terminals link it."""
        where = self.file or "<content>"
        if self.line:
            where += f":{self.line}:{self.column}"
        return where

    def __str__(self) -> str:
        text = f"{self.location}: {self.severity}[{self.code}] at {self.path}: {self.message}"
        if self.hint:
            text += f" (hint: {self.hint})"
        return text

    def to_json(self) -> dict[str, Any]:
        """The problem as JSON data (the ``--format json`` output of ``taverna validate``)."""
        return {
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "path": self.path,
            "hint": self.hint,
        }


@attrs.frozen
class ValidationReport:
    """What :func:`taverna_rules.validate` found: every problem, in file order.

    ``ok`` is true when there is no error (warnings do not stop the content from
    loading). ``sources`` keeps each file's text, so a report can show the offending lines.
    """

    problems: tuple[Problem, ...] = ()
    files: tuple[str, ...] = ()
    sources: Mapping[str, str] = attrs.field(factory=dict, eq=False, repr=False)

    @property
    def ok(self) -> bool:
        """True when no error was found."""
        return not self.errors

    @property
    def errors(self) -> tuple[Problem, ...]:
        """The problems that stop the content from loading."""
        return tuple(p for p in self.problems if p.severity == "error")

    @property
    def warnings(self) -> tuple[Problem, ...]:
        """The problems worth a look that do not stop loading."""
        return tuple(p for p in self.problems if p.severity == "warning")

    def __iter__(self) -> Iterator[Problem]:
        return iter(self.problems)

    def __len__(self) -> int:
        return len(self.problems)

    def __str__(self) -> str:
        if not self.problems:
            return f"ok: {len(self.files)} file(s), no problem"
        return "\n".join(str(p) for p in (*self.errors, *self.warnings))

    def excerpt(self, problem: Problem, context: int = 1) -> str:
        """The lines of the file around a problem, the column marked with a caret;
        empty when the file or the line is unknown. A long line is cut to a window
        around the column."""
        text = self.sources.get(problem.file)
        if text is None or not problem.line:
            return ""
        return _excerpt(text.splitlines(), problem, context)

    def format_text(self, *, show_source: bool = True, limit: int | None = None) -> str:
        """The report for a terminal: each problem (the errors first: a warning may be a
        consequence of one), the YAML lines it points at, its hint, and a summary line.

        ``limit`` caps how many problems are written out (the summary still counts them
        all); the time taken grows with the problems written, not with their square.
        """
        lines: dict[str, list[str]] = {}  # each file is split once, not once a problem
        ordered = (*self.errors, *self.warnings)
        shown = ordered if limit is None else ordered[: max(0, limit)]
        blocks = []
        for problem in shown:
            block = [f"{problem.location}: {problem.severity}[{problem.code}]: {problem.message}"]
            if problem.path != "$":
                block.append(f"  at {problem.path}")
            text = self.sources.get(problem.file) if show_source and problem.line else None
            if text is not None:
                if problem.file not in lines:
                    lines[problem.file] = text.splitlines()
                block.extend("  " + line for line in _excerpt(lines[problem.file], problem).splitlines())
            if problem.hint:
                block.append(f"  hint: {problem.hint}")
            blocks.append("\n".join(block))
        if len(shown) < len(self.problems):
            blocks.append(
                f"... and {len(self.problems) - len(shown)} more problem(s) not shown "
                "(the JSON report lists them all)"
            )
        blocks.append(self.summary())
        return "\n\n".join(blocks)

    def summary(self) -> str:
        """``"3 error(s), 1 warning(s) in 12 file(s)"``."""
        if not self.problems:
            return f"ok: {len(self.files)} file(s), no problem"
        return f"{len(self.errors)} error(s), {len(self.warnings)} warning(s) in {len(self.files)} file(s)"

    def to_json(self) -> dict[str, Any]:
        """The report as JSON data: ``ok``, the files read and every problem."""
        return {
            "ok": self.ok,
            "files": list(self.files),
            "errors": len(self.errors),
            "warnings": len(self.warnings),
            "problems": [p.to_json() for p in self.problems],
        }


#: How much of a long line an excerpt shows, centred on the column.
EXCERPT_WIDTH = 120


def _excerpt(lines: list[str], problem: Problem, context: int = 1) -> str:
    if problem.line > len(lines):
        return ""
    first = max(1, problem.line - context)
    width = len(str(problem.line))
    # A window keeps the caret under the column however long the line (a minified
    # file is one line of a megabyte).
    start = max(0, problem.column - 1 - EXCERPT_WIDTH // 2)
    out = []
    for number in range(first, problem.line + 1):
        line = lines[number - 1]
        shown = line[start : start + EXCERPT_WIDTH]
        if start:
            shown = "..." + shown
        if len(line) > start + EXCERPT_WIDTH:
            shown += "..."
        out.append(f"{number:>{width}} | {shown}")
    column = problem.column - 1 - start + (3 if start else 0)
    out.append(f"{'':>{width}} | {' ' * max(0, column)}^")
    return "\n".join(out)
