"""Located content problems and the validation report."""

from __future__ import annotations

from collections.abc import Iterator

import attrs

__all__ = ["Problem", "ValidationReport"]


@attrs.frozen
class Problem:
    """One thing wrong with a content file, located as precisely as possible.

    ``code`` is stable across releases (tools may match on it); ``path`` is the JSON
    path of the offending node (``$.cards[3].peoples``); ``line`` and ``column`` are
    1-based, 0 when unknown.
    """

    code: str
    message: str
    file: str = ""
    line: int = 0
    column: int = 0
    path: str = "$"
    hint: str = ""

    def __str__(self) -> str:
        where = self.file or "<content>"
        if self.line:
            where += f":{self.line}:{self.column}"
        text = f"{where}: {self.code} at {self.path}: {self.message}"
        if self.hint:
            text += f" (hint: {self.hint})"
        return text


@attrs.frozen
class ValidationReport:
    """What :func:`taverna_rules.validate` found: every problem, in file order."""

    problems: tuple[Problem, ...] = ()
    files: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        """True when no problem was found."""
        return not self.problems

    def __iter__(self) -> Iterator[Problem]:
        return iter(self.problems)

    def __len__(self) -> int:
        return len(self.problems)

    def __str__(self) -> str:
        if self.ok:
            return f"ok: {len(self.files)} file(s), no problem"
        return "\n".join(str(p) for p in self.problems)
