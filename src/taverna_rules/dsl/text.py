"""Rules text in the languages of a game: a piece of text in each language
(:class:`Text`), what ``{count: ...}`` counts in words (:class:`CountText`), the words the
core puts around the op templates (:data:`CORE_PHRASES`), and a template filled in with
its noun forms (:func:`fill`)."""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Any

import attrs

__all__ = ["CORE_PHRASES", "TEXT_LANGUAGES", "CountText", "Text", "fill"]

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


#: The words the rendering puts around the op templates, in each language. ``then`` and
#: ``or`` join the effects of a ``seq`` and of a ``choose``, and ``otherwise`` the two
#: branches of an ``if``; ``at_least``, ``at_most`` and ``exactly`` are conditions;
#: ``count`` is a count standing alone; ``for`` joins a table's points to its thresholds;
#: ``count_amount`` and ``per`` write a count used as an op's amount ("1 ... per ...");
#: ``have_at_least`` (``have_at_most``, ``have_exactly``) a condition on a count ("you have
#: at least 3 ..."), ``have_none`` one that asks for none ("you have no ..."); ``for_every``
#: a ``repeat`` over a count; ``you`` an effect after a ``for_each`` in a list, which falls
#: on the acting player. A game adds ``<arg>:<value>`` words (the text of an argument's value) and
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
    "at_most": Text(
        en="{left} is at most {right}",
        fr="{left} est d'au plus {right}",
        nl="{left} hoogstens {right} is",
    ),
    "exactly": Text(
        en="{left} is exactly {right}",
        fr="{left} est exactement {right}",
        nl="{left} precies {right} is",
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
    "have_at_most": Text(
        en="you have at most {right} {many}",
        fr="vous avez au plus {right} {many}",
        nl="je hoogstens {right} {many} hebt",
    ),
    "have_none": Text(
        en="you have no {many}",
        fr="vous avez 0 {many}",
        nl="je geen {many} hebt",
    ),
    "have_exactly": Text(
        en="you have exactly {right} {many}",
        fr="vous avez exactement {right} {many}",
        nl="je precies {right} {many} hebt",
    ),
    "for_every": Text(
        en="for each {each}: {children}",
        fr="pour chaque {each} : {children}",
        nl="voor elke {each}: {children}",
    ),
    "you": Text(en="you: {effect}", fr="vous : {effect}", nl="jij: {effect}"),
}


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
