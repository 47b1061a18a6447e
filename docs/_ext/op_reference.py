"""Each game's op reference for card authors, written into the repository.

The docs site builds its op reference when it is built; an author who reads the sources
in the repository needs one there too. This writes ``docs/reference/<game>-ops.md`` for
every game the library bundles from the same sources as its effect schema (its vocabulary:
the op table, the counts), and the docs extension describes the arguments with the same
functions, so the two cannot disagree::

    python docs/_ext/op_reference.py          # rewrite the files (make reference)
    python docs/_ext/op_reference.py --check  # exit 1 when a file is out of date

``tests/test_reference_docs.py`` fails when a committed file is out of date.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

#: Where the references are written.
OUT = Path(__file__).resolve().parents[1] / "reference"


def describe_schema(schema: dict[str, Any], tick: str = "``") -> str:
    """A short English description of an argument's JSON Schema (literals between ``tick``)."""
    ref = schema.get("$ref", "")
    if ref.endswith("/effect"):
        return "an effect"
    if ref.endswith("/expr"):
        return "an expression"
    if ref.endswith("/cond"):
        return "a condition"
    if "if" in schema and "then" in schema:  # a bounded integer, or an expression
        return f"{describe_schema(schema['then'], tick)}, or {describe_schema(schema.get('else', {}), tick)}"
    kind = schema.get("type")
    if kind == "array":
        item = describe_schema(schema.get("items", {}), tick)
        low, high = schema.get("minItems"), schema.get("maxItems")
        size = f"{low} to {high} " if low is not None and high is not None else ""
        if item.startswith(("an ", "a ")):
            return f"a list of {size}{item.split(' ', 1)[1]}s"
        return f"a list of {size}items, each {item}"
    if kind == "integer":
        low, high = schema.get("minimum"), schema.get("maximum")
        bounds = f"an integer from {low} to {high}" if low is not None and high is not None else "an integer"
        if "not" in schema and "const" in schema["not"]:
            bounds += f", not {schema['not']['const']}"
        return bounds
    if kind == "boolean":
        return f"{tick}true{tick} or {tick}false{tick}"
    if kind == "string":
        return str(schema.get("description", "a string"))
    if "enum" in schema:
        listed = "one of " + ", ".join(f"{tick}{value}{tick}" for value in schema["enum"])
        return f"{listed} ({schema['description']})" if "description" in schema else listed
    return "a value"


def arguments_text(schema: dict[str, Any], tick: str = "``", bold: str = "**") -> str:
    """One sentence listing an op's arguments, each required or optional, and its type."""
    if schema.get("type") == "object" and "properties" in schema:
        required = set(schema.get("required", ()))
        items = []
        for key, sub in schema["properties"].items():
            need = "required" if key in required else "optional"
            items.append(f"{tick}{key}{tick} ({need}): {describe_schema(sub, tick)}")
        if not items:
            return f"{bold}Arguments:{bold} none (write {tick}{{}}{tick})."
        return f"{bold}Arguments:{bold} " + "; ".join(items) + "."
    return f"{bold}Value:{bold} {describe_schema(schema, tick)}."


def reference(game: str) -> str:
    """The Markdown op reference of ``game``: its ops, their arguments and limits, an
    example and the rules text template of each, and what ``{count: ...}`` counts."""
    from taverna_rules import game_module

    module = game_module(game)
    vocabulary = module.vocabulary
    if vocabulary is None:
        raise ValueError(f"{game} has no effect DSL: no ops to document")
    name = module.name.get("en")
    lines = [
        f"# {name}: the effect ops",
        "",
        f"<!-- Written by `make reference` from {name}'s op table; do not edit by hand. -->",
        "",
        f"Every op a {name} effect may use (`taverna validate --game {game}` checks them; the",
        f"JSON Schema is `schemas/{game}/effect.schema.json`). An effect is a mapping with one",
        "key, the op; control ops hold other effects, primitive ops act. Every effect runs for",
        "the acting player. Numbers outside the limits below are errors.",
        "",
    ]
    for kind, title in (("control", "Control ops"), ("primitive", "Primitive ops")):
        lines += [f"## {title}", ""]
        for op, spec in vocabulary.ops.items():
            if spec.kind != kind:
                continue
            lines += [f"### `{op}`", "", spec.doc, "", arguments_text(spec.schema, "`", "**"), ""]
            lines += ["```yaml", spec.example, "```", ""]
            templates = "; ".join(f"{lang}: `{spec.text.get(lang)}`" for lang in vocabulary.languages)
            lines += [f"**Rules text:** {templates}", ""]
    lines += [
        "## Counts",
        "",
        "What `{count: ...}` counts, for the acting player, wherever an op takes an expression:",
        "",
        "| `count` | the number of |",
        "| --- | --- |",
        *(f"| `{key}` | {text.many.get('en')} |" for key, text in vocabulary.counts.items()),
        "",
    ]
    return "\n".join(lines)


def write(check: bool, games: Sequence[str] | None = None) -> list[Path]:
    """Write (or with ``check``, only compare) each game's reference; the files that differ."""
    from taverna_rules import game_module
    from taverna_rules.core.game_modules import bundled_games

    stale = []
    # The library's games: a game installed from a package of its own documents its ops there.
    for game in games or bundled_games():
        if game_module(game).vocabulary is None:  # a game without effects has no ops
            continue
        path = OUT / f"{game}-ops.md"
        text = reference(game)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            stale.append(path)
            if not check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
    return stale


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write each game's op reference into docs/reference/.")
    parser.add_argument("--check", action="store_true", help="only say which files are out of date")
    args = parser.parse_args(argv)
    stale = write(args.check)
    for path in stale:
        print(f"{'out of date' if args.check else 'wrote'}: {path}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
