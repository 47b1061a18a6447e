"""Small pieces of language shared by the games' words: English counted nouns and the
winners line of a narrated game, and French sentences with names put in them.

A French name may start with its article (the tavern *Le Grimoire Ouvert*); put after
*à* or *de*, the article contracts, and *le*, *la* or *de* before a name that starts with
a vowel elides, as French writes them: :func:`french_articles`. :func:`say` fills a game's
:class:`~taverna_rules.dsl.text.Text` and applies it, so a game's French labels, lines
and prompts read ``au Grimoire Ouvert``, never ``à Le Grimoire Ouvert``.
"""

from __future__ import annotations

import re
from typing import Any

import attrs

from taverna_rules.core.arguments import name_of
from taverna_rules.core.records import Result
from taverna_rules.dsl.text import Text, fill

__all__ = ["Wording", "counted_noun", "french_articles", "names_by_id", "say", "winners_line"]


@attrs.frozen
class Wording:
    """What a game words a label or a line with: the rules (the names of things), the
    state (the players' names: for a line, the state its event led to) and the language.
    A game's narration is a table of one function per event type, each ``line(wording,
    event) -> text or None``; its labels one per action type, ``label(wording, action) ->
    text``.
    """

    rules: Any
    state: Any
    lang: str

    def name(self, ident: str) -> str:
        """A content id by its name in the wording's language."""
        return name_of(self.rules, ident, self.lang)

    def who(self, seat: int) -> str:
        """The name of the player at ``seat``."""
        return str(self.state.players[seat].name)


def counted_noun(n: int, noun: str) -> str:
    """``1 coin``, ``3 coins``."""
    return f"{n} {noun}" + ("" if n == 1 else "s")


def winners_line(result: Result) -> str:
    """The line that ends a narrated game: who wins, or who shares the win."""
    winners = result.winners
    return "The game is over: " + (
        f"{winners[0]} wins." if len(winners) == 1 else " and ".join(winners) + " share the win."
    )


# à le → au, à les → aux, de le → du, de les → des: the article of a name ("Le Grimoire
# Ouvert") as well as one written in a sentence.
_CONTRACTED = {"à le": "au", "à les": "aux", "de le": "du", "de les": "des"}
_CONTRACTION = re.compile(r"\b(à|de) (le|les) ", re.IGNORECASE)
# le, la, de → l', d' before a vowel (a name that starts with an h is left alone: many an
# h is "aspiré" and keeps its article, le héros).
_ELISION = re.compile(r"\b(le|la|de) (?=[aeiouyàâæéèêëîïôœùûü])", re.IGNORECASE)


def _contracted(match: re.Match[str]) -> str:
    preposition, article = match.group(1), match.group(2)
    words = _CONTRACTED[f"{preposition.lower()} {article.lower()}"]
    return (words.capitalize() if preposition[0].isupper() else words) + " "


def _elided(match: re.Match[str]) -> str:
    word = match.group(1)
    return f"{word[0]}'"


def french_articles(text: str) -> str:
    """``text``, a French sentence with names put in it, with its articles contracted:
    ``à Le Grimoire Ouvert`` reads ``au Grimoire Ouvert``, ``de les Nains`` ``des Nains``,
    ``le Archimage`` ``l'Archimage``, ``Tour de Ann`` ``Tour d'Ann``.

    >>> french_articles("Installer le client à Le Grimoire Ouvert, acte de La Grande Salle")
    'Installer le client au Grimoire Ouvert, acte de La Grande Salle'
    """
    # Elided first: à + le Archimage is à l'Archimage, not au Archimage.
    return _CONTRACTION.sub(_contracted, _ELISION.sub(_elided, text))


def say(text: Text, lang: str, /, **fields: object) -> str:
    """``text`` in ``lang`` with its fields filled in (each as ``str``, noun forms
    included), French articles contracted (:func:`french_articles`)."""
    template = text.get(lang)
    # Only a noun in two forms ({n:sou|sous}) needs fill's formatter; str.format, written
    # in C, fills the rest several times faster (labels are made for every legal action).
    if "|" in template:
        filled = fill(text, lang, **{key: str(value) for key, value in fields.items()})
    else:
        filled = template.format(**fields)
    return french_articles(filled) if lang == "fr" else filled


def names_by_id(*collections: Any, lang: str = "en") -> dict[str, str]:
    """The name of every named thing of ``collections`` (content definitions with an
    ``id`` and a ``name``), by id, in ``lang``."""
    return {x.id: x.name.get(lang) for collection in collections for x in collection if x.name is not None}
