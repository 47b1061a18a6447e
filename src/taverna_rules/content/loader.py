"""Load a game's content files into its rule set: YAML, then schema, then packs, then the
game's builder and checks.

The pipeline knows no game: a :class:`~taverna_rules.content.spec.ContentSpec` names the
file kinds, their schemas and the builder. Every stage reports all the problems it finds.
Loading fails with one :class:`~taverna_rules.errors.ContentError` carrying all of them;
:func:`validate_content` returns them in a report instead.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os
import re
import stat
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import attrs
import cattrs
import jsonschema
from jsonschema.exceptions import ValidationError

from taverna_rules._shown import shown
from taverna_rules.content.discovery import Unit, discover, manifest_missing
from taverna_rules.content.merge import merge
from taverna_rules.content.merged import Located, Merged
from taverna_rules.content.model import FORMAT_VERSION
from taverna_rules.content.names import copied_names
from taverna_rules.content.packs import Layer, check_format, order_layers, pack_info
from taverna_rules.content.problems import Problem, ValidationReport, did_you_mean
from taverna_rules.content.schema_source import content_schema, kinds
from taverna_rules.content.spec import Built, ContentSpec, inherit, provenance_of
from taverna_rules.content.where import Where
from taverna_rules.content.yaml_source import Limits, SourceDocument, load_yaml_text, to_plain, too_large
from taverna_rules.dsl.nodes import Node
from taverna_rules.dsl.ops import CONTROL_OPS
from taverna_rules.dsl.parse import parse_effect
from taverna_rules.errors import ContentError

__all__ = [
    "CONVERTER",
    "KindHint",
    "MissingHint",
    "inherit",
    "load_content",
    "provenance_of",
    "validate_content",
]


def _converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=False)
    conv.register_structure_hook(Node, lambda value, _: parse_effect(value))
    # Option defaults are already type-checked by the schema: keep them as they are.
    conv.register_structure_hook(bool | int | str, lambda value, _: value)
    return conv


CONVERTER = _converter()

#: ``missing(path) -> hint``: what a path that does not exist may have meant. The caller
#: knows what else a name may stand for (an installed game); this pipeline knows no game.
MissingHint = Callable[[str], str]


#: ``elsewhere(kind) -> hint``: what to do about a content kind the game does not know
#: (the caller knows the other installed games and their kinds).
KindHint = Callable[[str], str]


def _no_hint(path: str) -> str:
    return ""


# ----------------------------------------------------------------------------- sources
@attrs.frozen
class _Text:
    name: str
    text: str
    unit: int


def _sources(
    spec: ContentSpec, paths: Sequence[str | Path], base: bool, missing: MissingHint
) -> tuple[list[Unit], list[_Text], list[Problem], int]:
    """The units to load, the texts of their files, the problems of reading them, and how
    many of the units are the bundled content's (they come first)."""
    units: list[Unit] = []
    problems: list[Problem] = []
    if base and spec.cards is not None:
        units.extend(discover(spec.cards, f"cards/{spec.game}", problems))
    bundled_units = len(units)
    for raw in paths:
        path = Path(raw)
        if not os.path.lexists(path):
            message = f"no such file or folder: {str(raw)!r}"
            problems.append(Problem("file-missing", message, str(raw), hint=missing(str(raw))))
            continue
        found = discover(path, str(raw).rstrip("/") or str(raw), problems)
        loose = manifest_missing(str(raw), found, kinds(spec)) if base and path.is_dir() else None
        problems.extend([loose] if loose is not None else [])
        units.extend(found)
    texts: list[_Text] = []
    for index, unit in enumerate(units):
        for name, entry in unit.files:
            text = _read(name, entry, problems)
            if text is not None:
                texts.append(_Text(name, text, index))
    return units, texts, problems, bundled_units


def _read(name: str, entry: Traversable | Path, problems: list[Problem]) -> str | None:
    """The text of a content file, or None (and a problem): at most ``max_bytes`` + 1
    bytes are read, from a regular file opened without blocking (the file was checked
    when it was found; it is checked again once open, in case it changed since)."""
    limit = Limits().max_bytes
    try:
        data = _read_bytes(entry, limit + 1) if isinstance(entry, Path) else entry.read_bytes()
    except _NotRegular:
        message = "not a regular file: not read"
        problems.append(Problem("file-refused", message, name, hint="content is regular .yaml files"))
        return None
    except OSError as exc:
        problems.append(Problem("file-unreadable", f"cannot read the file: {exc.strerror or exc}", name))
        return None
    if len(data) > limit:
        problems.append(too_large(name))
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        line = before.count(b"\n") + 1
        column = len(before) - (before.rfind(b"\n") + 1) + 1
        message = f"the file is not UTF-8: byte {data[exc.start]:#04x} cannot be read"
        hint = "save the file as UTF-8"
        problems.append(Problem("file-unreadable", message, name, line, column, hint=hint))
        return None


class _NotRegular(Exception):
    """The file opened is not a regular file (it was replaced after it was found)."""


def _read_bytes(path: Path, size: int) -> bytes:
    # O_NONBLOCK: opening a FIFO never waits for a writer; fstat then refuses it.
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise _NotRegular
        chunks: list[bytes] = []
        while size > 0:
            chunk = os.read(fd, min(size, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            size -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


# ----------------------------------------------------------------------------- schema
@cache
def _validator(spec: ContentSpec, kind: str) -> jsonschema.Draft202012Validator:
    # The shipped schema is read when there is one (a test proves it is current): making
    # it again costs more than reading it, on every cold start.
    shipped = spec.schemas / f"{kind}.schema.json" if spec.schemas is not None else None
    if shipped is not None and shipped.is_file():
        schema = json.loads(shipped.read_text(encoding="utf-8"))
    else:
        schema = content_schema(spec, kind)
    return jsonschema.Draft202012Validator(schema)


def _schema_problems(
    spec: ContentSpec, doc: SourceDocument, data: Any, elsewhere: KindHint = _no_hint
) -> tuple[str | None, list[Problem]]:
    if not isinstance(data, dict):
        message = "the file is empty" if data is None else "a content file is a mapping with a 'kind' key"
        return None, [
            doc.problem(
                "not-a-mapping",
                message,
                hint="start the file with 'format: 1' and 'kind: ...' on their own lines",
            )
        ]
    kind = data.get("kind")
    known = tuple(kinds(spec))
    if kind not in known:
        hint = elsewhere(str(kind)) or did_you_mean(str(kind), known) or f"one of {', '.join(known)}"
        if "kind" not in data:
            message = "no 'kind' key: is this a content file?"
            return None, [doc.problem("unknown-kind", message, (), f"add kind: {', '.join(known)}")]
        return None, [doc.problem("unknown-kind", f"unknown content kind {kind!r}", ("kind",), hint)]
    wrong_format = check_format(doc, data)
    if wrong_format is not None:
        return None, [wrong_format]
    problems = [_schema_problem(spec, doc, error) for error in _validator(spec, kind).iter_errors(data)]
    problems.sort(key=lambda p: (p.line, p.column, p.path))
    return kind, problems


def _skipped(
    spec: ContentSpec, kind: str, data: dict[str, Any], problems: list[Problem]
) -> frozenset[tuple[str, int]] | None:
    """The items a document's schema problems are confined to, or None when a problem
    concerns the document as a whole (then nothing of it is used)."""
    lists = {key for key, _, _ in spec.item_lists.get(kind, ())}
    skip: set[tuple[str, int]] = set()
    for problem in problems:
        head = problem.path_items[:2]
        if len(head) < 2 or head[0] not in lists or not isinstance(head[1], int):
            return None
        skip.add((str(head[0]), head[1]))
    return frozenset(skip)


def _leaf_errors(error: ValidationError) -> Iterator[ValidationError]:
    # The effect schema dispatches on the op with if/then; the useful message is in the leaf.
    if error.context:
        for sub in error.context:
            yield from _leaf_errors(sub)
    else:
        yield error


#: What the patterns of the schemas mean, for messages a reader understands.
PATTERNS = {
    "^[a-z][a-z0-9_]*$": "an id: lowercase letters, digits and underscores, starting with a letter",
    "^[1-9]$": "a player count, 1 to 9",
    "^[0-9]+$": "a track position, a whole number",
    "^[0-9]+\\.[0-9]+(\\.[0-9]+)?$": "a version such as 1.0 or 1.0.0",
}


def _slug(text: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")
    if slug and not slug[0].isalpha():
        slug = f"x{slug}"
    return slug


def _known(choices: Sequence[str]) -> str:
    return f"known: {', '.join(choices)}" if len(choices) <= 40 else ""


def _schema_problem(spec: ContentSpec, doc: SourceDocument, error: ValidationError) -> Problem:
    leaf = min(_leaf_errors(error), key=lambda e: -len(e.absolute_path))
    path = tuple(leaf.absolute_path)
    code = f"schema-{leaf.validator}"
    instance, expected = leaf.instance, leaf.validator_value
    if "propertyNames" in leaf.absolute_schema_path:
        bad = instance if isinstance(instance, str) else ""
        if leaf.validator == "pattern":
            meaning = PATTERNS.get(str(expected), f"a name matching {expected}")
            hint = f"for example {_slug(bad)!r}" if expected == "^[a-z][a-z0-9_]*$" and _slug(bad) else ""
            return doc.problem(code, f"the key {bad!r} is not {meaning}", (*path, bad), hint, at_key=True)
        choices = [str(c) for c in expected] if isinstance(expected, list) else []
        hint = did_you_mean(bad, choices) or _known(choices)
        ops = spec.effects.get("effect", {}).get("propertyNames", {}).get("enum", ())
        what = "op" if ops and set(choices) == set(ops) else "name"
        return doc.problem("schema-unknown-name", f"unknown {what} {bad!r}", (*path, bad), hint, at_key=True)
    if leaf.validator == "type" and isinstance(leaf.schema, dict) and _is_expr_branch(leaf.schema):
        hint = "write an integer, {count: coins} or {table: {of: ..., at_least: [...], points: [...]}}"
        return doc.problem("schema-expression", f"{instance!r} is not an amount", path, hint)
    if leaf.validator == "enum" and path[-1:] == ("provenance",) and isinstance(instance, str):
        return doc.problem(code, f"unknown provenance {instance!r}", path, _provenance_hint(instance))
    if leaf.validator == "not":
        message, hint = _refused_value(leaf)
        return doc.problem(code, message, path, hint)
    if leaf.validator == "minProperties" and instance == {} and _is_effect(leaf):
        message = "an empty effect: an effect names one op"
        return doc.problem(code, message, path, _ops_hint(spec, path))
    if leaf.validator == "enum" and isinstance(instance, str):
        choices = [str(c) for c in expected] if isinstance(expected, list) else []
        return doc.problem(code, leaf.message, path, did_you_mean(instance, choices) or _known(choices))
    if leaf.validator == "additionalProperties":
        schema = leaf.schema if isinstance(leaf.schema, dict) else {}
        allowed = sorted(schema.get("properties", {}))
        extras = sorted(set(instance if isinstance(instance, dict) else ()) - set(allowed))
        if extras:
            hint = did_you_mean(str(extras[0]), allowed) or f"allowed: {', '.join(allowed)}"
            return doc.problem(code, leaf.message, (*path, str(extras[0])), hint, at_key=True)
    if leaf.validator == "type":
        return doc.problem(
            code, _type_message(instance, expected), path, _type_hint(leaf, instance, expected)
        )
    if leaf.validator in ("minItems", "maxItems") and isinstance(instance, list):
        bound = "at least" if leaf.validator == "minItems" else "at most"
        return doc.problem(code, f"a list of {bound} {expected} here, this one has {len(instance)}", path)
    if leaf.validator in ("minLength", "maxLength") and isinstance(instance, str):
        message, hint = _length_message(path, instance, leaf.validator, expected)
        return doc.problem(code, message, path, hint)
    if leaf.validator == "const":
        hint = "remove the quotes" if isinstance(instance, str) and instance == str(expected) else ""
        if path == ("game",):
            hint = f"this pack is for {instance!r}: validate it with --game {instance}"
        return doc.problem(code, f"expected {expected!r}, found {instance!r}", path, hint)
    if leaf.validator == "pattern" and isinstance(instance, str):
        meaning = PATTERNS.get(str(expected), f"a text matching {expected}")
        hint = (
            f"for example {_slug(instance)!r}" if expected == "^[a-z][a-z0-9_]*$" and _slug(instance) else ""
        )
        return doc.problem(code, f"{instance!r} is not {meaning}", path, hint)
    if leaf.validator == "maxProperties" and isinstance(instance, dict):
        keys = ", ".join(str(k) for k in instance)
        if isinstance(leaf.schema, dict) and leaf.schema.get("title") == "effect":
            message = f"an effect names one op, found {len(instance)}: {keys}"
            hint = "to do several things, list them under seq: [...]"
        else:
            message = f"at most {expected} key(s) here, found {len(instance)}: {keys}"
            hint = "keep one of them"
        return doc.problem(code, message, path, hint)
    return doc.problem(code, leaf.message, path)


def _length_message(path: tuple[Any, ...], text: str, validator: str, bound: Any) -> tuple[str, str]:
    """A text too short or too long, and what to write instead."""
    field = str(path[-1]) if path else "text"
    if validator == "minLength" and not text:
        return f"the {field!r} text is empty", "write the text here: it may not be empty"
    size = "at least" if validator == "minLength" else "at most"
    return f"{text!r} has {len(text)} character(s), {size} {bound} here", f"write {size} {bound}"


#: What each provenance means, for the hint of a value that is none of them.
PROVENANCE_MEANINGS = {
    "rulebook": "facts from a rulebook",
    "printed": "copied from the printed components",
    "reconstructed": "designed, not printed: every card you invent",
}


def _provenance_hint(value: str) -> str:
    """The provenances and what each means; a near spelling first, never 'printed' for
    a word that only looks like it (a card invented is 'reconstructed', never 'printed')."""
    close = difflib.get_close_matches(value, list(PROVENANCE_MEANINGS), n=1, cutoff=0.8)
    meanings = "; ".join(f"{name!r}: {words}" for name, words in PROVENANCE_MEANINGS.items())
    return (f"did you mean {close[0]!r}? " if close else "") + meanings


def _refused_value(leaf: ValidationError) -> tuple[str, str]:
    """The message and hint of a value a ``not`` schema refuses (``steps: 0``)."""
    refused = leaf.validator_value.get("const") if isinstance(leaf.validator_value, dict) else None
    schema = leaf.schema if isinstance(leaf.schema, dict) else {}
    low, high = schema.get("minimum"), schema.get("maximum")
    if refused == 0:
        message = "0 is refused here: it would do nothing"
    else:
        message = f"{leaf.instance!r} is refused here"
    if low is not None and high is not None:
        hint = f"write a whole number from {low} to {high} other than {refused!r}"
    else:
        hint = f"write any value but {refused!r}"
    if refused == 0:
        hint += "; to do nothing, leave the op out"
    return message, hint


def _is_effect(leaf: ValidationError) -> bool:
    return isinstance(leaf.schema, dict) and leaf.schema.get("title") == "effect"


def _ops_hint(spec: ContentSpec, path: tuple[Any, ...]) -> str:
    """A few of the game's ops that act (not control ops), the closest to the key holding
    the effect first."""
    ops = [
        op
        for op in spec.effects.get("effect", {}).get("propertyNames", {}).get("enum", ())
        if op not in CONTROL_OPS
    ]
    near = str(path[-1]) if path and isinstance(path[-1], str) else ""
    ranked = sorted(ops, key=lambda op: -difflib.SequenceMatcher(None, near, op).ratio())
    return f"write one op, such as {', '.join(ranked[:4])}"


#: How messages name JSON types, and describe the value found.
TYPE_WORDS = {
    "object": "a mapping",
    "array": "a list",
    "string": "a text",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "null": "nothing",
}


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return f"{str(value).lower()}"
    if isinstance(value, dict | list):
        return TYPE_WORDS["object" if isinstance(value, dict) else "array"]
    if value is None:
        return "nothing"
    return repr(value)


def _type_message(instance: Any, expected: Any) -> str:
    wanted = [expected] if isinstance(expected, str) else list(expected)
    return f"expected {' or '.join(TYPE_WORDS.get(w, w) for w in wanted)}, found {_describe(instance)}"


def _type_hint(leaf: ValidationError, instance: Any, expected: Any) -> str:
    wanted = [expected] if isinstance(expected, str) else list(expected)
    schema = leaf.schema if isinstance(leaf.schema, dict) else {}
    if isinstance(instance, str) and {"integer", "number"} & set(wanted) and instance.strip().isdigit():
        return "remove the quotes"
    if "string" in wanted and isinstance(instance, int | float) and not isinstance(instance, bool):
        return f"quote it: '{instance}'"
    if "array" in wanted and isinstance(instance, str):
        return f"write a list: [{_listed(instance)}]"
    if "object" in wanted and set(schema.get("required", ())) == {"en", "fr", "nl"}:
        return "write the name in three languages: {en: ..., fr: ..., nl: ...}"
    if "object" in wanted and isinstance(instance, list) and schema.get("title") == "effect":
        return "an effect is one op: to do several things, write seq: [...]"
    return ""


_RANGE = re.compile(r"\s*(-?\d+)\s*(?:-|\.\.|to)\s*(-?\d+)\s*")


def _listed(text: str) -> str:
    """The items a text meant as a list: ``2-4`` is ``2, 3, 4``, ``a, b`` stays."""
    span = _RANGE.fullmatch(text)
    if span:
        low, high = int(span[1]), int(span[2])
        if 0 <= high - low <= 10:
            return ", ".join(str(n) for n in range(low, high + 1))
    return text


def _is_expr_branch(schema: dict[str, Any]) -> bool:
    # The non-integer branch of the expression schema (taverna_rules.dsl.schema.effect_schema).
    return schema.get("propertyNames") == {"enum": ["count", "table"]}


# ----------------------------------------------------------------------------- structure
def _where(spec: ContentSpec, merged: Merged, manifests: Sequence[Located]) -> Where:
    where = Where(
        broken=frozenset(merged.broken),
        constants_changed=merged.constants_changed,
        removed={key: (doc.source, path) for key, (doc, path) in merged.removed.items()},
    )
    for manifest in manifests:
        where.add("packs", str(manifest.data["id"]), manifest.source, ())
    for kind, entries in merged.items.items():
        id_key = spec.id_key(kind)
        for entry in entries:
            parts = tuple((prefix, doc.source, path) for prefix, doc, path in entry.parts)
            where.add(kind, str(entry.item.get(id_key)), entry.doc.source, entry.path, parts, entry.layer)
    return where


def _rules_data(doc: Located) -> Any:
    """What of a document the rules depend on: a manifest's ``game`` only says which
    pipeline reads it."""
    if doc.kind == "pack":
        return {key: value for key, value in doc.data.items() if key != "game"}
    return doc.data


def _fingerprint(docs: list[Located]) -> str:
    canonical = sorted(json.dumps(_rules_data(d), sort_keys=True, ensure_ascii=False) for d in docs)
    digest = hashlib.sha256(f"format:{FORMAT_VERSION}\n".encode())
    for text in canonical:
        digest.update(text.encode("utf-8"))
        digest.update(b"\n")
    return digest.hexdigest()


# ----------------------------------------------------------------------------- entry points
@attrs.frozen
class _Outcome:
    rules: Any
    problems: list[Problem]
    files: tuple[str, ...]
    sources: dict[str, str]


def _layers(units: list[Unit], parsed: dict[int, list[Located]], problems: list[Problem]) -> list[Layer]:
    layers: list[Layer] = []
    loose: list[Located] = []
    for index, unit in enumerate(units):
        docs = parsed.get(index, [])
        manifests = [d for d in docs if d.kind == "pack"]
        content = tuple(d for d in docs if d.kind != "pack")
        for extra in manifests:
            if not unit.is_pack or extra.source.file != f"{unit.label}/pack.yaml":
                problems.append(
                    extra.source.problem(
                        "misplaced-manifest",
                        "a pack manifest belongs in a file named pack.yaml at the top of its pack folder",
                        ("kind",),
                        "rename the file pack.yaml, or move it to the pack's folder",
                    )
                )
        manifest = next((d for d in manifests if d.source.file == f"{unit.label}/pack.yaml"), None)
        if not unit.is_pack:
            loose.extend(content)
        elif manifest is not None:
            layers.append(Layer(unit.label, pack_info(manifest), manifest, content))
        # A pack whose manifest failed its schema: its files were checked, not merged.
    if loose:
        layers.append(Layer("(loose files)", None, None, tuple(loose)))
    return order_layers(layers, problems)


def _load(
    spec: ContentSpec,
    paths: Sequence[str | Path],
    base: bool,
    missing: MissingHint = _no_hint,
    elsewhere: KindHint = _no_hint,
) -> _Outcome:
    units, texts, problems, bundled_units = _sources(spec, paths, base, missing)
    parsed: dict[int, list[Located]] = {}
    # A file that could not be read, or whose document was dropped, may have held what
    # the checks look for (the effect reading an option, the spells counted): the checks
    # that would report its absence are skipped, so the first problem shown is the cause.
    dropped = any(p.severity == "error" for p in problems)
    for text in texts:
        source, yaml_problems = load_yaml_text(text.text, text.name)
        problems.extend(yaml_problems)
        if source is None:
            dropped = True
            continue
        plain = to_plain(source.data)
        kind, schema_problems = _schema_problems(spec, source, plain, elsewhere)
        problems.extend(schema_problems)
        skip = None if kind is None else _skipped(spec, kind, plain, schema_problems)
        if kind is None or skip is None:
            dropped = True
            continue
        problems.extend(copied_names(source, plain, spec.languages))
        parsed.setdefault(text.unit, []).append(Located(source, plain, kind, skip))
    replaced = _replaced(units, parsed, bundled_units)
    texts = [t for t in texts if t.unit not in replaced]
    for index in replaced:
        del parsed[index]
    files = tuple(t.name for t in texts)
    sources = {t.name: t.text for t in texts}
    layers = _layers(units, parsed, problems)
    merged = merge(spec, layers, problems)
    merged.incomplete = merged.incomplete or dropped
    docs = [doc for layer in layers for doc in (*((layer.manifest,) if layer.manifest else ()), *layer.docs)]
    packs = tuple(layer.pack for layer in layers if layer.pack is not None)
    where = _where(spec, merged, [d for d in docs if d.kind == "pack"])
    rules = spec.build(Built(merged, packs, docs, _fingerprint(docs), where, problems, spec))
    problems.sort(key=_file_order(files))
    return _Outcome(
        rules if not any(p.severity == "error" for p in problems) else None, problems, files, sources
    )


def _manifest_id(unit: Unit, docs: Sequence[Located]) -> str | None:
    path = f"{unit.label}/pack.yaml"
    return next((str(d.data["id"]) for d in docs if d.kind == "pack" and d.source.file == path), None)


def _replaced(units: Sequence[Unit], parsed: dict[int, list[Located]], bundled_units: int) -> set[int]:
    """The bundled packs that a pack given with the same id replaces.

    ``taverna validate cards/taverna/base``, or a copy of the base game, checks that pack alone
    rather than reporting it as a second ``base``.
    """
    given = {_manifest_id(units[i], parsed.get(i, ())) for i in range(bundled_units, len(units))}
    return {
        i for i in range(bundled_units) if i in parsed and _manifest_id(units[i], parsed[i]) in given - {None}
    }


def _file_order(files: tuple[str, ...]) -> Callable[[Problem], tuple[int, int, int]]:
    rank = {name: i for i, name in enumerate(files)}

    def key(problem: Problem) -> tuple[int, int, int]:
        return (rank.get(problem.file, len(rank)), problem.line, problem.column)

    return key


def _stamp(paths: Iterable[str | Path]) -> tuple[tuple[str, int, int], ...]:
    """The cache key of the files under ``paths``: each content file's name, time and
    size, found as loading finds them (never opening or following what loading refuses)."""
    out: list[tuple[str, int, int]] = []
    for raw in paths:
        path = Path(raw)
        if not os.path.lexists(path):
            continue
        for unit in discover(path, str(raw), []):
            for name, entry in unit.files:
                try:
                    info = os.stat(entry) if isinstance(entry, Path) else None
                except OSError:
                    info = None
                out.append((name, info.st_mtime_ns, info.st_size) if info else (name, -1, -1))
    return tuple(out)


@cache
def _load_cached(
    spec: ContentSpec,
    paths: tuple[str, ...],
    base: bool,
    stamp: tuple[tuple[str, int, int], ...],
    missing: MissingHint,
    elsewhere: KindHint,
) -> Any:
    outcome = _load(spec, paths, base, missing, elsewhere)
    if outcome.rules is None:
        raise ContentError([p for p in outcome.problems if p.severity == "error"])
    return outcome.rules


def _flatten(paths: Sequence[object]) -> tuple[list[str | Path], list[Problem]]:
    """The paths given (a list stands for its paths, a string is one path, not a sequence
    of one-letter paths), and a ``file-missing`` problem for anything that is no path."""
    flat: list[str | Path] = []
    problems: list[Problem] = []
    for item in paths:
        items: Iterable[object] = [item]
        if isinstance(item, Iterable) and not isinstance(item, str | bytes | dict | Path):
            items = item
        for path in items:
            if isinstance(path, str | Path):
                flat.append(path)
            else:
                problems.append(
                    Problem("file-missing", f"not a path: {shown(path)}", hint="give a file or folder name")
                )
    return flat, problems


def load_content(
    spec: ContentSpec,
    *paths: str | Path | Iterable[str | Path],
    base: bool = True,
    missing: MissingHint = _no_hint,
    elsewhere: KindHint = _no_hint,
) -> Any:
    """Load the bundled content of the game ``spec`` describes, plus the packs, content
    files or folders in ``paths`` (each a path, or a list of paths).

    A folder with a ``pack.yaml`` is a pack, applied after the packs it extends; other
    content files form a last layer on top of every pack. ``base=False`` loads only
    ``paths`` (a complete game's content). Raises
    :class:`~taverna_rules.errors.ContentError` listing every error (warnings do not stop
    loading: see :func:`validate_content`). Loading the same unchanged files again returns
    the same (cached) rule set. ``missing(path)`` gives the hint of a path that does not
    exist, ``elsewhere(kind)`` that of a content kind the game does not know.
    """
    flat, problems = _flatten(paths)
    if problems:
        raise ContentError(problems)
    keys = tuple(str(p) for p in flat)
    return _load_cached(spec, keys, base, _stamp(keys), missing, elsewhere)


def validate_content(
    spec: ContentSpec,
    *paths: str | Path | Iterable[str | Path],
    base: bool = True,
    missing: MissingHint = _no_hint,
    elsewhere: KindHint = _no_hint,
) -> ValidationReport:
    """Check packs, content files or folders (each a path, or a list of paths) on top of
    the game's bundled content (or alone, ``base=False``): schema and semantic problems in
    one report; raise nothing. ``missing(path)`` gives the hint of a path that does not
    exist, ``elsewhere(kind)`` that of a content kind the game does not know."""
    flat, problems = _flatten(paths)
    if problems:
        return ValidationReport(tuple(problems))
    outcome = _load(spec, flat, base, missing, elsewhere)
    return ValidationReport(tuple(outcome.problems), outcome.files, outcome.sources)
