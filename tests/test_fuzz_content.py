"""Property tests: whatever a content file holds, validation reports problems and never
raises; loading either succeeds or raises ContentError with the same errors.

Hypothesis mutates the base game's own files (a key dropped, renamed or retyped, a
value swapped for another of any JSON type, an item repeated) and writes them as a pack
on top of the base game, so every stage of the loader sees near-miss input, the kind
authors write.
"""

from __future__ import annotations

import copy
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

import taverna_rules as tr
from mutations import parent, paths
from taverna_rules._resources import bundled

BASE = Path(str(bundled("cards"))) / "base"
_YAML = YAML(typ="safe")
#: The base game's content files as plain data, by file name (the manifest aside).
DOCUMENTS: dict[str, Any] = {
    path.name: _YAML.load(path.read_text(encoding="utf-8"))
    for path in sorted(BASE.glob("*.yaml"))
    if path.name != "pack.yaml"
}

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 40),
    st.sampled_from(["", "orc", "elf", "beer", "charm", "x" * 3, "gain_coins", "arrival", "any", "1"]),
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["id", "x", "of"]), inner),
    max_leaves=6,
)


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, Any]:
    """A base file, with one to three near-miss mutations."""
    name = draw(st.sampled_from(sorted(DOCUMENTS)))
    document = copy.deepcopy(DOCUMENTS[name])
    for _ in range(draw(st.integers(1, 3))):
        where = paths(document)
        if not where:
            break
        path = draw(st.sampled_from(where))
        holder, last = parent(document, path), path[-1]
        action = draw(st.sampled_from(["drop", "retype", "rename", "repeat"]))
        if action == "drop":
            del holder[last]
        elif action == "retype":
            holder[last] = draw(JSON)
        elif action == "rename" and isinstance(holder, dict):
            holder[draw(st.sampled_from(["idd", "peoples", "effect", "kind", "merge", str(last) + "s"]))] = (
                holder.pop(last)
            )
        elif action == "repeat" and isinstance(holder, list):
            holder.append(copy.deepcopy(holder[last]))
    return name, document


@settings(
    # Each example loads the base game twice: 40 keep the suite quick; raise it to hunt.
    max_examples=int(os.environ.get("TAVERNA_FUZZ_EXAMPLES", "40")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(files=st.lists(mutated(), min_size=1, max_size=2), replace=st.booleans())
def test_validation_never_raises_and_agrees_with_loading(files: list[tuple[str, Any]], replace: bool) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "fuzz"
        folder.mkdir()
        (folder / "pack.yaml").write_text(
            "format: 1\nkind: pack\nid: fuzz\nname: {en: F, fr: F, nl: F}\nversion: '1.0'\nextends: [base]\n"
        )
        for index, (name, document) in enumerate(files):
            merged = {**document, "merge": "replace"} if replace and isinstance(document, dict) else document
            (folder / f"{index}_{name}").write_text(json.dumps(merged), encoding="utf-8")

        report = tr.validate(folder)
        for problem in report:
            assert problem.code and problem.message, problem
            assert problem.severity in ("error", "warning")
        try:
            rules = tr.load_rules(folder)
        except tr.ContentError as error:
            assert not report.ok
            assert list(error.problems) == list(report.errors)
        else:
            assert report.ok, report.format_text()
            assert rules.packs[-1].id == "fuzz"
