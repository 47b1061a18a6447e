"""The checks of rule options, the same in every game: a default that fits its option
(also the default a ``changes`` file replaced), an option something reads, a choice that
can be switched, and conditions ``{option: ..., equals: ...}`` that name an option and a
value it can take."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from taverna_rules.content.merged import Entry
from taverna_rules.content.model import RuleOption
from taverna_rules.content.problems import Problem
from taverna_rules.content.where import Where, unknown_reference
from taverna_rules.content.yaml_source import PathItem
from taverna_rules.dsl.nodes import Node, OptionIs

__all__ = [
    "VALUE_WORDS",
    "condition_problems",
    "fits",
    "option_problems",
    "options_tested",
    "shadowed_problems",
]

#: How messages name the values of an option type.
VALUE_WORDS = {"bool": "true or false", "int": "a whole number"}


def fits(option: RuleOption, value: object) -> bool:
    """Whether ``value`` is a value of ``option`` (its type, and one of its choices)."""
    expected = {"bool": bool, "int": int, "choice": str}[option.type]
    return type(value) is expected and (option.type != "choice" or value in option.choices)


def _values(option: RuleOption) -> str:
    return VALUE_WORDS.get(option.type) or f"one of {', '.join(option.choices)}"


def options_tested(effects: Iterable[Node]) -> set[str]:
    """The ids of the rule options some of ``effects`` test."""
    return {
        cond.option
        for effect in effects
        for node in effect.walk()
        if isinstance(cond := node.arg("cond"), OptionIs)
    }


def option_problems(
    options: Sequence[RuleOption],
    where: Where,
    tested: set[str],
    engine_options: Sequence[str],
    complete: bool = True,
) -> list[Problem]:
    """A rule option's default fits it, something reads it (an effect in ``tested``, or
    the engine), and a choice can be switched. Without ``complete`` content (a file was
    dropped for its problems) an option nothing reads is not reported: the dropped file
    may be the one that reads it."""
    out: list[Problem] = []
    for n, option in enumerate(options):
        if not fits(option, option.default):
            message = f"default {option.default!r} does not fit type {option.type!r}"
            out.append(
                where.problem("options", n, "bad-option-default", message, ("default",), _values(option))
            )
        if option.id not in engine_options and option.id not in tested and complete:
            reads = f"; the engine itself reads {', '.join(engine_options)}" if engine_options else ""
            message = f"nothing reads the option {option.id!r}: setting it changes no rule"
            hint = f"test it in an effect ({{if: {{cond: {{option: {option.id}}}}}, ...}}){reads}"
            out.append(_warning(where.problem("options", n, "option-unused", message, ("id",), hint)))
        elif option.type == "choice" and len(set(option.choices)) < 2:
            message = "a choice option with fewer than two choices can never be switched"
            problem = where.problem(
                "options", n, "option-unreachable", message, ("choices",), "list at least two choices"
            )
            out.append(_warning(problem))
    return out


def shadowed_problems(shadowed: Iterable[Entry]) -> list[Problem]:
    """The declared defaults a ``changes`` file replaced still fit their option: the
    declaration is wrong even when no game plays it."""
    out = []
    for entry in shadowed:
        item = entry.item
        declared = RuleOption(
            str(item["id"]),
            item["type"],
            item["default"],
            str(item.get("reason", "")),
            tuple(item.get("choices", ())),
        )
        if not fits(declared, declared.default):
            out.append(
                entry.doc.source.problem(
                    "bad-option-default",
                    f"default {declared.default!r} does not fit type {declared.type!r}",
                    (*entry.path, "default"),
                    "fix it here, even though a pack changes it",
                )
            )
    return out


def condition_problems(
    where: Where,
    kind: str,
    ident: str | int,
    path: Sequence[PathItem],
    cond: object,
    options: Sequence[RuleOption],
) -> list[Problem]:
    """A condition on a rule option at ``path`` (the ``cond`` of an ``if``) names an
    option, and a value it can take; any other condition is not this check's."""
    if not isinstance(cond, OptionIs):
        return []
    known = [o.id for o in options]
    if cond.option not in known:
        return unknown_reference(where, kind, ident, (*path, "option"), "rule option", cond.option, known)
    option = options[known.index(cond.option)]
    if fits(option, cond.value):
        return []
    if cond.value is True and option.type != "bool":
        message = f"{{option: {cond.option}}} alone tests a bool option; {cond.option!r} is a {option.type}"
        hint = f"add equals: {_values(option)}"
    else:
        message = f"the option {cond.option!r} ({option.type}) never equals {cond.value!r}"
        hint = f"equals takes {_values(option)}"
    return [where.problem(kind, ident, "option-value", message, (*path, "equals"), hint)]


def _warning(problem: Problem) -> Problem:
    return attrs.evolve(problem, severity="warning")
