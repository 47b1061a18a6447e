"""Hostile YAML: every text is read as plain data or refused with a located problem.

The same reader serves content files and position documents, so each hostile input is
tried through :func:`load_yaml_text`, :func:`taverna_rules.validate` (a content file),
``taverna validate`` (the command, in-process) and :func:`load_position` (a
:class:`PositionError`). Nothing may raise Python's own exceptions (``RecursionError``,
``ValueError``, ``MemoryError``) or build the expanded document of an alias bomb.
"""

from __future__ import annotations

import io
import json
import math
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import taverna_rules as tr
from taverna_rules.content import yaml_source
from taverna_rules.content.yaml_source import Limits, load_yaml_text, to_plain
from taverna_rules.errors import PositionError
from taverna_rules.position import load_position
from taverna_rules.tools.cli import main

HEAD = "format: 1\nkind: changes\n"


def refused(text: str) -> tr.Problem:
    """The one problem that stops ``text``."""
    doc, problems = load_yaml_text(text, "f.yaml")
    assert doc is None, "the text was accepted"
    (problem,) = problems
    return problem


def bomb() -> str:
    """One 550 kB anchored scalar and 100,000 aliases of it: 55 GB once expanded, under
    the node budget, in a file under the byte limit."""
    text = f"a: &a {'x' * 550_000}\nb: [{', '.join(['*a'] * 100_000)}]\n"
    assert len(text) < Limits().max_bytes and Limits().max_nodes > 100_000
    return text


# ----------------------------------------------------------------------------- sizes
def test_a_string_alias_bomb_is_refused_before_it_is_expanded(monkeypatch: pytest.MonkeyPatch) -> None:
    # to_plain is where the bomb went off; a refusal never gets there.
    monkeypatch.setattr(yaml_source, "to_plain", None)
    problem = refused(bomb())
    assert problem.code == "yaml-too-large"
    assert "5000000 characters" in problem.message
    # Located at the alias that crossed the bound, early in the list.
    assert problem.line == 2 and problem.path.startswith("$.b[")


def test_aliases_count_at_each_use_in_nodes_too() -> None:
    laughs = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]\n" for i in range(1, 7)
    )
    assert refused(laughs).code == "yaml-too-many-nodes"


def test_an_alias_inside_its_own_anchor_is_refused() -> None:
    # ruamel builds a cyclic list; to_plain would recurse forever on it.
    for text in ("a: &a [1, *a]\n", "a: &a {b: *a}\n", "a: &a {<<: *a}\n"):
        problem = refused(text)
        assert problem.code == "yaml-value" and "loop" in problem.message


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("a:\n" + "".join("  " * i + "-\n" for i in range(1, 300)), id="block-300"),
        pytest.param("- " * 10_000 + "x\n", id="block-10000"),
        pytest.param("[" * 300 + "]" * 300, id="flow-300"),
        pytest.param("[" * 10_000 + "]" * 10_000, id="flow-10000"),
        pytest.param("{a: " * 10_000 + "1" + "}" * 10_000, id="flow-map-10000"),
        pytest.param("".join(" " * i + "a:\n" for i in range(300)) + " " * 300 + "b", id="map-300"),
    ],
)
def test_deep_nesting_is_refused_while_composing(text: str) -> None:
    problem = refused(text)
    assert problem.code == "yaml-too-deep"
    assert problem.line >= 1 and problem.path.count("[") + problem.path.count(".") > 40


def test_aliases_count_their_depth_where_they_are_used() -> None:
    text = "a: &a " + "[" * 40 + "]" * 40 + "\nb: " + "[" * 10 + "*a" + "]" * 10 + "\n"
    problem = refused(text)
    assert problem.code == "yaml-too-deep" and "*a" in problem.message


# ----------------------------------------------------------------------------- scalars
@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("9" * 5000, "out of range"),  # Python's int() refuses over 4,300 digits
        ("0x" + "f" * 90, "out of range"),  # hexadecimal has no digit limit: bounded anyway
        (str(2**64), "out of range"),
        ("2021-02-30", "not a valid date"),
        ("2001-12-14t25:59:43", "not a valid date or time"),
        ("1e999", "not a finite number"),
        (".inf", "not a finite number"),
        ("-.Inf", "not a finite number"),
        (".nan", "not a finite number"),
    ],
)
def test_scalars_python_cannot_hold_are_located_problems(value: str, words: str) -> None:
    problem = refused(f"format: 1\nvalue: {value}\n")
    assert problem.code == "yaml-value"
    assert words in problem.message
    assert (problem.line, problem.column, problem.path) == (2, 8, "$.value")
    assert len(problem.message) < 200  # a 5,000-digit number is not printed whole


def test_yaml_1_1_sexagesimal_and_binary_numbers_are_bounded_too() -> None:
    doc, problems = load_yaml_text("%YAML 1.1\n---\na: 190:20:30\nb: 0b1010\n", "f.yaml")
    assert doc is not None and to_plain(doc.data) == {"a": 685230, "b": 10}, problems
    big = "%YAML 1.1\n---\na: " + ":".join(["59"] * 30) + "\n"
    assert refused(big).code == "yaml-value"


def test_plain_data_that_yaml_reads_as_other_types() -> None:
    text = (
        "defaults: &d {x: 1}\n"
        "merged: {<<: *d, y: 2}\n"  # merge keys work
        "true: 1\n~: 2\n1.5: 3\n2021-01-01: 4\n7: 5\n"  # scalar keys become texts
        "day: 2021-02-28\n"  # a valid date is its ISO text
        f"big: {2**64 - 1}\n"
    )
    doc, problems = load_yaml_text(text, "f.yaml")
    assert doc is not None, problems
    plain = to_plain(doc.data)
    assert plain["merged"] == {"x": 1, "y": 2}
    assert {"true", "null", "1.5", "2021-01-01", "7"} <= set(plain)
    assert plain["day"] == "2021-02-28" and plain["big"] == 2**64 - 1
    json.dumps(plain, allow_nan=False)


@pytest.mark.parametrize(
    "text", ["? [a, b]\n: 1\n", "? {a: 1}\n: 1\n", "k: &k [1]\n? *k\n: 2\n"], ids=["list", "map", "alias"]
)
def test_keys_that_are_lists_or_mappings_are_refused(text: str) -> None:
    problem = refused(text)
    assert problem.code == "yaml-value" and "key" in problem.message and problem.line > 0


@pytest.mark.parametrize("tag", ["!!python/object/apply:os.system [x]", "!!str 5", "!!binary aGk=", "! x"])
def test_every_explicit_tag_is_refused(tag: str) -> None:
    problem = refused(f"a: {tag}\n")
    assert (problem.code, problem.line, problem.path) == ("yaml-tag", 1, "$.a")


# ----------------------------------------------------------------------------- syntax in plain words
#: ruamel's wording, which an author does not understand.
RAW = (
    "mapping values are not allowed here",
    "could not find expected ':'",
    "found unexpected end of stream",
    "while scanning",
    "<block end>",
    "<stream end>",
    "cannot start any token",
    "found duplicate key",
)


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        ("name: Sir: Knight\n", (1, 10), "put it in quotes"),
        ("a:\n  b: 1\n c: 2\n", (3, 2), "indent"),
        ("a:\n  - b\n  c\n  d: 1\n", (3, 3), "add the ':'"),
        ("a: 'abc\nb: 1\n", (1, 4), "close the quote"),
        ('a: "abc\n', (1, 4), "close the quote"),
        ("a: [1, 2\n", (2, 1), "close it with ']'"),
        ("a: 1\n- b\n", (2, 1), "indent the list"),
        ("a: 'abc' def\n", (1, 10), "quotes"),
        ("a:\n\tb: 1\n", (2, 1), "spaces"),
        ("a: @b\n", (1, 4), "quotes"),
        ("a: 1\na: 2\n", (2, 1), "keep one"),
        ("a: *x\n", (1, 4), "define &x"),
        ("a: [1]]\n", (1, 7), "remove it"),
        ("a: 1\n---\nb: 2\n", (2, 1), "one document"),
        ("a: \x00\n", (1, 4), "remove it"),
    ],
)
def test_syntax_errors_are_said_in_plain_words(text: str, where: tuple[int, int], words: str) -> None:
    problem = refused(text)
    assert problem.code == "yaml-syntax"
    assert (problem.line, problem.column) == where
    said = f"{problem.message} {problem.hint}"
    assert words in said and problem.hint
    assert not any(raw in said for raw in RAW), said


# ----------------------------------------------------------------------------- every way in
HOSTILE = {
    "bomb": bomb(),
    "deep": "- " * 10_000 + "x\n",
    # ruamel scans a flow collection 1,024 characters ahead, whatever its length.
    "flow": "[" * 2_000,
    "bigint": HEAD + "constants: {starting_coins: " + "9" * 5000 + "}\n",
    "date": HEAD + "note: 2021-02-30\n",
    "float": HEAD + "constants: {starting_coins: 1e999}\n",
    "loop": HEAD + "x: &a [*a]\n",
    "syntax": HEAD + "constants:\n  starting_coins: 3\n row_size: 4\n",
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_yaml_through_validate_and_the_command(name: str, tmp_path: Path) -> None:
    path = tmp_path / f"{name}.yaml"
    path.write_text(HOSTILE[name], encoding="utf-8")
    report = tr.validate(path)
    assert not report.ok
    (problem,) = report.errors
    assert problem.code.startswith("yaml-") and problem.file == str(path)
    out = io.StringIO()
    assert main(["validate", str(path), "--no-source"], out) == 1
    text = out.getvalue()
    assert problem.message in text and "Traceback" not in text
    assert len(text) < 2000  # nothing of the hostile text is echoed


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_yaml_as_a_position_is_a_position_error(name: str) -> None:
    rules = tr.load_rules()
    with pytest.raises(PositionError) as caught:
        load_position(rules, HOSTILE[name])
    assert "yaml-" in str(caught.value) and len(str(caught.value)) < 1000


# ----------------------------------------------------------------------------- generated
#: Pieces of YAML: punctuation, indentation, anchors, numbers and dates that do not exist.
PIECES = [*"ab1:- \n\t[]{},'\"&*!?#|>%@`.~\\", "  ", "&a ", "*a", "0x", "1e999", "2021-02-30", "<<: "]
YAMLISH = st.lists(st.sampled_from(PIECES), max_size=60).map("".join)


def _check(text: str) -> None:
    doc, problems = load_yaml_text(text, "f.yaml")
    if doc is None:
        assert problems and all(p.code.startswith("yaml-") and p.message for p in problems)
        return
    assert problems == []
    json.dumps(to_plain(doc.data), allow_nan=False)  # plain data: keys are texts, numbers finite


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(YAMLISH)
def test_random_yaml_like_text_is_read_or_refused(text: str) -> None:
    _check(text)


def nested(depth: int, flow: bool, kinds: list[bool]) -> str:
    """``depth`` levels of lists or mappings (``kinds``), in flow or in block style."""
    if flow:
        text = "1"
        for is_map in reversed(kinds[:depth]):
            text = f"{{k: {text}}}" if is_map else f"[{text}]"
        return text
    lines = []
    for level, is_map in enumerate(kinds[:depth]):
        lines.append("  " * level + ("k:" if is_map else "-"))
    return "\n".join([*lines, "  " * depth + "1"]) + "\n"


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 120), st.booleans(), st.lists(st.booleans(), min_size=120, max_size=120))
def test_random_nesting_is_read_or_refused_as_too_deep(depth: int, flow: bool, kinds: list[bool]) -> None:
    doc, problems = load_yaml_text(nested(depth, flow, kinds), "f.yaml")
    if depth <= Limits().max_depth:
        assert doc is not None, problems
    else:
        assert doc is None and [p.code for p in problems] == ["yaml-too-deep"]


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(["int", "float", "date"]), st.text("0123456789", min_size=1, max_size=40))
def test_random_numbers_and_dates_are_read_or_refused(kind: str, digits: str) -> None:
    value = {"int": digits, "float": f"{digits}e{digits[:4]}", "date": f"20{digits[:2]:0>2}-{digits[:2]}-30"}
    doc, problems = load_yaml_text(f"a: {value[kind]}\n", "f.yaml")
    if doc is None:
        assert [p.code for p in problems] == ["yaml-value"]
    else:
        value_read = to_plain(doc.data)["a"]
        assert not isinstance(value_read, float) or math.isfinite(value_read)
