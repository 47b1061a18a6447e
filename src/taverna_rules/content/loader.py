"""Load content files into a :class:`RuleSet`: YAML, then schema, then structure, then checks.

Every stage reports all the problems it finds. Loading fails with one
:class:`~taverna_rules.errors.ContentError` carrying all of them; :func:`validate`
returns them in a report instead.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import attrs
import cattrs
import jsonschema
from jsonschema.exceptions import ValidationError

from taverna_rules._resources import bundled
from taverna_rules.content import checks
from taverna_rules.content.model import (
    FORMAT_VERSION,
    BoardSide,
    Constants,
    CustomerCard,
    Dignitary,
    FavourKind,
    Names,
    People,
    RoyalScoring,
    RuleOption,
    RuleSet,
    SpellCard,
    Symbol,
    Tavern,
    TavernLayout,
    Track,
)
from taverna_rules.content.problems import Problem, ValidationReport
from taverna_rules.content.schema_source import KINDS
from taverna_rules.content.yaml_source import SourceDocument, load_yaml_text, to_plain
from taverna_rules.dsl.nodes import Node
from taverna_rules.dsl.ops import parse_effect
from taverna_rules.errors import ContentError

__all__ = ["load_rules", "validate"]

SINGLETON_KINDS = ("game", "components")
LIST_KEYS = {
    "customers": "cards",
    "tracks": "tracks",
    "royal_scoring": "scorings",
    "dignitaries": "dignitaries",
    "favours": "favours",
    "spells": "spells",
    "options": "options",
}


@attrs.frozen
class Located:
    """A content document with its plain (JSON-shaped) data and its kind."""

    source: SourceDocument
    data: dict[str, Any]
    kind: str


def _converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=False)
    conv.register_structure_hook(Node, lambda value, _: parse_effect(value))
    # Option defaults are already type-checked by the schema: keep them as they are.
    conv.register_structure_hook(bool | int | str, lambda value, _: value)
    return conv


CONVERTER = _converter()


# ----------------------------------------------------------------------------- sources
def _walk(root: Traversable | Path, label: str) -> Iterator[tuple[str, Traversable | Path]]:
    if root.is_file():
        yield label, root
        return
    for child in sorted(root.iterdir(), key=lambda c: c.name):
        name = f"{label}/{child.name}"
        if isinstance(child, Path) and child.is_symlink() and child.is_dir():
            continue  # a linked folder could loop or leave the content tree
        if child.is_dir():
            yield from _walk(child, name)
        elif child.name.endswith((".yaml", ".yml")):
            yield name, child


def _sources(paths: Sequence[str | Path], base: bool) -> tuple[list[tuple[str, str]], list[Problem]]:
    found: list[tuple[str, str]] = []
    problems: list[Problem] = []
    roots: list[tuple[str, Traversable | Path]] = []
    if base:
        roots.append(("cards", bundled("cards")))
    for raw in paths:
        path = Path(raw)
        if not path.exists():
            problems.append(Problem("file-missing", f"no such file or folder: {str(raw)!r}", str(raw)))
            continue
        roots.append((str(raw).rstrip("/"), path))
    for label, root in roots:
        for name, entry in _walk(root, label):
            try:
                found.append((name, entry.read_text(encoding="utf-8")))
            except (OSError, UnicodeDecodeError) as exc:
                problems.append(Problem("file-unreadable", f"cannot read the file: {exc}", name))
    return found, problems


# ----------------------------------------------------------------------------- schema
@cache
def _validator(kind: str) -> jsonschema.Draft202012Validator:
    text = (bundled("schemas") / f"{kind}.schema.json").read_text(encoding="utf-8")
    schema = json.loads(text)
    return jsonschema.Draft202012Validator(schema)


def _schema_problems(doc: SourceDocument, data: Any) -> tuple[str | None, list[Problem]]:
    if not isinstance(data, dict):
        return None, [doc.problem("not-a-mapping", "a content file is a mapping with a 'kind' key")]
    kind = data.get("kind")
    if kind not in KINDS:
        hint = checks.did_you_mean(str(kind), KINDS) or f"one of {', '.join(KINDS)}"
        path = ("kind",) if "kind" in data else ()
        return None, [doc.problem("unknown-kind", f"unknown content kind {kind!r}", path, hint)]
    problems = [_schema_problem(doc, error) for error in _validator(kind).iter_errors(data)]
    problems.sort(key=lambda p: (p.line, p.column, p.path))
    return kind, problems


def _leaf_errors(error: ValidationError) -> Iterator[ValidationError]:
    # The effect schema dispatches on the op with if/then; the useful message is in the leaf.
    if error.context:
        for sub in error.context:
            yield from _leaf_errors(sub)
    else:
        yield error


def _schema_problem(doc: SourceDocument, error: ValidationError) -> Problem:
    leaf = min(_leaf_errors(error), key=lambda e: -len(e.absolute_path))
    path = tuple(leaf.absolute_path)
    hint = ""
    code = f"schema-{leaf.validator}"
    if "propertyNames" in leaf.absolute_schema_path:
        code = "schema-unknown-name"
        bad = leaf.instance if isinstance(leaf.instance, str) else ""
        choices = leaf.validator_value if isinstance(leaf.validator_value, list) else []
        hint = checks.did_you_mean(bad, [str(c) for c in choices])
        if bad:
            path = (*path, bad)
    elif leaf.validator == "type" and isinstance(leaf.schema, dict) and _is_expr_branch(leaf.schema):
        code = "schema-expression"
        message = f"{leaf.instance!r} is not an amount"
        hint = "write an integer, {count: coins} or {table: {of: ..., at_least: [...], points: [...]}}"
        return doc.problem(code, message, path, hint)
    elif leaf.validator == "enum" and isinstance(leaf.instance, str):
        choices = [str(c) for c in leaf.validator_value] if isinstance(leaf.validator_value, list) else []
        hint = checks.did_you_mean(leaf.instance, choices)
    elif leaf.validator == "additionalProperties":
        schema = leaf.schema if isinstance(leaf.schema, dict) else {}
        allowed = sorted(schema.get("properties", {}))
        extras = sorted(set(leaf.instance if isinstance(leaf.instance, dict) else ()) - set(allowed))
        if extras:
            hint = checks.did_you_mean(str(extras[0]), allowed) or f"allowed: {', '.join(allowed)}"
            path = (*path, str(extras[0]))
            return doc.problem(code, leaf.message, path, hint, at_key=True)
    return doc.problem(code, leaf.message, path, hint)


def _is_expr_branch(schema: dict[str, Any]) -> bool:
    # The non-integer branch of the expression schema (dsl.ops.effect_schema).
    return schema.get("propertyNames") == {"enum": ["count", "table"]}


# ----------------------------------------------------------------------------- structure
def _pairs(mapping: dict[str, Any]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted((int(k), int(v)) for k, v in mapping.items()))


def _items(docs: list[Located], kind: str) -> Iterator[tuple[Located, int, dict[str, Any]]]:
    key = LIST_KEYS[kind]
    for doc in docs:
        if doc.kind == kind:
            for index, item in enumerate(doc.data[key]):
                yield doc, index, item


def _build(docs: list[Located], problems: list[Problem]) -> RuleSet | None:
    where = checks.Where()
    singles: dict[str, Located] = {}
    for doc in docs:
        if doc.kind in SINGLETON_KINDS:
            if doc.kind in singles:
                first = singles[doc.kind].source.file
                problems.append(
                    doc.source.problem(
                        "duplicate-file-kind",
                        f"a second {doc.kind!r} file (the first is {first})",
                        ("kind",),
                        "merge the two files",
                    )
                )
            else:
                singles[doc.kind] = doc
        elif doc.kind in LIST_KEYS:
            for index, item in enumerate(doc.data[LIST_KEYS[doc.kind]]):
                ident = str(item.get("id", item.get("people", index)))
                where.add(problems, doc.kind, ident, doc.source, (LIST_KEYS[doc.kind], index))
    for kind in ("game", "components", "board"):
        if kind not in singles and not any(d.kind == kind for d in docs):
            problems.append(
                Problem("missing-kind", f"no {kind!r} file in the content", hint="the base game has one")
            )
    boards = [d for d in docs if d.kind == "board"]
    if "game" not in singles or "components" not in singles or not boards:
        return None

    game = singles["game"].data
    c = game["constants"]
    constants = Constants(
        starting_coins=c["starting_coins"],
        deeds_per_player=c["deeds_per_player"],
        row_size=c["row_size"],
        spell_hand=c["spell_hand"],
        castle_size=c["castle_size"],
        turns=_pairs(c["turns"]),
        income=_pairs(c["income"]),
        track_vp=tuple(c["track_vp"]),
        royal_scorings_per_player=_pairs(c["royal_scorings_per_player"]),
    )
    peoples = tuple(CONVERTER.structure(p, People) for p in game["peoples"])
    symbols = tuple(CONVERTER.structure(s, Symbol) for s in game["symbols"])
    comp = singles["components"].data
    taverns: list[Tavern] = []
    sides: list[BoardSide] = []
    for doc in boards:
        for index, tavern in enumerate(doc.data["taverns"]):
            where.add(problems, "tavern", tavern["id"], doc.source, ("taverns", index))
            taverns.append(CONVERTER.structure(tavern, Tavern))
        for index, side in enumerate(doc.data["sides"]):
            where.add(problems, "side", side["id"], doc.source, ("sides", index))
            layouts = tuple(
                (tid, CONVERTER.structure(layout, TavernLayout)) for tid, layout in side["taverns"].items()
            )
            sides.append(
                BoardSide(
                    side["id"],
                    tuple(side["players"]),
                    CONVERTER.structure(side["name"], Names),
                    layouts,
                )
            )
    tracks = tuple(
        Track(
            item["people"],
            tuple(sorted((int(pos), parse_effect(effect)) for pos, effect in item["bonuses"].items())),
        )
        for _, _, item in _items(docs, "tracks")
    )
    rules = RuleSet(
        format_version=FORMAT_VERSION,
        fingerprint=_fingerprint(docs),
        sources=tuple(d.source.file for d in docs),
        constants=constants,
        peoples=peoples,
        symbols=symbols,
        taverns=tuple(taverns),
        sides=tuple(sides),
        customers=tuple(CONVERTER.structure(i, CustomerCard) for _, _, i in _items(docs, "customers")),
        tiles=tuple(comp["customer_tiles"].items()),
        guild_tokens=tuple(comp["guild_tokens"].items()),
        privilege_tokens=comp["privilege_tokens"],
        tracks=tracks,
        royal_scorings=tuple(
            CONVERTER.structure(i, RoyalScoring) for _, _, i in _items(docs, "royal_scoring")
        ),
        dignitaries=tuple(CONVERTER.structure(i, Dignitary) for _, _, i in _items(docs, "dignitaries")),
        favours=tuple(CONVERTER.structure(i, FavourKind) for _, _, i in _items(docs, "favours")),
        spells=tuple(CONVERTER.structure(i, SpellCard) for _, _, i in _items(docs, "spells")),
        options=tuple(
            CONVERTER.structure({**i, "choices": tuple(i.get("choices", ()))}, RuleOption)
            for _, _, i in _items(docs, "options")
        ),
        provenance=tuple(
            (
                d.source.file,
                f"{d.data.get('provenance', 'rulebook')}: {d.data.get('note', '')}".strip(": "),
            )
            for d in docs
        ),
    )
    problems.extend(checks.check(rules, where, singles))
    return None if problems else rules


def _fingerprint(docs: list[Located]) -> str:
    canonical = sorted(json.dumps(d.data, sort_keys=True, ensure_ascii=False) for d in docs)
    digest = hashlib.sha256(f"format:{FORMAT_VERSION}\n".encode())
    for text in canonical:
        digest.update(text.encode("utf-8"))
        digest.update(b"\n")
    return digest.hexdigest()


# ----------------------------------------------------------------------------- entry points
def _load(paths: Sequence[str | Path], base: bool) -> tuple[RuleSet | None, list[Problem], tuple[str, ...]]:
    sources, problems = _sources(paths, base)
    docs: list[Located] = []
    for name, text in sources:
        source, yaml_problems = load_yaml_text(text, name)
        problems.extend(yaml_problems)
        if source is None:
            continue
        plain = to_plain(source.data)
        kind, schema_problems = _schema_problems(source, plain)
        problems.extend(schema_problems)
        if kind is not None and not schema_problems:
            docs.append(Located(source, plain, kind))
    files = tuple(name for name, _ in sources)
    if problems:
        return None, problems, files
    rules = _build(docs, problems)
    return rules, problems, files


def _stamp(paths: Iterable[str | Path]) -> tuple[tuple[str, int, int], ...]:
    out: list[tuple[str, int, int]] = []
    for raw in paths:
        path = Path(raw)
        entries = [path] if path.is_file() else sorted(path.rglob("*")) if path.exists() else []
        out.extend((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in entries if p.is_file())
    return tuple(out)


@cache
def _load_cached(paths: tuple[str, ...], base: bool, stamp: tuple[tuple[str, int, int], ...]) -> RuleSet:
    rules, problems, _ = _load(paths, base)
    if rules is None:
        raise ContentError(problems)
    return rules


def _path_list(paths: str | Path | Iterable[str | Path]) -> list[str | Path]:
    # One path given as a string is one path, not a sequence of one-letter paths.
    if isinstance(paths, str | Path):
        return [paths]
    return list(paths)


def load_rules(*paths: str | Path, base: bool = True) -> RuleSet:
    """Load the bundled base game, plus the content files or folders in ``paths``.

    ``base=False`` loads only ``paths`` (a complete game's content). Raises
    :class:`~taverna_rules.errors.ContentError` listing every problem. Loading the same
    unchanged files again returns the same (cached) :class:`RuleSet`.
    """
    flat: list[str | Path] = []
    for item in paths:
        flat.extend(_path_list(item))
    keys = tuple(str(p) for p in flat)
    return _load_cached(keys, base, _stamp(keys))


def validate(paths: str | Path | Iterable[str | Path] = (), *, base: bool = True) -> ValidationReport:
    """Check content files or folders on top of the base game (or alone, ``base=False``);
    report every problem, raise nothing."""
    _, problems, files = _load(_path_list(paths), base)
    return ValidationReport(tuple(problems), files)
