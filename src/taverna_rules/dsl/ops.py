"""The effect DSL every game shares: op specs, the control ops, expressions, conditions,
and the rules-text machinery.

A game's :class:`Vocabulary` gathers its ops (the control ops of :func:`control_ops` and
its own primitive ops), what ``{count: ...}`` counts in it, the words its rules text uses
and the languages it is written in. From it come the effect JSON Schema
(:meth:`Vocabulary.effect_schema`), the DSL reference in the docs and the rules text
(:meth:`Vocabulary.render`). Taverna's is :data:`taverna_rules.games.taverna.vocabulary.VOCABULARY`.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from typing import Any, Literal

import attrs

from taverna_rules.dsl.nodes import Arg, AtLeast, Cond, Count, Expr, Node, OptionIs, Table

__all__ = [
    "COND",
    "CORE_PHRASES",
    "EFFECT",
    "EXPR",
    "MAX_REPEAT",
    "TEXT_LANGUAGES",
    "CountText",
    "OpSpec",
    "Text",
    "Vocabulary",
    "args_schema",
    "control_ops",
    "fill",
    "or_expression",
    "parse_cond",
    "parse_effect",
    "parse_expr",
]

JSON = dict[str, Any]
EFFECT: JSON = {"$ref": "#/$defs/effect"}
EXPR: JSON = {"$ref": "#/$defs/expr"}
COND: JSON = {"$ref": "#/$defs/cond"}
MAX_REPEAT = 10
#: The languages a :class:`Text` (and a :class:`~taverna_rules.content.model.Names`) may
#: be written in; a game uses some of them, English always.
TEXT_LANGUAGES: tuple[str, ...] = ("en", "fr", "nl")


@attrs.frozen
class Text:
    """A piece of rules text in each language of a game (English always; French and Dutch
    for a game written in them, else empty).

    A template names its fields in braces, as :meth:`str.format` does. A field may also
    carry a noun in two forms, ``{amount:sou|sous}``: the rendering writes the first
    form after an amount of one (of zero or one in French) and the second otherwise.
    Every language of a template uses the same fields.
    """

    en: str
    fr: str = ""
    nl: str = ""

    def get(self, lang: str) -> str:
        """The text in ``lang`` (English when it is not written in it); a
        :exc:`ValueError` for a language not in :data:`TEXT_LANGUAGES`."""
        if lang not in TEXT_LANGUAGES:
            raise ValueError(f"unknown language {lang!r}: texts are written in {', '.join(TEXT_LANGUAGES)}")
        return str(getattr(self, lang)) or self.en


@attrs.frozen
class CountText:
    """What ``{count: ...}`` counts, as a plural noun phrase and as one of them.

    ``many`` follows a number or a threshold (``0/2/3 royal favours owned``); ``each``
    names one of the things counted, for amounts read "one per ..." (French and Dutch).
    """

    many: Text
    each: Text


@attrs.frozen
class OpSpec:
    """One op of the effect DSL: its name, kind, argument schema, doc, example and text."""

    name: str
    kind: Literal["control", "primitive"]
    schema: JSON = attrs.field(eq=False)
    doc: str
    example: str
    #: The op's rules-text template in each language.
    text: Text

    @property
    def template(self) -> str:
        """The English template (``text.en``)."""
        return self.text.en


def args_schema(properties: JSON, required: tuple[str, ...]) -> JSON:
    """The schema of an op's arguments: a closed mapping."""
    return {
        "type": "object",
        "properties": properties,
        "required": list(required),
        "additionalProperties": False,
    }


def or_expression(number: JSON) -> JSON:
    """A bounded number, or an expression (``{count: ...}``, ``{table: ...}``) whose value
    the engine bounds the same way when the effect resolves."""
    return {"if": {"type": "integer"}, "then": number, "else": EXPR}


def control_ops(targets: tuple[str, ...], targets_doc: str) -> tuple[OpSpec, ...]:
    """The control ops, which compose other effects: ``seq``, ``choose``, ``optional``,
    ``if``, ``for_each`` (over the game's ``targets``, described by ``targets_doc``; left
    out for a game with no targets) and ``repeat``."""
    ops = (
        OpSpec(
            "seq",
            "control",
            {"type": "array", "items": EFFECT, "minItems": 1, "maxItems": 16},
            "Resolve the effects in order.",
            "seq:\n  - gain_coins: {amount: 2}\n  - score_vp: {amount: 1}",
            Text(
                en="{children}",
                fr="{children}",
                nl="{children}",
            ),
        ),
        OpSpec(
            "choose",
            "control",
            {"type": "array", "items": EFFECT, "minItems": 2, "maxItems": 8},
            "The acting player chooses one of the effects.",
            "choose:\n  - gain_coins: {amount: 3}\n  - draw_spells: {count: 1}",
            Text(
                en="choose one: {children}",
                fr="au choix : {children}",
                nl="kies één: {children}",
            ),
        ),
        OpSpec(
            "optional",
            "control",
            EFFECT,
            "The acting player may resolve the effect or decline it.",
            "optional: {gain_privileges: {count: 1}}",
            Text(
                en="you may {children}",
                fr="si vous le souhaitez, {children}",
                nl="indien gewenst: {children}",
            ),
        ),
        OpSpec(
            "if",
            "control",
            args_schema({"cond": COND, "then": EFFECT, "else": EFFECT}, ("cond", "then")),
            "Resolve ``then`` when the condition holds, else ``else`` (if given). A condition is "
            "``{at_least: [a, b]}`` (amount a is at least amount b) or ``{option: id}`` (a bool rule "
            "option is on; ``{option: id, equals: value}`` for another value): a pack declares its own "
            "options and tests them so.",
            "if:\n  cond: {at_least: [{count: coins}, 6]}\n  then: {score_vp: {amount: 2}}",
            Text(
                en="if {cond}: {children}",
                fr="si {cond} : {children}",
                nl="als {cond}: {children}",
            ),
        ),
        OpSpec(
            "for_each",
            "control",
            args_schema(
                {
                    "players": {"enum": list(targets), "description": targets_doc},
                    "effect": EFFECT,
                },
                ("players", "effect"),
            ),
            "Resolve the effect for each of several players, clockwise, each acting as "
            "'you' in it (their coins, their tracks, their choices); a player for whom it "
            "would do nothing is skipped.",
            "for_each: {players: opponents, effect: {pay_coins: {amount: 1}}}",
            Text(
                en="{players}: {children}",
                fr="{players} : {children}",
                nl="{players}: {children}",
            ),
        ),
        OpSpec(
            "repeat",
            "control",
            args_schema(
                {
                    "times": or_expression({"type": "integer", "minimum": 1, "maximum": MAX_REPEAT}),
                    "effect": EFFECT,
                },
                ("times", "effect"),
            ),
            f"Resolve the effect a number of times: a number, or an expression such as "
            f"{{count: deeds_owned}} (at most {MAX_REPEAT}; none when it is 0 or less).",
            "repeat: {times: 2, effect: {draw_spells: {count: 1}}}",
            Text(
                en="{times} times: {children}",
                fr="{times} fois : {children}",
                nl="{times} keer: {children}",
            ),
        ),
    )
    return tuple(op for op in ops if op.name != "for_each" or targets)


#: The words the rendering puts around the op templates, in each language. ``then`` and
#: ``or`` join the effects of a ``seq`` and of a ``choose``, and ``otherwise`` the two
#: branches of an ``if``; ``at_least`` is a condition; ``count`` is a count standing
#: alone; ``for`` joins a table's points to its thresholds; ``count_amount`` and ``per``
#: write a count used as an op's amount ("1 ... per ..."); ``have_at_least`` a condition
#: on a count ("you have at least 3 ..."); ``for_every`` a ``repeat`` over a count. A
#: game adds ``<arg>:<value>`` words (the text of an argument's value) and
#: ``<arg>:named`` (around a name), and may replace any of these.
CORE_PHRASES: Mapping[str, Text] = {
    "then": Text(en=", then ", fr=", puis ", nl=" en "),
    "or": Text(en=" or ", fr=" ou ", nl=" of "),
    "otherwise": Text(
        en="{then}; otherwise {else}",
        fr="{then} ; sinon {else}",
        nl="{then}; anders {else}",
    ),
    "at_least": Text(
        en="{left} is at least {right}",
        fr="{left} est d'au moins {right}",
        nl="{left} minstens {right} is",
    ),
    "option_on": Text(
        en="the rule option {option} is on",
        fr="l'option de règle {option} est activée",
        nl="de spelregeloptie {option} aan staat",
    ),
    "option_is": Text(
        en="the rule option {option} is {value}",
        fr="l'option de règle {option} vaut {value}",
        nl="de spelregeloptie {option} op {value} staat",
    ),
    "count": Text(en="{many}", fr="le nombre de {many}", nl="het aantal {many}"),
    "for": Text(en=" for ", fr=" pour ", nl=" voor "),
    "count_amount": Text(en="1", fr="1", nl="1"),
    "per": Text(en=" per {each}", fr=" par {each}", nl=" per {each}"),
    "have_at_least": Text(
        en="you have at least {right} {many}",
        fr="vous avez au moins {right} {many}",
        nl="je minstens {right} {many} hebt",
    ),
    "for_every": Text(
        en="for each {each}: {children}",
        fr="pour chaque {each} : {children}",
        nl="voor elke {each}: {children}",
    ),
}
#: Ops that hold other effects in a list: nested in one another, the inner one is bracketed.
_LISTS = ("seq", "choose")


class _Formatter(string.Formatter):
    """``str.format`` plus the ``{field:one|many}`` noun forms of :class:`Text`."""

    def __init__(self, singular: frozenset[str]) -> None:
        super().__init__()
        self.singular = singular

    def format_field(self, value: Any, format_spec: str) -> Any:
        if "|" in format_spec:
            one, many = format_spec.split("|", 1)
            return one if str(value) in self.singular else many
        return super().format_field(value, format_spec)


# French puts zero and one in the singular ("0 sou"), English and Dutch only one.
_FORMATTERS: Mapping[str, _Formatter] = {
    "en": _Formatter(frozenset({"1", "-1"})),
    "fr": _Formatter(frozenset({"0", "1", "-1"})),
    "nl": _Formatter(frozenset({"1", "-1"})),
}


def fill(text: Text, lang: str, **fields: str) -> str:
    """``text`` in ``lang`` with its fields filled in (noun forms included)."""
    return _FORMATTERS[lang].vformat(text.get(lang), (), fields)


#: ``special(vocabulary, node, lang) -> text | None``: a game's own reading of a whole
#: node (Taverna: "lose 2 VP" for a negative ``score_vp``), or None for the template's.
Special = Callable[["Vocabulary", Node, str], "str | None"]
#: ``clauses(vocabulary, node, lang) -> text``: what a game adds after an op's text.
Clauses = Callable[["Vocabulary", Node, str], str]


@attrs.frozen
class _Names:
    """How a rendering names argument values (peoples, symbols...) and rule options."""

    args: Mapping[str, Callable[[str], str]]
    option: Callable[[str], str]


@attrs.frozen(eq=False)
class Vocabulary:
    """One game's effect DSL: its ops, counts, words and languages."""

    #: Every op by name: the control ops and the game's primitive ops.
    ops: Mapping[str, OpSpec]
    #: What ``{count: ...}`` counts, with its words.
    counts: Mapping[str, CountText]
    #: The words around the templates (:data:`CORE_PHRASES` and the game's own).
    phrases: Mapping[str, Text]
    #: The languages of the game's rules text (of :data:`TEXT_LANGUAGES`).
    languages: tuple[str, ...] = ("en",)
    #: Fields a template may name that an op may leave out, with the value they read.
    field_defaults: Mapping[str, str] = attrs.field(factory=dict)
    special: Special | None = None
    clauses: Clauses | None = None

    def __attrs_post_init__(self) -> None:
        unknown = [lang for lang in self.languages if lang not in TEXT_LANGUAGES]
        if unknown or "en" not in self.languages:
            raise ValueError(
                f"a vocabulary is written in English and any of {TEXT_LANGUAGES}, not {unknown!r}"
            )

    def check_language(self, lang: str) -> str:
        """``lang`` itself when the rules text is written in it; a :exc:`ValueError` otherwise."""
        if lang not in self.languages:
            raise ValueError(
                f"unknown language {lang!r}: the rules text exists in {', '.join(self.languages)}"
            )
        return lang

    def phrase(self, key: str, lang: str, **fields: str) -> str:
        """The phrase ``key`` in ``lang``, its fields filled in."""
        return fill(self.phrases[key], lang, **fields)

    def effect_schema(self) -> JSON:
        """The JSON Schema (Draft 2020-12) of an effect, generated from :attr:`ops`."""
        return _effect_schema(self)

    def render_expr(self, expr: Expr, lang: str = "en") -> str:
        """Text of an expression: ``2``, ``coins in hand``, ``3/6/9 for 0/2/3 ...``.

        In French and Dutch a count standing alone reads "the number of ..."."""
        self.check_language(lang)
        return self._expr(expr, lang)

    def render(
        self,
        node: Node,
        lang: str = "en",
        *,
        names: Mapping[str, Callable[[str], str]] | None = None,
        option_name: Callable[[str], str] = str,
    ) -> str:
        """Rules text of an effect in ``lang`` (one of :attr:`languages`), from the op texts.

        ``names`` turns the value of an argument (by argument name: ``people``,
        ``symbol``) into the words to show, and ``option_name`` a rule option id (by
        default the ids themselves). A table amount keeps the template's unit next to its
        points: ``score 3/6/9/12/15 VP for 0/2/3/4/5 royal favours owned, used or not``.
        """
        self.check_language(lang)
        return self._render(node, lang, _Names(names or {}, option_name))

    # -- the rendering
    def _expr(self, expr: Expr, lang: str) -> str:
        if isinstance(expr, int):
            return str(expr)
        if isinstance(expr, Count):
            return self.phrase("count", lang, many=self._noun(expr, lang))
        return _points(expr) + self.phrases["for"].get(lang) + self._steps(expr, lang)

    def _noun(self, expr: Expr, lang: str) -> str:
        """A count as the plural noun phrase that follows a number; other expressions as text."""
        if isinstance(expr, Count):
            text = self.counts.get(expr.what)
            return text.many.get(lang) if text is not None else expr.what
        return self._expr(expr, lang)

    def _steps(self, table: Table, lang: str) -> str:
        return "/".join(str(t) for t in table.at_least) + " " + self._noun(table.of, lang)

    def _render(self, node: Node, lang: str, names: _Names) -> str:
        special = self.special(self, node, lang) if self.special is not None else None
        if special is not None:
            return special
        spec = self.ops[node.op]
        children = [self._render(child, lang, names) for child in node.children]
        if node.op in _LISTS:
            # "choose one: a or choose one: b or c" is ambiguous: bracket the inner list.
            children = [
                f"({text})" if child.op in _LISTS else text
                for child, text in zip(node.children, children, strict=True)
            ]
        joiner = self.phrases["or" if node.op == "choose" else "then"].get(lang)
        fields: dict[str, str] = {"children": joiner.join(children)}
        suffix = ""
        if node.op == "if":
            fields["cond"] = self._cond(node.arg("cond"), lang, names)
            if len(children) == 2:
                fields["children"] = self.phrase("otherwise", lang, then=children[0], **{"else": children[1]})
        for key, value in node.args:
            if key == "cond":
                continue  # rendered above
            if isinstance(value, str) and f"{key}:{value}" in self.phrases:
                fields[key] = self.phrases[f"{key}:{value}"].get(lang)
            elif isinstance(value, str) and key in names.args:
                name = names.args[key](value)
                named = self.phrases.get(f"{key}:named")
                fields[key] = fill(named, lang, name=name) if named is not None else name
            elif isinstance(value, Table):
                fields[key] = _points(value)
                suffix = self.phrases["for"].get(lang) + self._steps(value, lang)
            elif isinstance(value, Count):
                count = self.counts.get(value.what)
                many = count.many.get(lang) if count is not None else value.what
                each = count.each.get(lang) if count is not None else value.what
                fields[key] = self.phrase("count_amount", lang, many=many, each=each)
                suffix = self.phrase("per", lang, many=many, each=each)
            else:
                fields[key] = str(value)
        for key, default in self.field_defaults.items():
            fields.setdefault(key, default)
        times = node.arg("times")
        if node.op == "repeat" and isinstance(times, Count) and times.what in self.counts:
            # "1 times: ... per deed" misreads: a count of repeats reads "for each deed: ...".
            each = self.counts[times.what].each.get(lang)
            return self.phrase("for_every", lang, each=each, children=fields["children"])
        text = _FORMATTERS[lang].vformat(spec.text.get(lang), (), fields) + suffix
        if self.clauses is not None:
            text += self.clauses(self, node, lang)
        return text

    def _cond(self, cond: Any, lang: str, names: _Names) -> str:
        if isinstance(cond, OptionIs):
            option = names.option(cond.option)
            if cond.value is True:
                return self.phrase("option_on", lang, option=option)
            shown = str(cond.value).lower() if isinstance(cond.value, bool) else str(cond.value)
            return self.phrase("option_is", lang, option=option, value=shown)
        assert isinstance(cond, AtLeast)
        if isinstance(cond.left, Count) and isinstance(cond.right, int) and cond.left.what in self.counts:
            words = self.counts[cond.left.what]
            many = (words.each if cond.right == 1 else words.many).get(lang)
            return self.phrase("have_at_least", lang, right=str(cond.right), many=many)
        return self.phrase(
            "at_least", lang, left=self._expr(cond.left, lang), right=self._expr(cond.right, lang)
        )


def _points(table: Table) -> str:
    return "/".join(str(p) for p in table.points)


def _effect_schema(vocabulary: Vocabulary) -> JSON:
    ops = vocabulary.ops
    names = sorted(ops)
    effect: JSON = {
        "title": "effect",
        "description": "An effect: a mapping with exactly one key, the op name.",
        "type": "object",
        "minProperties": 1,
        "maxProperties": 1,
        "propertyNames": {"enum": names},
        "allOf": [
            {"if": {"required": [name]}, "then": {"properties": {name: ops[name].schema}}} for name in names
        ],
    }
    table: JSON = args_schema(
        {
            "of": EXPR,
            "at_least": {"type": "array", "items": {"type": "integer"}, "minItems": 1},
            "points": {"type": "array", "items": {"type": "integer"}, "minItems": 1},
        },
        ("of", "at_least", "points"),
    )
    expr: JSON = {
        "title": "expression",
        "description": "An integer, {count: what}, or {table: {of, at_least, points}}.",
        "if": {"type": "integer"},
        "then": {"minimum": -100, "maximum": 100},
        "else": {
            "type": "object",
            "minProperties": 1,
            "maxProperties": 1,
            "propertyNames": {"enum": ["count", "table"]},
            "allOf": [
                {
                    "if": {"required": ["count"]},
                    "then": {"properties": {"count": {"enum": sorted(vocabulary.counts)}}},
                },
                {"if": {"required": ["table"]}, "then": {"properties": {"table": table}}},
            ],
        },
    }
    cond: JSON = {
        "title": "condition",
        "description": "{at_least: [a, b]} (a >= b), or {option: id} / {option: id, equals: value} "
        "(a rule option of the game)",
        "type": "object",
        "properties": {
            "at_least": {"type": "array", "items": EXPR, "minItems": 2, "maxItems": 2},
            "option": {"type": "string", "description": "a rule option id"},
            "equals": {
                "type": ["boolean", "integer", "string"],
                "description": "the option's value that makes the condition true (default: true)",
            },
        },
        "minProperties": 1,
        "additionalProperties": False,
        "if": {"required": ["at_least"]},
        "then": {"maxProperties": 1},
        "else": {"required": ["option"]},
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://taverna-rules.invalid/schemas/effect.schema.json",
        "title": "taverna_rules effect",
        "$ref": "#/$defs/effect",
        "$defs": {"effect": effect, "expr": expr, "cond": cond},
    }


def parse_expr(value: Any) -> Expr:
    """Build an expression from schema-valid data."""
    if isinstance(value, int):
        return value
    if "count" in value:
        return Count(str(value["count"]))
    table = value["table"]
    return Table(
        parse_expr(table["of"]),
        tuple(int(v) for v in table["at_least"]),
        tuple(int(v) for v in table["points"]),
    )


def _parse_args(value: Mapping[str, Any]) -> tuple[tuple[str, Arg], ...]:
    # Schema-valid arguments are scalars or expressions: a mapping is an expression.
    out: list[tuple[str, Arg]] = []
    for key in sorted(value):
        raw = value[key]
        if isinstance(raw, Mapping):
            out.append((key, parse_expr(raw)))
        elif isinstance(raw, bool | int | str):
            out.append((key, raw))
    return tuple(out)


def parse_cond(value: Mapping[str, Any]) -> Cond:
    """Build a condition from schema-valid data."""
    if "at_least" in value:
        left, right = value["at_least"]
        return AtLeast(parse_expr(left), parse_expr(right))
    return OptionIs(str(value["option"]), value.get("equals", True))


def parse_effect(value: Mapping[str, Any]) -> Node:
    """Build an effect tree from schema-valid data (one key: the op)."""
    ((op, body),) = value.items()
    if op in ("seq", "choose"):
        return Node(op, (), tuple(parse_effect(item) for item in body))
    if op == "optional":
        return Node(op, (), (parse_effect(body),))
    if op == "if":
        children = [parse_effect(body["then"])]
        if "else" in body:
            children.append(parse_effect(body["else"]))
        return Node(op, (("cond", parse_cond(body["cond"])),), tuple(children))
    if op == "repeat":
        return Node(op, (("times", parse_expr(body["times"])),), (parse_effect(body["effect"]),))
    if op == "for_each":
        return Node(op, (("players", str(body["players"])),), (parse_effect(body["effect"]),))
    return Node(op, _parse_args(body))
