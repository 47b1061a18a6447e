"""Names copied from one language into another, found without knowing the game.

A name is written in each of the game's languages; a translation left as the English
text reads as English in a French game. Many single words are spelt the same in two
languages (*Orcs*, *Lyre*, *Influence*) and a proper noun is kept in every language
(*Taverna*), so the check is a heuristic that stays quiet on both: a name of two words
or more, identical to the English in some language but translated in another, is a copy
left untranslated. A game written in fewer than three languages cannot tell a copy from
a proper noun, and is not checked.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from taverna_rules.content.problems import Problem
from taverna_rules.content.yaml_source import PathItem, SourceDocument

__all__ = ["copied_names"]

#: A language a game may be written in, as messages name it.
LANGUAGE_WORDS = {"en": "English", "fr": "French", "nl": "Dutch", "de": "German", "es": "Spanish"}


def copied_names(doc: SourceDocument, data: Any, languages: Sequence[str]) -> list[Problem]:
    """A warning for each translation of a name that is the English name copied."""
    if len(languages) < 3:
        return []
    out = []
    for path, name in _names(data, set(languages)):
        english = name[languages[0]]
        same = [lang for lang in languages[1:] if name[lang] == english]
        if not same or len(same) == len(languages) - 1 or len(english.split()) < 2:
            continue
        for lang in same:
            word = LANGUAGE_WORDS.get(lang, lang)
            out.append(
                doc.problem(
                    "name-copied",
                    f"the {word} name {english!r} is the English name, copied",
                    (*path, lang),
                    f"translate it into {word} (a proper noun kept in every language "
                    "is written the same in all of them)",
                    severity="warning",
                )
            )
    return out


def _names(
    node: Any, languages: set[str], path: tuple[PathItem, ...] = ()
) -> Iterator[tuple[tuple[PathItem, ...], dict[str, str]]]:
    """Every mapping of exactly the game's languages to texts, with its path."""
    stack: list[tuple[tuple[PathItem, ...], Any]] = [(path, node)]
    while stack:
        where, value = stack.pop()
        if isinstance(value, dict):
            if set(value) == languages and all(isinstance(v, str) for v in value.values()):
                yield where, value
                continue
            stack.extend(((*where, key), child) for key, child in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend(((*where, index), child) for index, child in reversed(list(enumerate(value))))
