"""A local Sphinx extension: write the generated parts of the docs before each build.

Everything written here comes from the code, so the pages cannot drift from it:

* ``_generated/ops.rst``: every op of :data:`taverna_rules.games.taverna.vocabulary.OPS` with its doc, its
  arguments (read from its JSON Schema), its YAML example, and its template and the rules
  text the example renders to in each language. Each example is checked against the
  effect schema while it is written.
* ``_generated/counts.rst``: what ``{count: ...}`` can count, in each language.
* ``_generated/kinds.rst``: the content file kinds and their JSON Schema files.
* ``_generated/options.rst``: the rule options of the base game, with defaults and reasons.
* ``_generated/provenance.rst``: each bundled content file, rulebook or reconstructed.
* ``_generated/api_modules.rst``: the module reference, each object documented once.
* ``_generated/decisions.rst``: every kind of decision, when it comes and the actions it
  takes, from the kernel's decision registry and each handler's docstring.

The files live in ``docs/_generated/`` (ignored by git and excluded from the build as
documents; pages pull them in with ``.. include::``). A file is rewritten only when its
text changes, so incremental builds stay incremental. The extension also warns when a
name of ``taverna_rules.__all__`` is missing from ``api.rst``, or one of a bundled game's
package from ``game_types.rst``.
"""

from __future__ import annotations

import importlib
import inspect
import json
import pkgutil
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Literal, get_origin

import jsonschema
from docutils import nodes
from op_reference import arguments_text
from sphinx.application import Sphinx
from sphinx.pycode import ModuleAnalyzer
from sphinx.util import logging
from sphinx.util.typing import ExtensionMetadata

logger = logging.getLogger(__name__)

#: The bundled base game, read from the checkout the docs are built in.
CARDS = Path(__file__).resolve().parents[2] / "cards" / "taverna" / "base"

#: The modules of the API reference, in reading order.
API_MODULES: Sequence[tuple[str, str]] = (
    ("taverna_rules.game", "The game facade"),
    ("taverna_rules.bots", "Bots"),
    ("taverna_rules.core.determinize", "Determinization"),
    ("taverna_rules.core.chance", "Chance"),
    ("taverna_rules.tools.tournament", "Tournaments (taverna simulate)"),
    ("taverna_rules.adapters.pettingzoo", "PettingZoo environment"),
    ("taverna_rules.adapters.openspiel", "OpenSpiel games"),
    ("taverna_rules.position", "Position documents"),
    ("taverna_rules.store", "Event stores"),
    ("taverna_rules.store.postgres", "The PostgreSQL store"),
    ("taverna_rules.store.export", "Export files"),
    ("taverna_rules.core.replay", "Verified replay and divergence"),
    ("taverna_rules.server", "The game server"),
    ("taverna_rules.games.taverna.state", "State"),
    ("taverna_rules.games.taverna.actions", "Actions"),
    ("taverna_rules.games.taverna.events", "Events"),
    ("taverna_rules.core.serialize", "JSON"),
    ("taverna_rules.wire_schemas", "JSON Schemas of the wire objects"),
    ("taverna_rules.core.game_modules", "Game modules"),
    ("taverna_rules.content.model", "Content model"),
    ("taverna_rules.games.taverna.ruleset", "Taverna's rule set"),
    ("taverna_rules.content.problems", "Validation problems"),
    ("taverna_rules.errors", "Errors"),
    ("taverna_rules.dsl.vocabulary", "A game's effect DSL"),
    ("taverna_rules.dsl.ops", "Op specs and the control ops"),
    ("taverna_rules.dsl.text", "Rules text in each language"),
    ("taverna_rules.dsl.schema", "The effect JSON Schema"),
    ("taverna_rules.dsl.parse", "Reading effects from YAML data"),
    ("taverna_rules.games.taverna.vocabulary", "Taverna's op table and words"),
    ("taverna_rules.rules_text", "Rules text of the cards"),
    ("taverna_rules.tools.conformance", "The conformance kit"),
    ("taverna_rules.core.views", "Views"),
    ("taverna_rules.games.taverna.integrity", "State checks and the coin ledger"),
)


# ----------------------------------------------------------------------------- helpers
def escape(text: str) -> str:
    """Plain text made safe for reStructuredText (no accidental markup)."""
    text = re.sub(r"([\\*`|])", r"\\\1", text)
    return re.sub(r"_(?=\W|$)", r"\\_", text)


def indent(text: str, prefix: str = "   ") -> str:
    """Every non-empty line of ``text`` indented by ``prefix``."""
    return "\n".join(prefix + line if line else "" for line in text.splitlines())


def heading(title: str, mark: str) -> str:
    """An rst section title underlined with ``mark``."""
    return f"{title}\n{mark * len(title)}\n"


def list_table(header: Sequence[str], rows: Iterable[Sequence[str]], widths: str = "") -> str:
    """An rst ``list-table`` (cells are rst already)."""
    out = [".. list-table::", "   :header-rows: 1"]
    if widths:
        out.append(f"   :widths: {widths}")
    out.append("")
    for row in (header, *rows):
        first = True
        for cell in row:
            lead = "   * - " if first else "     - "
            first = False
            out.append(lead + (cell or " "))
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------------------- pages
def ops_page() -> str:
    """The op reference, from the op table."""
    from ruamel.yaml import YAML

    from taverna_rules.dsl.parse import parse_effect
    from taverna_rules.games.taverna.vocabulary import LANGUAGES, OPS, effect_schema, render

    validator = jsonschema.Draft202012Validator(effect_schema())
    yaml = YAML(typ="safe", pure=True)
    names = _Names()
    parts: list[str] = []
    for kind, title in (("control", "Control ops"), ("primitive", "Primitive ops")):
        parts.append(heading(title, "~"))
        for name in OPS:
            spec = OPS[name]
            if spec.kind != kind:
                continue
            parts.append(f".. _op-{name}:\n")
            parts.append(heading(f"``{name}``", "^"))
            parts.append(spec.doc + "\n")
            parts.append(arguments_text(spec.schema) + "\n")
            parts.append("**Example:**\n")
            parts.append(".. code-block:: yaml\n\n" + indent(spec.example) + "\n")
            data = yaml.load(spec.example)
            errors = [e.message for e in validator.iter_errors(data)]
            if errors:
                logger.warning("the example of op %r does not fit the effect schema: %s", name, errors[0])
            rows = []
            for lang in LANGUAGES:
                text = (
                    "(invalid example)"
                    if errors
                    else render(parse_effect(data), names.people(lang), lang, symbol_name=names.symbol(lang))
                )
                rows.append((f"``{lang}``", f"``{spec.text.get(lang)}``", escape(text)))
            parts.append("**Rules text:**\n")
            parts.append(list_table(("language", "template", "the example's text"), rows, "10 45 45"))
    return "\n".join(parts)


class _Names:
    """The base game's names of peoples and symbols, so the examples read as cards do."""

    def __init__(self) -> None:
        import taverna_rules as tr

        rules = tr.load_rules()
        self._peoples = {p.id: p.name for p in rules.peoples}
        self._symbols = {s.id: s.name for s in rules.symbols}

    def people(self, lang: str) -> Any:
        return lambda ident: self._peoples[ident].get(lang) if ident in self._peoples else ident

    def symbol(self, lang: str) -> Any:
        return lambda ident: self._symbols[ident].get(lang) if ident in self._symbols else ident


def counts_page() -> str:
    """What ``{count: ...}`` can count, in each language of the rules text."""
    from taverna_rules.games.taverna.vocabulary import COUNT_TEXTS, LANGUAGES

    return list_table(
        ("``count``", *(f"the number of ... the acting player has (``{lang}``)" for lang in LANGUAGES)),
        (
            (f"``{key}``", *(escape(text.many.get(lang)) for lang in LANGUAGES))
            for key, text in COUNT_TEXTS.items()
        ),
        "22 26 26 26",
    )


def kinds_page() -> str:
    """The content file kinds and their schemas."""
    from taverna_rules.content.schema_source import content_schema, kinds
    from taverna_rules.games.taverna.content import CONTENT

    rows = []
    for kind in kinds(CONTENT):
        schema = content_schema(CONTENT, kind)
        keys = [k for k in schema["required"] if k not in ("format", "kind")]
        rows.append(
            (
                f"``{kind}``",
                f"``schemas/taverna/{kind}.schema.json``",
                ", ".join(f"``{k}``" for k in keys),
                escape(schema.get("description", "")),
            )
        )
    effect = "``schemas/taverna/effect.schema.json``"
    rows.append(("(any effect)", effect, "", "One effect tree, on its own."))
    return list_table(("``kind:``", "schema", "required keys", "what it holds"), rows, "15 30 20 35")


def options_page() -> str:
    """The rule options of the bundled base game."""
    from taverna_rules import load_rules

    rules = load_rules()
    rows = (
        (
            f"``{o.id}``",
            o.type,
            f"``{json.dumps(o.default)}``",
            escape(" ".join(o.reason.split())),
        )
        for o in rules.options
    )
    return list_table(("option", "type", "default", "why it exists"), rows, "25 8 10 57")


#: The order the decision kinds come in a game; a kind not listed follows, as registered.
DECISION_ORDER = (
    "choose_people",
    "buy_deed",
    "pick_card",
    "place_customer",
    "turn_actions",
    "respond",
    "send_dignitary",
    "effect_choice",
    "effect_track",
    "choose_royal",
)


def decisions_page() -> str:
    """Every decision kind: a section each (so each has a link target), its docstring and
    the action types it takes."""
    from taverna_rules.games.taverna.flow import DECISIONS

    kinds = sorted(
        DECISIONS,
        key=lambda k: DECISION_ORDER.index(k) if k in DECISION_ORDER else len(DECISION_ORDER),
    )
    parts = []
    for kind in kinds:
        registered = DECISIONS[kind]
        doc = inspect.getdoc(registered.apply) or ""
        actions = ", ".join(f":class:`~{documented_as(t)}`" for t in registered.takes)
        parts.append(f".. _decision-{kind}:\n\n" + heading(f"``{kind}``", "~"))
        parts.append(f"{doc}\n\nActions: {actions}.\n")
    return "\n".join(parts)


def provenance_page() -> str:
    """Each bundled content file, its provenance and its note (or its opening comment)."""
    from ruamel.yaml import YAML

    yaml = YAML(typ="safe", pure=True)
    rows = []
    files = sorted(CARDS.glob("*.yaml"))
    if not files:  # a moved folder must not leave the table silently empty
        raise FileNotFoundError(f"no content files in {CARDS}")
    for path in files:
        text = path.read_text(encoding="utf-8")
        data = yaml.load(text)
        provenance = data.get("provenance")
        shown = f"**{provenance}**" if provenance else "(not set)"
        note = " ".join(str(data.get("note", "")).split())
        if not note:
            comment = []
            for line in text.splitlines():
                if not line.startswith("#"):
                    break
                comment.append(line.lstrip("# ").strip())
            note = " ".join(comment)
        rows.append((f"``cards/taverna/base/{path.name}``", f"``{data.get('kind')}``", shown, escape(note)))
    return list_table(
        ("file", "kind", "provenance", "note (or the file's opening comment)"), rows, "20 12 12 56"
    )


def api_modules_page() -> str:
    """The module reference: each module's own names; re-exported ones link to the package."""

    parts: list[str] = []
    for module_name, title in API_MODULES:
        module = importlib.import_module(module_name)
        names = list(getattr(module, "__all__", ()))
        homes = {name: home for home in _homes(module_name) for name in home.__all__}
        own = [n for n in names if n not in homes]
        shared = [n for n in names if n in homes]
        parts.append(heading(f"{title}: ``{module_name}``", "~"))
        # autodoc gives a module-level constant without a doc comment the docstring of its
        # type (``dict``, ``str``...): describe those with a plain ``py:data`` instead.
        data = [n for n in own if not _is_code(getattr(module, n))]
        code = [n for n in own if n not in data]
        options = (
            ["   :no-members:"] if not code else [f"   :members: {', '.join(code)}", "   :undoc-members:"]
        )
        parts.append("\n".join([f".. automodule:: {module_name}", *options]) + "\n")
        comments = ModuleAnalyzer.for_module(module_name).find_attr_docs()
        for name in data:
            parts.append(_data_entry(module, name, comments.get(("", name), [])))
        if shared:
            links = ", ".join(f":py:obj:`{homes[n].__name__}.{n}`" for n in shared)
            parts.append(f"Also defined here and documented with the package: {links}.\n")
    return "\n".join(parts)


def _homes(module_name: str) -> list[Any]:
    """The packages whose exports the API pages document, for a module: the top level, then
    for a module of a game its game's package (which wins where they share a name)."""
    import taverna_rules

    parts = module_name.split(".")
    if parts[:2] == ["taverna_rules", "games"] and len(parts) > 2:
        return [taverna_rules, importlib.import_module(".".join(parts[:3]))]
    return [taverna_rules]


def documented_as(cls: type) -> str:
    """The name under which the API pages document ``cls``: its game's package for a type of
    a game (``taverna_rules.games.taverna.SeatCustomer``), else the top level."""
    return f"{_homes(cls.__module__)[-1].__name__}.{cls.__name__}"


def _is_code(value: Any) -> bool:
    return inspect.isclass(value) or inspect.isroutine(value)


def _data_entry(module: Any, name: str, comment: Sequence[str]) -> str:
    """A ``py:data`` entry for a module constant: its type, its value if short, its comment."""
    value = getattr(module, name)
    annotation = getattr(module, "__annotations__", {}).get(name)
    lines = [f".. py:data:: {module.__name__}.{name}"]
    if get_origin(value) is Literal:
        lines.append(f"   :type: {_type_text(value)}")
    else:
        if annotation is not None:
            lines.append(f"   :type: {annotation if isinstance(annotation, str) else _type_text(annotation)}")
        elif not isinstance(value, str | int):
            lines.append(f"   :type: {type(value).__module__}.{type(value).__qualname__}")
        if isinstance(value, str | int) and len(repr(value)) <= 40:
            lines.append(f"   :value: {value!r}")
    body = [line for line in comment if line.strip()]
    if not body and isinstance(value, dict) and value and all(inspect.isclass(v) for v in value.values()):
        body = [f"Each type's wire name, mapped to its class: {', '.join(f'``{k}``' for k in value)}."]
    return "\n".join(lines) + "\n\n" + indent("\n".join(body)) + "\n"


def _type_text(annotation: Any) -> str:
    return str(annotation).replace("typing.", "")


def cli_page() -> str:
    """The ``taverna`` command's help, each subcommand's from its own parser."""
    import argparse

    from taverna_rules.tools.cli import build_parser

    parser = build_parser()
    parts = [".. code-block:: text\n\n" + indent(_help(parser)) + "\n"]
    for action in parser._actions:  # argparse keeps subparsers there, nowhere public
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                parts.append(heading(f"``taverna {name}``", "~"))
                parts.append(".. code-block:: text\n\n" + indent(_help(sub)) + "\n")
    return "\n".join(parts)


def _help(parser: Any) -> str:
    # A fixed width, so the page does not depend on the terminal that builds it.
    import os

    before = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "88"
    try:
        return str(parser.format_help())
    finally:
        if before is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = before


PAGES = {
    "cli.rst": cli_page,
    "ops.rst": ops_page,
    "counts.rst": counts_page,
    "kinds.rst": kinds_page,
    "options.rst": options_page,
    "provenance.rst": provenance_page,
    "api_modules.rst": api_modules_page,
    "decisions.rst": decisions_page,
}


# ----------------------------------------------------------------------------- hooks
def write_generated(app: Sphinx) -> None:
    """Write every generated page, touching only the files whose text changed."""
    folder = Path(app.srcdir) / "_generated"
    folder.mkdir(exist_ok=True)
    for name, build in PAGES.items():
        text = ".. This file is generated by docs/_ext/taverna_docs.py: do not edit.\n\n" + build()
        path = folder / name
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
    check_api_coverage(app)


def check_api_coverage(app: Sphinx) -> None:
    """Warn about each public name that ``api.rst`` (the top level's) or ``game_types.rst``
    (each bundled game's package's) does not document."""
    import taverna_rules
    import taverna_rules.games

    pages = [("api.rst", taverna_rules)] + [
        ("game_types.rst", importlib.import_module(f"taverna_rules.games.{game.name}"))
        for game in pkgutil.iter_modules(taverna_rules.games.__path__)
    ]
    for page, package in pages:
        text = (Path(app.srcdir) / page).read_text(encoding="utf-8")
        for name in package.__all__:
            if not re.search(rf"::\s+{re.escape(package.__name__)}\.{re.escape(name)}\b", text):
                logger.warning("%s does not document the public name %s.%s", page, package.__name__, name)


# Napoleon reads the first line of a property's or attribute's docstring as "type:
# description" when it holds a colon ("The log: every event so far"). The docstrings of
# this project are plain reST, so those two kinds pass through napoleon unchanged: the
# lines are saved before napoleon runs (priority 500) and put back after it.
_RAW_KINDS = ("attribute", "property", "data")
_saved: dict[str, list[str]] = {}


def _save_raw(app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
    if what in _RAW_KINDS:
        _saved[name] = list(lines)


def _restore_raw(app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
    saved = _saved.pop(name, None)
    if saved is not None:
        lines[:] = saved


def _tidy_signature(
    app: Sphinx,
    what: str,
    name: str,
    obj: Any,
    options: Any,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str | None, str | None] | None:
    """Show a class used as a default value by its name (``= str``, not ``= <class 'str'>``).

    The ``<...>`` of a class's repr stops Sphinx from parsing the signature, which then
    shows raw, with the ``~`` of its cross-references.
    """
    if signature is None or "<class '" not in signature:
        return None
    return re.sub(r"<class '([\w.]+)'>", r"\1", signature), return_annotation


def _code_targets(app: Sphinx, doctree: nodes.document) -> None:
    """Give each row of the error-code tables a link target named by its code.

    ``error-codes.html#yaml-syntax`` then opens at that code's row, and the code itself
    becomes a permalink to it; tools that print a problem can link its code there.
    """
    if app.env.docname != "error-codes":
        return
    for table in doctree.findall(nodes.table):
        for row in table.findall(nodes.row):
            first = next(iter(row.findall(nodes.entry)), None)
            literal = next(iter(first.findall(nodes.literal)), None) if first is not None else None
            if literal is None or isinstance(row.parent, nodes.thead):
                continue
            code = literal.astext()
            if re.fullmatch(r"[a-z0-9-]+", code) and code not in doctree.ids:
                row["ids"].append(code)
                doctree.ids[code] = row
                literal.replace_self(
                    nodes.reference("", "", literal.deepcopy(), refid=code, classes=["code-link"])
                )


def setup(app: Sphinx) -> ExtensionMetadata:
    """Register the hook that writes the generated pages, the napoleon guard and the
    error-code link targets."""
    app.setup_extension("sphinx.ext.autodoc")
    app.connect("builder-inited", write_generated)
    app.connect("autodoc-process-docstring", _save_raw, priority=100)
    app.connect("autodoc-process-docstring", _restore_raw, priority=900)
    app.connect("autodoc-process-signature", _tidy_signature)
    app.connect("doctree-read", _code_targets)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
