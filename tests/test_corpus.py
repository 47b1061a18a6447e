"""The corpus of broken content: one case per problem code, each with its exact report.

Every folder of ``tests/corpus/`` is one case, named after the problem code it shows:

``case.yaml``
    ``about``: the mistake, in words. ``base``: true to validate the input on top of the
    bundled base game, false when the input is a whole game loaded alone. ``paths``
    (optional, ``[input]`` by default): what is given to :func:`taverna_rules.validate`,
    relative to the case folder. ``generate`` (optional): the name of a function of
    :data:`GENERATORS` that writes an input too large to commit into a temporary copy of
    the case. ``game`` (optional, Taverna by default): the game whose content the input
    is, as :func:`taverna_rules.validate` names it (``cavern_tavern``).
``input/``
    Loose content files, a pack, or a folder of packs: the smallest content that shows
    the problem, and (where possible) nothing else.
``expected.json``
    The exact report: a list of problems as :meth:`Problem.to_json` writes them, with
    file names relative to the case folder and written with forward slashes.

When messages change on purpose, rewrite every expected.json and review the diff::

    .venv/bin/python -m tests.test_corpus --update            # every case
    .venv/bin/python -m tests.test_corpus --update yaml-tag   # some cases
    TAVERNA_UPDATE_CORPUS=1 .venv/bin/pytest -q tests/test_corpus.py

``python -m tests.test_corpus`` without ``--update`` only lists the cases whose report
differs. The tests never write a file unless ``TAVERNA_UPDATE_CORPUS=1`` is set.

Besides the reports, the tests check that every code the sources can emit has a case
(and every case a code), that ``docs/error-codes.rst`` lists exactly the codes of the
corpus, and that the expected messages are helpful: a hint for every unknown name, a
line for every problem found inside a file.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import difflib
import functools
import json
import os
import re
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

import taverna_rules as tr
from taverna_rules.content import loader
from taverna_rules.content.schema_source import content_schema, kinds
from taverna_rules.content.yaml_source import Limits, load_yaml_text
from taverna_rules.games.cavern_tavern import content_checks as cavern_tavern_checks
from taverna_rules.games.cavern_tavern.content import CONTENT as CAVERN_TAVERN_CONTENT
from taverna_rules.games.taverna import content_checks
from taverna_rules.games.taverna.content import CONTENT
from taverna_rules.games.taverne import content as taverne_content
from taverna_rules.games.taverns_and_dragons import content as dragons_content

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus"
DOCS_PAGE = HERE.parent / "docs" / "error-codes.rst"
#: The modules that report content problems (the installed package's, wherever it is):
#: the generic pipeline's, and each game's content spec and checks.
SOURCES = sorted(
    [
        *Path(loader.__file__).resolve().parent.glob("*.py"),
        *Path(content_checks.__file__).resolve().parent.glob("content*.py"),
        *Path(cavern_tavern_checks.__file__).resolve().parent.glob("content*.py"),
        *Path(taverne_content.__file__).resolve().parent.glob("content*.py"),
        *Path(dragons_content.__file__).resolve().parent.glob("content*.py"),
    ]
)
UPDATE_ENV = "TAVERNA_UPDATE_CORPUS"

Report = list[dict[str, Any]]


# ----------------------------------------------------------------------------- cases
@dataclass(frozen=True)
class Case:
    """One folder of the corpus."""

    folder: Path
    about: str
    base: bool
    paths: tuple[str, ...]
    generate: str | None
    game: str | None = None

    @property
    def code(self) -> str:
        """The problem code the case shows: its folder's name."""
        return self.folder.name

    @property
    def expected_file(self) -> Path:
        return self.folder / "expected.json"

    def expected(self) -> Report:
        data: Report = json.loads(self.expected_file.read_text(encoding="utf-8"))
        return data


CASE_KEYS = {"about", "base", "paths", "generate", "game"}


def read_case(folder: Path) -> Case:
    meta = YAML(typ="safe", pure=True).load((folder / "case.yaml").read_text(encoding="utf-8"))
    if not isinstance(meta, dict) or set(meta) - CASE_KEYS or not isinstance(meta.get("base"), bool):
        raise ValueError(f"{folder}/case.yaml: a mapping of {sorted(CASE_KEYS)}, with 'base: true|false'")
    return Case(
        folder,
        str(meta.get("about", "")),
        meta["base"],
        tuple(str(p) for p in meta.get("paths", ["input"])),
        meta.get("generate"),
        meta.get("game"),
    )


def all_cases() -> list[Case]:
    return [read_case(folder) for folder in sorted(CORPUS.iterdir()) if folder.is_dir()]


CASES = all_cases()


# ----------------------------------------------------------------------------- generated inputs
def yaml_too_large(folder: Path) -> None:
    """A customer file padded with comments to just over the 1,000,000-byte limit."""
    limit = Limits().max_bytes
    head = "format: 1\nkind: customers\ncards: []\n"
    line = "# " + "padding " * 12 + "\n"
    text = head + line * (1 + (limit - len(head)) // len(line))
    assert limit < len(text.encode("utf-8")) < limit + 200
    (folder / "input").mkdir(exist_ok=True)
    (folder / "input" / "big.yaml").write_text(text, encoding="utf-8")


#: Inputs too large to commit, written by the test into a temporary copy of their case.
GENERATORS: dict[str, Callable[[Path], None]] = {"yaml_too_large": yaml_too_large}


# ----------------------------------------------------------------------------- running a case
def normalise(problem: dict[str, Any], folder: Path) -> dict[str, Any]:
    """A problem with the case folder left out of its file name and of its text.

    The case's paths are given to validate as absolute POSIX paths, so every file name
    under the case starts with the folder; messages quote file names too (``already
    declared in input/a.yaml:4``). The base game's files are named ``cards/taverna/base/...``.
    """
    prefix = folder.as_posix() + "/"
    out = dict(problem)
    for key in ("file", "message", "hint"):
        out[key] = str(out[key]).replace(prefix, "")
    out["file"] = out["file"].replace("\\", "/")
    return out


def _report_in(folder: Path, case: Case) -> Report:
    paths = [(folder / p).as_posix() for p in case.paths]
    report = tr.validate(paths, base=case.base, game=case.game)
    return [normalise(p.to_json(), folder) for p in report.problems]


def run(case: Case) -> Report:
    """The normalised report of a case (its input generated first when it has to be)."""
    if case.generate is None:
        return _report_in(case.folder, case)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / case.code
        shutil.copytree(case.folder, folder)
        GENERATORS[case.generate](folder)
        return _report_in(folder, case)


def render(report: Report) -> str:
    return json.dumps(report, indent=2, ensure_ascii=False) + "\n"


@contextlib.contextmanager
def base_parsed_once() -> Iterator[None]:
    """Parse each YAML text once for the whole corpus.

    Every case validates the base game's eleven files again, and parsing them is most of
    the time a case takes. ``load_yaml_text`` is a pure function of the text and the file
    name (nothing mutates the documents it returns), so its results are memoised while
    the corpus runs: the reports are exactly what an uncached run gives.
    """
    memo = functools.cache(load_yaml_text)

    def cached(*args: Any, **kwargs: Any) -> Any:
        doc, problems = memo(*args, **kwargs)
        return doc, list(problems)

    with pytest.MonkeyPatch.context() as patch:
        # Where the loader looks the function up (raises if it moved: then update this).
        patch.setattr("taverna_rules.content.loader.load_yaml_text", cached)
        yield


@pytest.fixture(scope="module")
def fast_yaml() -> Iterator[None]:
    with base_parsed_once():
        yield


def test_parsing_once_changes_no_report() -> None:
    """The memo is transparent: validating twice from it gives the uncached report (a
    loader that mutated the parsed documents would make the second run differ)."""
    case = next(c for c in CASES if c.code == "duplicate-id")
    uncached = run(case)
    with base_parsed_once():
        assert run(case) == uncached
        assert run(case) == uncached


def diff(expected: Report, actual: Report, name: str) -> str:
    lines = difflib.unified_diff(
        render(expected).splitlines(keepends=True),
        render(actual).splitlines(keepends=True),
        f"{name} (expected)",
        f"{name} (actual)",
    )
    return "".join(lines)


@pytest.mark.parametrize("case", CASES, ids=[c.code for c in CASES])
def test_case_reports_exactly_the_expected_problems(case: Case, fast_yaml: None) -> None:
    actual = run(case)
    if os.environ.get(UPDATE_ENV) == "1":
        if not case.expected_file.exists() or case.expected() != actual:
            case.expected_file.write_text(render(actual), encoding="utf-8")
            pytest.skip(f"{UPDATE_ENV}=1: rewrote {case.code}/expected.json")
        return
    update = f"`python -m tests.test_corpus --update {case.code}`"
    assert case.expected_file.exists(), f"no expected.json: run {update}"
    expected = case.expected()
    name = f"corpus/{case.code}/expected.json"
    assert actual == expected, (
        f"the report differs from {name} (if the change is intended: {update})\n"
        + diff(expected, actual, name)
    )


# ----------------------------------------------------------------------------- the corpus itself
def test_every_case_is_well_formed() -> None:
    for case in CASES:
        assert case.about, f"{case.code}: case.yaml says nothing about the case"
        assert case.generate is None or case.generate in GENERATORS, f"{case.code}: no generator"
        extra = {p.name for p in case.folder.iterdir()} - {"case.yaml", "expected.json", "input"}
        assert not extra, f"{case.code}: unexpected files {sorted(extra)}"
        expected = case.expected()
        assert case.code in {p["code"] for p in expected}, f"{case.code}: the case does not show its code"
        for problem in expected:
            assert list(problem) == list(tr.Problem("x", "y").to_json()), f"{case.code}: keys of {problem}"
            assert not Path(problem["file"]).is_absolute() and "\\" not in problem["file"], case.code


#: A problem code is a kebab-case string literal: lowercase words joined by dashes.
CODE = re.compile(r"[a-z]+(?:-[a-z]+)+")
#: A family of codes built by an f-string, such as ``f"schema-{leaf.validator}"``.
CODE_PREFIX = re.compile(r"[a-z]+(?:-[a-z]+)*-")


def emitted_codes(paths: Sequence[Path] = SOURCES) -> tuple[set[str], set[str]]:
    """The problem codes written in the content modules' source, and the prefixes of the
    codes they build (``schema-`` for ``f"schema-{leaf.validator}"``).

    Every code is a string literal, wherever it is written: ``Problem("file-missing",
    ...)``, ``doc.problem("yaml-tag", ...)``, ``at.warning("no-effect", ...)``,
    ``code = "schema-unknown-name"``. No other string literal of these modules is
    kebab-case (messages have spaces, ``utf-8`` a digit), so the codes are exactly the
    kebab-case literals outside docstrings and f-strings. Reading the syntax tree rather
    than the text keeps comments and docstrings (which mention codes) out.
    """
    codes: set[str] = set()
    prefixes: set[str] = set()
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        skip: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                body = node.body
                if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                    skip.add(id(body[0].value))  # a docstring
            elif isinstance(node, ast.JoinedStr):
                parts = [v for v in node.values if isinstance(v, ast.Constant)]
                skip.update(id(v) for v in parts)
                first = node.values[0] if node.values else None
                if (
                    isinstance(first, ast.Constant)
                    and isinstance(first.value, str)
                    and CODE_PREFIX.fullmatch(first.value)
                    and len(node.values) > 1
                ):
                    prefixes.add(first.value)
        codes.update(
            node.value
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in skip
            and CODE.fullmatch(node.value)
        )
    return codes, prefixes


#: JSON Schema keywords that fail by themselves, each failure reported as
#: ``schema-<keyword>`` (the other keywords only apply subschemas: properties, items...).
ASSERTIONS = {
    "type",
    "enum",
    "const",
    "pattern",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "uniqueItems",
    "minProperties",
    "maxProperties",
    "required",
    "dependentRequired",
    "contains",
    "format",
    "not",
}


def schema_codes() -> set[str]:
    """The ``schema-<keyword>`` codes the shipped schemas of every game can produce.

    Every assertion keyword of every content schema, except under ``propertyNames``
    (a bad key is reported as ``schema-unknown-name``) and under ``if`` (a condition
    never fails). ``additionalProperties: false`` fails by itself; a schema there is
    walked like any other.
    """
    found: set[str] = set()

    def walk(schema: Any, key_names: bool) -> None:
        if not isinstance(schema, dict):
            return
        for keyword in schema:
            if keyword in ASSERTIONS or (keyword == "additionalProperties" and schema[keyword] is False):
                found.add("schema-unknown-name" if key_names else f"schema-{keyword}")
        for keyword in ("items", "additionalProperties", "then", "else", "not", "contains", "propertyNames"):
            if keyword in schema:
                walk(schema[keyword], key_names or keyword == "propertyNames")
        for keyword in ("properties", "patternProperties", "$defs"):
            for sub in schema.get(keyword, {}).values():
                walk(sub, key_names)
        for keyword in ("allOf", "anyOf", "oneOf", "prefixItems"):
            for sub in schema.get(keyword, []):
                walk(sub, key_names)

    for spec in (CONTENT, CAVERN_TAVERN_CONTENT):
        for kind in kinds(spec):
            walk(content_schema(spec, kind), False)
    return found


def test_every_code_the_sources_can_emit_has_a_case() -> None:
    codes, prefixes = emitted_codes()
    # The extraction still sees the codes of each stage (it would find nothing if the
    # codes moved out of string literals).
    assert {"file-missing", "yaml-syntax", "unknown-kind", "duplicate-id", "too-few-cards"} <= codes
    assert prefixes == {"schema-"}, f"new families of codes: {prefixes}: teach schema_codes() about them"
    codes |= schema_codes()
    cases = {case.code for case in CASES}
    assert sorted(codes - cases) == [], "codes without a case in tests/corpus/"
    assert sorted(cases - codes) == [], "cases of codes the sources no longer emit"


def test_every_module_that_reports_problems_is_read_for_codes() -> None:
    """A module of the package outside :data:`SOURCES` that builds problems (a new game's
    checks, a check moved) reports only codes the sources have, so every code either game
    can emit has a case and a line in docs/error-codes.rst."""
    package = Path(tr.__file__).resolve().parent
    builds = re.compile(r"\bProblem\(|\.problem\(|\bat\.warning\(")
    known, _ = emitted_codes()
    outside = sorted(set(package.rglob("*.py")) - set(SOURCES))
    others = [path for path in outside if builds.search(path.read_text(encoding="utf-8"))]
    # Position documents report YAML problems too: the search still finds such modules.
    assert package / "position.py" in others
    for path in others:
        codes, prefixes = emitted_codes([path])
        new = sorted((codes - known) | prefixes)
        assert new == [], f"{path.relative_to(package)} reports codes of its own: add it to SOURCES"


#: The heading of docs/error-codes.rst after which the codes are those of taverna check.
CHECK_SECTION = "Warnings of taverna check\n"
#: The modules whose codes are warnings of taverna check, about games played.
CHECK_SOURCES = sorted(
    [
        *Path(content_checks.__file__).resolve().parents[1].glob("*/conformance.py"),
        Path(tr.__file__).resolve().parent / "core" / "coverage.py",
    ]
)


def codes_in_docs(checks: bool = False) -> dict[str, str]:
    """The codes of docs/error-codes.rst and their severity: the first two cells of each
    row of its list tables (the header rows' first cell is not a literal), those of
    validation, or with ``checks`` those of taverna check (its section is last)."""
    validation, _, played = DOCS_PAGE.read_text(encoding="utf-8").partition(CHECK_SECTION)
    assert played, f"docs/error-codes.rst has no section {CHECK_SECTION.strip()!r}"
    row = re.compile(r"^ *\* - ``([A-Za-z-]+)`` *\n *- (\w+) *$", flags=re.MULTILINE)
    rows = row.findall(played if checks else validation)
    documented = dict(rows)
    assert len(documented) == len(rows), "a code is listed twice"
    return documented


def test_the_error_code_page_lists_every_warning_of_taverna_check() -> None:
    codes, prefixes = emitted_codes(CHECK_SOURCES)
    assert "never-met" in codes and not prefixes, "the check codes moved: update CHECK_SOURCES"
    documented = codes_in_docs(checks=True)
    assert sorted(codes - set(documented)) == [], "codes of taverna check missing from docs/error-codes.rst"
    assert sorted(set(documented) - codes) == [], "docs/error-codes.rst lists check codes no game emits"
    assert set(documented.values()) == {"warning"}


def test_the_error_code_page_lists_every_code_of_the_corpus() -> None:
    documented = codes_in_docs()
    cases = {case.code: case for case in CASES}
    assert sorted(set(cases) - set(documented)) == [], "codes missing from docs/error-codes.rst"
    assert sorted(set(documented) - set(cases)) == [], "docs/error-codes.rst lists codes without a case"
    for code, case in cases.items():
        (severity,) = {p["severity"] for p in case.expected() if p["code"] == code}
        assert documented[code] == severity, f"docs/error-codes.rst: {code} is an {severity}"


#: Codes about a name that does not exist: the hint says what was meant (did you mean...)
#: or what exists.
UNKNOWN_NAME_CODES = {
    "unknown-kind",
    "unknown-reference",
    "unknown-option",
    "pack-missing",
    "replace-unknown",
    "remove-unknown",
    "schema-unknown-name",
    "schema-additionalProperties",
    "schema-enum",
}
#: Codes about a file as a whole, which no line of it can show.
WHOLE_FILE_CODES = {
    "file-missing",
    "file-unreadable",
    "file-refused",
    "file-ignored",
    "yaml-too-large",
    "no-manifest",  # a folder: no file of it is at fault
}
#: Problems that name a file but no line in it, though one could: known weaknesses of the
#: messages, listed so that the test notices when they are fixed (then remove them here).
KNOWN_UNLOCATED: dict[str, str] = {}


def test_expected_messages_are_helpful() -> None:
    unlocated: set[str] = set()
    for case in CASES:
        for problem in case.expected():
            where = f"{case.code}: {problem['code']} at {problem['file']}"
            assert problem["message"], where
            assert problem["severity"] in ("error", "warning"), where
            if problem["code"] in UNKNOWN_NAME_CODES:
                assert problem["hint"], f"{where}: no hint for an unknown name"
            if problem["file"] and problem["code"] not in WHOLE_FILE_CODES and not problem["line"]:
                unlocated.add(problem["code"])
            if problem["line"]:
                assert problem["file"] and problem["column"] > 0, where
    assert sorted(unlocated - set(KNOWN_UNLOCATED)) == [], "problems in a file without a line"
    assert sorted(set(KNOWN_UNLOCATED) - unlocated) == [], "fixed: remove them from KNOWN_UNLOCATED"


# ----------------------------------------------------------------------------- command line
def update(cases: Sequence[Case], write: bool) -> list[str]:
    """Compare (or rewrite) the expected reports; return the codes of the cases that differ."""
    changed = []
    with base_parsed_once():
        for case in cases:
            actual = run(case)
            if case.expected_file.exists() and case.expected() == actual:
                continue
            changed.append(case.code)
            if write:
                case.expected_file.write_text(render(actual), encoding="utf-8")
    return changed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.test_corpus",
        description="Check the corpus of broken content against its expected reports, or rewrite them.",
    )
    parser.add_argument("--update", action="store_true", help="rewrite the expected.json that differ")
    parser.add_argument("codes", nargs="*", help="only these cases (all by default)")
    args = parser.parse_args(argv)
    by_code = {case.code: case for case in CASES}
    unknown = [code for code in args.codes if code not in by_code]
    if unknown:
        parser.error(f"no such case: {', '.join(unknown)}")
    cases = [by_code[code] for code in args.codes] if args.codes else CASES
    changed = update(cases, write=args.update)
    verb = "rewrote" if args.update else "differs:"
    for code in changed:
        print(f"{verb} tests/corpus/{code}/expected.json")
    print(f"{len(cases)} case(s), {len(changed)} {'rewritten' if args.update else 'differing'}")
    return 0 if args.update or not changed else 1


if __name__ == "__main__":
    sys.exit(main())
