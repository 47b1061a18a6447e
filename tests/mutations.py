"""Hostile changes to JSON documents (positions, content files), drawn by hypothesis: the
paths to every value, and one change at a time."""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from typing import Any

from hypothesis import note
from hypothesis import strategies as st
from ruamel.yaml import YAML

JUNK: list[Any] = [None, [], {}, "x", -1, 0, 3, 10**6, True, [None], {"x": 1}, "tankard", "orc"]


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a JSON document (not the document itself)."""
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            out += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += paths(item, (*prefix, index))
    return out


def parent(doc: Any, path: tuple[Any, ...]) -> Any:
    """The mapping or list holding the value at ``path``."""
    for key in path[:-1]:
        doc = doc[key]
    return doc


def strings(value: Any) -> list[str]:
    """Every string inside a JSON document."""
    if isinstance(value, str):
        return [value]
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    return [s for item in items for s in strings(item)]


def yaml_text(doc: Any) -> str:
    """``doc`` written as YAML."""
    out = io.StringIO()
    YAML(typ="safe", pure=True).dump(doc, out)
    return out.getvalue()


def mutate_position(
    doc: dict[str, Any], data: st.DataObject, kinds: Sequence[str], refs: Sequence[str], args: list[Any]
) -> None:
    """One hostile change to a position document, drawn by hypothesis: a value dropped,
    replaced by junk, by another number or by another string of the document, the stack
    cut short, or a step inserted (of one of ``kinds``, with ``refs`` and ``args``)."""
    kind = data.draw(
        st.sampled_from(["drop", "junk", "number", "string", "truncate", "insert"]), label="mutation"
    )
    where = [p for p in paths(doc) if p[0] not in ("format", "rules")]  # refused at once
    if kind in ("truncate", "insert") and not isinstance(doc.get("stack"), list):
        kind = "drop"
    if kind == "truncate":
        doc["stack"] = doc["stack"][: data.draw(st.integers(1, max(1, len(doc["stack"]))))]
    elif kind == "insert":
        step: dict[str, Any] = {"kind": data.draw(st.sampled_from(sorted(kinds)))}
        names = [p.get("name") for p in doc.get("players") or () if isinstance(p, dict)] or ["x"]
        for field, values in (
            ("player", names),
            ("ref", refs),
            ("path", [[0], [1], [0, 0]]),
            ("args", [args]),
        ):
            if data.draw(st.booleans(), label=f"with {field}"):
                step[field] = data.draw(st.sampled_from(values), label=field)
        doc["stack"].insert(data.draw(st.integers(0, len(doc["stack"]))), step)
    elif kind == "number":
        numbers = [p for p in where if type(parent(doc, p)[p[-1]]) is int]
        if numbers:
            path = data.draw(st.sampled_from(numbers))
            parent(doc, path)[path[-1]] = data.draw(st.integers(-3, 20))
    elif kind == "string":
        texts = [p for p in where if isinstance(parent(doc, p)[p[-1]], str)]
        if texts:
            path = data.draw(st.sampled_from(texts))
            parent(doc, path)[path[-1]] = data.draw(st.sampled_from(sorted(set(strings(doc)))))
    else:
        path = data.draw(st.sampled_from(where))
        holder = parent(doc, path)
        if kind == "drop":
            del holder[path[-1]]
        else:
            holder[path[-1]] = data.draw(st.sampled_from(JUNK))
    note(f"{kind}: {json.dumps(doc)[:2000]}")
