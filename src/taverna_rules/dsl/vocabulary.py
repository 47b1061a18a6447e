"""A game's effect DSL (:class:`Vocabulary`): its ops, what ``{count: ...}`` counts in
it, the words of its rules text and the languages it is written in. From it come the
effect JSON Schema (:meth:`Vocabulary.effect_schema`), the DSL reference in the docs and
the rules text of an effect (:meth:`Vocabulary.render`). Taverna's is
:data:`taverna_rules.games.taverna.vocabulary.VOCABULARY`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs

from taverna_rules.dsl.nodes import Compare, Count, Expr, Node, OptionIs, Table
from taverna_rules.dsl.ops import LIST_OPS, OpSpec
from taverna_rules.dsl.schema import JSON, effect_schema
from taverna_rules.dsl.text import TEXT_LANGUAGES, CountText, Text, fill

__all__ = ["Vocabulary"]


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
        return effect_schema({name: op.schema for name, op in self.ops.items()}, self.counts)

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
        if node.op in LIST_OPS:
            children = self._list_items(node, children, lang)
        elif node.op == "for_each" and node.children[0].op in LIST_OPS:
            # The players' scope ends where the bracket closes.
            children = [f"({children[0]})"]
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
        text = fill(spec.text, lang, **fields) + suffix
        if self.clauses is not None:
            text += self.clauses(self, node, lang)
        return text

    def _list_items(self, node: Node, texts: list[str], lang: str) -> list[str]:
        """The texts of a list's effects as they read in it. "choose one: a or choose one: b
        or c" is ambiguous: an inner list is bracketed. "each opponent: pay 1 coin, then gain
        1 coin" reads as if the opponents gain: the effect after a ``for_each`` names the
        acting player again ("then you: gain 1 coin")."""
        items = []
        for index, (child, text) in enumerate(zip(node.children, texts, strict=True)):
            item = f"({text})" if child.op in LIST_OPS else text
            if index > 0 and node.children[index - 1].op == "for_each":
                item = self.phrase("you", lang, effect=item)
            items.append(item)
        return items

    def _cond(self, cond: Any, lang: str, names: _Names) -> str:
        if isinstance(cond, OptionIs):
            option = names.option(cond.option)
            if cond.value is True:
                return self.phrase("option_on", lang, option=option)
            shown = str(cond.value).lower() if isinstance(cond.value, bool) else str(cond.value)
            return self.phrase("option_is", lang, option=option, value=shown)
        assert isinstance(cond, Compare)
        if isinstance(cond.left, Count) and isinstance(cond.right, int) and cond.left.what in self.counts:
            words = self.counts[cond.left.what]
            many = (words.each if cond.right == 1 else words.many).get(lang)
            none = cond.right == 0 and cond.relation in ("at_most", "exactly")
            relation = "none" if none else cond.relation  # "at most 0" reads "no"
            return self.phrase(f"have_{relation}", lang, right=str(cond.right), many=many)
        return self.phrase(
            cond.relation, lang, left=self._expr(cond.left, lang), right=self._expr(cond.right, lang)
        )


def _points(table: Table) -> str:
    return "/".join(str(p) for p in table.points)
